"""Where the Plantagenet picture puts its words and tiles, so that none covers another.

Everything placed is a box (left, top, right, bottom, in pixels) kept in a ``Room``: a new box
goes at the first of its candidate spots that meets no box already there and stays inside the
picture, lines (the Ways, the arrows) counted against a spot only as a tie-breaker or, for the
words a line must never cross, as a wall. The Locales' names are placed once for the board
(``names``), clear of every mark and Way, so that an arrow drawn along a Way never crosses one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..layers import advance
from ..outline import Box, Point, clip

Segment = tuple[Point, Point]

MARK = 7.0
"""A Locale's mark reaches this far from its point, in pixels (the largest, a city's square)."""
NAME_SIZE = 7.5


def text_box(x: float, y: float, text: str, size: float, anchor: str = "start", bold: bool = False) -> Box:
    """The box of a line of text in DejaVu Sans at ``size`` pixels, ``y`` its baseline: as wide as
    the font advances, from its ascenders to its descenders, a pixel to spare all round (what a
    reader sees as the words: ``layers.text_bounds``, the pixels they may touch, is wider)."""
    width = _advance(text, size, bold)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return left - 1, y - 0.78 * size - 1, left + width + 1, y + 0.24 * size + 1


@lru_cache(maxsize=4096)
def _advance(text: str, size: float, bold: bool) -> float:
    return advance(text, size, bold)


def meets(a: Box, b: Box) -> bool:
    """Whether two boxes overlap (touching edges do not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def around(x: float, y: float, reach: float) -> Box:
    return x - reach, y - reach, x + reach, y + reach


def touching(lines: Iterable[Segment], region: Box) -> list[Segment]:
    """The lines whose bounds touch a region's: the only ones that may cross a box inside it."""
    return [line for line in lines if not (
        (line[0][0] < region[0] and line[1][0] < region[0]) or (line[0][0] > region[2] and line[1][0] > region[2])
        or (line[0][1] < region[1] and line[1][1] < region[1]) or (line[0][1] > region[3] and line[1][1] > region[3]))]


def crosses(box: Box, segment: Segment) -> bool:
    """Whether a line segment passes through a box (``clip``, after a quick look at its bounds)."""
    (x1, y1), (x2, y2) = segment
    if (x1 < box[0] and x2 < box[0]) or (x1 > box[2] and x2 > box[2]) or (y1 < box[1] and y2 < box[1]) \
            or (y1 > box[3] and y2 > box[3]):
        return False
    return clip(segment[0], segment[1], box) is not None


class Room:
    """The boxes and lines placed so far on a picture of ``width`` by ``height`` pixels."""

    def __init__(self, width: float, height: float, boxes: Iterable[Box] = (),
                 lines: Iterable[Segment] = ()) -> None:
        self.width, self.height = width, height
        self.boxes: list[Box] = list(boxes)
        self.lines: list[Segment] = list(lines)

    def copy(self) -> Room:
        return Room(self.width, self.height, self.boxes, self.lines)

    def near(self, region: Box) -> Room:
        """The room as seen by boxes inside ``region``: only the boxes that meet it, and the
        lines that may touch it (what ``free`` and ``crossings`` of such a box look at, found
        once for many spots)."""
        return Room(self.width, self.height, (box for box in self.boxes if meets(box, region)),
                    touching(self.lines, region))

    def free(self, box: Box) -> bool:
        """Whether a box lies inside the picture and meets no box placed."""
        if box[0] < 0 or box[1] < 0 or box[2] > self.width or box[3] > self.height:
            return False
        return not any(meets(box, other) for other in self.boxes)

    def crossings(self, box: Box) -> int:
        """How many of the lines placed pass through a box."""
        return sum(1 for line in self.lines if crosses(box, line))

    def best(self, boxes: Sequence[Box], walls: bool = False) -> int | None:
        """The first free box of several crossed by no line (``walls``: or None if none is), else
        the free one crossed by fewest; None if none is free."""
        found: tuple[int, int] | None = None
        for number, box in enumerate(boxes):
            if not self.free(box):
                continue
            crossed = self.crossings(box)
            if crossed == 0:
                return number
            if not walls and (found is None or crossed < found[0]):
                found = (crossed, number)
        return None if found is None else found[1]


Label = tuple[tuple[float, float, str], ...]
"""A name as written: each line's start point, baseline and words."""
SMALL_NAME = 6.5
LEADING = 8.0  # from one line of a name to the next


def label_boxes(label: Label, size: float) -> list[Box]:
    return [text_box(x, y, words, size) for x, y, words in label]


def _union(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def forms(name: str) -> list[tuple[float, tuple[str, ...]]]:
    """How a name may be written, most wanted first: on one line; a name of several words on two
    (split nearest its middle); smaller."""
    found: list[tuple[float, tuple[str, ...]]] = [(NAME_SIZE, (name,))]
    words = name.split(" ")
    if len(words) > 1:
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        found.append((NAME_SIZE, (" ".join(words[:cut]), " ".join(words[cut:]))))
    found.append((SMALL_NAME, (name,)))
    return found


def name_spots(x: float, y: float, lines: tuple[str, ...], size: float, toward: float | None = None) -> list[Label]:
    """Where a Locale's name may go, nearest first: beside, above, below and at the corners of
    its mark, then all round it a little farther out; ``toward`` (degrees, 0 right, 90 below):
    in that direction first."""
    shape = [text_box(0, number * LEADING, line, size) for number, line in enumerate(lines)]
    left, top, right, bottom = _union(shape)
    width, height = right - left, bottom - top
    spots = []
    preferred = (0.0, 180.0, 270.0, 90.0, 315.0, 225.0, 45.0, 135.0)
    angles = preferred + tuple(float(a) for a in range(0, 360, 15) if a not in preferred)
    if toward is not None:
        angles = (toward, *angles)
    for reach in (MARK + 1, MARK + 4, MARK + 8, MARK + 13, MARK + 19, MARK + 26):
        for angle in angles:
            dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            cx = x + dx * (reach + width / 2 * abs(dx))
            cy = y + dy * (reach + height / 2 * abs(dy))
            # lines centred on each other: each line's start moved by half the difference in width
            ox, oy = cx - width / 2 - left, cy - height / 2 - top
            spots.append(tuple(
                (ox + ((right - left) - (box[2] - box[0])) / 2, oy + number * LEADING, line)
                for number, (line, box) in enumerate(zip(lines, shape))))
    return spots


def gap(box: Box, point: Point) -> float:
    """How far a point lies from a box (0 inside it)."""
    return math.dist(point, (min(max(point[0], box[0]), box[2]), min(max(point[1], box[1]), box[3])))


def _nearer_another(box: Box, name: str, points: dict[str, Point]) -> bool:
    """Whether a name's box lies nearer another Locale's point than its own (a reader would take
    it for the other's)."""
    own = gap(box, points[name])
    return any(gap(box, point) < own for other, point in points.items() if other != name)


def _searched(room: Room, points: dict[str, Point], name: str,
              ways: list[tuple[float, tuple[str, ...]]]) -> tuple[tuple[int, bool], float, Label] | None:
    """A name's nearest place, looked for pixel by pixel within 30 pixels of its mark, crossed by
    no line and nearer its own Locale than any other; None if there is none."""
    x, y = points[name]
    found: tuple[float, tuple[tuple[int, bool], float, Label]] | None = None
    shapes = [[text_box(0, number * LEADING, line, size) for number, line in enumerate(lines)] for size, lines in ways]
    reach = max(max(box[2] - box[0], box[3] - box[1]) for shape in shapes for box in [_union(shape)]) / 2 + 40
    room = room.near(around(x, y, reach))  # all that a name within 30 pixels of its mark may meet
    points = {other: point for other, point in points.items() if math.dist(point, (x, y)) <= 3 * reach}
    for (size, lines), shape in zip(ways, shapes):
        left, top, right, bottom = _union(shape)
        for dy in range(-30, 31, 2):
            for dx in range(-30, 31, 2):
                ox, oy = x + dx - (right - left) / 2 - left, y + dy - (bottom - top) / 2 - top
                label = tuple((ox + ((right - left) - (box[2] - box[0])) / 2, oy + number * LEADING, line)
                              for number, (line, box) in enumerate(zip(lines, shape)))
                boxes = label_boxes(label, size)
                whole = _union(boxes)
                distance = gap(whole, (x, y))
                if distance < MARK or (found is not None and distance >= found[0]):
                    continue
                if all(room.free(box) for box in boxes) and not any(room.crossings(box) for box in boxes) \
                        and not _nearer_another(whole, name, points):
                    found = (distance, ((0, False), size, label))
    return found[1] if found else None


def place_names(room: Room, points: dict[str, Point], order: Sequence[str],
                towards: dict[str, float] | None = None, strict: bool = False) -> dict[str, tuple[float, Label]]:
    """Each Locale's name placed in ``room`` (its marks and fixed boxes already there), in
    ``order``: in the first form (``forms``) and at the first spot crossed by no line and
    nearer its own Locale than any other, else at the spot of any form crossed by fewest lines
    (and then nearer its own); ``strict``: a ValueError at the first name with no such spot."""
    placed = {}
    for name in order:
        x, y = points[name]
        best: tuple[tuple[int, bool], float, Label] | None = None
        ways = forms(name)
        reach = max(_advance(line, size, False) for size, lines in ways for line in lines) + MARK + 26 + 2 * LEADING
        near = room.near(around(x, y, reach))  # all that any of its spots may meet or be crossed by
        # the Locales a spot may lie nearer than its own: within three times as far as any spot reaches
        near_points = {other: point for other, point in points.items() if math.dist(point, (x, y)) <= 3 * reach}
        for size, lines in ways:
            for label in name_spots(x, y, lines, size, (towards or {}).get(name)):
                boxes = label_boxes(label, size)
                if not all(near.free(box) for box in boxes):
                    continue
                score = (sum(near.crossings(box) for box in boxes), _nearer_another(_union(boxes), name, near_points))
                if best is None or score < best[0]:
                    best = (score, size, label)
                if score == (0, False):
                    break
            if best is not None and best[0] == (0, False):
                break
        if best is None or best[0] != (0, False):
            best = _searched(room, points, name, forms(name)) or best
        if best is None or (strict and best[0] != (0, False)):
            raise ValueError(f"no room for the name of {name}" + (" crossed by no line, nearer it than any other"
                                                                  if best is not None else ""))
        placed[name] = (best[1], best[2])
        room.boxes.extend(label_boxes(best[2], best[1]))
    return placed


def crowded_first(points: dict[str, Point], reach: float = 60.0) -> list[str]:
    """The Locales, those with most others near them first (ties by name)."""
    def near(name: str) -> int:
        return sum(1 for other, point in points.items() if other != name and math.dist(point, points[name]) < reach)
    return sorted(points, key=lambda name: (-near(name), name))


_TURNS = [(math.cos(math.radians(angle)), math.sin(math.radians(angle))) for angle in range(0, 360, 15)]
"""The directions a stack's rings of spots are tried in, every 15 degrees."""


def stack_spots(x: float, y: float, width: float, height: float) -> list[Box]:
    """Where a stack of Lord tiles ``width`` by ``height`` may stand near a point: touching its
    mark on each side first, then in rings farther out (a leader line joins it to the mark)."""
    boxes = []
    for reach in (MARK, MARK + 3, MARK + 7, MARK + 12, MARK + 20, MARK + 32, MARK + 46, MARK + 62, MARK + 80):
        for dx, dy in _TURNS:
            # the box's nearest edge at ``reach`` from the point, in that direction
            cx = x + dx * (reach + width / 2 * abs(dx))
            cy = y + dy * (reach + height / 2 * abs(dy))
            boxes.append((cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2))
    return boxes


def touching_spots(x: float, y: float, width: float, height: float, step: float = 3.0) -> list[Box]:
    """Where a stack of Lord tiles ``width`` by ``height`` may stand touching a point's mark, its
    edge ``MARK`` from the point: slid along each side of the mark every ``step`` pixels, as far as
    the stack still reaches across the point, those with its middle nearest the point first."""
    boxes = []
    for along in range(0, int(max(width, height) / 2 / step) + 1):
        shift = along * step
        for sign in (1, -1) if shift else (1,):
            if shift <= height / 2:  # beside the mark, right and left
                top = y - height / 2 + sign * shift
                boxes += [(x + MARK, top, x + MARK + width, top + height), (x - MARK - width, top, x - MARK, top + height)]
            if shift <= width / 2:  # under and over it
                left = x - width / 2 + sign * shift
                boxes += [(left, y + MARK, left + width, y + MARK + height), (left, y - MARK - height, left + width, y - MARK)]
    return boxes
