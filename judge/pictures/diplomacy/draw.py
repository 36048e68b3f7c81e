"""The picture of a position: sea and land, names, supply centres by owner, units by power,
dislodged units with their retreats, the King, the off-board boxes, and the orders (``arrows.py``).

Every drawn piece a program may look for carries its meaning in ``class`` and ``data-*``
attributes (``<g class="unit" data-power="England" data-type="F" data-loc="nth">``), so tests and
other tools read the picture without guessing from its geometry. The picture is layered
(``layers.py``): the land a region whose fill follows its centre's owner, the borders and names
the board, everything else pieces, each with the pixels it may touch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.position import Position
from judge.games.diplomacy.calendar import SeasonCalendar
from judge.games.diplomacy.vocabulary import Phase, PhaseKind, Province, ProvinceKind, Season, Unit, UnitType
from judge.games.diplomacy.wire import read_position

from ..layers import LAYERED, advance, around, piece, spans, text_bounds
from ..outline import Point
from ..shapes import Shapes
from ..style import (
    BORDER,
    COAST,
    FONT,
    INK,
    LAND,
    NEUTRAL,
    OFFBOARD,
    OFFBOARD_LAND,
    SEA,
    SEA_BORDER,
    SEA_INK,
    UNIT_RADIUS,
    ink_on,
    tint,
)
from ..words import Words
from .arrows import dislodged_place, order_marks
from .panels import panel_marks, panels

_SEASONS = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}
_KINDS = {
    PhaseKind.MOVEMENT: "movement",
    PhaseKind.RETREAT: "retreats",
    PhaseKind.ADJUSTMENT: "adjustments",
}
_STRIP = 22  # the height of a row of the band of powers under the map
_CRISP = 'shape-rendering="crispEdges"'  # sharp one-pixel lines and edges: no blur between areas
_LETTERS = {  # the unit's letter, drawn as strokes (cheaper to render than text)
    UnitType.ARMY: "M-3,3.5 L0,-3.8 L3,3.5 M-1.8,0.9 L1.8,0.9",
    UnitType.FLEET: "M-2.2,3.8 L-2.2,-3.6 L2.8,-3.6 M-2.2,0 L2,0",
}


def draw(
    game_map: Map, shapes: Shapes, state: dict[str, Any], results: Sequence[dict[str, Any]]
) -> str:
    """The SVG text of a position (wire form) with its phase's orders (results) drawn on it: a
    layered picture (``layers.py``), the map's ground and board first, then the pieces."""
    position = read_position(game_map, state)
    width, height = shapes.width, shapes.height
    alike = _alike(game_map, shapes)
    total = height + alike.strip_height
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total:.0f}" '
        f'viewBox="0 0 {width:.0f} {total:.0f}" font-family="{FONT}" '
        f'data-variant="{game_map.name}" data-phase="{game_map.calendar.code(position.phase)}" {LAYERED}>',
        alike.ground(position),
        alike.board,
    ]
    parts += alike.centres(position)
    laid_out = panels(game_map, shapes, position)
    parts += panel_marks(game_map, shapes, laid_out)
    parts += [alike.unit(unit, shapes.places[unit.location]) for unit in position.units.values()]
    parts += [
        alike.unit(unit, place, " in-box")
        for panel in laid_out.values()
        for unit, place in panel.units
    ]
    parts += dislodged_marks(shapes, position)
    parts += king_marks(shapes, position)
    parts += order_marks(game_map, shapes, position, results, laid_out)
    parts += alike.title(position)
    parts += alike.strip(position)
    parts.append("</svg>")
    return "\n".join(parts)


class _Alike:
    """What the pictures of one map draw alike, each drawn once for the process: the board, each
    land area's outline (its fill aside), and each centre, unit, title and power's count as it
    was drawn the first time (the same text for the same thing: a thousand pictures of one map
    share nearly all of it)."""

    def __init__(self, game_map: Map, shapes: Shapes) -> None:
        self.game_map, self.shapes = game_map, shapes
        self.board = _board(game_map, shapes)
        self.band = _band(game_map, shapes, shapes.width, shapes.height)
        self.strip_height = _STRIP * _rows(game_map, shapes.width)
        self._centres = [province for province, info in game_map.provinces.items() if info.supply_centre]
        self._areas = _areas(game_map, shapes)
        self._tints = {power: tint(colour) for power, colour in shapes.colours.items()}
        self._drawn: dict[tuple[Any, ...], Any] = {}

    def ground(self, position: Position) -> str:
        """The sea, and each land area filled: by the owner of its centre (paled), plain land,
        the land of a box, or land that is no province; seas are left to the background."""
        owners = position.supply_centres
        parts = [self._areas[0]]
        for start, fill, centre, end in self._areas[1:]:
            owner = owners.get(centre) if centre else None
            parts.append(f"{start}{self._tints[owner] if owner else fill}{end}")
        return "".join(parts) + "</g>"

    def centres(self, position: Position) -> list[str]:
        """The supply centres, each a dot in its owner's colour, beside its province's name (each
        centre drawn once for each owner it has)."""
        owners = position.supply_centres
        return [self._kept(("centre", province, owners.get(province)), _centre, self.shapes, province,
                           owners.get(province))
                for province in self._centres]

    def unit(self, unit: Unit, place: Point, extra: str = "") -> str:
        """``unit_mark``, each unit drawn once for each place it stands."""
        drawn: str = self._kept((unit, place, extra), unit_mark, self.shapes, unit, place, extra)
        return drawn

    def title(self, position: Position) -> list[str]:
        """``title_marks``, once for each phase."""
        phase = position.phase
        return list(self._kept(("title", phase.season, phase.year, phase.kind), title_marks, self.game_map,
                               position, self.shapes.width))

    def strip(self, position: Position) -> list[str]:
        """The band under the map: each power's colour, name and supply centres (the centres of
        its box, if it has one, counted); the band drawn once, each power's count once for each
        count."""
        game_map, width, height = self.game_map, self.shapes.width, self.shapes.height
        return [self.band] + [
            self._kept(("count", power, centres), _count, game_map, power, number, centres, width, height)
            for number, power in enumerate(game_map.powers)
            for centres in [position.centre_count(power)]]

    def _kept(self, key: tuple[Any, ...], draw: Callable[..., Any], *args: Any) -> Any:
        """What ``draw(*args)`` drew for ``key`` the first time (kept up to ``_MOST_KEPT``)."""
        drawn = self._drawn.get(key)
        if drawn is None:
            if len(self._drawn) >= _MOST_KEPT:
                self._drawn.clear()
            drawn = self._drawn[key] = draw(*args)
        return drawn


_MOST_KEPT = 20_000
"""Drawn things kept for one map (a unit at each place, a centre for each owner, each title):
a few thousand in play, a megabyte at most."""
_ALIKE: dict[tuple[int, int], _Alike] = {}


def _alike(game_map: Map, shapes: Shapes) -> _Alike:
    """The map's ``_Alike``, made the first time the map (this very map and shapes) is drawn."""
    key = (id(game_map), id(shapes))
    alike = _ALIKE.get(key)
    if alike is None or alike.game_map is not game_map or alike.shapes is not shapes:
        if len(_ALIKE) >= 8:  # maps made by tests, one after another: the old ones are gone
            _ALIKE.clear()
        alike = _ALIKE[key] = _Alike(game_map, shapes)
    return alike


def _areas(game_map: Map, shapes: Shapes) -> list[Any]:
    """The ground (``_Alike.ground``) taken apart: its opening, then for each land area the text
    before its fill, its fill when no one owns it, the centre that gives it its owner (None: no
    centre), and the text after its fill."""
    areas: list[Any] = [f'<g class="ground"><rect width="{shapes.width:.0f}" '
                        f'height="{shapes.height:.0f}" fill="{SEA}"/>']
    for key, area in shapes.areas.items():
        info = game_map.provinces.get(key)  # type: ignore[call-overload]
        centre = None
        if info is None:  # a box, or land that is no province
            fill = OFFBOARD_LAND if key in game_map.boxes else NEUTRAL
        elif info.kind is ProvinceKind.SEA:
            continue
        else:
            fill, centre = LAND, info.abbreviation
        areas.append((f'<path class="region" data-area="{escape(key)}" d="{area.path}" fill="', fill,
                      centre, f'" fill-rule="evenodd" {_CRISP}/>'))
    return areas


def _board(game_map: Map, shapes: Shapes) -> str:
    """What every picture of the map shows alike: the borders once each and the provinces'
    abbreviations (one text element each for land and sea, ``Words``)."""
    borders = shapes.borders
    words = Words()
    for province, info in game_map.provinces.items():
        x, y = shapes.areas[province].label
        ink = SEA_INK if info.kind is ProvinceKind.SEA else INK
        words.add(f'class="labels" font-size="9" text-anchor="middle" fill="{ink}"', x, y + 3.2,
                  province.capitalize())
    return "".join([
        '<g class="board">',
        f'<path class="borders" d="{borders["sea"]}" fill="none" stroke="{SEA_BORDER}" {_CRISP}/>',
        f'<path class="borders" d="{borders["land"]}" fill="none" stroke="{BORDER}" {_CRISP}/>',
        f'<path class="coast" d="{borders["coast"]}" fill="none" stroke="{COAST}" {_CRISP}/>',
        *words.elements(),
        "</g>",
    ])


def _centre(shapes: Shapes, province: Province, owner: str | None) -> str:
    x, y = shapes.areas[province].label
    fill = shapes.colours[owner] if owner else "#ffffff"
    return piece(
        f'<circle class="centre" data-province="{province}" data-owner="{escape(owner or "")}" '
        f'cx="{x - 12.5:.1f}" cy="{y:.1f}" r="3.2" fill="{fill}" stroke="{INK}" stroke-width="1"/>',
        around([(x - 12.5, y)], 5))


def unit_mark(shapes: Shapes, unit: Unit, place: Point, extra: str = "", scale: float = 1.0) -> str:
    """A unit's token: a round counter for an army, a hull for a fleet, in its power's colour."""
    colour = shapes.colours[unit.power]
    r = UNIT_RADIUS * scale
    if unit.type is UnitType.ARMY:
        body = f'<circle r="{r:.1f}" fill="{colour}" stroke="{INK}" stroke-width="1.2"/>'
    else:
        w, h = r * 1.45, r * 0.95
        body = (f'<path d="M{-w:.1f},{-h * 0.55:.1f} L{w:.1f},{-h * 0.55:.1f} L{w * 0.62:.1f},{h:.1f} '
                f'L{-w * 0.62:.1f},{h:.1f} Z" fill="{colour}" stroke="{INK}" stroke-width="1.2" '
                'stroke-linejoin="round"/>')
    letter = (f'<path d="{_LETTERS[unit.type]}" transform="scale({scale:.2f})" fill="none" '
              f'stroke="{ink_on(colour)}" stroke-width="1.7" stroke-linecap="round" '
              'stroke-linejoin="round"/>')
    return piece(f'<g class="unit{extra}" data-power="{escape(unit.power)}" data-type="{unit.type}" '
                 f'data-loc="{unit.location}" transform="translate({place[0]:.1f},{place[1]:.1f})">'
                 f"{body}{letter}</g>", around([place], r * 1.45 + 2))


def dislodged_marks(shapes: Shapes, position: Position) -> list[str]:
    """Dislodged units beside their province's place, ringed in red, with a thin red line to
    each province they may retreat to."""
    parts = []
    for record in position.dislodged:
        x, y = dislodged_place(shapes, record.unit)
        for option in record.retreats:
            tx, ty = shapes.places[option]
            parts.append(piece(
                f'<line class="retreat-option" data-loc="{record.unit.location}" data-to="{option}" '
                f'x1="{x:.1f}" y1="{y:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" stroke="#c0392b" '
                f'stroke-width="1.2" stroke-dasharray="2 2"/>', around([(x, y), (tx, ty)], 2)))
        parts.append(piece(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{UNIT_RADIUS + 2.5:.1f}" fill="none" '
                           f'stroke="#c0392b" stroke-width="1.6"/>', around([(x, y)], UNIT_RADIUS + 4.5)))
        parts.append(unit_mark(shapes, record.unit, (x, y), " dislodged", 0.9))
    return parts


def king_marks(shapes: Shapes, position: Position) -> list[str]:
    """Henry VI (Wars of the Roses I, rule 4): a gold crown over the place he is in."""
    if position.king is None:
        return []
    x, y = shapes.places[position.king]
    y -= UNIT_RADIUS + 4
    return [piece(
        f'<g class="king" data-province="{position.king}" transform="translate({x:.1f},{y:.1f})">'
        '<path d="M-6,3 L-7,-4 L-3.5,-0.5 L0,-6 L3.5,-0.5 L7,-4 L6,3 Z" fill="#f2c230" '
        f'stroke="{INK}" stroke-width="1" stroke-linejoin="round"/><title>the King</title></g>',
        around([(x, y)], 9))]


def title_marks(game_map: Map, position: Position, width: float) -> list[str]:
    """The map's name and the phase in the top right corner, as pieces: the name, the same in
    every picture of the map, and the phase's season, year and kind, each drawn once and kept
    (only a new year is new). The line starts where the map's longest phase name would end at
    the right margin, so the name never moves. A variant with a calendar of its own
    (``calendar.py``: Hundred's, Classical's) names the phase as its calendar does."""
    phase = position.phase
    name = f"{game_map.title}:"
    if isinstance(game_map.calendar, SeasonCalendar):
        season, kind = _SEASONS[phase.season], _KINDS[phase.kind]
        longest = max(advance(f"{season} {phase.year}, {kind}", 12, bold=True)
                      for season in _SEASONS.values() for kind in _KINDS.values())
        words: tuple[str, ...] = (f"{name} ", f"{season} ", f"{phase.year}, ", kind)
    else:
        longest = max(advance(game_map.calendar.title(Phase(phase.year, season, kind)), 12, bold=True)
                      for season, kind in ((Season.WINTER, PhaseKind.ADJUSTMENT),
                                           (Season.FALL, PhaseKind.MOVEMENT)))
        words = (f"{name} ", game_map.calendar.title(phase))
    start = round(width - 8 - longest - advance(f"{name} ", 12, bold=True))
    return [piece(f'<text class="title" x="{x:.1f}" y="16" font-size="12" font-weight="bold" '
                  f'fill="{INK}" stroke="#ffffff" stroke-width="3" paint-order="stroke">{escape(text)}</text>',
                  text_bounds(x, 16, text, 12, "start", 1.5, bold=True))
            for x, text in spans(start, words, 12, bold=True)]


def _columns(game_map: Map, width: float) -> int:
    """How many powers stand side by side in the band under the map: all of them where each has
    room for its colour, name and count; else as many as have (Chaos's 34, in rows)."""
    room = max(advance(f"{power} 88", 10.5) for power in game_map.powers) + 24
    powers = len(game_map.powers)
    return powers if width / powers >= room else max(1, int(width // room))


def _rows(game_map: Map, width: float) -> int:
    return -(-len(game_map.powers) // _columns(game_map, width))


def _slot(game_map: Map, number: int, width: float, height: float) -> Point:
    """Where a power's colour stands in the band: its left and its row's top."""
    columns = _columns(game_map, width)
    row, column = divmod(number, columns)
    return column * width / columns + 8, height + row * _STRIP


def _band(game_map: Map, shapes: Shapes, width: float, height: float) -> str:
    strip = _STRIP * _rows(game_map, width)
    band = [f'<g class="strip"><rect y="{height:.0f}" width="{width:.0f}" height="{strip}" fill="{OFFBOARD}"/>']
    for number, power in enumerate(game_map.powers):
        x, y = _slot(game_map, number, width, height)
        band.append(f'<rect x="{x:.1f}" y="{y + 6:.1f}" width="11" height="11" rx="2" '
                    f'fill="{shapes.colours[power]}" stroke="{INK}"/>')
    return piece("".join(band) + "</g>", (0, round(height), round(width), strip))


def _count(game_map: Map, power: str, number: int, centres: int, width: float, height: float) -> str:
    """A power's name and its count of centres (``centres`` on the board, its box's added)."""
    x, y = _slot(game_map, number, width, height)
    count = centres + sum(len(box.centres) for box in game_map.boxes.values() if box.power == power)
    text = f"{power} {count}"
    return piece(f'<text class="powers" font-size="10.5" fill="{INK}" x="{x + 15:.1f}" '
                 f'y="{y + 15:.1f}">{escape(text)}</text>', text_bounds(x + 15, y + 15, text, 10.5))
