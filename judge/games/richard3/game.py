"""Richard III as a game the judge can run: ``Richard3Game(scenario)``.

Its methods have the shape of ``judge.games.kind.GameKind`` and ``Playout`` (powers, new_game,
pending, read_orders, complete, resolve, view, outcome, survivors; legal_orders, random_orders,
standing, violations) so that a thin adapter plugs it into the judge. The state is a plain JSON
value (``state.py``); ``resolve`` never changes the state it is given.
"""

from __future__ import annotations

import hashlib
from functools import partial
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from ..houses import house_named
from ..kind import OrderLine, Outcome, Pending, PhaseResult, RulesHistory, Standing, TimingClass, Wording
from ..rule_history import read_rules
from .action_phase import apply_actions
from .cards import card_of, lowest_card, play
from .data import BOARD, SIDES, other
from .names import block_name
from .orders import Order, OrderError, read_players_order, read_players_orders, split_orders
from .political import go_home_and_reset, must_go_home, usurpation_count
from .state import ROMAN, State, copy_state, current_phase, heirs_left
from .turns import (TURNS, after_actions, decided, new_state, redeal_phase, rescue_henry, set_step,
                    start_campaign)
from . import legal, invariants, view as views, words

TIMING = {
    "redeal": "cards",
    "redeal answer": "cards",
    "cards": "cards",
    "actions 1": "actions",
    "actions 2": "actions",
    "political": "political",
    "over": "political",  # nothing is ordered once the game is over; no deadline is set
}
TIMINGS = (
    TimingClass("actions", hours=48, grace_hours=24, aliases=("action", "moves")),
    TimingClass("cards", hours=48, grace_hours=24, aliases=("card", "redeal")),
    TimingClass("political", hours=48, grace_hours=24, aliases=("politics",)),
)
LABEL_ORDER = ("redeal", "redeal answer", "cards", "actions 1", "actions 2", "end")


def phase_key(name: str) -> tuple[int, int, int]:
    """Phase names in the order they are played: ``II-3 actions 1 York`` -> (2, 3, 3)."""
    head, _, label = name.partition(" ")
    if label == "political":
        return (ROMAN.index(head), 8, 0)
    campaign, _, turn = head.partition("-")
    base = " ".join(label.split()[:2]) if label.startswith("actions") else label
    return (ROMAN.index(campaign), int(turn), LABEL_ORDER.index(base if base in LABEL_ORDER else "end"))


def kind_name(scenario: str) -> str:
    """The game kind's name of a scenario: ``richard3`` for the full game (1460),
    ``richard3-1470`` and ``richard3-1483`` for the others."""
    return "richard3" if scenario == "1460" else f"richard3-{scenario}"


_DEFAULTS = {  # what a house that gives no orders does, by the phase's label (its first word)
    "cards": "it plays its lowest card (1.1)",
    "redeal": "it keeps its hand (5.1)",
    "actions": "it makes no move (1.1)",
    "political": "its blocks go home as the judge chooses (8.3, 8.4)",
}

MOST_CHOICE_LINES = 4
"""The most lines of choices an order's refusal offers (grouped alternatives, one block)."""


class Richard3Game:
    """Richard III in one of its scenarios: ``1460`` (the full game), ``1470``, ``1483``."""

    templates = "richard3"
    timings: Sequence[TimingClass] = TIMINGS
    hidden_information = True  # the blocks stand facing their owner (fog of war), the hands are his

    @property
    def rules_history(self) -> RulesHistory:
        """The rules version of this kind and the readings that changed (richard3.rules.toml)."""
        return read_rules("judge.games.richard3", "richard3.rules.toml", self.name)

    def __init__(self, scenario: str = "1460") -> None:
        if scenario not in BOARD.scenarios:
            raise ValueError(f"no scenario {scenario!r}: there are {', '.join(BOARD.scenarios)}")
        self.scenario = scenario
        self.name = kind_name(scenario)
        self.wording = Wording(
            title="Richard III",
            full_title=f"Richard III, {BOARD.scenarios[scenario].title}",
            phase_example="e.g. I-3 cards, I-3 actions 1 York or II political",
            civil_disorder=("it plays its lowest card and makes no move, the passive player "
                            "(1.1); at the political turn its blocks go home as the judge chooses "
                            "(8.3, 8.4)"),
            score="usurpation count (8.2)",
            score_note=("Usurpation counts nobles, heirs and church blocks on the map (not in "
                        "exile or on the Isle of Man), and London once more; recruits need not "
                        "be revealed (5.4), so it stays hidden between political turns."),
            period="turn",
        )

    # --- words -------------------------------------------------------------------------------

    def phase_title(self, phase: str) -> str:
        return words.phase_title(phase)

    def period_name(self, number: int) -> str:
        """``standing``'s turn counted across campaigns as players write it: 10 is ``II-3``."""
        campaign, turn = divmod(number - 1, TURNS)
        return f"{ROMAN[campaign + 1]}-{turn + 1}"

    def read_phase(self, text: str) -> str | None:
        return words.read_phase(text)

    def phase_order(self, phase: str) -> tuple[int, ...]:
        return words.phase_order(phase)

    def letter(self, power: str) -> str:
        return power[0]

    def holdings(self, state: State, power: str) -> dict[str, list[str]]:
        return words.holdings(state, power)

    # --- the game ----------------------------------------------------------------------------

    def powers(self) -> Sequence[str]:
        return list(SIDES)

    def power_named(self, text: str) -> str | None:
        return house_named(text)

    def new_game(self, seed: bytes) -> State:
        """4.0; the first deal shuffled by a generator seeded from ``seed`` alone."""
        rng = Random(int.from_bytes(hashlib.sha256(seed).digest()[:8], "big"))
        return new_state(self.scenario, rng)

    def phase(self, state: State) -> str:
        return current_phase(state)

    def pending(self, state: State) -> Pending:
        step = state["step"]
        return Pending(self.phase(state), TIMING[step["label"]], frozenset(step["powers"]))

    # --- orders --------------------------------------------------------------------------------

    def parse(self, state: State, power: str, text: str) -> Order:
        return read_players_order(state, power, text)

    def read_orders(
        self,
        state: State,
        power: str,
        lines: Sequence[str],
        taken: Mapping[str, str] | None = None,
    ) -> list[OrderLine]:
        """Read a player's lines for the current decision; each order is checked with the
        orders already taken (``taken``: slot -> canonical), replacing slot by slot. An order
        replaced later in the same lines is checked as it would have stood (an illegal one is
        never accepted for being replaced), and each order says which one it replaced."""
        texts = [t for line in lines for t in split_orders(line)]
        if power not in state["step"]["powers"]:
            return [OrderLine(t, error=f"{power} has nothing to order in {self.phase(state)}") for t in texts]
        ordered: dict[str, Order] = {}
        for text in (taken or {}).values():
            order = self.parse(state, power, text)
            ordered[order.slot] = order
        before_these = dict(ordered)
        accepted = {slot: str(order) for slot, order in ordered.items()}  # slot -> text, in turn
        read: list[OrderLine | Order] = []
        for text in texts:
            try:
                order = self.parse(state, power, text)
            except OrderError as error:
                read.append(OrderLine(text, error=str(error)))
                continue
            ordered.pop(order.slot, None)
            ordered[order.slot] = order
            read.append(order)
        blocked = legal.blocked_orders(partial(self._refusals, state, power), ordered, before_these, read)
        refusals = self._refusals(state, power, list(ordered.values()))
        out = []
        for text, item in zip(texts, read):
            if isinstance(item, OrderLine):
                out.append(OrderLine(text, error=self._choices(state, power, text, item.error or "")))
                continue
            order = item
            refused: str | None = blocked.get(id(order))
            if refused is None and ordered.get(order.slot) is order:
                refused = refusals.get(order.slot)
            elif refused is None:  # replaced later in these lines: checked as it stood, with the others
                others = [o for o in ordered.values() if o.slot != order.slot]
                refused = self._refusals(state, power, [*others, order]).get(order.slot)
            if refused:
                given = [o for slot, o in accepted.items() if slot != order.slot]
                out.append(OrderLine(text, error=self._choices(state, power, text, refused, order,
                                                               given)))
            else:
                before = accepted.get(order.slot)
                accepted[order.slot] = str(order)
                replaced = before if before not in (None, str(order)) else None
                out.append(OrderLine(text, canonical=str(order), slot=order.slot, replaces=replaced))
        return out

    def _choices(self, state: State, power: str, text: str, error: str,
                 order: Order | None = None, taken: Sequence[str] = ()) -> str:
        """A refusal, and what the player may write instead, short enough for a phone: for an
        order that names one of his blocks, that block's choices after the orders he has given
        (``taken``), grouped, a few lines; for an order of a keyword the phase does not take,
        the keywords it takes; nothing more for a name that names nothing (its error says the
        nearest names). Never a choice the error has just ruled out: none once nothing is left
        but DONE."""
        label = state["step"]["label"]
        legal_now = self.legal_orders(state, power, taken)
        every = words.grouped_choices(legal_now)
        if len(every) <= MOST_CHOICE_LINES:  # few choices (a hand of cards): all of them
            return f"{error}. You may write: {'; '.join(every)}" if every else error
        if order is None or not order.block:
            if " is not an order for " in error:
                return f"{error}; it takes {', '.join(sorted(legal.KEYWORDS[label]))}"
            return error
        name = block_name(order.block)
        near = [c for c in legal_now if c.split(" - ")[0].split(" ", 1)[-1] == name
                or c.startswith(f"{name} - ")]
        lines = words.grouped_choices(near, limit=MOST_CHOICE_LINES)
        if not lines:
            return error if legal_now != ["DONE"] else f"{error}; DONE ends your actions"
        return f"{error}. For {name} you may write: {'; '.join(lines)}"

    def _refusals(self, state: State, power: str, orders: list[Order]) -> dict[str, str]:
        label = state["step"]["label"]
        refused: dict[str, str] = {}
        allowed = legal.KEYWORDS[label]
        for order in orders:
            if order.keyword not in allowed:
                refused[order.slot] = f"{order.keyword} is not an order for {self.phase(state)}"
            elif order.keyword == "PLAY" and card_of(state, power, order.card or "") is None:
                refused[order.slot] = f"you hold no {order.card} card"
            elif order.keyword == "HOME":
                why = legal.home_refusal(state, power, order)
                if why:
                    refused[order.slot] = why
        if label.startswith("actions"):
            scratch = copy_state(state)
            acting = [o for o in orders if o.slot not in refused and o.keyword != "DONE"]
            _, reasons, _ = apply_actions(scratch, power, acting)
            for order, reason in zip(acting, reasons):
                if reason:
                    refused[order.slot] = reason
        return refused

    def _complete(self, state: State, power: str, orders: Sequence[str]) -> bool:
        """Whether a player has said all he will: a card played, a redeal answered, ``DONE``
        (or every action point spent), every block sent home."""
        read = [line for line in self.read_orders(state, power, orders) if line.slot]
        slots = {line.slot for line in read}
        label = state["step"]["label"]
        if label == "cards":
            return "play" in slots
        if label.startswith("redeal"):
            return "redeal" in slots
        if label == "political":
            return "done" in slots or all(f"home {b}" in slots for b in must_go_home(state, power))
        return "done" in slots or legal.points_left(state, power, [line.canonical or "" for line in read]) == 0

    def waiting(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        if power not in state["step"]["powers"] or self._complete(state, power, orders):
            return []
        label = state["step"]["label"]
        if label == "cards":  # the hand it is played from, where the card is asked for
            return [f"a card ({'; '.join(self.choices(state, power))})"]
        if label.startswith("redeal"):
            return ["REDEAL or KEEP"]
        if label == "political":
            return [f"HOME {block_name(b)} (or DONE)" for b in must_go_home(state, power)
                    if not any(o.upper().startswith(f"HOME {block_name(b).upper()} -") for o in orders)]
        left = legal.points_left(state, power, [o for o in orders if o != "DONE"])
        return [f"actions: {left} action point{'s' * (left != 1)} left (DONE when finished)"]

    def choices(self, state: State, power: str) -> list[str]:
        """The legal orders, grouped (``words.grouped_choices``)."""
        return words.grouped_choices(self.legal_orders(state, power))

    def legal_orders(self, state: State, power: str, given: Sequence[str] = ()) -> list[str]:
        return legal.legal_orders(state, power, given)

    # --- resolution ----------------------------------------------------------------------------

    def resolve(self, state: State, orders: Mapping[str, Sequence[str]], rng: Random) -> PhaseResult:
        new = copy_state(state)
        events: list[dict[str, Any]] = []
        step = state["step"]
        label = step["label"]
        given = {
            side: read_players_orders(state, side, orders.get(side, ()))
            for side in step["powers"]
        }
        report: dict[str, Any] = {"phase": self.phase(state), "events": events, "orders": {}}
        for side in step["powers"]:
            if not given[side]:
                events.append({"type": "no orders", "side": side, "default": _DEFAULTS[label.split()[0]]})
        if label == "cards":
            played = {}
            for side in SIDES:
                chosen = [card_of(state, side, o.card or "") for o in given[side] if o.keyword == "PLAY"]
                played[side] = next((c for c in chosen if c is not None), None) or lowest_card(state, side)
                events.append({"type": "card", "side": side, "card": BOARD.cards[played[side]].name})
            play(new, played)
            events.append({"type": "player 1", "side": new["player1"]})
            set_step(new, "actions 1", [new["player1"]])
        elif label in ("redeal", "redeal answer"):
            redeal_phase(new, given, rng, events)
        elif label.startswith("actions"):
            side = step["powers"][0]
            moves = [o for o in given[side] if o.keyword != "DONE"]
            done, refused, _ = apply_actions(new, side, moves)
            events.extend(done)
            report["orders"][side] = [str(o) for o in moves]
            report["refused"] = {side: [[str(o), r] for o, r in zip(moves, refused) if r]}
            rescue_henry(new, events)
            if decided(new, events):  # 9.0: the Plague card killed a house's last heir
                pass
            elif label == "actions 1":
                set_step(new, "actions 2", [other(side)])
            else:
                after_actions(new, rng, events)
        elif label == "political":
            wishes = {
                side: {o.block or "": o.areas[0] for o in given[side] if o.keyword == "HOME"}
                for side in SIDES
            }
            go_home_and_reset(new, wishes, rng, events)
            start_campaign(new)
        else:
            raise ValueError("the game is over")
        return PhaseResult(new, report)

    # --- what players see, and the end -------------------------------------------------------

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        return views.view(state, power, self.phase(state))

    def report_view(self, report: dict[str, Any], power: str | None) -> dict[str, Any]:
        seen = views.report_for(report, power)
        return {**seen, "events": words.named_events(seen["events"])}

    def exports(self, game: str, phases: Sequence[tuple[State, dict[str, Any]]],
                present: State) -> dict[str, Any]:
        return {}  # no other program reads Richard III games

    def outcome(self, state: State) -> Outcome | None:
        found = state.get("outcome")
        if not found:
            return None
        return Outcome((found["winner"],), found["reason"])

    def survivors(self, state: State) -> list[str]:
        return [side for side in SIDES if heirs_left(state, side) > 0]

    # --- random playouts -----------------------------------------------------------------------

    def random_orders(self, state: State, power: str, rng: Random) -> list[str]:
        return legal.random_orders(state, power, rng)

    def standing(self, state: State) -> Standing:
        """Progress in turns counted across campaigns (I-1 is 1, II-1 is 8: seven turns a
        campaign, 1.0); each house's count for usurpation (8.2)."""
        return Standing(self.turn(state), {side: usurpation_count(state, side) for side in SIDES})

    def turn(self, state: State) -> int:
        """The turn counted across campaigns (``Turned``: the judge mails by turn)."""
        return (int(state["campaign"]) - 1) * TURNS + int(state["turn"])

    def scores_shown(self, report: dict[str, Any]) -> Mapping[str, int] | None:
        """The usurpation count as the political turn counts it openly (8.2), if the report's
        phase reached one; between political turns the count is hidden (5.4: a recruit's
        nobility need not be shown)."""
        for event in report["events"]:
            if event["type"] == "usurpation":
                return dict(event["counts"])
        return None

    def violations(self, before: State, result: PhaseResult) -> list[str]:
        return invariants.violations(before, result)

