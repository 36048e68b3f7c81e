"""A phase's orders drawn on its position: moves and retreats as arrows, supports and convoys as
thin lines, holds as rings, builds as dashed outlines, removals and disbands as crosses.

An order that worked is drawn solid in its power's colour; one that did not (failed, cut,
disrupted, dislodged, illegal, invalid) is drawn dashed, with a hollow head. Each order is one
``<g class="order KIND" data-order="..." data-result="...">`` whose first path starts at the
ordered unit and, for a move, ends at its destination.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    MoveWithKing,
    Order,
    SupportHold,
    SupportMove,
    TransferKing,
)
from judge.games.diplomacy.parser import OrderSyntaxError, parse_order
from judge.games.diplomacy.position import Position
from judge.games.diplomacy.vocabulary import PhaseKind, Unit, province_of

from ..layers import Bounds, around, piece, union
from ..outline import Point
from ..shapes import Shapes
from ..style import INK, UNIT_RADIUS
from .panels import Panel

_WORKED = {"succeeds", "given", "stands", "available"}
DISLODGED_OFFSET = (UNIT_RADIUS * 1.9, -UNIT_RADIUS * 0.8)
"""Where a dislodged unit is drawn, from its province's unit place: beside it, up and to the right
(its name is written below)."""


def dislodged_place(shapes: Shapes, unit: Unit) -> Point:
    x, y = shapes.places[unit.location]
    return (x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1])


def worked(resolution: Sequence[str]) -> bool:
    """Whether an order's resolution says it did what it asked."""
    return any(word in _WORKED for word in resolution) and "illegal" not in resolution


def order_marks(
    game_map: Map,
    shapes: Shapes,
    position: Position,
    results: Sequence[dict[str, Any]],
    laid_out: Mapping[str, Panel],
) -> list[str]:
    """The marks of a phase's orders (results as ``judge adjudicate`` writes them; the judge's
    default holds, marked ``"default"``, are not drawn). Units in a box are told apart by
    type only, so the orders for a box's armies start from its armies in turn."""
    places = _Places(shapes, position, laid_out)
    marks: list[str] = []
    for result in results:
        if result.get("default"):
            continue
        try:
            order = parse_order(game_map, str(result.get("order", "")))
        except OrderSyntaxError:
            continue  # unreadable: nothing to draw
        power = str(result.get("power", ""))
        colour = shapes.colours.get(power, INK)
        ok = worked(result.get("resolution") or ())
        body, reach = _mark(order, result.get("unit"), places, colour, ok)
        if body and reach:
            kind = type(order).__name__.lower()
            marks.append(piece(
                f'<g class="order {kind}" data-power="{escape(power)}" '
                f'data-order="{escape(str(result.get("order", "")))}" '
                f'data-result="{"worked" if ok else "failed"}">{body}</g>', reach
            ))
    return marks


class _Places:
    """Where a location's unit is drawn in this position (dislodged units stand aside)."""

    def __init__(self, shapes: Shapes, position: Position, laid_out: Mapping[str, Panel]) -> None:
        self.shapes = shapes
        self.panels = laid_out
        self.retreating = position.phase.kind is PhaseKind.RETREAT
        self.dislodged = {d.unit.province: d.unit for d in position.dislodged}
        self.units = position.units
        self.counted: dict[tuple[str, str], int] = {}  # (box, type) -> units of it ordered so far

    def of(self, location: str) -> Point:
        if location in self.panels:
            panel = self.panels[location]
            return (panel.x + panel.width / 2, panel.units_y)
        return self.shapes.places.get(location) or self.shapes.places[province_of(location)]

    def unit(self, location: str, unit_type: str | None = None) -> Point:
        """Where the ordered unit at a location stands."""
        if location in self.panels:
            key = (location, unit_type or "A")
            number = self.counted.get(key, 0)
            self.counted[key] = number + 1
            return self.panels[location].place_of(key[1], number)
        province = province_of(location)
        if self.retreating and province in self.dislodged:
            return dislodged_place(self.shapes, self.dislodged[province])
        unit = self.units.get(province)
        return self.of(unit.location if unit is not None else location)


def _mark(order: Order, unit_text: Any, places: _Places, colour: str, ok: bool) -> tuple[str, Bounds | None]:
    """An order's mark, and the pixels it may touch (None for an order with nothing to draw)."""
    origin = str(unit_text).split(" ", 1)[-1] if unit_text else None
    if isinstance(order, MoveWithKing):
        move, reach = _mark(order.move, unit_text, places, colour, ok)
        x, y = places.of(order.move.destination)
        crown = around([(x, y - UNIT_RADIUS - 4)], 8)
        return move + _crown_at(order, places), union(reach, crown) if reach else crown
    if isinstance(order, TransferKing):
        start, end = places.of(order.origin), places.of(order.destination)
        return _arrow(start, end, "#c99a06", ok, 2.0)
    if isinstance(order, Move):
        start = places.unit(origin or order.unit.location, order.unit.type)
        end = places.of(order.destination)
        return _arrow(start, end, colour, ok, 2.6)
    if isinstance(order, SupportMove):
        start = places.unit(origin or order.unit.location, order.unit.type)
        helped = places.unit(order.target.location)
        target = places.of(order.destination)
        return _support(start, helped, target, colour, ok)
    if isinstance(order, SupportHold):
        start = places.unit(origin or order.unit.location, order.unit.type)
        target = places.unit(order.target.location)
        return _support(start, None, target, colour, ok)
    if isinstance(order, Convoy):
        start = places.unit(origin or order.unit.location, order.unit.type)
        army = places.unit(order.army.location)
        target = places.of(order.destination)
        return _convoy(army, start, target, colour, ok), around([army, start, target], 3)
    if isinstance(order, Hold):
        x, y = places.unit(origin or order.unit.location, order.unit.type)
        return _ring(x, y, colour, ok), around([(x, y)], UNIT_RADIUS + 6)
    if isinstance(order, Disband):
        place = places.unit(origin or order.unit.location, order.unit.type)
        return _cross(place, ok), around([place], UNIT_RADIUS + 6)
    if isinstance(order, Build):
        place = places.of(order.unit.location)
        return _build(place, colour, str(order.unit.type or "A"), ok), around([place], UNIT_RADIUS + 6)
    return "", None  # Waive: nothing to draw


def _bow(start: Point, end: Point) -> Point:
    """The control point of a move's arrow: bowed a little to its right of the straight line."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    bow = min(0.12 * length, 14.0)
    return (x1 + x2) / 2 - (y2 - y1) / length * bow, (y1 + y2) / 2 + (x2 - x1) / length * bow


def _style(colour: str, ok: bool, width: float) -> str:
    dash = "" if ok else ' stroke-dasharray="5 3.5"'
    return f'fill="none" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"{dash}'


def _casing(d: str, width: float, ok: bool) -> str:
    """A thin dark edge under a line, so that pale colours read on pale land."""
    dash = "" if ok else ' stroke-dasharray="5 3.5"'
    return (f'<path d="{d}" fill="none" stroke="{INK}" stroke-opacity="0.55" '
            f'stroke-width="{width + 1.6:.1f}" stroke-linecap="round"{dash}/>')


def _shorten(start: Point, end: Point, by_start: float, by_end: float) -> tuple[Point, Point]:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    by_start = min(by_start, length / 3)
    by_end = min(by_end, length / 3)
    return (
        (start[0] + ux * by_start, start[1] + uy * by_start),
        (end[0] - ux * by_end, end[1] - uy * by_end),
    )


def _arrow(start: Point, end: Point, colour: str, ok: bool, width: float) -> tuple[str, Bounds]:
    """A move: a line bowed a little to its right (so two units swapping places show two
    arrows), its head at the destination's unit; the pixels it touches (its shaft's own extent
    and its head's, each with room for its strokes and no more: the fewer pixels, the less a new
    arrow costs to draw)."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    cx, cy = _bow(start, end)
    tip_gap = min(UNIT_RADIUS * 0.6, length / 4)
    tx, ty = x2 - (x2 - cx) / (math.hypot(x2 - cx, y2 - cy) or 1.0) * tip_gap, y2 - (y2 - cy) / (
        math.hypot(x2 - cx, y2 - cy) or 1.0
    ) * tip_gap
    head, corners = _head((cx, cy), (tx, ty), colour, ok, 4.5 + width)
    # the shaft stops where the head begins
    hx, hy = _back((cx, cy), (tx, ty), 4.5 + width)
    d = f"M{x1:.1f},{y1:.1f} Q{cx:.1f},{cy:.1f} {hx:.1f},{hy:.1f}"
    shaft = _extent((x1, y1), (cx, cy), (hx, hy))
    reach = union(around(shaft, (width + 1.6) / 2 + 1), around(corners, 1.5))
    return _casing(d, width, ok) + f'<path d="{d}" {_style(colour, ok, width)}/>' + head, reach


def _extent(start: Point, control: Point, end: Point) -> list[Point]:
    """The corners of the box holding a quadratic curve: its ends, and where it turns back in
    x or in y (the curve itself, not its control point, which lies further out)."""
    points = [start, end]
    for axis in (0, 1):
        bend = start[axis] - 2 * control[axis] + end[axis]
        if bend:
            t = (start[axis] - control[axis]) / bend
            if 0 < t < 1:
                x, y = ((1 - t) ** 2 * a + 2 * (1 - t) * t * b + t * t * c for a, b, c in zip(start, control, end))
                points.append((x, y))
    return points


def _back(frm: Point, to: Point, by: float) -> Point:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    length = math.hypot(dx, dy) or 1.0
    return to[0] - dx / length * by, to[1] - dy / length * by


def _head(frm: Point, tip: Point, colour: str, ok: bool, size: float) -> tuple[str, list[Point]]:
    """An arrow's head at ``tip``, pointing away from ``frm``, and its corners."""
    dx, dy = tip[0] - frm[0], tip[1] - frm[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    left = (bx - uy * size * 0.55, by + ux * size * 0.55)
    right = (bx + uy * size * 0.55, by - ux * size * 0.55)
    fill = colour if ok else "#ffffff"
    return (f'<path class="head" d="M{tip[0]:.1f},{tip[1]:.1f} L{left[0]:.1f},{left[1]:.1f} '
            f'L{right[0]:.1f},{right[1]:.1f} Z" fill="{fill}" stroke="{INK}" stroke-width="0.9" '
            'stroke-linejoin="round"/>'), [tip, left, right]


def _support(start: Point, helped: Point | None, target: Point, colour: str, ok: bool) -> tuple[str, Bounds]:
    """A support: a thin line from the supporter to the place it supports (bent towards the
    unit it helps, for a support of a move), ending in a small ring; and the pixels it touches
    (the line's own extent and the ring's, with room for their strokes)."""
    a, b = _shorten(start, target, UNIT_RADIUS * 0.5, UNIT_RADIUS + 3)
    if helped is None:
        d = f"M{a[0]:.1f},{a[1]:.1f} L{b[0]:.1f},{b[1]:.1f}"
        line = [a, b]
    else:
        cx, cy = (helped[0] + target[0]) / 2, (helped[1] + target[1]) / 2
        d = f"M{a[0]:.1f},{a[1]:.1f} Q{cx:.1f},{cy:.1f} {b[0]:.1f},{b[1]:.1f}"
        line = _extent(a, (cx, cy), b)
    ring = (f'<circle cx="{b[0]:.1f}" cy="{b[1]:.1f}" r="2.6" fill="{colour if ok else "#ffffff"}" '
            f'stroke="{INK}" stroke-width="0.9"/>')
    reach = union(around(line, (1.5 + 1.6) / 2 + 1), around([b], 2.6 + 0.45 + 1))
    return _casing(d, 1.5, ok) + f'<path d="{d}" {_style(colour, ok, 1.5)}/>' + ring, reach


def _convoy(army: Point, fleet: Point, target: Point, colour: str, ok: bool) -> str:
    """A convoy: a dotted line from the fleet to the army it carries and on to where it lands."""
    d = (f"M{fleet[0]:.1f},{fleet[1]:.1f} L{army[0]:.1f},{army[1]:.1f} "
         f"M{fleet[0]:.1f},{fleet[1]:.1f} L{target[0]:.1f},{target[1]:.1f}")
    dash = "1 3.2" if ok else "5 3.5"
    return (f'<path d="{d}" fill="none" stroke="{INK}" stroke-opacity="0.5" stroke-width="3.4" '
            f'stroke-linecap="round" stroke-dasharray="{dash}"/>'
            f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="1.9" stroke-linecap="round" '
            f'stroke-dasharray="{dash}"/>')


def _ring(x: float, y: float, colour: str, ok: bool) -> str:
    dash = "" if ok else ' stroke-dasharray="3 2"'
    r = UNIT_RADIUS + 3.5  # a circle as a path: it starts at the unit's left, as arrows start
    return (f'<path d="M{x - r:.1f},{y:.1f} a{r:.1f},{r:.1f} 0 1,0 {2 * r:.1f},0 '
            f'a{r:.1f},{r:.1f} 0 1,0 {-2 * r:.1f},0" fill="none" stroke="{colour}" '
            f'stroke-width="2.2"{dash}/>')


def _cross(place: Point, ok: bool) -> str:
    x, y, s = place[0], place[1], UNIT_RADIUS + 2
    d = (f"M{x - s:.1f},{y - s:.1f} L{x + s:.1f},{y + s:.1f} "
         f"M{x + s:.1f},{y - s:.1f} L{x - s:.1f},{y + s:.1f}")
    opacity = 1.0 if ok else 0.5
    return (f'<path d="{d}" stroke="#ffffff" stroke-width="4.2" stroke-linecap="round"/>'
            f'<path d="{d}" stroke="#c0392b" stroke-width="2.4" stroke-linecap="round" '
            f'stroke-opacity="{opacity}"/>')


def _build(place: Point, colour: str, unit_type: str, ok: bool) -> str:
    x, y, r = place[0], place[1], UNIT_RADIUS + 2
    d = f"M{x - r:.1f},{y - r:.1f} h{2 * r:.1f} v{2 * r:.1f} h{-2 * r:.1f} Z"
    return (f'<path d="{d}" fill="{colour}" fill-opacity="{0.35 if ok else 0.1}" stroke="{INK}" '
            f'stroke-width="1.4" stroke-dasharray="3 2"/>'
            f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9.5" font-weight="bold" text-anchor="middle" '
            f'fill="{INK}">+{unit_type}</text>')


def _crown_at(order: MoveWithKing, places: _Places) -> str:
    x, y = places.of(order.move.destination)
    return (f'<path transform="translate({x:.1f},{y - UNIT_RADIUS - 4:.1f})" '
            'd="M-5,2.5 L-6,-3.5 L-3,-0.5 L0,-5 L3,-0.5 L6,-3.5 L5,2.5 Z" fill="#f2c230" '
            f'fill-opacity="0.6" stroke="{INK}" stroke-width="0.8" stroke-dasharray="2 1"/>')
