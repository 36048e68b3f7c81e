"""The shape of a Plantagenet order, read by its Lark grammar (``orders.lark``, LALR, read once at
import): an ``Order`` whose names are still placeholders for the words written, and those words.
``orders.py`` resolves the names; a text that cannot be read is told where reading stopped and what
the order looks like."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from importlib import resources
from typing import Any, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..nearest import meant
from .order import Order, OrderError

class _Shaper(Transformer[Token, Order]):
    """Builds an Order whose names are still as written, as the parser reduces (no tree is built);
    ``_resolved`` then resolves them."""

    def name(self, words: list[Token]) -> str:
        return " ".join(words)

    def names(self, spans: list[str]) -> tuple[str, ...]:
        return tuple(spans)

    def spend(self, c: list[Token]) -> int:
        return int(c[0])

    def start(self, c: list[Order]) -> Order:
        return c[0]

    def by_lord(self, c: list[Any]) -> Order:
        order: Order = c[1]
        return order._replace(lord=c[0])

    def by_march(self, c: list[Order]) -> Order:
        return c[1]._replace(lord="March")

    def disband(self, c: list[str]) -> Order:
        return Order("DISBAND", target=c[0])

    def dismiss(self, c: list[str]) -> Order:
        return Order("DISMISS", target=c[0])

    def exile(self, c: list[str | None]) -> Order:
        return Order("EXILE", target=c[0], group=(c[1],) if c[1] else ())

    def crown(self, c: list[str]) -> Order:
        return Order("CROWN", target=c[0])

    def levy(self, c: list[Any]) -> Order:
        what, target, to, extra = c
        return Order("LEVY", what=str(what).upper(), target=target, group=(to,) if to else (), extra=extra or 0)

    def merchants(self, c: list[Any]) -> Order:
        return Order("MERCHANTS", extra=c[1] or 0)

    def plan(self, c: list[tuple[str, ...]]) -> Order:
        return Order("PLAN", plan=c[0])

    def go(self, c: list[Any]) -> Order:
        return Order(str(c[0]).upper(), target=c[1], group=c[2] or (), extra=c[3] or 0)

    def go_alone(self, c: list[Any]) -> Order:
        return Order(str(c[0]).upper(), what="ALONE", target=c[1])

    def at(self, c: list[Any]) -> Order:
        return Order(str(c[0]).upper(), target=c[1], extra=c[2] or 0)

    def alone(self, c: list[Token]) -> Order:
        return Order(str(c[0]).upper())

    def intercept(self, c: list[Any]) -> Order:
        return Order("INTERCEPT", target=c[0], group=c[1] or ())

    def flee(self, c: list[Any]) -> Order:
        return Order("FLEE", target=c[0], round=int(c[1]))

    def flee_below(self, c: list[Any]) -> Order:
        return Order("FLEE", target=c[0], below=int(c[1]))

    def play(self, c: list[Any]) -> Order:
        card, by, on, round_, extra, lords = c
        return Order("PLAY", by, target=card, on=on, round=int(round_ or 0), extra=extra or 0, group=lords or ())

    def disembark(self, c: list[str]) -> Order:
        return Order("DISEMBARK", target=c[0], group=(c[1],))

    def discard(self, c: list[str]) -> Order:
        return Order("DISCARD", target=c[0])

    def listing(self, c: list[Any]) -> Order:
        verb = str(c[0]).upper()
        return Order(verb, group=c[1])

    def hits(self, c: list[Any]) -> Order:
        step, round_, names = c
        return Order("HITS", what=str(step).upper() if step else None, round=int(round_ or 0), group=names)

    def death_check(self, c: list[str]) -> Order:
        return Order("DEATH CHECK", target=c[0])

    def flank(self, c: list[Token]) -> Order:
        return Order(str(c[0]).upper(), what=str(c[1]).upper())

    def center(self, c: list[Token]) -> Order:
        return Order("CENTER", what=str(c[0]).upper())

    def valour(self, c: list[Token]) -> Order:
        return Order("VALOUR", what=str(c[0]).upper().replace("ARMORED", "ARMOURED"))

    def valour_units(self, c: list[tuple[str, ...]]) -> Order:
        return Order("VALOUR", group=c[0])

    def keep_culverins(self, _: list[Any]) -> Order:
        return Order("KEEP CULVERINS")

    def vanguard(self, _: list[Any]) -> Order:
        return Order("VANGUARD")

    def final_charge(self, _: list[Any]) -> Order:
        return Order("FINAL CHARGE")

    def refuse(self, c: list[Token]) -> Order:
        return Order("NO SWIFT MANEUVER" if str(c[0]).upper() == "SWIFT" else "NO YEOMEN")


@cache
def _parser() -> Lark:
    grammar = resources.files(__package__).joinpath("orders.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", transformer=_Shaper())


_parser()  # read once, at import


# What each order looks like, by its word: what a refused order is told.
FORMS = {
    "DISBAND": "DISBAND <Lord>", "DISMISS": "DISMISS <Vassal>", "EXILE": "EXILE <Lord> [TO <Exile box>]",
    "CROWN": "CROWN Richard III",
    "LEVY": "<Lord> LEVY LORD <Lord> [TO <Seat>]|VASSAL <Vassal>|TROOPS [FROM <Locale>]|CARTS|SHIP|CAPABILITY <card> [TO <Locale>] [SPEND 1|3]",
    "PLAN": "PLAN <Lord or Pass>, <Lord or Pass>, ...",
    "MARCH": "MARCH <Locale> [WITH <Lord>, ... | ALONE]", "SAIL": "SAIL <Port, Exile box or Sea> [WITH <Lord>, ... | ALONE]",
    "SUPPLY": "SUPPLY <Locale>", "TAX": "TAX <Locale> [SPEND 1|3]", "PARLEY": "PARLEY <Locale> [SPEND 1|3]",
    "FORAGE": "FORAGE, alone", "PASS": "PASS, alone", "TRUCE": "TRUCE, alone", "SURRENDER": "SURRENDER, alone",
    "AGITATE": "AGITATE <Locale>", "MERCHANTS": "MERCHANTS [SPEND 1|3]", "HERALDS": "HERALDS <Lord> [SPEND 1|3]",
    "INTERCEPT": "INTERCEPT <Lord> [WITH <Lord>, ...]",
    "FLEE": "FLEE <Lord> ROUND <n> or FLEE <Lord> BELOW <Troops>",
    "PLAY": "PLAY <card> [BY <Lord>] [ON <Enemy Lord or Vassal>] [ROUND <n>] [SPEND 1|3] [FOR <Lord>, ...]",
    "DISCARD": "DISCARD <card>",
    "ARRAY": "ARRAY <Lord>, <Lord>, ...", "ABSORB": "ABSORB <Lord>, <Lord>, ...",
    "SPOILS": "SPOILS <Lord>, <Lord>, ...", "CAPTOR": "CAPTOR <Lord>, <Lord>, ...",
    "PILLAGE": "PILLAGE <Lord>, <Lord>, ...", "DISEMBARK": "DISEMBARK <Lord> TO <Port>", "DEATH": "DEATH CHECK Edward IV", "HITS": "HITS [MISSILE|MELEE] [ROUND <n>] <unit>, ... (a unit type: Retinue, Vassals, Men-at-Arms, ...; a Lord; a Lord's type: Warwick Longbowmen; a Vassal)",
    "FLANK": "FLANK LEFT|RIGHT", "ENGAGE": "ENGAGE LEFT|RIGHT", "CENTER": "CENTER FROM LEFT|RIGHT",
    "VALOUR": "VALOUR ARMOURED|ALWAYS|NEVER or VALOUR <unit>, ... (Retinue; Warwick Retinue; a Vassal ...)", "KEEP": "KEEP CULVERINS", "VANGUARD": "VANGUARD, alone",
    "FINAL": "FINAL CHARGE", "NO": "NO SWIFT MANEUVER or NO YEOMEN",
}
LISTED = tuple(FORMS)
FORMS["CENTRE"], FORMS["VALOR"] = FORMS["CENTER"], FORMS["VALOUR"]


def _syntax_error(text: str, error: UnexpectedInput) -> OrderError:
    word = next((w for w in text.upper().split() if w in FORMS), None)
    if word is None:
        keyword = meant(text.upper().split(), LISTED)  # MARCH for MRCH
        if keyword:
            return OrderError(f"no order word in {text!r} (did you mean {keyword}?): expected {FORMS[keyword]}")
        return OrderError(f"no order word in {text!r}: expected one of {', '.join(LISTED)}")
    if isinstance(error, UnexpectedEOF) or (isinstance(error, UnexpectedToken) and error.token.type == "$END"):
        where = "it ends too soon"
    else:
        where = f"stopped at {text[error.pos_in_stream:].split(maxsplit=1)[0]!r}"
    return OrderError(f"cannot read {text!r} ({where}): expected {FORMS[word]}")


@cache
def _keyword_pattern() -> re.Pattern[str]:
    """Every terminal of the grammar but WORD: a word it matches whole may read as a keyword (or a
    number); any other word reads as a WORD wherever it stands."""
    terminals = [t.pattern.to_regexp() for t in _parser().terminals if t.name not in ("WORD", "WS")]
    return re.compile("|".join(f"(?:{t})" for t in terminals))


@lru_cache(maxsize=4096)
def _plain(word: str) -> bool:
    return _keyword_pattern().fullmatch(word) is None


_TOKENS = re.compile(r"[^\s,]+|,")


@lru_cache(maxsize=4096)
def read_shape(text: str) -> tuple[Order, tuple[str, ...]]:
    """An order as the grammar reads it, each name a placeholder for a run of the words written,
    and the runs (raises OrderError); memoised.

    The grammar reads the order's skeleton, where each run of a name's words is one placeholder
    (``x0``, ``x1`` ...): a run starts at a plain word (one no terminal but WORD matches) and goes
    on through the plain words and numbers after it (after a WORD a number can only be a WORD).
    Other words, keywords where the order allows one, are kept. So ``York LEVY LORD Salisbury``
    and ``Henry VI LEVY LORD Somerset 1`` are one skeleton, read once; the runs are then put back
    in the names (``_resolved``). The lexer tells keywords from names by the words alone, so the skeleton reads
    as the text would."""
    runs: list[str] = []
    skeleton: list[str] = []
    in_run = False
    for word in _TOKENS.findall(text):
        plain = word != "," and _plain(word)
        if in_run and (plain or word.isdigit()):
            runs[-1] += " " + word
        elif plain:
            skeleton.append(f"x{len(runs)}")
            runs.append(word)
        else:
            skeleton.append(word)
        in_run = plain or (in_run and word.isdigit())
    written = " ".join(skeleton)
    try:
        order = _skeleton_shape(written)
    except UnexpectedInput:
        try:
            _parser().parse(text)  # the error as the text itself gives it
        except UnexpectedInput as error:
            raise _syntax_error(text, error) from None
        raise AssertionError(f"{text!r} reads, its skeleton {written!r} does not") from None
    if order.extra and order.extra not in (1, 3):
        raise OrderError("SPEND adds 1 or 3 Influence points to a check, never 2 (1.4.2)")
    return order, tuple(runs)


@lru_cache(maxsize=4096)
def _skeleton_shape(skeleton: str) -> Order:
    return cast(Order, _parser().parse(skeleton))  # the transformer's value, not a tree
