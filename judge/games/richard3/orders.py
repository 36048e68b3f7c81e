"""The orders of Richard III as values, their canonical text, and the reader of what players write.

One order a line (several may share a line, split by ``;``). Keywords and names in any case;
names in full, by another name, or by an unambiguous prefix (``names``). Each order fills a
*slot*: a later order for the same slot replaces the earlier one.

Reading is two steps: the grammar (``judge/games/richard3/orders.lark``, LALR) reads the shape of the order,
with each name a span of words (a ``Shape``, memoised by text); then the names are resolved against
the player's blocks, the enemy's, the areas and the cards. Between a block and an area the
separator may be ``-``, ``to``, ``in``, ``at`` or nothing (``SEA Warwick Kent``): then the one span
is cut where its tail names an area. A refused order says why: what the order should look like, or
which names were possible.

Card phase (1.1, 5.1): ``PLAY 4``, ``PLAY Force March``; at a campaign's start ``REDEAL`` or
``KEEP`` (5.1, the mulligan). Actions (5.0): ``[MOVE] Warwick - Leicester - Oxford`` (a land move,
5.2), ``SEA Warwick - Kent`` (5.3), ``RECRUIT Norfolk - East Anglia`` (5.4), ``MUSTER Area``,
``PLAGUE Area``, ``TREASON Area [ON Block]`` (the event cards). Standing battle orders, given with
the actions: ``MAIN Area FROM Area`` (6.3), ``BATTLES Area, Area`` (6.1, player 1), ``RETREAT
Block|ALL AFTER ROUND n [TO Area]`` (6.6), ``CHARGE Heir [AT Block]`` (6.5), ``NO TREACHERY`` or
``TREACHERY ON Block`` (6.9), ``REGROUP Block - Area`` (6.7), ``EXECUTE Block`` (9.1). Political
turn (8.3, 8.4): ``HOME Block - Area`` or ``HOME Block - pool``. ``DONE`` (or ``PASS``) ends a
player's orders.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..nearest import meant, normal
from . import names
from .data import BOARD, REBEL, other
from .names import NameError_
from .state import State, pretender, side_of


class OrderError(ValueError):
    """An order that cannot be read, with the reason."""


@dataclass(frozen=True)
class Order:
    keyword: str  # PLAY, REDEAL, KEEP, MOVE, SEA, RECRUIT, MUSTER, PLAGUE, TREASON, MAIN, ...
    block: str | None = None  # a block id
    areas: tuple[str, ...] = ()
    card: str | None = None
    number: int | None = None
    target: str | None = None  # a block id (the enemy's version) or "ALL"
    condition: str | None = None  # a retreat's: "OUTNUMBERED" (the judge's own, not the rules')

    @property
    def slot(self) -> str:
        k = self.keyword
        if k in ("MOVE", "SEA", "RECRUIT"):
            return f"block {self.block}"
        if k in ("REGROUP", "EXECUTE", "HOME"):
            return f"{k.lower()} {self.block}"
        if k == "RETREAT":
            return f"retreat {self.block or 'ALL'}"
        if k == "MAIN":
            return f"main {self.areas[0]}"
        if k in ("REDEAL", "KEEP"):
            return "redeal"
        if k in ("NO TREACHERY", "TREACHERY"):
            return "treachery"
        if k == "CHARGE":
            return f"charge {self.block}"
        return k.lower()

    def __str__(self) -> str:
        k = self.keyword
        name = names.block_name(self.block) if self.block else ""
        target = names.block_name(self.target) if self.target and self.target != "ALL" else ""
        if k == "PLAY":
            return f"PLAY {self.card}"
        if k in ("REDEAL", "KEEP", "NO TREACHERY", "DONE"):
            return k
        if k == "MOVE":
            return f"MOVE {name} - {' - '.join(self.areas)}"
        if k in ("SEA", "RECRUIT", "REGROUP", "HOME"):
            return f"{k} {name} - {self.areas[0]}"
        if k in ("MUSTER", "PLAGUE"):
            return f"{k} {self.areas[0]}"
        if k == "TREASON":
            return f"TREASON {self.areas[0]}" + (f" ON {target}" if target else "")
        if k == "MAIN":
            return f"MAIN {self.areas[0]} FROM {self.areas[1]}"
        if k == "BATTLES":
            return "BATTLES " + ", ".join(self.areas)
        if k == "RETREAT":
            who = name or "ALL"
            to = f" TO {self.areas[0]}" if self.areas else ""
            condition = f" IF {self.condition}" if self.condition else ""
            return f"RETREAT {who} AFTER ROUND {self.number}{to}{condition}"
        if k == "CHARGE":
            return f"CHARGE {name}" + (f" AT {target}" if target else "")
        if k == "TREACHERY":
            return f"TREACHERY ON {target}"
        if k == "EXECUTE":
            return f"EXECUTE {name}"
        raise AssertionError(k)


def split_orders(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"[;\n]", text) if part.strip()]


# --- the shape of an order, read by the grammar -------------------------------------------------


class Shape(NamedTuple):
    """An order as the grammar reads it: its form, its keyword, its names as written, and the
    round of a retreat and its condition."""

    form: str
    keyword: str
    spans: tuple[str, ...] = ()
    number: int | None = None
    condition: str | None = None


class _Shaper(Transformer[Token, Shape]):
    """Builds a Shape as the parser reduces (no tree is built)."""

    def name(self, words: list[Token]) -> str:
        return " ".join(words)

    def play(self, c: list[str]) -> Shape:
        return Shape("play", "PLAY", (c[0],))

    def redeal(self, _: list[str]) -> Shape:
        return Shape("word", "REDEAL")

    def keep(self, _: list[str]) -> Shape:
        return Shape("word", "KEEP")

    def done(self, _: list[str]) -> Shape:
        return Shape("word", "DONE")

    def no_treachery(self, _: list[str]) -> Shape:
        return Shape("word", "NO TREACHERY")

    def move(self, c: list[str]) -> Shape:
        return Shape("move", "MOVE", tuple(c))

    def placing(self, c: list[Any]) -> Shape:
        return Shape("placing", c[0].upper(), tuple(s for s in c[1:] if s is not None))

    def event(self, c: list[Any]) -> Shape:
        return Shape("event", c[0].upper(), (c[1],))

    def treason(self, c: list[str | None]) -> Shape:
        return Shape("treason", "TREASON", tuple(s for s in c if s is not None))

    def main(self, c: list[str]) -> Shape:
        return Shape("main", "MAIN", tuple(c))

    def battles(self, c: list[str]) -> Shape:
        return Shape("battles", "BATTLES", tuple(c))

    def retreat(self, c: list[Any]) -> Shape:
        who, number, to, condition = c  # who: the token ALL, or a name
        who = "ALL" if isinstance(who, Token) else who
        return Shape("retreat", "RETREAT", (who, *([to] if to else [])), int(number),
                     str(condition).upper() if condition else None)

    def charge(self, c: list[str | None]) -> Shape:
        return Shape("charge", "CHARGE", tuple(s for s in c if s is not None))

    def treachery(self, c: list[str]) -> Shape:
        return Shape("treachery", "TREACHERY", (c[-1],))

    def execute(self, c: list[str]) -> Shape:
        return Shape("execute", "EXECUTE", (c[0],))


@functools.cache
def _parser() -> Lark:
    grammar = resources.files(__package__).joinpath("orders.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", transformer=_Shaper())


# What each order looks like, by its first word: what a refused order is told.
FORMS = {
    "PLAY": "PLAY <card> (PLAY 4, PLAY Force March)",
    "REDEAL": "REDEAL or KEEP, alone",
    "KEEP": "REDEAL or KEEP, alone",
    "MULLIGAN": "REDEAL or KEEP, alone",
    "DONE": "DONE, alone",
    "PASS": "DONE, alone",
    "MOVE": "[MOVE] <block> - <area> [- <area>]",
    "SEA": "SEA <block> - <area>",
    "RECRUIT": "RECRUIT <block> - <area>",
    "REGROUP": "REGROUP <block> - <area>",
    "HOME": "HOME <block> - <area or pool>",
    "MUSTER": "MUSTER <area>",
    "PLAGUE": "PLAGUE <area>",
    "TREASON": "TREASON <area> [ON <block>]",
    "MAIN": "MAIN <battle area> FROM <area the main attack comes from, or sea>",
    "BATTLES": "BATTLES <area>, <area>, ...",
    "RETREAT": "RETREAT <block or ALL> AFTER ROUND <1, 2 or 3> [TO <area>] [IF OUTNUMBERED]",
    "CHARGE": "CHARGE <heir> [AT <block>]",
    "NO": "NO TREACHERY",
    "TREACHERY": "TREACHERY [ON] <block>",
    "EXECUTE": "EXECUTE <block>",
}


def _syntax_error(text: str, error: UnexpectedInput) -> OrderError:
    first = text.split(maxsplit=1)[0].upper()
    keyword = meant([first], FORMS)  # PLAY for PLAI
    if first in FORMS:
        expected = FORMS[first]
    elif keyword:
        return OrderError(f"cannot read {text!r}: {first} is no order (did you mean {keyword}?): "
                          f"expected {FORMS[keyword]}")
    else:
        listed = dict.fromkeys(f for k, f in FORMS.items() if k != "MOVE")
        expected = "an order such as 'Warwick - Kent' or one of: " + "; ".join(listed)
    if first not in FORMS and isinstance(error, (UnexpectedEOF, UnexpectedToken)) and (
        isinstance(error, UnexpectedEOF) or error.token.type == "$END"
    ):
        return OrderError(f"cannot read {text!r}: expected {expected}")
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        where = "it ends too soon"
    elif isinstance(error, UnexpectedToken):
        where = f"stopped at {str(error.token)!r}"
    elif isinstance(error, UnexpectedCharacters):
        where = f"stopped at {text[error.pos_in_stream:].split(maxsplit=1)[0]!r}"
    else:  # pragma: no cover - Lark raises only the three above
        where = "unreadable"
    return OrderError(f"cannot read {text!r} ({where}): expected {expected}")


@functools.lru_cache(maxsize=4096)
def read_shape(text: str) -> Shape:
    """The shape of one order (raises OrderError); memoised, the playouts read the same texts often."""
    if not text:
        raise OrderError("the order is empty: write an order such as 'Warwick - Kent' or DONE")
    try:
        shape = cast(Shape, _parser().parse(text))  # the transformer's value, not a tree
    except UnexpectedInput as error:
        raise _syntax_error(text, error) from None
    if shape.number is not None and not 1 <= shape.number <= 3:
        raise OrderError(f"cannot read {text!r}: a retreat comes after round 1, 2 or 3 (6.6)")
    return shape


# --- names resolved: the order --------------------------------------------------------------------


def read_order(text: str, own: list[str], enemy: list[str], dead: tuple[str, ...] = (),
               held: tuple[str, ...] | None = None) -> Order:
    """Read one order. ``own``: the ids of the player's blocks it may name; ``enemy``: the ids of
    the enemy's blocks (both versions of a two-house block), which targets name; ``dead``: the
    names of the heirs killed, whom an order of the player's may name only to be told so;
    ``held``: the names of the cards in his hand, the only ones a misspelt card is likened to."""
    text = text.strip()
    shape = read_shape(text)
    try:
        return _resolve(text, shape, own, enemy, dead, held)
    except NameError_ as error:
        raise OrderError(str(error)) from None


def read_players_order(state: State, side: str, text: str) -> Order:
    """Read one order of a house in a position (raises OrderError)."""
    return read_players_orders(state, side, [text])[0]


def read_players_orders(state: State, side: str, texts: Iterable[str]) -> list[Order]:
    """Read a house's orders in a position (raises OrderError at the first unreadable one):
    their names may be the house's blocks in play or in its pool, and as targets every version
    of the enemy's blocks."""
    own = tuple(
        b for b, e in state["blocks"].items()
        if e["at"] not in ("out", "dead") and side_of(state, b) == side
    )
    enemy = _enemy_blocks(other(side), pretender(state))
    dead = tuple(sorted({BOARD.blocks[b].name for b, e in state["blocks"].items()
                         if e["at"] == "dead" and BOARD.blocks[b].heir}))
    held = tuple(sorted({BOARD.cards[n].name for n in state["cards"].get("hands", {}).get(side, ())}))
    return [_read_among(text, own, enemy, dead, held) for text in texts]


@functools.cache
def _enemy_blocks(enemy: str, pretender: str) -> tuple[str, ...]:
    """The ids of a house's blocks, both versions of each (the Rebel is the Pretender's)."""
    return tuple(b for b, kind in BOARD.blocks.items() if (pretender if kind.side == REBEL else kind.side) == enemy)


@functools.lru_cache(maxsize=8192)
def _read_among(text: str, own: tuple[str, ...], enemy: tuple[str, ...], dead: tuple[str, ...],
                held: tuple[str, ...]) -> Order:
    """``read_order`` memoised: the playouts read the same orders among the same blocks often."""
    return read_order(text, list(own), list(enemy), dead, held)


def _area_or(*words: str) -> Callable[[str], str]:
    """An area's reader that also takes the given words (``sea``, ``pool``) as they are."""

    def read(text: str) -> str:
        word = normal(text)
        return word if word in words else names.area(text)

    return read


_AREA = _area_or()
_HOME = _area_or("pool")  # 8.3: a block may go home to the pool
_FROM = _area_or("sea")  # 6.3: a main attack may come from the sea


def _block_and_area(
    text: str, spans: tuple[str, ...], own: list[str], area: Callable[[str], str], dead: tuple[str, ...]
) -> tuple[str, str]:
    """A block and an area (``Norfolk - East Anglia``), or written as one span of words with no
    separator (``Norfolk East Anglia``): then cut where the tail is an area, preferring a cut whose
    head is one of the player's blocks."""
    if len(spans) == 2:
        return names.block_among(spans[0], own, "block of yours", dead), area(spans[1])
    words = spans[0].split()
    cuts: list[tuple[str, str]] = []
    for cut in range(1, len(words)):
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        try:
            cuts.append((head, area(tail)))
        except NameError_:
            continue
    for head, place in cuts:
        try:
            return names.block_among(head, own, "block of yours", dead), place
        except NameError_:
            continue
    if cuts:
        head, place = cuts[0]
        return names.block_among(head, own, "block of yours", dead), place
    form = FORMS.get(text.split(maxsplit=1)[0].upper(), FORMS["MOVE"])
    raise OrderError(f"cannot read {text!r}: expected a block and then an area, {form}")


def _resolve(text: str, shape: Shape, own: list[str], enemy: list[str], dead: tuple[str, ...],
             held: tuple[str, ...] | None) -> Order:
    form, key, spans = shape.form, shape.keyword, shape.spans
    if form == "word":
        return Order(key)
    if form == "play":
        return Order("PLAY", card=names.card_kind(spans[0], held))
    if form == "move":
        if len(spans) == 1:
            block, place = _block_and_area(text, spans, own, _AREA, dead)
            return Order("MOVE", block, (place,))
        block = names.block_among(spans[0], own, "block of yours", dead)
        return Order("MOVE", block, tuple(names.area(s) for s in spans[1:]))
    if form == "placing":
        block, place = _block_and_area(text, spans, own, _HOME if key == "HOME" else _AREA, dead)
        return Order(key, block, (place,))
    if form == "event":
        return Order(key, areas=(names.area(spans[0]),))
    if form == "treason":
        target = names.block_among(spans[1], enemy, "enemy block") if len(spans) > 1 else None
        return Order("TREASON", areas=(names.area(spans[0]),), target=target)
    if form == "main":
        return Order("MAIN", areas=(names.area(spans[0]), _FROM(spans[1])))
    if form == "battles":
        return Order("BATTLES", areas=tuple(names.area(s) for s in spans))
    if form == "retreat":
        who = None if spans[0] == "ALL" else names.block_among(spans[0], own, "block of yours", dead)
        to = (names.area(spans[1]),) if len(spans) > 1 else ()
        return Order("RETREAT", who, to, number=shape.number, condition=shape.condition)
    if form == "charge":
        heirs = [b for b in own if BOARD.blocks[b].heir is not None]
        target = names.block_among(spans[1], enemy, "enemy block") if len(spans) > 1 else None
        return Order("CHARGE", names.block_among(spans[0], heirs, "heir of yours", dead), target=target)
    if form == "treachery":
        return Order("TREACHERY", target=names.block_among(spans[0], enemy, "enemy block"))
    if form == "execute":
        return Order("EXECUTE", names.block_among(spans[0], own, "block of yours", dead))
    raise AssertionError(form)
