"""The Plantagenet map a mail carries, made to be read on a phone.

A mail is read about 400 pixels wide. The whole map (``draw.py``, 1036 pixels across, its names 6.5
to 7.5 pixels high) would be shrunk to 2.5-pixel words there; the mail's picture shows instead the
part of the map its reader needs (``Drawn.focus``: the phase's moves and battles, his own Lords, and
the enemy's near them where they fit), at a scale where every word on it is at least ``LEGIBLE``
pixels high when the picture is shown ``PHONE`` pixels wide: a window ``WIDTH`` across, or two one
under the other where his Lords and the moves lie far apart; then, where they show a stack drawn as
a badge, one onto the key beside the map holding its tiles (``_key_window``). Above them, the Turn and step and
whose view it is, and a small map of the whole land with the windows marked on it; below, the
reader's Lords no window shows, and where they are. The archive keeps the whole map
(``plantagenet_picture``).
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from ..layers import advance
from ..outline import Box
from ..style import INK, LAND, SEA
from .board import ENGLAND, geometry
from .draw import Drawn, drawn_parts, panel_box
from .layout import SMALL_NAME
from .panel import heading

PHONE = 400.0
"""How wide, in pixels, a phone shows a mail's picture (and how wide it is drawn)."""
LEGIBLE = 9.0
"""How high, in pixels, the smallest word of a mail's picture is when shown ``PHONE`` wide."""
WIDTH = math.floor(PHONE * SMALL_NAME / LEGIBLE)
"""How wide a window of the map is, in the map's pixels: the smallest name on it (``SMALL_NAME``)
is then ``LEGIBLE`` when the picture is shown ``PHONE`` wide."""
TALL, SECOND, LEAST = 400.0, 260.0, 200.0
"""How high a window is at most (alone, and the second), and at least."""
PAD = 26.0
"""How much of the map a window shows round what it is for (room for the names about it)."""
HEAD = 74.0
INSET = 58.0
"""How wide the small map of the whole land is."""
TEXT, SMALL_TEXT = 9.0, 8.0
NAMED = 5
"""How many of the reader's stacks no window shows are named below the windows, at most (then how
many more)."""


def mail_picture(view: dict[str, Any], reader: str | None, report: dict[str, Any] | None = None) -> str:
    """The SVG text of the map ``reader`` sees in a mail: the windows onto the picture
    ``plantagenet_picture`` draws of the same view and report (the same pieces, placed the same),
    with its heading, the small map of the whole, and the note of what no window shows."""
    drawn = drawn_parts(view, reader, report)
    geo = geometry()
    land = (0.0, 0.0, panel_box(geo)[0] - 2, geo.height)
    shown = windows(drawn.focus, land)
    found = shown + _key_window(drawn, shown, geo.width)
    top = HEAD
    maps: list[str] = []
    frames: list[str] = []
    bands = [(0.0, HEAD)]
    for number, (left, wtop, right, bottom) in enumerate(found):
        height = bottom - wtop
        shows = f'class="window" data-window="{number}" data-shows="{left:.0f} {wtop:.0f} {WIDTH} {height:.0f}"'
        if number == len(found) - 1:  # the last drawn first, whole: the bands over it cut it (no clip: faster)
            maps.insert(0, f'<g {shows} transform="translate({-left:.1f},{top - wtop:.1f})"><use href="#map"/></g>')
        else:
            maps.append(f'<svg {shows} x="0" y="{top:.1f}" width="{WIDTH}" height="{height:.1f}" '
                        f'viewBox="{left:.1f} {wtop:.1f} {WIDTH} {height:.1f}"><use href="#map"/></svg>')
        frames.append(f'<rect x="0.5" y="{top + 0.5:.1f}" width="{WIDTH - 1}" height="{height - 1:.1f}" fill="none" '
                      f'stroke="{INK}" stroke-width="1"/>')
        top += height + 4
        bands.append((top - 4, top))
    parts: list[str] = []
    missing = [what for weight, box, what in drawn.focus if what and not any(_inside(
        (max(box[0], land[0]), max(box[1], land[1]), min(box[2], land[2]), min(box[3], land[3])), window)
        for window in shown)]  # (an Exile box reaching past the land's edge shown if the rest is)
    if len(missing) > NAMED:
        missing = [*missing[:NAMED - 1], f"{len(missing) - NAMED + 1} more stacks"]
    lines = _wrapped(f"Not shown: {'; '.join(missing)}." if missing else "", SMALL_TEXT)
    for number, line in enumerate(lines):
        parts.append(_text(6, top + 10 + number * 11, line, SMALL_TEXT))
    total = top + 12 + len(lines) * 11
    bands[-1] = (bands[-1][0], math.ceil(total))
    name, when, seen = heading(view, reader)
    room = WIDTH - INSET - 16
    said = [(line, TEXT, True) for line in _wrapped(when, TEXT, room, bold=True)]
    said += [(line, SMALL_TEXT, False) for line in _wrapped(f"{seen}; {name}", SMALL_TEXT, room)]
    head = [_text(6, 13 + 11 * number, line, size, bold) for number, (line, size, bold) in enumerate(said[:6])]
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{PHONE:.0f}" height="{math.ceil(total) * PHONE / WIDTH:.0f}" '
        f'viewBox="0 0 {WIDTH} {math.ceil(total)}" {drawn.about} data-view="mail">',
        f'<defs>{drawn.defs}<g id="map">{_map(drawn)}</g></defs>',
        *maps, *(f'<rect y="{start:.1f}" width="{WIDTH}" height="{end - start:.1f}" fill="#ffffff"/>' for start, end in bands),
        *frames, *head, _inset(shown, land), *parts, "</svg>"])


def _key_window(drawn: Drawn, shown: list[Box], width: float) -> list[Box]:
    """The window onto the key beside the map (``Key``) holding the tiles of each stack a window
    shows as a badge, if any: ``WIDTH`` across at the picture's right edge, as high as they reach."""
    entries = [entry for badge, entry in drawn.keyed if any(_inside(badge, window) for window in shown)]
    if not entries:
        return []
    top, bottom = min(entry[1] for entry in entries) - 4, max(entry[3] for entry in entries) + 4
    return [(width - WIDTH, math.floor(top), width, math.ceil(bottom))]


def windows(focus: list[tuple[int, Box, str]], land: Box) -> list[Box]:
    """The windows onto the map a reader needs (``focus``): the one ``WIDTH``
    across and ``TALL`` high that holds the most of it (each thing weighed by how much he needs
    it); then, if something he needs as much as the most needed lies outside it, a second,
    ``SECOND`` high, for the most of what is left. Each as high as what it holds (``LEAST`` at
    least), round its middle, inside the ``land``."""
    if not focus:
        return [_fitted([], land, TALL)]
    first = _best(focus, land, TALL)
    found = [_fitted([item for item in focus if _inside(item[1], first)], land, TALL, focus)]
    rest = [item for item in focus if not _inside(item[1], found[0])]
    most = max(weight for weight, _, _ in focus)
    if rest and max(weight for weight, _, _ in rest) >= most:
        second = _best(rest, land, SECOND)
        held = [item for item in rest if _inside(item[1], second)]
        if any(weight >= most for weight, _, _ in held):
            found.append(_fitted(held, land, SECOND, rest))
    return found


def _best(focus: list[tuple[int, Box, str]], land: Box, tall: float) -> Box:
    """The window ``WIDTH`` by ``tall`` holding the most weight of ``focus``: each thing's edge
    ``PAD`` inside one of its sides, tried for every thing."""
    lefts = {box[0] - PAD for _, box, _ in focus} | {box[2] + PAD - WIDTH for _, box, _ in focus}
    tops = {box[1] - PAD for _, box, _ in focus} | {box[3] + PAD - tall for _, box, _ in focus}
    best: tuple[int, Box] | None = None
    for left in sorted(lefts):
        left = min(max(left, land[0]), land[2] - WIDTH)
        across = [(weight, box) for weight, box, _ in focus if left <= box[0] and box[2] <= left + WIDTH]
        if best is not None and sum(weight for weight, _ in across) <= best[0]:
            continue
        for top in sorted(tops):
            top = min(max(top, land[1]), land[3] - tall)
            window = (left, top, left + WIDTH, top + tall)
            weight = sum(weight for weight, box in across if _inside(box, window))
            if best is None or weight > best[0]:
                best = (weight, window)
    assert best is not None
    return best[1]


def _fitted(held: list[tuple[int, Box, str]], land: Box, tall: float,
            focus: list[tuple[int, Box, str]] | None = None) -> Box:
    """A window round what it holds that is needed most: ``WIDTH`` across, as high as they reach
    with ``PAD`` about them (between ``LEAST`` and ``tall``), its middle theirs, inside the
    ``land``; reaching over anything else of the ``focus`` it would cut in two, where it may."""
    if held:
        held = [item for item in held if item[0] == max(weight for weight, _, _ in held)]  # the enemy if near
        reach = (min(box[0] for _, box, _ in held), min(box[1] for _, box, _ in held),
                 max(box[2] for _, box, _ in held), max(box[3] for _, box, _ in held))
    else:
        reach = land
    window = _round(reach, land, tall)
    for _, box, _ in focus or []:
        if _meets(box, window) and not _inside(box, window):
            wider = (min(reach[0], box[0]), min(reach[1], box[1]), max(reach[2], box[2]), max(reach[3], box[3]))
            if wider[2] - wider[0] <= WIDTH - 2 * PAD and wider[3] - wider[1] <= tall - 2 * PAD:
                reach, window = wider, _round(wider, land, tall)
    return window


def _round(reach: Box, land: Box, tall: float) -> Box:
    """The window round a ``reach``: ``WIDTH`` across, as high as it with ``PAD`` about it (between
    ``LEAST`` and ``tall``), its middle the reach's, inside the ``land``."""
    left, top, right, bottom = reach
    height = min(max(bottom - top + 2 * PAD, LEAST), tall, land[3] - land[1])
    x = min(max((left + right) / 2 - WIDTH / 2, land[0]), land[2] - WIDTH)
    y = min(max((top + bottom) / 2 - height / 2, land[1]), land[3] - height)
    return round(x), round(y), round(x) + WIDTH, round(y) + round(height)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(box: Box, window: Box) -> bool:
    return window[0] <= box[0] and box[2] <= window[2] and window[1] <= box[1] and box[3] <= window[3]


def _map(drawn: Drawn) -> str:
    """The map the windows look onto: the picture without what stands beside the map."""
    return "".join([drawn.ground, drawn.board, *drawn.pieces])


def _inset(shown: list[Box], land: Box) -> str:
    """The whole land, small, at the heading's right, each window marked on it."""
    geo = geometry()
    scale = INSET / (land[2] - land[0])
    x, y = WIDTH - INSET - 4, 4.0
    marks = "".join(f'<rect x="{left:.0f}" y="{top:.0f}" width="{right - left:.0f}" height="{bottom - top:.0f}" '
                    f'fill="none" stroke="#c0392b" stroke-width="{1.5 / scale:.1f}"/>'
                    for left, top, right, bottom in shown)
    return (f'<g class="inset" transform="translate({x:.1f},{y:.1f}) scale({scale:.4f})">'
            f'<rect width="{land[2]:.0f}" height="{land[3]:.0f}" fill="{SEA}"/>'
            f'<path d="{geo.land[ENGLAND]}" fill="{LAND}" fill-rule="evenodd"/>{marks}</g>')


def _wrapped(text: str, size: float, room: float = WIDTH - 12, bold: bool = False) -> list[str]:
    """A text in lines no wider than ``room``."""
    lines: list[str] = []
    for word in text.split():
        if lines and advance(f"{lines[-1]} {word}", size, bold) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _text(x: float, y: float, text: str, size: float, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{weight} fill="{INK}">{escape(text)}</text>'
