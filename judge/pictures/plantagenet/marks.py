"""The marks of the Plantagenet picture, drawn the same on the map and in its legend: a Locale by
its Stronghold type (1.3.1), the Ways by kind, Favour (1.3.1), Depleted and Exhausted (4.6.3), a
battle, and the colours of each side's arrows."""

from __future__ import annotations


from ..style import INK, LAND

SIDE_INK = {"York": "#3b3b3b", "Lancaster": "#a1222a"}
"""Each side's arrows and Calendar names (York's white is unreadable on the land)."""
WAY_STYLE = {
    "highway": 'stroke="#6d5a3e" stroke-width="2.2"',
    "road": 'stroke="#8a7758" stroke-width="1.1"',
    "path": 'stroke="#8a7758" stroke-width="1.1" stroke-dasharray="4 3"',
}
"""How each kind of Way is drawn (1.3.1): a Highway broad, a Road plain, a Path dashed."""
FAVOUR = {"York": ("#ffffff", "#444444"), "Lancaster": ("#c8202b", "#5a0d12")}
"""Each side's Favour marker (1.3.1): a rose's fill and edge."""


def stronghold(kind: str, x: float, y: float, about: str = 'class="key"') -> str:
    """A Locale's mark by its Stronghold type: a City a square, a Town a circle, a Fortress a
    diamond; London (a City), Calais and Harlech (Fortresses) doubled."""
    double = kind in ("london", "calais", "harlech")
    shape = {"london": "city", "calais": "fortress", "harlech": "fortress"}.get(kind, kind)
    style = f'fill="{LAND}" stroke="{INK}" stroke-width="1.3"'
    if shape == "city":
        size = 5.5 if double else 4.5
        inner = (f'<rect x="{x - size + 2:.1f}" y="{y - size + 2:.1f}" width="{2 * size - 4:.1f}" '
                 f'height="{2 * size - 4:.1f}" fill="none" stroke="{INK}" stroke-width="0.8"/>') if double else ""
        return (f'<g {about}><rect x="{x - size:.1f}" y="{y - size:.1f}" width="{2 * size:.1f}" '
                f'height="{2 * size:.1f}" {style}/>{inner}</g>')
    if shape == "town":
        return f'<circle {about} cx="{x:.1f}" cy="{y:.1f}" r="4" {style}/>'
    reach = 6.5 if double else 5.5

    def diamond(r: float) -> str:
        return f"M{x:.1f},{y - r:.1f} L{x + r:.1f},{y:.1f} L{x:.1f},{y + r:.1f} L{x - r:.1f},{y:.1f} Z"

    inner = f'<path d="{diamond(reach - 2.6)}" fill="none" stroke="{INK}" stroke-width="0.8"/>' if double else ""
    return f'<g {about}><path d="{diamond(reach)}" {style}/>{inner}</g>'


def favour(side: str, x: float, y: float, about: str = 'class="key"') -> str:
    """A side's Favour at a Locale: a small rose, white (York) or red (Lancaster), on its mark."""
    fill, edge = FAVOUR[side]
    return (f'<g {about}><circle cx="{x:.1f}" cy="{y:.1f}" r="3.3" fill="{fill}" stroke="{edge}" '
            f'stroke-width="1"/><circle cx="{x:.1f}" cy="{y:.1f}" r="1.1" fill="#e2b007"/></g>')


def depleted(level: int, x: float, y: float, about: str = 'class="key"') -> str:
    """Depleted (one stroke) or Exhausted (a cross) over a Locale's mark (4.6.3), its ends beyond a
    Favour rose drawn over it, so that both show."""
    stroke = 'stroke="#1a1a1a" stroke-width="1.6" stroke-linecap="round"'
    first = f"M{x - 6.5:.1f},{y + 2:.1f} L{x + 6.5:.1f},{y - 2:.1f}"
    second = f" M{x - 6.5:.1f},{y - 2:.1f} L{x + 6.5:.1f},{y + 2:.1f}" if level > 1 else ""
    return f'<path {about} d="{first}{second}" fill="none" {stroke}/>'


SIGN_AT = 5.0
"""How far across and down from a Locale's point its signs stand (at the corners of its room)."""


def sign(kind: str, x: float, y: float, about: str = 'class="key"') -> str:
    """A Locale's sign, 4 pixels across at (x, y): a Lord's Seat a gold shield, a Vassal's Seat a
    purple pennant (1.5.4), a Port a blue anchor (1.3.1)."""
    if kind == "port":
        return (f'<path {about} d="M{x:.1f},{y - 2.2:.1f} V{y + 2.2:.1f} M{x - 2:.1f},{y + 0.4:.1f} '
                f'Q{x - 2:.1f},{y + 2.2:.1f} {x:.1f},{y + 2.2:.1f} Q{x + 2:.1f},{y + 2.2:.1f} {x + 2:.1f},{y + 0.4:.1f} '
                f'M{x - 1.4:.1f},{y - 1:.1f} H{x + 1.4:.1f}" fill="none" stroke="#1f5fa8" stroke-width="1"/>')
    if kind == "seat":
        return (f'<path {about} d="M{x - 2.2:.1f},{y - 2.2:.1f} H{x + 2.2:.1f} V{y:.1f} Q{x + 2.2:.1f},{y + 1.8:.1f} '
                f'{x:.1f},{y + 2.5:.1f} Q{x - 2.2:.1f},{y + 1.8:.1f} {x - 2.2:.1f},{y:.1f} Z" fill="#e2b007" '
                f'stroke="{INK}" stroke-width="0.6"/>')
    return (f'<path {about} d="M{x - 1.8:.1f},{y + 2.4:.1f} V{y - 2.4:.1f} L{x + 2.4:.1f},{y - 1.1:.1f} '
            f'L{x - 1.8:.1f},{y + 0.2:.1f}" fill="#7a5c99" stroke="#4a3366" stroke-width="0.7" stroke-linejoin="round"/>')


def battle(x: float, y: float, about: str = 'class="key"') -> str:
    """A battle fought this step: two crossed blades in a red ring."""
    return (f'<g {about} transform="translate({x:.1f},{y:.1f})"><title>battle</title>'
            '<circle r="6.5" fill="#ffffff" stroke="#c0392b" stroke-width="1.5"/>'
            '<path d="M-3.5,-3.5 L3.5,3.5 M3.5,-3.5 L-3.5,3.5" stroke="#c0392b" stroke-width="1.8" '
            'stroke-linecap="round"/></g>')


def way_line(kind: str, x1: float, y1: float, x2: float, y2: float, about: str = 'class="key"') -> str:
    return (f'<line {about} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'{WAY_STYLE[kind]} shape-rendering="crispEdges"/>')

