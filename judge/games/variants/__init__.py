"""The variants' data: one TOML map file per Diplomacy variant, in this folder.

This is where map files are read (the engine itself does no I/O); each is read and checked once per
process, when first asked for.
"""

from __future__ import annotations

import os
import tomllib
from functools import cache
from typing import Any

from judge.games.diplomacy.maps import Map, MapError, read_map


# The folder of the map files. Read as plain files beside this module (the package is installed
# as files): importlib.resources would cost ``judge adjudicate`` a tenth of its start-up.
FOLDER = os.path.dirname(os.path.abspath(__file__))


def variant_names() -> list[str]:
    """The variants this judge has a map for (``NAME.toml``; ``NAME.shapes.toml`` beside it is
    the map's picture, read by judge.pictures)."""
    names = (name.removesuffix(".toml") for name in os.listdir(FOLDER) if name.endswith(".toml"))
    return sorted(name for name in names if "." not in name)


@cache
def load_variant(name: str) -> Map:
    """The map of a variant by name (``standard``); raises MapError for an unknown or bad one."""
    path = os.path.join(FOLDER, f"{name}.toml")
    if not name.replace("_", "").isalnum() or not os.path.isfile(path):
        raise MapError(f"unknown variant {name!r}: there are {', '.join(variant_names())}")
    with open(path, encoding="utf-8") as file:
        return read_map(file.read(), f"{name}.toml")


@cache
def variant_data(name: str) -> dict[str, Any]:
    """A variant's map file as parsed TOML, for what the map itself does not keep (the aliases
    as the file spells them, which ``judge variants show`` prints)."""
    load_variant(name)  # checks the name and the file
    with open(os.path.join(FOLDER, f"{name}.toml"), encoding="utf-8") as file:
        text = file.read()
    data: dict[str, Any] = tomllib.loads(text)
    return data
