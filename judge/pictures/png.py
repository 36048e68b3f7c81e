"""SVG to PNG without a browser: resvg (a Rust renderer, through the resvg-py wheel), and Pillow.

A layered picture (``layers.py``: every map picture the judge draws) is made from parts drawn once
and kept (``raster.py``), and written as a palette PNG; any other SVG is drawn whole by resvg.
Text is set in DejaVu Sans where the system has it (Debian's fonts-dejavu-core), loaded once;
otherwise resvg looks through the system's fonts.
"""

from __future__ import annotations

import resvg_py

from .raster import layers, render
from .style import font_files

def png(svg: str, width: int | None = None) -> bytes:
    """The PNG of an SVG picture, at its own size or scaled to ``width`` pixels."""
    parts = layers(svg) if width is None else None
    return render(parts, resvg) if parts is not None else resvg(svg, width)


def resvg(svg: str, width: int | None = None) -> bytes:
    """The PNG of an SVG drawn whole by resvg (full colour)."""
    fonts = font_files()
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            width=width,
            font_family="DejaVu Sans",
            skip_system_fonts=bool(fonts),
            font_files=list(fonts) or None,
        )
    )
