"""Plantagenet as a game the judge can run at random: ``PlantagenetGame(scenario)``.

Its methods have the shape of ``judge.games.kind.GameKind`` and ``Playout``. The state is a plain
JSON value (``state.py``); ``resolve`` never changes the state it is given. Phases are named by
Calendar box and step: ``T1 muster York``, ``T1 plan``, ``T1 card 3 Lancaster``, ``T2 pay``.

Standing orders (``INTERCEPT``, ``EXILE``, ``TRUCE``, the Battle's ``BATTLE_VERBS``) answer what
the inactive side decides in the middle of the active side's card (4.3.4, 4.3.5, 4.4). They are
the seam's standing orders (``OrderLine.standing``), read from either side at any step: each
holds until another for its slot or ``CANCEL`` with it (a line that ``cancels``), a ``DISCARD``
until the Reset it is for (4.8.6), when ``resolve`` says it ``lapsed``. ``resolve`` keeps in
``state["standing"]`` those of each side that gave any (the service gives them every step), and of
a side that gives a Plan without any, none (the random players give them with their Plans).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from ..houses import house_named
from ..rule_history import read_rules
from ..kind import OrderLine, Outcome, Pending, PhaseResult, RulesHistory, Standing, TimingClass, Wording
from . import held, invariants, legal, shortfall
from .command import COMMANDS, Card, command, default_plan, plan_refusal
from .data import BOARD, SIDES
from .fighting import BATTLE_VERBS, SCENARIO_CHOICES
from .levy import pay
from .muster import levy_lord_refusal, muster
from .orders import COMMENT, Order, OrderError, read_order, read_standing, shared_in_play, split_orders
from .setup import new_state
from .state import State, copy_state, exile_boxes_for, influence_of, lords_on_map, scenario_of
from .turns import active_lord, after_card, after_muster, after_pay, after_plan, powers, start_turn
from .view import CAPABILITY_EVENTS, report_for, view
from .war_setups import war_number
from .wars import new_wars, note_gloucester, renew, turns_played

TIMINGS = (
    TimingClass("command", hours=48, grace_hours=24, aliases=("card", "campaign")),
    TimingClass("levy", hours=48, grace_hours=24, aliases=("pay", "muster")),
    TimingClass("plan", hours=48, grace_hours=24, aliases=("plans",)),
)
STEP_VERBS = {
    "pay": ("DISBAND", "DISMISS", "PASS"),  # PASS: nothing (more) to order, all paid
    "muster": ("EXILE", "LEVY", "PARLEY", "CROWN", "PLAY", "PASS"),  # PASS: no (more) Muster
    "plan": ("PLAN",),
    "command": COMMANDS,
}
"""What each step takes from the side acting, besides standing orders (``STANDING``)."""
STANDING = ("INTERCEPT", "EXILE", "TRUCE", "DISCARD", "SURRENDER", "PILLAGE", "DISEMBARK", *BATTLE_VERBS)
"""The standing orders: given at any time by either side, each holds until another for its slot
(``standing_slot``) or ``CANCEL`` with it."""
_STANDING_WORDS = ("INTERCEPT", "EXILE", "TRUCE", "FLEE", "PLAY", "DISCARD", "PILLAGE", "DISEMBARK",
                   "the Battle's choices")
_CANCEL = re.compile(r"\s*cancel\s+(.+)", re.IGNORECASE)
MOST_HINT_LINES = 8
STEP_ORDER = ("pay", "muster", "plan", "card", "end")
SCENARIOS = ("Ia", "Ib", "Ic", "II", "III", "I", "wars")
_TITLES = {"Ia": "scenario Ia", "Ib": "scenario Ib", "Ic": "scenario Ic", "II": "scenario II",
           "III": "scenario III", "I": "the Wars of the Roses, War I",
           "wars": "the Wars of the Roses"}  # as the rulebook numbers them (6.0)
"""The scenarios (6.0), as ``I`` the first War of the grand scenario played alone (6.3), and as
``wars`` the grand scenario, its three Wars in turn (6.1-6.3)."""
MOST_ACTIONS = 100
"""The most actions a Muster's or a card's sequence holds: more than the rules ever allow (a side's
Lordship ratings together, 3.4; a card's Command rating, 4.2.1), so that a mail of thousands of
order lines is refused past it instead of being played out, each line's sequence from the start."""
WARS = ("I", "IIY", "IIL", "IIIY", "IIIL")
"""The Wars of the grand scenario as phases name them (6.3)."""


class _Counted(Random):
    """Dice that count their rolls (seeded alike each time: a check, not a resolution)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.rolls = 0

    def random(self) -> float:
        self.rolls += 1
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.rolls += 1
        return super().getrandbits(k)


def _hint(choices: list[str], order: Order) -> str:
    """The choices after a refused action's reason, a few lines: at a Muster, those of the Lord
    it names (his Levy, 3.4)."""
    if order.lord:
        choices = [line for line in choices if line.startswith(f"{order.lord} ")] or choices
    if not choices:
        return ""
    shown = [_in_prose(line) for line in choices[:MOST_HINT_LINES]]
    more = len(choices) - len(shown)
    return f". You may write: {'; '.join(shown)}{f'; ... and {more} more' if more else ''}"


def _in_prose(choice: str) -> str:
    """A choice line as a refusal's prose gives it: its comment (``# Highway``) in brackets."""
    order, mark, note = choice.partition(COMMENT)
    return f"{order.rstrip()} ({note.strip()})" if mark else choice


def _no_change(order: Order, earlier: list[Order], why: str) -> str | None:
    """What a refused action of a sequence says when it would change nothing, so that it holds
    nothing back: a ``PASS`` with nothing left to pass, or an order sent again that was taken
    already (and cannot be carried out twice). None for a real refusal."""
    if order.verb == "PASS":
        return f"nothing left to pass: {why}"
    if any(str(other) == str(order) for other in earlier):
        return f"taken already, and not twice: {why}"
    return None


def standing_slot(order: Order) -> str:
    """The slot of a standing order: its verb and what it names (a Lord, a card; HITS: the step
    and Round), so that a second ``INTERCEPT Northumberland`` replaces the first and ``CANCEL``
    with it empties it."""
    if order.verb == "HITS":  # one for each step and Round: HITS MELEE ROUND 2 keeps HITS MISSILE
        step = [order.what.lower()] if order.what else []
        return " ".join(["hits", *step, *([f"round {order.round}"] if order.round else [])])
    return f"{order.verb.lower()} {order.target or ''}{' below' if order.below else ''}".strip()


def kind_name(scenario: str) -> str:
    """``plantagenet-ia`` and so on; ``plantagenet-war-i`` for the first War alone;
    ``plantagenet`` for the grand scenario (``plantagenet-wars`` before: registry's alias)."""
    if scenario == "wars":
        return "plantagenet"
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
        winner = found["winner"]  # the end names who won, then why (issue 33)
        return Outcome((winner,) if winner else (), f"{winner + ' wins' if winner else 'A draw'}: {found['reason']}")

    def survivors(self, state: State) -> list[str]:
        return list(SIDES)

    name: str  # the kind's full name (``plantagenet-ia``, ``plantagenet-iiib``)

    @property
    def rules_history(self) -> RulesHistory:
        """The rules version of this kind (every scenario and Bosworth) and the readings that
        changed (plantagenet.rules.toml)."""
        return read_rules("judge.games.plantagenet", "plantagenet.rules.toml", self.name)


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

    def passed_over(self, phase: str) -> str | None:
        """A card phase the game went past: its card was a Pass (4.2.3: a Pass card, or the card
        of a Lord no longer on the map), so its side was not asked."""
        if " card " not in f" {phase} ":
            return None
        return ("that card was a Pass: a Pass card, or the card of a Lord not on the map when it was "
                "revealed, Passes without orders (4.2.3)")

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
        return self._started(seed)[0]

    def opening(self, seed: bytes) -> dict[str, Any]:
        """What the game's start did that no phase's report tells, as a report (``report_for``
        shows each side its own): the first Levy's Capability draws (3.1.2)."""
        state, events = self._started(seed)
        return {"phase": "start", "events": [event for event in events if event["type"] in CAPABILITY_EVENTS],
                "hidden_mats": state["hidden_mats"]}

    def _started(self, seed: bytes) -> tuple[State, list[dict[str, Any]]]:
        rng = Random(int.from_bytes(hashlib.sha256(seed).digest()[:8], "big"))
        state = new_wars(self.hidden_mats) if self.scenario == "wars" else new_state(self.scenario, self.hidden_mats)
        events: list[dict[str, Any]] = []
        start_turn(state, rng, events)
        return state, events

    def pending(self, state: State) -> Pending:
        timing = {"pay": "levy", "muster": "levy", "plan": "plan"}.get(state["step"]["name"], "command")
        return Pending(self.phase(state), timing, frozenset(powers(state)))

    def parse(self, state: State, text: str) -> Order:
        """One order read, a Lord named by a title the scenario shares (Somerset) being the one
        of that title in play, if only one is."""
        in_play = [lord for lord, mat in state["lords"].items() if "gone" not in mat]
        return read_order(text, state["scenario"], shared_in_play(state["scenario"], in_play))

    def read_orders(self, state: State, power: str, lines: Sequence[str],
                    taken: Mapping[str, str] | None = None) -> list[OrderLine]:
        """Read a side's lines: each is read, then checked against what the step takes. A
        standing order (``STANDING``, ``standing_here``) is taken from either side at any step,
        its slot its verb and target; ``CANCEL <order>`` empties that slot. The slot of an
        action of a sequence (a Muster, a card) is its place in the sequence: a later mail's
        actions follow those ``taken`` (CLEAR withdraws them to start again); the sequence, with
        the actions ``taken`` already, is played out on a copy of the position (``checked``):
        an action the position makes impossible is refused now, with the Lord's choices, rather
        than when the phase is resolved."""
        texts = [t for line in lines for t in split_orders(line)]
        read = self._read(state, power, texts, taken or {}, written=True)
        return self._checked(state, power, read, taken or {})

    def _read(self, state: State, power: str, texts: Sequence[str], taken: Mapping[str, str],
              written: bool = False) -> list[tuple[OrderLine, Order | None]]:
        """Each text read, with its order; ``written``: as a player wrote them (else canonical
        orders, as the judge keeps them: ``standing_here``)."""
        name = state["step"]["name"]
        own = STEP_VERBS.get(name, ()) if power in powers(state) else ()
        held_now = dict(taken)  # slot -> the order in it, as these lines leave it
        after = max((int(slot.split()[1]) for slot in taken if slot.startswith("action ")), default=0)
        group = self._group(state, taken) if name == "command" else ()
        out: list[tuple[OrderLine, Order | None]] = []
        for number, text in enumerate(texts, 1):
            cancel = _CANCEL.fullmatch(text)
            try:
                order = self.parse(state, cancel.group(1) if cancel else text)
            except OrderError as error:
                out.append((OrderLine(text, error=str(error)), None))
                continue
            standing = self.standing_here(state, power, order, written and not cancel)
            if order.verb == "EXILE" and not standing and name == "muster" and not order.group:
                boxes = exile_boxes_for(state, order.target or "")  # a Muster Exile keeps its box
                order = order._replace(group=tuple(boxes[:1]))
            if cancel and not standing:
                out.append((OrderLine(text, error=f"CANCEL takes a standing order ({', '.join(_STANDING_WORDS)}), "
                                                  f"not {order.verb}"), None))
                continue
            if not standing and order.verb not in own:
                out.append((OrderLine(text, error=self._not_now(state, power, order)), None))
                continue
            why = None if cancel else self._refusal(state, power, order, standing, written)
            if why:
                out.append((OrderLine(text, error=why), None))
                continue
            if name == "command" and not standing and order.verb in ("MARCH", "SAIL"):
                if not order.group and order.what != "ALONE":
                    order = order._replace(group=group)  # the Group goes on together (4.3.1)
                group = order.group
            if standing:
                slot = standing_slot(order)
            elif order.verb == "PLAN":
                slot = "plan"
            elif name == "pay":
                slot = f"{order.verb.lower()} {order.target or ''}".strip()
            else:
                slot = f"action {after + number}"  # a later mail's actions follow those taken
            canonical = f"CANCEL {order}" if cancel else str(order)
            before = held_now.get(slot)
            held_now[slot] = canonical
            out.append((OrderLine(text, canonical=canonical, slot=slot, standing=standing, cancels=bool(cancel),
                                  replaces=before if before not in (None, canonical) else None), order))
        return out

    def _group(self, state: State, taken: Mapping[str, str]) -> tuple[str, ...]:
        """The Group of the last March or Sail among the card's actions taken (4.3.1): a later one
        that names none takes it (``command.Card.grouped``), and its acceptance names it."""
        actions = sorted((int(slot.split()[1]), text) for slot, text in taken.items() if slot.startswith("action "))
        moves = [order for _, text in actions if (order := self.parse(state, text)).verb in ("MARCH", "SAIL")]
        return moves[-1].group if moves else ()

    def _not_now(self, state: State, power: str, order: Order) -> str:
        """Why an order is not one of this side's now, and what it may send instead."""
        phase = self.phase(state)
        if power not in powers(state):
            return (f"{order.verb} is not an order of {power} in {phase} (2.2.1): {power} has nothing to order now "
                    f"but standing orders ({', '.join(_STANDING_WORDS)}); send orders for a later phase after "
                    f"PHASE <phase>")
        takes = [verb for verb in STEP_VERBS.get(state["step"]["name"], ()) if verb not in STANDING]
        return f"{order.verb} is not an order of {phase} (2.2.1); it takes {', '.join(takes)} and standing orders"

    def standing_here(self, state: State, power: str, order: Order, written: bool = False) -> bool:
        """Whether an order is a standing order (it holds from phase to phase, given at any
        time): one of ``STANDING``, except where the step takes the same words as the acting
        side's own order: at its Muster, ``EXILE`` to a box (3.3.1), or as a player writes it
        (``written``), of a Lord not on the map (its canonical order then names his box: a
        standing ``EXILE`` kept since never becomes a Muster), and ``PLAY`` of a Levy Event
        (3.1.3); on its card, ``EXILE`` of the card's Lord (Exile Pact, Y8)."""
        if order.verb not in STANDING:
            return False
        if power not in powers(state):
            return True
        name = state["step"]["name"]
        if name == "muster" and order.verb == "EXILE":
            return not order.group and (not written or order.target in lords_on_map(state, power))
        if name == "muster" and order.verb == "PLAY":
            return order.target not in held.LEVY_PLAYS
        if name == "command" and order.verb == "EXILE":
            return order.target != active_lord(state)
        return True

    def _checked(self, state: State, power: str, read: list[tuple[OrderLine, Order | None]],
                 taken: Mapping[str, str]) -> list[OrderLine]:
        """The lines, each action of a Muster or a card refused that its sequence (the actions
        taken, then these) cannot carry out from the position now, played out in turn on a copy
        up to the first action that rolls a die or meets the enemy (a Parley, a Levy of a Lord, a
        Tax, an Approach...): what follows it depends on the dice and is checked as it is carried
        out (an action refused then costs nothing). A refused action's reason comes with the
        choices at that point of the sequence."""
        name = state["step"]["name"]
        lines = [line for line, _ in read]
        if power not in powers(state) or name not in ("muster", "command"):
            return lines
        sequence: dict[str, Order] = {}
        for slot, text in taken.items():
            if slot.startswith("action "):
                sequence[slot] = self.parse(state, text)
        mine: dict[int, int] = {}  # id of an order in the sequence -> its line
        for number, (line, order) in enumerate(read):
            if order is not None and line.slot and line.slot.startswith("action "):
                sequence[line.slot] = order._replace()  # an object of its own: refusals name it
                mine[id(sequence[line.slot])] = number
        orders = [o for o in sequence.values() if o.verb != "PASS" or name == "command"]
        for order in orders[MOST_ACTIONS:]:  # none played out: a mail of thousands of lines costs no more
            if id(order) in mine:
                number = mine[id(order)]
                lines[number] = OrderLine(lines[number].text, error=f"a step takes at most {MOST_ACTIONS} actions "
                                          "(3.4: each Lord up to his Lordship; 4.2.1: a card up to its Command)")
        orders = orders[:MOST_ACTIONS]
        lord = active_lord(state) if name == "command" else None
        before = copy_state(state)  # the position before the action checked
        for count, order in enumerate(orders):
            dice = _Counted()
            scratch = copy_state(state)
            refused, card = self._play(scratch, power, orders[:count + 1], dice)
            why = next((why for o, why in refused if o is order), None)
            if why and id(order) in mine:
                number = mine[id(order)]
                note = _no_change(order, orders[:count], why)
                if note:
                    lines[number] = OrderLine(lines[number].text, note=note)
                else:  # none for a Lord whose Levy is done (3.4): "York has used all his Lordship"
                    done = order.lord is not None and why.startswith(f"{order.lord} has ")
                    hint = "" if done else _hint(legal.choices(self, before, power, card), order)
                    lines[number] = OrderLine(lines[number].text, error=f"{why}{hint}")
            if dice.rolls or (lord and "at" not in scratch["lords"][lord]):
                break  # what follows depends on the dice (or the card's Lord has left the map)
            before = scratch
        return lines

    def _play(self, scratch: State, power: str, orders: list[Order],
              dice: Random) -> tuple[list[tuple[Order, str]], Card | None]:
        """A sequence of Muster orders or of the card's actions carried out on a copy, the enemy
        silent: the orders refused, and the card as they leave it (a Muster: None)."""
        if scratch["step"]["name"] == "muster":
            return muster(scratch, power, orders, dice, []), None
        own = list(read_standing(tuple(scratch.get("standing", {}).get(power, ())), scratch["scenario"]))
        lord = active_lord(scratch) or ""
        card = Card(scratch, lord, own)
        return command(scratch, lord, orders, [], dice, [], own, card), card

    def _refusal(self, state: State, power: str, order: Order, standing: bool, written: bool = False) -> str | None:
        """What the position already shows impossible (a sequence of actions is checked
        further by ``_checked``, and all as they are carried out, in turn); a standing order a
        player writes (``written``) for his Lord out of the game, too (one kept since is read
        as before: it does nothing)."""
        if order.verb == "PLAN":
            return plan_refusal(state, power, order.plan)
        if order.verb == "PLAY" and not standing:
            return held.levy_refusal(state, power, order)
        if standing and written and (gone := next((lord for lord in (order.target, *order.group) if lord in BOARD.lords
                                       and BOARD.lords[lord].side == power
                                       and "gone" in state["lords"].get(lord, {})), None)):
            return f"{gone} is out of the game ({state['lords'][gone]['gone']}): no order for him stands"
        if order.verb in SCENARIO_CHOICES and SCENARIO_CHOICES[order.verb] not in scenario_of(state).special_rules:
            return f"{order.verb} is an order of the scenario rule {SCENARIO_CHOICES[order.verb]} (6.0)"
        if order.verb in BATTLE_VERBS:
            return held.battle_order_refusal(order, power)
        if order.verb == "DISCARD" and order.target not in state["held"][power]:
            return f"you hold no {order.target} (4.8.6)"
        if order.verb in ("DISBAND", "INTERCEPT", "EXILE", "CROWN", "DISEMBARK") and (
                BOARD.lords[order.target or ""].side != power):
            return f"{order.target} is not your Lord (1.5.1)"
        if order.verb == "DISEMBARK" and (order.group[0] not in BOARD.locales or BOARD.sea_of(order.group[0]) is None):
            return f"{order.group[0]} is not a Port (4.8.2: a Lord lands at a Port of his Sea)"
        if order.verb == "PILLAGE" and (foreign := [lord for lord in order.group if BOARD.lords[lord].side != power]):
            return f"{foreign[0]} is not your Lord (1.5.1)"
        if order.lord and BOARD.lords[order.lord].side != power:
            return f"{order.lord} is not your Lord (1.5.1)"
        active = active_lord(state) if state["step"]["name"] == "command" and power in powers(state) else None
        if active and order.lord and order.lord != active and order.verb in COMMANDS and not standing:
            where = "is not on the map" if "at" not in state["lords"].get(order.lord, {}) else "acts on his own cards"
            return f"this card is {active}'s: {order.lord} {where} (4.2)"
        if order.verb == "LEVY" and order.lord is None:
            why = levy_lord_refusal(state, power, order.target or "") if order.what == "LORD" else None
            example = f"{(lords_on_map(state, power) or ['York'])[0]} {order}"
            return f"{why + '; ' if why else ''}LEVY needs the Levying Lord first: {example}"
        return None

    def _complete(self, state: State, power: str, orders: Sequence[str]) -> bool:
        """Whether the step's orders are in: a Plan, or any order of the step (PASS when there
        is nothing to order); standing orders never complete them."""
        mine = [order for line, order in self._read(state, power, orders, {}) if order is not None and not line.standing]
        if state["step"]["name"] == "plan":
            return any(order.verb == "PLAN" for order in mine)
        return bool(mine)

    def waiting(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        if power not in powers(state) or self._complete(state, power, orders):
            return []
        return [{"plan": "a Plan (PLAN)", "pay": "Pay choices (PASS: pay all)",
                 "muster": "Muster orders (PASS: none)"}.get(state["step"]["name"], "the card's actions")]

    def choices(self, state: State, power: str) -> list[str]:
        return legal.choices(self, state, power)

    # --- resolution ----------------------------------------------------------------------------

    def _given(self, state: State, orders: Mapping[str, Sequence[str]]) -> tuple[dict[str, list[Order]], dict[str, list[str]]]:
        """Each side's orders for the step, and the standing orders of each side that gave any
        (those ``CANCEL`` left out)."""
        given: dict[str, list[Order]] = {}
        standing: dict[str, list[str]] = {}
        for side in SIDES:
            read = [(line, order) for line, order in self._read(state, side, list(orders.get(side, ())), {})
                    if order is not None]
            given[side] = [order for line, order in read if not line.standing
                           and (order.verb != "PASS" or state["step"]["name"] == "command")]
            if any(line.standing for line, _ in read):
                standing[side] = [str(order) for line, order in read
                                  if line.standing and not (line.canonical or "").startswith("CANCEL ")]
        return given, standing

    def resolve(self, state: State, orders: Mapping[str, Sequence[str]], rng: Random) -> PhaseResult:
        """Resolve the current step with the orders given, then every step after it that asks
        nobody (a Pass card, a side with nothing to Muster), up to the next that asks a side.
        The report keeps the orders of each side due as given (``report_for`` shows them to that
        side alone: a Plan is secret, 4.1.2)."""
        new = copy_state(state)
        events: list[dict[str, Any]] = []
        report: dict[str, Any] = {"phase": self.phase(state), "events": events, "refused": {},
                                  "orders": {side: list(orders[side]) for side in powers(state) if orders.get(side)}}
        given, standing = self._given(state, orders)
        for side in SIDES:  # a Plan without them: none (the random players give them with it)
            if side in standing or any(o.verb == "PLAN" for o in given[side]):
                new.setdefault("standing", {})[side] = standing.get(side, [])
        self._step(new, given, rng, events, report["refused"])
        self._on(new, rng, events, report["refused"])
        while "wars" in new and new["outcome"] is not None and renew(new, rng, events):
            self._on(new, rng, events, report["refused"])
        report["influence"] = new["influence"]
        report["hidden_mats"] = new["hidden_mats"]
        lapsed = {side: spent for side, orders in standing.items()
                  if (spent := [o for o in orders if o not in new.get("standing", {}).get(side, [])])}
        return PhaseResult(new, report, lapsed)

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
            after_plan(new)
        elif name == "command":
            side = step["side"]
            lord = active_lord(new)
            enemy = "Lancaster" if side == "York" else "York"
            standing = list(read_standing(tuple(new.get("standing", {}).get(enemy, ())), new["scenario"]))
            if lord is None:
                events.append({"type": "pass card", "side": side, "card": new["plans"][side][step["card"]]})
            else:
                events.append({"type": "card", "side": side, "lord": lord})
                own = list(read_standing(tuple(new.get("standing", {}).get(side, ())), new["scenario"]))
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
        lords = [f"{lord} {'in' if e['at'] in BOARD.exile_boxes else 'at'} {e['at']}"  # in France, at London
                 for lord, e in state["lords"].items() if "at" in e and BOARD.lords[lord].side == power]
        calendar = [f"{lord} in box {e['box']}" for lord, e in state["lords"].items() if "box" in e and BOARD.lords[lord].side == power]
        favour = sorted(p for p, s in state["favour"].items() if s == power)
        return {"lords": lords, "calendar": calendar, "favour": favour}

    def cautions(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        """A Lord who could not Pay, or who Marches and could not Feed (``shortfall``)."""
        return shortfall.on_orders(state, power, [read_order(text, state["scenario"]) for text in orders])

    def standing(self, state: State) -> Standing:
        """The Calendar box and each side's Influence points (only the leader's are above 0); in
        the grand scenario the Turns played across its Wars, named by War and Turn (``I T15``)."""
        scores = {side: max(0, influence_of(state, side)) for side in SIDES}
        if "wars" in state:
            return Standing(self.turn(state), scores, f"{state['wars']['war']} T{state['box']}")
        return Standing(self.turn(state), scores)

    def turn(self, state: State) -> int:
        """The Turn (2.0): its Calendar box; in the grand scenario, the Turns played across its
        Wars (``Turned``: the judge mails by Turn)."""
        return turns_played(state) if "wars" in state else int(state["box"])

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
