"""From a grid of area codes to smooth outlines, and the inner points where units and labels go.

A map's picture is drawn from a character grid (``shapes.py``): each cell belongs to one area (a
province, a box, or land that is neither). This module turns the grid into polygons whose shared
borders are the same smoothed line on both sides, so neighbours neither overlap nor leave gaps:

1. every area's outline is traced along the cell edges, as closed rings;
2. the rings are cut at *junctions* (corners where three areas meet, or two meet diagonally), so
   each piece of border lies between exactly two areas (or an area and the frame);
3. each piece is smoothed once, its ends fixed, and both areas use that one smoothed piece.

Coordinates are in cells (x to the right, y down); the caller scales them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Vertex = tuple[int, int]
Ring = list[Point]
Box = tuple[float, float, float, float]  # left, top, right, bottom

_OUTSIDE = ""  # the area beyond the frame
_TOLERANCE = 0.25  # how far (in cells) a thinned border may stray from the smoothed one


@dataclass(frozen=True)
class Outline:
    """An area's outline: one or more closed rings (islands and holes alike), even-odd filled."""

    rings: tuple[tuple[Point, ...], ...]

    def contains(self, x: float, y: float) -> bool:
        """Whether a point (in cells) lies inside the area (even-odd rule over all rings)."""
        inside = False
        for ring in self.rings:
            previous = ring[-1]
            for point in ring:
                (x1, y1), (x2, y2) = previous, point
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    inside = not inside
                previous = point
        return inside


@dataclass(frozen=True)
class Border:
    """One smoothed piece of border, between two areas (or an area and the frame, ``""``)."""

    areas: tuple[str, str]
    points: tuple[Point, ...]


def outlines(grid: Sequence[str]) -> tuple[dict[str, Outline], list[Border]]:
    """The smoothed outline of every area in a grid (each string a row, each character a cell),
    and every piece of border once, with the two areas it lies between."""
    rows, cols = len(grid), len(grid[0])

    def at(x: int, y: int) -> str:
        return grid[y][x] if 0 <= x < cols and 0 <= y < rows else _OUTSIDE

    junctions = {
        (x, y)
        for y in range(rows + 1)
        for x in range(cols + 1)
        if _is_junction(at(x - 1, y - 1), at(x, y - 1), at(x - 1, y), at(x, y))
    }
    smoothed: dict[tuple[Vertex, ...], list[Point]] = {}
    result: dict[str, Outline] = {}
    for area, rings in _trace(grid, at).items():
        drawn = [_smooth_ring(ring, junctions, smoothed) for ring in rings]
        result[area] = Outline(tuple(tuple(ring) for ring in drawn))
    borders = []
    for piece, line in smoothed.items():
        here = _cell_beside(piece, at, right=True)
        there = _cell_beside(piece, at, right=False)
        borders.append(Border((here, there), tuple(line)))
    return result, borders


def _cell_beside(piece: tuple[Vertex, ...], at: Callable[[int, int], str], right: bool) -> str:
    """The area on one side of a piece's first cell edge (screen coordinates, y down)."""
    (x1, y1), (x2, y2) = piece[0], piece[1]
    dx, dy = x2 - x1, y2 - y1
    sign = 1 if right else -1
    cx = (x1 + x2) / 2 - sign * dy * 0.5
    cy = (y1 + y2) / 2 + sign * dx * 0.5
    return at(int(cx // 1), int(cy // 1))


def _is_junction(a: str, b: str, c: str, d: str) -> bool:
    """Whether the corner between four cells (a b / c d) is where border pieces must end."""
    kinds = len({a, b, c, d})
    return kinds >= 3 or (kinds == 2 and a == d and b == c and a != b)


def _trace(grid: Sequence[str], cell: Callable[[int, int], str]) -> dict[str, list[list[Vertex]]]:
    """Each area's boundary as rings of lattice points, the area on the right of the direction
    of travel (clockwise on screen)."""
    rows, cols = len(grid), len(grid[0])
    edges: dict[str, dict[Vertex, list[Vertex]]] = {}
    for y in range(rows):
        row = grid[y]
        for x in range(cols):
            area = row[x]
            out = edges.setdefault(area, {})
            if cell(x, y - 1) != area:
                out.setdefault((x, y), []).append((x + 1, y))
            if cell(x + 1, y) != area:
                out.setdefault((x + 1, y), []).append((x + 1, y + 1))
            if cell(x, y + 1) != area:
                out.setdefault((x + 1, y + 1), []).append((x, y + 1))
            if cell(x - 1, y) != area:
                out.setdefault((x, y + 1), []).append((x, y))
    rings: dict[str, list[list[Vertex]]] = {}
    for area, out in edges.items():
        found: list[list[Vertex]] = []
        while out:
            start = next(iter(out))
            ring = [start]
            previous, here = start, _take(out, start, None)
            while here != start:
                ring.append(here)
                previous, here = here, _take(out, here, previous)
            found.append(ring)
        rings[area] = found
    return rings


def _take(out: dict[Vertex, list[Vertex]], here: Vertex, came_from: Vertex | None) -> Vertex:
    """The next vertex from ``here``; where two edges leave one corner (an area touching itself
    diagonally), the one turning right, which keeps each ring simple."""
    choices = out[here]
    choice = choices[0]
    if len(choices) > 1 and came_from is not None:
        dx, dy = here[0] - came_from[0], here[1] - came_from[1]
        right = (here[0] - dy, here[1] + dx)
        choice = right if right in choices else choices[0]
    choices.remove(choice)
    if not choices:
        del out[here]
    return choice


def _smooth_ring(
    ring: list[Vertex], junctions: set[Vertex], smoothed: dict[tuple[Vertex, ...], list[Point]]
) -> Ring:
    cuts = [i for i, vertex in enumerate(ring) if vertex in junctions]
    if not cuts:  # an island or a lake: one closed piece
        loop = tuple(ring + ring[:1])
        return smoothed.setdefault(loop, _smooth(list(loop), closed=True))[:-1]
    start = cuts[0]
    rotated = ring[start:] + ring[:start] + [ring[start]]
    points: Ring = []
    begin = 0
    for end in range(1, len(rotated)):
        if rotated[end] in junctions:
            piece = tuple(rotated[begin : end + 1])
            backwards = piece[::-1]
            if backwards in smoothed:
                line = smoothed[backwards][::-1]
            else:
                line = smoothed.setdefault(piece, _smooth(list(piece), closed=False))
            points.extend(line[:-1])
            begin = end
    return points


def _smooth(line: list[Vertex], closed: bool) -> list[Point]:
    """A staircase of cell edges made a gentle curve: the midpoints of its steps (which turn
    stairs into slopes), twice cut at the corners (Chaikin), then thinned; the ends stay put."""
    if len(line) <= 2:
        return [(float(x), float(y)) for x, y in line]
    points: list[Point] = [(float(line[0][0]), float(line[0][1]))]
    for (x1, y1), (x2, y2) in zip(line, line[1:]):
        points.append(((x1 + x2) / 2, (y1 + y2) / 2))
    points.append((float(line[-1][0]), float(line[-1][1])))
    if closed:  # the ends are the same point, and no corner: drop it for a round loop
        points = points[1:-1] + [points[1]]
    for _ in range(2):
        cut: list[Point] = [points[0]]
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            cut.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
            cut.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
        cut.append(points[-1])
        points = cut
    if closed:  # thin the two halves of the loop, split at the point farthest from its start
        x0, y0 = points[0]
        far = max(range(len(points)), key=lambda i: (points[i][0] - x0) ** 2 + (points[i][1] - y0) ** 2)
        return _thin(points[: far + 1], _TOLERANCE) + _thin(points[far:], _TOLERANCE)[1:]
    return _thin(points, _TOLERANCE)


def _thin(points: list[Point], tolerance: float) -> list[Point]:
    """Drop points that lie within ``tolerance`` of the line through their neighbours
    (Douglas and Peucker), keeping both ends."""
    if len(points) <= 2:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        worst, index = 0.0, -1
        for i in range(first + 1, last):
            x, y = points[i]
            distance = abs(dy * (x - x1) - dx * (y - y1)) / length
            if distance > worst:
                worst, index = distance, i
        if worst > tolerance:
            keep[index] = True
            stack.append((first, index))
            stack.append((index, last))
    return [point for point, kept in zip(points, keep) if kept]


# --- inner points ----------------------------------------------------------------------------


def depths(grid: Sequence[str]) -> list[list[float]]:
    """For each cell, how far (in cells) it lies from the nearest cell of another area or the
    frame: a two-pass chamfer distance."""
    rows, cols = len(grid), len(grid[0])
    far = float(rows + cols)
    depth = [[far] * cols for _ in range(rows)]
    for y in range(rows):
        for x in range(cols):
            area = grid[y][x]
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if not (0 <= nx < cols and 0 <= ny < rows) or grid[ny][nx] != area:
                    depth[y][x] = 0.5
                    break
    diagonal = 2**0.5
    for y in range(rows):
        for x in range(cols):
            area, best = grid[y][x], depth[y][x]
            for nx, ny, step in ((x - 1, y, 1.0), (x, y - 1, 1.0), (x - 1, y - 1, diagonal),
                                 (x + 1, y - 1, diagonal)):
                if 0 <= nx < cols and 0 <= ny < rows and grid[ny][nx] == area:
                    best = min(best, depth[ny][nx] + step)
            depth[y][x] = best
    for y in range(rows - 1, -1, -1):
        for x in range(cols - 1, -1, -1):
            area, best = grid[y][x], depth[y][x]
            for nx, ny, step in ((x + 1, y, 1.0), (x, y + 1, 1.0), (x + 1, y + 1, diagonal),
                                 (x - 1, y + 1, diagonal)):
                if 0 <= nx < cols and 0 <= ny < rows and grid[ny][nx] == area:
                    best = min(best, depth[ny][nx] + step)
            depth[y][x] = best
    return depth


def clip(a: Point, b: Point, box: Box) -> tuple[float, float] | None:
    """Where the segment from ``a`` to ``b`` enters and leaves ``box``, as fractions of the way
    along it (0 to 1), or None if it misses the box (Liang-Barsky clipping)."""
    (x, y), (dx, dy) = a, (b[0] - a[0], b[1] - a[1])
    low, high = 0.0, 1.0
    for p, q in ((-dx, x - box[0]), (dx, box[2] - x), (-dy, y - box[1]), (dy, box[3] - y)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return low, high
