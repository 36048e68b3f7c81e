"""Orders of Plantagenet as players write them, read into ``Order`` values.

One order a line (or separated by ``;``)::

    DISBAND Rutland                 3.2.2: Disband a Lord at Pay
    DISMISS Stanley                 3.2.3: leave a Vassal unpaid (he Disbands)
    EXILE Henry VI TO Scotland      3.3.1: Muster an Exiled Lord into an Exile box
    CROWN Richard III               III, King Richard: he replaces Gloucester at London
    York LEVY LORD Salisbury        3.4.2 (also LEVY VASSAL Stanley, LEVY TROOPS, LEVY CARTS,
    York LEVY SHIP                  LEVY SHIP, LEVY CAPABILITY Y4; SPEND 1 or SPEND 3 after a
    York PARLEY Coventry SPEND 1    check adds 1 or 2 to the rating, 1.4.2)
    PLAN York, March, Pass, York    4.1: the Plan stack, top card first
    MARCH Coventry WITH Salisbury   4.3 (WITH: the Lords of a Group, 4.3.1)
    SAIL Calais / SUPPLY London / FORAGE / TAX London / PARLEY Coventry / PASS   4.5-4.6

Standing orders, given with the Plan (or for a card by the side not acting)::

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
    VALOUR ALWAYS                   4.4.2: spend Valour on every failed roll (or ARMOURED, NEVER)
    SPOILS Salisbury, York          4.4.3: the Lords who take spoils, in turn
    CAPTOR Warwick, York            Ia, Capture of the King: the Lords who hold Henry VI, in turn
    DEATH CHECK Edward IV           II, Foreign Haven: he checks Death rather than go into Exile
    KEEP CULVERINS / VANGUARD / FINAL CHARGE / NO SWIFT MANEUVER / NO YEOMEN   cards' choices

The grammar (``orders.lark``, LALR) reads the shape of an order, each name a span of words; the
names are then resolved: those of the Lords, Vassals, Locales, cards and units, in any case, a Lord
by his title alone (``Somerset``) where the scenario has only one of that name. A name that names
nothing is told the nearest names. Whether an order is possible is for the rules modules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache
from importlib import resources
from typing import Any, NamedTuple, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..nearest import nearest
from .battle.model import FORCES
from .battle.tables import TABLES
from .data import BOARD

LEVY_WHAT = ("LORD", "VASSAL", "TROOPS", "CARTS", "SHIP", "CAPABILITY")
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
        if self.verb == "EXILE" and self.group:
            words.append(f"TO {self.group[0]}")
        elif self.group:
            words.append("WITH " + ", ".join(self.group))
        return " ".join(words + _words(("SPEND", self.extra), ("ROUND", self.round), ("BELOW", self.below)))


def _words(*pairs: tuple[str, object]) -> list[str]:
    """``KEYWORD value`` for each pair with a value."""
    return [f"{key} {value}" for key, value in pairs if value]


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
    """The Lords' names a misspelt one is compared with: each by his card's name, and by his title
    where that alone names him."""
    names = lord_names(scenario)
    return (*(BOARD.lords[lord].card_name for lord in _lords(scenario)),
            *(re.sub(r" (\d|Y\d?|L)$", "", lord) for lord in _lords(scenario) if _title(lord) in names))


def _place(word: str) -> str:
    found = PLACES_AND_CARDS.get(normal(word))
    if found is None or found not in PLACES:
        raise OrderError(f"no Locale named {word!r}{nearest(word, PLACES, listed=False)}")
    return found


def _lord(word: str, scenario: str) -> str:
    found = lord_names(scenario).get(normal(word))
    if found is None:
        raise OrderError(f"no Lord named {word!r} in this scenario{nearest(word, _lords_shown(scenario), listed=False)}")
    return found


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


def _unit(word: str) -> str:
    found = UNITS.get(normal(word))
    if found is None:
        raise OrderError(f"no unit type {word!r}{nearest(word, UNIT_NAMES.values())}")
    return found


def split_orders(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"[;\n]", text) if part.strip()]


# --- the shape of an order, read by the grammar -------------------------------------------------


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
        return Order("LEVY", what=str(c[0]).upper(), target=c[1], extra=c[2] or 0)

    def plan(self, c: list[tuple[str, ...]]) -> Order:
        return Order("PLAN", plan=c[0])

    def go(self, c: list[Any]) -> Order:
        return Order(str(c[0]).upper(), target=c[1], group=c[2] or (), extra=c[3] or 0)

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

    def discard(self, c: list[str]) -> Order:
        return Order("DISCARD", target=c[0])

    def listing(self, c: list[Any]) -> Order:
        verb = str(c[0]).upper()
        return Order(verb, units=c[1]) if verb == "HITS" else Order(verb, group=c[1])

    def death_check(self, c: list[str]) -> Order:
        return Order("DEATH CHECK", target=c[0])

    def flank(self, c: list[Token]) -> Order:
        return Order(str(c[0]).upper(), what=str(c[1]).upper())

    def center(self, c: list[Token]) -> Order:
        return Order("CENTER", what=str(c[0]).upper())

    def valour(self, c: list[Token]) -> Order:
        return Order("VALOUR", what=str(c[0]).upper().replace("ARMORED", "ARMOURED"))

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
    "LEVY": "<Lord> LEVY LORD <Lord>|VASSAL <Vassal>|TROOPS|CARTS|SHIP|CAPABILITY <card> [SPEND 1|3]",
    "PLAN": "PLAN <Lord or Pass>, <Lord or Pass>, ...",
    "MARCH": "MARCH <Locale> [WITH <Lord>, ...]", "SAIL": "SAIL <Port, Exile box or Sea> [WITH <Lord>, ...]",
    "SUPPLY": "SUPPLY <Locale>", "TAX": "TAX <Locale> [SPEND 1|3]", "PARLEY": "PARLEY <Locale> [SPEND 1|3]",
    "FORAGE": "FORAGE, alone", "PASS": "PASS, alone", "TRUCE": "TRUCE, alone",
    "INTERCEPT": "INTERCEPT <Lord> [WITH <Lord>, ...]",
    "FLEE": "FLEE <Lord> ROUND <n> or FLEE <Lord> BELOW <Troops>",
    "PLAY": "PLAY <card> [BY <Lord>] [ON <Enemy Lord or Vassal>] [ROUND <n>] [SPEND 1|3] [FOR <Lord>, ...]",
    "DISCARD": "DISCARD <card>",
    "ARRAY": "ARRAY <Lord>, <Lord>, ...", "ABSORB": "ABSORB <Lord>, <Lord>, ...",
    "SPOILS": "SPOILS <Lord>, <Lord>, ...", "CAPTOR": "CAPTOR <Lord>, <Lord>, ...", "DEATH": "DEATH CHECK Edward IV", "HITS": "HITS <unit>, <unit>, ... (Retinue, Vassals, Men-at-Arms, ...)",
    "FLANK": "FLANK LEFT|RIGHT", "ENGAGE": "ENGAGE LEFT|RIGHT", "CENTER": "CENTER FROM LEFT|RIGHT",
    "VALOUR": "VALOUR ARMOURED|ALWAYS|NEVER", "KEEP": "KEEP CULVERINS", "VANGUARD": "VANGUARD, alone",
    "FINAL": "FINAL CHARGE", "NO": "NO SWIFT MANEUVER or NO YEOMEN",
}
LISTED = tuple(FORMS)
FORMS["CENTRE"], FORMS["VALOR"] = FORMS["CENTER"], FORMS["VALOUR"]


def _syntax_error(text: str, error: UnexpectedInput) -> OrderError:
    word = next((w for w in text.upper().split() if w in FORMS), None)
    if word is None:
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


@lru_cache(maxsize=4096)
def read_order(text: str, scenario: str) -> Order:
    """Read one order (names resolved against the scenario), or raise OrderError. (Orders are
    values and the reading depends on nothing else, so readings are kept.)"""
    text = text.strip()
    return _resolved(text, *read_shape(text), scenario)


def _resolved(text: str, order: Order, runs: tuple[str, ...], scenario: str) -> Order:
    """The order with each name it gives, its run of words put back, resolved."""

    def written(name: str) -> str:
        return " ".join(runs[int(w[1:])] if w[0] == "x" and w[1:].isdigit() else w for w in name.split())

    def lord(name: str | None) -> str | None:
        return None if name is None else _lord(written(name), scenario)

    def lords(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_lord(written(name), scenario) for name in names)

    def thing(name: str | None, read: Callable[[str], str]) -> str | None:
        return None if name is None else read(written(name))

    verb, target = order.verb, order.target
    actor = lord(order.lord)
    if verb == "LEVY":
        if actor is None:
            raise OrderError("LEVY needs the Levying Lord first: York LEVY TROOPS")
        found = {"LORD": lambda name: _lord(name, scenario), "VASSAL": _vassal, "CAPABILITY": _card}.get(order.what or "")
        if (found is None) != (target is None):
            raise OrderError(f"cannot read {text!r}: expected {FORMS['LEVY']}")
        return order._replace(lord=actor, target=found and thing(target, found))
    if verb == "PLAN":
        return order._replace(plan=tuple("Pass" if normal(written(w)) == "pass" else _lord(written(w), scenario)
                                       for w in order.plan))
    if verb == "PLAY":
        card = _card(written(target or ""))
        on = thing(order.on, _vassal if card == TABLES.for_trust_not_him["card"] else lambda name: _lord(name, scenario))
        return order._replace(lord=actor, target=card, on=on, group=lords(order.group))
    if verb == "DISCARD":
        return order._replace(lord=None, target=thing(target, _card))
    if verb == "DISMISS":
        return order._replace(lord=None, target=thing(target, _vassal))
    if verb == "EXILE":
        return order._replace(lord=None, target=lord(target), group=tuple(_place(written(p)) for p in order.group))
    if verb in ("DISBAND", "CROWN", "FLEE", "INTERCEPT", "DEATH CHECK"):
        return order._replace(lord=None, target=lord(target), group=lords(order.group))
    if verb in ("MARCH", "SAIL", "SUPPLY", "TAX", "PARLEY"):
        return order._replace(lord=actor, target=thing(target, _place), group=lords(order.group))
    if verb in ("FORAGE", "PASS", "TRUCE"):
        return order._replace(lord=actor)
    if verb == "HITS":
        return order._replace(lord=None, units=tuple(_unit(written(u)) for u in order.units))
    return order._replace(lord=None, group=lords(order.group))


