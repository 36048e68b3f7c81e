"""Which orders are possible in a position, whatever the other orders say.

An order that fails these checks is *illegal* (DATC v3.2 words, issue 4.E.1): it is ignored and the
unit holds. Each check raises ``Illegal`` with the reason, in the player's terms, for an impossible order.
Whether a possible order *matches* the orders it relies on (a support, a convoy) is decided later,
with all orders in view; a mismatch makes it *invalid*.
"""

from __future__ import annotations

from collections.abc import Mapping

from .convoys import on_some_route, route_exists
from .maps import Map
from .orders import Convoy, Move, SupportHold, SupportMove, UnitRef
from .vocabulary import ARMY, FLEET, Location, Province, ProvinceKind, Unit, UnitType
from .vocabulary import coast_of, province_of


class Illegal(Exception):
    """An order is impossible in this position; the message says why, in the player's terms."""


def find_unit(units: Mapping[Province, Unit], ref: UnitRef) -> Unit:
    """The unit an order names (raises Illegal if there is none). The coast of the unit is not checked: a
    wrong or missing coast still names the one fleet in the province (DATC 6.B.10)."""
    unit = units.get(ref.province)
    if unit is None:
        raise Illegal(f"there is no unit in {ref.province}")
    if ref.type is not None and ref.type is not unit.type:
        kind = "an army" if unit.type is UnitType.ARMY else "a fleet"
        raise Illegal(f"the unit in {unit.province} is {kind}")
    return unit


def fleet_destination(game_map: Map, origin: Location, destination: Location) -> Location:
    """The coast a fleet moving from origin to destination arrives on (raises Illegal if none).

    A coast may be left out when only one can be reached (DATC 4.B.1 lenient choice, 6.B.2); when
    two can, the order is refused rather than guessed (6.B.1); an unreachable coast is not
    corrected to the other (6.B.3)."""
    if destination in game_map.fleet_moves.get(origin, ()):
        return destination  # the usual case: a place the fleet reaches, named exactly
    province = province_of(destination)
    info = game_map.provinces[province]
    if info.kind is ProvinceKind.LAND:
        raise Illegal(f"a fleet cannot go to {province}, which is inland")
    reachable = game_map.fleet_reaches(origin, province)
    coast = coast_of(destination)
    if coast is not None:
        if destination in reachable:
            return destination
        raise Illegal(f"a fleet in {origin} cannot reach {destination}")
    if len(reachable) == 1:
        return reachable[0]
    if not reachable:
        raise Illegal(f"a fleet in {origin} cannot reach {province}")
    options = " or ".join(coast_of(loc) or loc for loc in reachable)
    raise Illegal(f"{province} has several coasts a fleet in {origin} can reach: say which ({options})")


def fleets_in_seas(game_map: Map, units: Mapping[Province, Unit]) -> frozenset[Province]:
    """The seas (and ports) holding a fleet: where convoy routes can run."""
    occupied = game_map.convoying.intersection(units)  # few: looked at one by one
    return frozenset(p for p in occupied if units[p].type is FLEET)


def check_move(
    game_map: Map, fleets: frozenset[Province], unit: Unit, order: Move
) -> Location:
    """Where a possible move arrives (its location); raises Illegal for an impossible move."""
    if not order.via_convoy:  # the usual case: a move to a neighbouring place, named exactly
        if unit.type is ARMY:
            # a destination named without a coast is a province
            if order.destination in game_map.army_moves[unit.province]:  # type: ignore[comparison-overlap]
                return order.destination
        elif order.destination in game_map.fleet_moves.get(unit.location, ()):
            return order.destination
    destination = province_of(order.destination)
    if destination not in game_map.provinces:
        raise Illegal(f"unknown province {destination}")
    if destination == unit.province:
        raise Illegal("a unit cannot move to the province it is in (DATC 6.A.4)")
    if unit.type is FLEET:
        if order.via_convoy:
            raise Illegal("only armies can be convoyed (DATC 6.A.7)")
        return fleet_destination(game_map, unit.location, order.destination)
    if destination in game_map.seas:
        raise Illegal(f"an army cannot go to {destination}, which is a sea (DATC 6.A.2)")
    if destination in game_map.army_moves[unit.province] and not order.via_convoy:
        return Location(destination)
    if route_exists(game_map, unit.province, destination, fleets):
        return Location(destination)
    if order.via_convoy and destination in game_map.army_moves[unit.province]:
        return Location(destination)  # possible by land; whether the convoy is there is decided later
    raise Illegal(f"{unit.province} is not next to {destination} and no fleets could convoy it there")


def check_support(
    game_map: Map,
    units: Mapping[Province, Unit],
    fleets: frozenset[Province],
    unit: Unit,
    order: SupportHold | SupportMove,
) -> Unit:
    """The supported unit; raises Illegal for an impossible support.

    The supporter must be able to move into the province it supports (on any coast: DATC 6.B.4,
    but from its own coast: 6.B.5), and a supported move must itself be possible (6.D.22 to 6.D.24,
    6.D.31)."""
    target = units.get(order.target.province)  # its type need not be right (6.D.35)
    if target is None:
        raise Illegal(f"there is no unit in {order.target.province} to support")
    if isinstance(order, SupportHold):
        if target.province == unit.province:
            raise Illegal("a unit cannot support itself (DATC 6.A.8)")
        where = target.province
    else:
        where = province_of(order.destination)
        if where not in game_map.provinces:
            raise Illegal(f"unknown province {where}")
        if where == unit.province:
            raise Illegal("a unit cannot support a move into its own province (DATC 6.D.34)")
        if target.province == unit.province:
            raise Illegal("a unit cannot support itself")
        if where == target.province:
            raise Illegal("the supported unit cannot move to its own province (DATC 6.A.5)")
        _check_supported_move(game_map, fleets, unit, target, order)
    if not game_map.reaches(unit.type, unit.location, where):
        raise Illegal(f"{unit} cannot move to {where}, so it cannot support there")
    return target


def _check_supported_move(
    game_map: Map, fleets: frozenset[Province], supporter: Unit, target: Unit, order: SupportMove
) -> None:
    where = province_of(order.destination)
    if target.type is FLEET:
        if not game_map.reaches(target.type, target.location, where):
            raise Illegal(f"the supported fleet in {target.location} cannot reach {where}")
        return
    if where in game_map.seas:
        raise Illegal(f"the supported army cannot go to {where}, which is a sea")
    if where in game_map.army_moves[target.province]:
        return
    if route_exists(game_map, target.province, where, fleets - {supporter.province}):
        return
    raise Illegal(f"the army in {target.province} could not reach {where} (DATC 6.D.31)")


def check_convoy(
    game_map: Map,
    units: Mapping[Province, Unit],
    fleets: frozenset[Province],
    unit: Unit,
    order: Convoy,
) -> Unit:
    """The army to convoy; raises Illegal if this fleet cannot convoy it there."""
    if unit.type is not UnitType.FLEET:
        raise Illegal("only fleets convoy")
    if unit.province not in game_map.convoying:
        where = "a sea" if game_map.convoying == game_map.seas else "a sea or a port"
        raise Illegal(f"only a fleet in {where} can convoy (DATC 6.F.1)")
    army = units.get(order.army.province)
    if army is None:
        raise Illegal(f"there is no unit in {order.army.province}")
    if army.type is not UnitType.ARMY:
        raise Illegal("only armies can be convoyed (DATC 6.A.7)")
    destination = province_of(order.destination)
    if destination not in game_map.provinces:
        raise Illegal(f"unknown province {destination}")
    if destination == army.province:
        raise Illegal("an army cannot be convoyed to its own province (DATC 6.A.5)")
    if destination in game_map.seas:
        raise Illegal(f"an army cannot go to {destination}, which is a sea")
    if not on_some_route(game_map, army.province, destination, fleets, unit.province):
        raise Illegal(f"{unit.province} is on no convoy route from {army.province} to {destination}")
    return army
