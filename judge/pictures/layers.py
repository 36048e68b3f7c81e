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
  may touch, whole pixels, with room for its strokes; or several such boxes, apart, joined by
  ``;`` (a long arrow: the boxes along it). A piece draws nothing outside its bounds.

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
    font = _font(size, bold)
    width = font.getlength(text) * 1.1 + 2 if font is not None else len(text) * size
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return around([(left, y - size), (left + width, y + size / 3)], 2 + halo)


@lru_cache(maxsize=64)
def _font(size: float, bold: bool) -> ImageFont.FreeTypeFont | None:
    files = font_files()
    if len(files) < 2:
        return None
    return ImageFont.truetype(files[1 if bold else 0], size)


def along(points: Sequence[Point], margin: float, cell: int = 48) -> list[Bounds]:
    """The pixels within ``margin`` of a line through ``points``, as boxes that do not overlap:
    the squares of a grid of ``cell`` pixels that come that close, those side by side in a row
    joined. A long slanting line touches far fewer pixels than the box around it."""
    near: set[tuple[int, int]] = set()
    reach = margin + cell * 0.7072  # from a square's middle to its corner, and the margin
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        for column in range(math.floor((min(x1, x2) - margin) / cell), math.floor((max(x1, x2) + margin) / cell) + 1):
            for row in range(math.floor((min(y1, y2) - margin) / cell), math.floor((max(y1, y2) + margin) / cell) + 1):
                if _distance(((column + 0.5) * cell, (row + 0.5) * cell), (x1, y1), (x2, y2)) <= reach:
                    near.add((column, row))
    boxes = []
    for row in sorted({row for _, row in near}):
        columns = sorted(column for column, r in near if r == row)
        first = previous = columns[0]
        for column in columns[1:]:
            if column != previous + 1:
                boxes.append((first * cell, row * cell, (previous - first + 1) * cell, cell))
                first = column
            previous = column
        boxes.append((first * cell, row * cell, (previous - first + 1) * cell, cell))
    return boxes


def curve(start: Point, control: Point, end: Point, steps: int = 16) -> list[Point]:
    """Points along a quadratic curve, close enough for ``along``."""
    return [((1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t * t * end[0],
             (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t * t * end[1])
            for t in (step / steps for step in range(steps + 1))]


def _distance(point: Point, start: Point, end: Point) -> float:
    """How far a point lies from the segment between two others."""
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def piece(element: str, *bounds: Bounds) -> str:
    """An element marked as a piece of a layered picture: its ``bounds`` (one box, or several
    apart) added to its first tag."""
    end = _FIRST_TAG_END.search(element)
    assert end is not None and element.startswith("<") and bounds, element[:40]
    marks = ";".join(f"{left} {top} {width} {height}" for left, top, width, height in bounds)
    return f'{element[:end.start()]} data-bounds="{marks}"{element[end.start():]}'
