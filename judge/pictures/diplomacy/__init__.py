"""Diplomacy's drawing: a position of a variant, and a phase's orders, on the variant's shapes, or
as a schematic for a variant whose shapes nobody has drawn yet.

``picture(variant, state, results)`` draws a position in the JSON form ``judge adjudicate`` reads
and writes (``judge/games/diplomacy/wire.py``), with the orders of the phase it was given (the
``results`` of ``judge adjudicate``'s output, or of a game's phase report) as arrows
(``arrows.py``), the off-board boxes as panels (``panels.py``). Each variant's shapes come from
``NAME.shapes.toml`` beside its map, read and checked against the map once per process. Every
other variant, shipped or added to a judge (``judge variants add``), is drawn as a schematic
(``schematic.py``): its provinces as marks placed from its layout (``NAME.layout.toml``,
``layout.py``), its adjacencies as lines. Diplomacy hides nothing, so every reader's picture is
the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.maps import Map
from judge.games.kind import GameKind
from judge.games.variants import load_variant

from ..shapes import Checklist, Shapes, ShapesError, read_shapes
from .draw import draw
from .layout import layout_of
from .schematic import schematic

__all__ = ["checklist", "colours", "kind_picture", "load_shapes", "picture"]


def checklist(game_map: Map) -> Checklist:
    """What a variant's map asks of its picture: its provinces and off-board boxes, each box with
    its panel, every coast placed, every power coloured."""
    return Checklist(
        game_map.name,
        frozenset(game_map.provinces) | frozenset(game_map.boxes),
        frozenset(game_map.seas),
        tuple(f"{province}/{coast}" for province, info in game_map.provinces.items() for coast in info.coasts),
        tuple(game_map.powers),
        tuple(game_map.boxes),
    )


@cache
def has_shapes(variant: str) -> bool:
    return resources.files("judge.games.variants").joinpath(f"{variant}.shapes.toml").is_file()


@cache
def load_shapes(variant: str) -> Shapes:
    """A variant's shapes, read and checked against its map (raises ShapesError, or MapError
    for an unknown variant)."""
    game_map = load_variant(variant)
    if not has_shapes(variant):
        raise ShapesError(f"variant {variant!r} has no picture (no {variant}.shapes.toml)")
    resource = resources.files("judge.games.variants").joinpath(f"{variant}.shapes.toml")
    return read_shapes(resource.read_text(encoding="utf-8"), checklist(game_map), f"{variant}.shapes.toml")


def picture(
    variant: str, state: dict[str, Any], results: Sequence[dict[str, Any]] | None = None
) -> str:
    """The SVG picture of a position (``state``, wire form) of a shipped variant and optionally
    its phase's orders with their resolutions: on its shapes, or schematic where it has none.
    Raises WireError for a position that cannot be read."""
    if has_shapes(variant):
        return draw(load_variant(variant), load_shapes(variant), state, results or ())
    game_map = load_variant(variant)
    return schematic(game_map, layout_of(game_map), state, results or ())


def _drawn(kind: GameKind) -> Map | None:
    """The map of a Diplomacy kind the judge can draw: any, but one with off-board boxes and no
    shapes (the schematic has no panels; only Wars of the Roses I has boxes, and its shapes)."""
    if not isinstance(kind, DiplomacyGame):
        return None
    if kind.map.boxes and not has_shapes(kind.map.name):
        return None
    return kind.map


def kind_picture(
    kind: GameKind, view: dict[str, Any], reader: str | None, report: dict[str, Any] | None
) -> str | None:
    """The picture of a game of a Diplomacy variant (the same for every reader): on its shapes,
    or schematic for a variant without (an added one too)."""
    game_map = _drawn(kind)
    if game_map is None:
        return None
    results = (report or {}).get("results") or ()
    if has_shapes(game_map.name):
        return picture(game_map.name, view, results)
    return schematic(game_map, layout_of(game_map), view, results)


def colours(kind: GameKind) -> Mapping[str, str]:
    game_map = _drawn(kind)
    if game_map is None:
        return {}
    return load_shapes(game_map.name).colours if has_shapes(game_map.name) else layout_of(game_map).colours
