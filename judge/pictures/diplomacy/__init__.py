"""Diplomacy's drawing: a position of a variant, and a phase's orders, on the variant's shapes, or
as a schematic for a variant whose shapes nobody has drawn yet.

``picture(variant, state, results)`` draws a position in the JSON form ``judge adjudicate`` reads
and writes (``judge/games/diplomacy/wire.py``), with the orders of the phase it was given (the
``results`` of ``judge adjudicate``'s output, or of a game's phase report) as arrows
(``arrows.py``), the off-board boxes as panels (``panels.py``). Each variant's shapes come from
``NAME.shapes.toml`` beside its map, read and checked against the map once per process. A
variant played on another's board (1898 and Chaos on the standard one) says so in its map file
(``shapes = "standard"``) and is drawn on that variant's shapes, its board checked to be the
same once per process, its powers in the lender's colours where they share its powers' names,
in the schematic's palette where they do not. Every other variant, shipped or added to a judge
(``judge variants add``), is drawn as a schematic (``schematic.py``): its provinces as marks
placed from its layout (``NAME.layout.toml``, ``layout.py``), its adjacencies as lines.
Diplomacy hides nothing, so every reader's picture is the same.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.maps import Map, MapError
from judge.games.kind import GameKind
from judge.games.variants import load_variant

from ..shapes import Checklist, Shapes, ShapesError, read_shapes
from ..style import palette
from .draw import draw
from .layout import layout_of
from .schematic import schematic

__all__ = ["board_differences", "checklist", "colours", "drawn_on", "kind_picture", "load_shapes", "picture"]

log = logging.getLogger("judge.pictures")


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
    """Whether a shipped variant has a shapes file of its own (``NAME.shapes.toml``)."""
    return resources.files("judge.games.variants").joinpath(f"{variant}.shapes.toml").is_file()


def drawn_on(game_map: Map) -> str | None:
    """The variant whose shapes a map is drawn on: the one whose board it declares it plays on
    (``shapes = "standard"``), else its own where it has a shapes file; None for a schematic."""
    if game_map.shapes:
        return game_map.shapes
    return game_map.name if has_shapes(game_map.name) else None


def board_differences(game_map: Map, lender: Map) -> list[str]:
    """What differs between two maps' boards, as far as a picture shows them: the provinces,
    their kinds and coasts, the armies' and fleets' moves, the off-board boxes. Empty where a
    picture of one fits the other."""
    differences = []
    if set(game_map.provinces) != set(lender.provinces):
        differences.append("provinces")
    elif any((info.kind, info.coasts) != (lender.provinces[key].kind, lender.provinces[key].coasts)
             for key, info in game_map.provinces.items()):
        differences.append("kinds or coasts")
    if game_map.army_moves != lender.army_moves:
        differences.append("army moves")
    if game_map.fleet_moves != lender.fleet_moves:
        differences.append("fleet moves")
    if set(game_map.boxes) != set(lender.boxes):
        differences.append("off-board boxes")
    return differences


@cache
def load_shapes(variant: str) -> Shapes:
    """A variant's shapes, read and checked against its map, or the shapes it borrows (raises
    ShapesError, or MapError for an unknown variant)."""
    game_map = load_variant(variant)
    if game_map.shapes:
        return _borrowed(game_map)
    if not has_shapes(variant):
        raise ShapesError(f"variant {variant!r} has no picture (no {variant}.shapes.toml)")
    resource = resources.files("judge.games.variants").joinpath(f"{variant}.shapes.toml")
    return read_shapes(resource.read_text(encoding="utf-8"), checklist(game_map), f"{variant}.shapes.toml")


@lru_cache(maxsize=16)
def _borrowed(game_map: Map) -> Shapes:
    """The shapes a map borrows (``shapes = "standard"``), once its board is checked to be the
    lender's, coloured for its own powers: a power of a name the lender has takes its colour,
    the others the schematic's palette in their order (``style.palette``), less the colours
    taken. Raises ShapesError, or MapError for an unknown lender."""
    lender = load_variant(str(game_map.shapes))
    if differences := board_differences(game_map, lender):
        raise ShapesError(f"{game_map.name} is drawn on {lender.name}'s shapes (shapes = {lender.name!r}), "
                          f"but its board is not {lender.name}'s: its {', '.join(differences)} differ")
    shapes = load_shapes(lender.name)
    lent = shapes.colours
    others = [power for power in game_map.powers if power not in lent]
    spare = iter([colour for colour in palette(len(others) + len(lent)) if colour not in lent.values()])
    colours: dict[str, str] = {power: lent[power] if power in lent else next(spare) for power in game_map.powers}
    return replace(shapes, variant=game_map.name, colours=colours)


def _shapes_of(game_map: Map) -> Shapes | None:
    """The shapes a map is drawn on, or None for a schematic: also where the shapes it borrows
    do not fit it (an added variant's mistake, logged), so that no results mail goes without
    its map."""
    if game_map.shapes:
        try:
            return _borrowed(game_map)
        except (MapError, ShapesError) as error:
            log.warning("%s: drawn as a schematic: %s", game_map.name, error)
            return None
    return load_shapes(game_map.name) if has_shapes(game_map.name) else None


def picture(
    variant: str, state: dict[str, Any], results: Sequence[dict[str, Any]] | None = None
) -> str:
    """The SVG picture of a position (``state``, wire form) of a shipped variant and optionally
    its phase's orders with their resolutions: on its shapes (its own or those it borrows), or
    schematic where it has none. Raises WireError for a position that cannot be read."""
    return _picture(load_variant(variant), state, results or ())


def _picture(game_map: Map, state: dict[str, Any], results: Sequence[dict[str, Any]]) -> str:
    shapes = _shapes_of(game_map)
    if shapes is not None:
        return draw(game_map, shapes, state, results)
    return schematic(game_map, layout_of(game_map), state, results)


def _drawn(kind: GameKind) -> Map | None:
    """The map of a Diplomacy kind the judge can draw: any, but one with off-board boxes and no
    shapes (the schematic has no panels; only Wars of the Roses I has boxes, and its shapes)."""
    if not isinstance(kind, DiplomacyGame):
        return None
    if kind.map.boxes and _shapes_of(kind.map) is None:
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
    return _picture(game_map, view, (report or {}).get("results") or ())


def colours(kind: GameKind) -> Mapping[str, str]:
    """Each power's colour in a Diplomacy kind's picture (none for a kind the judge cannot draw)."""
    game_map = _drawn(kind)
    if game_map is None:
        return {}
    shapes = _shapes_of(game_map)
    return shapes.colours if shapes is not None else layout_of(game_map).colours
