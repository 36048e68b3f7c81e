"""Diplomacy as a game kind (``judge.games.kind.GameKind``): what the judge service asks of it.

The state is the position in the JSON form of ``wire.py`` (the form ``judge adjudicate`` reads and
writes). Orders are kept as canonical text; each fills a *slot*: the unit it orders (movement and
retreats), the site of a build, or a removal; a later order for the same slot replaces the
earlier one. Orders are checked as they arrive, so a player hears at once of an order the position
already shows impossible; whether it succeeds is only known at the deadline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from ..kind import OrderLine, Outcome, Pending, PhaseResult, State
from .adjustments import adjustment_counts, buildable_sites
from .legality import Illegal, check_convoy, check_move, check_support, find_unit, fleets_in_seas
from .maps import Map
from .orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)
from .parser import OrderSyntaxError, parse_order, split_orders
from .position import Position
from .turns import adjudicate, starting_position
from .vocabulary import PhaseKind, Power
from .wire import read_position, write_position

_TIMING = {
    PhaseKind.MOVEMENT: "movement",
    PhaseKind.RETREAT: "retreat",
    PhaseKind.ADJUSTMENT: "adjustment",
}


class DiplomacyGame:
    """Diplomacy on one variant's map."""

    def __init__(self, game_map: Map) -> None:
        self.map = game_map
        self.name = f"diplomacy/{game_map.name}"

    def powers(self) -> Sequence[str]:
        return list(self.map.powers)

    def power_named(self, text: str) -> str | None:
        return self.map.power_named(text)

    def new_game(self, seed: bytes) -> State:
        return write_position(starting_position(self.map))

    def position(self, state: State) -> Position:
        return read_position(self.map, state)

    def pending(self, state: State) -> Pending:
        position = self.position(state)
        return Pending(
            str(position.phase), _TIMING[position.phase.kind], frozenset(self._to_act(position))
        )

    def _to_act(self, position: Position) -> set[Power]:
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            return {unit.power for unit in position.units.values()}
        if kind is PhaseKind.RETREAT:
            return {d.unit.power for d in position.dislodged}
        return {
            power
            for power, due in adjustment_counts(self.map, position).items()
            if due < 0 or (due > 0 and buildable_sites(self.map, position, power))
        }

    # --- orders ----------------------------------------------------------------------------------

    def read_orders(self, state: State, power: str, lines: Sequence[str]) -> list[OrderLine]:
        position = self.position(state)
        read: list[OrderLine] = []
        waives = 0
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
                if slot == "waive":
                    waives += 1
                    slot = f"waive {waives}"
                read.append(OrderLine(text, canonical=str(order), slot=slot))
        return read

    def _check(self, position: Position, power: Power, order: Order) -> str:
        """The slot an order fills; raises Illegal for an order impossible in this position."""
        kind = position.phase.kind
        if kind is PhaseKind.ADJUSTMENT:
            if isinstance(order, Waive):
                return "waive"
            if isinstance(order, Build):
                return f"build {order.unit.province}"
            if isinstance(order, Disband):
                unit = find_unit(position.units, order.unit)
                if unit.power != power:
                    raise Illegal(f"the unit in {unit.province} belongs to {unit.power}")
                return unit.province
            raise Illegal("only builds, removals and waives are ordered in an adjustment phase")
        if kind is PhaseKind.RETREAT:
            if not isinstance(order, (Move, Disband)):
                raise Illegal("only retreats and disbands are ordered in a retreat phase")
            for dislodged in position.dislodged:
                if dislodged.unit.province == order.unit.province:
                    if dislodged.unit.power != power:
                        raise Illegal(f"the unit in {dislodged.unit.province} is not yours")
                    return dislodged.unit.province
            raise Illegal(f"no unit of yours was dislodged from {order.unit.province}")
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

    def complete(self, state: State, power: str, orders: Sequence[str]) -> bool:
        position = self.position(state)
        kind = position.phase.kind
        ordered = {line.slot for line in self.read_orders(state, power, orders) if line.slot}
        if kind is PhaseKind.MOVEMENT:
            return all(u.province in ordered for u in position.units_of(Power(power)))
        if kind is PhaseKind.RETREAT:
            return all(
                d.unit.province in ordered for d in position.dislodged if d.unit.power == power
            )
        due = adjustment_counts(self.map, position).get(Power(power), 0)
        if due > 0:
            possible = min(due, len(buildable_sites(self.map, position, Power(power))))
            return sum(1 for slot in ordered if slot.startswith(("build ", "waive "))) >= possible
        return sum(1 for slot in ordered if " " not in slot) >= -due

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
        following = write_position(resolution.position)
        report: dict[str, Any] = {
            "phase": str(position.phase),
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
            "centres": {
                power: resolution.position.centre_count(power) for power in self.map.powers
            },
        }
        return PhaseResult(following, report, self.outcome(following))

    def _defaults(
        self, position: Position, given: list[tuple[Power, Order]]
    ) -> list[tuple[Power, Order]]:
        """Hold orders for the units of a movement phase that were given none, so that reports
        show every unit (the rules' default; the judge marks them "no order")."""
        if position.phase.kind is not PhaseKind.MOVEMENT:
            return []
        ordered = {order.unit.province for _, order in given if not isinstance(order, Waive)}
        return [
            (unit.power, Hold(UnitRef(unit.type, unit.location)))
            for unit in position.units.values()
            if unit.province not in ordered
        ]

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        return state  # nothing is hidden in Diplomacy

    def outcome(self, state: State) -> Outcome | None:
        """A power owning the variant's number of supply centres wins (checked after the fall)."""
        position = self.position(state)
        for power in self.map.powers:
            if position.centre_count(power) >= self.map.victory_centres:
                return Outcome(
                    (power,), f"{power} owns {position.centre_count(power)} supply centres"
                )
        return None
