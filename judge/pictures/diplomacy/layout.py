"""A variant's layout: where each province and coast stands in its schematic picture, kept as data.

A variant without drawn shapes (``NAME.shapes.toml``, or another's it plays on: ``shapes =
"standard"``) is pictured as a diagram (``schematic.py``).
Where its marks stand is kept in ``NAME.layout.toml`` beside its map file: the shipped variants'
in ``judge/games/variants/``, a judge's added variants' in its variants folder. The file holds:

- ``size``: the picture's ``[width, height]`` in pixels, without the legend and the band of powers
  under it;
- ``[places]``: each province's point (``bud = [412, 160]``) and each coast's of a province with
  several (``"spa/nc" = [120, 300]``), in pixels from the top left;
- ``[colours]``: each power's colour;
- ``[pins]``, if the operator wants: a few provinces' points (``par = [200, 150]``) that the
  computed layout keeps, placing the others around them (``judge variants layout NAME --new``).

``judge variants layout NAME`` computes one (``spread.py``) and writes it; ``judge variants add``
does so for the variant it adds. Moves alone give a map no north, so the computed layout takes
one from the pins, else from the standard map: a province with the abbreviation and the name of
one of the standard map's (``par``, Paris) is the same place, and where a map has two or more,
the layout is turned (and mirrored, if that fits better) to stand them as the standard map's
picture does. It may be edited by hand afterwards: reading checks that it places exactly the
map's provinces and coasts, inside the picture, and colours every power.
A variant whose file is missing or spoilt is still drawn, from a layout computed when first
asked (once a process), so that no results mail goes without its map.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from judge.games.diplomacy.maps import Map

from ..layers import advance
from ..outline import Point
from ..shapes import ShapesError, point_table, sized_file
from ..style import palette
from .spread import spread

log = logging.getLogger("judge.pictures")

MARGIN = 10.0
"""The room left of, right of and under the marks, in pixels."""
TOP = 30.0
"""The room above the marks, for the picture's title."""
LEAST_WIDTH = 470.0
"""The narrowest picture: room for its legend (and for its title, wider where that is longer)."""


@dataclass(frozen=True)
class Layout:
    """A schematic picture's geometry, in pixels."""

    width: float
    height: float
    places: dict[str, Point]  # every province and every coast of a province with several
    colours: dict[str, str]  # power -> colour
    pins: dict[str, Point] = field(default_factory=dict)  # provinces the computed layout keeps


def locations(game_map: Map) -> set[str]:
    """What a layout must place: the map's provinces, and each coast of a province with several."""
    return set(game_map.provinces) | {f"{province}/{coast}" for province, info in game_map.provinces.items()
                                      for coast in info.coasts}


def computed_layout(game_map: Map, pins: Mapping[str, Point] | None = None) -> Layout:
    """A map's layout computed from its adjacencies (``spread.py``), with margins, and its powers
    coloured from the palette in their order (``style.palette``). Its north: the ``pins``
    (provinces kept where given), else the standard map's picture (``standard_guides``). A
    pinned province stands exactly where pinned, unless the others would then spill over the
    picture's top or left edge: then all stand further down or right, together."""
    pins = {key: point for key, point in (pins or {}).items() if key in game_map.provinces}
    points, width, height = spread(game_map, pins=pins, guides=None if pins else standard_guides(game_map))
    title = advance(f"{game_map.title}: Winter 1901, adjustments", 12, bold=True) + 24  # the longest
    if pins:
        key, (x, y) = next(iter(pins.items()))
        left, top = max(x - points[key][0], MARGIN), max(y - points[key][1], TOP)
        full = max(left + width + MARGIN, LEAST_WIDTH, round(title))
    else:
        full = max(width + 2 * MARGIN, LEAST_WIDTH, round(title))
        left, top = (full - width) / 2, TOP
    places = {key: (round(x + left, 1), round(y + top, 1)) for key, (x, y) in points.items()}
    return Layout(round(full, 1), round(height + top + MARGIN, 1), places,
                  dict(zip(game_map.powers, palette(len(game_map.powers)))), dict(pins))


def standard_guides(game_map: Map) -> dict[str, Point]:
    """Where the provinces of a map that the standard map has too (the same abbreviation and
    name: ``par``, Paris) stand in the standard map's picture: what gives a computed layout its
    north."""
    from judge.games.variants import load_variant

    from . import load_shapes  # here: the package's drawing imports this module

    standard = load_variant("standard")
    same = [key for key, info in game_map.provinces.items()
            if key in standard.provinces and standard.provinces[key].name == info.name]
    if not same:
        return {}
    places = load_shapes("standard").places
    return {key: places[key] for key in same}


def read_layout(text: str, game_map: Map, source: str = "layout") -> Layout:
    """A layout from its file's text, checked against its map (raises ShapesError naming what
    is wrong)."""
    data, width, height = sized_file(text, source)
    places = point_table(data.get("places", {}), source, "places")
    wanted = locations(game_map)
    if missing := sorted(wanted - set(places)):
        raise ShapesError(f"{source}: not placed: {', '.join(missing)}")
    if extra := sorted(set(places) - wanted):
        raise ShapesError(f"{source}: not provinces or coasts of {game_map.name}: {', '.join(extra)}")
    if outside := sorted(key for key, (x, y) in places.items() if not (0 <= x <= width and 0 <= y <= height)):
        raise ShapesError(f"{source}: outside the picture: {', '.join(outside)}")
    colours = data.get("colours", {})
    if not isinstance(colours, dict) or (uncoloured := [p for p in game_map.powers if p not in colours]):
        raise ShapesError(f"{source}: [colours] must give a colour for each power: {', '.join(game_map.powers)}")
    return Layout(width, height, places, {power: str(colours[power]) for power in game_map.powers},
                  _pins(data, game_map, source))


def read_pins(text: str, game_map: Map, source: str = "layout") -> dict[str, Point]:
    """The ``[pins]`` of a layout file (none if it has none), checked: what ``judge variants
    layout NAME --new`` keeps of the file it replaces (raises ShapesError)."""
    data, _, _ = sized_file(text, source)
    return _pins(data, game_map, source)


def _pins(data: dict[str, Any], game_map: Map, source: str) -> dict[str, Point]:
    pins = point_table(data.get("pins", {}), source, "pins")
    if stray := sorted(set(pins) - set(game_map.provinces)):
        raise ShapesError(f"{source}: [pins] names no province of {game_map.name}: {', '.join(stray)}")
    return pins


def layout_text(game_map: Map, layout: Layout) -> str:
    """A layout's file (TOML), its places in the map's order."""
    lines = [
        f"# The schematic picture of the variant {game_map.name}: where each province (and each coast",
        "# of a province with several) stands, in pixels from the top left, and each power's colour.",
        "# Written by judge variants layout; edit it freely (docs/variants/adding.md says how).",
        f"size = [{layout.width:g}, {layout.height:g}]",
        "",
        "[places]",
    ]
    for province, info in game_map.provinces.items():
        for key in [province, *(f"{province}/{coast}" for coast in info.coasts)]:
            x, y = layout.places[key]
            lines.append(f'{_key(key)} = [{x:g}, {y:g}]')
    lines += ["", "[colours]"]
    lines += [f'{_key(power)} = "{colour}"' for power, colour in layout.colours.items()]
    if layout.pins:
        lines += ["", "[pins]                   # kept where they are when computed anew (--new)"]
        lines += [f"{_key(key)} = [{x:g}, {y:g}]" for key, (x, y) in layout.pins.items()]
    return "\n".join(lines) + "\n"


def layout_file(game_map: Map, folder: Path | None = None) -> Path | None:
    """Where a variant's layout file is: beside its map, in the shipped variants' folder or
    ``folder`` (a judge's variants folder); None where there is none."""
    shipped = resources.files("judge.games.variants").joinpath(f"{game_map.name}.layout.toml")
    if shipped.is_file():
        return Path(str(shipped))
    folder = folder if folder is not None else _FOLDER.get()
    if folder is not None and (folder / f"{game_map.name}.layout.toml").is_file():
        return folder / f"{game_map.name}.layout.toml"
    return None


_FOLDER: ContextVar[Path | None] = ContextVar("layouts_folder", default=None)
"""The variants folder of the judge at work (``layouts_in``), where its added variants' layouts are."""


@contextmanager
def layouts_in(folder: Path) -> Iterator[None]:
    """Within this, layouts are looked for in ``folder`` too (a judge's variants folder)."""
    token = _FOLDER.set(folder)
    try:
        yield
    finally:
        _FOLDER.reset(token)


def layout_of(game_map: Map) -> Layout:
    """The layout of a variant: its file's (read again when it changes), or, for a variant with
    none or a spoilt one (logged), computed once a process."""
    path = layout_file(game_map)
    if path is not None:
        try:
            return _read_file(game_map, path, path.stat().st_mtime_ns)
        except (OSError, UnicodeDecodeError, ShapesError) as error:
            log.warning("%s: left aside, a layout is computed in its place: %s", path, error)
    return _computed(game_map)


@lru_cache(maxsize=32)
def _read_file(game_map: Map, path: Path, changed: int) -> Layout:
    return read_layout(path.read_text(encoding="utf-8"), game_map, path.name)


@lru_cache(maxsize=16)
def _computed(game_map: Map) -> Layout:
    return computed_layout(game_map)


def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() and key.isascii() else f'"{key}"'


