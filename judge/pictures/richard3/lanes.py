"""Sea lanes: the way a sea move (5.3) is drawn, through the sea zone the two areas share, never
across the land between them (issue 18, point 10: Kent to Sussex by the Channel, not over them).

A lane leaves the first area at the coast cell nearest its own spot, follows the sea's cells as
far from any land as the sea allows (the cheapest way where a cell near land costs more), and
lands at the coast cell of the other area nearest its spot; the way is then straightened wherever
a straight line stays on the sea. Found from the map's grid of cells, once per pair of areas;
the lanes of every pair are kept found in ``richard3.lanes.json`` beside the shapes (a search
costs milliseconds: a picture's first sea move would cost more than the rest of the picture),
which ``tests/pictures/test_richard3_lanes.py`` checks against the search and writes again.
"""

from __future__ import annotations

import heapq
import json
import math
from functools import cache
from importlib import resources

from judge.games.richard3.data import BOARD

from ..outline import Point
from .shapes import SEAS, Cells, richard3_cells

Cell = tuple[int, int]  # column, row

_NEAR_LAND = 4.0  # how much more a step beside the land costs than one far out at sea
_GUIDE = 2.0  # how much the straight distance left weighs in the search: more, a quicker search


def sea_lane(origin: str, dest: str) -> tuple[Point, ...]:
    """The points of the lane from ``origin`` to ``dest``, coast to coast, in pixels, through
    the shortest of the sea zones both may sail (() if they share none)."""
    if dest < origin:
        return _sea_lane(dest, origin)[::-1]
    return _sea_lane(origin, dest)


@cache
def _sea_lane(origin: str, dest: str) -> tuple[Point, ...]:
    found = prebuilt_lanes().get(lane_key(origin, dest))
    return found if found is not None else found_lane(origin, dest)


def lane_key(origin: str, dest: str) -> str:
    """A pair of areas (in order) as the prebuilt lanes name it."""
    return f"{origin} / {dest}"


@cache
def prebuilt_lanes() -> dict[str, tuple[Point, ...]]:
    """The lanes kept found, by pair of areas (none where the file is missing)."""
    folder = resources.files("judge.games.richard3")
    if not folder.joinpath(LANES_FILE).is_file():
        return {}
    lanes = json.loads(folder.joinpath(LANES_FILE).read_text(encoding="utf-8"))
    return {pair: tuple((x, y) for x, y in points) for pair, points in lanes.items()}


LANES_FILE = "richard3.lanes.json"


def lane_pairs() -> list[tuple[str, str]]:
    """Every pair of areas (in order) that share a sea zone: each may have a lane."""
    areas = sorted(BOARD.areas)
    return [(a, b) for a in areas for b in areas if a < b and set(BOARD.areas[a].seas) & set(BOARD.areas[b].seas)]


def found_lane(origin: str, dest: str) -> tuple[Point, ...]:
    """The lane from ``origin`` to ``dest`` (in order), searched for on the map's grid."""
    cells = richard3_cells()
    seas = sorted(set(BOARD.areas[origin].seas) & set(BOARD.areas[dest].seas))
    lanes = [lane for sea in seas if (lane := _lane(cells, origin, dest, sea))]
    if not lanes:
        return ()
    return min(lanes, key=lambda points: sum(math.dist(a, b) for a, b in zip(points, points[1:])))


def _lane(cells: Cells, origin: str, dest: str, sea: str) -> tuple[Point, ...]:
    start, leave = _coast(cells, origin, sea)
    end, land = _coast(cells, dest, sea)
    if leave is None or land is None or start is None or end is None:
        return ()
    way = _cheapest(cells, sea, leave, land)
    if not way:
        return ()
    middle = [_middle(cells, cell) for cell in _straightened(cells, sea, way)]
    return (_middle(cells, start), *middle, _middle(cells, end))


def _coast(cells: Cells, area: str, sea: str) -> tuple[Cell | None, Cell | None]:
    """The area's coast cell on ``sea`` nearest its spot, and the sea cell beside it."""
    ux, uy = cells.units[area]
    best: tuple[float, Cell, Cell] | None = None
    for cell in cells.members[area]:
        for beside in _sides(cell):
            if _key(cells, beside) == sea:
                mx, my = _middle(cells, cell)
                distance = math.hypot(mx - ux, my - uy)
                if best is None or distance < best[0]:
                    best = (distance, cell, beside)
    return (best[1], best[2]) if best else (None, None)


def _cheapest(cells: Cells, sea: str, start: Cell, end: Cell) -> list[Cell]:
    """A cheap way over the sea's cells from one to the other (an A* search, the straight
    distance left, weighed ``_GUIDE``, its guide): a step costs its length, more the nearer it
    passes to land."""
    far = _offshore(cells, sea)
    costs = {start: 0.0}
    came: dict[Cell, Cell] = {}
    queue = [(math.dist(start, end), start)]
    done: set[Cell] = set()
    while queue:
        _, here = heapq.heappop(queue)
        if here == end:
            break
        if here in done:
            continue
        done.add(here)
        cost = costs[here]
        x, y = here
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            there = (x + dx, y + dy)
            if there not in far or (dx and dy and ((x + dx, y) not in far or (x, y + dy) not in far)):
                continue
            step = math.hypot(dx, dy) * (1 + _NEAR_LAND / far[there])
            if cost + step < costs.get(there, math.inf):
                costs[there] = cost + step
                came[there] = here
                heapq.heappush(queue, (cost + step + _GUIDE * math.dist(there, end), there))
    if end not in costs:
        return []
    way = [end]
    while way[-1] != start:
        way.append(came[way[-1]])
    return way[::-1]


@cache
def _offshore(cells: Cells, sea: str) -> dict[Cell, float]:
    """Each cell of a sea with how many cells it lies from the nearest land (1 beside it)."""
    water = set(cells.members[sea])
    shore = [cell for cell in water
             if any(_key(cells, side) not in SEAS and _key(cells, side) for side in _sides(cell))]
    far = {cell: 1.0 for cell in shore}
    frontier = shore
    while frontier:
        reached = []
        for cell in frontier:
            for side in _sides(cell):
                if side in water and side not in far:
                    far[side] = far[cell] + 1
                    reached.append(side)
        frontier = reached
    return far


def _straightened(cells: Cells, sea: str, way: list[Cell]) -> list[Cell]:
    """The way with every cell dropped that a straight line over the sea may skip."""
    water = _offshore(cells, sea)
    kept = [way[0]]
    here = 0
    while here < len(way) - 1:
        reach = here + 1
        for ahead in range(len(way) - 1, here + 1, -1):
            if _over_sea(water, way[here], way[ahead]):
                reach = ahead
                break
        kept.append(way[reach])
        here = reach
    return kept


def _over_sea(water: dict[Cell, float], a: Cell, b: Cell) -> bool:
    """Whether the straight line between two cells' middles stays on the sea's cells, a third of
    a cell clear of any other."""
    steps = max(2, int(math.dist(a, b) * 2))
    for n in range(steps + 1):
        x = a[0] + 0.5 + (b[0] - a[0]) * n / steps
        y = a[1] + 0.5 + (b[1] - a[1]) * n / steps
        for dx, dy in ((0.35, 0.35), (-0.35, 0.35), (0.35, -0.35), (-0.35, -0.35)):
            if (math.floor(x + dx), math.floor(y + dy)) not in water:
                return False
    return True


def _sides(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def _key(cells: Cells, cell: Cell) -> str:
    x, y = cell
    if 0 <= y < len(cells.rows) and 0 <= x < len(cells.rows[0]):
        return cells.rows[y][x]
    return ""


def _middle(cells: Cells, cell: Cell) -> Point:
    return ((cell[0] + 0.5) * cells.size, (cell[1] + 0.5) * cells.size)
