"""Orders of Plantagenet as players write them, read into ``Order`` values.

One order a line (or separated by ``;``)::

    DISBAND Rutland                 3.2.2: Disband a Lord at Pay
    DISMISS Stanley                 3.2.3: leave a Vassal unpaid (he Disbands)
    EXILE Henry VI TO Scotland      3.3.1: Muster an Exiled Lord into an Exile box
    CROWN Richard III               III, King Richard: he replaces Gloucester at London
    York LEVY LORD Salisbury        3.4.2, [TO <Seat>] (also LEVY VASSAL Stanley, LEVY TROOPS, LEVY CARTS,
    York LEVY SHIP                  LEVY SHIP, LEVY CAPABILITY Y4; SPEND 1 or SPEND 3 after a
    York PARLEY Coventry SPEND 1    check adds 1 or 2 to the rating, 1.4.2)
    PLAN York, March, Pass, York    4.1: the Plan stack, top card first
    MARCH Coventry WITH Salisbury   4.3 (WITH: the Lords of a Group, 4.3.1)
    SAIL Calais / SUPPLY London / FORAGE / TAX London / PARLEY Coventry / PASS   4.5-4.6
    PASS                            at Pay or Muster: nothing (more) to order

A ``#`` and what follows it on a line is a comment (``split_orders``): the choices a mail lists
carry their notes so, and stay orders when copied back.

Standing orders, given at any time by either side, each kept until another for the same choice
or ``CANCEL`` with it (``CANCEL INTERCEPT Northumberland``: ``game.py`` reads the prefix)::

    INTERCEPT Northumberland        4.3.4 (WITH: the Lords an Intercepting Marshal or Lieutenant
                                    brings)
    EXILE Somerset                  4.3.5: he goes into Exile when Approached
    TRUCE                           play Parliament's Truce (Y12, L20) when the enemy would Approach
    FLEE Somerset ROUND 2           4.4.2: he Flees at the start of that Round of any Battle
    FLEE Somerset BELOW 3           4.4.2: ... at the start of a Round with fewer Troops standing
    PLAY Y19                        4.4.1, 4.4.3: play this held Event in the next Battle where it
                                    may be; BY <Lord> ON <Lord or Vassal> ROUND n SPEND n FOR <Lords>
                                    name who it is for, its target, Regroup's first Round, the
                                    points added to its check and the Lords an Escape saves
    DISCARD Y1                      4.8.6: discard this held Event at Reset
    ARRAY York, Salisbury, March    4.4.1: Front center, then the flanks, then Reserve
    FLANK RIGHT                     4.4.1: the flank a second Front Lord takes
    CENTER FROM RIGHT               4.4.2: the flank Lord who fills an empty Front center
    ENGAGE RIGHT                    4.4.2: the Enemy flank a center Lord with no one opposite Engages
    ABSORB March, York              4.4.2: the Lords in the order they absorb Hits
    HITS Militia, Men-at-Arms, ...  4.4.2: the units in the order they take Hits
    HITS MELEE ROUND 2 Exeter, Somerset Retinue   ... for those Hits only: MISSILE or MELEE, a
                                    Round; a unit type, a Lord, a Lord's type or a Vassal each
    VALOUR ALWAYS                   4.4.2: spend Valour on every failed roll (or ARMOURED, NEVER)
    VALOUR Retinue, Beaumont        ... or on the failed rolls of those units only
    SPOILS Salisbury, York          4.4.3: the Lords who take spoils, in turn
    CAPTOR Warwick, York            Ia, Capture of the King: the Lords who hold Henry VI, in turn
    PILLAGE Somerset, Henry VI      3.2.1, 4.7: who Pillages first where several are short
    DISEMBARK Warwick TO Dover      4.8.2: the Port he lands at, if free of Enemy Lords
    DEATH CHECK Edward IV           II, Foreign Haven: he checks Death rather than go into Exile
    KEEP CULVERINS / VANGUARD / FINAL CHARGE / NO SWIFT MANEUVER / NO YEOMEN   cards' choices

The grammar (``orders.lark``, LALR) reads the shape of an order, each name a run of words; the
names are then resolved: those of the Lords, Vassals, Locales, cards and units, in any case, a Lord
by his title alone (``Somerset``) where the scenario has only one of that name, or only one of them
is in play (``shared_in_play``). A name that names
nothing is told the nearest names. Whether an order is possible is for the rules modules.

``order.py`` holds the ``Order`` value, ``order_grammar.py`` the grammar's reading; this module
resolves the names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache

from ..nearest import nearest
from .battle.model import FORCES, Units
from .battle.tables import TABLES
from .data import BOARD
from .order import UNIT_NAMES as UNIT_NAMES
from .order import Order as Order
from .order import OrderError as OrderError
from .order_grammar import FORMS, read_shape


@lru_cache(maxsize=4096)
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
PLACES = (*BOARD.locales, *BOARD.exile_boxes, *BOARD.seas)
UNITS = {**{normal(name): kind for kind, name in UNIT_NAMES.items()},
         **{normal(kind.replace("_", " ")): kind for kind in FORCES}}


def _title(lord: str) -> str:
    return normal(re.sub(r" (\d|Y\d?|L)$", "", lord))


@cache
def lord_names(scenario: str) -> dict[str, str]:
    """The names a scenario's Lords go by: their own, their card's, and their title alone where
    no other Lord of the scenario shares it."""
    found = {normal(lord): lord for lord in _lords(scenario)}
    for lord in _lords(scenario):
        found[normal(BOARD.lords[lord].card_name)] = lord
        title = _title(lord)
        if sum(1 for other in _lords(scenario) if _title(other) == title) == 1:
            found.setdefault(title, lord)
    return found


@cache
def _lords(scenario: str) -> tuple[str, ...]:
    return tuple(lord for side in BOARD.scenarios[scenario].lords.values() for lord in side)


@cache
def _lords_shown(scenario: str) -> tuple[str, ...]:
    """The Lords' names a misspelt one is compared with: each by his name as the judge writes it
    (Somerset 1, as orders, reports and choices write him), and by his title where that alone
    names him."""
    names = lord_names(scenario)
    return (*_lords(scenario),
            *(re.sub(r" (\d|Y\d?|L)$", "", lord) for lord in _lords(scenario) if _title(lord) in names))


@cache
def _shared(scenario: str) -> frozenset[str]:
    """The scenario's Lords whose title another of its Lords shares (Somerset 1, Somerset 2)."""
    titles = [_title(lord) for lord in _lords(scenario)]
    return frozenset(lord for lord in _lords(scenario) if titles.count(_title(lord)) > 1)


def shared_in_play(scenario: str, in_play: list[str]) -> tuple[str, ...]:
    """Of the Lords in play, those whose title the scenario gives another Lord too: the one of
    them in play is named by his title alone (``read_order``'s ``in_play``)."""
    shared = _shared(scenario)
    return tuple(sorted(lord for lord in in_play if lord in shared))


def _place(word: str) -> str:
    found = PLACES_AND_CARDS.get(normal(word))
    if found is None or found not in PLACES:
        raise OrderError(f"no Locale named {word!r}{nearest(word, PLACES, listed=False)}")
    return found


def _lord(word: str, scenario: str, in_play: tuple[str, ...] = ()) -> str:
    found = lord_names(scenario).get(normal(word))
    if found is None:
        alike = [lord for lord in in_play if _title(lord) == normal(word)]
        found = alike[0] if len(alike) == 1 else None
    if found is None:
        raise OrderError(f"no Lord named {word!r} in this scenario{nearest(word, _lords_shown(scenario), listed=False)}")
    return found


def _lord_or_place(word: str, scenario: str, in_play: tuple[str, ...] = ()) -> str:
    """A Lord an Event is played on, or else a Locale (Y24)."""
    if normal(word) in lord_names(scenario) or any(_title(lord) == normal(word) for lord in in_play):
        return _lord(word, scenario, in_play)
    return _place(word)


def _vassal(word: str) -> str:
    for name in BOARD.vassals:
        if normal(name) == normal(word):
            return name
    raise OrderError(f"no Vassal named {word!r}{nearest(word, BOARD.vassals, listed=False)}")


def _card(word: str) -> str:
    key = word.strip().upper()
    if key not in BOARD.cards:
        raise OrderError(f"no Arts of War card {word!r} (write its id, e.g. Y4)")
    return key


def _units(words: str, scenario: str) -> Units:
    """The units a HITS or VALOUR order names: a unit type, a Lord, a Lord and a unit type
    (``Warwick Longbowmen``) or a Vassal."""
    kind = UNITS.get(normal(words))
    if kind is not None:
        return Units(kind=kind)
    lords = lord_names(scenario)
    if normal(words) in lords:
        return Units(lord=lords[normal(words)])
    vassal = next((name for name in BOARD.vassals if normal(name) == normal(words)), None)
    if vassal is not None:
        return Units(kind="vassal", name=vassal)
    split = words.split()
    for cut in range(len(split) - 1, 0, -1):
        lord, kind = lords.get(normal(" ".join(split[:cut]))), UNITS.get(normal(" ".join(split[cut:])))
        if lord is not None and kind is not None:
            return Units(lord=lord, kind=kind)
    hint = nearest(words, [*UNIT_NAMES.values(), *_lords_shown(scenario), *BOARD.vassals], listed=False)
    raise OrderError(f"no unit type, Lord or Vassal {words!r}{hint or nearest(words, UNIT_NAMES.values())}")


_SEPARATORS = re.compile(r"[;\n]")


COMMENT = "#"
"""What follows it on a line is a comment, never read: the choices a mail lists carry their notes
so (``MARCH <Ely | St Albans>  # Highway``, a Pay warning at its Lord's line), and a line copied
back from them is read as the order it starts with."""


def split_orders(text: str) -> list[str]:
    """The orders of a text: one a line or separated by ``;``, each line's ``COMMENT`` left out."""
    if COMMENT in text:
        text = "\n".join(line.split(COMMENT, 1)[0] for line in text.splitlines())
    if ";" not in text and "\n" not in text:  # one order: the usual line
        text = text.strip()
        return [text] if text else []
    return [part.strip() for part in _SEPARATORS.split(text) if part.strip()]


@lru_cache(maxsize=4096)
def read_order(text: str, scenario: str, in_play: tuple[str, ...] = ()) -> Order:
    """Read one order (names resolved against the scenario, a title shared by several of its
    Lords against those of them ``in_play``: ``shared_in_play``), or raise OrderError. (Orders
    are values and the reading depends on nothing else, so readings are kept.)"""
    text = text.strip()
    return _resolved(text, *read_shape(text), scenario, in_play)


@lru_cache(maxsize=1024)
def read_standing(texts: tuple[str, ...], scenario: str) -> tuple[Order, ...]:
    """A side's kept standing orders (canonical texts, read when given) as orders: read again at
    each card, so kept."""
    return tuple(read_order(text, scenario) for text in texts)


def _resolved(text: str, order: Order, runs: tuple[str, ...], scenario: str, in_play: tuple[str, ...] = ()) -> Order:
    """The order with each name it gives, its run of words put back, resolved."""

    def written(name: str) -> str:
        return " ".join(runs[int(w[1:])] if w[0] == "x" and w[1:].isdigit() else w for w in name.split())

    def lord(name: str | None) -> str | None:
        return None if name is None else _lord(written(name), scenario, in_play)

    def lords(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_lord(written(name), scenario, in_play) for name in names)

    def thing(name: str | None, read: Callable[[str], str]) -> str | None:
        return None if name is None else read(written(name))

    verb, target = order.verb, order.target
    actor = lord(order.lord)
    if verb == "LEVY":  # without the Levying Lord: refused by the game, which says what else is wrong
        found = {"LORD": lambda name: _lord(name, scenario, in_play), "VASSAL": _vassal, "CAPABILITY": _card,
                 "TROOPS": _place}.get(order.what or "")  # TROOPS FROM: Commission of Array (L12)
        if ((found is None) != (target is None) and order.what != "TROOPS") or (
                order.group and order.what not in ("CAPABILITY", "LORD")):  # TO: the Seat he Musters at (3.4.2)
            raise OrderError(f"cannot read {text!r}: expected {FORMS['LEVY']}")
        return order._replace(lord=actor, target=found and thing(target, found),  # TO: Thomas Bourchier (Y5)
                              group=tuple(_place(written(p)) for p in order.group))
    if verb == "PLAN":
        return order._replace(plan=tuple("Pass" if normal(written(w)) == "pass" else _lord(written(w), scenario, in_play)
                                       for w in order.plan))
    if verb == "PLAY":
        card = _card(written(target or ""))
        on = thing(order.on, _vassal if card == TABLES.for_trust_not_him["card"] else lambda name: _lord_or_place(name, scenario, in_play))
        return order._replace(lord=actor, target=card, on=on, group=lords(order.group))
    if verb == "DISCARD":
        return order._replace(lord=None, target=thing(target, _card))
    if verb == "DISMISS":
        return order._replace(lord=None, target=thing(target, _vassal))
    if verb in ("EXILE", "DISEMBARK"):
        return order._replace(lord=None, target=lord(target), group=tuple(_place(written(p)) for p in order.group))
    if verb in ("DISBAND", "CROWN", "FLEE", "INTERCEPT", "DEATH CHECK", "HERALDS"):
        return order._replace(lord=None, target=lord(target), group=lords(order.group))
    if verb in ("MARCH", "SAIL", "SUPPLY", "TAX", "PARLEY", "AGITATE"):
        return order._replace(lord=actor, target=thing(target, _place), group=lords(order.group))
    if verb in ("FORAGE", "PASS", "TRUCE", "SURRENDER", "MERCHANTS"):
        return order._replace(lord=actor)
    if verb == "HITS" or (verb == "VALOUR" and order.group):
        try:
            units = tuple(_units(written(u), scenario) for u in order.group)
        except OrderError as error:
            raise OrderError(f"{error}: expected {FORMS[verb]}") from None
        return order._replace(lord=None, group=(), units=units)
    return order._replace(lord=None, group=lords(order.group))
