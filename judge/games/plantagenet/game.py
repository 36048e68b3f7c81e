"""Plantagenet as a game the judge can run at random: ``PlantagenetGame(scenario)``.

Its methods have the shape of ``judge.games.kind.GameKind`` and ``Playout``. The state is a plain
JSON value (``state.py``); ``resolve`` never changes the state it is given. Phases are named by
Calendar box and step: ``T1 muster York``, ``T1 plan``, ``T1 card 3 Lancaster``, ``T2 pay``.

Standing orders (``INTERCEPT``, ``EXILE``, ``TRUCE``, the Battle's ``BATTLE_VERBS``) answer what
the inactive side decides in the middle of the active side's card (4.3.4, 4.3.5, 4.4): given with a
side's Plan they are kept until its next Plan; given for a Command step by the side not acting,
they hold for that card.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from ..houses import house_named
from ..kind import OrderLine, Outcome, Pending, PhaseResult, Standing, TimingClass, Wording
from . import held, invariants, legal
from .command import COMMANDS, command, default_plan, plan_refusal
from .data import BOARD, SIDES
from .fighting import BATTLE_VERBS, SCENARIO_CHOICES
from .levy import pay
from .muster import muster
from .orders import Order, OrderError, read_order, split_orders
from .setup import new_state
from .state import State, copy_state, influence_of, scenario_of
from .turns import active_lord, after_card, after_muster, after_pay, after_plan, powers, start_turn
from .view import report_for, view
from .war_setups import war_number
from .wars import new_wars, note_gloucester, renew, turns_played

TIMINGS = (
    TimingClass("command", hours=48, grace_hours=24, aliases=("card", "campaign")),
    TimingClass("levy", hours=48, grace_hours=24, aliases=("pay", "muster")),
    TimingClass("plan", hours=48, grace_hours=24, aliases=("plans",)),
)
STEP_VERBS = {
    "pay": ("DISBAND", "DISMISS"),
    "muster": ("EXILE", "LEVY", "PARLEY", "CROWN", "PLAY"),
    "plan": ("PLAN", "INTERCEPT", "EXILE", "TRUCE", "DISCARD", "SURRENDER", *BATTLE_VERBS),
    "command": COMMANDS,
}
STANDING = ("INTERCEPT", "EXILE", "TRUCE", "DISCARD", "SURRENDER", *BATTLE_VERBS)
STEP_ORDER = ("pay", "muster", "plan", "card", "end")
SCENARIOS = ("Ia", "Ib", "Ic", "II", "III", "I", "wars")
_TITLES = {"Ia": "scenario Ia", "Ib": "scenario Ib", "Ic": "scenario Ic", "II": "scenario II",
           "III": "scenario III", "I": "the Wars of the Roses, War I",
           "wars": "the Wars of the Roses"}  # as the rulebook numbers them (6.0)
"""The scenarios (6.0), as ``I`` the first War of the grand scenario played alone (6.3), and as
``wars`` the grand scenario, its three Wars in turn (6.1-6.3)."""
WARS = ("I", "IIY", "IIL", "IIIY", "IIIL")
"""The Wars of the grand scenario as phases name them (6.3)."""


def kind_name(scenario: str) -> str:
    """``plantagenet-ia`` and so on; ``plantagenet-war-i`` for the first War alone."""
    return "plantagenet-war-i" if scenario == "I" else f"plantagenet-{scenario.lower()}"


class TwoSides:
    """What every Plantagenet kind says alike of its two sides and its end: York and Lancaster
    (2.2.4), lettered Y and L; ``state["outcome"]`` as the seam's ``Outcome``."""

    def letter(self, power: str) -> str:
        return power[0]

    def powers(self) -> Sequence[str]:
        return list(SIDES)

    def power_named(self, text: str) -> str | None:
        return house_named(text)

    def outcome(self, state: State) -> Outcome | None:
        found = state.get("outcome")
        if not found:
            return None
        return Outcome((found["winner"],) if found["winner"] else (), found["reason"])

    def survivors(self, state: State) -> list[str]:
        return list(SIDES)


class PlantagenetGame(TwoSides):
    """Plantagenet in one of its scenarios (6.0): ``Ia``, ``Ib``, ``Ic``, ``II``, ``III``, the
    grand scenario's first War alone, ``I`` (6.3: it ends when that War is won), or the whole
    grand scenario, ``wars`` (its phases named with their War: ``IIY T3 plan``)."""

    templates = "plantagenet"
    timings: Sequence[TimingClass] = TIMINGS
    hidden_information = True

    def __init__(self, scenario: str = "Ia", hidden_mats: bool = False) -> None:
        if scenario not in SCENARIOS:
            raise ValueError(f"no scenario {scenario!r}: there are {', '.join(SCENARIOS)}")
        self.scenario = scenario
        self.hidden_mats = hidden_mats
        self.name = kind_name(scenario) + ("-hidden" if hidden_mats else "")
        self.wording = Wording(
            title="Plantagenet",
            full_title=f"Plantagenet, {_TITLES[scenario]}" + (", Hidden Mats (1.5.3)" if hidden_mats else ""),
            phase_example="e.g. T1 muster York, T1 plan or T1 card 2 Lancaster",
            civil_disorder=("its Lords keep their Vassals and Disband nobody, Muster nothing, and "
                            "its Plan is its Lords on the map in turn, then Pass cards; each of "
                            "its cards Passes"),
            score="Influence points (1.4)",
            score_note="Influence is one net track (1.4.1): only the side ahead has points.",
            period="turn",
        )

    # --- words -------------------------------------------------------------------------------

    def period_name(self, number: int) -> str:
        """A Calendar box (2.2): Turn 5 is ``5``; in the grand scenario, the Turns played across
        its Wars (36 or 37 at most, 6.0)."""
        return str(number)

    def phase(self, state: State) -> str:
        step = state["step"]
        name = step["name"]
        war = f"{state['wars']['war']} " if "wars" in state else ""
        if name == "over":
            return f"{war}T{state['box']} end"
        if name == "muster":
            return f"{war}T{state['box']} muster {step['side']}"
        if name == "command":
            return f"{war}T{state['box']} card {step['card'] + 1} {step['side']}"
        return f"{war}T{state['box']} {name}"

    def _war_of(self, phase: str) -> tuple[str, str]:
        """A phase's scenario (the War, in the grand scenario) and the rest of its name."""
        if self.scenario != "wars":
            return self.scenario, phase
        war, _, rest = phase.partition(" ")
        return war, rest

    def phase_title(self, phase: str) -> str:
        war, phase = self._war_of(phase)
        box, _, rest = phase.partition(" ")
        number = int(box[1:])
        setup = BOARD.scenarios[war]
        months = BOARD.calendar[number].months if number in BOARD.calendar else "after the Calendar"
        year = setup.base_year + (BOARD.calendar[number].year_offset if number in BOARD.calendar else 3)
        title = f"Turn {number} ({months} {year}) {rest}"
        return f"War {war}, {title}" if self.scenario == "wars" else title

    def read_phase(self, text: str) -> str | None:
        war = ""
        if self.scenario == "wars":
            found = re.fullmatch(r"\s*(?:war\s+)?(i|iiy|iil|iiiy|iiil)\s+(.*)", text.lower())
            if not found:
                return None
            war, text = found.group(1).upper() + " ", found.group(2)
        found = re.fullmatch(r"\s*t?(\d+)\s+(pay|plan|end|muster (york|lancaster)|card (\d+) (york|lancaster))\s*", text.lower())
        if not found:
            return None
        words = found.group(2).split()
        return f"{war}T{found.group(1)} " + " ".join(w.capitalize() if w in ("york", "lancaster") else w for w in words)

    def phase_order(self, phase: str) -> tuple[int, ...]:
        """(Calendar box, step, card): the Rebel's card before the King's of the same number, the
        Rebel's Muster before the King's (2.2.4); in the grand scenario the War's number first
        (IIY and IIL are alternatives, 6.1.2)."""
        war, phase = self._war_of(phase)
        first = (war_number(war),) if self.scenario == "wars" else ()
        box, _, rest = phase.partition(" ")
        words = rest.split()
        rebel = BOARD.scenarios[war].rebel
        if words[0] == "card":
            return (*first, int(box[1:]), STEP_ORDER.index("card"), int(words[1]) * 2 + (words[2] != rebel))
        if words[0] == "muster":
            return (*first, int(box[1:]), STEP_ORDER.index("muster"), int(words[1] != rebel))
        return (*first, int(box[1:]), STEP_ORDER.index(words[0]), 0)

    # --- the game ----------------------------------------------------------------------------

    def new_game(self, seed: bytes) -> State:
        """6.0, then the first Levy's Arts of War draws (3.1.2), shuffled by a generator seeded
        from ``seed`` alone."""
        rng = Random(int.from_bytes(hashlib.sha256(seed).digest()[:8], "big"))
        state = new_wars(self.hidden_mats) if self.scenario == "wars" else new_state(self.scenario, self.hidden_mats)
        start_turn(state, rng, [])
        return state

    def pending(self, state: State) -> Pending:
        timing = {"pay": "levy", "muster": "levy", "plan": "plan"}.get(state["step"]["name"], "command")
        return Pending(self.phase(state), timing, frozenset(powers(state)))

    def parse(self, state: State, text: str) -> Order:
        return read_order(text, state["scenario"])

    def read_orders(self, state: State, power: str, lines: Sequence[str],
                    taken: Mapping[str, str] | None = None) -> list[OrderLine]:
        """Read a side's lines for the current step: each is read, then checked against what
        the step takes; the slot of a sequence of actions is its place in the list."""
        texts = [t for line in lines for t in split_orders(line)]
        name = state["step"]["name"]
        acting = power in powers(state)
        allowed = STEP_VERBS.get(name, ()) if acting else (STANDING if name == "command" else ())
        out = []
        for number, text in enumerate(texts, 1):
            try:
                order = self.parse(state, text)
            except OrderError as error:
                out.append(OrderLine(text, error=str(error)))
                continue
            if order.verb not in allowed:
                out.append(OrderLine(text, error=f"{order.verb} is not an order of {power} in {self.phase(state)} "
                                                 f"(2.2.1: {', '.join(allowed[:6]) or 'none now'})"))
                continue
            why = self._refusal(state, power, order)
            if why:
                out.append(OrderLine(text, error=why))
                continue
            by_verb = name in ("pay", "plan") or (order.verb in STANDING and not (acting and name == "command"))
            slot = "plan" if order.verb == "PLAN" else (
                f"{order.verb.lower()} {order.target or ''}{' below' if order.below else ''}".strip()
                if by_verb else f"action {number}")
            out.append(OrderLine(text, canonical=str(order), slot=slot))
        return out

    def _refusal(self, state: State, power: str, order: Order) -> str | None:
        """What the position already shows impossible (the rest is checked as the orders are
        carried out, in turn)."""
        if order.verb == "PLAN":
            return plan_refusal(state, power, order.plan)
        if order.verb == "PLAY" and state["step"]["name"] == "muster":
            return held.levy_refusal(state, power, order)
        if order.verb in SCENARIO_CHOICES and SCENARIO_CHOICES[order.verb] not in scenario_of(state).special_rules:
            return f"{order.verb} is an order of the scenario rule {SCENARIO_CHOICES[order.verb]} (6.0)"
        if order.verb in BATTLE_VERBS:
            return held.battle_order_refusal(order, power)
        if order.verb == "DISCARD" and order.target not in state["held"][power]:
            return f"you hold no {order.target} (4.8.6)"
        if order.verb in ("DISBAND", "INTERCEPT", "EXILE", "CROWN") and BOARD.lords[order.target or ""].side != power:
            return f"{order.target} is not your Lord (1.5.1)"
        if order.lord and BOARD.lords[order.lord].side != power:
            return f"{order.lord} is not your Lord (1.5.1)"
        return None

    def _complete(self, state: State, power: str, orders: Sequence[str]) -> bool:
        if state["step"]["name"] == "plan":
            return any(o.upper().startswith("PLAN") for o in orders)
        return bool(orders)

    def waiting(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        if power not in powers(state) or self._complete(state, power, orders):
            return []
        return [{"plan": "a Plan (PLAN)", "pay": "Pay choices", "muster": "Muster orders"}.get(state["step"]["name"], "the card's actions")]

    def choices(self, state: State, power: str) -> list[str]:
        return legal.choices(self, state, power)

    # --- resolution ----------------------------------------------------------------------------

    def _given(self, state: State, orders: Mapping[str, Sequence[str]]) -> dict[str, list[Order]]:
        given: dict[str, list[Order]] = {}
        for side in SIDES:
            given[side] = [
                self.parse(state, line.canonical or "")
                for line in self.read_orders(state, side, list(orders.get(side, ())))
                if line.canonical
            ]
        return given

    def resolve(self, state: State, orders: Mapping[str, Sequence[str]], rng: Random) -> PhaseResult:
        """Resolve the current step with the orders given, then every step after it that asks
        nobody (a Pass card, a side with nothing to Muster), up to the next that asks a side.
        The report keeps the orders of each side due as given (``report_for`` shows them to that
        side alone: a Plan is secret, 4.1.2)."""
        new = copy_state(state)
        events: list[dict[str, Any]] = []
        report: dict[str, Any] = {"phase": self.phase(state), "events": events, "refused": {},
                                  "orders": {side: list(orders[side]) for side in powers(state) if orders.get(side)}}
        self._step(new, self._given(state, orders), rng, events, report["refused"])
        self._on(new, rng, events, report["refused"])
        while "wars" in new and new["outcome"] is not None and renew(new, rng, events):
            self._on(new, rng, events, report["refused"])
        report["influence"] = new["influence"]
        report["hidden_mats"] = new["hidden_mats"]
        return PhaseResult(new, report)

    def _on(self, new: State, rng: Random, events: list[dict[str, Any]], refused: dict[str, list[list[str]]]) -> None:
        """Play on every step that asks nobody, up to the next that asks a side or the end."""
        while new["outcome"] is None and not powers(new):
            self._step(new, {side: [] for side in SIDES}, rng, events, refused)
        if "wars" in new:
            note_gloucester(new)

    def _step(self, new: State, given: dict[str, list[Order]], rng: Random, events: list[dict[str, Any]],
              refused: dict[str, list[list[str]]]) -> None:
        """Play one step on ``new`` (a copy the resolution owns)."""
        step = new["step"]
        name = step["name"]
        if name == "pay":
            pay(new, given, events)
            after_pay(new, events)
        elif name == "muster":
            side = step["side"]
            refused.setdefault(side, []).extend([str(o), why] for o, why in muster(new, side, given[side], rng, events))
            after_muster(new, side, events)
        elif name == "plan":
            for side in SIDES:
                plans = [o.plan for o in given[side] if o.verb == "PLAN"]
                new["plans"][side] = list(plans[-1] if plans else default_plan(new, side))
                kept = [str(o) for o in given[side] if o.verb in STANDING]
                if kept or plans:
                    new.setdefault("standing", {})[side] = kept
            after_plan(new)
        elif name == "command":
            side = step["side"]
            lord = active_lord(new)
            enemy = "Lancaster" if side == "York" else "York"
            standing = [o for o in given[enemy] if o.verb in STANDING] or [
                self.parse(new, text) for text in new.get("standing", {}).get(enemy, [])
            ]
            if lord is None:
                events.append({"type": "pass card", "side": side, "card": new["plans"][side][step["card"]]})
            else:
                events.append({"type": "card", "side": side, "lord": lord})
                own = [self.parse(new, text) for text in new.get("standing", {}).get(side, [])]
                done = command(new, lord, given[side], standing, rng, events, own)
                refused.setdefault(side, []).extend([str(o), why] for o, why in done)
            after_card(new, rng, events)
        else:
            raise ValueError("the game is over")

    # --- what players see, and the end -------------------------------------------------------

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        return view(state, power)

    def report_view(self, report: dict[str, Any], power: str | None) -> dict[str, Any]:
        """Reports name only what the board shows (moves, checks, Favour, Influence) and the
        reader's own draws and refusals: the enemy's held Events and drawn Capabilities are
        hidden, and with Hidden Mats (1.5.3) what his Levy, Supply and Tax put on his mats."""
        return report_for(report, power)

    def exports(self, game: str, phases: Sequence[tuple[State, dict[str, Any]]], present: State) -> dict[str, Any]:
        return {}

    def holdings(self, state: State, power: str) -> dict[str, list[str]]:
        lords = [f"{lord} at {e['at']}" for lord, e in state["lords"].items() if "at" in e and BOARD.lords[lord].side == power]
        calendar = [f"{lord} in box {e['box']}" for lord, e in state["lords"].items() if "box" in e and BOARD.lords[lord].side == power]
        favour = sorted(p for p, s in state["favour"].items() if s == power)
        return {"lords": lords, "calendar": calendar, "favour": favour}

    def standing(self, state: State) -> Standing:
        """The Calendar box and each side's Influence points (only the leader's are above 0)."""
        period = turns_played(state) if "wars" in state else int(state["box"])
        return Standing(period, {side: max(0, influence_of(state, side)) for side in SIDES})

    def scores_shown(self, report: dict[str, Any]) -> Mapping[str, int] | None:
        """The Influence points after the phase: the track is open to all (1.4.1)."""
        if "influence" not in report:
            return None
        value = int(report["influence"])
        return {"Lancaster": max(0, value), "York": max(0, -value)}

    # --- random playouts -----------------------------------------------------------------------

    def random_orders(self, state: State, power: str, rng: Random) -> list[str]:
        return legal.random_orders(self, state, power, rng)

    def violations(self, before: State, result: PhaseResult) -> list[str]:
        return invariants.violations(self, before, result)
