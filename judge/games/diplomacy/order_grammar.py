"""Reading an order with the grammar, for every order not written in the canonical form.

The grammar (``orders.lark``, in this package; LALR) reads the shape of the order and knows nothing of the
map (``order_shapes``); the words are then resolved against the map (``order_names``). Lark is
loaded, and the parser built, only when the first such order comes: ``judge adjudicate`` fed
canonical orders never pays for it (``parser.parse_order`` is the way in).

Speed: the parser calls the transformer as it reduces (no tree is built), and reads its tokens
from ``OrderLexer`` (``order_lexer``), a faster lexer made for this grammar.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any, cast

from lark import Lark
from lark.exceptions import UnexpectedInput
from lark.lexer import LexerState, LexerThread

from .maps import Map
from .order_errors import grammar_error
from .order_lexer import OrderLexer, OrderText
from .order_names import Resolver
from .order_shapes import OrderShape, ShapeBuilder
from .orders import Order, OrderSyntaxError

GRAMMAR = resources.files(__package__).joinpath("orders.lark").read_text(encoding="utf-8")


@functools.cache
def _lalr() -> tuple[Any, Any]:
    """Lark's LALR parser and our lexer, built once."""
    lark = Lark(GRAMMAR, parser="lalr", lexer=OrderLexer, transformer=ShapeBuilder())
    # Lark's parser itself, called without its front end (a few microseconds less an order).
    lalr: Any = lark.parser.parser
    lexer: Any = lark.parser.lexer
    if not isinstance(lexer, OrderLexer):  # pragma: no cover - a Lark whose insides have changed
        raise ImportError("judge needs lark>=1.2,<2: its parser is not laid out as expected")
    return lalr, lexer


def run_parser(text: str) -> OrderShape:
    """The shape of one order as the grammar reads it; raises Lark's ``UnexpectedInput``."""
    # The text goes in as an OrderText, which reaches OrderLexer as it is, without the TextSlice and
    # line counter that Lark would make for a string.
    lalr, lexer = _lalr()
    thread = LexerThread(lexer, LexerState(OrderText(text)))  # type: ignore[arg-type]
    return cast(OrderShape, lalr.parse(thread, "start"))


def read_with_grammar(game_map: Map, text: str) -> Order:
    """One order read by the grammar, its names resolved against the map. Raises
    ``OrderSyntaxError``."""
    if not text or text.isspace():
        raise OrderSyntaxError(text, "the order is empty", None)
    # A full stop at the end, as in a sentence ("A Par H."), is not part of the last word.
    read = text.rstrip().removesuffix(".") if text[-1] in ". \t" else text
    if not read or read.isspace():
        raise OrderSyntaxError(text, "the order is empty", None)
    try:
        raw = run_parser(read)
    except UnexpectedInput as error:
        raise grammar_error(text, error) from None
    return Resolver(game_map, text).order(raw)
