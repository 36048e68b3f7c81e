"""Where each province of a map stands in its schematic picture, computed from the map alone.

A map without drawn shapes is pictured as a diagram (``schematic.py``): each province a mark, each
adjacency a line. This module places the marks, once per variant and offline (``judge variants
layout``), so that provinces one move apart stand near each other and far ones far apart:

1. the distance between two provinces is the fewest moves between them (by army or fleet);
2. a first placement by classical scaling of those distances (the two leading eigenvectors, by
   power iteration from a fixed start: the same map always gives the same picture);
3. stress majorization (Gansner, Koren and North, 2004) moves each province in turn towards where
   its distances to all the others are best kept, the near ones weighing most;
4. the result given a north (moves alone say nothing of it: the same map could come out turned
   or mirrored): where provinces are *pinned* (points an operator chose), it is turned, mirrored
   if need be, scaled and moved to fit them best, and they stand exactly where pinned; else where
   it has *guides* (points of the same provinces in another picture: ``layout.py`` takes the
   standard map's), it is turned, mirrored if need be, to fit them best (two guides fix the turn,
   three or more the mirroring too); else it is turned so that its long side lies across. It is
   scaled so that neighbours stand about ``SPACING`` pixels apart (pinned: as the pins are), then
   spread until no two marks (each with its name below it, and a province with coasts with room
   for them) overlap, and each mark moved off the lines between other provinces that pass over
   it (in a few rounds, spread apart again after each); a pinned mark is never moved, the others
   make way for it;
5. each coast of a province with several placed beside its mark, towards the places a fleet on it
   reaches, clear of the mark's name and centre, and apart from the province's other coasts.

Pure Python on purpose: it runs once per variant, and the judge needs no numerical library.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence

from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.vocabulary import province_of

from ..outline import Point

SPACING = 48.0
"""How far apart, in pixels, two neighbouring provinces' marks stand on average."""
FOOT = (15.0, 15.0, 25.0)
"""A mark's room around its point, in pixels: half its width, above it, below it (its name)."""
COAST_ROOM = 19.0
"""How far from its province's point a coast is placed, and the extra room such a province keeps."""
GAP = 3.0
"""The least room between two marks' rooms, in pixels."""
CLEAR = 14.0
"""How far from a line between two other provinces a province's point stands at least, in pixels
(a mark is 10 in radius): a mark on a line would read as a stop on it."""
LONG = 3 * SPACING
"""The lines that marks are moved off: those shorter than this."""


def neighbours(game_map: Map) -> dict[str, set[str]]:
    """Each province's neighbours: where an army or a fleet there can move to."""
    near: dict[str, set[str]] = {province: set() for province in game_map.provinces}
    for army_at, army_targets in game_map.army_moves.items():
        near[army_at].update(army_targets)
    for fleet_at, fleet_targets in game_map.fleet_moves.items():
        near[province_of(fleet_at)].update(province_of(target) for target in fleet_targets)
    for here, others in near.items():
        others.discard(here)
    return near


def spread(game_map: Map, rounds: int = 120, pins: Mapping[str, Point] | None = None,
           guides: Mapping[str, Point] | None = None) -> tuple[dict[str, Point], float, float]:
    """Every province's and coast's point, in pixels, and the picture's width and height
    (without margins: the schematic adds its own). ``pins``: provinces that stand where given,
    the others placed around them; ``guides``: where some provinces stand in another picture,
    which gives this one its north. Either may name provinces the map has not: they are left out."""
    names: list[str] = list(game_map.provinces)
    near = neighbours(game_map)
    distances = _distances(names, near)
    points = _classical(distances)
    points = _majorize(points, distances, rounds)
    pinned = {names.index(key): point for key, point in (pins or {}).items() if key in game_map.provinces}
    guided = {names.index(key): point for key, point in (guides or {}).items() if key in game_map.provinces}
    if len(pinned) >= 2 and len(set(pinned.values())) >= 2:
        points = _fitted(points, pinned, scale=True)
    else:
        points = _fitted(points, guided) if len(guided) >= 2 else _upright(points)
        points = _scaled(points, names, near)
    if pinned:  # exactly where pinned (one pin alone: the whole moved there)
        if len(pinned) == 1:
            (at, (x, y)), = pinned.items()
            points = [(px + x - points[at][0], py + y - points[at][1]) for px, py in points]
        points = [pinned.get(number, point) for number, point in enumerate(points)]
    fixed = frozenset(pinned)
    rooms = [_room(game_map, name) for name in names]
    points = _apart(points, rooms, fixed)
    for _ in range(20):  # off the lines that pass over them, and apart again
        moved = _off_lines(points, names, near, fixed)
        if moved is None:
            break
        points = _apart(moved, rooms, fixed)
    placed: dict[str, Point] = dict(zip(names, points))
    placed.update(_coasts(game_map, placed))
    left = min(x - room[0] for (x, _), room in zip(points, rooms))
    top = min(y - room[1] for (_, y), room in zip(points, rooms))
    right = max(x + room[0] for (x, _), room in zip(points, rooms))
    bottom = max(y + room[2] for (_, y), room in zip(points, rooms))
    shifted = {key: (x - left, y - top) for key, (x, y) in placed.items()}
    return shifted, right - left, bottom - top


def _fitted(points: list[Point], targets: Mapping[int, Point], scale: bool = False) -> list[Point]:
    """The points turned about their middle, mirrored where that fits better, so that those
    numbered in ``targets`` best match them (least squares: Procrustes analysis); with ``scale``
    also scaled and moved onto them. Where mirrored and not fit equally (two targets), not
    mirrored."""
    numbers = sorted(targets)
    mx = sum(points[n][0] for n in numbers) / len(numbers)
    my = sum(points[n][1] for n in numbers) / len(numbers)
    tx = sum(targets[n][0] for n in numbers) / len(numbers)
    ty = sum(targets[n][1] for n in numbers) / len(numbers)
    here = [(points[n][0] - mx, points[n][1] - my) for n in numbers]
    there = [(targets[n][0] - tx, targets[n][1] - ty) for n in numbers]
    best: tuple[float, float, float] | None = None  # fit, angle, mirror (1 or -1)
    for mirror in (1.0, -1.0):
        along = sum(mirror * x * u + y * v for (x, y), (u, v) in zip(here, there))
        across = sum(mirror * x * v - y * u for (x, y), (u, v) in zip(here, there))
        fit = math.hypot(along, across)
        if best is None or fit > best[0] * (1 + 1e-9):
            best = (fit, math.atan2(across, along), mirror)
    assert best is not None
    fit, angle, mirror = best
    spread_here = sum(x * x + y * y for x, y in here)
    factor = fit / spread_here if scale and spread_here else 1.0
    cos, sin = factor * math.cos(angle), factor * math.sin(angle)
    ox, oy = (tx, ty) if scale else (0.0, 0.0)
    return [(ox + cos * mirror * (x - mx) - sin * (y - my), oy + sin * mirror * (x - mx) + cos * (y - my))
            for x, y in points]


def _room(game_map: Map, province: str) -> tuple[float, float, float]:
    """A province's room: its mark's, and more for a province with coasts (its coasts' marks)."""
    width, above, below = FOOT
    if game_map.provinces[province].coasts:  # type: ignore[index]
        return width + COAST_ROOM, above + COAST_ROOM, below + COAST_ROOM * 0.4
    return width, above, below


def _distances(names: Sequence[str], near: Mapping[str, set[str]]) -> list[list[float]]:
    """The fewest moves between each two provinces (breadth first from each); provinces that no
    moves join count as one further than the farthest joined pair."""
    index = {name: number for number, name in enumerate(names)}
    size = len(names)
    table = [[-1.0] * size for _ in range(size)]
    for start, name in enumerate(names):
        row = table[start]
        row[start] = 0.0
        queue = deque([name])
        while queue:
            here = queue.popleft()
            step = row[index[here]] + 1
            for other in sorted(near[here]):
                if row[index[other]] < 0:
                    row[index[other]] = step
                    queue.append(other)
    farthest = max((value for row in table for value in row), default=0.0) + 1
    return [[value if value >= 0 else farthest for value in row] for row in table]


def _classical(distances: list[list[float]]) -> list[Point]:
    """Classical scaling: the double-centred squared distances' two leading eigenvectors, found
    by power iteration from fixed starting vectors (deterministic)."""
    size = len(distances)
    if size == 1:
        return [(0.0, 0.0)]
    squared = [[value * value for value in row] for row in distances]
    row_means = [sum(row) / size for row in squared]
    total_mean = sum(row_means) / size
    centred = [[-0.5 * (squared[i][j] - row_means[i] - row_means[j] + total_mean) for j in range(size)]
               for i in range(size)]
    found: list[tuple[float, list[float]]] = []
    for number in range(2):
        vector = [math.cos(1.0 + i * (1.7 + number)) for i in range(size)]
        value = 0.0
        for _ in range(60):
            product = [sum(a * b for a, b in zip(row, vector)) for row in centred]
            for other_value, other in found:  # deflate what was found already
                along = sum(a * b for a, b in zip(other, vector))
                product = [p - other_value * along * o for p, o in zip(product, other)]
            norm = math.sqrt(sum(p * p for p in product)) or 1.0
            vector = [p / norm for p in product]
            value = norm
        found.append((value, vector))
    (first_value, first), (second_value, second) = found
    a, b = math.sqrt(max(first_value, 1e-9)), math.sqrt(max(second_value, 1e-9))
    return [(a * x, b * y) for x, y in zip(first, second)]


def _majorize(points: list[Point], distances: list[list[float]], rounds: int) -> list[Point]:
    """Stress majorization: each point moved in turn to where its weighted distances to all the
    others (weight: one over the distance squared) are best kept."""
    size = len(points)
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    if size < 2:
        return points
    weights = [[1.0 / (d * d) if d else 0.0 for d in row] for row in distances]
    sums = [sum(row) for row in weights]
    for _ in range(rounds):
        for i in range(size):
            xi, yi = xs[i], ys[i]
            sx = sy = 0.0
            row, wrow = distances[i], weights[i]
            for j in range(size):
                if j == i:
                    continue
                dx, dy = xi - xs[j], yi - ys[j]
                length = math.hypot(dx, dy) or 1e-6
                w = wrow[j]
                pull = row[j] / length
                sx += w * (xs[j] + pull * dx)
                sy += w * (ys[j] + pull * dy)
            xs[i], ys[i] = sx / sums[i], sy / sums[i]
    return list(zip(xs, ys))


def _upright(points: list[Point]) -> list[Point]:
    """The points turned about their middle so that they spread most across (their principal
    axis level), the first point on the left half."""
    size = len(points)
    mx = sum(x for x, _ in points) / size
    my = sum(y for _, y in points) / size
    sxx = sum((x - mx) ** 2 for x, _ in points)
    syy = sum((y - my) ** 2 for _, y in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    angle = 0.5 * math.atan2(2 * sxy, sxx - syy)
    cos, sin = math.cos(-angle), math.sin(-angle)
    turned = [((x - mx) * cos - (y - my) * sin, (x - mx) * sin + (y - my) * cos) for x, y in points]
    if turned and turned[0][0] > 0:
        turned = [(-x, y) for x, y in turned]
    return turned


def _scaled(points: list[Point], names: Sequence[str], near: Mapping[str, set[str]]) -> list[Point]:
    """The points scaled so that neighbours stand ``SPACING`` apart on average."""
    index = {name: number for number, name in enumerate(names)}
    lengths = [math.dist(points[index[a]], points[index[b]]) for a in names for b in near[a] if a < b]
    mean = sum(lengths) / len(lengths) if lengths else 1.0
    factor = SPACING / (mean or 1.0)
    return [(x * factor, y * factor) for x, y in points]


def _apart(points: list[Point], rooms: Sequence[tuple[float, float, float]],
           fixed: frozenset[int] = frozenset(), rounds: int = 400) -> list[Point]:
    """The points moved apart until no two rooms (plus ``GAP``) overlap: each overlapping pair
    pushed apart, half each, along the axis where they overlap least; a ``fixed`` point is not
    moved, the other taking the whole push (two fixed ones are left as they are)."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    reach = 2 * max(room[0] for room in rooms) + GAP  # no two points farther apart across overlap
    for _ in range(rounds):
        moved = False
        order = sorted(range(len(points)), key=lambda number: (xs[number], number))
        for place, i in enumerate(order):
            wi, ai, bi = rooms[i]
            for j in order[place + 1:]:
                dx, dy = xs[j] - xs[i], ys[j] - ys[i]
                if dx > reach:
                    break  # sorted by x when the round began: the rest lie farther still
                wj, aj, bj = rooms[j]
                over_x = wi + wj + GAP - abs(dx)
                if over_x <= 0:
                    continue
                # vertical room: i above j needs bi + aj, j above i needs bj + ai
                need_y = (bi + aj) if dy >= 0 else (bj + ai)
                over_y = need_y + GAP - abs(dy)
                if over_y <= 0:
                    continue
                if i in fixed and j in fixed:
                    continue
                moved = True
                share_i = 0.0 if i in fixed else (1.0 if j in fixed else 0.5)
                share_j = 1.0 - share_i
                if over_x < over_y:
                    push = (over_x + 0.02) * (1 if dx > 0 or (dx == 0 and i < j) else -1)
                    xs[i] -= push * share_i
                    xs[j] += push * share_j
                else:
                    push = (over_y + 0.02) * (1 if dy >= 0 else -1)
                    ys[i] -= push * share_i
                    ys[j] += push * share_j
        if not moved:
            break
    return list(zip(xs, ys))


def _off_lines(points: list[Point], names: Sequence[str], near: Mapping[str, set[str]],
               fixed: frozenset[int] = frozenset()) -> list[Point] | None:
    """The points moved off the (not ``LONG``) lines between neighbours that pass over them: each moved away
    from such a line, square to it, until ``CLEAR`` from it; None if no line passes over any. A
    ``fixed`` point stays where it is."""
    index = {name: number for number, name in enumerate(names)}
    lines = sorted({(min(index[a], index[b]), max(index[a], index[b])) for a in names for b in near[a]})
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    moved = False
    for a, b in lines:
        (ax, ay), (bx, by) = (xs[a], ys[a]), (xs[b], ys[b])
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if not 1e-6 < length < LONG:
            continue  # a long line crosses much whatever is done: moving marks off it only spreads the map
        for c in range(len(points)):
            if c in (a, b) or c in fixed:
                continue
            along = ((xs[c] - ax) * dx + (ys[c] - ay) * dy) / (length * length)
            if not 0 < along < 1:
                continue
            across = ((xs[c] - ax) * dy - (ys[c] - ay) * dx) / length  # signed, square to the line
            if abs(across) >= CLEAR:
                continue
            side = 1.0 if across >= 0 else -1.0
            push = CLEAR + 0.5 - abs(across)
            xs[c] += side * push * dy / length
            ys[c] -= side * push * dx / length
            moved = True
    return list(zip(xs, ys)) if moved else None


def _coasts(game_map: Map, placed: Mapping[str, Point]) -> dict[str, Point]:
    """Each coast of a province with several: beside the province's point, towards the middle of
    the places a fleet on it can move to; coasts of one province kept at least a right angle
    apart."""
    coasts: dict[str, Point] = {}
    for province, info in game_map.provinces.items():
        if not info.coasts:
            continue
        x, y = placed[province]
        angles: list[tuple[str, float]] = []
        for coast in info.coasts:
            location = f"{province}/{coast}"
            targets = [placed[province_of(t)] for t in sorted(game_map.fleet_moves.get(location, ()))]  # type: ignore[call-overload]
            if targets:
                tx = sum(t[0] for t in targets) / len(targets) - x
                ty = sum(t[1] for t in targets) / len(targets) - y
            else:
                tx, ty = 0.0, -1.0
            angles.append((location, math.atan2(ty, tx) if (tx or ty) else -math.pi / 2))
        angles = _spaced(angles)
        for location, angle in angles:
            coasts[location] = (x + COAST_ROOM * math.cos(angle), y + COAST_ROOM * math.sin(angle))
    return coasts


_KEPT_CLEAR = ((math.pi / 2 - 1.15, math.pi / 2 + 1.15), (-math.pi / 4 - 0.45, -math.pi / 4 + 0.45))
"""The directions from a province's point where no coast is placed: below it (its name, and a
fleet on the coast would hide it) and up and to its right (its supply centre's dot)."""


def _spaced(angles: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """The coasts' directions: each the allowed one (a multiple of 15 degrees, out of the
    ``_KEPT_CLEAR`` ones) nearest the one it wants, at least a right angle from those of the
    coasts before it (where none is, the one farthest from them)."""
    allowed = [angle for step in range(24) if _clear(angle := math.remainder(step * math.pi / 12, 2 * math.pi)) == angle]
    chosen: list[tuple[str, float]] = []

    def apart(angle: float) -> float:
        return min((abs(math.remainder(angle - other, 2 * math.pi)) for _, other in chosen), default=math.pi)

    for location, wanted in angles:
        roomy = [angle for angle in allowed if apart(angle) >= math.pi / 2 - 1e-9]
        if roomy:
            best = min(roomy, key=lambda angle: abs(math.remainder(angle - wanted, 2 * math.pi)))
        else:
            best = max(allowed, key=apart)
        chosen.append((location, best))
    return chosen


def _clear(angle: float) -> float:
    """A direction turned out of the ``_KEPT_CLEAR`` ones, to the nearer edge."""
    angle = math.remainder(angle, 2 * math.pi)
    for low, high in _KEPT_CLEAR:
        if low < angle < high:
            angle = low if angle < (low + high) / 2 else high
    return angle
