"""The marks of the Richard III picture, drawn the same on the map and in its legend: an heir's
crown (3.21), a battle (6.1), blocks recruited (5.4), the dashes of each kind of move, and the
colours of the borders' limits (5.21) and of the enemy's arrows."""

from __future__ import annotations

from html import escape

LIMIT_COLOURS = {"red": "#c0392b", "blue": "#2c5aa0", "yellow": "#d9a514"}  # 5.21
ENEMY_INK = "#7b241c"
RECRUIT = "#2e7d32"
BATTLE_REACH = 8.0  # the battle mark's ring and stroke, from its middle
MOVE_DASHES = {"move": "", "sea move": ' stroke-dasharray="6 3"', "home": ' stroke-dasharray="1.5 3.5"',
               "retreat": "", "regroup": ""}
"""How each kind of move is drawn: by land a plain line (a retreat, 6.6, and a regroup, 6.7, too),
by sea dashed, home dotted."""


def crown(x: float, y: float, size: float, name: str | None, rank: int | None) -> str:
    """A small gold crown, its top left at (x, y): an heir to the crown (3.21), ``rank`` his
    place among his house's heirs (for no name, the legend's)."""
    about = f'class="heir" data-name="{escape(name)}" data-heir="{rank}"' if name is not None else 'class="key"'
    return (f'<path {about} transform="translate({x:.1f},{y:.1f}) scale({size:.2f})" '
            'd="M0,8 L0,2 L2.2,4.5 L4,0.5 L5.8,4.5 L8,2 L8,8 Z" fill="#e2b007" stroke="#5a4500" '
            'stroke-width="0.7" stroke-linejoin="round"/>')


def battle_mark(area: str | None, x: float, y: float) -> str:
    """A battle this turn (6.1): two crossed blades in a red ring (for no area, the legend's)."""
    about = f'class="battle" data-area="{escape(area)}"' if area is not None else 'class="key"'
    return (
        f'<g {about} transform="translate({x:.1f},{y:.1f})">'
        '<title>battle</title><circle r="6.5" fill="#ffffff" stroke="#c0392b" stroke-width="1.5"/>'
        '<path d="M-3.5,-3.5 L3.5,3.5 M3.5,-3.5 L-3.5,3.5" stroke="#c0392b" stroke-width="1.8" '
        'stroke-linecap="round"/></g>'
    )


def recruit_badge(x: float, y: float, count: int) -> str:
    """Blocks recruited: a green badge with how many, its middle at (x, y)."""
    return (f'<rect x="{x - 9:.1f}" y="{y - 6:.1f}" width="18" height="12" rx="3" fill="{RECRUIT}" '
            f'stroke="#ffffff" stroke-width="1"/><text x="{x:.1f}" y="{y + 3.2:.1f}" font-size="9" '
            f'font-weight="bold" text-anchor="middle" fill="#ffffff">+{count}</text>')
