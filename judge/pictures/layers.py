"""How a drawing marks its picture's layers, so that the PNG is made from cached parts (``raster.py``).

A layered picture (its ``<svg>`` marked ``data-layered="1"``) is one element a line, in this order:

- ``<defs>`` (optional), shared by every layer;
- ``<g class="ground">``: the background (one ``<rect>``) and the *regions*: land areas filled
  with sharp edges (``shape-rendering="crispEdges"``), one ``<path class="region">`` each, whose
  fill may change from one picture to the next (a supply centre's owner) while its outline never
  does;
- ``<g class="board">``: what is the same in every picture of the map (borders, coasts, names
  that never move), drawn over the ground;
- then the *pieces*, each one element carrying ``data-bounds="x y width height"``: the pixels it
  may touch, whole pixels, with room for its strokes. A piece draws nothing outside its bounds.
  A long thin piece (an arrow across the map) may also carry ``data-tiles="x y w h;x y w h..."``:
  rectangles inside its bounds that hold all it draws (``tiles_along``), so that the renderer
  need not draw the empty pixels between them (its cost goes with the pixels it draws).

The SVG stays a complete picture that any renderer shows as before; the marks only tell the PNG
renderer which parts it may draw once and keep. A piece's bounds must hold all it draws (its text
included): ``tests/pictures`` renders pictures both ways and compares them pixel by pixel.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from PIL import ImageFont

from .outline import Point
from .style import font_files

Bounds = tuple[int, int, int, int]
"""A piece's pixels: left, top, width, height."""

LAYERED = 'data-layered="1"'
"""The mark on a layered picture's ``<svg>``."""

_FIRST_TAG_END = re.compile(r"/?>")


def around(points: Iterable[Point], margin: float) -> Bounds:
    """The whole pixels within ``margin`` of some point (a stroke's half width, a head's size)."""
    xs, ys = zip(*points)
    left, top = math.floor(min(xs) - margin), math.floor(min(ys) - margin)
    right, bottom = math.ceil(max(xs) + margin), math.ceil(max(ys) + margin)
    return left, top, right - left, bottom - top


def tiles_along(points: Sequence[Point], margin: float) -> tuple[Bounds, ...]:
    """The tiles of a line through ``points`` (a polyline, or points close enough along a curve):
    the whole pixels within ``margin`` of each of its segments, a rectangle a segment."""
    return tuple(around(pair, margin) for pair in zip(points, points[1:]))


def union(*bounds: Bounds) -> Bounds:
    """The bounds holding several others."""
    left = min(b[0] for b in bounds)
    top = min(b[1] for b in bounds)
    right = max(b[0] + b[2] for b in bounds)
    bottom = max(b[1] + b[3] for b in bounds)
    return left, top, right - left, bottom - top


def text_bounds(x: float, y: float, text: str, size: float, anchor: str = "start",
                halo: float = 0.0, bold: bool = False) -> Bounds:
    """The bounds of a line of text in DejaVu Sans at ``size`` pixels (``y`` its baseline), with
    room to spare: as wide as the font says (a tenth more), or, without the font, as wide as a
    character as wide as it is tall each; as high as the size above the baseline, a third of it
    below; ``halo`` for a stroke around the letters."""
    width = _width(text, size, bold)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return around([(left, y - size), (left + width, y + size / 3)], 2 + halo)


@lru_cache(maxsize=4096)
def advance(text: str, size: float, bold: bool = False) -> float:
    """How far a line of text in DejaVu Sans at ``size`` pixels moves the pen, as the font says
    (without the font, six tenths of the size a character): where the text after it begins."""
    font = _font(size, bold)
    return font.getlength(text) if font is not None else len(text) * size * 0.6


def spans(x: float, texts: Sequence[str], size: float, anchor: str = "start",
          bold: bool = False) -> list[tuple[float, str]]:
    """Where each of ``texts`` starts (``anchor="start"``) or ends (``"end"``), with the spaces
    around it taken off (an SVG text drops them), so that together they read as one line
    beginning, or ending, at ``x``. Drawn as a piece each, the words of a line that changes only
    in part (a title's phase, say) are drawn once and kept but for the part that changed; with
    ``"end"``, a part's place depends only on the parts after it, so the parts that change most
    go first."""
    placed = []
    for number, text in enumerate(texts):
        words = text.strip()
        if anchor == "end":
            after = text[len(text.rstrip()):] + "".join(texts[number + 1:])
            placed.append((x - advance(after, size, bold), words))
        else:
            before = "".join(texts[:number]) + text[:len(text) - len(text.lstrip())]
            placed.append((x + advance(before, size, bold), words))
    return placed


@lru_cache(maxsize=4096)
def _width(text: str, size: float, bold: bool) -> float:
    font = _font(size, bold)
    return font.getlength(text) * 1.1 + 2 if font is not None else len(text) * size


@lru_cache(maxsize=64)
def _font(size: float, bold: bool) -> ImageFont.FreeTypeFont | None:
    files = font_files()
    if len(files) < 2:
        return None
    return ImageFont.truetype(files[1 if bold else 0], size)


def piece(element: str, bounds: Bounds, tiles: Sequence[Bounds] = ()) -> str:
    """An element marked as a piece of a layered picture: ``bounds`` (and ``tiles``, if any)
    added to its first tag."""
    end = _FIRST_TAG_END.search(element)
    assert end is not None and element.startswith("<"), element[:40]
    marks = ' data-bounds="{} {} {} {}"'.format(*bounds)
    if tiles:
        marks += ' data-tiles="{}"'.format(";".join("{} {} {} {}".format(*tile) for tile in tiles))
    return f"{element[:end.start()]}{marks}{element[end.start():]}"
