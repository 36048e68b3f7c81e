"""Orders of Plantagenet as players write them, read into ``Order`` values.

One order a line (or separated by ``;``)::

    DISBAND Rutland                 3.2.2: Disband a Lord at Pay
    DISMISS Stanley                 3.2.3: leave a Vassal unpaid (he Disbands)
    EXILE Henry VI TO Scotland      3.3.1: Muster an Exiled Lord into an Exile box
    CROWN Richard III               III, King Richard: he replaces Gloucester at London
    York LEVY LORD Salisbury        3.4.2 (also LEVY VASSAL Stanley, LEVY TROOPS, LEVY CARTS,
    York LEVY SHIP                  LEVY SHIP, LEVY CAPABILITY Y4 (Y5 TO Coventry: he starts
                                    there, Thomas Bourchier), LEVY TROOPS FROM Cambridge
                                    with Commission of Array, L12; SPEND 1 or SPEND 3 after a
    York PARLEY Coventry SPEND 1    check adds 1 or 2 to the rating, 1.4.2)
    PLAN York, March, Pass, York    4.1: the Plan stack, top card first
    MARCH Coventry WITH Salisbury   4.3 (WITH: the Lords of a Group, 4.3.1)
    SAIL Calais / SUPPLY London / FORAGE / TAX London / PARLEY Coventry / PASS   4.5-4.6
    AGITATE Coventry / MERCHANTS / HERALDS Somerset   Capabilities' Commands (Y10, L30, L4; the
                                    last two are Influence checks and take SPEND)
    INTERCEPT Northumberland        4.3.4, a standing order of the inactive side (WITH: the
                                    Lords an Intercepting Marshal or Lieutenant brings)
    EXILE Somerset                  4.3.5, a standing order: he goes into Exile when Approached
                                    (by default an Approached Lord gives Battle)
    TRUCE                           a standing order: play Parliament's Truce (Y12, L20) when
                                    the enemy would Approach
    FLEE Somerset ROUND 2           a standing order: in any Battle of his, he Flees at the start
                                    of that Round (4.4.2)
    PLAY Y19                        a standing order: play this held Event in the next Battle
                                    where it may be played (4.4.1, 4.4.3), or when its moment
                                    comes (L28, L33); in a Muster, play a Levy Event at once
    PLAY Y24 ON London              (Y13, L13, Y20, Y24); ON: the Lord or Locale it is played on
    DISCARD Y1                      with the Plan: discard this held Event at Reset (4.8.6)
    SURRENDER                       a standing order in the grand scenario's first and second
                                    Wars: concede the War before the last Heir's Death check (6.1.1)

Names are those of the Lords, Vassals, Locales and cards, in any case; a Lord may be named by his
title alone (``Somerset``) where the scenario has only one of that name. Reading resolves names;
whether an order is possible is for the rules modules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from .data import BOARD

LEVY_WHAT = ("LORD", "VASSAL", "TROOPS", "CARTS", "SHIP", "CAPABILITY")
VERBS = ("DISBAND", "DISMISS", "EXILE", "PLAN", "MARCH", "SAIL", "SUPPLY", "FORAGE", "TAX",
         "PARLEY", "PASS", "INTERCEPT", "LEVY", "CROWN", "TRUCE", "FLEE", "PLAY", "DISCARD", "SURRENDER",
         "AGITATE", "MERCHANTS", "HERALDS")


class OrderError(ValueError):
    """An order that cannot be read: the message says which word and what was expected."""


@dataclass(frozen=True)
class Order:
    """One order: its verb, the acting Lord (Muster), what it levies, its target, the Influence
    points added to a check (1.4.2), a Group's Lords, or a Plan's cards."""

    verb: str
    lord: str | None = None
    what: str | None = None
    target: str | None = None
    extra: int = 0
    group: tuple[str, ...] = ()
    plan: tuple[str, ...] = ()
    round: int = 0  # FLEE: the Battle Round at whose start the Lord Flees (4.4.2)

    def __str__(self) -> str:
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
        elif self.verb == "PLAY" and self.group:
            words.append(f"ON {self.group[0]}")
        elif self.group:
            words.append("WITH " + ", ".join(self.group))
        if self.extra:
            words.append(f"SPEND {self.extra}")
        if self.round:
            words.append(f"ROUND {self.round}")
        return " ".join(words)


def normal(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", text.lower().replace("(", " ").replace(")", " ")).strip().replace("  ", " ")


def _names() -> dict[str, str]:
    found: dict[str, str] = {}
    for name in [*BOARD.locales, *BOARD.exile_boxes, *BOARD.seas]:
        found[normal(name)] = name
    for card in BOARD.cards.values():
        found[normal(card.id)] = card.id
    for vassal in BOARD.vassals:
        found.setdefault(normal(vassal), vassal)
    return found


PLACES_AND_CARDS = _names()


@cache
def lord_names(scenario: str) -> dict[str, str]:
    """The names a scenario's Lords go by: their own, their card's, and their title alone where
    no other Lord of the scenario shares it."""
    setup = BOARD.scenarios[scenario]
    lords = [lord for side in setup.lords.values() for lord in side]
    found = {normal(lord): lord for lord in lords}
    for lord in lords:
        found[normal(BOARD.lords[lord].card_name)] = lord
        title = normal(re.sub(r" (\d|Y\d?|L)$", "", lord))
        if sum(1 for other in lords if normal(re.sub(r" (\d|Y\d?|L)$", "", other)) == title) == 1:
            found.setdefault(title, lord)
    return found


def _place(word: str) -> str:
    found = PLACES_AND_CARDS.get(normal(word))
    if found is None or not (found in BOARD.locales or found in BOARD.exile_boxes or found in BOARD.seas):
        raise OrderError(f"no Locale named {word!r}")
    return found


def _lord(word: str, lords: dict[str, str]) -> str:
    found = lords.get(normal(word))
    if found is None:
        raise OrderError(f"no Lord named {word!r} in this scenario")
    return found


def _vassal(word: str) -> str:
    for name in BOARD.vassals:
        if normal(name) == normal(word):
            return name
    raise OrderError(f"no Vassal named {word!r}")


def _card(word: str) -> str:
    key = word.strip().upper()
    if key not in BOARD.cards:
        raise OrderError(f"no Arts of War card {word!r} (write its id, e.g. Y4)")
    return key


def split_orders(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"[;\n]", text) if part.strip()]


@lru_cache(maxsize=4096)
def read_order(text: str, scenario: str) -> Order:
    """Read one order (names resolved against the scenario), or raise OrderError. (Orders are
    values and the reading depends on nothing else, so readings are kept.)"""
    lords = lord_names(scenario)
    words = text.strip()
    extra = 0
    spend = re.search(r"\s+SPEND\s+(\d+)\s*$", words, re.IGNORECASE)
    if spend:
        extra = int(spend.group(1))
        if extra not in (1, 3):
            raise OrderError("SPEND adds 1 or 3 Influence points to a check, never 2 (1.4.2)")
        words = words[: spend.start()]
    tokens = words.split()
    upper = [t.upper() for t in tokens]
    verbs = [i for i, t in enumerate(upper) if t in VERBS]
    named = [i for i in verbs if i and normal(" ".join(tokens[:i])) in lords]
    verb_at = named[-1] if named else next((i for i in verbs if i == 0), None)
    if verb_at is None and verbs:
        raise OrderError(f"no Lord named {' '.join(tokens[:verbs[0]])!r} in this scenario")
    if verb_at is None:
        raise OrderError(f"no order word in {text!r}: expected one of {', '.join(VERBS)}")
    verb = upper[verb_at]
    actor = _lord(" ".join(tokens[:verb_at]), lords) if verb_at else None
    rest = " ".join(tokens[verb_at + 1:])
    if verb == "LEVY":
        if actor is None:
            raise OrderError("LEVY needs the Levying Lord first: York LEVY TROOPS")
        what, _, target = rest.partition(" ")
        what = what.upper()
        if what not in LEVY_WHAT:
            raise OrderError(f"LEVY what? expected {', '.join(LEVY_WHAT)}")
        name = None
        if what == "LORD":
            name = _lord(target, lords)
        elif what == "VASSAL":
            name = _vassal(target)
        elif what == "CAPABILITY":
            parts = re.split(r"\s+TO\s+", target, maxsplit=1, flags=re.IGNORECASE)
            name = _card(parts[0])
            if len(parts) > 1:  # Thomas Bourchier (Y5): the Lord starts in that City
                return Order("LEVY", actor, what, name, extra, group=(_place(parts[1]),))
        elif what == "TROOPS" and target:
            name = _place(re.sub(r"^FROM\s+", "", target, flags=re.IGNORECASE))  # Commission of Array (L12)
        return Order("LEVY", actor, what, name, extra)
    if verb == "PLAN":
        cards = tuple("Pass" if normal(w) == "pass" else _lord(w, lords) for w in rest.split(",") if w.strip())
        return Order("PLAN", plan=cards)
    if verb == "PLAY":
        parts = re.split(r"\s+ON\s+", rest, flags=re.IGNORECASE)
        on = () if len(parts) < 2 else (_lord(parts[1], lords) if normal(parts[1]) in lords else _place(parts[1]),)
        return Order(verb, target=_card(parts[0]), group=on)
    if verb == "DISCARD":
        return Order(verb, target=_card(rest))
    if verb == "FLEE":
        parts = re.split(r"\s+ROUND\s+", rest, flags=re.IGNORECASE)
        if len(parts) != 2 or not parts[1].strip().isdigit() or int(parts[1]) < 1:
            raise OrderError("FLEE needs the Lord and the Round: FLEE Somerset ROUND 2")
        return Order("FLEE", target=_lord(parts[0], lords), round=int(parts[1]))
    if verb == "INTERCEPT":
        parts = re.split(r"\s+WITH\s+", rest, flags=re.IGNORECASE)
        group = tuple(_lord(w, lords) for w in parts[1].split(",")) if len(parts) > 1 else ()
        return Order(verb, target=_lord(parts[0], lords), group=group)
    if verb in ("DISBAND", "CROWN", "HERALDS"):
        return Order(verb, target=_lord(rest, lords), extra=extra)
    if verb == "DISMISS":
        return Order(verb, target=_vassal(rest))
    if verb == "EXILE":
        parts = re.split(r"\s+TO\s+", rest, flags=re.IGNORECASE)
        who = parts[0]
        box = _place(parts[1]) if len(parts) > 1 else None
        return Order("EXILE", target=_lord(who, lords), group=(box,) if box else ())
    if verb in ("FORAGE", "PASS", "TRUCE", "SURRENDER", "MERCHANTS"):
        if rest:
            raise OrderError(f"{verb} takes nothing more (not {rest!r})")
        return Order(verb, lord=actor, extra=extra)
    parts = re.split(r"\s+WITH\s+", rest, flags=re.IGNORECASE)
    target = _place(parts[0])
    group = tuple(_lord(w, lords) for w in parts[1].split(",")) if len(parts) > 1 else ()
    if group and verb not in ("MARCH", "SAIL"):
        raise OrderError(f"only MARCH and SAIL take a Group (WITH), not {verb}")
    return Order(verb, lord=actor, target=target, extra=extra, group=group)
