"""III(B) Bosworth as a game kind, ``plantagenet-iiib`` (the seam of ``judge/games/kind.py``):
one phase, ``array``, asks both sides at once; its resolution fights the Battle (``bosworth.py``
holds the scenario's rules) and ends the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

import orjson

from ..kind import OrderLine, Pending, PhaseResult, Standing, TimingClass, Wording
from .bosworth import CAPABILITIES, lords_of, new_state, on_bosworth_field, read, refusal
from .data import BOARD, SIDES
from .game import TwoSides
from .orders import Order, OrderError, split_orders
from .state import State, copy_state
from .view import capability_names, named, named_steps

PHASES = ("array", "end")


class BosworthGame(TwoSides):
    """III(B) Bosworth: one Battle, both sides' choices in one phase."""

    name = "plantagenet-iiib"
    templates = "plantagenet"
    timings: Sequence[TimingClass] = (TimingClass("battle", hours=48, grace_hours=24, aliases=("array",)),)
    hidden_information = False
    """Nothing on Bosworth Field is hidden but each side's choices, which are its orders (as in
    Diplomacy) until the Battle reveals them: PREDICT and BECOME are offered to a master who plays
    neither side (the service refuses them to one who plays, in every kind)."""
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
        Battle reveals them: the whole state, with the names of the Capabilities on its mats."""
        seen = copy_state(state)
        seen["capability_names"] = capability_names(seen)
        return seen

    def report_view(self, report: dict[str, Any], power: str | None) -> dict[str, Any]:
        """The Battle is told in full (its choices are revealed as it begins), each card by name."""
        battle = report.get("battle")
        return {**report, "events": [named(event) for event in report["events"]],
                **({"battle": {**battle, "report": named_steps(battle["report"])}} if battle else {})}

    def standing(self, state: State) -> Standing:
        return Standing(1, {side: _standing(state, side) for side in SIDES})

    def scores_shown(self, report: dict[str, Any]) -> Mapping[str, int] | None:
        lords = report.get("battle", {}).get("lords")
        if not lords:
            return None
        return {side: sum(1 for lord in lords if lord["side"] == side and lord["fate"] == "fought") for side in SIDES}

    def holdings(self, state: State, power: str) -> dict[str, list[str]]:
        lords = [f"{lord}: {', '.join(map(_named, mat['caps'])) or 'no Capability'}" + (f" ({mat['fate']})" if "fate" in mat else "")
                 for lord, mat in state["lords"].items() if BOARD.lords[lord].side == power]
        return {"lords": lords}

    def choices(self, state: State, power: str) -> list[str]:
        if state["step"]["name"] != "array":
            return []
        cards = [c for c in state["decks"][power]]
        return [f"ARRAY {', '.join(lords_of(power))}",
                f"<Lord> LEVY CAPABILITY <card>: {CAPABILITIES} of " + ", ".join(map(_named, cards)),
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
            lords = list(lords_of(power))
            rng.shuffle(lords)
            for lord in lords:
                order = Order("LEVY", lord, "CAPABILITY", card)
                if refusal(state, power, order, chosen) is None:
                    chosen.append(order)
                    break
        array = list(lords_of(power))
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
            caps = [c for lord in lords_of(side) for c in after["lords"][lord]["caps"]]
            if len(caps) != CAPABILITIES or len(set(caps)) != len(caps):
                found.append(f"{side} has {caps} as Capabilities, not {CAPABILITIES} different cards")
            if any(BOARD.cards[c].side != side for c in caps) or set(caps) & set(after["decks"][side]):
                found.append(f"{side}'s Capabilities are not from its deck: {caps}")
            for lord in lords_of(side):
                mat, start = after["lords"][lord], before["lords"][lord]
                if len(mat["caps"]) > 2:
                    found.append(f"{lord} has more than two Capabilities (3.4.6)")
                if any(n < 0 or n > start["troops"][k] for k, n in mat["troops"].items()):
                    found.append(f"{lord} has Troops he did not bring: {mat['troops']}")
        if orjson.loads(orjson.dumps(after)) != after:
            found.append("the state is not a plain JSON value")
        return found


def _named(card: str) -> str:
    """A Capability as players read it: its number, then its name (1.9.2)."""
    return f"{card} ({BOARD.cards[card].capability})"


def _standing(state: State, side: str) -> int:
    """A side's Lords not Routed: all three before the Battle."""
    return sum(1 for lord in lords_of(side) if state["lords"][lord].get("fate", "fought") == "fought")

