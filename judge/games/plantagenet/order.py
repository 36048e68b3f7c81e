"""A Plantagenet order as a value (``Order``) and its canonical text, the one the judge shows back
and reads again: ``orders.py`` reads what players write into it."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .battle.model import Units

LISTS = ("ARRAY", "ABSORB", "SPOILS", "CAPTOR", "PILLAGE")
"""The standing orders that list Lords in turn."""
UNIT_NAMES = {"retinue": "Retinue", "vassal": "Vassals", "men_at_arms": "Men-at-Arms",
              "longbowmen": "Longbowmen", "militia": "Militia", "burgundians": "Handgunners",
              "mercenaries": "Mercenaries"}
"""The Forces types (``battle.model.FORCES``) as the rulebook names them (1.6)."""


class OrderError(ValueError):
    """An order that cannot be read: the message says which word and what was expected."""


class Order(NamedTuple):
    """One order (a value, made often by the random players: a named tuple is the quickest): its verb, the acting Lord (Muster; PLAY: the Lord it is played for), what it
    levies (or a Battle choice: LEFT, RIGHT, ARMOURED ...), its target, the Influence points added
    to a check (1.4.2), a Group's or a list's Lords, a Plan's cards, and for Battle the Round of a
    Flee or a Regroup, the Troops below which a Lord Flees, an Event's Enemy target and the units
    that take Hits (HITS, with the step in ``what`` and the Round in ``round``) or Valour rerolls."""

    verb: str
    lord: str | None = None
    what: str | None = None
    target: str | None = None
    extra: int = 0
    group: tuple[str, ...] = ()
    plan: tuple[str, ...] = ()
    round: int = 0  # FLEE: the Battle Round at whose start the Lord Flees (4.4.2); PLAY: Regroup's; HITS: its Round
    below: int = 0  # FLEE ... BELOW n: he Flees when fewer than n of his Troops stand (4.4.2)
    on: str | None = None  # PLAY: the Enemy Lord or Vassal the Event targets
    units: tuple[Units, ...] = ()  # HITS, VALOUR: the units named, in turn

    def __str__(self) -> str:
        return _text(self)


@lru_cache(maxsize=4096)
def _text(order: Order) -> str:
    """An order's canonical text (``str``), kept: the random players write the same orders often
    and the judge writes back each it reads."""
    if order.verb == "PLAY":
        return " ".join(["PLAY", order.target or "", *_words(
            ("BY", order.lord), ("ON", order.on), ("ROUND", order.round), ("SPEND", order.extra),
            ("FOR", ", ".join(order.group)))])
    if order.verb in LISTS:
        return f"{order.verb} " + ", ".join(order.group)
    if order.units:
        head = [order.verb, *([order.what] if order.what else []), *_words(("ROUND", order.round))]
        return " ".join(head) + " " + ", ".join(units_text(units) for units in order.units)
    if order.verb == "CENTER":
        return f"CENTER FROM {order.what}"
    words = [order.lord] if order.lord else []
    words.append(order.verb)
    if order.what == "ALONE":  # MARCH Cambridge ALONE: the Group left behind (4.3.1)
        return " ".join([*words, order.target or "", "ALONE"])
    if order.what:
        words.append(order.what)
    if order.plan:
        words.append(", ".join(order.plan))
    if order.target:
        words.append(order.target)
    if order.verb in ("EXILE", "LEVY", "DISEMBARK") and order.group:
        words.append(f"TO {order.group[0]}")
    elif order.group:
        words.append("WITH " + ", ".join(order.group))
    return " ".join(words + _words(("SPEND", order.extra), ("ROUND", order.round), ("BELOW", order.below)))


def units_text(units: Units) -> str:
    """Units as an order names them: a Vassal, a Lord, a unit type or a Lord's units of a type."""
    if units.name:
        return units.name
    return " ".join(part for part in (units.lord, units.kind and UNIT_NAMES[units.kind]) if part)


def _words(*pairs: tuple[str, object]) -> list[str]:
    """``KEYWORD value`` for each pair with a value."""
    return [f"{key} {value}" for key, value in pairs if value]
