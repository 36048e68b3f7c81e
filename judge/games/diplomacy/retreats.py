"""The retreat phase: dislodged units retreat or disband.

A dislodged unit may retreat to a province it could move to, except one that is occupied, the one
its attacker came from (unless the attacker was convoyed), or one left empty by a standoff this turn
(DATC 6.H.5, 6.H.6, 6.H.11). Convoys and supports play no part (6.H.1 to 6.H.3, 6.H.13, 6.H.14).
Two units retreating to one province are both destroyed; a unit without an order is disbanded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .legality import Illegal, fleet_destination
from .maps import Map
from .orders import Disband, Move, Order
from .position import AutomaticAction, Dislodged, OrderResult, Position, Word
from .vocabulary import Location, Power, Province, Unit, UnitType, province_of


def retreat_options(
    game_map: Map,
    units: Mapping[Province, Unit],
    dislodged: Dislodged,
    standoffs: frozenset[Province],
) -> tuple[Location, ...]:
    """Where a dislodged unit may retreat, given the units left on the board after the move."""
    unit = dislodged.unit
    if unit.type is UnitType.ARMY:
        places: list[Location] = [Location(p) for p in game_map.army_moves[unit.province]]
    else:
        places = list(game_map.fleet_moves.get(unit.location, ()))
    return tuple(
        sorted(
            place
            for place in places
            if province_of(place) not in units
            and province_of(place) not in standoffs
            and (dislodged.by_convoy or province_of(place) != dislodged.attacker_from)
        )
    )


@dataclass(frozen=True)
class RetreatOutcome:
    results: list[OrderResult]
    automatic: list[AutomaticAction]
    units: dict[Province, Unit]


def resolve_retreats(
    game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
) -> RetreatOutcome:
    by_province = {d.unit.province: d for d in position.dislodged}
    checked: list[tuple[Power, Order, Dislodged | None, Location | None, str]] = []
    chosen: dict[Province, int] = {}
    for power, order in orders:
        dislodged, arrives, problem = check_retreat(game_map, by_province, power, order)
        checked.append((power, order, dislodged, arrives, problem))
        if dislodged is not None and not problem:
            chosen[dislodged.unit.province] = len(checked) - 1  # the last possible order wins

    targets: dict[Province, int] = {}
    for number in chosen.values():
        arrives = checked[number][3]
        if arrives is not None:
            targets[province_of(arrives)] = targets.get(province_of(arrives), 0) + 1

    units = dict(position.units)
    results: list[OrderResult] = []
    for number, (power, order, dislodged, arrives, problem) in enumerate(checked):
        unit = dislodged.unit if dislodged else None
        if problem or dislodged is None:
            results.append(OrderResult(power, order, unit, (Word.ILLEGAL,), problem))
        elif chosen[dislodged.unit.province] != number:
            message = "replaced by a later order for the same unit"
            results.append(OrderResult(power, order, unit, (Word.ILLEGAL,), message))
        elif arrives is None:
            results.append(OrderResult(power, order, unit, (Word.SUCCEEDS,)))
        elif targets[province_of(arrives)] > 1:
            message = f"another unit retreated to {province_of(arrives)} too: both are destroyed"
            results.append(OrderResult(power, order, unit, (Word.FAILS,), message))
        else:
            units[province_of(arrives)] = Unit(dislodged.unit.power, dislodged.unit.type, arrives)
            results.append(OrderResult(power, order, unit, (Word.SUCCEEDS,)))

    automatic = [
        AutomaticAction(d.unit, "disband")
        for province, d in by_province.items()
        if province not in chosen
    ]
    return RetreatOutcome(results, automatic, units)


def check_retreat(
    game_map: Map, by_province: Mapping[Province, Dislodged], power: Power, order: Order
) -> tuple[Dislodged | None, Location | None, str]:
    """The dislodged unit a retreat phase order names, where it arrives (None: a disband), and
    why it is impossible ("" if it is possible); the judge checks orders so as they arrive."""
    if not isinstance(order, (Move, Disband)):
        return None, None, "only retreats and disbands are ordered in a retreat phase (DATC 6.H.1)"
    dislodged = by_province.get(province_of(order.unit.location))
    if dislodged is None:
        return None, None, f"no unit was dislodged from {province_of(order.unit.location)}"
    unit = dislodged.unit
    if order.unit.type is not None and order.unit.type is not unit.type:
        return dislodged, None, f"the dislodged unit in {unit.province} is {unit.type.name.lower()}"
    if unit.power != power:
        return dislodged, None, f"the dislodged unit in {unit.province} belongs to {unit.power}"
    if isinstance(order, Disband):
        return dislodged, None, ""
    if order.via_convoy:
        return dislodged, None, "a retreat cannot be convoyed (DATC 6.H.13)"
    if unit.type is UnitType.FLEET:
        try:
            arrives = fleet_destination(game_map, unit.location, order.destination)
        except Illegal as why:
            return dislodged, None, str(why)
    else:
        arrives = Location(province_of(order.destination))
    if arrives not in dislodged.retreats:
        if not dislodged.retreats:
            return dislodged, None, f"{unit} has nowhere to retreat: it can only disband"
        options = ", ".join(dislodged.retreats)
        return dislodged, None, f"{unit} cannot retreat to {arrives}; it may retreat to {options}"
    return dislodged, arrives, ""
