"""The variants' data: one TOML map file per Diplomacy variant, in this folder.

This is where map files are read (the engine itself does no I/O); each is read and checked once per
process, when first asked for.

Beside each map file ``NAME.toml`` lies ``NAME.json``, the same data as JSON (``prebuilt_form``
writes it; a test checks that it is the TOML file's, key for key and in the same order). The map
is read from it: JSON is read in C, where reading the TOML (and importing ``tomllib``) would be
most of what ``judge adjudicate`` spends on its map at start-up. A map file without its JSON is
read as TOML.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from judge.games.diplomacy.maps import Map, MapError, build_map, read_map


def variant_names() -> list[str]:
    """The variants this judge has a map for (``NAME.toml``; ``NAME.shapes.toml`` beside it is
    the map's picture, or ``NAME.layout.toml`` its schematic's, read by judge.pictures, unless
    the map is drawn on another's shapes: ``shapes = "standard"``)."""
    from importlib import resources

    folder = resources.files(__name__)
    names = (item.name.removesuffix(".toml") for item in folder.iterdir() if item.name.endswith(".toml"))
    return sorted(name for name in names if "." not in name)


@cache
def load_variant(name: str) -> Map:
    """The map of a variant by name (``standard``); raises MapError for an unknown or bad one."""
    if name.replace("_", "").isalnum():
        built = _data_file(f"{name}.json")
        if built is not None:
            return build_map(json.loads(built))
        text = _data_file(f"{name}.toml")
        if text is not None:
            return read_map(text, f"{name}.toml")
    raise MapError(f"unknown variant {name!r}: there are {', '.join(variant_names())}")


@cache
def variant_data(name: str) -> dict[str, Any]:
    """A variant's map file as parsed TOML, for what the map itself does not keep (the aliases
    as the file spells them, which ``judge variants show`` prints)."""
    import tomllib

    load_variant(name)  # checks the name and the file
    data: dict[str, Any] = tomllib.loads(_data_file(f"{name}.toml") or "")
    return data


def prebuilt_form(toml_text: str) -> str:
    """The JSON form of a map file (``NAME.json``, read in its place), from its TOML text."""
    import tomllib

    return json.dumps(tomllib.loads(toml_text), indent=1, ensure_ascii=False) + "\n"


def _data_file(file_name: str) -> str | None:
    """The text of a file in this folder, or None if there is none. Read as a plain file:
    importlib.resources, and what it imports, would cost ``judge adjudicate`` a tenth of its
    start-up. It is asked only where that fails: a package that is not plain files (a zip), or
    a file that is not there."""
    try:
        with open(f"{__path__[0]}/{file_name}", encoding="utf-8") as file:
            return file.read()
    except OSError:  # no such file; or no such folder, in a zip
        pass
    from importlib import resources

    resource = resources.files(__name__).joinpath(file_name)
    return resource.read_text(encoding="utf-8") if resource.is_file() else None
