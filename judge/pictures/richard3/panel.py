"""The Richard III picture's corner panel (each house's pool, heirs and card, the borders'
limits, a legend of the marks) and its title."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from judge.games.richard3.data import BOARD, SIDES
from judge.games.richard3.state import ROMAN

from ..layers import around, piece, spans, text_bounds
from ..shapes import Shapes
from ..style import INK
from .marks import LIMIT_COLOURS, MOVE_DASHES, battle_mark, crown, recruit_badge
from .shapes import PANEL

_LINE = 54  # characters in a line of the panel, at most


def panel(shapes: Shapes, view: dict[str, Any], reader: str | None) -> list[str]:
    """The corner panel: each house's pool (4.2), the heirs to the crown, the dead heirs, Henry VI
    in the Tower, the cards played, the reader's heirs not yet of age (each line wrapped to the
    panel's width), the borders' limits and a legend of the marks."""
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
    lines = [(attributes if number == 0 else "", part) for attributes, text in lines
             for number, part in enumerate(_wrapped(text))]
    width, top = 300.0, y + 4
    height = 14 + len(lines) * 13 + 34
    box = [
        f'<g class="panel"><rect x="{x:.1f}" y="{y:.1f}" width="{width:.0f}" height="{height:.0f}" rx="5" '
        f'fill="#ffffff" fill-opacity="0.9" stroke="{INK}" stroke-width="1"/>'
    ]
    ly = top + 12 + len(lines) * 13 + 4
    lx = x + 8
    box.append(f'<text x="{lx:.1f}" y="{ly + 3:.1f}" font-size="9" fill="{INK}">Border limits:</text>')
    lx += 70
    for colour, limit in (("red", 2), ("blue", 3), ("yellow", 4)):
        box.append(f'<line x1="{lx:.1f}" y1="{ly:.1f}" x2="{lx + 16:.1f}" y2="{ly:.1f}" '
                   f'stroke="{LIMIT_COLOURS[colour]}" stroke-width="2.5"/>'
                   f'<text x="{lx + 20:.1f}" y="{ly + 3:.1f}" font-size="9" fill="{INK}">{limit} blocks</text>')
        lx += 66
    box += _legend(x + 8, ly + 16)
    box.append("</g>")
    # the box and its legend one piece, each line of text another (each a g of the panel's
    # class): a line drawn once is kept
    parts = [piece("".join(box), around([(x, y), (x + width, y + height)], 2))]
    for number, (attributes, text) in enumerate(lines):
        parts.append(piece(
            f'<g class="panel"><text {attributes} x="{x + 8:.1f}" y="{top + 12 + number * 13:.1f}" '
            f'font-size="9.5" fill="{INK}">{escape(text)}</text></g>',
            text_bounds(x + 8, top + 12 + number * 13, text, 9.5)))
    return parts


def _wrapped(text: str) -> list[str]:
    """A line of the panel cut into lines of at most ``_LINE`` characters, only after a comma or
    a semicolon (never inside a name: a block's, a card's)."""
    lines = [""]
    for item in re.split(r"(?<=[,;]) ", text):
        if lines[-1] and len(lines[-1]) + 1 + len(item) > _LINE:
            lines.append(item)
        else:
            lines[-1] = f"{lines[-1]} {item}" if lines[-1] else item
    return lines


def _legend(x: float, y: float) -> list[str]:
    """The marks of the map, in a line from (x, y), its middle: an heir's crown, a battle, blocks
    recruited, and the moves by land, by sea and home."""
    def words(at: float, text: str) -> str:
        return f'<text x="{at:.1f}" y="{y + 3:.1f}" font-size="9" fill="{INK}">{text}</text>'

    parts = [crown(x, y - 4, 1.0, None, None), words(x + 11, "heir"),
             battle_mark(None, x + 44, y), words(x + 53, "battle"),
             recruit_badge(x + 97, y, 1), words(x + 109, "recruit")]
    at = x + 148
    for kind, name in (("move", "land"), ("sea move", "sea"), ("home", "home")):
        parts.append(f'<line x1="{at:.1f}" y1="{y:.1f}" x2="{at + 14:.1f}" y2="{y:.1f}" stroke="{INK}" '
                     f'stroke-width="2"{MOVE_DASHES[kind]}/>{words(at + 17, name)}')
        at += 17 + 6 * len(name) + 10
    return parts


def title(view: dict[str, Any], reader: str | None, width: float) -> list[str]:
    """The scenario; then the campaign, turn and phase, who is King, whose view it is. A piece
    each line, the second in two: its end (the King and the reader), seldom new, is drawn once
    and kept, and only the phase before it is new."""
    scenario = BOARD.scenarios.get(str(view.get("scenario", "")))
    name = f"Richard III, {scenario.title}" if scenario else "Richard III"
    campaign = ROMAN[int(view["campaign"])]
    phase = str(view.get("phase", ""))
    seen = f"as {reader} sees it" if reader else "as an observer sees it"
    king = f"King: {'none' if view.get('king_dead') else view.get('king')} \u2014 {seen}"  # 6.81
    if view.get("outcome"):
        king += f" \u2014 won by {view['outcome'].get('winner')}"
    lines = ((17, [name]), (33, [f"Campaign {campaign}, turn {view.get('turn')} ({phase}) \u2014 ", king]))
    return [piece(
        f'<text class="title" x="{x:.1f}" y="{y}" font-size="13" font-weight="bold" '
        f'text-anchor="end" fill="{INK}" stroke="#ffffff" stroke-width="3" paint-order="stroke">'
        f'{escape(words)}</text>', text_bounds(x, y, words, 13, "end", 1.5, bold=True))
        for y, texts in lines for x, words in spans(width - 8, texts, 13, "end", bold=True)]
