"""Random but possible orders for a power: for playouts, tests and benchmarks.

Chance comes only from the ``Random`` given. Movement: each unit holds, moves to a neighbour, or
supports the hold or the move of a unit of its own power that it can reach. Retreats: a random legal retreat, or a disband when
there is none. Adjustments: builds in free home centres (an army, or a fleet where one can stand),
or removals of random units. Every order is written in the canonical form.
"""

from __future__ import annotations

from random import Random

from .adjustments import adjustment_counts, buildable_sites
from .maps import Map
from .position import Position
from .vocabulary import PhaseKind, Power, UnitType


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
        return [f"{unit} D" for unit in rng.sample(units, -due)]
    orders = []
    for site in buildable_sites(game_map, position, power)[:due]:
        fleet_places = game_map.fleet_locations(site)
        if fleet_places and rng.random() < 0.4:
            orders.append(f"Build F {rng.choice(fleet_places)}")
        else:
            orders.append(f"Build A {site}")
    return orders


def _movement(game_map: Map, position: Position, power: Power, rng: Random) -> list[str]:
    units = [u for u in position.units.values() if u.power == power]
    moves: dict[str, str] = {}
    for unit in units:
        if rng.random() < 0.55:
            neighbours: list[str] = sorted(
                game_map.army_moves[unit.province]
                if unit.type is UnitType.ARMY
                else game_map.fleet_moves[unit.location]
            )
            if neighbours:
                moves[unit.province] = rng.choice(neighbours)
    orders = []
    for unit in units:
        if unit.province in moves:
            orders.append(f"{unit} - {moves[unit.province]}")
            continue
        reach = (
            game_map.army_moves[unit.province]
            if unit.type is UnitType.ARMY
            else {loc.split("/")[0] for loc in game_map.fleet_moves[unit.location]}
        )
        friends = [
            other
            for other in units
            if other is not unit
            and (other.province in reach or moves.get(other.province, "").split("/")[0] in reach)
        ]
        if friends and rng.random() < 0.6:
            other = rng.choice(friends)
            target = moves.get(other.province, "").split("/")[0]
            if target in reach and target != unit.province:
                orders.append(f"{unit} S {other} - {target}")
            elif other.province in reach:
                orders.append(f"{unit} S {other}")
            else:
                orders.append(f"{unit} H")
        else:
            orders.append(f"{unit} H")
    return orders
