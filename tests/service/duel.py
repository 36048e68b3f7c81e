"""Duel: a toy second game kind, to drive the judge's service as a game other than Diplomacy would.

It has what Diplomacy lacks and later games have: timing classes of its own, phase names of its
own, a phase in which only one side acts, a phase in which nobody acts (a die is rolled), dice, and
hidden information (each side's bids and reserve are its own secret).

A round has three phases. ``Round N bid`` (timing class ``bid``): both sides bid from their
reserve of tokens (``BID 2``); the higher bid leads the round (a tie: South). ``Round N choice``
(``choice``): the leader alone chooses ``ATTACK`` or ``DEFEND`` (default). ``Round N roll``
(``roll``): nobody orders; an attack scores 1 point, and 2 on a six; a defence scores nothing.
The first to 3 points wins; after round 9, the game is drawn.

A standing order (``OrderLine.standing``), given by either side in any phase, due or not:
``SHIELD`` holds until ``NO SHIELD`` cancels it (``OrderLine.cancels``); an attack on a shielded
side scores one point less.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from judge.games.kind import (
    OrderLine,
    Outcome,
    Pending,
    PhaseResult,
    RulesHistory,
    Standing,
    State,
    TimingClass,
    Wording,
)

POWERS = ("North", "South")
RESERVE = 6
WINNING_POINTS = 3
LAST_ROUND = 9
_PHASE = re.compile(r"(?:round|r)?\s*(\d+)\s*(bid|choice|roll)s?")


def _phase_orders(orders: Sequence[str]) -> list[str]:
    """A power's orders for the phase, without its standing orders."""
    return [order for order in orders if not order.endswith("SHIELD")]


def _other(power: str) -> str:
    return POWERS[1] if power == POWERS[0] else POWERS[0]


@dataclass
class Duel:
    name: str = "toy/duel"
    templates: str = "duel"
    wording: Wording = Wording(title="Duel", full_title="Duel, to three points",
                               phase_example="e.g. Round 2 bid",
                               civil_disorder="it bids nothing and defends", score="points",
                               score_note="", period="round")
    hidden_information: bool = True  # each side's bids and reserve are its own
    rules_history: RulesHistory = RulesHistory(1)  # a test may give it a newer reading

    def __post_init__(self) -> None:
        self.timings: Sequence[TimingClass] = (
            TimingClass("bid", hours=12, grace_hours=0, aliases=("bids",)),
            TimingClass("choice", hours=6, grace_hours=0, aliases=("choices",)),
            TimingClass("roll", hours=1, grace_hours=0),
        )

    # --- words --------------------------------------------------------------------------------

    def period_name(self, number: int) -> str:
        return str(number)

    def phase_title(self, phase: str) -> str:
        return f"{phase} of the duel"

    def phase_order(self, phase: str) -> tuple[int, ...]:
        _, number, step = phase.split()
        return (int(number), ("bid", "choice", "roll").index(step))

    def read_phase(self, text: str) -> str | None:
        match = _PHASE.fullmatch(text.strip().lower())
        return f"Round {int(match[1])} {match[2]}" if match else None

    def powers(self) -> Sequence[str]:
        return list(POWERS)

    def power_named(self, text: str) -> str | None:
        return next((p for p in POWERS if p.lower().startswith(text.lower()) and text), None)

    # --- the game -----------------------------------------------------------------------------

    def new_game(self, seed: bytes) -> State:
        return {"round": 1, "step": "bid", "points": {p: 0 for p in POWERS},
                "reserve": {p: RESERVE for p in POWERS}, "leader": None, "choice": None}

    def pending(self, state: State) -> Pending:
        phase = f"Round {state['round']} {state['step']}"
        acting = {"bid": set(POWERS), "choice": {state["leader"]}, "roll": set()}[state["step"]]
        return Pending(phase, state["step"], frozenset(acting))

    def read_orders(self, state: State, power: str, lines: Sequence[str],
                    taken: Mapping[str, str] | None = None) -> list[OrderLine]:
        read = []
        shield = (taken or {}).get("shield")
        for line in (one for text in lines for one in text.splitlines()):
            words = line.upper().split()
            if words in (["SHIELD"], ["NO", "SHIELD"]):
                canonical = " ".join(words)
                read.append(OrderLine(line, canonical=canonical, slot="shield", standing=True,
                                      cancels=canonical == "NO SHIELD",
                                      replaces=shield if shield not in (None, canonical) else None))
                shield = canonical
            elif state["step"] == "bid" and len(words) == 2 and words[0] == "BID":
                if not words[1].isdigit() or int(words[1]) > state["reserve"][power]:
                    read.append(OrderLine(line, error=f"bid from 0 to {state['reserve'][power]}"))
                else:
                    read.append(OrderLine(line, canonical=f"BID {int(words[1])}", slot="bid"))
            elif state["step"] == "choice" and words in (["ATTACK"], ["DEFEND"]):
                if power != state["leader"]:
                    read.append(OrderLine(line, error=f"{state['leader']} chooses this round"))
                else:
                    read.append(OrderLine(line, canonical=words[0], slot="choice"))
            else:
                read.append(OrderLine(line, error=f"not an order of the {state['step']} phase"))
        return read

    def waiting(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        if _phase_orders(orders) or power not in self.pending(state).powers:
            return []
        return ["a bid" if state["step"] == "bid" else "a choice (ATTACK or DEFEND)"]

    def choices(self, state: State, power: str) -> list[str]:
        return []

    def letter(self, power: str) -> str:
        return power[0]

    def resolve(self, state: State, orders: Mapping[str, Sequence[str]], rng: Random) -> PhaseResult:
        after = copy.deepcopy(state)
        report: dict[str, Any] = {"phase": self.pending(state).phase}
        if state["step"] == "bid":
            bids = {p: int((_phase_orders(orders.get(p, [])) or ["BID 0"])[-1].split()[1])
                    for p in POWERS}
            for power, bid in bids.items():
                after["reserve"][power] -= bid
            leader = "North" if bids["North"] > bids["South"] else "South"
            after.update(step="choice", leader=leader)
            report.update(bids=bids, reserve=dict(after["reserve"]), leader=leader)
        elif state["step"] == "choice":
            choice = (_phase_orders(orders.get(state["leader"], [])) or ["DEFEND"])[-1]
            after.update(step="roll", choice=choice)
            report.update(leader=state["leader"], choice=choice)
        else:
            roll = rng.randint(1, 6)
            scored = (2 if roll == 6 else 1) if state["choice"] == "ATTACK" else 0
            shielded = scored > 0 and "SHIELD" in orders.get(_other(state["leader"]), [])
            scored -= shielded
            report["shielded"] = shielded
            after["points"][state["leader"]] += scored
            after.update(step="bid", round=state["round"] + 1, leader=None, choice=None)
            report.update(roll=roll, leader=state["leader"], scored=scored,
                          points=dict(after["points"]))
        return PhaseResult(after, report)

    def survivors(self, state: State) -> Sequence[str]:
        return list(POWERS)

    def outcome(self, state: State) -> Outcome | None:
        won = [p for p in POWERS if state["points"][p] >= WINNING_POINTS]
        if won:
            return Outcome((won[0],), f"{won[0]} wins the duel")
        if state["round"] > LAST_ROUND:
            return Outcome((), "the duel is drawn")
        return None

    # --- what each side sees ------------------------------------------------------------------

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        seen = {**state, "reserve": {p: n for p, n in state["reserve"].items() if p == power}}
        return seen

    def report_view(self, report: dict[str, Any], power: str | None) -> dict[str, Any]:
        seen = dict(report)
        for secret in ("bids", "reserve"):
            if secret in seen:
                seen[secret] = {p: n for p, n in seen[secret].items() if p == power}
        return seen

    def standing(self, state: State) -> Standing:
        return Standing(state["round"], dict(state["points"]))

    def scores_shown(self, report: dict[str, Any]) -> Mapping[str, int] | None:
        return report.get("points")  # the points, told to everyone after each roll

    def exports(self, game: str, phases: Sequence[tuple[State, dict[str, Any]]],
                present: State) -> dict[str, Any]:
        return {}

    def holdings(self, state: State, power: str) -> dict[str, list[str]]:
        reserve = state["reserve"].get(power)  # in a view, only the reader's own
        return {"points": [str(state["points"][power])],
                "reserve": [str(reserve)] if reserve is not None else []}
