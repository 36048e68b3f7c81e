"""The Richard III map's shapes (``richard3.shapes.toml`` beside the game's ``components.json``),
read and checked once per process against the board: every area (2.1-2.8) and sea zone (2.81)
drawn and nothing else, two areas touching in the picture exactly where the game has a land
border (5.21), every area touching the seas it may sail."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources

from judge.games.richard3.data import BOARD, SIDES

from ..outline import depths
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


_SMALL = 150  # an area of no more cells than this is looked through more finely for room


@dataclass(frozen=True, eq=False)
class Cells:
    """The map's grid as the drawing looks for room in it: each cell's area, by key (land that
    is no area of the game as ``#`` and its character, as in ``Shapes``)."""

    size: float  # a cell's side, in pixels
    rows: tuple[tuple[str, ...], ...]
    units: dict[str, tuple[float, float]]  # each area's own spot, in pixels
    depth: list[list[float]]  # how far each cell lies from another area's, in cells (``outline.depths``)
    members: dict[str, list[tuple[int, int]]]  # each area's cells, (column, row)
    _sums: dict[str, tuple[int, int, list[list[int]]]] = field(default_factory=dict, repr=False)

    def at(self, x: float, y: float) -> str:
        """The key of the area under a point in pixels ("" beyond the map)."""
        column, row = math.floor(x / self.size), math.floor(y / self.size)
        if 0 <= row < len(self.rows) and 0 <= column < len(self.rows[0]):
            return self.rows[row][column]
        return ""

    def inside(self, key: str, margin: float) -> Callable[[float, float, float, float], float]:
        """How much of a box (left, top, right, bottom, in pixels), grown by ``margin``, lies on
        an area's cells: the share of the cells it touches that are the area's (1.0: inside; 1.0
        too for a box touching no cell at all: nothing to say against it). Made once for an area
        and asked of many boxes (``layout.fit`` asks hundreds)."""
        x0, y0, sums = self._summed(key)
        size, floor = self.size, math.floor
        last_column, last_row = len(sums[0]) - 2, len(sums) - 2

        def share(left: float, top: float, right: float, bottom: float) -> float:
            first_column, first_row = floor((left - margin) / size), floor((top - margin) / size)
            end_column, end_row = floor((right + margin) / size), floor((bottom + margin) / size)
            if end_column < first_column or end_row < first_row:
                return 1.0
            total = (end_column - first_column + 1) * (end_row - first_row + 1)
            l, t, r, b = first_column - x0, first_row - y0, end_column - x0, end_row - y0
            l, t = l if l > 0 else 0, t if t > 0 else 0  # the box's cells within the area's rectangle
            r, b = r if r < last_column else last_column, b if b < last_row else last_row
            if r < l or b < t:
                return 0.0
            return (sums[b + 1][r + 1] - sums[t][r + 1] - sums[b + 1][l] + sums[t][l]) / total

        return share

    @cached_property
    def room(self) -> Callable[[float, float], float]:
        """At most how far a point in pixels lies from the edge of the area under it (0 beyond
        the map): ``room(x, y)``, asked of hundreds of points by each ``layout.fit``."""
        size, floor = self.size, math.floor
        rooms = [[(depth + 0.71) * size for depth in row] for row in self.depth]
        columns, rows = len(self.rows[0]), len(self.rows)

        def room(x: float, y: float) -> float:
            column, row = floor(x / size), floor(y / size)
            return rooms[row][column] if 0 <= row < rows and 0 <= column < columns else 0.0

        return room

    def _summed(self, key: str) -> tuple[int, int, list[list[int]]]:
        """How many cells of an area lie above and left of each corner of the rectangle that
        holds it (a summed-area table), with that rectangle's top left cell."""
        if key not in self._sums:
            cells = self.members[key]
            x0, y0 = min(x for x, _ in cells), min(y for _, y in cells)
            x1, y1 = max(x for x, _ in cells), max(y for _, y in cells)
            sums = [[0] * (x1 - x0 + 2)]
            for row in self.rows[y0:y1 + 1]:
                line, running = [0], 0
                for number, cell in enumerate(row[x0:x1 + 1]):
                    running += cell == key
                    line.append(sums[-1][number + 1] + running)
                sums.append(line)
            self._sums[key] = (x0, y0, sums)
        return self._sums[key]

    @cache
    def spots(self, key: str) -> tuple[tuple[float, float], ...]:
        """Where an area's stack may stand: its own spot first, then, nearest first, the middle
        of every other of its cells (as the black squares of a chessboard) in a large area, of
        each cell and each corner between four of its cells in a small one (where a stack has
        little room to move)."""
        ux, uy = self.units[key]
        cells = self.members[key]
        size = self.size
        if len(cells) > _SMALL:
            middles = [((column + 0.5) * size, (row + 0.5) * size) for column, row in cells if (column + row) % 2 == 0]
        else:
            mine = set(cells)
            middles = [((column + 0.5) * size, (row + 0.5) * size) for column, row in cells]
            middles += [((column + 1) * size, (row + 1) * size) for column, row in cells
                        if {(column + 1, row), (column, row + 1), (column + 1, row + 1)} <= mine]
        middles.sort(key=lambda point: (point[0] - ux) ** 2 + (point[1] - uy) ** 2)
        return ((ux, uy), *middles)


@cache
def richard3_cells() -> Cells:
    """The map's grid of cells, read once per process."""
    shapes = richard3_shapes()
    data = tomllib.loads(_text())
    legend: dict[str, str] = data["legend"]
    grid = [row for row in str(data["grid"]).splitlines() if row.strip()]
    rows = tuple(tuple(legend[char] or "#" + char for char in row) for row in grid)
    members: dict[str, list[tuple[int, int]]] = {}
    for number, row in enumerate(rows):
        for column, key in enumerate(row):
            members.setdefault(key, []).append((column, number))
    return Cells(shapes.cell, rows, {key: area.unit for key, area in shapes.areas.items()}, depths(grid), members)
