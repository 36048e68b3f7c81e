"""Reading orders as players type them: ``parse_order(game_map, "F North Sea C A Lon - Nwy")``.

Two steps. The grammar (``judge/games/diplomacy/orders.lark``, LALR) reads the shape of the order and knows
nothing of the map: a location is a run of words with an optional coast (``order_shapes``). Then
the words are resolved against the map (``order_names``), which also settles what the grammar
cannot: whether a hyphen written without spaces joins the words of one name (``Mid-Atlantic
Ocean``) or separates the steps of a move (``A Lon-Nth-Nwy``), whether a trailing ``nc`` or ``north
coast`` is a coast, and whether a supported unit's first word is its power (``S German Mun``).

Locations come out canonical: ``spa``, or ``spa/nc`` when a coast was written. Whether a coast is
needed, or fits the unit, is not decided here: the phase resolvers do that with the position at
hand. Every failure is an ``OrderSyntaxError`` naming the offending word and what was expected
(``order_errors``).

This module is the way in: ``parse_order`` tries the canonical form first (``canonical``), which
the judge writes and most programs send, and only then the grammar (``order_grammar``), which
loads Lark when first needed. ``parse_order`` is memoised.
"""

from __future__ import annotations

import functools
import re

from .canonical import read_canonical
from .maps import Map
from .orders import Order, OrderSyntaxError

__all__ = ["OrderSyntaxError", "parse_order", "split_orders"]


# --- split_orders ------------------------------------------------------------------------------

_SEPARATORS = re.compile(r"[\n\r,;]")


def split_orders(text: str) -> list[str]:
    """The separate orders in a block of text: one a line, or several on a line separated by ``,``
    or ``;``. Blank pieces are dropped and surrounding whitespace stripped."""
    return [piece.strip() for piece in _SEPARATORS.split(text) if piece and not piece.isspace()]


# --- parse_order ---------------------------------------------------------------------------------


@functools.lru_cache(maxsize=65536)
def parse_order(game_map: Map, text: str) -> Order:
    """Read one order against a map. Raises ``OrderSyntaxError``. Results are memoised per
    (map, text); maps compare by identity."""
    return _parse_order(game_map, text)


def _parse_order(game_map: Map, text: str) -> Order:
    return read_canonical(game_map, text) or parse_with_grammar(game_map, text)


def parse_with_grammar(game_map: Map, text: str) -> Order:
    """Read one order with the grammar alone (``parse_order`` first tries the canonical form)."""
    from .order_grammar import read_with_grammar  # Lark loads here, at the first such order

    return read_with_grammar(game_map, text)
