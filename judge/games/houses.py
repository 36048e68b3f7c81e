"""The two houses of the Wars of the Roses, as the block and card games name them (Richard III,
Plantagenet): a house by its name, a first letter, its colour or its adjective."""

from __future__ import annotations

import re

HOUSES = ("York", "Lancaster")
_OTHER_NAMES = {"white": "York", "red": "Lancaster", "yorkist": "York", "lancastrian": "Lancaster"}


def house_named(text: str) -> str | None:
    """The house ``text`` names (``y``, ``Lanc``, ``red``, ``Yorkist``), or None."""
    word = " ".join(re.sub(r"[^0-9a-z ]", " ", text.lower()).split())
    for house in HOUSES:
        if word and house.lower().startswith(word):
            return house
    return _OTHER_NAMES.get(word)
