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

This module is the way in: it builds the Lark parser, once (when first needed), and runs the two steps. Speed: the
parser calls the transformer as it reduces (no tree is built), and reads its tokens from
``OrderLexer`` (``order_lexer``), a faster lexer made for this grammar; ``parse_order`` is
memoised.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Any, cast

from lark import Lark
from lark.exceptions import UnexpectedInput
from lark.lexer import LexerState, LexerThread

from .canonical import read_canonical
from .maps import Map
from .order_errors import OrderSyntaxError, grammar_error
from .order_lexer import OrderLexer, OrderText
from .order_names import Resolver
from .order_shapes import OrderShape, ShapeBuilder
from .orders import Order

__all__ = ["OrderSyntaxError", "parse_order", "split_orders"]


_GRAMMAR = resources.files(__package__).joinpath("orders.lark").read_text(encoding="utf-8")


@functools.cache
def _lalr() -> tuple[Any, Any]:
    """Lark's LALR parser and our lexer, built on first use: orders in canonical form never need
    them, so a ``judge adjudicate`` fed only those starts sooner."""
    lark = Lark(_GRAMMAR, parser="lalr", lexer=OrderLexer, transformer=ShapeBuilder())
    # Lark's parser itself, called without its front end (a few microseconds less an order).
    lalr: Any = lark.parser.parser
    lexer: Any = lark.parser.lexer
    if not isinstance(lexer, OrderLexer):  # pragma: no cover - a Lark whose insides have changed
        raise ImportError("judge needs lark>=1.2,<2: its parser is not laid out as expected")
    return lalr, lexer


def _run_parser(text: str) -> OrderShape:
    # The text goes in as an OrderText, which reaches OrderLexer as it is, without the TextSlice and
    # line counter that Lark would make for a string.
    lalr, lexer = _lalr()
    thread = LexerThread(lexer, LexerState(OrderText(text)))  # type: ignore[arg-type]
    return cast(OrderShape, lalr.parse(thread, "start"))


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
    if not text or text.isspace():
        raise OrderSyntaxError(text, "the order is empty", None)
    # A full stop at the end, as in a sentence ("A Par H."), is not part of the last word.
    read = text.rstrip().removesuffix(".") if text[-1] in ". \t" else text
    if not read or read.isspace():
        raise OrderSyntaxError(text, "the order is empty", None)
    try:
        raw = _run_parser(read)
    except UnexpectedInput as error:
        raise grammar_error(text, error) from None
    return Resolver(game_map, text).order(raw)
