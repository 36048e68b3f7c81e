"""One phase from start to finish: resolve the orders, then find the next phase with work to do.

``adjudicate`` is the engine's one entry point: a position and the orders given, in, and a
``Resolution`` (each order's fate, what the judge did for absent players, the next position) out.
The position given is not changed.

The sequence of phases (rules: the game year): spring movement, spring retreats, fall movement, fall
retreats, winter adjustments. A retreat phase is played only when a unit was dislodged and can
retreat; an adjustment phase only when some power must or can build or remove. Supply centres change
hands after the fall retreats (or the fall movement when there are none).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .adjustments import adjustment_counts, buildable_sites, resolve_adjustments
from .maps import Map
from .movement import resolve_movement
from .orders import Order
from .position import Position, Resolution
from .retreats import resolve_retreats
from .vocabulary import Phase, PhaseKind, Power, Province, Season, Unit


def adjudicate(
    game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
) -> Resolution:
    phase = position.phase
    if phase.kind is PhaseKind.MOVEMENT:
        moved = resolve_movement(game_map, position, orders)
        if moved.dislodged:
            following = Position(
                phase.following(),
                moved.units,
                position.supply_centres,
                moved.dislodged,
                moved.standoffs,
            )
        else:
            following = season_end(game_map, phase, moved.units, position.supply_centres)
        return Resolution(moved.results, [], following)
    if phase.kind is PhaseKind.RETREAT:
        retreated = resolve_retreats(game_map, position, orders)
        following = season_end(game_map, phase, retreated.units, position.supply_centres)
        return Resolution(retreated.results, retreated.automatic, following)
    adjusted = resolve_adjustments(game_map, position, orders)
    spring = Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    return Resolution(
        adjusted.results,
        adjusted.automatic,
        Position(spring, adjusted.units, position.supply_centres),
    )


def season_end(
    game_map: Map,
    phase: Phase,
    units: Mapping[Province, Unit],
    centres: Mapping[Province, Power],
) -> Position:
    """The position after a season's moves and retreats: after the fall, centres change hands and
    an adjustment phase follows if anyone has adjustments to make."""
    if phase.season is Season.SPRING:
        return Position(Phase(phase.year, Season.FALL, PhaseKind.MOVEMENT), dict(units), centres)
    owners = dict(centres)
    for province, unit in units.items():
        if game_map.provinces[province].supply_centre:
            owners[province] = unit.power
    winter = Position(Phase(phase.year, Season.WINTER, PhaseKind.ADJUSTMENT), dict(units), owners)
    if needs_adjustments(game_map, winter):
        return winter
    return Position(Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT), dict(units), owners)


def needs_adjustments(game_map: Map, position: Position) -> bool:
    """Whether any power must remove, or can build (it has a build due and a site to build on)."""
    for power, due in adjustment_counts(game_map, position).items():
        if due < 0 or (due > 0 and buildable_sites(game_map, position, power)):
            return True
    return False


def starting_position(game_map: Map) -> Position:
    units = {
        unit.province: unit for power in game_map.powers.values() for unit in power.starting_units
    }
    return Position(game_map.first_phase, units, game_map.starting_ownership())
