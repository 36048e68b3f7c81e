"""The picture of a game of Plantagenet as one reader sees it, drawn from his view alone.

``plantagenet_picture(view, reader, report)`` takes what ``judge.games.plantagenet.view.view``
gives a side or an observer (``reader`` None), never the state: with the Hidden Mats option
(1.5.3) an enemy Lord's mat is not in it, so his tile says only that his Forces are hidden.

The map (``board.py``): the land from the project's coastline, the Areas of the Tides of War
(4.8.1) shaded, each Way (1.3.1) by its kind, each Locale by its Stronghold type with its name,
placed once clear of every mark and Way (``layout.py``) and leaving each Locale room for a tile
where it may, the Lord Seats, Vassal Seats and Ports signed, the Seas named, the Exile boxes as
panels on their countries. On it, each picture: Favour over Depleted or Exhausted markers on the
Locales; each place's Lords as tiles in their side's colour, with their Forces, Coin and Provender
as the view has them (``stacks.py``), a stack with no room near its Locale as a badge saying how
many, its tiles in the key below the Calendar's panel (``key.py``); the moves of the report (March
along its Way, Sail by sea, an Exile Pact) as arrows and its battles as marks; the Calendar and the
Influence track in a panel (``panel.py``). Every tile and mark is put where it covers no name, mark, tile or arrow.

The picture is layered (``layers.py``): the land, Ways, marks and names are the board; each
Locale's markers, each stack, arrow and panel is a piece.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import Any

from judge.games.plantagenet.data import BOARD, LORD_SIDE

from ..layers import LAYERED, around as bounds_around, piece, tiles_along
from ..outline import Box, Point
from ..style import COAST, FONT, INK, LAND, OFFBOARD_LAND, SEA, SEA_BORDER, SEA_INK
from ..words import Words
from .board import COUNTRIES, ENGLAND, SEAS, TIDES_REACH, Geometry, geometry
from .layout import (MARK, Label, Room, Segment, around, crowded_first, crosses, gap, label_boxes, meets,
                     place_names, stack_spots, text_box, touching)
from .marks import SIDE_INK, SIGN_AT, WAY_STYLE, battle, depleted, favour, sign, stronghold, way_line
from .panel import PANEL_SIZE, calendar_panel, title
from .key import Key
from .stacks import GUTTER, TILE_HEIGHT, room_for_tiles, short, stack, tile_width, tiles

SEA_NAME_SIZE = 12.0
TIDE_NAME_SIZE = 13.0
TIDE_ROOM = 26.0
"""How far an Area's name stays from every Locale's point where it may (room for their tiles)."""
EXILE_WIDTH, EXILE_HEIGHT = 112.0, 106.0
_FAINT = {"North": "#e2d6b4", "South": "#dce2bd", "Wales": "#e8cfc0"}
"""Each Area of the Tides of War's faint shade (4.8.1)."""


@dataclass(frozen=True)
class Layout:
    """What every picture shares: the room taken by the board (marks, names, panels' places),
    where each Locale's name went and its boxes, the boxes of every name (the Seas' and Areas'
    too), the room kept beside each Locale for a tile (``HOME``), the board's SVG line."""

    room: Room
    names: dict[str, tuple[float, Label]]
    name_boxes: list[Box]
    word_boxes: list[Box]
    homes: dict[str, Box]
    board: str


def exile_box(geo: Geometry, box: str) -> Box:
    x, y = geo.exiles[box]
    return x, y, x + EXILE_WIDTH, y + EXILE_HEIGHT


def sea_name_box(geo: Geometry, sea: str) -> Box:
    x, y = geo.seas[sea]
    return text_box(x, y, sea, SEA_NAME_SIZE, "middle")


def _tide_box(area: str, at: Point) -> Box:
    return text_box(at[0], at[1], area, TIDE_NAME_SIZE, "middle", bold=True)


def panel_box(geo: Geometry) -> Box:
    x, y = geo.calendar
    return x, y, x + PANEL_SIZE[0], y + PANEL_SIZE[1]


TITLE_BOX: Box = (600.0, 0.0, 1036.0, 38.0)


def exits(geo: Geometry) -> list[Segment]:
    """The one-way Paths out of an Exile box (1.3.1: Scotland's to Carlisle and Bamburgh), each from
    the foot of the box's panel to its Locale's mark."""
    found = []
    for box, exile in BOARD.exile_boxes.items():
        left, top, right, _ = exile_box(geo, box)
        for locale in exile.march_exits:
            x, y = geo.network.points[locale]
            start = (min(max(x, left + 12), right - 12), top + 26)
            found.append((start, _trimmed([start, (x, y)], 0, MARK + 2)[-1]))
    return found


@cache
def layout() -> Layout:
    """The board's layout, made once per process: every name placed clear of every mark, Way,
    panel and other name."""
    geo = geometry()
    points = geo.network.points
    fixed = [around(x, y, MARK) for x, y in points.values()]
    fixed += [sea_name_box(geo, sea) for sea in geo.seas]
    fixed += [exile_box(geo, box) for box in geo.exiles] + [panel_box(geo), TITLE_BOX]
    lines = [(points[a], points[b]) for a, b, _ in geo.network.ways] + exits(geo)
    tides = {}
    for area, (x, y) in geo.tide_labels.items():  # each Area's name where no Way crosses it
        spots = sorted(((x + dx, y + dy) for dx in range(-90, 91, 3) for dy in range(-90, 91, 3)),
                       key=lambda spot: math.dist(spot, (x, y)))
        boxes = [_tide_box(area, spot) for spot in spots]
        region = (min(box[0] for box in boxes), min(box[1] for box in boxes),
                  max(box[2] for box in boxes), max(box[3] for box in boxes))
        room = Room(geo.width, geo.height, fixed, lines).near(region)  # all that any of its boxes may meet
        near = [point for point in points.values() if gap(region, point) <= TIDE_ROOM + 1]
        # on the land, away from the Locales (where their Lords' tiles stand) if it may be
        tides[area] = next((spot for spot, box in zip(spots, boxes) if geo.at(*spot) == ENGLAND and all(
            gap(box, point) > TIDE_ROOM for point in near) and room.free(box) and not room.crossings(box)),
            None) or next(spot for spot, box in zip(spots, boxes) if room.free(box) and not room.crossings(box))
        fixed.append(_tide_box(area, tides[area]))
    towards = geo.names
    order = [*towards, *(name for name in crowded_first(points) if name not in towards)]
    for _ in range(4):  # the names a Way crosses placed first, until none is
        room = Room(geo.width, geo.height, fixed, lines)
        names = place_names(room, points, order, towards)
        crossed = [name for name in order
                   if any(room.crossings(box) for box in label_boxes(names[name][1], names[name][0]))]
        if not crossed:
            break
        order = crossed + [name for name in order if name not in crossed]
    room, names, homes = room_for_tiles(geo, fixed, lines, names, towards)
    boxes = [box for size, label in names.values() for box in label_boxes(label, size)]
    others = [sea_name_box(geo, sea) for sea in geo.seas] + [_tide_box(area, at) for area, at in tides.items()]
    return Layout(room, names, boxes, [*boxes, *others], homes, _board(geo, names, tides))


SIGNS = {"seat": (-1, -1), "vassal": (1, -1), "port": (-1, 1)}
"""The signs a Locale's mark may bear, each at a corner of its room (``MARK``): a Lord's Seat, a
Vassal's Seat (1.5.4), a Port (1.3.1)."""


def _signs(name: str) -> list[str]:
    """The signs at a Locale (``SIGNS``)."""
    locale = BOARD.locales[name]
    here = {"seat": any(lord.seat == name for lord in BOARD.lords.values()), "vassal": bool(locale.vassal_seats),
            "port": locale.sea is not None}
    return [kind for kind in SIGNS if here[kind]]


def _board(geo: Geometry, names: dict[str, tuple[float, Label]], tides: dict[str, Point]) -> str:
    """The map itself, one line: land, the Areas' shade, coast, Ways, Locales and every fixed name."""
    crisp = 'shape-rendering="crispEdges"'
    edge = len(geo.grid[0]) * geo.cell
    parts = ['<g class="board">', f'<rect class="band" x="{edge:.0f}" width="{geo.width - edge:.0f}" '
             f'height="{geo.height:.0f}" fill="#f4f0e6"/>']
    for char, path in geo.land.items():
        fill = LAND if char in (ENGLAND, COUNTRIES["Calais"]) else OFFBOARD_LAND
        parts.append(f'<path class="land" data-land="{char}" d="{path}" fill="{fill}" fill-rule="evenodd" {crisp}/>')
    reach = TIDES_REACH * geo.cell
    for area, near in geo.tides.items():
        circles = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{reach:.1f}"/>' for x, y in near)
        parts.append(f'<g class="tides-area" data-area="{escape(area)}" fill="{_FAINT[area]}" '
                     f'clip-path="url(#england)" shape-rendering="crispEdges">{circles}</g>')
    parts.append(f'<path class="sea-borders" d="{geo.sea_borders}" fill="none" stroke="{SEA_BORDER}" '
                 f'stroke-dasharray="5 4" {crisp}/>')
    parts.append(f'<path class="coast" d="{geo.coast}" fill="none" stroke="{COAST}" {crisp}/>')
    points = geo.network.points
    for a, b, kind in geo.network.ways:
        parts.append(way_line(kind, *points[a], *points[b],
                              about=f'class="way" data-kind="{kind}" data-ends="{escape(a)}|{escape(b)}"'))
    for (x1, y1), (x2, y2) in exits(geo):
        parts.append(f'<line class="exit" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'{WAY_STYLE["path"]} marker-end="url(#head-way)"/>')
    for name, (x, y) in points.items():
        kind = BOARD.locales[name].type
        parts.append(stronghold(kind, x, y, f'class="locale" data-locale="{escape(name)}" data-type="{kind}"'))
    for name, (x, y) in points.items():
        parts += [sign(kind, x + SIGNS[kind][0] * SIGN_AT, y + SIGNS[kind][1] * SIGN_AT,
                       f'class="sign" data-locale="{escape(name)}" data-sign="{kind}"') for kind in _signs(name)]
    words = Words()
    for name, (size, label) in names.items():
        for x, y, line in label:
            words.add(f'class="locale-names" font-size="{size}" fill="{INK}"', x, y, line,
                      f'data-locale="{escape(name)}" ')
    for sea, (x, y) in geo.seas.items():
        words.add(f'class="sea-names" font-size="{SEA_NAME_SIZE:.0f}" font-style="italic" text-anchor="middle" '
                  f'fill="{SEA_INK}"', x, y, sea, f'data-sea="{escape(sea)}" ')
    for area, (x, y) in tides.items():
        words.add(f'class="tides-names" font-size="{TIDE_NAME_SIZE:.0f}" font-style="italic" font-weight="bold" '
                  f'text-anchor="middle" fill="#9c8c6c"', x, y, area,
                  f'data-area="{escape(area)}" ')
    parts += words.elements()
    parts.append("</g>")
    return "".join(parts)


EVENT, OWN, ENEMY = 3, 3, 1
"""How much a reader needs to see each thing on his map (``Drawn.focus``): a move or a battle of the
phase, his own Lords on the map (every Lord for an observer); the enemy's, and his own in an Exile
box."""


@dataclass(frozen=True)
class Drawn:
    """A reader's picture in its parts: the ``<svg>`` tag's attributes, the ``<defs>``' content,
    the ground, the board, the pieces on the map (markers, moves, stacks, battles, Exile boxes),
    those beside it (the Calendar's panel, the title); and what he needs to see on the map, most
    first (``focus``: how much, where, and what it is: a Lord's name and place, or ""); each stack
    drawn as a badge, with its entry in the key beside the map (``keyed``)."""

    about: str
    defs: str
    ground: str
    board: str
    pieces: list[str]
    beside: list[str]
    focus: list[tuple[int, Box, str]]
    keyed: list[tuple[Box, Box]]


def plantagenet_picture(view: dict[str, Any], reader: str | None, report: dict[str, Any] | None = None) -> str:
    """The SVG text of ``reader``'s view (a side's, or the observers' for None), with the moves and
    battles of a phase's report (as he may see it) drawn on it: for a results mail, the position
    the phase left, the one its reader acts on now."""
    geo = geometry()
    width, height = geo.width, geo.height
    drawn = drawn_parts(view, reader, report)
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" {drawn.about} {LAYERED}>',
        f"<defs>{drawn.defs}</defs>", drawn.ground, drawn.board, *drawn.pieces, *drawn.beside, "</svg>"])


def drawn_parts(view: dict[str, Any], reader: str | None, report: dict[str, Any] | None = None) -> Drawn:
    """``reader``'s picture (``plantagenet_picture``) in its parts."""
    geo = geometry()
    base = layout()
    room = base.room.copy()
    hard: list[Segment] = []  # the arrows: no tile or mark over them
    focus: list[tuple[int, Box, str]] = []
    keyed: list[tuple[Box, Box]] = []  # each stack drawn as a badge, and its entry in the key
    about = (f'font-family="{FONT}" data-game="plantagenet" data-reader="{escape(reader or "observer")}" '
             f'data-phase="{escape(_phase(view))}"')
    ground = f'<g class="ground"><rect width="{geo.width:.0f}" height="{geo.height:.0f}" fill="{SEA}"/></g>'
    parts = _markers(geo, view)
    events = (report or {}).get("events", [])
    parts += _moves(geo, base, room, hard, events, focus)
    lords = _lords_by_place(view)
    panels = {box: exile_panel(geo, box, lords.get(box, [])) for box in BOARD.exile_boxes}
    key = Key(key_region(geo), list(panels.values()))
    for place in sorted(lords, key=lambda p: (p not in BOARD.locales, p)):
        if place in BOARD.locales or place in BOARD.seas:
            drawn, taken, badge = stack(geo, room, hard, place, lords[place], base.word_boxes, base.homes.get(place),
                                        key.file)
            parts += drawn
            side = LORD_SIDE[lords[place][0][0]]
            names = ", ".join(short(name) for name, _ in lords[place])
            focus.append((OWN, taken, f"{names} at {place}") if reader in (None, side) else (ENEMY, taken, ""))
            if badge:
                keyed.append((taken, key.boxes()[place]))
    parts += key.pieces()
    battles = {str(e["at"]) for e in events if e.get("type") == "battle" and e.get("at") in geo.network.points}
    for place in sorted(battles):
        parts += _battle(geo, room, hard, place, focus)
    for box in BOARD.exile_boxes:
        parts.append(_exile(geo, view, box, lords.get(box, []), panels[box]))
        own = [short(name) for name, _ in lords.get(box, []) if reader in (None, LORD_SIDE[name])]
        if own:  # an Exile box lies far from the Locales: his Exiles are shown where they fit
            focus.append((ENEMY, panels[box], f"{', '.join(own)} in {box}"))
    beside = [*calendar_panel(geo.calendar, view, reader), *title(view, reader, geo.width)]
    focus.sort(key=lambda item: -item[0])
    return Drawn(about, _defs(geo), ground, base.board, parts, beside, focus, keyed)


def _phase(view: dict[str, Any]) -> str:
    step = view.get("step", {})
    return f"T{view.get('box')} {step.get('name', '')}"


def _defs(geo: Geometry) -> str:
    markers = "".join(
        f'<marker id="head-{side}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4.5" markerHeight="4.5" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" fill="{ink}"/></marker>'
        for side, ink in SIDE_INK.items())
    markers += ('<marker id="head-way" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
                'orient="auto"><path d="M0,0 L10,5 L0,10 Z" fill="#8a7758"/></marker>')
    england = f'<clipPath id="england"><path d="{geo.land[ENGLAND]}" fill-rule="evenodd"/></clipPath>'
    return f"{markers}{england}"


def _markers(geo: Geometry, view: dict[str, Any]) -> list[str]:
    """Each Locale's Favour (1.3.1) and Depleted or Exhausted marker (4.6.3), a piece a Locale."""
    parts = []
    favoured: dict[str, str] = view.get("favour", {})
    spent: dict[str, int] = view.get("depleted", {})
    for name, (x, y) in geo.network.points.items():
        side, level = favoured.get(name), int(spent.get(name, 0))
        if side is None and not level:
            continue
        inner = depleted(level, x, y, f'class="{"exhausted" if level > 1 else "depleted"}"') if level else ""
        if side is not None:  # over the stroke, whose ends show beyond it
            inner += favour(side, x, y, f'class="favour" data-side="{side}"')
        parts.append(piece(f'<g class="markers" data-locale="{escape(name)}">{inner}</g>',
                           bounds_around([(x, y)], MARK + 1)))
    return parts


# --- Lords ------------------------------------------------------------------------------------


def _lords_by_place(view: dict[str, Any]) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """The Lords on the map (at a Locale, at Sea or in an Exile box), by place, each side's
    together in the scenario's order."""
    found: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for name, entry in view.get("lords", {}).items():
        if "at" in entry:
            found.setdefault(str(entry["at"]), []).append((name, entry))
    for lords in found.values():
        lords.sort(key=lambda item: LORD_SIDE[item[0]] != "York")
    return found


def _battle(geo: Geometry, room: Room, hard: list[Segment], place: str,
            focus: list[tuple[int, Box, str]]) -> list[str]:
    """A battle's mark beside its Locale, where it covers nothing (and its place in ``focus``)."""
    x, y = geo.network.points[place]
    for box in stack_spots(x, y, 15, 15):
        if room.free(box) and not any(crosses(box, line) for line in hard):
            room.boxes.append(box)
            focus.append((EVENT, (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)), ""))
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            return [piece(battle(cx, cy, f'class="battle" data-at="{escape(place)}"'), bounds_around([(cx, cy)], 9))]
    return []


def exile_panel(geo: Geometry, box: str, lords: list[tuple[str, dict[str, Any]]]) -> Box:
    """An Exile box's panel: as wide as its tiles (two columns beyond four Lords), as high as four
    of them."""
    x, y = geo.exiles[box]
    columns = 1 if len(lords) <= 4 else 2
    width = max(EXILE_WIDTH, 8 + columns * tile_width(lords, assets=columns == 1) + (columns - 1) * GUTTER) \
        if lords else EXILE_WIDTH
    return x, y, x + width, y + 26 + min(len(lords), 4) * TILE_HEIGHT


def key_region(geo: Geometry) -> Box:
    """Where the key beside the map stands: below the Calendar's panel."""
    left, _, right, bottom = panel_box(geo)
    return left, bottom + 8, right, geo.height - 4


def _exile(geo: Geometry, view: dict[str, Any], box: str, lords: list[tuple[str, dict[str, Any]]],
           panel: Box) -> str:
    """An Exile box (1.3.1) as a panel on its country (``exile_panel``): its name, whose it is,
    Depleted or Exhausted, and the Lords in it as tiles (beyond four, in two columns without their
    Coin and Provender; beyond eight, how many more)."""
    left, top, right, bottom = panel
    owner = view.get("exile_boxes", {}).get(box)
    level = int(view.get("depleted", {}).get(box, 0))
    notes = [f"{owner}'s" if owner else "", {1: "depleted", 2: "exhausted"}.get(level, "")]
    note = ", ".join(n for n in notes if n)
    words = Words()
    parts = [f'<g class="exile" data-box="{escape(box)}"><rect x="{left:.1f}" y="{top:.1f}" '
             f'width="{right - left:.0f}" height="{bottom - top:.0f}" rx="4" fill="#ffffff" stroke="{INK}" '
             'stroke-width="0.8"/>']
    words.add(f'class="exile-names" font-size="9" font-weight="bold" fill="{INK}"', left + 5, top + 11,
              f"{box} (exile)")
    if note:
        words.add(f'class="exile-notes" font-size="7" fill="{INK}"', left + 5, top + 20, note)
    columns = 1 if len(lords) <= 4 else 2
    column = (right - left - 8 - GUTTER * (columns - 1)) / columns
    shown = lords if len(lords) <= 8 else lords[:7]
    for number, lord in enumerate(shown):
        x = left + 4 + (number // 4) * (column + GUTTER)
        y = top + 24 + (number % 4) * TILE_HEIGHT
        parts.append(tiles([lord], x, y, column, words, assets=columns == 1))
    if len(lords) > len(shown):
        words.add(f'font-size="8" fill="{INK}"', left + 4 + column + GUTTER + 3, top + 24 + 3 * TILE_HEIGHT + 12,
                  f"and {len(lords) - len(shown)} more")
    parts += words.elements()
    parts.append("</g>")
    return piece("".join(parts), bounds_around([(left, top), (right, bottom)], 1.5))


# --- moves ------------------------------------------------------------------------------------


def _moves(geo: Geometry, base: Layout, room: Room, hard: list[Segment], events: list[dict[str, Any]],
           focus: list[tuple[int, Box, str]]) -> list[str]:
    """The phase's moves as arrows in the moving side's colour: a March (4.3) or an Intercept that
    succeeded (4.3.4) along its Way, a Sail (4.3.4) by sea, an Exile Pact into its box, a Lord sent
    from the field to a refuge (L16); each kept clear of every other name (and its reach in
    ``focus``)."""
    parts = []
    for event in events:
        kind = event.get("type")
        if kind not in ("march", "sail", "exile pact", "intercept", "moved") or (
                kind == "intercept" and not event.get("success")) or "from" not in event:
            continue  # an Intercept that failed its roll moved nobody (4.3.4)
        lords = list(event.get("lords") or [event.get("lord")])
        if not lords or lords[0] not in LORD_SIDE:
            continue
        side = LORD_SIDE[lords[0]]
        start, end = str(event.get("from")), str(event.get("to"))
        line: list[Point] | None = None
        if kind in ("march", "intercept") and start in geo.network.points and end in geo.network.points:
            line = _trimmed([geo.network.points[start], geo.network.points[end]], MARK + 2, MARK + 3)
        else:
            line = _route(geo, base, room, start, end, sea=kind == "sail")
        if line is None:
            continue
        dashes = {"sail": ' stroke-dasharray="6 3"', "exile pact": ' stroke-dasharray="2 2.5"'}.get(kind, "")
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in line)
        parts.append(piece(
            f'<polyline class="move" data-kind="{kind}" data-side="{side}" data-from="{escape(start)}" '
            f'data-to="{escape(end)}" data-lords="{escape(", ".join(lords))}" points="{points}" fill="none" '
            f'stroke="{SIDE_INK[side]}" stroke-width="2.2" stroke-linejoin="round"{dashes} '
            f'marker-end="url(#head-{side})"><title>{escape(", ".join(lords))}: {kind} to {escape(end)}</title>'
            '</polyline>',
            bounds_around(line, 7), tiles_along(line, 7)))
        hard.extend(zip(line, line[1:]))
        focus += [(EVENT, (x - 8, y - 8, x + 8, y + 8), "") for x, y in (line[0], line[-1])]  # where from, where to
    return parts


def _trimmed(line: list[Point], start: float, end: float) -> list[Point]:
    """A line shortened at each end (to begin and end at the marks' edges, not their middles)."""
    (x1, y1), (x2, y2) = line[0], line[1]
    length = math.dist(line[0], line[1]) or 1.0
    first = (x1 + (x2 - x1) * start / length, y1 + (y2 - y1) * start / length)
    (x3, y3), (x4, y4) = line[-2], line[-1]
    length = math.dist(line[-2], line[-1]) or 1.0
    last = (x4 - (x4 - x3) * end / length, y4 - (y4 - y3) * end / length)
    return [first, *line[1:-1], last]


def _place_point(geo: Geometry, place: str) -> tuple[Point, Box | None]:
    """Where a move begins or ends: a Locale's point, an Exile box panel's middle (and its box), a
    Sea's name."""
    if place in geo.network.points:
        return geo.network.points[place], None
    if place in geo.exiles:
        box = exile_box(geo, place)
        return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), box
    x, y = geo.seas[place]
    return (x, y - 4), sea_name_box(geo, place)


def _route(geo: Geometry, base: Layout, room: Room, start: str, end: str, sea: bool) -> list[Point] | None:
    """A move's path off the Ways, on the grid's cells: from its start to its end by the fewest
    cells (by sea for a Sail), through no cell under a name, a mark or a tile, then straightened."""
    if start not in geo.network.points and start not in geo.exiles and start not in geo.seas:
        return None
    if end not in geo.network.points and end not in geo.exiles and end not in geo.seas:
        return None
    (ax, ay), abox = _place_point(geo, start)
    (bx, by), bbox = _place_point(geo, end)
    cell = geo.cell
    rows, cols = len(geo.grid), len(geo.grid[0])
    own = [box if box is not None else around(x, y, MARK + 1) for box, (x, y) in ((abox, (ax, ay)), (bbox, (bx, by)))]
    blocked = [b for b in room.boxes if not any(meets(b, o) for o in own)]

    first = (min(max(int(ax // cell), 0), cols - 1), min(max(int(ay // cell), 0), rows - 1))
    goal = (min(max(int(bx // cell), 0), cols - 1), min(max(int(by // cell), 0), rows - 1))

    def open_cell(column: int, row: int) -> bool:
        if (column, row) in (first, goal):
            return True
        if not (0 <= column < cols and 0 <= row < rows):
            return False
        box = (column * cell, row * cell, (column + 1) * cell, (row + 1) * cell)
        if any(meets(box, name) for name in base.name_boxes):
            return False
        if any(meets(box, b) for b in own):
            return True
        middle = ((column + 0.5) * cell, (row + 0.5) * cell)
        near = min(gap(b, middle) for b in own) < 5 * cell
        if sea and geo.grid[row][column] not in SEAS.values() and not near:
            return False
        return not any(meets(box, b) for b in blocked)

    came: dict[tuple[int, int], tuple[int, int] | None] = {first: None}
    queue = deque([first])
    while queue:
        here = queue.popleft()
        if here == goal:
            break
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            there = (here[0] + dx, here[1] + dy)
            if 0 <= there[0] < cols and 0 <= there[1] < rows and there not in came and open_cell(*there):
                came[there] = here
                queue.append(there)
    if goal not in came:
        return None
    cells = []
    at: tuple[int, int] | None = goal
    while at is not None:
        cells.append(((at[0] + 0.5) * cell, (at[1] + 0.5) * cell))
        at = came[at]
    cells.reverse()
    path = [(ax, ay), *cells[1:-1], (bx, by)]

    def clear(a: Point, b: Point) -> bool:
        steps = max(1, int(math.dist(a, b) / 3))
        return all(open_cell(int((a[0] + (b[0] - a[0]) * i / steps) // cell),
                             int((a[1] + (b[1] - a[1]) * i / steps) // cell)) for i in range(steps + 1))

    path = _straightened(path, clear)
    if abox is not None:
        path = _outside(path, abox)
    if bbox is not None:
        path = _outside(path[::-1], bbox)[::-1]
    return _trimmed(path, MARK + 2 if abox is None else 3, MARK + 3 if bbox is None else 4) if len(path) > 1 else None


def _outside(path: list[Point], box: Box) -> list[Point]:
    """A path that begins inside a box, from where it leaves it."""
    def inside(point: Point) -> bool:
        return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]

    for number in range(len(path) - 1):
        a, b = path[number], path[number + 1]
        if inside(a) and not inside(b):
            low, high = 0.0, 1.0
            for _ in range(20):
                middle = (low + high) / 2
                if inside((a[0] + (b[0] - a[0]) * middle, a[1] + (b[1] - a[1]) * middle)):
                    low = middle
                else:
                    high = middle
            return [(a[0] + (b[0] - a[0]) * high, a[1] + (b[1] - a[1]) * high), *path[number + 1:]]
    return path


def _straightened(path: list[Point], clear: Callable[[Point, Point], bool]) -> list[Point]:
    """A path of cell middles cut short: from each point, straight to the farthest point after it
    that a straight line reaches through open cells alone."""
    out = [path[0]]
    index = 0
    while index < len(path) - 1:
        reach = index + 1
        for later in range(len(path) - 1, index + 1, -1):
            if clear(path[index], path[later]):
                reach = later
                break
        out.append(path[reach])
        index = reach
    return out
