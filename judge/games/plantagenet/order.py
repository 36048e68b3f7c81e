"""A Plantagenet order as a value (``Order``) and its canonical text, the one the judge shows back
and reads again: ``orders.py`` reads what players write into it."""

from __future__ import annotations

from typing import NamedTuple

LISTS = ("ARRAY", "ABSORB", "SPOILS", "HITS", "CAPTOR")
"""The Battle orders that list Lords (or, HITS, units) in turn."""
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
    Flee or a Regroup, the Troops below which a Lord Flees, an Event's Enemy target and the unit
    types in the order they take Hits."""

    verb: str
    lord: str | None = None
    what: str | None = None
    target: str | None = None
    extra: int = 0
    group: tuple[str, ...] = ()
    plan: tuple[str, ...] = ()
    round: int = 0  # FLEE: the Battle Round at whose start the Lord Flees (4.4.2); PLAY: Regroup's
    below: int = 0  # FLEE ... BELOW n: he Flees when fewer than n of his Troops stand (4.4.2)
    on: str | None = None  # PLAY: the Enemy Lord or Vassal the Event targets
    units: tuple[str, ...] = ()  # HITS: Forces types

    def __str__(self) -> str:
        if self.verb == "PLAY":
            return " ".join(["PLAY", self.target or "", *_words(
                ("BY", self.lord), ("ON", self.on), ("ROUND", self.round), ("SPEND", self.extra),
                ("FOR", ", ".join(self.group)))])
        if self.verb in LISTS:
            return f"{self.verb} " + ", ".join(self.group or [UNIT_NAMES[u] for u in self.units])
        if self.verb == "CENTER":
            return f"CENTER FROM {self.what}"
        words = [self.lord] if self.lord else []
        words.append(self.verb)
        if self.what:
            words.append(self.what)
        if self.plan:
            words.append(", ".join(self.plan))
        if self.target:
            words.append(self.target)
        if self.verb in ("EXILE", "LEVY") and self.group:
            words.append(f"TO {self.group[0]}")
        elif self.group:
            words.append("WITH " + ", ".join(self.group))
        return " ".join(words + _words(("SPEND", self.extra), ("ROUND", self.round), ("BELOW", self.below)))


def _words(*pairs: tuple[str, object]) -> list[str]:
    """``KEYWORD value`` for each pair with a value."""
    return [f"{key} {value}" for key, value in pairs if value]
