"""What is wrong with an order that cannot be read, in words a player understands.

``OrderSyntaxError`` (``orders.py``) is what every failure to read an order raises. ``grammar_error`` turns what
Lark reports when the grammar cannot go on into a message naming the offending word and what was
expected there; ``ROLES`` names the role a location plays in an order, for these messages and for
the ones ``order_names`` writes when a name cannot be resolved.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .order_shapes import UNIT_TYPES, CoastWords
from .orders import OrderSyntaxError

__all__ = ["ROLES", "grammar_error", "one_of"]


# Roles a location plays in an order: how to name it, and what may follow it.
ROLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "unit": ("the unit", ('"-"', '"holds"', '"supports"', '"convoys"', '"disbands"')),
    "destination": ("the destination", ("the end of the order", '"via convoy"')),
    "route": ("a province of the convoy route", ('"-"',)),
    "supported": ("the supported unit", ('"-"', '"hold"', "the end of the order")),
    "supported destination": ("the destination of the supported move", ("the end of the order",)),
    "convoyed": ("the convoyed army", ('"-"',)),
    "convoy destination": ("the destination of the convoy", ("the end of the order",)),
    "adjusted": ("the unit", ("the end of the order",)),
    "king": ("where the King is", ('"-"',)),
}


def one_of(items: Sequence[str]) -> str:
    """``a or b``; ``a, b, or c``."""
    if len(items) <= 2:
        return " or ".join(items)
    return ", ".join(items[:-1]) + ", or " + items[-1]


# --- errors found by the grammar ---------------------------------------------------------------

_EXPECTED: tuple[tuple[str, str], ...] = (
    ("$END", "the end of the order"),
    ("_MOVE", '"-"'),
    ("VIA", '"via convoy"'),
    ("HOLD", '"holds"'),
    ("_SUPPORT", '"supports"'),
    ("_CONVOY", '"convoys"'),
    ("_DISBAND", '"disbands"'),
    ("_SLASH", "a coast"),
    ("_RPAR", '")"'),
    ("_WAIVE", '"waive"'),
)
_LAST_WORD = re.compile(r"(->|=>|[^\W_][\w.']*|\S)\s*\Z")
_WORDLIKE = re.compile(r"[^\W_][\w.']*\Z")


def _expected(names: set[str], previous: str) -> str:
    """The terminals the parser could have taken, in plain words."""
    if not previous:
        return 'a unit (such as "A Par"), "build", "remove", "disband", or "waive"'
    if names == {"_CONVOY"}:
        return '"convoy"'
    if previous in ("/", "(") and "NAME" in names:
        return "a coast"
    if names <= {"NAME"}:
        return "a province"
    phrases = [phrase for name, phrase in _EXPECTED if name in names]
    if names & UNIT_TYPES.keys():
        unit = 'a unit (such as "A Mun")' if "NAME" in names else 'a unit type ("A" or "F")'
        phrases.insert("$END" in names, unit)
    elif "NAME" in names and "TIGHT" not in names and "_RPAR" not in names:
        phrases.append("a province")
    return one_of(phrases) if phrases else "nothing more"


_CATEGORY: dict[str, str] = {
    "_MOVE": "SEP",
    "_SUPPORT": "SUP",
    "_CONVOY": "CON",
    "_BUILD": "ADJ",
    "_REMOVE": "ADJ",
    **{name: "L" for name in ("NAME", "TIGHT", "_SLASH", "_LPAR", "_RPAR")},
}
_NEXT_ROLE = {"supported": "supported destination", "convoyed": "convoy destination"}


def _role_before(stack: Sequence[Any]) -> str | None:
    """The role of the location the parser had just read when it failed, from its value stack
    (None if it had not just read a location)."""
    categories: list[str] = []
    for index, item in enumerate(stack):
        if isinstance(item, Tree):  # a helper rule of the grammar, not yet folded into its parent
            name = str(item.data)
            if name.startswith("__start_star"):  # the steps of a move: "- Nth - Nwy"
                categories += ["SEP", "L"] * len(item.children)
            else:  # the words of a name, a coast or a power
                categories.append("L")
        elif isinstance(item, Token):
            if index == 0 and item.type == "_DISBAND":
                categories.append("ADJ")
            else:
                categories.append(_CATEGORY.get(item.type, "X"))
        elif isinstance(item, (tuple, CoastWords)):  # a location chain (a tuple), or a coast
            categories.append("L")
        else:
            categories.append("X")
    if not categories or categories[-1] != "L":
        return None
    expect = "adjusted" if categories[0] == "ADJ" else "unit"
    role = expect
    for category in categories:
        if category == "L":
            role = expect
        elif category == "SUP":
            expect = "supported"
        elif category == "CON":
            expect = "convoyed"
        elif category == "SEP":
            expect = _NEXT_ROLE.get(role, "destination")
    return role


def grammar_error(text: str, error: UnexpectedInput) -> OrderSyntaxError:
    if isinstance(error, UnexpectedToken):
        token = error.token
        at_end = token.type == "$END"
        position = len(text.rstrip()) if at_end else token.start_pos or 0
        column = position + 1
        found = "" if at_end else str(token).split()[0]
        names = set(error.expected)
    elif isinstance(error, UnexpectedCharacters):
        position = error.pos_in_stream or 0
        column = error.column
        found = text[position]
        names = set(error.allowed or ())
        at_end = False
    else:  # pragma: no cover - the LALR parser raises only the two above
        return OrderSyntaxError(text, str(error), None)
    role = None
    interactive = getattr(error, "interactive_parser", None)
    if interactive is not None:
        names = set(interactive.accepts())
        role = _role_before(interactive.parser_state.value_stack)
    match = _LAST_WORD.search(text, 0, position)
    previous = match[1] if match else ""
    if role is not None and "_RPAR" not in names:
        after = "after " + ROLES[role][0]
    else:
        after = f'after "{previous}"' if previous else "at the start"
    expected = _expected(names, previous)
    if at_end:
        reason = f"the order ends {after}; expected {expected}"
    elif _WORDLIKE.match(found):
        reason = f'unexpected word "{found}" {after}; expected {expected}'
    elif isinstance(error, UnexpectedCharacters):
        reason = f'unexpected character "{found}" {after}; expected {expected}'
    else:
        reason = f'unexpected "{found}" {after}; expected {expected}'
    return OrderSyntaxError(text, reason, column)
