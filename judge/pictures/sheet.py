"""The new pieces of a picture drawn together, on one sheet, by one call of resvg.

A call of resvg costs beyond the pixels it draws (reading the SVG, its PNG begun and ended, the
PNG read back by Pillow), so the pieces a picture has not drawn before are laid side by side on
a sheet, a little apart, each at whole pixels from where the picture has it, and drawn at once;
each is then cut out of the sheet. A piece is drawn on the sheet as the picture would draw it,
moved by whole pixels: the pixels it has drawn alone, but for a rare pixel at an edge that resvg's
single precision rounds a hair differently there, a few levels apart, one pixel in thousands
(``tests/pictures/test_png_parts.py``).

A piece shown whole sits on the sheet as it is (it draws nothing outside its bounds: a gap of
``GAP`` pixels around it takes any stray pixel of its edges, as the picture's own edge would);
a piece shown through windows (its tiles, or the part of it inside the picture) is drawn once
for each window, in a nested ``<svg>`` that shows that window only.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image

from .layers import Bounds

Draw = Callable[[str], bytes]
"""What draws an SVG's text as PNG bytes (resvg)."""

GAP = 1
"""Empty pixels between two pieces on a sheet."""

_SIZE = re.compile(r'\s(?:width|height|viewBox)="[^"]*"')


@dataclass(frozen=True)
class Sheeted:
    """A piece to draw: its SVG element, where it goes in the picture (``visible``: its bounds,
    or the part of them inside the picture) and the windows it is seen through (``visible``
    alone, or its tiles)."""

    element: str
    bounds: Bounds
    visible: Bounds
    windows: tuple[Bounds, ...]


def draw_sheet(draw: Draw, svg_tag: str, defs: str, pieces: Sequence[Sheeted]) -> list[Image.Image]:
    """Each piece's pixels (RGBA, over its ``visible`` bounds), all drawn in one call of
    ``draw``, under the picture's ``<svg>`` tag and ``<defs>``."""
    windows = [(piece, window) for piece in pieces for window in piece.windows]
    places = _pack([(w + GAP, h + GAP) for _, (_, _, w, h) in windows])
    width = max(x + w for (x, _), (_, (_, _, w, _)) in zip(places, windows))
    height = max(y + h for (_, y), (_, (_, _, _, h)) in zip(places, windows))
    drawn = [_placed(piece, window, x, y) for (x, y), (piece, window) in zip(places, windows)]
    sheet = image(draw("\n".join((sized(svg_tag, width, height), defs, *drawn, "</svg>"))))
    found: list[Image.Image] = []
    at = 0
    for piece in pieces:
        left, top, w, h = piece.visible
        if piece.windows == (piece.visible,):
            x, y = places[at]
            found.append(sheet.crop((x, y, x + w, y + h)))
        else:
            pixels = Image.new("RGBA", (w, h))
            for (x, y), window in zip(places[at:], piece.windows):
                pixels.paste(sheet.crop((x, y, x + window[2], y + window[3])), (window[0] - left, window[1] - top))
            found.append(pixels)
        at += len(piece.windows)
    return found


def _placed(piece: Sheeted, window: Bounds, x: int, y: int) -> str:
    """A piece's element moved so that ``window`` of it lies at ``x``, ``y`` on the sheet: as it
    is where the window is all of it, else seen through the window alone."""
    left, top, width, height = window
    if window == piece.bounds:
        return f'<g transform="translate({x - left},{y - top})">{piece.element}</g>'
    return (f'<svg x="{x}" y="{y}" width="{width}" height="{height}" viewBox="{left} {top} {width} {height}">'
            f'{piece.element}</svg>')


def _pack(sizes: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Where each rectangle goes on a sheet about as wide as high: the tallest first, each as low
    as it fits on the skyline of those placed before it (the leftmost of the lowest places); of
    two widths tried, the one making the smaller sheet. Every pixel of the sheet costs resvg and
    Pillow, empty or not (its PNG written and read back): on pictures of new orders this leaves
    a tenth of the sheet empty where shelves left a fifth."""
    area = sum(w * h for w, h in sizes)
    widest = max(w for w, _ in sizes)
    tallest_first = sorted(range(len(sizes)), key=lambda n: -sizes[n][1])
    best: tuple[int, list[tuple[int, int]]] | None = None
    for tenths in (8, 14):
        width = max(widest, math.ceil(math.sqrt(area * tenths / 10)))
        places = _skyline(sizes, tallest_first, width)
        used = max(x + w for (x, _), (w, _) in zip(places, sizes)) * max(
            y + h for (_, y), (_, h) in zip(places, sizes))
        if best is None or used < best[0]:
            best = (used, places)
    assert best is not None
    return best[1]


def _skyline(sizes: Sequence[tuple[int, int]], order: list[int], width: int) -> list[tuple[int, int]]:
    places = [(0, 0)] * len(sizes)
    skyline = [(0, 0, width)]  # the top of what is placed: (left, height, width) from left to right
    for number in order:
        w, h = sizes[number]
        lowest: tuple[int, int, int] | None = None  # (top, left, first segment under it)
        for first, (left, _, _) in enumerate(skyline):
            if left + w > width:
                break
            top, covered, segment = 0, 0, first
            while covered < w:  # the segments under it, from this one rightwards
                _, height, across = skyline[segment]
                top, covered, segment = max(top, height), covered + across, segment + 1
            if lowest is None or top < lowest[0]:
                lowest = (top, left, first)
        assert lowest is not None  # the first segment always fits: the sheet is as wide as the widest
        top, left, first = lowest
        places[number] = (left, top)
        right, after = left + w, first
        while after < len(skyline) and skyline[after][0] + skyline[after][2] <= right:
            after += 1  # the segments wholly under it
        rest = []
        if after < len(skyline) and skyline[after][0] < right:  # a segment partly under it
            _, height, across = skyline[after]
            rest.append((right, height, skyline[after][0] + across - right))
            after += 1
        skyline[first:after] = [(left, top + h, w), *rest]
    return places


def image(data: bytes) -> Image.Image:
    """A PNG's pixels, RGBA."""
    pixels = Image.open(io.BytesIO(data))
    return pixels if pixels.mode == "RGBA" else pixels.convert("RGBA")


def sized(svg_tag: str, width: int, height: int, view: Bounds | None = None) -> str:
    """The picture's ``<svg>`` tag (its font and namespace) for a drawing of another size."""
    left, top, w, h = view if view is not None else (0, 0, width, height)
    return _SIZE.sub("", svg_tag, count=3).replace(
        "<svg ", f'<svg width="{width}" height="{height}" viewBox="{left} {top} {w} {h}" ', 1)
