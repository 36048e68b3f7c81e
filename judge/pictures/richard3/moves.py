"""What a phase's report draws on the Richard III map (issue 18, point 9): the moves just made,
by land (turning beside every name it would cross), by sea (along a sea lane, ``lanes.py``),
retreats (6.6) and regroups (6.7) as moves by land, and home at the end of a campaign (8.3, 8.4),
the reader's named and the enemy's as far as his view shows them; and the blocks recruited
(5.4), as a mark on the area they were put in. Every arrow starts from the blocks of the area it
leaves (or beside its name) and stops short of the stack it reaches, its head and its count where
they hide no name (``layout.py``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from judge.games.richard3.data import BOARD

from ..layers import around, piece, tiles_along
from ..outline import Box, Point
from ..style import INK
from .lanes import sea_lane
from .layout import Stack, around_boxes, around_point, arrow_ends, head, spot_for
from .marks import ENEMY_INK, MOVE_DASHES, recruit_badge



@dataclass
class Drawn:
    """The pieces a report draws, and the boxes of the marks placed, for others to keep clear of."""

    parts: list[str]
    marks: list[Box]


def report_marks(stacks: Mapping[str, Stack], names: Sequence[Box], reader: str | None,
                 events: list[dict[str, Any]]) -> Drawn:
    """The moves and recruits of a report's ``events`` as ``reader`` may see them, drawn between
    and beside the areas' ``stacks``, clear of the ``names``."""
    drawn = Drawn([], [])
    for (side, kind, path), blocks in _moves(stacks, events).items():
        _arrow(drawn, stacks, names, side == reader, side, kind, path, blocks)
    for (side, area), blocks in _recruits(events).items():
        _recruit(drawn, stacks[area], names, side == reader, side, area, blocks)
    return drawn


def _name(block: Any) -> str:
    """A block's name, from a name (report_view), an id, or nothing (hidden)."""
    block = str(block or "")
    return BOARD.blocks[block].name if block in BOARD.blocks else block


def _moves(stacks: Mapping[str, Stack], events: list[dict[str, Any]]
           ) -> dict[tuple[str, str, tuple[str, ...]], list[str]]:
    """Blocks that went the same way together, by house, kind of move and way."""
    groups: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}
    for event in events:
        kind = event.get("type")
        if kind not in MOVE_DASHES:
            continue
        way = event.get("path") or [event.get("from") or event.get("area"), event.get("to")]
        path = tuple(str(area) for area in way if area in stacks)
        if len(path) < 2 or path[0] == path[-1]:
            continue  # a block that stayed, or went to the pool
        groups.setdefault((str(event.get("side") or ""), str(kind), path), []).append(_name(event.get("block")))
    return groups


def _recruits(events: list[dict[str, Any]]) -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {}
    for event in events:
        if event.get("type") == "recruit" and event.get("area") in BOARD.areas:
            found.setdefault((str(event.get("side") or ""), str(event["area"])), []).append(_name(event.get("block")))
    return found


def _arrow(drawn: Drawn, stacks: Mapping[str, Stack], names: Sequence[Box], own: bool, side: str,
           kind: str, path: tuple[str, ...], blocks: list[str]) -> None:
    """One arrow through the areas of a move's path (by sea, along the lane), its head clear of
    every name, with how many went when more than one did."""
    middle = [stacks[area].passing() for area in path[1:-1]]
    if kind == "sea move":
        middle = list(sea_lane(path[0], path[-1]))
    end = stacks[path[-1]].passing()
    start = stacks[path[0]].passing((middle or [end])[0])
    way = [start, *middle, end] if kind == "sea move" else around_boxes(
        [start, *middle, end], [box for box in names if box != stacks[path[-1]].name])
    points = arrow_ends(way, stacks[path[-1]].box(), [*names, *drawn.marks])
    drawn.marks.append(head(points[-1], points[-2]))
    colour = INK if own else ENEMY_INK
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    names_of = ", ".join(b for b in blocks if b) if own else ""  # the enemy's stay face down
    drawn.parts.append(piece(
        f'<polyline class="move{" home" if kind == "home" else ""}" data-kind="{escape(kind)}" '
        f'data-side="{escape(side)}" data-block="{escape(names_of)}" data-count="{len(blocks)}" '
        f'data-path="{escape(" / ".join(path))}" points="{line}" fill="none" stroke="{colour}" '
        f'stroke-opacity="0.7" stroke-width="2" stroke-linejoin="round"{MOVE_DASHES[kind]} '
        f'marker-end="url(#head{"" if own else "-enemy"})"/>',
        around(points, 12), tiles_along(points, 12),  # the head reaches 10 pixels
    ))
    if len(blocks) > 1:
        along = _along(points)  # on the arrow, else a little above or below it
        x, y = spot_for([*along, *((x, y + 11) for x, y in along), *((x, y - 11) for x, y in along)], 8,
                        [*names, *drawn.marks])
        drawn.marks.append(around_point(x, y, 8))
        drawn.parts.append(piece(
            f'<text class="move-count" x="{x:.1f}" y="{y + 3:.1f}" font-size="9" font-weight="bold" '
            f'fill="{colour}" stroke="#ffffff" stroke-width="2" paint-order="stroke" '
            f'text-anchor="middle">\u00d7{len(blocks)}</text>',
            around([(x, y)], 12),
        ))


def _along(points: list[Point]) -> list[Point]:
    """Spots along an arrow for its count: its middle, then either side, nearer its ends."""
    legs = list(zip(points, points[1:]))
    lengths = [math.dist(a, b) for a, b in legs]
    spots = []
    for share in (0.5, 0.38, 0.62, 0.26, 0.74, 0.15, 0.85):
        left, leg = share * sum(lengths), 0
        while leg < len(legs) - 1 and left > lengths[leg]:
            left -= lengths[leg]
            leg += 1
        (x1, y1), (x2, y2) = legs[leg]
        t = min(1.0, left / lengths[leg]) if lengths[leg] else 0.0
        spots.append((x1 + (x2 - x1) * t, y1 + (y2 - y1) * t))
    return spots


def _recruit(drawn: Drawn, stack: Stack, names: Sequence[Box], own: bool, side: str, area: str,
             blocks: list[str]) -> None:
    """The blocks put in an area from the pool: a green badge with how many, beside its stack
    (the reader's own named in its title)."""
    left, top, right, bottom = stack.box()
    middle = (top + bottom) / 2
    candidates = [(right + 12, top + 8), (left - 12, top + 8), (right + 12, middle),
                  (left - 12, middle), (right + 12, bottom - 6), ((left + right) / 2, bottom + 9)]
    avoid = [*names, *drawn.marks]
    x, y = spot_for(candidates, 9, avoid)
    drawn.marks.append(around_point(x, y, 9))
    named = ", ".join(b for b in blocks if b) if own else ""
    title = f"recruited: {named}" if named else f"{len(blocks)} recruited"
    drawn.parts.append(piece(
        f'<g class="recruit" data-side="{escape(side)}" data-area="{escape(area)}" data-count="{len(blocks)}" '
        f'data-block="{escape(named)}"><title>{escape(title)}</title>'
        f'{recruit_badge(x, y, len(blocks))}</g>',
        around([(x, y)], 11),
    ))
