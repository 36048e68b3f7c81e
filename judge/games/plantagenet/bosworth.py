"""III(B) Bosworth, 22 August 1485: the Battle-only mini-scenario (6.0); its rules here, the
game kind ``plantagenet-iiib`` in ``bosworth_game.py``.

No map, Calendar or Influence track: each side's three Lords are Mustered with their cards'
Forces and Assets, each side chooses four Capabilities of its deck and gives them to its Lords
(3.4.6 limits), Arrays its three Lords at Front center, left and right, and the Battle (4.4) is
fought by ``battle.fight``. The winner of the Battle wins; if every Lord of both sides Routs it is
a draw. One phase, ``array``, asks both sides at once (their screens: neither sees the other's
choices before the Battle); the game is then over.

Orders (one a line): ``Richard III LEVY CAPABILITY Y32`` (a Capability to a Lord),
``ARRAY Richard III, Norfolk, Northumberland`` (Front center, left, right), ``FLEE Norfolk ROUND 2``
(4.4.2). Missing choices take the defaults written in ``docs/variants/plantagenet.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

import orjson

from .battle import BattleLord, BattleOrders, BattleSide, BattleStart, SideOrders, fight
from .data import BOARD, SIDES
from .levy import capability_refusal
from .orders import Order, read_order
from .state import State, new_mat, place_capability

SCENARIO = "IIIB"
CAPABILITIES = 4
"""Capabilities each side chooses on Bosworth Field (III(B))."""
ATTACKER = "Lancaster"
"""The side that Attacks (4.4): the Rebels, Henry Tudor's army marching on the King (the reading
taken: the mini-scenario names none)."""


def lords_of(side: str) -> tuple[str, ...]:
    """A side's three Lords at Bosworth, in the scenario's order (6.0)."""
    return BOARD.scenarios[SCENARIO].lords[side]


def new_state() -> State:
    """III(B) set up: the six Lords' mats as if just Levied (6.0), no Capability yet, each side's
    deck of the scenario's cards (13 no-rose, 6 three-rose)."""
    setup = BOARD.scenarios[SCENARIO]
    lords = {}
    for side in SIDES:
        for lord in setup.lords[side]:
            mat = new_mat(lord, "Bosworth")
            del mat["at"], mat["moved"]
            lords[lord] = mat
    return {
        "scenario": SCENARIO,
        "step": {"name": "array"},
        "lords": lords,
        "sides": {side: list(setup.lords[side]) for side in SIDES},  # for readers: whose Lords
        "vassals": {},
        "decks": {side: [c for c in setup.cards if BOARD.cards[c].side == side] for side in SIDES},
        "battle": None,
        "outcome": None,
    }


def read(text: str) -> Order:
    """One Bosworth order as the game's grammar reads it: ``ARRAY`` with the Lords at Front
    center, left and right, a ``LEVY CAPABILITY`` or a ``FLEE`` order."""
    return read_order(text, SCENARIO)


def refusal(state: State, side: str, order: Order, given: Sequence[Order] = ()) -> str | None:
    """Why an order may not be given (the orders ``given`` before it counted), or None."""
    if order.verb == "ARRAY":
        if sorted(order.group) != sorted(lords_of(side)):
            return f"ARRAY names each of your Lords once: {', '.join(lords_of(side))}"
        return None
    if order.verb == "FLEE":
        return None if order.target in lords_of(side) else f"{order.target} is not your Lord"
    if order.verb != "LEVY" or order.what != "CAPABILITY":
        return f"{order.verb} is not an order at Bosworth (ARRAY, LEVY CAPABILITY, FLEE)"
    if order.lord not in lords_of(side):
        return f"{order.lord} is not your Lord"
    card = order.target or ""
    if card not in state["decks"][side]:
        return f"{card} is not a card of your deck"
    taken = [o for o in given if o.verb == "LEVY"]
    if len(taken) >= CAPABILITIES:
        return f"you choose {CAPABILITIES} Capabilities (III(B))"
    if any(o.target == card for o in taken):
        return f"{card} is already chosen"
    trial = {order.lord: {"caps": [o.target for o in taken if o.lord == order.lord]}}
    return capability_refusal({"lords": trial}, order.lord, card)


def default_capabilities(side: str, chosen: Sequence[Order]) -> list[Order]:
    """The Capabilities a side did not choose, up to four: the cards of its deck that name one of
    its Lords, then the others, in card order, each to the first of its Lords (scenario order)
    who may take it (3.4.6)."""
    deck = BOARD.scenarios[SCENARIO].cards
    mine = [c for c in deck if BOARD.cards[c].side == side]
    ordered = [c for c in mine if BOARD.cards[c].lords] + [c for c in mine if not BOARD.cards[c].lords]
    taken = list(chosen)
    state: State = {"decks": {side: mine}}
    for card in ordered:
        if len(taken) >= CAPABILITIES:
            break
        for lord in lords_of(side):
            order = Order("LEVY", lord, "CAPABILITY", card)
            if refusal(state, side, order, taken) is None:
                taken.append(order)
                break
    return taken[len(chosen):]


def battle_start(state: State) -> BattleStart:
    """The Battle of Bosworth: no Locale (no Area, no Favour), the Rebels Attacking."""
    def side_of(side: str) -> BattleSide:
        lords = []
        for lord in lords_of(side):
            mat, card = state["lords"][lord], BOARD.lords[lord]
            lords.append(BattleLord(
                lord, card.valour, card.influence, {k: n for k, n in mat["troops"].items() if n},
                tuple(mat["vassals"]), tuple(mat["caps"]), mat["assets"]["carts"], mat["assets"]["provender"],
            ))
        return BattleSide(side, tuple(lords))
    defender = "York" if ATTACKER == "Lancaster" else "Lancaster"
    return BattleStart("Bosworth Field", None, None, side_of(ATTACKER), side_of(defender))


def side_orders(orders: Sequence[Order]) -> SideOrders:
    """A side's Battle choices: its Array (center, then its left flank, then its right) and who
    Flees when; the rest are the Battle's defaults."""
    arrays = [o.group for o in orders if o.verb == "ARRAY"]
    flee = {o.target: o.round for o in orders if o.verb == "FLEE" and o.target}
    return SideOrders(array=arrays[-1] if arrays else (), flank="left", flee=flee)


def on_bosworth_field(state: State, given: Mapping[str, Sequence[Order]], rng: Random,
                      events: list[dict[str, Any]]) -> dict[str, Any]:
    """Capabilities to the mats, then the Battle; the state is changed to what it leaves and the
    Battle's result returned (as a plain value)."""
    for side in SIDES:
        chosen = [o for o in given[side] if o.verb == "LEVY"]
        for order in [*chosen, *default_capabilities(side, chosen)]:
            state["decks"][side].remove(order.target)
            place_capability(state, order.lord or "", order.target or "")
            events.append({"type": "levy", "side": side, "lord": order.lord, "what": "CAPABILITY",  # 3.4.6, as ordered
                           "target": order.target})
    result = fight(battle_start(state), BattleOrders({s: side_orders(given[s]) for s in SIDES}), rng)
    for after in result.lords:
        mat = state["lords"][after.name]
        mat["fate"] = after.fate
        mat["troops"] = {kind: after.troops.get(kind, 0) for kind in mat["troops"]}
    winner = result.winner
    reason = ("they won the Battle of Bosworth (III(B))"
              if winner else "every Lord on both sides Routed at Bosworth (III(B))")
    state["battle"] = {"winner": winner, "rounds": result.rounds}
    state["outcome"] = {"winner": winner, "reason": reason}
    state["step"] = {"name": "over"}
    events.append({"type": "victory", **state["outcome"]})
    fought: dict[str, Any] = orjson.loads(orjson.dumps(result))  # orjson writes dataclasses as objects
    return fought
