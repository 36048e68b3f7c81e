"""Where the Richard III picture puts things, so that nothing covers an area's name, every
name stands wholly inside its area and every stack on its own land (issue 18, point 10; issue 37,
item 2).

Each area's *stack* (its name over the reader's blocks, one tile a block, and each other house's
face-down square) is fitted inside the area (``fit``): at its own spot if it fits there, else
wrapped in more columns or drawn a little smaller near it, then moved to another spot of the area
(Calais with six blocks); else the name where it fits on its own and the blocks beside it; the
tiles with their names in full first, then narrow with the names cut short; the name at 9, else
smaller. A stack no layout fits in its area is drawn small beside its name, hiding the fewest
other names, over the sea rather than other land. The fit is tried on the map's grid of cells (``Cells``): every cell a stack
touches, with a margin for the outlines drawn from the grid being smoothed, must be the area's;
a name's place is checked against the drawn outline too. The boxes of all names are known before
any arrow or mark is placed (``clear``), so an arrowhead, a battle mark or a count is put where it
hides none.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import islice
from typing import Generic, TypeVar

from judge.games.richard3.data import BOARD

from ..layers import text_bounds
from ..outline import Box, Point, clip
from .shapes import SEAS, richard3_cells, richard3_shapes

"""left, top, right, bottom, in pixels."""
Layout = tuple[float, int, float | None]
"""A stack's size, columns and widest tile (``_LAYOUTS``)."""
T = TypeVar("T")

ROW = 13.0  # one own block's line at full size
NAME = 11.0  # an area's name above its blocks
SQUARE = 15.0  # an enemy stack's face-down square at full size
NAME_SIZE = 9.0  # an area's name, bold
NAME_SIZES = (NAME_SIZE, 8.0, 7.0)  # an area's name smaller only where it cannot stand whole in its area at 9
_MARGIN = 2.5  # how far inside its cells' edges a stack keeps (the outlines are smoothed)
_SPILLED_NAMES = 30  # the places nearest its spot an area's name is tried at, with a stack too large for the area
_NEAR = 40.0  # a stack drawn a little smaller near its area's spot rather than full size far from it
NARROW = 42.0  # a tile's width, at full size, where its name is cut short to make room
_LAYOUTS: tuple[Layout, ...] = (
    (1.0, 1, None), (1.0, 2, None), (0.85, 1, None), (0.85, 2, None), (1.0, 3, None),
    (0.75, 1, None), (0.75, 2, None), (0.75, 3, None),
    (0.85, 1, NARROW), (0.85, 2, NARROW), (0.75, 1, NARROW), (0.75, 2, NARROW), (0.75, 3, NARROW),
    (0.65, 1, NARROW), (0.65, 2, NARROW), (0.65, 3, NARROW),
)
"""(size, columns, widest tile) tried in turn: full size in one column first, smaller and wider
after, then with names cut short (the tiles no wider than ``NARROW``)."""
_SQUARES: tuple[Layout, ...] = ((1.0, 1, None), (0.85, 1, None), (0.75, 1, None))
"""The sizes tried for a stack of the enemy's squares alone (no tiles of the reader's)."""


@dataclass(frozen=True)
class Stack:
    """Where an area's name, tiles and squares go."""

    x: float  # the stack's middle
    top: float
    size: float  # the tiles' and squares' scale, 1 at full size
    columns: int
    rows: int
    tile: float  # a tile's width, at this size
    blocks: int
    others: int
    name_x: float  # the name's middle: x, over the blocks, unless they leave it no room there
    name_y: float  # the name's baseline
    name_size: float
    name: Box

    @property
    def row(self) -> float:
        return ROW * self.size

    @property
    def square(self) -> float:
        return SQUARE * self.size

    def tiles(self) -> list[Point]:
        """The top left corner of each tile, filling each column before the next."""
        left = self.x - self.width / 2
        return [(left + column * (self.tile + 2), self.top + NAME + row * self.row)
                for column, row in (divmod(n, self.rows) for n in range(self.blocks))]

    def squares(self) -> list[Point]:
        """The top left corner of each other house's square."""
        step = self.square + 8
        sx, sy = self.x - self.others * step / 2 + 3, self.top + NAME + self.rows * self.row + 3
        return [(sx + n * step, sy) for n in range(self.others)]

    @property
    def width(self) -> float:
        return self.columns * self.tile + (self.columns - 1) * 2

    def body(self) -> Box | None:
        """The box the tiles and squares fill (None for a name alone)."""
        if not self.blocks and not self.others:
            return None
        left, right = self.x - self.width / 2, self.x + self.width / 2
        bottom = self.top + NAME + self.rows * self.row
        if self.others:
            squares = self.squares()
            left, right = min(left, squares[0][0]), max(right, squares[-1][0] + self.square + 3)
            bottom += self.square + 4
        return (left, self.top + NAME - 1, right, bottom)

    def box(self) -> Box:
        """The box of all of it."""
        body = self.body()
        return self.name if body is None else merge(self.name, body)

    def passing(self, towards: Point | None = None) -> Point:
        """Where a move leaving or passing through the area is drawn from: the middle of its
        blocks; with none, just under its name (over it, for a move going up the map)."""
        body = self.body()
        if body is not None:
            return ((body[0] + body[2]) / 2, (body[1] + body[3]) / 2)
        if towards is not None and towards[1] < self.name[1]:
            return (self.name_x, self.name[1] - 3)
        return (self.name_x, self.name[3] + 3)


def stack_at(x: float, y: float, label: str, tile: float, blocks: int, others: int,
             size: float = 1.0, columns: int = 1, widest: float | None = None,
             name_size: float = NAME_SIZE) -> Stack:
    """A stack of ``blocks`` tiles ``tile`` wide (at full size, ``widest`` at most) and
    ``others`` squares, centred on (x, y), at ``size`` in ``columns``, its name over them."""
    columns = max(1, min(columns, blocks))
    tile = min(tile, widest or tile)
    rows = -(-blocks // columns)
    height = NAME + rows * ROW * size + (SQUARE * size + 4 if others else 0)
    top = y - height / 2
    baseline = top + NAME - 5  # the name's letters (``_snug``, whole pixels) end above the first tile
    left, head, width, depth = text_bounds(x, baseline, label, name_size, "middle", bold=True)
    return Stack(x, top, size, columns, rows, tile * size, blocks, others, x, baseline, name_size,
                 (left, head, left + width, head + depth))


@cache
def fit(key: str, label: str, tile: float, blocks: int, others: int) -> Stack:
    """The stack of an area, fitted inside it, its name always wholly inside (2.1): for each of
    ``NAME_SIZES`` the area has room for, largest first, with the names on the tiles in full,
    then cut short: the name over the blocks, in the first of ``_LAYOUTS`` at 0.85 of full size
    or more that fits near the area's own spot, else the first that fits at the spot nearest it
    where one does; else the blocks so and the name beside them, where it fits. Where the blocks
    fit nowhere in the area (more of them than it holds), ``_spilled``."""
    if not blocks and not others:
        for name_size in NAME_SIZES:
            for x, y in _name_spots(key, label, name_size):
                return _named_at(stack_at(x, y, label, tile, 0, 0), label, x, y, name_size)
        return _spilled(key, label, tile, blocks, others)
    bodies = {narrow: _Kept(_bodies(key, label, tile, blocks, others, narrow)) for narrow in (False, True)}
    for name_size in NAME_SIZES:
        if not any(True for _ in _name_spots(key, label, name_size)):
            continue
        for narrow in (False, True):
            stack = (_together(key, label, tile, blocks, others, bodies[narrow], name_size)
                     or _apart(key, label, tile, blocks, others, bodies[narrow], name_size))
            if stack is not None:
                return stack
    return _spilled(key, label, tile, blocks, others)


def _layouts(tile: float, blocks: int) -> list[Layout]:
    if not blocks:
        return list(_SQUARES)
    return [(size, columns, widest) for size, columns, widest in _LAYOUTS
            if columns <= blocks and (widest is None or widest < tile)]


def _tries(key: str, tile: float, blocks: int, narrow: bool) -> Iterator[tuple[Sequence[Point], Layout]]:
    """The places and layouts a stack is tried at, in turn, with the names on its tiles in full
    or (``narrow``) cut short: each layout at 0.85 of full size or more near the area's spot,
    then each anywhere in the area."""
    spots = richard3_cells().spots(key)
    near = [spot for spot in spots if math.dist(spot, spots[0]) <= _NEAR]
    mine = [layout for layout in _layouts(tile, blocks) if (layout[2] is not None) == narrow]
    yield from ((near, layout) for layout in mine if layout[0] >= 0.85)
    yield from ((spots, layout) for layout in mine)


class _Kept(Generic[T]):
    """What a search finds, found as it is asked for and kept for the next to ask: where a
    stack's blocks fit (the same for each size of the name tried over or beside them), where a
    name fits (most stacks need the first alone)."""

    def __init__(self, search: Iterator[T]) -> None:
        self._found: list[T] = []
        self._search = search

    def __iter__(self) -> Iterator[T]:
        n = 0
        while True:
            if n == len(self._found):
                found = next(self._search, None)
                if found is None:
                    return
                self._found.append(found)
            yield self._found[n]
            n += 1


def _bodies(key: str, label: str, tile: float, blocks: int, others: int,
            narrow: bool) -> Iterator[tuple[Point, Layout]]:
    """Where a stack's blocks alone fit inside its area, in the order tried (``_tries``)."""
    cells = richard3_cells()
    room, inside = cells.room, cells.inside(key, _MARGIN)
    for places, layout in _tries(key, tile, blocks, narrow):
        body = stack_at(0.0, 0.0, label, tile, blocks, others, *layout).body()
        assert body is not None
        left, top, right, bottom = body
        middle_x, middle_y = (left + right) / 2, (top + bottom) / 2
        needed = min(right - left, bottom - top) / 2 + _MARGIN
        for x, y in places:
            if room(x + middle_x, y + middle_y) >= needed and inside(x + left, y + top, x + right, y + bottom) >= 1.0:
                yield (x, y), layout


def _together(key: str, label: str, tile: float, blocks: int, others: int, bodies: _Kept[tuple[Point, Layout]],
              name_size: float) -> Stack | None:
    """The stack with its name over its blocks, both inside the area, if it fits anywhere."""
    inside = richard3_cells().inside(key, _MARGIN)
    names: dict[Layout, Box] = {}
    for (x, y), layout in bodies:
        if layout not in names:
            names[layout] = _snug(stack_at(0.0, 0.0, label, tile, blocks, others, *layout, name_size=name_size).name)
        left, top, right, bottom = names[layout]
        if inside(x + left, y + top, x + right, y + bottom) < 1.0:
            continue
        placed = stack_at(x, y, label, tile, blocks, others, *layout, name_size=name_size)
        if _drawn_inside(key, _snug(placed.name)):
            return placed
    return None


def _apart(key: str, label: str, tile: float, blocks: int, others: int, bodies: _Kept[tuple[Point, Layout]],
           name_size: float) -> Stack | None:
    """The stack with its blocks at the first place that leaves its name room inside the area
    beside them (where the two do not fit one over the other)."""
    for (x, y), layout in bodies:
        stack = _named_beside(key, label, stack_at(x, y, label, tile, blocks, others, *layout), name_size)
        if stack is not None:
            return stack
    return None


def _spilled(key: str, label: str, tile: float, blocks: int, others: int) -> Stack:
    """A stack too large for its area: its name inside (the largest that can be, nearest the
    area's spot), its blocks in a layout of the smallest size just under, over or beside it
    (their middle or either edge in line with the name's),
    where they hide the fewest names of other areas and seas (where those stand with nothing
    under them) and the most of them is on the area or the sea (where they hide no other area's
    land), the most on the area among those."""
    spots = richard3_cells().spots(key)
    sizes = [size for size in NAME_SIZES if any(True for _ in _name_spots(key, label, size))]
    if not sizes:
        (x, y), layout = spots[0], _LAYOUTS[-1]
        return stack_at(x, y, label, tile, blocks, others, *layout)  # no room for the name
    inside = richard3_cells().inside(key, _MARGIN)
    wet = [richard3_cells().inside(sea, 0.0) for sea in SEAS]
    names = [name for other, name in _bare_names().items() if other != key]
    name_size = sizes[0]
    box = _name_box(label, name_size)
    best: tuple[tuple[int, float, float], Point, Point, Layout] | None = None
    smallest = min(size for size, _, _ in _layouts(tile, blocks))
    for places, layout in [*_tries(key, tile, blocks, False), *_tries(key, tile, blocks, True)]:
        if layout[0] > smallest or places is not spots:
            continue
        left, top, right, bottom = stack_at(0.0, 0.0, label, tile, blocks, others, *layout).body() or box
        middle_x, middle_y = (left + right) / 2, (top + bottom) / 2
        for x, y in islice(_name_spots(key, label, name_size), _SPILLED_NAMES):
            name = _moved(box, x, y)
            across = (x - middle_x, name[0] - left, name[2] - right)  # the blocks' middle, left or right at the name's
            down = (y - middle_y, name[1] - top, name[3] - bottom)
            for place in [*((dx, dy) for dx in across for dy in (name[3] + 3 - top, name[1] - 3 - bottom)),
                          *((dx, dy) for dx in (name[0] - 3 - right, name[2] + 3 - left) for dy in down)]:
                moved = (left + place[0], top + place[1], right + place[0], bottom + place[1])
                mine = inside(*moved)
                share = (-sum(meets(moved, name) for name in names), mine + sum(sea(*moved) for sea in wet), mine)
                if best is None or share > best[0]:
                    best = (share, place, (x, y), layout)
    assert best is not None
    _, (body_x, body_y), (x, y), layout = best
    return _named_at(stack_at(body_x, body_y, label, tile, blocks, others, *layout), label, x, y, name_size)


@cache
def _bare_names() -> dict[str, Box]:
    """Each area's name where it stands with nothing in the area, and each sea's, by key."""
    names = {key: fit(key, area_label(key), 0.0, 0, 0).name for key in BOARD.areas}
    return {**names, **dict(zip(sorted(SEAS), sea_name_boxes()))}


def area_label(key: str) -> str:
    """An area's name as the map writes it (an exile area's marked so)."""
    return f"{key} (exile)" if BOARD.areas[key].kind == "exile" else key


def sea_name_boxes() -> list[Box]:
    """The boxes of the seas' names (in the order of their keys), for arrows, marks and stacks
    to keep clear of."""
    shapes = richard3_shapes()
    boxes: list[Box] = []
    for sea in sorted(SEAS):
        left, top, width, height = text_bounds(*shapes.areas[sea].label, sea, 12, "middle")
        boxes.append((left, top, left + width, top + height))
    return boxes


def _named_beside(key: str, label: str, stack: Stack, name_size: float) -> Stack | None:
    """``stack`` with its name moved to the place nearest the area's spot where it stands inside
    the area clear of the blocks, if there is one."""
    body = stack.body()
    assert body is not None
    near = (body[0] - 2, body[1] - 2, body[2] + 2, body[3] + 2)
    box = _name_box(label, name_size)
    for x, y in _name_spots(key, label, name_size):
        if not meets(_moved(box, x, y), near):
            return _named_at(stack, label, x, y, name_size)
    return None


def _named_at(stack: Stack, label: str, x: float, y: float, name_size: float) -> Stack:
    """``stack`` with its name's letters (``_snug``) centred on (x, y)."""
    return replace(stack, name_x=x, name_y=y + name_size / 3 - 0.5, name_size=name_size,
                   name=_name_at(label, x, y, name_size))


def _name_at(label: str, x: float, y: float, name_size: float) -> Box:
    """The bounds of an area's name as drawn with its letters centred on (x, y)."""
    left, head, width, depth = text_bounds(x, y + name_size / 3 - 0.5, label, name_size, "middle", bold=True)
    return (left, head, left + width, head + depth)


@cache
def _name_spots(key: str, label: str, name_size: float) -> _Kept[Point]:
    """The spots of an area (``Cells.spots``: its own first, then nearest first) where its name
    at ``name_size``, centred on the spot, stands wholly inside it as drawn."""
    cells = richard3_cells()
    inside = cells.inside(key, _MARGIN)
    return _Kept((x, y) for x, y in cells.spots(key)
                 if inside(*(box := _snug(_name_at(label, x, y, name_size)))) >= 1.0 and _drawn_inside(key, box))


@cache
def _name_box(label: str, name_size: float) -> Box:
    """The box an area's name's letters fill (``_snug``), centred on (0, 0)."""
    left, top, right, bottom = _snug(_name_at(label, 0.0, 0.0, name_size))
    middle = (top + bottom) / 2
    return (left, top - middle, right, bottom - middle)


def _drawn_inside(key: str, box: Box) -> bool:
    """Whether a box lies in the area's outline as drawn (smoothed from its cells): its corners
    and a point every 2 pixels or less along its edges."""
    contains = richard3_shapes().contains
    left, top, right, bottom = box
    across, down = max(1, math.ceil((right - left) / 2)), max(1, math.ceil((bottom - top) / 2))
    edge = [(left + (right - left) * n / across, y) for n in range(across + 1) for y in (top, bottom)]
    edge += [(x, top + (bottom - top) * n / down) for n in range(1, down) for x in (left, right)]
    return all(contains(key, x, y) for x, y in edge)


def _moved(box: Box, x: float, y: float) -> Box:
    return (box[0] + x, box[1] + y, box[2] + x, box[3] + y)


def _snug(box: Box) -> Box:
    """A box with the room its name's bounds keep to spare taken off (``layers.text_bounds``)."""
    return (box[0] + 3, box[1] + 2, box[2] - 3, box[3] - 1)


def merge(*boxes: Box) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def meets(a: Box, b: Box) -> bool:
    """Whether two boxes overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def clear(box: Box, avoid: Iterable[Box]) -> bool:
    return not any(meets(box, other) for other in avoid)


def around_point(x: float, y: float, reach: float) -> Box:
    return (x - reach, y - reach, x + reach, y + reach)


def spot_for(candidates: Sequence[Point], reach: float, avoid: Sequence[Box]) -> Point:
    """The first of ``candidates`` where a mark reaching ``reach`` from it hides nothing of
    ``avoid`` (the first candidate if none is clear)."""
    for x, y in candidates:
        if clear(around_point(x, y, reach), avoid):
            return (x, y)
    return candidates[0]


def head(end: Point, towards: Point) -> Box:
    """The box of an arrowhead whose line ends at ``end`` coming from ``towards`` (the markers of
    ``draw.py``: 10 pixels long, its tip 2 beyond the end, 10 wide)."""
    (ex, ey), (fx, fy) = end, towards
    length = math.hypot(ex - fx, ey - fy) or 1.0
    dx, dy = (ex - fx) / length, (ey - fy) / length
    corners = [(ex + 2 * dx, ey + 2 * dy), (ex - 8 * dx + 5 * dy, ey - 8 * dy - 5 * dx),
               (ex - 8 * dx - 5 * dy, ey - 8 * dy + 5 * dx)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return (min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)


def arrow_ends(points: list[Point], end: Box, avoid: Sequence[Box]) -> list[Point]:
    """An arrow's points with its end stopped short of ``end`` (the stack it reaches), then drawn
    back along the arrow, 3 pixels at a time up to half its length, until its head hides none of
    ``avoid``; if it cannot be, the same from its last point itself (the stack's middle)."""
    if len(points) < 2:
        return list(points)
    short = [*points[:-1], _leave(points[-1], points[-2], end)]
    for line in (short, list(points)):
        length = sum(math.dist(a, b) for a, b in zip(line, line[1:]))
        for back in range(0, int(length / 2), 3):
            shorter = _shortened(line, back)
            if clear(head(shorter[-1], shorter[-2]), avoid):
                return shorter
    return short


def _shortened(points: list[Point], back: float) -> list[Point]:
    """A line's points with ``back`` pixels taken off its end."""
    points = list(points)
    while len(points) > 2 and math.dist(points[-1], points[-2]) <= back:
        back -= math.dist(points[-1], points[-2])
        points.pop()
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = math.dist((x1, y1), (x2, y2))
    t = max(0.0, 1 - back / length) if length else 1.0
    points[-1] = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
    return points


def _leave(point: Point, towards: Point, box: Box) -> Point:
    """Where the line from ``point`` to ``towards`` leaves ``box`` (with 3 pixels to spare), or
    ``point`` if it lies outside it."""
    (x, y), (tx, ty) = point, towards
    left, top, right, bottom = box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3
    if not (left <= x <= right and top <= y <= bottom):
        return point
    t = 1.0
    for start, delta, low, high in ((x, tx - x, left, right), (y, ty - y, top, bottom)):
        if delta > 0:
            t = min(t, (high - start) / delta)
        elif delta < 0:
            t = min(t, (low - start) / delta)
    t = min(t, 0.8)
    return (x + (tx - x) * t, y + (ty - y) * t)


def around_boxes(points: list[Point], avoid: Sequence[Box], margin: float = 3.0) -> list[Point]:
    """A line's points with turns added where a leg would cross one of ``avoid`` (the names):
    it goes round the box by one corner, or two, ``margin`` pixels off, the shortest way that
    crosses the fewest other boxes; a box holding a leg's end is not gone round."""
    way = [points[0]]
    for target in points[1:]:
        for _ in range(4):  # a few turns a leg at most
            here = way[-1]
            hit = _first_crossed(here, target, avoid)
            turns = _round(here, target, hit, margin, avoid) if hit is not None else []
            if not turns:
                break
            way += turns
        way.append(target)
    return way


def _first_crossed(a: Point, b: Point, avoid: Sequence[Box]) -> Box | None:
    """The box the leg from ``a`` to ``b`` enters first, of those holding neither end."""
    region = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
    found = [(t, box) for box in avoid if box[0] <= region[2] and region[0] <= box[2] and box[1] <= region[3]
             and region[1] <= box[3] and (t := _entry(a, b, box)) is not None
             and not _holds(box, a) and not _holds(box, b)]
    return min(found)[1] if found else None


def _holds(box: Box, point: Point) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _entry(a: Point, b: Point, box: Box) -> float | None:
    """Where along the leg from ``a`` to ``b`` (0 to 1) it enters ``box``, or None if it
    misses it or only grazes it."""
    span = clip(a, b, box)
    return span[0] if span is not None and span[1] - span[0] > 1e-9 else None


def _round(a: Point, b: Point, box: Box, margin: float, avoid: Sequence[Box]) -> list[Point]:
    """The turns that take the leg from ``a`` to ``b`` round ``box``: one corner of it, or two
    beside each other, ``margin`` pixels off."""
    left, top, right, bottom = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    corners = [(left, top), (right, top), (right, bottom), (left, bottom)]
    ways = [[c] for c in corners] + [[corners[i], corners[(i + s) % 4]] for i in range(4) for s in (1, 3)]
    region = merge((a[0], a[1], a[0], a[1]), (b[0], b[1], b[0], b[1]), (left, top, right, bottom))
    avoid = [other for other in avoid if meets(other, region)]  # no way round leaves it

    def cost(turns: list[Point]) -> tuple[int, float]:
        legs = list(zip([a, *turns], [*turns, b]))
        if any(_entry(p, q, box) is not None for p, q in legs):
            return (1000, 0.0)
        others = sum(1 for p, q in legs for other in avoid if other != box and _entry(p, q, other) is not None)
        return (others, sum(math.dist(p, q) for p, q in legs))

    best = min(ways, key=cost)
    return best if cost(best)[0] < 1000 else []
