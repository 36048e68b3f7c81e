"""A variant's shapes file: the grid its picture is drawn from, read and checked against its map.

The file (``judge/games/variants/NAME.shapes.toml``, beside the map) holds:

- ``cell``: the size of a grid cell in pixels;
- ``grid``: rows of characters, one character a cell, drawn to follow the real geography;
- ``[legend]``: what each character stands for: a province (``"L" = "lon"``), an off-board box
  (``"S" = "scotland"``), or ``""`` for land that is neither (Switzerland, Ireland on the standard
  map);
- ``[colours]``: each power's colour;
- ``[places]``: where a fleet stands on each coast of a province with several (``"spa/nc" = [x,
  y]``, in cells from the top left), and optionally where any other unit or label stands when the
  automatic choice is poor (``[units]``, ``[labels]``);
- ``[panels]``: where each off-board box's panel stands (its top left corner, in cells).

Reading checks the file against what its map asks of it (a ``Checklist``, which each game's
drawing makes from its own map: ``diplomacy/``, ``richard3/``): every area drawn,
nothing else named, every coast placed, every power coloured, every panel placed; the error names
the culprit.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from .outline import Outline, Point, depths, outlines


LABEL_BELOW = 14.0
"""How far below its unit an area's name is written, in pixels."""


class ShapesError(ValueError):
    """A shapes file is malformed or does not match its map; the message says where."""


@dataclass(frozen=True)
class Checklist:
    """What a map asks of its picture: the areas to draw (every one of them, nothing else), which
    of them are seas, the locations that need a place of their own (a coast), the powers to
    colour, and the panels to place."""

    name: str
    areas: frozenset[str]
    seas: frozenset[str] = frozenset()
    coasts: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    panels: tuple[str, ...] = ()


@dataclass(frozen=True)
class Area:
    """One area of the picture: a province, a box, or land that is neither (``key`` ``""``)."""

    key: str
    outline: Outline  # in cells
    path: str  # SVG path data, in pixels
    unit: Point  # where its unit stands, in pixels
    label: Point  # where its name is written, in pixels


@dataclass(frozen=True)
class Shapes:
    """A variant's picture geometry, in pixels."""

    variant: str
    cell: float
    width: float
    height: float
    areas: dict[str, Area]  # provinces and boxes by key; neutral land as "#" + its character
    places: dict[str, Point]  # every location (province or coast) -> where a unit there stands
    colours: dict[str, str]  # power -> colour
    borders: dict[str, str]  # "land" (between lands), "coast", "sea" (between seas) -> path data
    panels: dict[str, Point]  # panel -> its top left corner, in pixels
    between: dict[tuple[str, str], str]  # two areas' keys, sorted -> the path data of their border

    def contains(self, key: str, x: float, y: float) -> bool:
        """Whether a point in pixels lies in an area (a province or box key)."""
        return self.areas[key].outline.contains(x / self.cell, y / self.cell)


def read_shapes(text: str, wanted: Checklist, source: str = "shapes") -> Shapes:
    """Build a map's shapes from the text of its shapes file, checked against what the map asks."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ShapesError(f"{source}: not valid TOML: {error}") from error
    cell = float(data.get("cell", 0))
    grid = [row for row in str(data.get("grid", "")).splitlines() if row.strip()]
    legend: dict[str, str] = data.get("legend", {})
    if cell <= 0 or not grid:
        raise ShapesError(f"{source}: needs a cell size and a grid")
    if len({len(row) for row in grid}) != 1:
        raise ShapesError(f"{source}: the grid's rows differ in length")
    _check_legend(legend, grid, wanted, source)
    keys = {char: (name or "#" + char) for char, name in legend.items()}
    shapes, pieces = outlines(grid)
    depth = depths(grid)
    cells: dict[str, list[tuple[int, int]]] = {}
    for y, row in enumerate(grid):
        for x, char in enumerate(row):
            cells.setdefault(char, []).append((x, y))
    units = point_table(data.get("units", {}), source, "units", "[units] ", "[column, row]")
    labels = point_table(data.get("labels", {}), source, "labels", "[labels] ", "[column, row]")
    areas: dict[str, Area] = {}
    for char, outline in shapes.items():
        key = keys[char]
        below = round(LABEL_BELOW / cell)
        unit = units.get(key) or _unit_spot(cells[char], depth, grid, below)
        label = labels.get(key) or _label_spot(cells[char], depth, grid, unit, below)
        areas[key] = Area(
            key,
            outline,
            _path(outline, cell),
            (unit[0] * cell, unit[1] * cell),
            (label[0] * cell, label[1] * cell),
        )
    places: dict[str, Point] = {key: area.unit for key, area in areas.items() if key in wanted.areas}
    coast_spots = point_table(data.get("places", {}), source, "places", "[places] ", "[column, row]")
    for location, (px, py) in coast_spots.items():
        places[location] = (px * cell, py * cell)
    for location in wanted.coasts:
        if location not in places:
            raise ShapesError(f"{source}: [places] must say where a fleet on {location} stands")
    colours: dict[str, str] = dict(data.get("colours", {}))
    if set(colours) != set(wanted.powers):
        powers = ", ".join(wanted.powers)
        raise ShapesError(f"{source}: [colours] must give a colour for each power: {powers}")
    seas = {char for char, name in legend.items() if name in wanted.seas}
    borders: dict[str, list[str]] = {"land": [], "coast": [], "sea": []}
    between: dict[tuple[str, str], list[str]] = {}
    for piece in pieces:
        a, b = piece.areas
        if not a or not b:
            continue  # the frame
        kind = "sea" if a in seas and b in seas else "coast" if (a in seas) != (b in seas) else "land"
        line = "M" + " ".join(f"{x * cell:.1f},{y * cell:.1f}" for x, y in piece.points)
        borders[kind].append(line)
        first, second = sorted((keys[a], keys[b]))
        between.setdefault((first, second), []).append(line)
    panel_spots = point_table(data.get("panels", {}), source, "panels", "[panels] ", "[column, row]")
    panels = {key: (x * cell, y * cell) for key, (x, y) in panel_spots.items()}
    if set(panels) != set(wanted.panels):
        raise ShapesError(f"{source}: [panels] must place each of: {', '.join(wanted.panels) or 'none'}")
    rows, cols = len(grid), len(grid[0])
    return Shapes(
        wanted.name, cell, cols * cell, rows * cell, areas, places, colours,
        {kind: " ".join(paths) for kind, paths in borders.items()}, panels,
        {pair: " ".join(paths) for pair, paths in between.items()},
    )


def _check_legend(legend: dict[str, str], grid: list[str], wanted: Checklist, source: str) -> None:
    named = [name for name in legend.values() if name]
    expected = set(wanted.areas)
    if len(named) != len(set(named)):
        raise ShapesError(f"{source}: an area has two characters in [legend]")
    if unknown := sorted(set(named) - expected):
        raise ShapesError(f"{source}: [legend] names what the map does not have: {', '.join(unknown)}")
    if missing := sorted(expected - set(named)):
        raise ShapesError(f"{source}: the map's {', '.join(missing)} not in [legend]")
    used = {char for row in grid for char in row}
    if stray := sorted(used - set(legend)):
        raise ShapesError(f"{source}: grid characters not in [legend]: {' '.join(stray)}")
    if undrawn := sorted(name or char for char, name in legend.items() if char not in used):
        raise ShapesError(f"{source}: not drawn in the grid: {', '.join(undrawn)}")


def sized_file(text: str, source: str) -> tuple[dict[str, Any], float, float]:
    """A picture's TOML file that gives its ``size`` in pixels: its data, width and height
    (raises ShapesError for a file that is not TOML or gives no size)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ShapesError(f"{source}: not valid TOML: {error}") from error
    size = data.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(is_number(v) and v > 0 for v in size)):
        raise ShapesError(f"{source}: needs a size, [width, height] in pixels")
    return data, float(size[0]), float(size[1])


def point_table(table: Any, source: str, what: str, item: str = "",
                unit: str = "[x, y] in pixels") -> dict[str, Point]:
    """A TOML table of points by name (``name = [x, y]``), checked: the one reader of the
    pictures' point tables (a shapes file's spots, a network's locales, a layout's places).
    ``what`` names the table, ``item`` goes before a name in an error (``"locale "``)."""
    if not isinstance(table, dict):
        raise ShapesError(f"{source}: [{what}] must be a table")
    points: dict[str, Point] = {}
    for name, value in table.items():
        if not (isinstance(value, list) and len(value) == 2 and all(is_number(v) for v in value)):
            raise ShapesError(f"{source}: {item}{name}: needs {unit}")
        points[name] = (float(value[0]), float(value[1]))
    return points


def is_number(value: Any) -> bool:
    """A number a picture's file may give (an int or a float, not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _unit_spot(
    cells: list[tuple[int, int]], depth: list[list[float]], grid: list[str], below: int
) -> Point:
    """Where an area's unit stands: deep inside it, with room for its name just below, near
    its middle among equals."""
    mx = sum(x for x, _ in cells) / len(cells)
    my = sum(y for _, y in cells) / len(cells)
    rows = len(grid)

    def score(cell: tuple[int, int]) -> tuple[float, float]:
        x, y = cell
        under = depth[y + below][x] if y + below < rows and grid[y + below][x] == grid[y][x] else 0.0
        room = min(depth[y][x], 0.7 * under, 3.5)
        return (room, -abs(x - mx) - abs(y - my))

    x, y = max(cells, key=score)
    return (x + 0.5, y + 0.5)


def _label_spot(
    cells: list[tuple[int, int]], depth: list[list[float]], grid: list[str], unit: Point, below: int
) -> Point:
    """Where to write an area's name: just below its unit if there is room, otherwise the
    roomiest place clear of the unit."""
    x, y = int(unit[0]), int(unit[1])
    if y + below < len(grid) and grid[y + below][x] == grid[y][x] and depth[y + below][x] >= 1.5:
        return (unit[0], unit[1] + below)
    best: tuple[float, Point] | None = None
    for cx, cy in cells:
        px, py = cx + 0.5, cy + 0.5
        dx, dy = px - unit[0], py - unit[1]
        if abs(dx) < 0.6 * below + 2 and abs(dy) < below:
            continue  # under the unit
        score = min(depth[cy][cx], 2.0) - 0.25 * (abs(dx) + abs(dy)) + (0.6 if dy > 0 else 0.0)
        if best is None or score > best[0]:
            best = (score, (px, py))
    return best[1] if best else (unit[0], unit[1] + below)


def _path(outline: Outline, cell: float) -> str:
    return " ".join(
        "M" + " ".join(f"{x * cell:.1f},{y * cell:.1f}" for x, y in ring) + "Z"
        for ring in outline.rings
    )
