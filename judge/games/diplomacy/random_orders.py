"""Random but possible orders for a power: for playouts, tests and benchmarks.

Chance comes only from the ``Random`` given. Movement: each unit holds, moves to a neighbour, or
supports the hold or the move of a unit of its own power that it can reach; an army on a coast
sometimes goes by convoy instead, its own fleets at sea carrying it. Retreats: a random legal
retreat, or a disband when there is none. Adjustments: builds in free home centres (an army, or a
fleet where one can stand), or removals of random units. Every order is written in the canonical
form. On a map with boxes, units in a box hold or move onto the board, and builds go to the box
too; the holder of the King sometimes takes him along or hands him on; no power builds more
fleets than its rules allow.
"""

from __future__ import annotations

from functools import cache
from random import Random

from .adjustments import adjustment_counts, buildable_sites
from .king import neighbours
from .maps import Map
from .position import Position
from .rules import rules_for
from .vocabulary import Location, PhaseKind, Power, Province, UnitType, province_of


def random_orders(game_map: Map, position: Position, power: Power, rng: Random) -> list[str]:
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement(game_map, position, power, rng)
    if kind is PhaseKind.RETREAT:
        return [
            f"{d.unit} - {rng.choice(d.retreats)}" if d.retreats else f"{d.unit} D"
            for d in position.dislodged
            if d.unit.power == power
        ]
    due = adjustment_counts(game_map, position).get(power, 0)
    if due < 0:
        units = sorted(position.units_of(power), key=lambda u: u.location)
        units += [unit for unit in position.off_board if unit.power == power]
        return [f"{unit} D" for unit in rng.sample(units, -due)]
    orders = []
    fleets_left = rules_for(game_map).fleet_builds  # None: any number
    for site in buildable_sites(game_map, position, power)[:due]:
        box = game_map.boxes.get(site)
        if box is not None:
            fleet_places: tuple[Location, ...] = (Location(site),) if box.fleet_entries else ()
        else:
            fleet_places = game_map.fleet_locations(site)
        if fleet_places and fleets_left != 0 and rng.random() < 0.4:
            orders.append(f"Build F {rng.choice(fleet_places)}")
            fleets_left = None if fleets_left is None else fleets_left - 1
        else:
            orders.append(f"Build A {site}")
    return orders


_Steps = dict[Location, tuple[str, ...]]
_Reach = dict[Location, frozenset[str]]


@cache
def _steps(game_map: Map) -> tuple[_Steps, _Steps]:
    """Where a unit can move, for armies (by province) and fleets (by location), sorted so that
    a seed always makes the same choice."""
    armies: _Steps = {Location(p): tuple(sorted(moves)) for p, moves in game_map.army_moves.items()}
    fleets: _Steps = {loc: tuple(sorted(moves)) for loc, moves in game_map.fleet_moves.items()}
    return armies, fleets


@cache
def _reach(game_map: Map) -> tuple[_Reach, _Reach]:
    """The provinces a unit can move into (and so support into), for armies and fleets."""
    armies: _Reach = {Location(p): frozenset(moves) for p, moves in game_map.army_moves.items()}
    fleets: _Reach = {
        loc: frozenset(province_of(there) for there in moves)
        for loc, moves in game_map.fleet_moves.items()
    }
    return armies, fleets


def _movement(game_map: Map, position: Position, power: Power, rng: Random) -> list[str]:
    army_steps, fleet_steps = _steps(game_map)
    army_reach, fleet_reach = _reach(game_map)
    units = position.units_of(power)
    moves: dict[str, str] = {}
    for unit in units:
        if rng.random() < 0.55:
            army = unit.type is UnitType.ARMY
            neighbours = army_steps[unit.location] if army else fleet_steps[unit.location]
            if neighbours:
                moves[unit.province] = rng.choice(neighbours)
    convoys = _convoys(game_map, position, power, moves, rng)
    targets = {origin: province_of(destination) for origin, destination in moves.items()}
    orders = []
    for unit in units:
        if unit.province in convoys:
            orders.append(convoys[unit.province])
            continue
        if unit.province in moves:
            orders.append(f"{unit} - {moves[unit.province]}")
            continue
        reach = (
            army_reach[unit.location] if unit.type is UnitType.ARMY else fleet_reach[unit.location]
        )
        friends = [
            other
            for other in units
            if other is not unit
            and (other.province in reach or targets.get(other.province) in reach)
        ]
        if friends and rng.random() < 0.6:
            other = rng.choice(friends)
            target = targets.get(other.province, "")
            if target in reach and target != unit.province:
                orders.append(f"{unit} S {other} - {target}")
            elif other.province in reach:
                orders.append(f"{unit} S {other}")
            else:
                orders.append(f"{unit} H")
        else:
            orders.append(f"{unit} H")
    if position.off_board:
        orders += _leaving_boxes(game_map, position, power, rng)
    if position.king is not None:
        orders = _with_the_king(game_map, position, power, orders, rng)
    return orders


def _convoys(
    game_map: Map, position: Position, power: Power, moves: dict[str, str], rng: Random
) -> dict[Province, str]:
    """Some of the power's moving armies go by sea: an army chosen to move picks among its
    neighbours by land and the coasts its own fleets at sea could carry it to. If it picks a
    coast, the fleets of one shortest route there convoy it and give up their own moves.
    Returns the orders of the army and of its fleets, by province; ``moves`` gets the army's
    destination (for the supports of the others) and loses the fleets' moves."""
    orders: dict[Province, str] = {}
    fleets = {u.province: u for u in position.units_of(power)
              if u.province in game_map.convoying and u.type is UnitType.FLEET}  # a port holds armies too
    if not fleets:
        return orders
    for army in position.units_of(power):
        if army.type is not UnitType.ARMY or army.province not in moves:
            continue
        free = {sea for sea in fleets if sea not in orders}
        routes = _routes_by_sea(game_map, army.province, free)
        if not routes:
            continue
        destination = rng.choice(sorted(game_map.army_moves[army.province]) + sorted(routes))
        if destination not in routes:
            continue  # it keeps its move by land
        moves[army.province] = destination
        orders[army.province] = f"{army} - {destination} via convoy"
        for sea in routes[destination]:
            moves.pop(sea, None)
            orders[sea] = f"{fleets[sea]} C {army} - {destination}"
    return orders


def _routes_by_sea(
    game_map: Map, origin: Province, fleets: set[Province]
) -> dict[Province, tuple[Province, ...]]:
    """The coasts an army at ``origin`` could be convoyed to by fleets in the seas ``fleets``
    (its neighbours by land aside), each with the seas of a shortest route there."""
    seas = game_map.seas_touching
    routes: dict[Province, tuple[Province, ...]] = {
        sea: (sea,) for sea in sorted(seas[origin] & fleets)
    }
    frontier = list(routes)
    while frontier:  # breadth first: each sea is reached by a shortest route
        further = []
        for sea in frontier:
            for step in sorted(seas[sea] & fleets):
                if step not in routes:
                    routes[step] = (*routes[sea], step)
                    further.append(step)
        frontier = further
    landings: dict[Province, tuple[Province, ...]] = {}
    for sea, route in routes.items():  # shortest routes first
        for coast in _coasts(game_map)[sea]:
            if coast != origin and coast not in game_map.army_moves[origin]:
                landings.setdefault(coast, route)
    return landings


@cache
def _coasts(game_map: Map) -> dict[Province, tuple[Province, ...]]:
    """The coasts each sea (or port) touches, where a convoyed army could land, sorted."""
    coasts: dict[Province, list[Province]] = {sea: [] for sea in game_map.convoying}
    for province in sorted(game_map.provinces):
        if province not in game_map.seas:
            for sea in game_map.seas_touching[province]:
                coasts[sea].append(province)
    return {sea: tuple(places) for sea, places in coasts.items()}


def _leaving_boxes(game_map: Map, position: Position, power: Power, rng: Random) -> list[str]:
    """Each unit of the power in a box holds, or moves onto one of its entries (boxes.py)."""
    orders = []
    for unit in position.off_board:
        if unit.power != power:
            continue
        box = game_map.boxes[unit.province]
        entries = box.army_entries if unit.type is UnitType.ARMY else box.fleet_entries
        if entries and rng.random() < 0.5:
            orders.append(f"{unit} - {rng.choice(sorted(entries))}")
        else:
            orders.append(f"{unit} H")
    return orders


def _with_the_king(
    game_map: Map, position: Position, power: Power, orders: list[str], rng: Random
) -> list[str]:
    """If the power holds the King (king.py): its unit with him sometimes takes him along when
    it moves, or hands him to a unit of its own next door when both stay put."""
    king = position.king
    holder = position.units.get(king) if king is not None else None
    if king is None or holder is None or holder.power != power:
        return orders
    mine = {  # each unit's order, by the unit's location
        order.split()[1]: number for number, order in enumerate(orders) if order[:2] in ("A ", "F ")
    }
    number = mine.get(holder.location)
    if number is None:
        return orders
    order = orders[number]
    if _is_move(order):
        if rng.random() < 0.5:
            orders[number] = f"{holder.type}+K{order[1:]}"
        return orders
    near = neighbours(game_map)[king]
    staying = sorted(
        unit.province
        for unit in position.units_of(power)
        if unit.province in near
        and (n := mine.get(unit.location)) is not None
        and not _is_move(orders[n])
    )
    if staying and rng.random() < 0.3:
        orders.append(f"K {king} - {rng.choice(staying)}")
    return orders


def _is_move(order: str) -> bool:
    """Whether a unit's order (in the canonical form) moves it: not a hold, support or convoy."""
    return " - " in order and " S " not in order and " C " not in order
