"""A variant's shapes drawn from its real geography: ``judge variants draw NAME``.

The geography file (``judge/games/variants/NAME.geography.toml``) holds the facts; the shapes
file it makes (``NAME.shapes.toml``, format in ``shapes.py``) is the grid the picture is drawn
from. The geography file holds:

- ``cell``: pixels per cell in the shapes file written;
- ``[frame]``: the part of the world drawn, in degrees (``west``, ``east``, ``south``,
  ``north``), and its width in cells (``columns``); the projection is equirectangular, and the
  rows follow from the frame's aspect; with ``latitude`` (optional), a degree of longitude is
  drawn as wide as the cosine of that latitude times a degree of latitude, so that a region far
  from the equator keeps its true proportions there (without, the two are drawn alike);
- ``[[land]]``: one coastline polygon each (a continent or an island), ``points`` in longitude
  and latitude;
- ``[seeds]``: one or more points per province and box (``rom = [[12.5, 41.9]]``); a sea's
  seeds lie in the sea, the others' on land;
- ``[fixes]``: optional, cells forced to an area after the automatic pass (``rom = [[col,
  row], ...]``, ``""`` for land that is no province);
- ``[places]``, ``[units]``, ``[labels]``, ``[colours]``, ``[panels]``: copied as they are.

How the grid is drawn: the land polygons are filled; each land cell goes to the nearest land seed
and each sea cell to the nearest sea seed, the distance measured through cells of the same
kind; then the grid is repaired (``repair_shapes.py``) until two provinces touch exactly where
the map makes them adjacent, each area in one piece (one per island it has a seed on); then the
fixes are applied. What could not be mended is reported, by pair.
"""

from __future__ import annotations

import heapq
import math
import tomllib
from dataclasses import dataclass, field
from typing import Any

from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.vocabulary import province_of

from .repair_shapes import Board, Canvas, repair
from .shapes import ShapesError, is_number

Cell = tuple[int, int]  # column, row
Degrees = tuple[float, float]  # longitude, latitude

COPIED = ("places", "units", "labels", "colours", "panels")
"""The geography file's tables copied as they are into the shapes file."""

NEUTRAL = ""
"""Land that is no province (``"#"`` in the shapes file)."""


@dataclass(frozen=True)
class Geography:
    """A variant's geography file, read."""

    cell: float
    west: float
    east: float
    south: float
    north: float
    columns: int
    land: tuple[tuple[Degrees, ...], ...]
    seeds: dict[str, tuple[Degrees, ...]]
    fixes: dict[str, tuple[Cell, ...]] = field(default_factory=dict)
    copied: dict[str, dict[str, Any]] = field(default_factory=dict)
    latitude: float | None = None

    @property
    def rows(self) -> int:
        squeeze = 1.0 if self.latitude is None else math.cos(math.radians(self.latitude))
        return max(1, round(self.columns * (self.north - self.south) / ((self.east - self.west) * squeeze)))

    def cell_of(self, point: Degrees) -> Cell:
        """The cell a longitude and latitude falls in (clamped to the frame)."""
        lon, lat = point
        col = int((lon - self.west) / (self.east - self.west) * self.columns)
        row = int((self.north - lat) / (self.north - self.south) * self.rows)
        return min(max(col, 0), self.columns - 1), min(max(row, 0), self.rows - 1)


@dataclass(frozen=True)
class Drawing:
    """A grid drawn from a geography: each cell's area (``""`` for land that is none, ``None``
    never), and what could not be satisfied, one line each."""

    grid: tuple[tuple[str, ...], ...]
    problems: tuple[str, ...]


def read_geography(text: str, source: str = "geography") -> Geography:
    """A geography file's facts, checked for form (raises ShapesError naming the culprit)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ShapesError(f"{source}: not valid TOML: {error}") from error
    frame = data.get("frame", {})
    edges = [frame.get(edge) for edge in ("west", "east", "south", "north", "columns")]
    if not all(is_number(value) for value in edges) or not (edges[0] < edges[1] and edges[2] < edges[3]):
        raise ShapesError(f"{source}: [frame] needs west < east, south < north and columns")
    if not is_number(data.get("cell")) or data["cell"] <= 0 or int(edges[4]) < 2:
        raise ShapesError(f"{source}: needs a cell size in pixels and at least two columns")
    latitude = frame.get("latitude")
    if latitude is not None and not (is_number(latitude) and -80 <= latitude <= 80):
        raise ShapesError(f"{source}: [frame] latitude needs a number of degrees, -80 to 80")
    land = tuple(_points(polygon.get("points"), source, "[[land]] points") for polygon in data.get("land", []))
    if not land or any(len(polygon) < 3 for polygon in land):
        raise ShapesError(f"{source}: needs [[land]] polygons of three points or more")
    seeds = {key: _points(points, source, f"seed {key}") for key, points in data.get("seeds", {}).items()}
    fixes = {
        key: tuple((int(col), int(row)) for col, row in _points(cells, source, f"fix {key}"))
        for key, cells in data.get("fixes", {}).items()
    }
    copied = {name: dict(data[name]) for name in COPIED if name in data}
    west, east, south, north, columns = edges
    return Geography(float(data["cell"]), west, east, south, north, int(columns), land, seeds, fixes, copied,
                     None if latitude is None else float(latitude))


def _points(value: Any, source: str, what: str) -> tuple[Degrees, ...]:
    if not (isinstance(value, list) and value and all(
        isinstance(point, list) and len(point) == 2 and all(is_number(v) for v in point) for point in value
    )):
        raise ShapesError(f"{source}: {what}: needs a list of [x, y] points")
    return tuple((float(x), float(y)) for x, y in value)


def board_of(game_map: Map) -> Board:
    """What a Diplomacy map asks of its grid: its provinces and boxes, which are seas, and which
    pairs of provinces touch (an army or a fleet move between them, as the picture tests say)."""
    seas = frozenset(key for key, info in game_map.provinces.items() if info.kind.value == "sea")
    adjacent = {frozenset((a, b)) for a, ends in game_map.army_moves.items() for b in ends}
    adjacent |= {
        frozenset((province_of(a), province_of(b))) for a, ends in game_map.fleet_moves.items() for b in ends
    }
    return Board(frozenset(game_map.provinces), seas, frozenset(game_map.boxes),
                 frozenset(pair for pair in adjacent if len(pair) == 2))


def land_cells(geography: Geography) -> list[list[bool]]:
    """Which cells are land: those whose centre lies inside a land polygon (one scan per row)."""
    rows, columns = geography.rows, geography.columns
    land = [[False] * columns for _ in range(rows)]
    span_x = (geography.east - geography.west) / columns
    span_y = (geography.north - geography.south) / rows
    for row in range(rows):
        lat = geography.north - (row + 0.5) * span_y
        for polygon in geography.land:
            crossings = []
            for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
                if (y1 > lat) != (y2 > lat):
                    crossings.append(x1 + (lat - y1) * (x2 - x1) / (y2 - y1))
            crossings.sort()
            for start, end in zip(crossings[::2], crossings[1::2]):
                first = math.ceil((start - geography.west) / span_x - 0.5)
                last = math.floor((end - geography.west) / span_x - 0.5)
                for col in range(max(first, 0), min(last, columns - 1) + 1):
                    land[row][col] = True
    return land


def drawn(geography: Geography, board: Board) -> Drawing:
    """The grid of a geography: filled, shared out among the seeds, repaired, then fixed."""
    land = land_cells(geography)
    problems: list[str] = []
    seeds: dict[str, list[Cell]] = {}
    for key in sorted(board.areas - set(geography.seeds)):
        problems.append(f"{key}: no seed")
    for key, points in geography.seeds.items():
        if key not in board.areas:
            problems.append(f"{key}: a seed, but the map has no such province or box")
            continue
        want_land = key not in board.seas
        for point in points:
            cell = geography.cell_of(point)
            if land[cell[1]][cell[0]] != want_land:
                cell = _nearest(land, cell, want_land)
                problems.append(f"{key}: the seed at {point[0]}, {point[1]} is not on "
                                f"{'land' if want_land else 'the sea'}; moved to cell {cell[0]}, {cell[1]}")
            seeds.setdefault(key, []).append(cell)
    owners = _shared_out(land, seeds)
    canvas = Canvas(owners, land, board)
    repair(canvas, seeds)
    for key, cells in geography.fixes.items():
        for col, row in cells:
            if 0 <= row < geography.rows and 0 <= col < geography.columns:
                canvas.put((col, row), key)
            else:
                problems.append(f"{key}: the fixed cell {col}, {row} lies outside the frame")
    problems += canvas.unmet()
    return Drawing(tuple(tuple(row) for row in canvas.owners), tuple(problems))


def _nearest(land: list[list[bool]], start: Cell, want_land: bool) -> Cell:
    """The nearest cell of the wanted kind (land or sea), by rings around a cell."""
    rows, columns = len(land), len(land[0])
    best: tuple[float, Cell] | None = None
    for row in range(rows):
        for col in range(columns):
            if land[row][col] == want_land:
                distance = (col - start[0]) ** 2 + (row - start[1]) ** 2
                if best is None or distance < best[0]:
                    best = (distance, (col, row))
    if best is None:
        raise ShapesError("the frame holds no " + ("land" if want_land else "sea"))
    return best[1]


_STEPS = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0),
          (1, 1, math.sqrt(2)), (1, -1, math.sqrt(2)), (-1, 1, math.sqrt(2)), (-1, -1, math.sqrt(2)))


def _shared_out(land: list[list[bool]], seeds: dict[str, list[Cell]]) -> list[list[str | None]]:
    """Each cell's nearest seed of its own kind, measured through cells of that kind (land or
    sea); a cell no seed of its kind reaches is left to no one (``None``), and becomes land that
    is no province."""
    rows, columns = len(land), len(land[0])
    owners: list[list[str | None]] = [[None] * columns for _ in range(rows)]
    best = [[math.inf] * columns for _ in range(rows)]
    queue: list[tuple[float, str, Cell]] = []
    for key, cells in sorted(seeds.items()):
        for col, row in cells:
            best[row][col] = 0.0
            heapq.heappush(queue, (0.0, key, (col, row)))
    while queue:
        distance, key, (col, row) = heapq.heappop(queue)
        if owners[row][col] is not None or distance > best[row][col]:
            continue
        owners[row][col] = key
        for dx, dy, step in _STEPS:
            x, y = col + dx, row + dy
            if 0 <= x < columns and 0 <= y < rows and land[y][x] == land[row][col] \
                    and owners[y][x] is None and distance + step < best[y][x]:
                best[y][x] = distance + step
                heapq.heappush(queue, (distance + step, key, (x, y)))
    return owners


_CHARACTERS = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    + "".join(chr(code) for code in range(0xC0, 0x180) if chr(code).isalpha())
)
_SEA_CHARACTERS = "~=-:;,.^_<>()[]{}|/`!$%&*+?@"


def legend_of(areas: set[str], seas: frozenset[str]) -> dict[str, str]:
    """A character for each area: a letter of its name where one is free (a sign for a sea)."""
    taken = {"#"}
    legend: dict[str, str] = {}
    for key in sorted(areas, key=lambda key: (key not in seas, key)):
        letters = [c for c in key if c.isalnum()]
        own = _SEA_CHARACTERS if key in seas else [*letters, *(c.upper() for c in letters)]
        pool = [*own, *_CHARACTERS, *_SEA_CHARACTERS]
        char = next(c for c in pool if c not in taken)
        taken.add(char)
        legend[key] = char
    return legend


def shapes_text(name: str, geography: Geography, drawing: Drawing, seas: frozenset[str]) -> str:
    """The shapes file of a drawn grid, with the geography's copied tables."""
    legend = legend_of({key for row in drawing.grid for key in row if key}, seas)
    chars = {**legend, NEUTRAL: "#"}
    grid = "\n".join("".join(chars[key] for key in row) for row in drawing.grid)
    lines = [
        f"# The picture of the {name} map (judge/pictures/): a grid of cells, each one character standing",
        "# for a province, a box, or land that is no province (\"#\"). Written by `judge variants draw",
        f"# {name}` (judge/pictures/draw_shapes.py) from {name}.geography.toml, the real geography:",
        "# edit that file and draw again rather than this one. The format is in judge/pictures/shapes.py;",
        "# tests/pictures check it against the map.",
        f"cell = {geography.cell:g}",
        f"grid = '''\n{grid}\n'''",
        "",
        "[legend]",
        '"#" = ""',
        *(f'"{char}" = "{key}"' for key, char in sorted(legend.items())),
    ]
    for table in COPIED:
        lines += ["", f"[{table}]"]
        for key, value in geography.copied.get(table, {}).items():
            lines.append(f'"{key}" = ' + (f'"{value}"' if isinstance(value, str) else f"[{value[0]}, {value[1]}]"))
    return "\n".join(lines) + "\n"


def draw(name: str, geography_text: str, game_map: Map) -> tuple[str, tuple[str, ...]]:
    """``judge variants draw NAME``: the shapes file drawn from a variant's geography file, and
    what it could not satisfy."""
    geography = read_geography(geography_text, f"{name}.geography.toml")
    board = board_of(game_map)
    drawing = drawn(geography, board)
    return shapes_text(name, geography, drawing, board.seas), drawing.problems
