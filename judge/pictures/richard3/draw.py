"""The picture of a game of Richard III as one reader sees it, drawn from his view alone.

``richard3_picture(view, reader, report)`` takes what ``judge.games.richard3.view.view`` gives
a house or an observer (``reader`` None), never the state: the reader's own blocks in full (name, strength, face-down), the
enemy's as a count per area and in his pool, and what both may see (the King, the heirs to the
crown, the cards played, the battles of the turn). So the picture cannot show what the reader may
not know: an enemy block is a face-down square with a number, never a name or a strength.

The map is ``shapes.py``'s, each border drawn in the colour of its limit (5.21); each area's
name and blocks are fitted inside it (``layout.py``); the reader's heirs wear a crown (3.21).
Given a phase's report, its moves (by land, by sea along a lane, home) and recruits are drawn as
he may see them (``moves.py``) and its battles marked, every mark clear of every name; the panel
and title are ``panel.py``'s, the marks' glyphs ``marks.py``'s.

Drawn pieces carry their meaning in ``class`` and ``data-*`` attributes, as the Diplomacy
picture's do (``<g class="block own" data-name="Warwick" data-area="Calais" data-strength="4">``).
The picture is layered (``layers.py``): the land, borders and sea names are the board; each
area's name and blocks, each move, the panel and the title are pieces.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from judge.games.richard3.data import BOARD, SIDES

from ..layers import LAYERED, Bounds, around, piece, text_bounds, union
from ..shapes import Shapes
from ..outline import Box, Point
from ..style import BORDER, COAST, FONT, INK, LAND, NEUTRAL, OFFBOARD_LAND, SEA, SEA_BORDER, SEA_INK, ink_on
from ..words import Words
from .layout import Stack, area_label, around_point, fit, sea_name_boxes, spot_for
from .marks import BATTLE_REACH, ENEMY_INK, LIMIT_COLOURS, battle_mark, crown
from .moves import report_marks
from .panel import panel, title
from .shapes import SEAS, richard3_shapes

_FONT = 8.0
_CHAR = 4.7  # the width of a character at _FONT, near enough, in DejaVu Sans
_CROWN = 10.0  # the room a crown takes on an heir's tile


def richard3_picture(
    view: dict[str, Any], reader: str | None, report: dict[str, Any] | None = None
) -> str:
    """The SVG text of ``reader``'s view (a house's, or the observers' for None), with the moves,
    recruits and battles of a phase's report (as he may see it) drawn on it: for a results mail,
    the position the phase left, the one its reader acts on now."""
    shapes = richard3_shapes()
    events = (report or {}).get("events", [])
    battles = set(view.get("battles", [])) | {
        str(e["area"]) for e in events if e.get("type") == "battle" and e.get("area") in BOARD.areas
    }
    width, height = shapes.width, shapes.height
    own = _own_blocks(view)
    stacks = {key: _fitted(view, reader, key, own.get(key, [])) for key in BOARD.areas}
    names = [stack.name for stack in stacks.values()] + sea_name_boxes()
    drawn = report_marks(stacks, names, reader, events)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{FONT}" data-game="richard3" '
        f'data-reader="{escape(reader or "observer")}" data-phase="{escape(str(view.get("phase", "")))}" '
        f'{LAYERED}>',
        _defs(),
        f'<g class="ground"><rect width="{width:.0f}" height="{height:.0f}" fill="{SEA}"/></g>',
        "".join(['<g class="board">', *_areas(shapes), *_sea_names(shapes), "</g>"]),
    ]
    parts += drawn.parts
    marks = [*names, *drawn.marks]
    for key in BOARD.areas:
        battle = _battle_spot(stacks[key], marks) if key in battles else None
        if battle is not None:
            marks.append(around_point(*battle, BATTLE_REACH))
        parts += _area_group(shapes, reader, key, stacks[key], own.get(key, []), _others(view, reader, key), battle)
    parts += panel(shapes, view, reader)
    parts += title(view, reader, width)
    parts.append("</svg>")
    return "\n".join(parts)


def _own_blocks(view: dict[str, Any]) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """The reader's blocks on the map by area, face-up first, strongest first (an eliminated
    block, at strength 0, is off: issue 18, point 9)."""
    found: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for name, entry in view.get("blocks", {}).items():
        if entry.get("at") in BOARD.areas and int(entry["strength"]) > 0:
            found.setdefault(str(entry["at"]), []).append((name, entry))
    for blocks in found.values():
        blocks.sort(key=lambda item: (bool(item[1].get("down")), -int(item[1]["strength"]), item[0]))
    return found


def _others(view: dict[str, Any], reader: str | None, key: str) -> list[tuple[str, int]]:
    """Each other house's blocks in an area, as how many."""
    counts = view.get("counts", {})
    return [(side, int(counts[side][key])) for side in SIDES
            if side != reader and counts.get(side, {}).get(key)]


def _fitted(view: dict[str, Any], reader: str | None, key: str, own: list[tuple[str, dict[str, Any]]]) -> Stack:
    """The area's stack, fitted inside its land (``layout.fit``): its tiles as wide as its
    longest name needs (to the next 2 pixels), with room for a crown where an heir stands."""
    crowned = any(_heir(reader, name) for name, _ in own)
    tile = max((_CHAR * len(_short(name)) for name, _ in own), default=0.0) + 20 + (_CROWN if crowned else 0)
    tile = 2 * math.ceil(tile / 2)  # fewer widths, fewer stacks to fit
    return fit(key, area_label(key), tile, len(own), len(_others(view, reader, key)))


def _heir(reader: str | None, name: str) -> int | None:
    """The rank among his house's heirs (3.21) of the reader's block of that name, if an heir."""
    return _HEIRS.get((reader or "", name))


_HEIRS = {(block.side, block.name): block.heir for block in BOARD.blocks.values() if block.heir is not None}


def _battle_spot(stack: Stack, avoid: list[Box]) -> Point:
    """Where a battle mark goes: beside its area's name, else beside its stack, clear of every
    name and mark placed before it and of its own blocks."""
    left, top, right, bottom = stack.name
    middle = (top + bottom) / 2
    blocks = stack.body()
    avoid = avoid if blocks is None else [*avoid, blocks]
    body = stack.box()
    candidates = [(right + BATTLE_REACH + 1, middle), (left - BATTLE_REACH - 1, middle),
                  ((left + right) / 2, top - BATTLE_REACH - 1), (body[2] + BATTLE_REACH + 1, body[3] - 8),
                  (body[0] - BATTLE_REACH - 1, body[3] - 8), ((body[0] + body[2]) / 2, body[3] + BATTLE_REACH + 1)]
    return spot_for(candidates, BATTLE_REACH, avoid)


def _defs() -> str:
    return (
        '<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" '
        f'fill="{INK}"/></marker>'
        '<marker id="head-enemy" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 Z" '
        f'fill="{ENEMY_INK}"/></marker></defs>'
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
    shapes: Shapes, reader: str | None, key: str, stack: Stack,
    own: list[tuple[str, dict[str, Any]]], others: list[tuple[str, int]], battle: Point | None,
) -> list[str]:
    """An area's name with, under it, the reader's blocks there as tiles in his colour, and each
    other house's blocks as one face-down square with their number, where ``layout.fit`` put
    them; a battle's mark at ``battle``: two pieces of the picture, the blocks and the battle (their
    words last: one text element per style), then the name (drawn once and kept while it stays
    where it is, however the blocks under it change)."""
    words = Words()
    label = area_label(key)
    named = piece(f'<text class="area-names" font-size="{stack.name_size:g}" font-weight="bold" text-anchor="middle" '
                 f'fill="{INK}"><tspan data-area="{escape(key)}" x="{stack.name_x:.1f}" y="{stack.name_y:.1f}">'
                 f'{escape(label)}</tspan></text>',
                 text_bounds(stack.name_x, stack.name_y, label, stack.name_size, "middle", bold=True))
    parts = [f'<g class="area" data-area="{escape(key)}">']
    reach: list[Bounds] = []
    if battle is not None:
        parts.append(battle_mark(key, *battle))
        reach.append(around([battle], BATTLE_REACH + 1))
    body = stack.body()
    if body is not None:
        reach.append(around([body[:2], body[2:]], 2))
    for (name, entry), (tx, ty) in zip(own, stack.tiles()):
        tile, bounds = _tile(shapes, words, reader or "", name, entry, key, tx, ty, stack)
        parts.append(tile)
        reach.append(bounds)
    for (side, count), (sx, sy) in zip(others, stack.squares()):
        parts.append(_stack(shapes, words, side, key, count, sx, sy, stack.square))
    if not reach:
        return [named]
    return [piece("".join([*parts, *words.elements(), "</g>"]), union(*reach)), named]


def _tile(
    shapes: Shapes, words: Words, side: str, name: str, entry: dict[str, Any], area: str,
    x: float, y: float, stack: Stack,
) -> tuple[str, Bounds]:
    """One of the reader's blocks: its name (cut short where its tile is narrow) and strength
    in his colour, an heir to the crown (3.21) with a crown before his name; a face-down block
    (6.83-6.86) pale, dashed and marked ``down``. With the bounds of its name."""
    colour = shapes.colours[side]
    down = bool(entry.get("down"))
    strength = int(entry["strength"])
    fill, ink = (("#dddddd", "#555555") if down else (colour, ink_on(colour)))
    dash = ' stroke-dasharray="2 1.5"' if down else ""
    size, width = stack.size, stack.tile
    h = stack.row - 1.5
    mark = " (down)" if down else ""
    italic = ' font-style="italic"' if down else ""
    about = f'data-name="{escape(name)}" '
    rank = _heir(side, name)
    worn = crown(x + 2 * size, y + 1.5 * size, size, name, rank) if rank is not None else ""
    indent = (_CROWN + 1) * size if rank is not None else 3
    written = _written(name, width - indent - 12 * size, size)
    words.add(f'class="block-names" font-size="{_FONT * size:.2f}" fill="{ink}"{italic}', x + indent,
              y + h - 2.6 * size, written, about)
    words.add(f'class="strengths" font-size="{(_FONT + 1) * size:.2f}" font-weight="bold" '
              f'text-anchor="end" fill="{ink}"',
              x + width - 3 * size, y + h - 2.4 * size, str(strength), about)
    heir = f" (heir {rank})" if rank is not None else ""
    return (
        f'<g class="block own{" down" if down else ""}" data-side="{escape(side)}" data-name="{escape(name)}" '
        f'data-area="{escape(area)}" data-strength="{strength}"><title>{escape(name)}{heir}{mark}</title>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{h:.1f}" rx="1.5" fill="{fill}" '
        f'stroke="{INK}" stroke-width="0.8"{dash}/>{worn}</g>',
        text_bounds(x + indent, y + h - 2.6 * size, written, _FONT * size),
    )


def _written(name: str, room: float, size: float) -> str:
    """A block's name as a tile with ``room`` pixels for it at ``size`` shows it: shortened
    (``_short``), then, if still too long, cut with an ellipsis (the full name is in its title)."""
    short = _short(name)
    fits = max(2, int(room / (_CHAR * size)))
    return short if len(short) <= fits else short[:fits - 1].rstrip(" .") + "\u2026"


def _stack(shapes: Shapes, words: Words, side: str, area: str, count: int, x: float, y: float,
           square: float) -> str:
    """Another house's blocks in an area: standing upright, face away (3.1), so only how many;
    a square (a second one behind it when there are more) with the number on it."""
    colour = shapes.colours[side]
    behind = (
        f'<rect x="{x + 3:.1f}" y="{y - 3:.1f}" width="{square:.1f}" height="{square:.1f}" rx="1.5" '
        f'fill="{colour}" stroke="{INK}" stroke-width="0.8"/>' if count > 1 else ""
    )
    mark = (
        f'<g class="block enemy" data-side="{escape(side)}" data-area="{escape(area)}" data-count="{count}">'
        f'<title>{escape(side)}: {count} block{"s" if count > 1 else ""}</title>{behind}'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{square:.1f}" height="{square:.1f}" rx="1.5" fill="{colour}" '
        f'stroke="{INK}" stroke-width="0.8"/></g>'
    )
    words.add(f'class="counts" font-size="{square * 2 / 3:.1f}" font-weight="bold" text-anchor="middle" '
              f'fill="{ink_on(colour)}"', x + square / 2, y + square * 11 / 15,
              str(count), f'data-side="{escape(side)}" data-area="{escape(area)}" ')
    return mark
