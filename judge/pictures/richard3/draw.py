"""The picture of a game of Richard III as one reader sees it, drawn from his view alone.

``richard3_picture(view, reader, report)`` takes what ``judge.games.richard3.view.view`` gives
a house or an observer (``reader`` None), never the state: the reader's own blocks in full (name, strength, face-down), the
enemy's as a count per area and in his pool, and what both may see (the King, the heirs to the
crown, the cards played, the battles of the turn). So the picture cannot show what the reader may
not know: an enemy block is a face-down square with a number, never a name or a strength.

The map is ``shapes.py``'s, each border drawn in the colour of its limit (5.21). Given a phase's
report, the reader's own moves are drawn as arrows and its battles marked.

Drawn pieces carry their meaning in ``class`` and ``data-*`` attributes, as the Diplomacy
picture's do (``<g class="block own" data-name="Warwick" data-area="Calais" data-strength="4">``).
The picture is layered (``layers.py``): the land, borders and sea names are the board; each
area's name and blocks, each move, the panel and the title are pieces.
"""

from __future__ import annotations

from html import escape
from typing import Any

from judge.games.richard3.data import BOARD, SIDES
from judge.games.richard3.state import ROMAN

from ..layers import LAYERED, around, piece, text_bounds, union
from ..shapes import Shapes
from ..style import BORDER, COAST, FONT, INK, LAND, NEUTRAL, OFFBOARD_LAND, SEA, SEA_BORDER, SEA_INK, ink_on
from ..words import Words
from .shapes import PANEL, SEAS, richard3_shapes
LIMIT_COLOURS = {"red": "#c0392b", "blue": "#2c5aa0", "yellow": "#d9a514"}  # 5.21
_ROW = 13.0  # one own block's line
_NAME = 11.0  # an area's name above its blocks
_SQUARE = 15.0  # an enemy stack's face-down square
_FONT = 8.0
_CHAR = 4.7  # the width of a character at _FONT, near enough, in DejaVu Sans
_COLUMN = 7  # own blocks in one column before a second is started


def richard3_picture(
    view: dict[str, Any], reader: str | None, report: dict[str, Any] | None = None
) -> str:
    """The SVG text of ``reader``'s view (a house's, or the observers' for None), with the moves
    and the battles of a phase's report (as he may see it) drawn on it: for a results mail, the
    position the phase left, the one its reader acts on now."""
    shapes = richard3_shapes()
    events = (report or {}).get("events", [])
    battles = set(view.get("battles", [])) | {
        str(e["area"]) for e in events if e.get("type") == "battle" and e.get("area") in BOARD.areas
    }
    width, height = shapes.width, shapes.height
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{FONT}" data-game="richard3" '
        f'data-reader="{escape(reader or "observer")}" data-phase="{escape(str(view.get("phase", "")))}" '
        f'{LAYERED}>',
        _defs(),
        f'<g class="ground"><rect width="{width:.0f}" height="{height:.0f}" fill="{SEA}"/></g>',
        "".join(['<g class="board">', *_areas(shapes), *_sea_names(shapes), "</g>"]),
    ]
    parts += _moves(shapes, reader, events)
    parts += [_area_group(shapes, view, reader, key, key in battles) for key in BOARD.areas]
    parts += _panel(shapes, view, reader)
    parts += _title(view, reader, width)
    parts.append("</svg>")
    return "\n".join(parts)


def _defs() -> str:
    return (
        '<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" '
        f'fill="{INK}"/></marker>'
        '<marker id="head-enemy" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" '
        'fill="#7b241c"/></marker></defs>'
    )


def _areas(shapes: Shapes) -> list[str]:
    """Land, exile areas and the land beyond the game, then the borders: between land areas in
    the colour of their limit (5.21), the coasts, the lines between seas. One path per colour."""
    fills: dict[str, list[str]] = {}
    for key, area in shapes.areas.items():
        if key in SEAS:
            continue
        info = BOARD.areas.get(key)
        fill = NEUTRAL if info is None else LAND if info.kind != "exile" else OFFBOARD_LAND
        fills.setdefault(fill, []).append(area.path)
    crisp = 'shape-rendering="crispEdges"'
    parts = [
        f'<path class="land" d="{" ".join(paths)}" fill="{fill}" fill-rule="evenodd" {crisp}/>'
        for fill, paths in fills.items()
    ]
    limits: dict[str, list[str]] = {}
    plain: list[str] = []  # between lands with no border of the game: exile areas, Picardy
    for (a, b), path in shapes.between.items():
        border = BOARD.border(a, b)
        if border is not None:
            limits.setdefault(border.colour, []).append(path)
        elif a not in SEAS and b not in SEAS:
            plain.append(path)
    parts += [
        f'<path class="borders" d="{shapes.borders["sea"]}" fill="none" stroke="{SEA_BORDER}" {crisp}/>',
        f'<path class="borders" d="{" ".join(plain)}" fill="none" stroke="{BORDER}" {crisp}/>',
        f'<path class="coast" d="{shapes.borders["coast"]}" fill="none" stroke="{COAST}" {crisp}/>',
    ]
    parts += [
        f'<path class="border-limit" data-colour="{colour}" d="{" ".join(paths)}" fill="none" '
        f'stroke="{LIMIT_COLOURS[colour]}" stroke-width="2.2" stroke-linecap="round"/>'
        for colour, paths in sorted(limits.items())
    ]
    return parts


def _sea_names(shapes: Shapes) -> list[str]:
    spans = "".join(
        f'<tspan x="{shapes.areas[sea].label[0]:.1f}" y="{shapes.areas[sea].label[1]:.1f}">{escape(sea)}</tspan>'
        for sea in sorted(SEAS)
    )
    return [f'<text class="sea-names" font-size="12" font-style="italic" text-anchor="middle" '
            f'fill="{SEA_INK}">{spans}</text>']


def _short(name: str) -> str:
    """A long block name shortened to fit its tile (the full name is in its title)."""
    return name.replace(" Mercenary", " Merc.").replace(" Church", " Ch.")


def _area_group(
    shapes: Shapes, view: dict[str, Any], reader: str | None, key: str, battle: bool
) -> str:
    """An area's name with, under it, the reader's blocks there as tiles in his colour, one a
    line, and each other house's blocks as one face-down square with their number: one piece
    of the picture, its words last (one text element per style)."""
    words = Words()
    own = sorted(
        ((name, entry) for name, entry in view.get("blocks", {}).items()
         if entry.get("at") == key and int(entry["strength"]) > 0),  # an eliminated block is off
        key=lambda item: (bool(item[1].get("down")), -int(item[1]["strength"]), item[0]),
    )
    others = [
        (side, int(view["counts"][side].get(key, 0)))
        for side in SIDES
        if side != reader and view.get("counts", {}).get(side, {}).get(key)
    ]
    x, y = shapes.areas[key].unit
    columns = 1 if len(own) <= _COLUMN else 2
    rows = -(-len(own) // columns)
    tile = max((8 + _CHAR * len(_short(name)) + 12 for name, _ in own), default=0.0)
    height = _NAME + rows * _ROW + (_SQUARE + 4 if others else 0)
    top = y - height / 2
    kind = BOARD.areas[key].kind
    label = f"{key} (exile)" if kind == "exile" else key
    words.add(f'class="area-names" font-size="9" font-weight="bold" text-anchor="middle" fill="{INK}"',
              x, top + 8, label, f'data-area="{escape(key)}" ')
    parts = [f'<g class="area" data-area="{escape(key)}">']
    reach = [text_bounds(x, top + 8, label, 9, "middle", bold=True)]
    if battle:
        parts.append(_battle_mark(key, x + len(label) * 2.9 + 9, top + 4))
        reach.append(around([(x + len(label) * 2.9 + 9, top + 4)], 9))
    left = x - columns * tile / 2 - (columns - 1)
    if own:
        reach.append(around([(left, top + _NAME), (left + columns * (tile + 2), top + _NAME + rows * _ROW)], 2))
    for number, (name, entry) in enumerate(own):
        column, row = divmod(number, rows)
        tx, ty = left + column * (tile + 2), top + _NAME + row * _ROW
        parts.append(_tile(shapes, words, reader or "", name, entry, key, tx, ty, tile))
        reach.append(text_bounds(tx + 3, ty + _ROW - 4.1, _short(name), _FONT))  # a name wider than its tile
    sx = x - len(others) * (_SQUARE + 8) / 2 + 3
    sy = top + _NAME + rows * _ROW + 3
    for side, count in others:
        parts.append(_stack(shapes, words, side, key, count, sx, sy))
        reach.append(around([(sx, sy - 3), (sx + _SQUARE + 3, sy + _SQUARE)], 2))
        sx += _SQUARE + 8
    return piece("".join([*parts, *words.elements(), "</g>"]), union(*reach))


def _tile(
    shapes: Shapes, words: Words, side: str, name: str, entry: dict[str, Any], area: str,
    x: float, y: float, width: float,
) -> str:
    """One of the reader's blocks: its name and strength in his colour; a face-down block
    (6.83-6.86) pale, dashed and marked ``down``."""
    colour = shapes.colours[side]
    down = bool(entry.get("down"))
    strength = int(entry["strength"])
    fill, ink = (("#dddddd", "#555555") if down else (colour, ink_on(colour)))
    dash = ' stroke-dasharray="2 1.5"' if down else ""
    h = _ROW - 1.5
    mark = " (down)" if down else ""
    italic = ' font-style="italic"' if down else ""
    about = f'data-name="{escape(name)}" '
    words.add(f'class="block-names" font-size="{_FONT}" fill="{ink}"{italic}', x + 3, y + h - 2.6, _short(name), about)
    words.add(f'class="strengths" font-size="{_FONT + 1}" font-weight="bold" text-anchor="end" fill="{ink}"',
              x + width - 3, y + h - 2.4, str(strength), about)
    return (
        f'<g class="block own{" down" if down else ""}" data-side="{escape(side)}" data-name="{escape(name)}" '
        f'data-area="{escape(area)}" data-strength="{strength}"><title>{escape(name)}{mark}</title>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{h:.1f}" rx="1.5" fill="{fill}" '
        f'stroke="{INK}" stroke-width="0.8"{dash}/></g>'
    )


def _stack(shapes: Shapes, words: Words, side: str, area: str, count: int, x: float, y: float) -> str:
    """Another house's blocks in an area: standing upright, face away (3.1), so only how many;
    a square (a second one behind it when there are more) with the number on it."""
    colour = shapes.colours[side]
    behind = (
        f'<rect x="{x + 3:.1f}" y="{y - 3:.1f}" width="{_SQUARE}" height="{_SQUARE}" rx="1.5" '
        f'fill="{colour}" stroke="{INK}" stroke-width="0.8"/>' if count > 1 else ""
    )
    mark = (
        f'<g class="block enemy" data-side="{escape(side)}" data-area="{escape(area)}" data-count="{count}">'
        f'<title>{escape(side)}: {count} block{"s" if count > 1 else ""}</title>{behind}'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{_SQUARE}" height="{_SQUARE}" rx="1.5" fill="{colour}" '
        f'stroke="{INK}" stroke-width="0.8"/></g>'
    )
    words.add(f'class="counts" font-size="10" font-weight="bold" text-anchor="middle" fill="{ink_on(colour)}"',
              x + _SQUARE / 2, y + _SQUARE - 4, str(count), f'data-side="{escape(side)}" data-area="{escape(area)}" ')
    return mark


def _battle_mark(area: str, x: float, y: float) -> str:
    """A battle this turn (6.1): two crossed blades in a red ring."""
    return (
        f'<g class="battle" data-area="{escape(area)}" transform="translate({x:.1f},{y:.1f})">'
        '<title>battle</title><circle r="6.5" fill="#ffffff" stroke="#c0392b" stroke-width="1.5"/>'
        '<path d="M-3.5,-3.5 L3.5,3.5 M3.5,-3.5 L-3.5,3.5" stroke="#c0392b" stroke-width="1.8" '
        'stroke-linecap="round"/></g>'
    )


def _moves(shapes: Shapes, reader: str | None, events: list[dict[str, Any]]) -> list[str]:
    """The moves of the phase as the reader may see them (his own named, the enemy's as counts of
    blocks seen going from area to area), each an arrow through the areas of its path; blocks that
    went the same way together are one arrow marked with how many went."""
    groups: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}
    for event in events:
        if event.get("type") not in ("move", "sea move"):
            continue
        path = tuple(area for area in event.get("path") or [] if area in shapes.areas)
        if len(path) < 2:
            continue
        block = str(event.get("block") or "")  # a name (report_view), an id, or hidden
        block = BOARD.blocks[block].name if block in BOARD.blocks else block
        groups.setdefault((str(event.get("side") or ""), str(event["type"]), path), []).append(block)
    parts = []
    for (side, kind, path), blocks in groups.items():
        points = [shapes.areas[a].unit for a in path]
        line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        dash = ' stroke-dasharray="6 3"' if kind == "sea move" else ""
        own = side == reader
        colour = INK if own else "#7b241c"
        names = ", ".join(b for b in blocks if b) if own else ""  # the enemy's stay face down
        parts.append(piece(
            f'<polyline class="move" data-side="{escape(side)}" data-block="{escape(names)}" '
            f'data-count="{len(blocks)}" data-path="{escape(" / ".join(path))}" points="{line}" '
            f'fill="none" stroke="{colour}" stroke-opacity="0.7" stroke-width="2" '
            f'stroke-linejoin="round"{dash} marker-end="url(#head{"" if own else "-enemy"})"/>',
            around(points, 12),  # the head reaches 10 pixels
        ))
        if len(blocks) > 1:  # how many went, by the middle of the first leg
            (x1, y1), (x2, y2) = points[0], points[1]
            x, y = (x1 + x2) / 2, (y1 + y2) / 2
            text = f"\u00d7{len(blocks)}"
            parts.append(piece(
                f'<text class="move-count" x="{x:.1f}" y="{y:.1f}" font-size="{_FONT + 1:.0f}" '
                f'font-weight="bold" fill="{colour}" stroke="#ffffff" stroke-width="2" '
                f'paint-order="stroke" text-anchor="middle">{text}</text>',
                around([(x, y - 6)], 12),
            ))
    return parts


def _panel(shapes: Shapes, view: dict[str, Any], reader: str | None) -> list[str]:
    """The corner panel: each house's pool (4.2), the heirs to the crown, the dead heirs, Henry VI
    in the Tower, the cards played, the reader's heirs not yet of age, and the borders' limits."""
    x, y = shapes.panels[PANEL]
    blocks = view.get("blocks", {})
    lines: list[tuple[str, str]] = []
    for side in SIDES:
        if side == reader:
            pool = sum(1 for entry in blocks.values() if entry.get("at") == "pool")
        else:
            pool = int(view.get("counts", {}).get(side, {}).get("pool", 0))
        heir = (view.get("crown") or {}).get(side) or "none left"
        card = (view.get("cards_played") or {}).get(side)
        text = f"{side}: {pool} in the pool; heir {heir}" + (f"; played {card}" if card else "")
        lines.append((f'class="pool" data-side="{escape(side)}" data-count="{pool}"', text))
    minors = sorted(name for name, entry in blocks.items() if entry.get("at") == "minor")
    if minors:
        lines.append(("", "Not yet of age: " + ", ".join(minors)))
    if view.get("dead"):
        lines.append(("", "Dead heirs: " + ", ".join(view["dead"])))
    if view.get("prisoner"):
        lines.append(("", "In the Tower: " + ", ".join(view["prisoner"])))
    width, top = 300.0, y + 4
    height = 14 + len(lines) * 13 + 18
    parts = [
        f'<g class="panel"><rect x="{x:.1f}" y="{y:.1f}" width="{width:.0f}" height="{height:.0f}" rx="5" '
        f'fill="#ffffff" fill-opacity="0.9" stroke="{INK}" stroke-width="1"/>'
    ]
    reach = [around([(x, y), (x + width, y + height)], 2)]
    for number, (attributes, text) in enumerate(lines):
        parts.append(f'<text {attributes} x="{x + 8:.1f}" y="{top + 12 + number * 13:.1f}" font-size="9.5" '
                     f'fill="{INK}">{escape(text)}</text>')
        reach.append(text_bounds(x + 8, top + 12 + number * 13, text, 9.5))
    ly = top + 12 + len(lines) * 13 + 4
    lx = x + 8
    parts.append(f'<text x="{lx:.1f}" y="{ly + 3:.1f}" font-size="9" fill="{INK}">Border limits:</text>')
    lx += 70
    for colour, limit in (("red", 2), ("blue", 3), ("yellow", 4)):
        parts.append(f'<line x1="{lx:.1f}" y1="{ly:.1f}" x2="{lx + 16:.1f}" y2="{ly:.1f}" '
                     f'stroke="{LIMIT_COLOURS[colour]}" stroke-width="2.5"/>'
                     f'<text x="{lx + 20:.1f}" y="{ly + 3:.1f}" font-size="9" fill="{INK}">{limit} blocks</text>')
        lx += 66
    parts.append("</g>")
    return [piece("".join(parts), union(*reach))]


def _title(view: dict[str, Any], reader: str | None, width: float) -> list[str]:
    """The scenario, the campaign and turn, the phase, who is King, whose view it is."""
    scenario = BOARD.scenarios.get(str(view.get("scenario", "")))
    name = f"Richard III, {scenario.title}" if scenario else "Richard III"
    campaign = ROMAN[int(view["campaign"])]
    phase = str(view.get("phase", ""))
    seen = f"as {reader} sees it" if reader else "as an observer sees it"
    first = f"{name}: campaign {campaign}, turn {view.get('turn')} ({phase})"
    second = f"King: {view.get('king')} \u2014 {seen}"
    if view.get("outcome"):
        second += f" \u2014 won by {view['outcome'].get('winner')}"
    return [piece(
        f'<text class="title" x="{width - 8:.0f}" y="17" font-size="13" font-weight="bold" '
        f'text-anchor="end" fill="{INK}" stroke="#ffffff" stroke-width="3" paint-order="stroke">'
        f'<tspan x="{width - 8:.0f}" y="17">{escape(first)}</tspan>'
        f'<tspan x="{width - 8:.0f}" y="33">{escape(second)}</tspan></text>',
        union(text_bounds(width - 8, 17, first, 13, "end", 1.5, bold=True),
              text_bounds(width - 8, 33, second, 13, "end", 1.5, bold=True)),
    )]
