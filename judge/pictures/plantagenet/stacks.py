"""The Lords on the Plantagenet picture: each Lord's tile (his name, Forces, Vassals, Coin and
Provender as the reader's view holds them) and where a place's stack of tiles stands: beside its
Locale's mark, nearer it than any other Locale where it may be; and the room the names leave each
Locale for a tile (``room_for_tiles``), found once with the board's layout."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from functools import lru_cache
from html import escape
from typing import Any

from judge.games.plantagenet.data import BOARD, LORD_SIDE, TROOPS

from ..layers import advance, around as bounds_around, piece, union
from ..outline import Box, Point
from ..style import INK, ink_on
from ..words import Words
from .board import Geometry
from .layout import (MARK, Label, Room, Segment, crosses, crowded_first, gap, label_boxes, meets, place_names,
                     stack_spots, touching, touching_spots)

TROOP_LETTERS = {"men_at_arms": "MA", "longbowmen": "LB", "militia": "MI", "mercenaries": "ME", "burgundians": "BU"}
"""How a tile writes each Troop type (1.6): Men-at-Arms, Longbowmen, Militia, Mercenaries,
Burgundians (Handgunners)."""
TILE_NAME, TILE_FORCES = 7.5, 7.0  # the font sizes of a Lord tile's two lines
TILE_HEIGHT = 20.0
WAY_COST = 6.0
"""How many pixels farther from its Locale a stack may stand to lie over one Way fewer."""
NEIGHBOURS = 100.0
"""How near a Locale its neighbours whose names may move to leave it room for a tile."""
TOUCH = MARK + 1.0
"""A stack whose box comes this near its Locale's point touches the Locale's mark (1.3.1: a Lord
stands at his Locale)."""
Score = tuple[bool, bool, float]
"""How well a stack stands: whether apart from its Locale's mark (farther than ``TOUCH``), whether
as near another Locale as its own, and how far (a Way under it counted a few pixels farther)."""
LEADER = MARK + 4
"""A stack farther than this from its Locale's point is joined to its mark by a line."""
COLUMNS = 2
"""A stack of several Lords may stand in this many columns of tiles, where that lets it stand
nearer its Locale."""
GUTTER = 2.0
NEAR = 30.0
"""How far at most a stack stands from its Locale's point, joined to its mark by a line; a stack
whose tiles cannot stand so near is a badge (``BADGE`` high) touching the mark, its tiles in the
key beside the map."""
BADGE = 12.0
HOME = (82.0, TILE_HEIGHT - 1)
"""The size of a Lord's tile, with his Forces, Coin and Provender, that the names leave room for
beside each Locale."""


def room_for_tiles(geo: Geometry, fixed: list[Box], lines: list[Segment], names: dict[str, tuple[float, Label]],
                    towards: dict[str, float]) -> tuple[Room, dict[str, tuple[float, Label]], dict[str, Box]]:
    """The names placed again where they leave a Locale no room for a tile (``HOME``) nearer it
    than any other Locale: its own and its neighbours' (``NEIGHBOURS``), around such a room kept
    for it, when they are then crossed by no more Ways and no more of them lie nearer another
    Locale than their own. Then the room the names leave each Locale for a tile, where they do."""
    points = geo.network.points

    def room_of(placed: dict[str, tuple[float, Label]], keep: list[Box]) -> Room:
        return Room(geo.width, geo.height, [*fixed, *keep, *(box for size, label in placed.values()
                                                             for box in label_boxes(label, size))], lines)

    def tile(room: Room, name: str, placed: dict[str, tuple[float, Label]],
             first: bool = False) -> tuple[Score, Box] | None:
        others = [point for other, point in points.items() if other != name]
        words = [box for size, label in placed.values() for box in label_boxes(label, size)]
        return _spot(room, [], words, points[name], others, *HOME, first=first, least=MARK)

    def worse(room: Room, placed: dict[str, tuple[float, Label]]) -> tuple[int, int]:
        """How many Ways cross the names placed, how many lie nearer another Locale than their own."""
        return (sum(room.crossings(box) for size, label in placed.values() for box in label_boxes(label, size)),
                sum(_nearer(other, written, points) for other, written in placed.items()))

    now = room_of(names, [])
    found = {name: tile(now, name, names, first=True) for name in points}
    kept: dict[str, Box] = {}  # the rooms made so far, kept when names move for another
    failed: set[str] = set()  # the Locales tried in vain
    for _ in range(3):  # again while a name moved for one Locale takes another's room
        lacking = [name for name in crowded_first(points)
                   if ((spot := found[name]) is None or not well(spot[0])) and name not in failed]
        written: list[Box] = []  # the names written again
        for name in lacking:
            failed.add(name)  # but if its names are written again
            moved = [name, *sorted((other for other in points if other != name
                                    and math.dist(points[other], points[name]) < NEIGHBOURS),
                                   key=lambda other: math.dist(points[other], points[name]))]
            rest = {other: label for other, label in names.items() if other not in moved}
            home = tile(room_of(rest, []), name, rest)
            if home is None or home[0][0]:  # no room touching its mark
                continue
            xs, ys = [points[other][0] for other in moved], [points[other][1] for other in moved]
            room = room_of(rest, [home[1], *(box for other, box in kept.items() if other != name)]).near(
                (min(xs) - 90, min(ys) - 90, max(xs) + 90, max(ys) + 90))  # all a moved name may meet
            was = worse(now, {other: names[other] for other in moved})
            try:  # when every name moved was well placed, so must they be again: given up at the first not
                placed = place_names(room, points, moved, towards, strict=was == (0, 0))
            except ValueError:
                continue
            if worse(room, placed) <= was:
                names = {**rest, **placed}
                now = room_of(names, [])
                kept[name] = home[1]
                failed.discard(name)
                written += [box for size, label in placed.values() for box in label_boxes(label, size)]
        if not written:
            break
        for name, spot in found.items():  # each room a name written again may take, or its line cross
            if spot is None or not well(spot[0]) or any(meets(spot[1], box) or crosses(box, (points[name], nearest(
                    spot[1], points[name]))) for box in written):
                found[name] = tile(now, name, names, first=True)
    homes = {name: spot[1] for name, spot in found.items() if spot is not None and not spot[0][0]}
    return now, names, homes


def well(score: Score) -> bool:
    """Whether a stack so scored touches its Locale's mark and lies nearer it than any other."""
    return not score[0] and not score[1]


def _nearer(name: str, written: tuple[float, Label], points: dict[str, Point]) -> bool:
    """Whether a name as written lies nearer another Locale than its own."""
    boxes = label_boxes(written[1], written[0])
    whole = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    own = gap(whole, points[name])
    return any(gap(whole, point) < own for other, point in points.items() if other != name)


def short(name: str) -> str:
    """A Lord's name as a tile writes it (Northumberland shortened)."""
    return name.replace("Northumberland", "Northumb.")


def forces(entry: dict[str, Any], assets: bool = True) -> str:
    """A Lord's Forces as the reader may see them: each Troop type's count, and his Vassals, then
    his Coin and Provender (1.7; ``assets`` False: not them, where the tile is narrow); with
    Hidden Mats (1.5.3) an enemy's mat is not in the view, and the tile says so."""
    if "troops" not in entry:
        return "forces hidden"
    troops = [f"{entry['troops'][kind]}{TROOP_LETTERS[kind]}" for kind in TROOPS if entry["troops"].get(kind)]
    vassals = len(entry.get("vassals", []))
    said = " ".join(troops + ([f"+{vassals}V"] if vassals else [])) or "retinue only"
    held = entry.get("assets", {})
    return f"{said} \u00b7 {held.get('coin', 0)}C {held.get('provender', 0)}P" if assets and "assets" in entry else said


def tile_width(lords: list[tuple[str, dict[str, Any]]], assets: bool = True) -> float:
    """How wide the tiles of some Lords are, each as wide as the widest (``assets`` False: without
    Coin and Provender)."""
    widest = max(max(advance(short(name), TILE_NAME, bold=True), advance(forces(entry, assets), TILE_FORCES))
                 for name, entry in lords)
    return 2 * math.ceil((widest + 8) / 2)


def tiles(lords: list[tuple[str, dict[str, Any]]], left: float, top: float, width: float, words: Words,
          assets: bool = True) -> str:
    """The tiles of a stack, one under another from (left, top), their words added to ``words``
    (``assets`` False: without Coin and Provender, for an Exile box's two columns)."""
    parts = []
    for number, (name, entry) in enumerate(lords):
        side = LORD_SIDE[name]
        colour = _colour(side)
        ink = ink_on(colour)
        y = top + number * TILE_HEIGHT
        about = f'data-lord="{escape(name)}" '
        parts.append(
            f'<rect class="lord" data-lord="{escape(name)}" data-side="{side}" x="{left:.1f}" y="{y:.1f}" '
            f'width="{width:.1f}" height="{TILE_HEIGHT - 1:.1f}" rx="2" fill="{colour}" stroke="{INK}" '
            f'stroke-width="0.8"><title>{escape(name)}</title></rect>')
        words.add(f'class="lord-names" font-size="{TILE_NAME}" font-weight="bold" fill="{ink}"',
                  left + 3, y + 8.5, short(name), about)
        words.add(f'class="lord-forces" font-size="{TILE_FORCES}" fill="{ink}"', left + 3, y + 16.8,
                  forces(entry, assets), about)
    return "".join(parts)


def _colour(side: str) -> str:
    return {"York": "#f6f1de", "Lancaster": "#b3262d"}[side]


def stack(geo: Geometry, room: Room, hard: list[Segment], place: str, lords: list[tuple[str, dict[str, Any]]],
          names: list[Box], home: Box | None,
          key: Callable[[str, list[tuple[str, dict[str, Any]]]], bool] | None = None) -> tuple[list[str], Box, bool]:
    """A place's Lords as a stack of tiles beside its mark (or under a Sea's name), where it
    covers no name, mark, tile or arrow; joined to the mark by a thin line when set apart. Where
    its tiles cannot touch a Locale's mark, nor stand within ``NEAR`` of it (a stack of several
    Lords nearer it than any other Locale), a badge touching the mark instead (a lone Lord's name
    where that touches, else how many Lords), if the ``key`` takes the tiles (it says whether it
    did). Its pieces, the box it takes with its mark, and whether it is a badge."""
    width = tile_width(lords)
    if place in BOARD.seas:
        x, y = geo.seas[place]
        anchor = (x, y + 10)
    else:
        x, y = geo.network.points[place]
        anchor = (x, y)
    others = [point for name, point in geo.network.points.items() if name != place] if place in BOARD.locales else []
    chosen: tuple[Score, Box, int] | None = None
    for columns in range(1, min(len(lords), COLUMNS) + 1):  # in one column, or side by side where that is better
        across, down = columns * width + (columns - 1) * GUTTER, TILE_HEIGHT * math.ceil(len(lords) / columns) - 1
        spot = _spot(room, hard, names, anchor, others, across, down,
                     [_from_home(home, anchor, across, down)] if home is not None else [],
                     least=MARK if place in BOARD.locales else 0.0)  # none nearer than the mark's edge
        if spot is not None and (chosen is None or spot[0] < chosen[0]):
            chosen = (*spot, columns)
        if chosen is not None and well(chosen[0]):
            break
    if place in BOARD.locales and key is not None and (chosen is None or chosen[0][0] and (
            gap(chosen[1], anchor) > NEAR or len(lords) > 1 and any(
                gap(chosen[1], point) < gap(chosen[1], anchor) for point in others))):
        sayings = [(short(lords[0][0]), TOUCH)] if len(lords) == 1 else []  # a lone Lord named, touching the mark
        sayings.append((f"{len(lords)} Lord{'s' if len(lords) > 1 else ''}", NEAR))
        for said, within in sayings:
            across = 2 * math.ceil((advance(said, TILE_NAME, bold=True) + 6) / 2)
            spot = _spot(room, hard, names, anchor, others, across, BADGE, least=MARK)
            if spot is not None and gap(spot[1], anchor) <= within:
                if key(place, lords):
                    return _badge(room, place, lords, said, spot[1], anchor), _with(spot[1], anchor), True
                break
    if chosen is None:
        chosen = ((True, False, 0.0), _anywhere(room, hard, anchor, width, TILE_HEIGHT * len(lords) - 1, names), 1)
    _, box, columns = chosen
    room.boxes.append(box)
    words = Words()
    left, top, right, bottom = box
    leader = ""
    apart = math.dist(anchor, nearest(box, anchor))
    if place in BOARD.locales and apart > LEADER:
        ex, ey = nearest(box, anchor)
        dx, dy = ex - anchor[0], ey - anchor[1]
        sx, sy = anchor[0] + dx / apart * (MARK - 1), anchor[1] + dy / apart * (MARK - 1)
        leader = (f'<line class="leader" x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" '
                  f'stroke="{INK}" stroke-width="0.8"/>')
        room.lines.append(((sx, sy), (ex, ey)))
    drawn = columned(lords, left, top, width, columns, words)
    element = (f'<g class="stack" data-place="{escape(place)}">{leader}{drawn}{"".join(words.elements())}</g>')
    reach = [bounds_around([(left, top), (right, bottom)], 1.5)]
    if leader:
        reach.append(bounds_around([anchor, nearest(box, anchor)], 2))
    return [piece(element, union(*reach))], _with(box, anchor), False


def columned(lords: list[tuple[str, dict[str, Any]]], left: float, top: float, width: float, columns: int,
             words: Words) -> str:
    """A stack's tiles in ``columns`` side by side from (left, top), the first Lords in the first."""
    rows = math.ceil(len(lords) / columns)
    return "".join(tiles(lords[number * rows:(number + 1) * rows], left + number * (width + GUTTER), top, width, words)
                   for number in range(columns))


def _with(box: Box, anchor: Point) -> Box:
    """A stack's box with its place's point."""
    return min(box[0], anchor[0]), min(box[1], anchor[1]), max(box[2], anchor[0]), max(box[3], anchor[1])


def _badge(room: Room, place: str, lords: list[tuple[str, dict[str, Any]]], said: str, box: Box,
           anchor: Point) -> list[str]:
    """A stack as a badge in its side's colour saying how many Lords stand there, or a lone Lord's
    name (their tiles in the key beside the map)."""
    room.boxes.append(box)
    left, top, right, bottom = box
    side = LORD_SIDE[lords[0][0]]
    colour = _colour(side)
    who = ", ".join(name for name, _ in lords)
    leader = ""
    apart = gap(box, anchor)
    if apart > LEADER:
        ex, ey = nearest(box, anchor)
        sx, sy = anchor[0] + (ex - anchor[0]) / apart * (MARK - 1), anchor[1] + (ey - anchor[1]) / apart * (MARK - 1)
        leader = (f'<line class="leader" x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" '
                  f'stroke="{INK}" stroke-width="0.8"/>')
        room.lines.append(((sx, sy), (ex, ey)))
    element = (f'<g class="stack" data-place="{escape(place)}" data-form="badge" data-lords="{escape(who)}">{leader}'
               f'<rect class="badge" data-side="{side}" x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
               f'height="{bottom - top:.1f}" rx="5" fill="{colour}" stroke="{INK}" stroke-width="0.8">'
               f'<title>{escape(who)}</title></rect>'
               f'<text class="badge-words" font-size="{TILE_NAME}" font-weight="bold" fill="{ink_on(colour)}" '
               f'x="{left + 3:.1f}" y="{bottom - 3.2:.1f}">{escape(said)}</text></g>')
    reach = [bounds_around([(left, top), (right, bottom)], 1.5)]
    if leader:
        reach.append(bounds_around([anchor, nearest(box, anchor)], 2))
    return [piece(element, union(*reach))]


REACH = (20.0, 36.0)
"""How far from its place's point, across and down, a stack's edge may stand in the pixel search."""


@lru_cache(maxsize=64)
def around_grid(width: float, height: float) -> tuple[range, range, list[tuple[int, int]]]:
    """Where the middle of a stack ``width`` by ``height`` may go in the pixel search, every 3
    pixels across and down from its place's point, as far as its edge comes within ``REACH``: the
    offsets across, down, and the cells (column, row) nearest first."""
    across = range(-3 * int((width / 2 + REACH[0]) // 3), 3 * int((width / 2 + REACH[0]) // 3) + 1, 3)
    down = range(-3 * int((height / 2 + REACH[1]) // 3), 3 * int((height / 2 + REACH[1]) // 3) + 1, 3)
    cells = sorted(((column, row) for column in range(len(across)) for row in range(len(down))),
                   key=lambda cell: math.hypot(across[cell[0]], down[cell[1]]))
    return across, down, cells


def _free_around(room: Room, anchor: Point, width: float, height: float) -> list[Box]:
    """The boxes ``width`` by ``height`` whose middles are on the ``around_grid`` of an ``anchor``
    that are free in a ``room`` (``Room.free``), nearest first, found for them all at once: each
    box placed rules out a span of them across and a span down (the same comparisons of the same
    numbers as ``Room.free`` makes, in a fraction of the time)."""
    across, down, cells = around_grid(width, height)
    lefts = [anchor[0] + dx - width / 2 for dx in across]
    rights = [anchor[0] + dx + width / 2 for dx in across]
    tops = [anchor[1] + dy - height / 2 for dy in down]
    bottoms = [anchor[1] + dy + height / 2 for dy in down]
    inside = [0 <= left and right <= room.width for left, right in zip(lefts, rights)]
    taken = [0 if 0 <= top and bottom <= room.height else -1 for top, bottom in zip(tops, bottoms)]
    for other in room.boxes:  # meets(box, other) where the box's spans and the other's overlap
        first, last = bisect_right(rights, other[0]), bisect_left(lefts, other[2])
        if first < last:
            span = (1 << last) - (1 << first)
            for row in range(bisect_right(bottoms, other[1]), bisect_left(tops, other[3])):
                taken[row] |= span
    return [(lefts[column], tops[row], rights[column], bottoms[row]) for column, row in cells
            if inside[column] and not taken[row] >> column & 1]


def _from_home(home: Box, anchor: Point, width: float, height: float) -> Box:
    """A stack's box where a Locale's room for a tile is (``Layout.homes``): at its corner or side
    nearest the Locale, reaching away from it."""
    def span(low: float, high: float, at: float, size: float) -> tuple[float, float]:
        if low >= at:
            return low, low + size
        if high <= at:
            return high - size, high
        return (low + high - size) / 2, (low + high + size) / 2

    (left, right), (top, bottom) = span(home[0], home[2], anchor[0], width), span(home[1], home[3], anchor[1], height)
    return left, top, right, bottom


def _spot(room: Room, hard: list[Segment], names: list[Box], anchor: Point, others: list[Point], width: float,
          height: float, first_spots: list[Box] | None = None, first: bool = False,
          least: float = 0.0) -> tuple[Score, Box] | None:
    """Where a stack ``width`` by ``height`` stands by its place's ``anchor``, and how well: free,
    over no arrow (``hard``), its leader over no name, touching its mark if it may, then nearer
    its place than any of the ``others`` if it may be, then as near it as may be, a Way under it
    counted as a few pixels farther. The ``first_spots``, the spots touching the mark and the
    rings around it first (``touching_spots``, ``stack_spots``), then, if none there touches the
    mark, every spot near it pixel by pixel, for the shortest line (``first``: the first spot that
    touches the mark nearer it than the others; else the first as near as any may be, ``least``
    from the anchor and over no Way). None if none is free."""
    if first_spots:  # the first spots alone first, looking only at what lies near them
        _, best = _looking(room, hard, names, anchor, others, width, height, first_spots, first, least)
        chosen = best(first_spots, None)
        if chosen is not None and well(chosen[0]) and (first or chosen[0][2] <= least):
            return chosen
    spots = [*(first_spots or []), *touching_spots(anchor[0], anchor[1], width, height),
             *stack_spots(anchor[0], anchor[1], width, height)]
    near, best = _looking(room, hard, names, anchor, others, width, height, spots, first, least)
    chosen = best(spots, near.free)
    if chosen is None or chosen[0][0]:  # set apart: a nearer spot, pixel by pixel (a touching one is there)
        found = best(_free_around(near, anchor, width, height), lambda box: True)
        chosen = found if chosen is None or (found is not None and found[0] < chosen[0]) else chosen
    return chosen


Best = Callable[[list[Box], Callable[[Box], bool] | None], tuple[Score, Box] | None]


def _looking(room: Room, hard: list[Segment], names: list[Box], anchor: Point, others: list[Point], width: float,
             height: float, spots: list[Box], first: bool, least: float) -> tuple[Room, Best]:
    """What lies near some ``spots`` for a stack (the room's boxes and lines, the arrows, the
    names, the other Locales: every spot, and its line to the anchor, lies in their region),
    and how the best of those spots, or of others in that region, is found (``_spot``; free as
    the room near says, unless told otherwise)."""
    region = (min(anchor[0], *(b[0] for b in spots)), min(anchor[1], *(b[1] for b in spots)),
              max(anchor[0], *(b[2] for b in spots)), max(anchor[1], *(b[3] for b in spots)))
    near = room.near(region)
    near_hard = touching(hard, region)
    near_names = [name for name in names
                  if name[0] <= region[2] and region[0] <= name[2] and name[1] <= region[3] and region[1] <= name[3]]
    near_others = sorted((math.dist(anchor, point), point) for point in others if gap(region, point) < 90)
    diagonal = math.hypot(width, height)

    def best(boxes: list[Box], free: Callable[[Box], bool] | None) -> tuple[Score, Box] | None:
        free = free or near.free
        chosen: tuple[Score, Box] | None = None
        for box in boxes:
            own = gap(box, anchor)
            apart = own > TOUCH
            reach = 2 * own + diagonal  # no Locale farther from the anchor is as near the box
            nearer: bool | None = False if apart else None  # a leader joins it to its own: the nearest will do
            if chosen is not None and own >= chosen[0][2]:  # it can do better only if nearer than the others
                if apart or not chosen[0][1] or (nearer := any(
                        gap(box, point) <= own for far, point in near_others if far <= reach)):
                    continue
            if free(box) and not any(crosses(box, line) for line in near_hard) and (own <= LEADER or not any(
                    crosses(name, (anchor, nearest(box, anchor))) for name in near_names)):  # no leader, or over no name
                if nearer is None:
                    nearer = any(gap(box, point) <= own for far, point in near_others if far <= reach)
                if chosen is not None and (apart, nearer, own) >= chosen[0]:
                    continue  # no better over no Way
                score = (apart, nearer, own + WAY_COST * near.crossings(box))
                if chosen is None or score < chosen[0]:
                    chosen = (score, box)
                    if well(score) and (first or score[2] <= least):
                        break
        return chosen

    return near, best


def _anywhere(room: Room, hard: list[Segment], anchor: Point, width: float, height: float,
              names: list[Box]) -> Box:
    """A stack's box when no spot near its place is free: the nearest free spot on the picture
    whose leader to it crosses no name."""
    best: tuple[float, Box] | None = None
    for top in range(0, int(room.height - height), 6):
        for left in range(0, int(room.width - width), 6):
            box = (float(left), float(top), left + width, top + height)
            if room.free(box) and not any(crosses(box, line) for line in hard) \
                    and not any(crosses(name, (anchor, nearest(box, anchor))) for name in names):
                far = math.dist(anchor, nearest(box, anchor))
                if best is None or far < best[0]:
                    best = (far, box)
    if best is None:
        raise ValueError("no room on the picture for a stack")
    return best[1]


def nearest(box: Box, point: Point) -> Point:
    return min(max(point[0], box[0]), box[2]), min(max(point[1], box[1]), box[3])
