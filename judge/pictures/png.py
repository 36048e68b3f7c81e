"""SVG to PNG without a browser: resvg (a Rust renderer, through the resvg wheel), and Pillow.

A layered picture (``layers.py``: every map picture the judge draws) is made from parts drawn once
and kept (``raster.py``), and written as a palette PNG; any other SVG is drawn whole by resvg.
Text is set in DejaVu Sans where the system has it (Debian's fonts-dejavu-core), its two files
read into memory once per process (a renderer that reads a font file for each letter it sets
spends most of a name's time doing so); otherwise resvg looks through the system's fonts.
"""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path

from resvg import render as _render
from resvg import usvg

from .raster import layers, render
from .style import FONT, font_files


def png(svg: str, width: int | None = None) -> bytes:
    """The PNG of an SVG picture, at its own size or scaled to ``width`` pixels."""
    parts = layers(svg) if width is None else None
    return render(parts, resvg) if parts is not None else resvg(svg, width)


def resvg(svg: str, width: int | None = None) -> bytes:
    """The PNG of an SVG drawn whole by resvg (full colour), at its own size or scaled to
    ``width`` pixels. An SVG resvg cannot read is a ValueError."""
    try:
        tree = usvg.Tree.from_str(svg, _options())
    except BaseException as error:  # the binding panics (pyo3's PanicException, no Exception)
        if type(error).__name__ != "PanicException":
            raise
        raise ValueError(f"resvg cannot read this SVG: {error}") from None
    if width is None:
        return bytes(_render(tree, (1, 0, 0, 0, 1, 0)))
    own_width, own_height = tree.int_size()
    scale = width / own_width
    return bytes(_render(tree, (scale, 0, 0, 0, scale, 0), bg_size=(width, max(1, round(own_height * scale)))))


def _options() -> usvg.Options:
    """resvg's options, made once in each thread that draws (the binding's options may not pass
    from one thread to another): the font, read into memory."""
    options: usvg.Options | None = getattr(_each_thread, "options", None)
    if options is None:
        options = _each_thread.options = usvg.Options.default()
        fonts = _fonts()
        for data in fonts:
            options.load_font_data(data)
        if not fonts:
            options.load_system_fonts()
        options.font_family = FONT
    return options


_each_thread = threading.local()


@cache
def _fonts() -> tuple[bytes, ...]:
    return tuple(Path(file).read_bytes() for file in font_files())
