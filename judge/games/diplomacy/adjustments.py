"""The adjustment phase (winter): builds, removals, and civil disorder.

A power with more supply centres than units may build, one unit per vacant home centre it owns
(DATC 6.I.1 to 6.I.7), or waive (decline) a build. A power with more units than centres must remove
the difference; orders are taken one by one in the order given, and those beyond the number allowed
are illegal (DATC 4.D.8 preference, 6.I.1, 6.J.1, 6.J.2). Removals not ordered are made by the 2023
civil disorder rule: the unit farthest from any supply centre its power owns goes first, distance
counted over land and sea alike for both armies and fleets; on a tie fleets before armies, then
the province's English name in alphabetical order (DATC 6.J.3 to 6.J.12).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass

from .maps import Map
from .orders import Build, Disband, Order, Waive
from .position import AutomaticAction, OrderResult, Position, Word
from .vocabulary import Location, Power, Province, ProvinceKind, Unit, UnitType, coast_of, province_of


@dataclass(frozen=True)
class AdjustmentOutcome:
    results: list[OrderResult]
    automatic: list[AutomaticAction]
    units: dict[Province, Unit]


def adjustment_counts(game_map: Map, position: Position) -> dict[Power, int]:
    """For each power, centres minus units: builds due (positive) or removals due (negative)."""
    centres = Counter(position.supply_centres.values())
    units = Counter(unit.power for unit in position.units.values())
    return {power: centres[power] - units[power] for power in game_map.powers}


def buildable_sites(game_map: Map, position: Position, power: Power) -> list[Province]:
    """The vacant home centres a power owns: where it may build."""
    return [
        centre
        for centre in game_map.powers[power].home_centres
        if position.supply_centres.get(centre) == power and centre not in position.units
    ]


def resolve_adjustments(
    game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
) -> AdjustmentOutcome:
    due = adjustment_counts(game_map, position)
    used: dict[Power, int] = {power: 0 for power in due}
    units = dict(position.units)
    removed: set[Province] = set()
    results: list[OrderResult] = []

    for power, order in orders:
        allowance = abs(due.get(power, 0))
        problem, unit, word = "", None, Word.SUCCEEDS
        if isinstance(order, Build | Waive):
            if due.get(power, 0) <= 0:
                problem = f"{power} has no builds due"
            elif used[power] >= allowance:
                problem = f"{power} has used all {allowance} of its builds"
            elif isinstance(order, Build):
                unit, problem, word = _check_build(game_map, position, units, power, order)
        elif isinstance(order, Disband):
            found = units.get(province_of(order.unit.location))
            if due.get(power, 0) >= 0:
                problem = f"{power} has no removals due"
            elif found is None or found.power != power or found.province in removed:
                problem = f"{power} has no unit in {province_of(order.unit.location)} to remove"
            elif order.unit.type is not None and order.unit.type is not found.type:
                problem = f"the unit in {found.province} is {'an army' if found.type is UnitType.ARMY else 'a fleet'}"
            elif used[power] >= allowance:
                problem = f"{power} has made all {allowance} of its removals"
            else:
                unit = found
        else:
            problem = "only builds, removals and waives are ordered in an adjustment phase"
        if problem:
            results.append(OrderResult(power, order, unit, (word if word is Word.FAILS else Word.ILLEGAL,), problem))
            continue
        used[power] += 1
        if isinstance(order, Build):
            assert unit is not None
            units[unit.province] = unit
        elif isinstance(order, Disband):
            assert unit is not None
            removed.add(unit.province)
            del units[unit.province]
        results.append(OrderResult(power, order, unit, (Word.SUCCEEDS,)))

    automatic: list[AutomaticAction] = []
    for power, count in due.items():
        for unit in civil_disorder_removals(game_map, position, units, power, -count - used[power]):
            del units[unit.province]
            automatic.append(AutomaticAction(unit, "remove"))
    return AdjustmentOutcome(results, automatic, units)


def _check_build(
    game_map: Map, position: Position, units: dict[Province, Unit], power: Power, order: Build
) -> tuple[Unit | None, str, Word]:
    province = province_of(order.unit.location)
    if province not in game_map.powers[power].home_centres:
        return None, f"{province} is not a home centre of {power}", Word.ILLEGAL
    if position.supply_centres.get(province) != power:
        return None, f"{power} does not own {province}", Word.ILLEGAL
    if province in units:
        return None, f"{province} is occupied", Word.ILLEGAL
    if order.unit.type is None:
        return None, "say which unit to build: A or F", Word.ILLEGAL
    info = game_map.provinces[province]
    location: Location = order.unit.location
    if order.unit.type is UnitType.ARMY:
        return Unit(power, UnitType.ARMY, Location(province)), "", Word.SUCCEEDS
    if info.kind is not ProvinceKind.COAST:
        return None, f"a fleet cannot be built in {province}, which is inland", Word.ILLEGAL
    if info.coasts and coast_of(location) is None:
        coasts = " or ".join(info.coasts)
        return None, f"say on which coast of {province} to build the fleet ({coasts})", Word.FAILS
    if location not in game_map.fleet_locations(province):
        return None, f"{province} has no coast {coast_of(location)}", Word.ILLEGAL
    return Unit(power, UnitType.FLEET, location), "", Word.SUCCEEDS


def civil_disorder_removals(
    game_map: Map,
    position: Position,
    units: dict[Province, Unit],
    power: Power,
    count: int,
) -> list[Unit]:
    """The units removed for a power that ordered ``count`` too few removals (2023 rules)."""
    if count <= 0:
        return []
    owned = {p for p, owner in position.supply_centres.items() if owner == power}
    distance = _distances_to(game_map, owned)
    candidates = [u for u in units.values() if u.power == power]
    far = len(game_map.provinces) + 1
    candidates.sort(
        key=lambda u: (
            -distance.get(u.province, far),
            u.type is not UnitType.FLEET,
            game_map.provinces[u.province].name,
        )
    )
    return candidates[:count]


def _distances_to(game_map: Map, targets: set[Province]) -> dict[Province, int]:
    """Moves from every province to the nearest target, over land and sea alike (2023 rules)."""
    neighbours: dict[Province, set[Province]] = {p: set(a) for p, a in game_map.army_moves.items()}
    for fleet_at, places in game_map.fleet_moves.items():
        neighbours[province_of(fleet_at)].update(province_of(p) for p in places)
    distance = {t: 0 for t in targets}
    queue = deque(targets)
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in distance:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance
