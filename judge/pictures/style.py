"""The picture's colours, sizes and font, in one place."""

from __future__ import annotations

import colorsys
from functools import cache
from pathlib import Path

FONT = "DejaVu Sans"
_FONT_FOLDERS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu")
_FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
SEA = "#b8d3ea"
SEA_BORDER = "#8fb2d2"
SEA_INK = "#305f8c"
LAND = "#f0e8d2"
NEUTRAL = "#d8d1c1"
OFFBOARD = "#efeae0"  # the band of powers under the map
OFFBOARD_LAND = "#dcd3bd"  # the land of an off-board box
BORDER = "#9a8a70"
COAST = "#6f6252"
INK = "#222222"
FAILED = "#555555"
UNIT_RADIUS = 7.5


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def tint(colour: str, strength: float = 0.42) -> str:
    """A power's colour, paled, for the land of the centres it owns."""
    red, green, blue = _rgb(colour)
    mix = [round(255 + (channel - 255) * strength) for channel in (red, green, blue)]
    return "#{:02x}{:02x}{:02x}".format(*mix)


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on a colour."""
    red, green, blue = _rgb(colour)
    return INK if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#ffffff"


@cache
def font_files() -> tuple[str, ...]:
    """DejaVu Sans, regular and bold, where the system has it (Debian's fonts-dejavu-core);
    empty where it has not (resvg then looks through the system's fonts)."""
    for folder in _FONT_FOLDERS:
        files = tuple(str(Path(folder, name)) for name in _FONT_FILES if Path(folder, name).is_file())
        if files:
            return files
    return ()


PALETTE = (
    # Okabe and Ito's eight colours, told apart with any common colour blindness ...
    # (the closest two, orange and vermilion, kept apart by Tol's wine until an eighth power)
    "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#882255", "#f0e442", "#d55e00",
    # ... then Paul Tol's muted scheme's, for maps of more powers
    "#000000", "#117733", "#999933", "#332288", "#44aa99", "#aa4499", "#ddcc77", "#cc6677",
    "#88ccee", "#7f7f7f",
)
"""The powers' colours of a map drawn without its own (a schematic picture), in order: the
first powers get the colours easiest to tell apart."""


def palette(count: int) -> list[str]:
    """``count`` powers' colours, each another: ``PALETTE``'s, then, for a map of more powers
    (Chaos's 34), hues a golden angle apart, darker and lighter by turns."""
    return [PALETTE[number] if number < len(PALETTE) else _further(number - len(PALETTE))
            for number in range(count)]


def _further(number: int) -> str:
    """The colour of the power ``number`` places past ``PALETTE``'s end."""
    hue = (0.07 + number * 0.381966) % 1.0  # the golden angle, as a turn's fraction
    red, green, blue = colorsys.hls_to_rgb(hue, 0.38 if number % 2 else 0.58, 0.62)
    return "#{:02x}{:02x}{:02x}".format(*(round(channel * 255) for channel in (red, green, blue)))
