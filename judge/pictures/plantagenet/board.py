"""The Plantagenet map's fixed geometry, read once from ``plantagenet.map.toml`` (beside the game's
``components.json``) and checked against the game's data.

The Locales (1.3.1) are points (``network.py``): each placed by its town's real position projected
onto the project's own coastline (the Wars of the Roses I grid, ``roses1.shapes.toml``), the Ways
between them from the game's data. The land is that grid's, each cell the game's England and
Wales, or the country of an Exile box (Scotland, Ireland, France, Burgundy) or Calais's pale. The
Areas of the Tides of War (4.8.1: North, South, Wales) are the land nearest their Locales.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from judge.games.plantagenet.data import BOARD, SIDES

from ..network import Network, NetworkChecklist, read_network
from ..outline import Point, outlines
from ..shapes import ShapesError

SEA = "."
"""The grid's character beyond it (and ``Geometry.wet`` for every Sea's)."""
SEAS = {"North Sea": ".", "English Channel": ",", "Irish Sea": ";"}
"""Each Sea zone's character in the grid (1.3.1)."""
ENGLAND = "E"
COUNTRIES = {"Scotland": "S", "Ireland": "I", "France": "F", "Burgundy": "B", "Calais": "C"}
"""The grid's land beyond England and Wales, by the Exile box (or Calais) it stands for."""
TIDES_REACH = 5.5
"""How far from its nearest Locale, in cells, the land of an Area of the Tides of War is shaded."""


@dataclass(frozen=True)
class Geometry:
    """The map in pixels: its size, the Locales' points and Ways, the land of each country (path
    data by grid character), the coast, the Areas' shading, and where the fixed boxes go."""

    network: Network
    cell: float
    grid: tuple[str, ...]
    land: dict[str, str]
    coast: str
    sea_borders: str
    tides: dict[str, tuple[Point, ...]]
    tide_labels: dict[str, Point]
    seas: dict[str, Point]
    exiles: dict[str, Point]
    calendar: Point
    towns: dict[str, tuple[float, float]]
    names: dict[str, float]

    @property
    def width(self) -> float:
        return self.network.width

    @property
    def height(self) -> float:
        return self.network.height

    def wet(self, x: float, y: float) -> bool:
        """Whether a point in pixels lies at sea (or beyond the grid)."""
        return self.at(x, y) in SEAS.values()

    def at(self, x: float, y: float) -> str:
        """The grid's character under a point in pixels (``SEA`` beyond the grid)."""
        column, row = math.floor(x / self.cell), math.floor(y / self.cell)
        if 0 <= row < len(self.grid) and 0 <= column < len(self.grid[0]):
            return self.grid[row][column]
        return SEA

    def projected(self, locale: str) -> Point:
        """Where a Locale's town falls on the picture by the projection alone, in pixels."""
        longitude, latitude = self.towns[locale]
        return project(longitude, latitude, self.cell)


def project(longitude: float, latitude: float, cell: float) -> Point:
    """A real position on the picture: the equirectangular projection fitted to the roses1
    coastline (the data file's header says how), in pixels."""
    return (65.35 + 8.674 * longitude) * cell, (843.5 - 15.03 * latitude) * cell


def checklist() -> NetworkChecklist:
    """What the Plantagenet map asks of its picture: every Locale (1.3.1), each Way with its kind,
    both sides coloured."""
    ways = sorted({(min(a, b), max(a, b), kind) for a, locale in BOARD.locales.items()
                   for b, kind in locale.ways.items()})
    return NetworkChecklist("plantagenet", frozenset(BOARD.locales), tuple(ways), SIDES)


def _read(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def read_geometry(text: str, source: str = "plantagenet.map.toml") -> Geometry:
    """The geometry from the data file's text, checked (raises ShapesError naming what is
    wrong): the network's checks, every town given, every Locale on land, every Exile box, Sea
    and the Calendar placed."""
    network = read_network(text, checklist(), source)
    data = tomllib.loads(text)
    coast = data["coast"]
    cell = float(coast["scale"])
    grid = _grid(coast)
    towns = {name: (float(lon), float(lat)) for name, (lon, lat) in data.get("towns", {}).items()}
    if missing := sorted(set(BOARD.locales) - set(towns)):
        raise ShapesError(f"{source}: [towns] lacks {', '.join(missing)}")
    _placed(data, "exiles", set(BOARD.exile_boxes), source)
    _placed(data, "seas", set(BOARD.seas), source)
    _placed(data, "panels", {"calendar"}, source)
    shapes, pieces = outlines(grid)
    wet = set(SEAS.values())
    land = {char: _path(rings.rings, cell) for char, rings in shapes.items() if char not in wet}
    coastline = [piece.points for piece in pieces if len(wet & set(piece.areas)) == 1 and "" not in piece.areas]
    between_seas = [piece.points for piece in pieces if set(piece.areas) <= wet]
    tides, labels = _tides(grid, network, cell)
    geometry = Geometry(
        network, cell, tuple(grid), land, _lines(coastline, cell), _lines(between_seas, cell), tides, labels,
        _points(data["seas"]), _points(data["exiles"]), _points(data["panels"])["calendar"], towns,
        {name: float(angle) for name, angle in data.get("names", {}).items()},
    )
    if unknown := sorted(set(geometry.names) - set(BOARD.locales)):
        raise ShapesError(f"{source}: [names] names no Locale: {', '.join(unknown)}")
    if wet_ones := sorted(name for name, (x, y) in network.points.items() if geometry.wet(x, y)):
        raise ShapesError(f"{source}: Locales at sea: {', '.join(wet_ones)}")
    return geometry


@cache
def geometry() -> Geometry:
    """The map's geometry, read and checked once per process."""
    return read_geometry(_read("judge.games.plantagenet", "plantagenet.map.toml"))


def _grid(coast: dict[str, Any]) -> list[str]:
    """The roses1 grid as the Plantagenet map's land and sea: one character a cell."""
    source = tomllib.loads(_read("judge.games.variants", f"{coast['source']}.shapes.toml"))
    legend: dict[str, str] = source["legend"]
    seas = {key: SEAS[name] for name, keys in coast["seas"].items() for key in keys}
    country = {key: COUNTRIES[name] for name, keys in coast["lands"].items() for key in keys}
    rows = [row for row in str(source["grid"]).splitlines() if row.strip()]
    grid = []
    for row in rows:
        line = []
        for column, char in enumerate(row):
            key = legend[char]
            if key in seas:
                line.append(seas[key])
            elif not key:
                east = column >= int(coast["unnamed_split"])
                line.append(COUNTRIES[coast["unnamed_east" if east else "unnamed_west"]])
            else:
                line.append(country.get(key, ENGLAND))
        grid.append("".join(line))
    return grid


def _tides(grid: list[str], network: Network, cell: float) -> tuple[dict[str, tuple[Point, ...]], dict[str, Point]]:
    """The Areas of the Tides of War (4.8.1): the points of each Area's Locales (the picture
    shades the land within ``TIDES_REACH`` cells of them); and where each Area's name goes: the
    middle of the land nearer one of its Locales than any other Locale, and that near."""
    area_of = {locale: area for area, locales in BOARD.areas.items() for locale in locales}
    chars = {area: str(number) for number, area in enumerate(BOARD.areas)}
    points = [(name, x / cell, y / cell) for name, (x, y) in network.points.items()]
    shaded = []
    for row, line in enumerate(grid):
        out = []
        for column, char in enumerate(line):
            mark = SEA
            if char == ENGLAND:
                cx, cy = column + 0.5, row + 0.5
                near, name = min((math.hypot(px - cx, py - cy), n) for n, px, py in points)
                if near <= TIDES_REACH and name in area_of:
                    mark = chars[area_of[name]]
            out.append(mark)
        shaded.append("".join(out))
    points_of = {area: tuple(network.points[name] for name in BOARD.areas[area]) for area in chars}
    labels = {}
    for area, char in chars.items():
        cells = [(c, r) for r, line in enumerate(shaded) for c, ch in enumerate(line) if ch == char]
        mx = sum(c for c, _ in cells) / len(cells)
        my = sum(r for _, r in cells) / len(cells)
        column, row = min(cells, key=lambda cr: math.hypot(cr[0] - mx, cr[1] - my))
        labels[area] = ((column + 0.5) * cell, (row + 0.5) * cell)
    return points_of, labels


def _placed(data: dict[str, Any], table: str, wanted: set[str], source: str) -> None:
    got = set(data.get(table, {}))
    if got != wanted:
        raise ShapesError(f"{source}: [{table}] must place exactly: {', '.join(sorted(wanted))}")


def _points(table: dict[str, Any]) -> dict[str, Point]:
    return {name: (float(x), float(y)) for name, (x, y) in table.items()}


def _path(rings: tuple[tuple[Point, ...], ...], cell: float) -> str:
    return " ".join("M" + " ".join(f"{x * cell:.1f},{y * cell:.1f}" for x, y in ring) + "Z" for ring in rings)


def _lines(pieces: list[tuple[Point, ...]], cell: float) -> str:
    return " ".join("M" + " ".join(f"{x * cell:.1f},{y * cell:.1f}" for x, y in piece) for piece in pieces)
