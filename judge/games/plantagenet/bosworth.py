"""III(B) Bosworth, 22 August 1485: the Battle-only mini-scenario (6.0), as the kind
``plantagenet-iiib``.

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

import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

import orjson

from ..kind import OrderLine, Pending, PhaseResult, Standing, TimingClass, Wording
from .battle import BattleLord, BattleOrders, BattleSide, BattleStart, SideOrders, fight
from .data import BOARD, SIDES
from .game import TwoSides
from .levy import capability_refusal
from .orders import Order, OrderError, lord_names, normal, read_order, split_orders
from .state import State, copy_state, new_mat, place_capability

SCENARIO = "IIIB"
CAPABILITIES = 4
"""Capabilities each side chooses on Bosworth Field (III(B))."""
ATTACKER = "Lancaster"
"""The side that Attacks (4.4): the Rebels, Henry Tudor's army marching on the King (the reading
taken: the mini-scenario names none)."""
PHASES = ("array", "end")


def _lords(side: str) -> tuple[str, ...]:
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
        "vassals": {},
        "decks": {side: [c for c in setup.cards if BOARD.cards[c].side == side] for side in SIDES},
        "battle": None,
        "outcome": None,
    }


def read(text: str) -> Order:
    """One Bosworth order: ``ARRAY`` with the Lords at Front center, left and right, or a
    ``LEVY CAPABILITY`` or ``FLEE`` order as the game's grammar reads them."""
    found = re.fullmatch(r"\s*ARRAY\s+(.+)", text, re.IGNORECASE)
    if not found:
        return read_order(text, SCENARIO)
    names = lord_names(SCENARIO)
    lords = []
    for word in found.group(1).split(","):
        if normal(word) not in names:
            raise OrderError(f"no Lord named {word.strip()!r} at Bosworth")
        lords.append(names[normal(word)])
    return Order("ARRAY", plan=tuple(lords))


def refusal(state: State, side: str, order: Order, given: Sequence[Order] = ()) -> str | None:
    """Why an order may not be given (the orders ``given`` before it counted), or None."""
    if order.verb == "ARRAY":
        if sorted(order.plan) != sorted(_lords(side)):
            return f"ARRAY names each of your Lords once: {', '.join(_lords(side))}"
        return None
    if order.verb == "FLEE":
        return None if order.target in _lords(side) else f"{order.target} is not your Lord"
    if order.verb != "LEVY" or order.what != "CAPABILITY":
        return f"{order.verb} is not an order at Bosworth (ARRAY, LEVY CAPABILITY, FLEE)"
    if order.lord not in _lords(side):
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
        for lord in _lords(side):
            order = Order("LEVY", lord, "CAPABILITY", card)
            if refusal(state, side, order, taken) is None:
                taken.append(order)
                break
    return taken[len(chosen):]


def battle_start(state: State) -> BattleStart:
    """The Battle of Bosworth: no Locale (no Area, no Favour), the Rebels Attacking."""
    def side_of(side: str) -> BattleSide:
        lords = []
        for lord in _lords(side):
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
    arrays = [o.plan for o in orders if o.verb == "ARRAY"]
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
            events.append({"type": "capability", "side": side, "lord": order.lord, "card": order.target})
    result = fight(battle_start(state), BattleOrders({s: side_orders(given[s]) for s in SIDES}), rng)
    for after in result.lords:
        mat = state["lords"][after.name]
        mat["fate"] = after.fate
        mat["troops"] = {kind: after.troops.get(kind, 0) for kind in mat["troops"]}
    winner = result.winner
    reason = (f"the {'Yorkists' if winner == 'York' else 'Lancastrians'} won the Battle of Bosworth (III(B))"
              if winner else "every Lord on both sides Routed at Bosworth (III(B))")
    state["battle"] = {"winner": winner, "rounds": result.rounds}
    state["outcome"] = {"winner": winner, "reason": reason}
    state["step"] = {"name": "over"}
    events.append({"type": "victory", **state["outcome"]})
    fought: dict[str, Any] = orjson.loads(orjson.dumps(result))  # orjson writes dataclasses as objects
    return fought


class BosworthGame(TwoSides):
    """III(B) Bosworth: one Battle, both sides' choices in one phase."""

    name = "plantagenet-iiib"
    templates = "plantagenet"
    timings: Sequence[TimingClass] = (TimingClass("battle", hours=48, grace_hours=24, aliases=("array",)),)
    hidden_information = True
    wording = Wording(
        title="Plantagenet",
        full_title="Plantagenet, III(B) Bosworth",
        phase_example="array",
        civil_disorder="its four Capabilities are the defaults and its Lords Array in the scenario's order",
        score="Lords standing (4.4)",
        score_note="The Lords of each side not Routed when the Battle ends.",
        period="battle",
    )

    def period_name(self, number: int) -> str:
        return "Bosworth"

    def phase(self, state: State) -> str:
        return "array" if state["step"]["name"] == "array" else "end"

    def phase_title(self, phase: str) -> str:
        return "Bosworth, 22 August 1485: " + ("the Array" if phase == "array" else "the end")

    def read_phase(self, text: str) -> str | None:
        word = text.strip().lower()
        return word if word in PHASES else None

    def phase_order(self, phase: str) -> tuple[int, ...]:
        return (PHASES.index(phase),)

    def new_game(self, seed: bytes) -> State:
        return new_state()

    def pending(self, state: State) -> Pending:
        due = frozenset(SIDES) if state["step"]["name"] == "array" else frozenset()
        return Pending(self.phase(state), "battle", due)

    def read_orders(self, state: State, power: str, lines: Sequence[str],
                    taken: Mapping[str, str] | None = None) -> list[OrderLine]:
        out: list[OrderLine] = []
        given: list[Order] = [read(text) for text in (taken or {}).values()]
        for text in [t for line in lines for t in split_orders(line)]:
            try:
                order = read(text)
            except OrderError as error:
                out.append(OrderLine(text, error=str(error)))
                continue
            why = refusal(state, power, order, given)
            if why:
                out.append(OrderLine(text, error=why))
                continue
            given.append(order)
            slot = {"ARRAY": "array", "FLEE": f"flee {order.target}"}.get(order.verb, f"capability {order.target}")
            out.append(OrderLine(text, canonical=str(order), slot=slot))
        return out

    def waiting(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        if state["step"]["name"] != "array" or any(o.upper().startswith("ARRAY") for o in orders):
            return []
        return ["the Array (ARRAY)"]

    def resolve(self, state: State, orders: Mapping[str, Sequence[str]], rng: Random) -> PhaseResult:
        if state["step"]["name"] != "array":
            raise ValueError("the game is over")
        new = copy_state(state)
        given = {side: [read(line.canonical) for line in self.read_orders(state, side, list(orders.get(side, ())))
                        if line.canonical] for side in SIDES}
        events: list[dict[str, Any]] = []
        battle = on_bosworth_field(new, given, rng, events)
        return PhaseResult(new, {"phase": "array", "events": events, "battle": battle})

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        """Nothing on Bosworth Field is hidden but the choices, which are orders until the
        Battle reveals them."""
        return copy_state(state)

    def report_view(self, report: dict[str, Any], power: str | None) -> dict[str, Any]:
        """The Battle is told in full (its choices are revealed as it begins)."""
        return report

    def standing(self, state: State) -> Standing:
        return Standing(1, {side: _standing(state, side) for side in SIDES})

    def scores_shown(self, report: dict[str, Any]) -> Mapping[str, int] | None:
        lords = report.get("battle", {}).get("lords")
        if not lords:
            return None
        return {side: sum(1 for lord in lords if lord["side"] == side and lord["fate"] == "fought") for side in SIDES}

    def holdings(self, state: State, power: str) -> dict[str, list[str]]:
        lords = [f"{lord}: {', '.join(mat['caps']) or 'no Capability'}" + (f" ({mat['fate']})" if "fate" in mat else "")
                 for lord, mat in state["lords"].items() if BOARD.lords[lord].side == power]
        return {"lords": lords}

    def choices(self, state: State, power: str) -> list[str]:
        if state["step"]["name"] != "array":
            return []
        cards = [c for c in state["decks"][power]]
        return [f"ARRAY {', '.join(_lords(power))}",
                f"<Lord> LEVY CAPABILITY <card>: {CAPABILITIES} of " + ", ".join(cards),
                "FLEE <Lord> ROUND <n>"]

    # --- random playouts -----------------------------------------------------------------------

    def random_orders(self, state: State, power: str, rng: Random) -> list[str]:
        """Four Capabilities at random (each to a Lord who may take it), a random Array, and now
        and then a Lord who Flees."""
        if state["step"]["name"] != "array":
            return []
        chosen: list[Order] = []
        deck = list(state["decks"][power])
        rng.shuffle(deck)
        for card in deck:
            if len(chosen) == CAPABILITIES:
                break
            lords = list(_lords(power))
            rng.shuffle(lords)
            for lord in lords:
                order = Order("LEVY", lord, "CAPABILITY", card)
                if refusal(state, power, order, chosen) is None:
                    chosen.append(order)
                    break
        array = list(_lords(power))
        rng.shuffle(array)
        out = [str(o) for o in chosen] + [f"ARRAY {', '.join(array)}"]
        if rng.random() < 0.2:
            out.append(f"FLEE {rng.choice(array)} ROUND {rng.randint(1, 3)}")
        return out

    def violations(self, before: State, result: PhaseResult) -> list[str]:
        """After the Battle: the game is over with the Battle's winner, each side gave four
        Capabilities from its own deck within 3.4.6's limits, no Lord has Troops he did not start
        with, and the state is a plain JSON value."""
        after = result.state
        found = []
        if after["outcome"] is None or after["step"]["name"] != "over":
            found.append("the game is not over after the Battle")
        elif after["outcome"]["winner"] != result.report["battle"]["winner"]:
            found.append("the winner is not the Battle's")
        for side in SIDES:
            caps = [c for lord in _lords(side) for c in after["lords"][lord]["caps"]]
            if len(caps) != CAPABILITIES or len(set(caps)) != len(caps):
                found.append(f"{side} has {caps} as Capabilities, not {CAPABILITIES} different cards")
            if any(BOARD.cards[c].side != side for c in caps) or set(caps) & set(after["decks"][side]):
                found.append(f"{side}'s Capabilities are not from its deck: {caps}")
            for lord in _lords(side):
                mat, start = after["lords"][lord], before["lords"][lord]
                if len(mat["caps"]) > 2:
                    found.append(f"{lord} has more than two Capabilities (3.4.6)")
                if any(n < 0 or n > start["troops"][k] for k, n in mat["troops"].items()):
                    found.append(f"{lord} has Troops he did not bring: {mat['troops']}")
        if orjson.loads(orjson.dumps(after)) != after:
            found.append("the state is not a plain JSON value")
        return found


def _standing(state: State, side: str) -> int:
    """A side's Lords not Routed: all three before the Battle."""
    return sum(1 for lord in _lords(side) if state["lords"][lord].get("fate", "fought") == "fought")

