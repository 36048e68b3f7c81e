"""The key beside the Plantagenet map: the tiles of each stack drawn on the map as a badge (a
stack whose tiles find no room near its Locale, ``stacks.NEAR``), under its Locale's name, in the
column below the Calendar's panel, each where it meets no Exile box."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from ..layers import around as bounds_around, piece
from ..outline import Box
from ..style import INK
from ..words import Words
from .layout import meets
from .stacks import GUTTER, TILE_HEIGHT, columned, tile_width

HEADING = 8.0  # the font size of a Locale's name over its tiles
SPACE = 6.0  # between two entries


class Key:
    """The entries of the key, in the order filed, in a ``region`` of the picture, clear of the
    boxes to ``avoid`` (the Exile boxes' panels)."""

    def __init__(self, region: Box, avoid: list[Box]) -> None:
        self.region, self.avoid = region, avoid
        self.entries: list[tuple[str, list[tuple[str, dict[str, Any]]], Box, int]] = []

    def file(self, place: str, lords: list[tuple[str, dict[str, Any]]]) -> bool:
        """A place's stack filed, where it fits below those filed before; False if it does not."""
        left, top, right, bottom = self.region
        width = tile_width(lords)
        columns = max(1, min(len(lords), int((right - left + GUTTER) // (width + GUTTER))))
        height = HEADING + 4 + TILE_HEIGHT * math.ceil(len(lords) / columns)
        y = self.entries[-1][2][3] + SPACE if self.entries else top
        while y + height <= bottom:
            box = (left, y, right, y + height)
            clash = [other for other in self.avoid if meets(box, other)]
            if not clash:
                self.entries.append((place, lords, box, columns))
                return True
            y = max(other[3] for other in clash) + SPACE
        return False

    def boxes(self) -> dict[str, Box]:
        """Each entry's box, by its place."""
        return {place: box for place, _, box, _ in self.entries}

    def pieces(self) -> list[str]:
        """Each entry: the Locale's name, and the tiles of its stack under it."""
        found = []
        for place, lords, (left, top, right, bottom), columns in self.entries:
            words = Words()
            words.add(f'class="key-names" font-size="{HEADING:.0f}" font-weight="bold" fill="{INK}"', left,
                      top + HEADING - 1, f"At {place}:")
            drawn = columned(lords, left, top + HEADING + 3, tile_width(lords), columns, words)
            found.append(piece(f'<g class="stack-key" data-place="{escape(place)}">{drawn}{"".join(words.elements())}'
                               '</g>', bounds_around([(left, top), (right, bottom)], 1.5)))
        return found
