"""A Battle (4.4) joined to the Campaign: who fights it, fought by ``battle.fight``, and what it
leaves on the map (4.4.3-4.4.4), with the scenario rules that touch Battle (6.0: Ia Capture of
the King, Ib Norfolk is Late and Test of Arms, II Edward IV's Exile)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from random import Random
from typing import Any

from .battle import (
    BattleLord, BattleOrders, BattleResult, BattleSide, BattleStart, EventPlay, HitsRule, SideOrders, fight,
)
from .battle.ending import DEATH_EVENTS
from .battle.orders import BATTLE_EVENTS
from .battle.tables import TABLES
from .data import BOARD, TROOPS, other
from .mat import Events, discard, disband_lord, disband_vassal, remove_lord
from .orders import Order
from .routes import distances
from .state import State, gain, lords_at, occupied, scenario_of
from .succession import surrender


def _lord(state: State, lord: str) -> BattleLord:
    mat = state["lords"][lord]
    card = BOARD.lords[lord]
    return BattleLord(
        lord, card.valour, card.influence, {k: n for k, n in mat["troops"].items() if n},
        tuple(mat["vassals"]), tuple(mat["caps"]), mat["assets"]["carts"], mat["assets"]["provender"],
    )


def battle_start(state: State, attacker: str, place: str,
                 standing: dict[str, list[Order]] | None = None) -> BattleStart:
    """Every Lord at the Stronghold fights (4.4): the Approaching side Attacks. (II, Foreign
    Haven: Routed Edward IV goes into Exile instead of checking Death unless the Yorkists' standing
    order ``DEATH CHECK Edward IV`` says otherwise.)"""
    defender = other(attacker)
    rules = scenario_of(state).special_rules
    everyone = lords_at(state, place)
    late: tuple[str, ...] = ()
    if "Norfolk is Late" in rules and "Norfolk" in everyone and not state.get("norfolk_was_late"):
        if any(BOARD.lords[lord].side == "York" for lord in everyone if lord != "Norfolk"):
            late = ("Norfolk",)
    instead: dict[str, str] = {}
    if "Capture of the King" in rules and "Henry VI" in everyone:
        instead["Henry VI"] = "captured"
    if "Foreign Haven: Edward IV" in rules and "Edward IV" in everyone and "at" not in state["lords"].get("Margaret", {}) \
            and not any(o.verb == "DEATH CHECK" for o in (standing or {}).get("York", ())):
        instead["Edward IV"] = "exile"
    return BattleStart(
        place, BOARD.locales[place].area, state["favour"].get(place),
        _side(state, attacker, place), _side(state, defender, place), late, instead,
    )


def _side(state: State, side: str, place: str) -> BattleSide:
    """A side in the Battle with the map's facts its cards ask: a Route (4.5.1) to a Port, a
    Route (3.4.1) to Carlisle, a Friendly English Channel Port at or next to the Stronghold, a
    Friendly Stronghold of the North free of Enemy Lords."""
    supply_route = distances(state, side, place, False, False, battle=True)
    parley_route = distances(state, side, place, False, True, battle=True)
    channel = BOARD.seas["English Channel"].ports
    held = occupied(state)
    return BattleSide(
        side, tuple(_lord(state, lord) for lord in lords_at(state, place, side)),
        held_events=tuple(card for card in state["held"][side] if card in PLAYED_IN_BATTLE),
        route_to_port=any(BOARD.locales[p].sea for p in supply_route if p in BOARD.locales),
        route_to_carlisle="Carlisle" in parley_route,
        channel_port=any(p in channel and state["favour"].get(p) == side for p in (place, *BOARD.locales[place].ways)),
        refuge_in_north=any(state["favour"].get(p) == side and other(side) not in held.get(p, ()) for p in BOARD.areas["North"]),
    )


PLAYED_IN_BATTLE: tuple[str, ...] = (*BATTLE_EVENTS, *DEATH_EVENTS)
"""The Hold Events a side may play in a Battle (4.4.1) or upon its Death checks (4.4.3)."""


BLOCKED_FORDS = {"York": "Y11", "Lancaster": "L11"}
"""Blocked Ford, a Hold Event of each side's deck: played upon Approach."""
FLANK_ATTACKS = {"York": "Y2", "Lancaster": "L2"}
"""Flank Attack, a Hold Event of each side's deck: played to Intercept."""


_CHOICES: dict[str, tuple[str, Callable[[Order], object]]] = {
    "ARRAY": ("array", lambda o: o.group),  # 4.4.1
    "FLANK": ("flank", lambda o: (o.what or "").lower()),  # 4.4.1
    "CENTER": ("center_from", lambda o: (o.what or "").lower()),  # 4.4.2 Reposition
    "ENGAGE": ("flank_target", lambda o: (o.what or "").lower()),  # 4.4.2 Flanking
    "ABSORB": ("absorb", lambda o: o.group),  # 4.4.2 Missiles
    "VALOUR": ("valour", lambda o: (o.what or "").lower()),  # 4.4.2 Valour Rerolls
    "SPOILS": ("spoils_to", lambda o: o.group),  # 4.4.3 Spoils
    "KEEP CULVERINS": ("culverins", lambda o: False),  # L1, L2, Y1, Y2
    "VANGUARD": ("vanguard", lambda o: True),  # Y36
    "FINAL CHARGE": ("final_charge", lambda o: True),  # Y32
    "NO SWIFT MANEUVER": ("swift_maneuver", lambda o: False),  # Y36 Event
    "NO YEOMEN": ("yeomen", lambda o: False),  # L31
}
"""Each standing Battle order: the ``SideOrders`` field it sets, and to what."""
SCENARIO_CHOICES = {"CAPTOR": "Capture of the King", "DEATH CHECK": "Foreign Haven: Edward IV"}
"""The standing Battle orders of a scenario rule (6.0): Ia, who holds a captured Henry VI; II,
Edward IV checks Death rather than go into Exile."""
BATTLE_VERBS = (*_CHOICES, "HITS", "FLEE", "PLAY", *SCENARIO_CHOICES)
"""The standing orders a Battle reads (plantagenet.md, Standing orders and defaults)."""


def side_orders_of(orders: list[Order], held: list[str]) -> SideOrders:
    """A side's standing Battle orders as the Battle takes them: ``FLEE <Lord> ROUND n`` or
    ``BELOW n`` (4.4.2), ``PLAY <card>`` for a held Event (its Lord, target, Round, points and
    Lords as the order names them, the Battle's defaults for the rest), and the choices of
    ``_CHOICES``; a later order for the same choice replaces an earlier one, and every choice not
    ordered has the Battle's default (plantagenet-battle.md)."""
    chosen: dict[str, Any] = {}
    hits: list[HitsRule] = []
    for order in orders:
        if order.verb == "HITS" and _types_only(order):
            chosen["hit_order"] = tuple(units.kind for units in order.units)
        elif order.verb == "HITS":
            hits.append(HitsRule(order.units, (order.what or "").lower() or None, order.round))
        elif order.verb == "VALOUR" and order.units:
            chosen["valour_units"] = order.units
        elif order.verb in _CHOICES:
            field_name, value = _CHOICES[order.verb]
            chosen[field_name] = value(order)
    return SideOrders(
        hits=tuple(hits),
        flee={o.target or "": o.round for o in orders if o.verb == "FLEE" and o.round},
        flee_below={o.target or "": o.below for o in orders if o.verb == "FLEE" and o.below},
        events=tuple(EventPlay(o.target or "", o.lord, o.on, o.round or 1, o.extra, o.group) for o in orders
                     if o.verb == "PLAY" and o.target in held),
        **chosen,
    )


def _types_only(order: Order) -> bool:
    """A HITS order for every step and Round that names unit types only: the side's ``hit_order``."""
    return not order.what and not order.round and all(u.lord is None and u.name is None for u in order.units)


def lords_refusal(order: Order, side: str) -> str | None:
    """Why a side may not give this standing Battle order for the Lords it names, or None: those
    for the side must be its own (FLEE, PLAY BY and FOR, ARRAY, ABSORB, SPOILS), an Event's target an
    Enemy Lord (or, For trust not him, any Vassal); the card of a ``PLAY`` order is checked by
    ``held.standing_refusal``."""
    named = (order.lord, *order.group, *(u.lord for u in order.units),
             order.target if order.verb in ("FLEE", "DEATH CHECK") else None)
    strangers = [lord for lord in named if lord and BOARD.lords[lord].side != side]
    if strangers:
        return f"{strangers[0]} is not your Lord"
    if order.on in BOARD.lords and order.target != TABLES.for_trust_not_him["card"] and BOARD.lords[order.on].side == side:
        return f"{order.on} is your own Lord: the Event is played on an Enemy Lord"
    return None


def battle_orders(state: State, standing: dict[str, list[Order]]) -> BattleOrders:
    """Both sides' standing Battle orders (``side_orders_of``)."""
    return BattleOrders({side: side_orders_of(orders, state["held"][side]) for side, orders in standing.items()})


def give_battle(state: State, attacker: str, place: str, rng: Random, events: Events,
                standing: dict[str, list[Order]] | None = None) -> BattleResult:
    """Fight the Battle at ``place`` with the sides' standing orders and carry out its ending on
    the map."""
    standing = standing or {}
    start = battle_start(state, attacker, place, standing)
    if start.late:
        state["norfolk_was_late"] = True
    result = surrender(state, fight(start, battle_orders(state, standing or {}), rng), standing or {}, events)
    events.append({
        "type": "battle", "at": place, "attacker": attacker, "winner": result.winner, "rounds": result.rounds,
        "report": [{k: v for k, v in asdict(entry).items() if v is not None} for entry in result.report],
    })
    captors = [o.group for o in standing.get("York", ()) if o.verb == "CAPTOR"]
    after_battle(state, start, result, events, captors[-1] if captors else ())
    return result


def after_battle(state: State, start: BattleStart, result: BattleResult, events: Events,
                 captors: tuple[str, ...] = ()) -> None:
    """4.4.3-4.4.4 on the map: Influence, each Lord's fate (his mat after Losses and spoils, his
    Vassals Disbanded, Disband, Death or Exile), the cards discarded, Survivors marked Fought;
    and the scenario rules that follow a Battle."""
    for side, points in result.influence.items():
        gain(state, side, points)
    for card in result.discarded:  # Held Events used (4.4.4), Capabilities discarded (4.4.3)
        held = state["held"][BOARD.cards[card].side]
        if card in held:
            held.remove(card)
            discard(state, card)
        for lord, entry in state["lords"].items():
            if card in entry.get("caps", ()):
                entry["caps"].remove(card)
                discard(state, card)
    for after in result.lords:  # For trust not him (L7): an Enemy Vassal changes mats, first of all
        for vassal in after.vassals_levied:
            holder = state["vassals"][vassal]["lord"]
            state["lords"][holder]["vassals"].remove(vassal)
            state["lords"][after.name]["vassals"].append(vassal)
            state["vassals"][vassal]["lord"] = after.name
    for after in result.lords:
        mat = state["lords"][after.name]
        if "at" not in mat:
            continue
        for vassal in after.vassals_disbanded:
            if vassal in mat["vassals"]:
                disband_vassal(state, vassal, events)
        if after.fate == "fought":
            mat["troops"] = {kind: after.troops.get(kind, 0) for kind in TROOPS}
            mat["assets"]["carts"], mat["assets"]["provender"] = after.carts, after.provender
            mat["moved"] = True
        elif after.fate == "dead":
            remove_lord(state, after.name, events, "dead")
        elif after.fate == "moved" and (refuge := _refuge(state, after.side)):  # L16 Warden of the Marches
            mat["troops"] = {kind: after.troops.get(kind, 0) for kind in TROOPS}
            mat["assets"]["carts"], mat["assets"]["provender"] = after.carts, after.provender
            events.append({"type": "moved", "lord": after.name, "from": mat["at"], "to": refuge})
            mat["at"] = refuge
        else:
            disband_lord(state, after.name, events, exile=after.fate == "exiled", why=f"Battle: {after.fate} (4.4.3)")
    rules = scenario_of(state).special_rules
    fought = {lord.name for lord in (*start.attacker.lords, *start.defender.lords)}
    if "Capture of the King" in rules and "Henry VI" in fought and result.winner == "York":
        capture(state, result, events, captors)
    if "Test of Arms" in rules and start.locale == "York" and result.winner:
        state["favour"]["York"] = result.winner
    if "Foreign Haven" in rules and any(a.name == "Warwick L" and a.fate == "dead" for a in result.lords) \
            and start.defender.side == "Lancaster":
        foreign_haven(state, events)


def _refuge(state: State, side: str) -> str | None:
    """Warden of the Marches (L16): the Friendly Stronghold of the North, free of Enemy Lords,
    where the Routed Lords go (the first in the Area's order, by default)."""
    held = occupied(state)
    return next((p for p in BOARD.areas["North"]
                 if state["favour"].get(p) == side and other(side) not in held.get(p, ())), None)


def capture(state: State, result: BattleResult, events: Events, captors: tuple[str, ...] = ()) -> None:
    """Ia, Capture of the King: the Yorkists gain 10 points and Henry VI, Disbanded instead of
    checking Death, is held on the mat of an Unrouted Yorkist Lord of the Battle (the first of
    the Yorkists' standing order ``CAPTOR <Lord>, ...`` still there, else the first of the Battle)
    instead of going to the Calendar; held, he cannot Muster and is not on the map."""
    points = scenario_of(state).capture_influence
    gain(state, "York", points)
    holders = [a.name for a in result.lords if a.side == "York" and a.fate == "fought" and "at" in state["lords"][a.name]]
    holders.sort(key=lambda lord: captors.index(lord) if lord in captors else len(captors))
    if holders and "gone" not in state["lords"]["Henry VI"]:
        state["lords"]["Henry VI"] = {"prisoner_of": holders[0]}
        # held, not on the Calendar: the capture's line tells his fate, not a Disband's
        events[:] = [e for e in events if not (e["type"] == "disband" and e["lord"] == "Henry VI")]
    events.append({"type": "capture of the king", "influence": points, "held by": holders[0] if holders else None})


def foreign_haven(state: State, events: Events) -> None:
    """II, Foreign Haven (with the errata: also when Warwick Dies as a defender): the Lancastrian
    Lords on the Calendar shift left, but only as far as the current box; then the Yorkist ones,
    only as far as the next box."""
    for side, limit in (("Lancaster", state["box"]), ("York", state["box"] + 1)):
        for lord, entry in state["lords"].items():
            if "box" in entry and BOARD.lords[lord].side == side and entry["box"] > limit:
                entry["box"] = limit
    events.append({"type": "foreign haven"})
