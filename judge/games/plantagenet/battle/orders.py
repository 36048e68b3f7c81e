"""Checking a side's standing Battle orders against the Battle they are for.

``side_orders`` rebuilds a side's orders from the plain value ``dataclasses.asdict`` makes of them
(as a game's state keeps them). ``order_problems`` says, in words a player can act on, what in a side's ``SideOrders`` cannot apply
to this Battle (a Lord who is not there, a card the side does not hold, a flank that is neither
left nor right). ``usable`` gives the orders ``fight`` obeys: each such choice is dropped and its
default stands, so a mistaken order never stops a Battle.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from .ending import DEATH_EVENTS
from .model import FORCES, BattleOrders, BattleSide, BattleStart, EventPlay, HitsRule, SideOrders, Units

FLANKS = ("left", "right")
STEPS = (None, "missile", "melee")
"""The Strike steps a ``HitsRule`` is for (4.4.2; None: both)."""
VALOUR_USES = ("armoured", "always", "never")
EXTRA_RATING = {0: 0, 1: 1, 3: 2}
"""1.4.2: Influence points added to a check (never two) and what they add to the rating."""
BATTLE_EVENTS = ("L1", "Y1", "L5", "Y5", "L7", "L12", "Y19", "Y30", "Y36", "Y37")
"""The Held Events played at the Array (4.4.1 Events): Leeward Battle Line, Suspicion, For trust
not him, Ravine, Caltrops, Regroup, Swift Maneuver, Patrick de la Mote. Those played upon
Death checks (4.4.3 Events) are ``DEATH_EVENTS``."""


def order_problems(start: BattleStart, orders: BattleOrders) -> list[str]:
    """Every part of each side's orders that cannot apply to this Battle, said plainly."""
    problems = []
    for side in (start.defender, start.attacker):
        mine = [lord.name for lord in side.lords]
        theirs = start.attacker if side is start.defender else start.defender
        given = orders.of(side.side)
        for field_name in ("array", "absorb", "spoils_to"):
            names: tuple[str, ...] = getattr(given, field_name)
            problems += [f"{side.side} {field_name}: {n} is not a {side.side} Lord in this Battle"
                         for n in names if n not in mine]
            if len(set(names)) < len(names):
                problems.append(f"{side.side} {field_name}: a Lord is named twice")
        for field_name in ("flank", "center_from", "flank_target"):
            if getattr(given, field_name) not in FLANKS:
                problems.append(f"{side.side} {field_name}: {getattr(given, field_name)} is not left or right")
        for lord, round_ in given.flee.items():
            if lord not in mine:
                problems.append(f"{side.side} flee: {lord} is not a {side.side} Lord in this Battle")
            elif round_ < 1:
                problems.append(f"{side.side} flee: {lord} cannot Flee in Round {round_}")
        problems += [f"{side.side} flee below: {lord} is not a {side.side} Lord in this Battle"
                     for lord in given.flee_below if lord not in mine]
        problems += [f"{side.side} hit order: {kind} is not a Forces type" for kind in given.hit_order
                     if kind not in FORCES]
        for rule in given.hits:
            if rule.step not in STEPS:
                problems.append(f"{side.side} hits: {rule.step} is not Missile or Melee")
            if rule.round < 0:
                problems.append(f"{side.side} hits: there is no Round {rule.round}")
            problems += [f"{side.side} hits: {problem}" for units in rule.units
                         if (problem := _units_problem(units, side))]
        problems += [f"{side.side} valour: {problem}" for units in given.valour_units
                     if (problem := _units_problem(units, side))]
        if given.valour not in VALOUR_USES:
            problems.append(f"{side.side} valour: {given.valour} is not one of {', '.join(VALOUR_USES)}")
        for play in given.events:
            problem = _event_problem(play, side, theirs)
            if problem:
                problems.append(f"{side.side} {play.card}: {problem}")
    return problems


def _units_problem(units: Units, side: BattleSide) -> str:
    """What keeps an order's units from being the side's in this Battle, or nothing."""
    if units.kind is not None and units.kind not in FORCES:
        return f"{units.kind} is not a Forces type"
    if units.lord is not None and units.lord not in [lord.name for lord in side.lords]:
        return f"{units.lord} is not a {side.side} Lord in this Battle"
    if units.name is not None and units.name not in [v for lord in side.lords for v in lord.vassals]:
        return f"{units.name} is not a {side.side} Vassal in this Battle"
    return ""


def _event_problem(play: EventPlay, side: BattleSide, theirs: BattleSide) -> str:
    """What keeps a Held Event from being played in this Battle as ordered, or nothing."""
    if play.card not in side.held_events:
        return f"{side.side} does not hold it"
    if play.card not in BATTLE_EVENTS and play.card not in DEATH_EVENTS:
        return "it is not played in Battle"
    for named in (play.lord, *play.lords):
        if named is not None and named not in [lord.name for lord in side.lords]:
            return f"{named} is not a {side.side} Lord in this Battle"
    enemies = [lord.name for lord in theirs.lords] + [v for lord in theirs.lords for v in lord.vassals]
    if play.target is not None and play.target not in enemies:
        return f"{play.target} is not an Enemy Lord or Vassal in this Battle"
    if play.round < 1:
        return f"there is no Round {play.round}"
    if play.extra not in EXTRA_RATING:
        return f"a check may add 0, 1 or 3 Influence points, not {play.extra}"
    return ""


def usable(start: BattleStart, orders: BattleOrders) -> BattleOrders:
    """The orders with every choice that cannot apply dropped, so that its default stands."""
    sides = {}
    for side in (start.defender, start.attacker):
        mine = [lord.name for lord in side.lords]
        theirs = start.attacker if side is start.defender else start.defender
        given = orders.of(side.side)

        def lords(names: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(dict.fromkeys(n for n in names if n in mine))

        defaults = SideOrders()
        sides[side.side] = replace(
            given,
            array=lords(given.array),
            absorb=lords(given.absorb),
            spoils_to=lords(given.spoils_to),
            flank=given.flank if given.flank in FLANKS else defaults.flank,
            center_from=given.center_from if given.center_from in FLANKS else defaults.center_from,
            flank_target=given.flank_target if given.flank_target in FLANKS else defaults.flank_target,
            flee={lord: r for lord, r in given.flee.items() if lord in mine and r >= 1},
            flee_below={lord: n for lord, n in given.flee_below.items() if lord in mine},
            hit_order=tuple(dict.fromkeys(k for k in given.hit_order if k in FORCES)) or defaults.hit_order,
            hits=tuple(
                replace(rule, units=units)
                for rule in given.hits
                if rule.step in STEPS and rule.round >= 0
                and (units := tuple(u for u in rule.units if not _units_problem(u, side)))
            ),
            valour=given.valour if given.valour in VALOUR_USES else defaults.valour,
            valour_units=tuple(u for u in given.valour_units if not _units_problem(u, side)),
            events=tuple(p for p in given.events
                         if not _event_problem(p, side, theirs)),
        )
    return BattleOrders(sides)


def _tuples(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON value with its lists made tuples again."""
    return {key: tuple(value) if isinstance(value, list) else value for key, value in data.items()}


def side_orders(data: dict[str, Any]) -> SideOrders:
    """A side's standing Battle orders from their plain JSON value (lists for tuples, an object
    for each Held Event played); fields it does not name keep their defaults."""
    known = {f.name for f in fields(SideOrders)}
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in known:
            raise ValueError(f"unknown Battle order: {name}")
        if name == "events":
            value = tuple(EventPlay(**_tuples(play)) for play in value)
        elif name == "hits":
            value = tuple(HitsRule(**{**rule, "units": tuple(Units(**u) for u in rule["units"])}) for rule in value)
        elif name == "valour_units":
            value = tuple(Units(**units) for units in value)
        elif isinstance(value, list):
            value = tuple(value)
        values[name] = value
    return SideOrders(**values)
