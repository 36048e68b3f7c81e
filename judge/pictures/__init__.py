"""Map pictures: a Diplomacy position, and a phase's orders, drawn as SVG (and PNG).

``picture(variant, state, results)`` draws a position in the JSON form ``judge adjudicate`` reads
and writes (``judge/games/diplomacy/wire.py``), with the orders of the phase it was given (the
``results`` of ``judge adjudicate``'s output, or of a game's phase report) as arrows; ``png(svg)``
renders it. Each variant's shapes come from ``NAME.shapes.toml`` beside its map, read and checked
against the map once per process. ``richard3_picture(view, report)`` draws a game of Richard III
as one reader sees it (``richard3.py``); ``kind_picture`` picks the drawing for a game's kind.

This package draws; it imports the rules engines (for the map and positions) but nothing of the
service, the store, mail or the command line, and the engines never import it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from judge.games.variants import load_variant

from .draw import draw
from .png import png
from .richard3 import richard3_picture, richard3_shapes
from .shapes import Shapes, ShapesError, diplomacy_checklist, read_shapes

__all__ = ["Shapes", "ShapesError", "kind_picture", "load_shapes", "picture", "png", "power_colours",
           "richard3_picture"]


@cache
def load_shapes(variant: str) -> Shapes:
    """A variant's shapes, read and checked against its map (raises ShapesError, or MapError
    for an unknown variant)."""
    game_map = load_variant(variant)
    resource = resources.files("judge.games.variants").joinpath(f"{variant}.shapes.toml")
    if not resource.is_file():
        raise ShapesError(f"variant {variant!r} has no picture (no {variant}.shapes.toml)")
    return read_shapes(resource.read_text(encoding="utf-8"), diplomacy_checklist(game_map), f"{variant}.shapes.toml")


def picture(
    variant: str, state: dict[str, Any], results: Sequence[dict[str, Any]] | None = None
) -> str:
    """The SVG picture of a position (``state``, wire form) and optionally its phase's orders
    with their resolutions. Raises WireError for a position that cannot be read."""
    return draw(load_variant(variant), load_shapes(variant), state, results or ())


def _drawn_as(kind: str) -> str | None:
    """How the judge draws games of ``kind`` (its full name): ``richard3`` for the three Richard
    III kinds, the variant for a Diplomacy variant with a shapes file, None for no pictures."""
    if kind == "richard3" or kind.startswith("richard3-"):
        return "richard3"
    family, _, variant = kind.partition("/")
    if family == "diplomacy" and resources.files("judge.games.variants").joinpath(
            f"{variant}.shapes.toml").is_file():
        return variant
    return None


def kind_picture(
    kind: str, state: dict[str, Any], report: dict[str, Any] | None = None
) -> str | None:
    """The SVG picture of a position of a game of ``kind`` (its full name, ``diplomacy/roses1``)
    and, given a processed phase's report as a reader may see it, that phase's orders; None for a
    game kind the judge has no pictures of. ``state`` is what the reader may see of it: for
    Richard III (``richard3``, ``richard3-1470``, ``richard3-1483``) his view of the game."""
    drawn = _drawn_as(kind)
    if drawn == "richard3":
        return richard3_picture(state, report)
    return picture(drawn, state, (report or {}).get("results")) if drawn else None


def power_colours(kind: str) -> dict[str, str]:
    """Each power's colour in the pictures of a game of ``kind`` (its shapes file's
    ``[colours]``), for other drawings of the same game to match; empty for a kind the judge
    draws no pictures of."""
    drawn = _drawn_as(kind)
    if drawn is None:
        return {}
    return dict((richard3_shapes() if drawn == "richard3" else load_shapes(drawn)).colours)
