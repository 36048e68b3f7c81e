"""The variants' data: one TOML map file per Diplomacy variant, in this folder.

This is where map files are read (the engine itself does no I/O); each is read and checked once per
process, when first asked for.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from judge.games.diplomacy.maps import Map, MapError, read_map


def variant_names() -> list[str]:
    """The variants this judge has a map for (``NAME.toml``; ``NAME.shapes.toml`` beside it is
    the map's picture, read by judge.pictures)."""
    folder = resources.files(__name__)
    names = (item.name.removesuffix(".toml") for item in folder.iterdir() if item.name.endswith(".toml"))
    return sorted(name for name in names if "." not in name)


@cache
def load_variant(name: str) -> Map:
    """The map of a variant by name (``standard``); raises MapError for an unknown or bad one."""
    resource = resources.files(__name__).joinpath(f"{name}.toml")
    if not name.replace("_", "").isalnum() or not resource.is_file():
        raise MapError(f"unknown variant {name!r}: there are {', '.join(variant_names())}")
    return read_map(resource.read_text(encoding="utf-8"), f"{name}.toml")


@cache
def variant_data(name: str) -> dict[str, Any]:
    """A variant's map file as parsed TOML, for what the map itself does not keep (the aliases
    as the file spells them, which ``judge variants show`` prints)."""
    load_variant(name)  # checks the name and the file
    text = resources.files(__name__).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    data: dict[str, Any] = tomllib.loads(text)
    return data
