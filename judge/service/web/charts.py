"""The archive's chart of a game: each power's score (supply centres, for Diplomacy) by year, as
an SVG line chart drawn by the judge itself (no plotting library: a few lines and labels)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape

PALETTE = ("#b03a2e", "#1f618d", "#1e8449", "#7d3c98", "#b9770e", "#17202a", "#148f77",
           "#a04000", "#2e4053", "#884ea0")
"""Line colours, one per power in the kind's order, for a kind without pictures (the others'
lines take their powers' colours in the pictures, darkened to read): dark enough to read on white
(contrast at least 4.5:1), told apart by a label at each line's end as well as by colour."""

_WIDTH, _HEIGHT = 640, 320
_LEFT, _RIGHT, _TOP, _BOTTOM = 40, 130, 20, 40


def readable(colour: str) -> str:
    """A power's colour darkened until it reads on white (contrast at least 4.5:1): York's ivory
    becomes a dark stone, Lancaster's red stays red."""
    red, green, blue = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    while _contrast(red, green, blue) < 4.5:
        red, green, blue = (round(channel * 0.85) for channel in (red, green, blue))
    return f"#{red:02x}{green:02x}{blue:02x}"


def _contrast(red: int, green: int, blue: int) -> float:
    """The WCAG contrast ratio of a colour against white."""
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return 1.05 / (luminance + 0.05)


LABEL_CHARACTER = 7.5
"""The width of a character of the axis labels at their size, generously (a label ``II-7`` is
four of them wide): labels are placed so that none runs into the next."""


def _labelled(rows: list[tuple[str, list[int]]], x: Callable[[int], float]) -> list[int]:
    """The rows whose labels the axis shows: about ten, evenly spaced, the last always, none
    closer to the one before than their half widths and a gap."""
    last = len(rows) - 1
    step = max(1, len(rows) // 10)
    shown: list[tuple[int, float]] = []  # (index, half width)
    for index in [*range(0, last, step), last]:
        half = len(rows[index][0]) * LABEL_CHARACTER / 2 + 4
        while shown and x(index) - half < x(shown[-1][0]) + shown[-1][1]:
            if index != last:
                break
            shown.pop()  # the last label wins its place
        else:
            shown.append((index, half))
    return [index for index, _ in shown]


def score_chart(powers: list[str], rows: list[tuple[str, list[int]]], score: str,
                period: str = "year", colours: Mapping[str, str] | None = None) -> str:
    """The SVG of ``rows`` (a label, ``start`` or a ``period``: a year, a turn; and each power's
    score in the order of ``powers``), one line per power; an empty string when there is nothing
    to draw."""
    if len(rows) < 2 or not powers:
        return ""
    top = max(1, max(max(counts) for _, counts in rows))
    plot_w, plot_h = _WIDTH - _LEFT - _RIGHT, _HEIGHT - _TOP - _BOTTOM

    def x(index: int) -> float:
        return _LEFT + plot_w * index / (len(rows) - 1)

    def y(value: int) -> float:
        return _TOP + plot_h * (1 - value / top)

    title = f"{score.capitalize()} of each power, {period} by {period}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {_HEIGHT}" '
             f'role="img" aria-labelledby="chart-title" class="chart">',
             f'<title id="chart-title">{escape(title)}</title>',
             f'<rect x="0" y="0" width="{_WIDTH}" height="{_HEIGHT}" fill="#ffffff"/>']
    for value in sorted({0, top // 2, top}):
        parts.append(f'<line x1="{_LEFT}" y1="{y(value):.1f}" x2="{_LEFT + plot_w}" '
                     f'y2="{y(value):.1f}" stroke="#d5d8dc"/>')
        parts.append(f'<text x="{_LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end" '
                     f'font-size="12" fill="#17202a">{value}</text>')
    for index in _labelled(rows, x):
        parts.append(f'<text x="{x(index):.1f}" y="{_HEIGHT - _BOTTOM + 18}" '
                     f'text-anchor="middle" font-size="12" fill="#17202a">'
                     f'{escape(rows[index][0])}</text>')
    ends: list[float] = []
    for number, power in enumerate(powers):
        given = (colours or {}).get(power)
        colour = readable(given) if given else PALETTE[number % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(counts[number]):.1f}" for i, (_, counts) in
                          enumerate(rows))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.5"><title>{escape(power)}</title></polyline>')
        end = y(rows[-1][1][number])
        while any(abs(end - taken) < 13 for taken in ends):  # labels never overlap
            end += 13
        ends.append(end)
        parts.append(f'<text x="{_LEFT + plot_w + 6}" y="{end + 4:.1f}" font-size="12" '
                     f'fill="{colour}">{escape(power)} {rows[-1][1][number]}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
