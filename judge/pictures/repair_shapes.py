"""Mending a drawn grid until its borders are the map's: the automatic part of
``judge variants draw`` (``draw_shapes.py``).

A grid shared out among seeds by distance gets most borders right and some wrong. Three repairs
are made in turns until none changes anything:

- *pieces*: a part of an area cut off from its seeds goes to the areas of its kind around it
  (land to land, sea to sea), or becomes land that is no province;
- *extra borders*: a cell where two provinces touch that the map does not make adjacent goes to
  a neighbour allowed beside every cell around it, or, on land, to no province; a cell whose
  loss would cut its area in two, lose a border the map needs, or take a seed is not taken;
- *missing borders*: the cheaper of the two areas grows a corridor one cell wide through cells
  of its own kind to the other, along the path that crosses the fewest borders it may not cross.

Land stays land and sea stays sea: a coastline is never moved.
"""

from __future__ import annotations

import heapq
from collections import Counter
from dataclasses import dataclass

Cell = tuple[int, int]  # column, row
NEUTRAL = ""  # land that is no province

_AROUND = ((1, 0), (0, 1), (-1, 0), (0, -1))
_RING = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
_ROUNDS = 40
_TRIES = 3


@dataclass(frozen=True)
class Board:
    """What a map asks of its grid: its provinces (seas among them) and boxes, and the pairs of
    provinces that touch. Boxes, and land that is no province, may touch anything."""

    provinces: frozenset[str]
    seas: frozenset[str]
    boxes: frozenset[str]
    adjacent: frozenset[frozenset[str]]

    @property
    def areas(self) -> frozenset[str]:
        return self.provinces | self.boxes

    def forbidden(self, a: str | None, b: str | None) -> bool:
        """Whether two areas may not touch: two provinces the map does not make adjacent."""
        return (a != b and a in self.provinces and b in self.provinces
                and frozenset((a, b)) not in self.adjacent)


class Canvas:
    """A grid being mended: each cell's area, the cells of each area, and how many cell edges
    each pair of provinces shares."""

    def __init__(self, owners: list[list[str | None]], land: list[list[bool]], board: Board) -> None:
        self.land, self.board = land, board
        self.rows, self.columns = len(owners), len(owners[0])
        self.owners: list[list[str]] = [[key if key is not None else NEUTRAL for key in row] for row in owners]
        self._near: dict[Cell, tuple[Cell, ...]] = {
            (col, row): tuple((col + dx, row + dy) for dx, dy in _AROUND
                              if 0 <= col + dx < self.columns and 0 <= row + dy < self.rows)
            for row in range(self.rows) for col in range(self.columns)
        }
        self.cells: dict[str, set[Cell]] = {}
        self._pieces: dict[str, list[set[Cell]]] = {}  # each area's pieces, until it changes
        self.edges: Counter[frozenset[str]] = Counter()
        for row in range(self.rows):
            for col in range(self.columns):
                key = self.owners[row][col]
                self.cells.setdefault(key, set()).add((col, row))
                for other in self._neighbours((col, row)):
                    if other > (col, row):  # each edge once
                        self._count(key, self.owners[other[1]][other[0]], 1)

    def owner(self, cell: Cell) -> str:
        return self.owners[cell[1]][cell[0]]

    def is_land(self, cell: Cell) -> bool:
        return self.land[cell[1]][cell[0]]

    def fits(self, key: str, cell: Cell) -> bool:
        """Whether an area is of the cell's kind (a sea on sea, anything else on land)."""
        return (key in self.board.seas) != self.is_land(cell)

    def _neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        return self._near[cell]

    def _count(self, a: str, b: str, change: int) -> None:
        if a != b and a in self.board.provinces and b in self.board.provinces:
            self.edges[frozenset((a, b))] += change

    def put(self, cell: Cell, key: str) -> None:
        """Give a cell to an area."""
        old = self.owner(cell)
        if old == key:
            return
        for other in self._neighbours(cell):
            self._count(old, self.owner(other), -1)
            self._count(key, self.owner(other), 1)
        self._pieces.pop(old, None)
        self._pieces.pop(key, None)
        self.cells[old].discard(cell)
        self.cells.setdefault(key, set()).add(cell)
        self.owners[cell[1]][cell[0]] = key

    def all_cells(self) -> list[Cell]:
        return [(col, row) for row in range(self.rows) for col in range(self.columns)]

    def touching(self) -> set[frozenset[str]]:
        return {pair for pair, count in self.edges.items() if count > 0}

    def pieces(self, key: str) -> list[set[Cell]]:
        """An area's cells in pieces (cells joined by an edge); not to be changed."""
        if key not in self._pieces:
            left, found = set(self.cells.get(key, ())), []
            while left:
                piece = {left.pop()}
                stack = list(piece)
                while stack:
                    for other in self._near[stack.pop()]:
                        if other in left:
                            left.discard(other)
                            piece.add(other)
                            stack.append(other)
                found.append(piece)
            self._pieces[key] = found
        return self._pieces[key]

    def unmet(self) -> list[str]:
        """What the grid still gets wrong, one line each."""
        touching, board = self.touching(), self.board
        lines = [f"{'-'.join(sorted(pair))}: adjacent on the map, apart in the picture"
                 for pair in sorted(board.adjacent - touching, key=sorted)]
        lines += [f"{'-'.join(sorted(pair))}: touching in the picture, not adjacent on the map"
                  for pair in sorted(touching - board.adjacent, key=sorted)]
        for key in sorted(board.areas):
            count = len(self.pieces(key))
            if count == 0:
                lines.append(f"{key}: not drawn")
            elif count > 1:
                lines.append(f"{key}: in {count} pieces")
        return lines


def repair(canvas: Canvas, seeds: dict[str, list[Cell]]) -> None:
    """Mend a canvas in turns (pieces, extra borders, missing borders) until nothing changes;
    what is left wrong is the canvas's ``unmet``."""
    protected = {cell: key for key, cells in seeds.items() for cell in cells}
    for _ in range(_ROUNDS):
        changed = _mend_pieces(canvas, protected)
        changed |= _remove_extra(canvas, protected)
        changed |= _add_missing(canvas, protected)
        if not changed:
            break
    _mend_pieces(canvas, protected)
    _remove_extra(canvas, protected)


def _mend_pieces(canvas: Canvas, protected: dict[Cell, str]) -> bool:
    """Give every piece of an area that holds none of its seeds (or, with no seed left, every
    piece but the largest) to the areas of its kind around it."""
    orphans: set[Cell] = set()
    for key in sorted(canvas.board.areas):
        pieces = sorted(canvas.pieces(key), key=len, reverse=True)
        kept = [piece for piece in pieces if any(protected.get(cell) == key for cell in piece)] or pieces[:1]
        for piece in pieces:
            if piece not in kept:
                orphans |= piece
    if not orphans:
        return False
    frontier = [cell for cell in orphans
                if any(other not in orphans for other in canvas._neighbours(cell))]
    while frontier:
        grown = []
        for cell in sorted(frontier):
            if cell not in orphans:
                continue
            around = Counter(canvas.owner(other) for other in canvas._neighbours(cell)
                             if other not in orphans and canvas.owner(other) != NEUTRAL
                             and canvas.fits(canvas.owner(other), cell))
            if around:
                canvas.put(cell, around.most_common(1)[0][0])
                orphans.discard(cell)
                grown += [other for other in canvas._neighbours(cell) if other in orphans]
        frontier = grown
    for cell in orphans:
        canvas.put(cell, NEUTRAL)
    return True


def _remove_extra(canvas: Canvas, protected: dict[Cell, str]) -> bool:
    """Take cells off borders the map does not have, while any can be taken."""
    changed_any = False
    while True:
        changed = False
        for pair in sorted(canvas.touching() - canvas.board.adjacent, key=sorted):
            a, b = sorted(pair)
            edge = [(cell, other) for cell in sorted(canvas.cells[a]) for other in canvas._neighbours(cell)
                    if canvas.owner(other) == b]
            for cell, other in edge:
                if canvas.owner(cell) == a and canvas.owner(other) == b:
                    changed |= _retake(canvas, cell, protected) or _retake(canvas, other, protected)
        changed_any |= changed
        if not changed:
            return changed_any


def _retake(canvas: Canvas, cell: Cell, protected: dict[Cell, str]) -> bool:
    """Give a cell to the best neighbour allowed beside every cell around it (no province on
    land, if none), if its area can spare it."""
    key, board = canvas.owner(cell), canvas.board
    if cell in protected or not _can_spare(canvas, key, cell):
        return False
    around = [canvas.owner(other) for other in canvas._neighbours(cell)]
    ring = Counter(canvas.owner(other) for other in _ring(canvas, cell))
    candidates = [other for other in dict.fromkeys(around)
                  if other != key and other != NEUTRAL and canvas.fits(other, cell)]
    if canvas.is_land(cell):
        candidates.append(NEUTRAL)
    allowed = [c for c in candidates if not any(board.forbidden(c, owner) for owner in around)]
    if not allowed:
        return False
    best = max(allowed, key=lambda c: (c != NEUTRAL, ring[c]))
    canvas.put(cell, best)
    return True


def _ring(canvas: Canvas, cell: Cell) -> list[Cell]:
    col, row = cell
    return [(col + dx, row + dy) for dx, dy in _RING if 0 <= col + dx < canvas.columns and 0 <= row + dy < canvas.rows]


def _can_spare(canvas: Canvas, key: str, cell: Cell) -> bool:
    """Whether an area keeps one piece, and every border the map needs, without a cell."""
    if key == NEUTRAL:
        return True
    if len(canvas.cells[key]) <= 1:
        return False
    for other in canvas._neighbours(cell):
        pair = frozenset((key, canvas.owner(other)))
        if pair in canvas.board.adjacent:
            shared = sum(1 for next_ in canvas._neighbours(cell) if canvas.owner(next_) == canvas.owner(other))
            if canvas.edges[pair] <= shared:
                return False
    col, row = cell
    inside = [0 <= col + dx < canvas.columns and 0 <= row + dy < canvas.rows
              and canvas.owners[row + dy][col + dx] == key for dx, dy in _RING]
    runs = sum(1 for i in range(8) if inside[i] and not inside[i - 1])
    sides = [inside[i] for i in (1, 3, 5, 7)]
    if runs <= 1 or sum(sides) <= 1:
        return True
    pieces = [piece for piece in canvas.pieces(key) if cell in piece]
    rest = pieces[0] - {cell}
    start = next(iter(rest))
    seen, stack = {start}, [start]
    while stack:
        for other in canvas._neighbours(stack.pop()):
            if other in rest and other not in seen:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(rest)


def _add_missing(canvas: Canvas, protected: dict[Cell, str]) -> bool:
    """Grow a corridor for each pair the map makes adjacent that the grid keeps apart, kept
    only if, the pieces and extra borders it makes mended, fewer things are wrong than before."""
    changed = False
    for pair in sorted(canvas.board.adjacent - canvas.touching(), key=sorted):
        a, b = sorted(pair)
        if not canvas.cells.get(a) or not canvas.cells.get(b) or pair in canvas.touching():
            continue
        before = _wrong(canvas)
        if _grown(canvas, a, b, protected, before) or _grown(canvas, b, a, protected, before):
            changed = True
    return changed


def _grown(canvas: Canvas, grower: str, target: str, protected: dict[Cell, str], before: int) -> bool:
    """Try a few corridors from one area to another (each tried path avoided by the next),
    keeping the first that leaves fewer things wrong."""
    avoid: frozenset[Cell] = frozenset()
    for _ in range(_TRIES):
        found = _corridor(canvas, grower, target, protected, avoid)
        if found is None:
            return False
        undo = [(cell, canvas.owner(cell)) for cell in canvas.all_cells()]
        for cell in found[2]:
            canvas.put(cell, grower)
        _mend_pieces(canvas, protected)
        _remove_extra(canvas, protected)
        if _wrong(canvas) < before:
            return True
        for cell, key in undo:
            canvas.put(cell, key)
        avoid |= frozenset(found[2])
    return False


def _wrong(canvas: Canvas) -> int:
    """How many things a grid gets wrong: borders missing or extra, and pieces too many."""
    touching = canvas.touching()
    pieces = sum(max(len(canvas.pieces(key)) - 1, 0) for key in canvas.board.provinces)
    return len(canvas.board.adjacent ^ touching) + pieces


def _corridor(canvas: Canvas, grower: str, target: str, protected: dict[Cell, str],
              avoid: frozenset[Cell] = frozenset()) -> tuple[float, str, list[Cell]] | None:
    """The cheapest path of cells of the grower's kind from the grower to a cell beside the
    target. A cell costs one, half if it is no province's; four more for each border the map
    forbids it would make, two more for each border its owner needs that it lies on, three more
    where the path would cut across its owner (its owner's cells on both sides of the path), and
    five more if it is to be avoided (a path tried before)."""
    board = canvas.board
    best: dict[Cell, float] = {cell: 0.0 for cell in canvas.cells[grower]}
    came: dict[Cell, Cell] = {}
    queue = [(0.0, cell) for cell in sorted(canvas.cells[grower])]
    heapq.heapify(queue)
    while queue:
        cost, cell = heapq.heappop(queue)
        if cost > best[cell]:
            continue
        if canvas.owner(cell) != grower and any(canvas.owner(o) == target for o in canvas._neighbours(cell)):
            path = [cell]
            while came.get(path[-1]) is not None and canvas.owner(came[path[-1]]) != grower:
                path.append(came[path[-1]])
            return cost, grower, path
        for other in canvas._neighbours(cell):
            owner = canvas.owner(other)
            if owner in (grower, target) or other in protected or not canvas.fits(grower, other):
                continue
            near = [canvas.owner(o) for o in canvas._neighbours(other)]
            bad = sum(1 for o in near if board.forbidden(grower, o))
            needed = sum(1 for o in set(near) if o not in (owner, grower) and frozenset((owner, o)) in board.adjacent)
            dx, dy = other[0] - cell[0], other[1] - cell[1]
            sides = [(other[0] + dy, other[1] + dx), (other[0] - dy, other[1] - dx)]
            cuts = owner != NEUTRAL and all(
                0 <= x < canvas.columns and 0 <= y < canvas.rows and canvas.owners[y][x] == owner for x, y in sides)
            step = (0.5 if owner == NEUTRAL else 1.0) + 4.0 * bad + 2.0 * needed + 3.0 * cuts \
                + 5.0 * (other in avoid)
            if cost + step < best.get(other, float("inf")):
                best[other] = cost + step
                came[other] = cell
                heapq.heappush(queue, (cost + step, other))
    return None
