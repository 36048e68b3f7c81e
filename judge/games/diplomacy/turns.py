"""One phase from start to finish: resolve the orders, then find the next phase with work to do.

``adjudicate`` is the engine's one entry point: a position and the orders given, in, and a
``Resolution`` (each order's fate, what the judge did for absent players, the next position) out.
The position given is not changed.

The sequence of phases (rules: the game year): spring movement, spring retreats, fall movement, fall
retreats, winter adjustments. A retreat phase is played only when a unit was dislodged and can
retreat; an adjustment phase only when some power must or can build or remove. Supply centres change
hands after the fall retreats (or the fall movement when there are none).

A variant's special rules enter through its hooks (``hooks.py``, found by ``rules.py``): the
movement and adjustment phases, and who owns the centres after the fall.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .adjustments import adjustment_counts, buildable_sites
from .maps import Map
from .orders import Order
from .position import Position, Resolution
from .retreats import resolve_retreats
from .rules import rules_for
from .vocabulary import Phase, PhaseKind, Power, Province, Season, Unit


def adjudicate(
    game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
) -> Resolution:
    rules = rules_for(game_map)
    phase = position.phase
    if phase.kind is PhaseKind.MOVEMENT:
        moved = rules.movement(game_map, position, orders)
        if moved.dislodged:
            following = Position(
                phase.following(),
                moved.units,
                position.supply_centres,
                moved.dislodged,
                moved.standoffs,
                moved.off_board,
                moved.king,
            )
        else:
            following = season_end(
                game_map, phase, moved.units, position.supply_centres, moved.off_board, moved.king
            )
        return Resolution(moved.results, list(moved.automatic), following, list(moved.notes))
    if phase.kind is PhaseKind.RETREAT:
        retreated = resolve_retreats(game_map, position, orders)
        following = season_end(
            game_map,
            phase,
            retreated.units,
            position.supply_centres,
            position.off_board,
            position.king,
        )
        return Resolution(retreated.results, retreated.automatic, following)
    adjusted = rules.adjustments(game_map, position, orders)
    spring = Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    return Resolution(
        adjusted.results,
        adjusted.automatic,
        Position(
            spring,
            adjusted.units,
            position.supply_centres if adjusted.supply_centres is None else adjusted.supply_centres,
            off_board=adjusted.off_board,
            king=adjusted.king,
        ),
    )


def season_end(
    game_map: Map,
    phase: Phase,
    units: Mapping[Province, Unit],
    centres: Mapping[Province, Power],
    off_board: tuple[Unit, ...] = (),
    king: Province | None = None,
) -> Position:
    """The position after a season's moves and retreats: after the fall, centres change hands (and
    the variant's rules have their say, ``centres_after_fall``) and an adjustment phase follows if
    anyone has adjustments to make."""
    if phase.season is Season.SPRING:
        following = Phase(phase.year, Season.FALL, PhaseKind.MOVEMENT)
        return Position(following, dict(units), centres, off_board=off_board, king=king)
    owners = dict(centres)
    for province, unit in units.items():
        if game_map.provinces[province].supply_centre:
            owners[province] = unit.power
    owners = rules_for(game_map).centres_after_fall(game_map, owners, units)
    winter = Position(
        Phase(phase.year, Season.WINTER, PhaseKind.ADJUSTMENT),
        dict(units),
        owners,
        off_board=off_board,
        king=king,
    )
    if needs_adjustments(game_map, winter):
        return winter
    spring = Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    return Position(spring, dict(units), owners, off_board=off_board, king=king)


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
    return Position(
        game_map.first_phase,
        units,
        game_map.starting_ownership(),
        off_board=tuple(unit for box in game_map.boxes.values() for unit in box.starting_units),
        king=rules_for(game_map).king_starts,
    )
