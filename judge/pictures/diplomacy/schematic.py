"""The schematic picture of a position: for a variant whose shapes nobody has drawn yet.

Each province is a mark at its place in the variant's layout (``layout.py``): a blue circle for a
sea, a pale circle ringed in blue for a coastal province, a pale square for an inland one; each
coast of a province with several a small blue ring beside it, named. Thin lines join neighbours:
brown where armies move (land routes), blue where only fleets do (sea lanes, and a coast's own
lanes). A supply centre is a dot by its mark, in its owner's colour (white: nobody's), and an owned
centre's mark is ringed in that colour. Units, dislodged units, the King and the orders are drawn
as on the shaped maps (``draw.py``, ``arrows.py``); under the map, a legend and the band of powers
with their centres, in as many rows as they need.

The picture is layered (``layers.py``): the board (lines, marks, names, legend) is drawn once a
map; centres, units, orders, title and counts are pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.position import Position
from judge.games.diplomacy.vocabulary import ProvinceKind, province_of
from judge.games.diplomacy.wire import read_position

from ..layers import LAYERED, around, piece, text_bounds
from ..shapes import Shapes
from ..style import FONT, INK, LAND, SEA, SEA_INK
from ..words import Words
from .arrows import order_marks
from .draw import dislodged_marks, king_marks, title_marks, unit_mark
from .layout import Layout

MARK = 10.0
"""A province's mark: the radius of its circle, half the side of its square, in pixels."""
NAME_BELOW = MARK + 11.0
"""How far below its point a province's name's baseline is."""
PAPER = "#f7f4ec"
LANE = "#7ea9d1"  # a sea lane
ROUTE = "#b7a488"  # a land route
SHORE = "#3d6f9e"  # a coastal province's ring, a coast's
_LEGEND = 22.0
_ROW = 19.0
_COLUMN = 150.0


def schematic(game_map: Map, layout: Layout, state: dict[str, Any], results: Sequence[dict[str, Any]]) -> str:
    """The SVG text of a position (wire form) with its phase's orders (results) drawn on it."""
    position = read_position(game_map, state)
    shapes = _shapes(game_map, layout)
    width, height = layout.width, layout.height
    total = height + _LEGEND + _band_height(game_map, width)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total:.0f}" '
        f'viewBox="0 0 {width:.0f} {total:.0f}" font-family="{FONT}" class="schematic" '
        f'data-variant="{escape(game_map.name)}" data-phase="{escape(game_map.calendar.code(position.phase))}" {LAYERED}>',
        f'<g class="ground"><rect width="{width:.0f}" height="{total:.0f}" fill="{PAPER}"/></g>',
        _board(game_map, layout, total),
    ]
    parts += _centres(game_map, layout, position)
    parts += [unit_mark(shapes, unit, layout.places[unit.location]) for unit in position.units.values()]
    parts += dislodged_marks(shapes, position)
    parts += king_marks(shapes, position)
    parts += order_marks(game_map, shapes, position, results, {})
    parts += title_marks(game_map, position, width)
    parts += _counts(game_map, position, width, height + _LEGEND)
    parts.append("</svg>")
    return "\n".join(parts)


_SHAPES: dict[tuple[int, int], tuple[Map, Layout, Shapes]] = {}


def _shapes(game_map: Map, layout: Layout) -> Shapes:
    """The layout as the shaped maps' drawing reads its geometry (places and colours, no areas):
    what ``draw.py`` and ``arrows.py`` draw units and orders with."""
    key = (id(game_map), id(layout))
    kept = _SHAPES.get(key)
    if kept is None or kept[0] is not game_map or kept[1] is not layout:
        if len(_SHAPES) >= 16:
            _SHAPES.clear()
        shapes = Shapes(game_map.name, 1.0, layout.width, layout.height, {}, dict(layout.places),
                        dict(layout.colours), {}, {}, {})
        kept = _SHAPES[key] = (game_map, layout, shapes)
    return kept[2]


_BOARDS: dict[tuple[int, int], tuple[Map, Layout, str]] = {}


def _board(game_map: Map, layout: Layout, total: float) -> str:
    """The board, drawn once a map and layout."""
    key = (id(game_map), id(layout))
    kept = _BOARDS.get(key)
    if kept is None or kept[0] is not game_map or kept[1] is not layout:
        if len(_BOARDS) >= 16:
            _BOARDS.clear()
        kept = _BOARDS[key] = (game_map, layout, _draw_board(game_map, layout, total))
    return kept[2]


def _draw_board(game_map: Map, layout: Layout, total: float) -> str:
    """The lines between neighbours, the provinces' and coasts' marks and names, the legend and
    the band of powers (their colours and names; their counts are pieces)."""
    places = layout.places
    routes, lanes = _lines(game_map)
    words = Words()
    marks: list[str] = []
    for province, info in game_map.provinces.items():
        x, y = places[province]
        for coast in info.coasts:
            cx, cy = places[f"{province}/{coast}"]
            marks.append(f'<path class="coast" data-loc="{province}/{coast}" d="M{x:.1f},{y:.1f} L{cx:.1f},{cy:.1f}" '
                         f'stroke="{SHORE}" stroke-width="1.6"/>'
                         f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="4.5" fill="#ffffff" stroke="{SHORE}" '
                         'stroke-width="1.4"/>')
            dx, dy = cx - x, cy - y
            length = (dx * dx + dy * dy) ** 0.5 or 1.0
            words.add(f'class="coast-names" font-size="7.5" text-anchor="middle" fill="{SHORE}"',
                      cx + dx / length * 10, cy + dy / length * 10 + 2.7, coast)
        marks.append(_mark(province, info.kind, x, y))
        sea = info.kind is ProvinceKind.SEA
        words.add(f'class="labels" font-size="9.5" text-anchor="middle" fill="{SEA_INK if sea else INK}" '
                  'stroke="#ffffff" stroke-width="2.4" stroke-opacity="0.85" paint-order="stroke"',
                  x, y + NAME_BELOW, province.capitalize(), f'data-province="{province}" ')
    band = _band(game_map, layout, layout.height + _LEGEND, total)
    return "".join([
        '<g class="board">',
        _path("routes", routes, places, ROUTE, 1.3),
        _path("lanes", lanes, places, LANE, 1.3),
        *marks,
        *words.elements(),
        _legend(layout.height),
        band,
        "</g>",
    ])


def _lines(game_map: Map) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The land routes (where armies move, one line a pair of provinces) and the sea lanes
    (where fleets move to or from a sea, from a coast of a province with several, or between
    two coasts armies cannot cross), each pair once."""
    routes = sorted({tuple(sorted((a, b))) for a, targets in game_map.army_moves.items() for b in targets})
    lanes: set[tuple[str, str]] = set()
    for here, targets in game_map.fleet_moves.items():
        for there in targets:
            a, b = province_of(here), province_of(there)
            crossing = a in game_map.seas or b in game_map.seas or "/" in here or "/" in there \
                or b not in game_map.army_moves.get(a, ())
            if crossing:
                lanes.add((min(here, there), max(here, there)))
    return [(a, b) for a, b in routes], sorted(lanes)


def _path(kind: str, pairs: list[tuple[str, str]], places: dict[str, Any], colour: str, width: float) -> str:
    d = " ".join(f"M{places[a][0]:.1f},{places[a][1]:.1f} L{places[b][0]:.1f},{places[b][1]:.1f}" for a, b in pairs)
    return f'<path class="{kind}" d="{d}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>'


def _mark(province: str, kind: ProvinceKind, x: float, y: float) -> str:
    """A province's mark: a sea a blue circle, a coastal province a pale circle ringed in blue, an
    inland one a pale square."""
    data = f'class="province" data-province="{province}" data-kind="{kind.value}"'
    if kind is ProvinceKind.SEA:
        return f'<circle {data} cx="{x:.1f}" cy="{y:.1f}" r="{MARK}" fill="{SEA}" stroke="{LANE}" stroke-width="1.4"/>'
    if kind is ProvinceKind.COAST:
        return (f'<circle {data} cx="{x:.1f}" cy="{y:.1f}" r="{MARK}" fill="{LAND}" stroke="{SHORE}" '
                'stroke-width="1.8"/>')
    side = MARK * 1.8
    return (f'<rect {data} x="{x - side / 2:.1f}" y="{y - side / 2:.1f}" width="{side:.1f}" '
            f'height="{side:.1f}" rx="2.5" fill="{LAND}" stroke="{ROUTE}" stroke-width="1.8"/>')


def _centres(game_map: Map, layout: Layout, position: Position) -> list[str]:
    """Each supply centre: a dot up and right of its mark, in its owner's colour (white:
    nobody's), and an owned centre's mark ringed in that colour."""
    parts = []
    for province in game_map.supply_centres:
        x, y = layout.places[province]
        owner = position.supply_centres.get(province)
        colour = layout.colours[owner] if owner else "#ffffff"
        ring = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{MARK + 3:.1f}" fill="none" stroke="{colour}" '
                'stroke-width="3"/>' if owner else "")
        dx, dy = x + MARK * 0.95, y - MARK * 0.95
        parts.append(piece(
            f'<g class="centre" data-province="{province}" data-owner="{escape(owner or "")}">{ring}'
            f'<circle cx="{dx:.1f}" cy="{dy:.1f}" r="4" fill="{colour}" stroke="{INK}" stroke-width="1.1"/></g>',
            around([(x, y), (dx, dy)], MARK + 5)))
    return parts


def _legend(top: float) -> str:
    """What the marks and lines mean, in one row under the map."""
    y = top + _LEGEND / 2
    items = [
        (f'<circle cx="{{x}}" cy="{y:.1f}" r="5.5" fill="{SEA}" stroke="{LANE}" stroke-width="1.2"/>', "sea"),
        (f'<circle cx="{{x}}" cy="{y:.1f}" r="5.5" fill="{LAND}" stroke="{SHORE}" stroke-width="1.5"/>', "coast"),
        (f'<rect x="{{left}}" y="{y - 5:.1f}" width="10" height="10" rx="1.5" fill="{LAND}" stroke="{ROUTE}" '
         'stroke-width="1.5"/>', "inland"),
        (f'<circle cx="{{x}}" cy="{y:.1f}" r="3.8" fill="#ffffff" stroke="{INK}" stroke-width="1.1"/>',
         "supply centre"),
        (f'<path d="M{{left}},{y:.1f} h12" stroke="{ROUTE}" stroke-width="2"/>', "army route"),
        (f'<path d="M{{left}},{y:.1f} h12" stroke="{LANE}" stroke-width="2"/>', "fleet lane"),
    ]
    parts = ['<g class="legend">']
    x = 10.0
    for symbol, words in items:
        parts.append(symbol.format(x=f"{x + 6:.1f}", left=f"{x:.1f}"))
        parts.append(f'<text x="{x + 15:.1f}" y="{y + 3.3:.1f}" font-size="9.5" fill="{INK}">{words}</text>')
        x += 22 + len(words) * 5.8
    parts.append("</g>")
    return "".join(parts)


def _columns(width: float) -> int:
    return max(1, int(width // _COLUMN))


def _band_height(game_map: Map, width: float) -> float:
    rows = -(-len(game_map.powers) // _columns(width))
    return rows * _ROW + 6


def _slot(number: int, width: float, top: float) -> tuple[float, float]:
    """Where a power's swatch stands in the band: its left and its row's middle."""
    columns = _columns(width)
    row, column = divmod(number, columns)
    return 8 + column * (width - 8) / columns, top + 3 + row * _ROW + _ROW / 2


def _band(game_map: Map, layout: Layout, top: float, total: float) -> str:
    width = layout.width
    parts = [f'<rect class="strip" y="{top:.1f}" width="{width:.0f}" height="{total - top:.1f}" fill="#efeae0"/>']
    for number, power in enumerate(game_map.powers):
        x, y = _slot(number, width, top)
        parts.append(f'<rect x="{x:.1f}" y="{y - 5.5:.1f}" width="11" height="11" rx="2" '
                     f'fill="{layout.colours[power]}" stroke="{INK}"/>')
    return "".join(parts)


def _counts(game_map: Map, position: Position, width: float, top: float) -> list[str]:
    """Each power's name and its count of centres, beside its colour in the band."""
    parts = []
    for number, power in enumerate(game_map.powers):
        x, y = _slot(number, width, top)
        text = f"{power} {position.centre_count(power)}"
        parts.append(piece(f'<text class="powers" font-size="10.5" fill="{INK}" x="{x + 15:.1f}" '
                           f'y="{y + 3.8:.1f}">{escape(text)}</text>', text_bounds(x + 15, y + 3.8, text, 10.5)))
    return parts
