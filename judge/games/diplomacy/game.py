"""Diplomacy as a game kind (``judge.games.kind.GameKind``): what the judge service asks of it.

The state is the position in the JSON form of ``wire.py`` (the form ``judge adjudicate`` reads and
writes). Orders are kept as canonical text; each fills a *slot*: the unit it orders (movement and
retreats), the site of a build, or a removal; a later order for the same slot replaces the
earlier one. Orders are checked as they arrive, so a player hears at once of an order the position
already shows impossible; whether it succeeds is only known at the deadline.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from ..rule_history import read_rules
from ..kind import (
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
from .adjustments import adjustment_counts, buildable_sites, mobilizing
from .arrival import check_adjustment, check_due, check_limit, check_retreat_order, waiting
from .boxes import one_too_many, slot_limit, without_orders
from .legality import Illegal, check_convoy, check_move, check_support, find_unit, fleets_in_seas
from . import phase_names
from .maps import Map
from .mila import saved_game
from .order_examples import OrderExamples, order_examples
from .orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
    TransferKing,
    UnitRef,
    Waive,
)
from .phase_names import TIMING_OF, TIMINGS
from .parser import OrderSyntaxError, parse_order, split_orders
from .position import Position
from .random_orders import random_orders
from .reports import board, count_notes, phase_report
from .rules import rules_for
from .selfplay_invariants import violations
from .turns import adjudicate, starting_position
from .vocabulary import PhaseKind, Power, Season, UnitType
from .wire import WireError, read_position, write_position



class DiplomacyGame:
    """Diplomacy on one variant's map."""

    templates = "diplomacy"
    timings: Sequence[TimingClass] = TIMINGS
    hidden_information = False  # every reader sees the whole board and, once processed, every order

    @property
    def rules_history(self) -> RulesHistory:
        """The rules version of this kind and the readings that changed (diplomacy.rules.toml)."""
        return read_rules("judge.games.variants", "diplomacy.rules.toml", self.name)

    def __init__(self, game_map: Map) -> None:
        self.map = game_map
        self.name = f"diplomacy/{game_map.name}"
        self.wording = Wording(
            title="Diplomacy",
            full_title=game_map.title,
            phase_example=game_map.calendar.example(),
            civil_disorder="its units hold, retreats disband, builds are waived",
            # what SUMMARY's table counts: the centres on the board, as victory does (with boxes,
            # a power's box centres are its own besides: Wars of the Roses I, rules 3 and 5)
            score="supply centres on the board" if game_map.boxes else "supply centres",
            score_note=" ".join(count_notes(game_map)),
            period="year",
        )
        self.rules = rules_for(game_map)  # the variant's special rules (hooks.py)
        self._recent: tuple[tuple[State, Position], ...] = ()

    def powers(self) -> Sequence[str]:
        return list(self.map.powers)

    def power_named(self, text: str) -> str | None:
        return self.map.power_named(text)

    def order_examples(self) -> OrderExamples:
        """Example orders on this map, for HELP ORDERS where none are written by hand
        (``templates/diplomacy/orders/any.txt``)."""
        return order_examples(self.map)

    def dummies(self) -> Sequence[str]:
        """The variant's powers no player takes (``Map.dummies``: DPjudge's ``DUMMY``)."""
        return [power for power in self.map.powers if power in self.map.dummies]

    def new_game(self, seed: bytes) -> State:
        return write_position(starting_position(self.map), self.map.calendar)

    def position(self, state: State) -> Position:
        """The position a state holds. The last few states read or made are remembered by
        identity (states are values, never changed in place), so the questions asked of one
        state in a phase read it once."""
        for known, position in self._recent:
            if known is state:
                return position
        position = read_position(self.map, state)
        self._remember(state, position)
        return position

    def _remember(self, state: State, position: Position) -> None:
        # A new tuple, never changed: safe to read from another thread. Holding the states keeps
        # their ids from being reused.
        self._recent = ((state, position), *self._recent[:3])

    def pending(self, state: State) -> Pending:
        """The phase, and the powers that must act in it: never a dummy (DPjudge's ``DUMMY``),
        which nobody plays: the phase is resolved with its defaults (its units hold, its
        retreats disband, its builds are waived, its removals by the civil disorder rule)."""
        position = self.position(state)
        acting = self._to_act(position)
        if self.map.dummies:
            acting -= self.map.dummies
        code = self.map.calendar.code(position.phase)
        return Pending(code, TIMING_OF[position.phase.kind], frozenset(acting))

    # The phases' names are the variant's calendar's (``calendar.py``): ``S1901M``, ``Spring 1901
    # Movement``; Hundred's ``A1430M``, ``1430 Movement``. The engine's own phases (spring, fall,
    # winter of a year counted from the first) are never shown.

    def period_name(self, number: int) -> str:
        return self.map.calendar.period(number)

    def phase_title(self, phase: str) -> str:
        """A phase as reports name it; a text that is no phase is shown as it is."""
        try:
            return self.map.calendar.title(self.map.calendar.parse(phase))
        except ValueError:
            return phase

    def read_phase(self, text: str) -> str | None:
        read = self.map.calendar.read(text)
        return None if read is None else self.map.calendar.code(read)

    def phase_order(self, phase: str) -> tuple[int, ...]:
        """Year, season, then movement before retreats (``phase_names.phase_order``)."""
        return phase_names.phase_order(str(self.map.calendar.parse(phase)))

    def _to_act(self, position: Position) -> set[Power]:
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            units = [*position.units.values(), *position.off_board]
            return {unit.power for unit in units}
        if kind is PhaseKind.RETREAT:
            return {d.unit.power for d in position.dislodged}
        return {
            power
            for power, due in adjustment_counts(self.map, position).items()
            if due < 0 or (due > 0 and buildable_sites(self.map, position, power))
        }

    # --- orders ----------------------------------------------------------------------------------

    def read_orders(
        self,
        state: State,
        power: str,
        lines: Sequence[str],
        taken: Mapping[str, str] | None = None,
    ) -> list[OrderLine]:
        position = self.position(state)
        counted: dict[str, int] = {}  # slots of things alike (waives, units in a box)
        ordered = {  # the power's orders, by slot: those taken before, then those read here
            slot: parse_order(self.map, text) for slot, text in (taken or {}).items()
        }
        read: list[OrderLine] = []
        for line in lines:
            for text in split_orders(line):
                try:
                    order = parse_order(self.map, text)
                    slot = self._check(position, Power(power), order)
                except OrderSyntaxError as error:
                    read.append(OrderLine(text, error=error.reason))
                    continue
                except Illegal as why:
                    read.append(OrderLine(text, error=str(why)))
                    continue
                slot, refused = self._count(position, Power(power), order, slot, counted, ordered)
                if refused:
                    read.append(OrderLine(text, error=refused))
                    continue
                before = ordered.get(slot)
                ordered[slot] = order
                replaced = str(before) if before is not None and before != order else None
                read.append(OrderLine(text, canonical=str(order), slot=slot, replaces=replaced))
        return read

    def _count(
        self,
        position: Position,
        power: Power,
        order: Order,
        slot: str,
        counted: dict[str, int],
        taken: Mapping[str, Order],
    ) -> tuple[str, str]:
        """Number the slot of one of several things alike (``waive 2``, ``scotland A 2``: ``#``
        marks them), and refuse one too many, counted over the power's whole set of orders
        (``taken``: those given before and those read so far, each filling its slot): units in a
        box beyond their number, builds or removals beyond those due, a fleet build beyond the
        variant's limit (Wars of the Roses I, rule 7). (slot, error or "")."""
        numbered = slot == "waive" or slot.endswith(" #")
        base = slot.removesuffix(" #")
        number = counted.get(base, 0) + 1
        if numbered:
            most = slot_limit(position, power, base)
            if most is not None and number > most:
                counted[base] = number
                return slot, one_too_many(self.map, position, power, base)
            slot = f"{base} {number}"
        if position.phase.kind is PhaseKind.ADJUSTMENT:
            refused = check_limit(self.map, position, power, order, slot, taken)
            if refused:
                return slot, refused
        if isinstance(order, Build):
            fleets = sum(  # the power's fleet builds with this one, this one replacing its slot's
                isinstance(other, Build) and other.unit.type is UnitType.FLEET
                for other in {**taken, slot: order}.values()
            )
            refused = self.rules.too_many_fleets(power, fleets)
            if refused:
                return slot, refused
        if numbered:
            counted[base] = number
        return slot, ""

    def _check(self, position: Position, power: Power, order: Order) -> str:
        """The slot an order fills; raises Illegal for an order impossible in this position."""
        kind = position.phase.kind
        if kind is PhaseKind.ADJUSTMENT:
            check_due(self.map, position, power, order)
        special = self.rules.check_order(self.map, position, power, order)
        if special is not None:  # the King's orders, and units in boxes
            return special
        assert not isinstance(order, TransferKing)  # the rules take the King's orders
        if kind is PhaseKind.ADJUSTMENT:
            return check_adjustment(self.map, position, power, order)
        if kind is PhaseKind.RETREAT:
            return check_retreat_order(self.map, position, power, order)
        if isinstance(order, (Build, Disband, Waive)):
            raise Illegal("that is not an order for a movement phase")
        unit = find_unit(position.units, order.unit)
        if unit.power != power:
            raise Illegal(f"the unit in {unit.province} belongs to {unit.power}")
        fleets = fleets_in_seas(self.map, position.units)
        if isinstance(order, Move):
            check_move(self.map, fleets, unit, order)
        elif isinstance(order, (SupportHold, SupportMove)):
            check_support(self.map, position.units, fleets, unit, order)
        elif isinstance(order, Convoy):
            check_convoy(self.map, position.units, fleets, unit, order)
        return unit.province

    def waiting(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        """What these canonical orders leave to order (``arrival.waiting``): nothing when they
        are complete. Orders that cannot stand do not count."""
        ordered = {line.slot for line in self.read_orders(state, power, orders) if line.slot}
        return waiting(self.map, self.position(state), Power(power), ordered)

    # --- resolution --------------------------------------------------------------------------------

    def resolve(
        self, state: State, orders: Mapping[str, Sequence[str]], rng: Random
    ) -> PhaseResult:
        position = self.position(state)
        given: list[tuple[Power, Order]] = []
        for power, texts in orders.items():
            for text in texts:
                given.append((Power(power), parse_order(self.map, text)))
        defaults = self._defaults(position, given)
        resolution = adjudicate(self.map, position, given + defaults)
        following = write_position(resolution.position, self.map.calendar)
        self._remember(following, resolution.position)
        owned = Counter(resolution.position.supply_centres.values())
        report: dict[str, Any] = {
            "phase": self.map.calendar.code(position.phase),
            "results": [
                {
                    "power": r.power,
                    "order": str(r.order),
                    "unit": str(r.unit) if r.unit else None,
                    "resolution": [str(w) for w in r.resolution],
                    "message": r.message,
                    "default": number >= len(given),
                }
                for number, r in enumerate(resolution.results)
            ],
            "automatic": [
                {"power": a.unit.power, "unit": str(a.unit), "action": a.action}
                for a in resolution.automatic
            ],
            "next": following,
            "centres": {  # on the board, the count of every report (reports.py)
                power: owned[power] for power in self.map.powers
            },
            **phase_report(self.map, position, resolution, len(given)),  # the board, the year
            **self.rules.report(self.map, resolution.position),  # the King, the boxes
        }
        if resolution.notes:
            report["notes"] = list(resolution.notes)
        return PhaseResult(following, report)

    def _defaults(
        self, position: Position, given: list[tuple[Power, Order]]
    ) -> list[tuple[Power, Order]]:
        """Hold orders for the units of a movement phase that were given none, so that reports
        show every unit (the rules' default; the judge marks them "no order")."""
        if position.phase.kind is not PhaseKind.MOVEMENT:
            return []
        ordered = {
            order.unit.province
            for _, order in given
            if not isinstance(order, (Waive, TransferKing))
        }
        return [
            (unit.power, Hold(UnitRef(unit.type, unit.location)))
            for unit in [*position.units.values(), *without_orders(position, given)]
            if unit.province not in ordered or unit.province in self.map.boxes
        ]

    # --- random playouts (judge.games.kind.Playout) -------------------------------------------------

    def random_orders(self, state: State, power: str, rng: Random) -> list[str]:
        return random_orders(self.map, self.position(state), Power(power), rng)

    def standing(self, state: State) -> Standing:
        position = self.position(state)
        owned = Counter(position.supply_centres.values())
        return Standing(position.phase.year, {power: owned[power] for power in self.map.powers})

    def scores_shown(self, report: dict[str, Any]) -> Mapping[str, int] | None:
        return None  # nothing is hidden: SUMMARY's table comes from ``standing`` year by year

    def violations(self, before: State, result: PhaseResult) -> list[str]:
        """The variant's invariants (``selfplay_invariants``); that every order given was
        possible (random orders always are); and that the state reads back as the position the
        phase made (what the judge stores is all there is)."""
        try:
            after, stored = self.position(result.state), read_position(self.map, result.state)
        except WireError as error:
            return [f"the state after the phase cannot be read: {error}"]
        problems = violations(self.map, self.position(before), after)
        problems += [
            f"{r['power']}: {r['order']} was {' '.join(r['resolution'])}: {r['message']}"
            for r in result.report.get("results", ())
            if "illegal" in r["resolution"] and not r.get("default")
        ]
        if stored != after:
            problems.append("the state does not read back as the position the phase made")
        return problems

    def survivors(self, state: State) -> list[str]:
        """The powers with a unit (dislodged or not, on the board or in a box) or a supply centre
        (on the board, or off it: a box's centres are always its power's, Wars of the Roses I,
        rule 5); in mobilization, a power with its first build due (``adjustments.mobilizing``)."""
        position = self.position(state)
        units = [*position.units.values(), *position.off_board]
        alive = {unit.power for unit in units} | {d.unit.power for d in position.dislodged}
        alive |= set(position.supply_centres.values())
        if mobilizing(self.map, position):
            alive |= {power for power, due in adjustment_counts(self.map, position).items() if due}
        alive |= {box.power for box in self.map.boxes.values() if box.centres}
        return [power for power in self.map.powers if power in alive]

    def board(self, state: State) -> dict[str, Any]:
        """Each power's units and supply centres, counted as every report counts them
        (``reports.board``)."""
        return board(self.map, self.position(state))

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        return state  # nothing is hidden in Diplomacy

    def exports(self, game: str, phases: Sequence[tuple[State, dict[str, Any]]],
                present: State) -> dict[str, Any]:
        """MILA's saved game for the standard map (``mila.py``); nothing for other maps."""
        if self.map.name != "standard":
            return {}
        return {"mila.json": saved_game(self.map, game, phases, present)}

    def holdings(self, state: State, power: str) -> dict[str, list[str]]:
        """The power's units (on the board by place, then in its box), its dislodged units, its
        supply centres on the board (the count victory goes by, rule 3 of Wars of the Roses I)
        and, apart, the centres of its box (its own besides, counting for builds: rule 5), as
        every report shows them (``reports.board``)."""
        entry = next(e for e in self.board(state)["powers"] if e["power"] == power)
        held = {"units": entry["units"], "dislodged": entry["dislodged"],
                "centres": entry["centres"]}
        if self.map.boxes:
            held["centres in its box (for builds)"] = entry["box_centres"]
        return held

    def letter(self, power: str) -> str:
        return self.map.powers[Power(power)].letter

    def report_view(self, report: dict[str, Any], power: str | None) -> dict[str, Any]:
        """Everything: once a phase is processed its orders and results are public. Added for the
        templates: ``year_end`` (after a fall or winter phase the centres are counted), ``due_when``
        (the adjustments after it, as the calendar says it: ``this winter``, ``in 1430``) and
        ``units``, each power's units on the board and in its box after the phase."""
        units = Counter(unit["power"] for unit in report["next"]["units"])
        phase = self.map.calendar.parse(report["phase"])
        return {
            **report,
            "year_end": phase.season is not Season.SPRING,
            "due_when": self.map.calendar.adjustments_of(phase),  # "this winter"; "in 1430"
            "units": {power: units.get(power, 0) for power in self.map.powers},
        }

    def outcome(self, state: State) -> Outcome | None:
        """Whether the game is won: by the standard rules, a power owning the variant's number of
        supply centres (centres change hands only after the fall); a variant's own (hooks.py)."""
        won = self.rules.outcome(self.map, self.position(state))
        return None if won is None else Outcome(won.winners, won.reason)
