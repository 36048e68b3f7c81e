"""The Richard III map's shapes (``richard3.shapes.toml`` beside the game's ``components.json``),
read and checked once per process against the board: every area (2.1-2.8) and sea zone (2.81)
drawn and nothing else, two areas touching in the picture exactly where the game has a land
border (5.21), every area touching the seas it may sail."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from judge.games.richard3.data import BOARD, SIDES

from ..shapes import Checklist, Shapes, ShapesError, read_shapes

SEAS = frozenset(sea for area in BOARD.areas.values() for sea in area.seas)
PANEL = "pools"  # the corner panel: pools, heirs, cards, the borders' colours


def checklist() -> Checklist:
    """What the Richard III map asks of its picture: every area and sea zone, both houses'
    colours, the corner panel."""
    return Checklist("richard3", frozenset(BOARD.areas) | SEAS, SEAS, (), SIDES, (PANEL,))


def read_richard3_shapes(text: str, source: str = "richard3.shapes.toml") -> Shapes:
    """The shapes from a shapes file's text, checked against the board: every area and sea drawn
    and nothing else, land areas touching exactly where they share a border (5.21), every area
    touching each sea it may sail (2.81). Raises ShapesError naming what is wrong."""
    shapes = read_shapes(text, checklist(), source)
    touching = {pair for pair in shapes.between if all(key in BOARD.areas for key in pair)}
    borders = {(min(border.areas), max(border.areas)) for border in BOARD.borders.values()}
    if missing := sorted(borders - touching):
        raise ShapesError(f"{source}: areas with a border do not touch: {_pairs(missing)}")
    if extra := sorted(touching - borders):
        raise ShapesError(f"{source}: areas touch with no border between them: {_pairs(extra)}")
    ashore = {pair for pair in shapes.between if len(set(pair) & SEAS) == 1}
    dry = sorted(
        (area.name, sea) for area in BOARD.areas.values() for sea in area.seas
        if (min(area.name, sea), max(area.name, sea)) not in ashore
    )
    if dry:
        raise ShapesError(f"{source}: areas do not touch a sea they may sail: {_pairs(dry)}")
    return shapes


def _pairs(pairs: Iterable[tuple[str, str]]) -> str:
    return ", ".join(f"{a} / {b}" for a, b in pairs)


def _text() -> str:
    return resources.files("judge.games.richard3").joinpath("richard3.shapes.toml").read_text(encoding="utf-8")


@cache
def richard3_shapes() -> Shapes:
    """The map's shapes, read and checked once per process."""
    return read_richard3_shapes(_text())


@dataclass(frozen=True, eq=False)
class Cells:
    """The map's grid as the drawing looks for room in it: each cell's area, by key (land that
    is no area of the game as ``#`` and its character, as in ``Shapes``)."""

    size: float  # a cell's side, in pixels
    rows: tuple[tuple[str, ...], ...]
    units: dict[str, tuple[float, float]]  # each area's own spot, in pixels
    _sums: dict[str, list[list[int]]] = field(default_factory=dict, repr=False)

    def at(self, x: float, y: float) -> str:
        """The key of the area under a point in pixels ("" beyond the map)."""
        column, row = math.floor(x / self.size), math.floor(y / self.size)
        if 0 <= row < len(self.rows) and 0 <= column < len(self.rows[0]):
            return self.rows[row][column]
        return ""

    def inside(self, key: str, box: tuple[float, float, float, float], margin: float) -> float:
        """How much of a box (left, top, right, bottom, in pixels) lies on an area's cells with
        ``margin`` to spare: 1.0 for all of it. Counted in whole cells first (all of them the
        area's: inside), else at points every half cell along its edges."""
        left, top, right, bottom = box
        if self._cells_of(key, left - margin, top - margin, right + margin, bottom + margin):
            return 1.0
        step = self.size / 2
        across, down = max(1, math.ceil((right - left) / step)), max(1, math.ceil((bottom - top) / step))
        points = [(left + (right - left) * n / across, y) for n in range(across + 1) for y in (top, bottom)]
        points += [(x, top + (bottom - top) * n / down) for n in range(1, down) for x in (left, right)]
        near = ((0, 0), (margin, 0), (-margin, 0), (0, margin), (0, -margin))
        found = sum(all(self.at(x + dx, y + dy) == key for dx, dy in near) for x, y in points)
        return found / len(points)

    def _cells_of(self, key: str, left: float, top: float, right: float, bottom: float) -> bool:
        """Whether every cell a box touches is the area's."""
        l, t = math.floor(left / self.size), math.floor(top / self.size)
        r, b = math.floor(right / self.size), math.floor(bottom / self.size)
        if l < 0 or t < 0 or b >= len(self.rows) or r >= len(self.rows[0]):
            return False
        sums = self._summed(key)
        return sums[b + 1][r + 1] - sums[t][r + 1] - sums[b + 1][l] + sums[t][l] == (r - l + 1) * (b - t + 1)

    def _summed(self, key: str) -> list[list[int]]:
        """How many cells of an area lie above and left of each corner (a summed-area table)."""
        if key not in self._sums:
            sums = [[0] * (len(self.rows[0]) + 1)]
            for row in self.rows:
                line, running = [0], 0
                for number, cell in enumerate(row):
                    running += cell == key
                    line.append(sums[-1][number + 1] + running)
                sums.append(line)
            self._sums[key] = sums
        return self._sums[key]

    @cache
    def spots(self, key: str) -> tuple[tuple[float, float], ...]:
        """Where an area's stack may stand: its own spot first, then the middle of each of its
        cells, nearest first."""
        ux, uy = self.units[key]
        middles = [((column + 0.5) * self.size, (row + 0.5) * self.size)
                   for row, cells in enumerate(self.rows) for column, cell in enumerate(cells) if cell == key]
        middles.sort(key=lambda point: (point[0] - ux) ** 2 + (point[1] - uy) ** 2)
        return ((ux, uy), *middles)


@cache
def richard3_cells() -> Cells:
    """The map's grid of cells, read once per process."""
    shapes = richard3_shapes()
    data = tomllib.loads(_text())
    legend: dict[str, str] = data["legend"]
    rows = tuple(tuple(legend[char] or "#" + char for char in row)
                 for row in str(data["grid"]).splitlines() if row.strip())
    return Cells(shapes.cell, rows, {key: area.unit for key, area in shapes.areas.items()})
