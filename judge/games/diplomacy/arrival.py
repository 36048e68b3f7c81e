"""Orders as they arrive: what the position already decides of them, and what is still to order.

The judge reads a player's orders when they arrive (``game.py``), so that an order the position
makes impossible is refused at once, with the reason and the choices left, rather than at the
deadline. In an adjustment phase (rules: the winter; DATC 6.I) that is a build where the power may
not build (not one of its home centres, a centre it does not own or that is occupied, a fleet
inland, a coast missing where the centre has two: 6.B.14, or named where it has none), a build from
a power that has none due or has taken all it has due, and a removal of another power's unit or
beyond those owed. In a retreat phase it is a retreat to a place the results did not offer (6.H.5,
6.H.6, 6.H.11: the places are in the position). A power's orders are complete when they leave
nothing to order: ``waiting`` names what is left.
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from .adjustments import adjustment_counts, buildable_sites, check_build
from .boxes import numbered_slots
from .legality import Illegal, find_unit
from .maps import Map
from .orders import Build, Disband, Move, Order, Waive
from .position import Position, Word
from .retreats import check_retreat
from .vocabulary import PhaseKind, Power


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def check_due(game_map: Map, position: Position, power: Power, order: Order) -> None:
    """An adjustment phase: a build or waive only from a power with builds due, a removal only
    from a power that owes removals (raises Illegal saying what the power has due)."""
    due = adjustment_counts(game_map, position).get(power, 0)
    if isinstance(order, Build | Waive) and due <= 0:
        owes = f": it must remove {plural(-due, 'unit')}" if due < 0 else ""
        raise Illegal(f"{power} has no builds due{owes}")
    if isinstance(order, Disband) and due >= 0:
        has = f": it has {plural(due, 'build')} due" if due > 0 else ""
        raise Illegal(f"{power} has no removals due{has}")


def check_adjustment(game_map: Map, position: Position, power: Power, order: Order) -> str:
    """The slot of a build, waive or removal on the board; raises Illegal for one the position
    makes impossible, naming where the power may build."""
    if isinstance(order, Waive):
        return "waive"
    if isinstance(order, Build):
        unit, problem, word = check_build(game_map, position, position.units, power, order)
        if unit is None:
            if word is Word.FAILS:  # a coast missing: the problem names the coasts
                raise Illegal(problem)
            sites = ", ".join(dict.fromkeys(buildable_sites(game_map, position, power)))
            choices = f"{power} may build at {sites}" if sites else f"{power} has nowhere to build"
            raise Illegal(f"{problem}; {choices}")
        return f"build {unit.province}"
    if isinstance(order, Disband):
        unit = find_unit(position.units, order.unit)
        if unit.power != power:
            raise Illegal(f"the unit in {unit.province} belongs to {unit.power}")
        return unit.province
    raise Illegal("only builds, removals and waives are ordered in an adjustment phase")


def check_retreat_order(game_map: Map, position: Position, power: Power, order: Order) -> str:
    """The slot of a retreat or disband (the dislodged unit's province); raises Illegal for one
    the position makes impossible, naming the places the unit may retreat to."""
    if not isinstance(order, Move | Disband):
        raise Illegal("only retreats and disbands are ordered in a retreat phase (DATC 6.H.1)")
    by_province = {d.unit.province: d for d in position.dislodged}
    dislodged, _, problem = check_retreat(game_map, by_province, power, order)
    if dislodged is None:
        mine = [str(d.unit) for d in position.dislodged if d.unit.power == power]
        yours = f"yours: {', '.join(mine)}" if mine else f"none of {power}'s was"
        raise Illegal(f"{problem} ({yours})")
    if problem:
        raise Illegal(problem)
    return dislodged.unit.province


def check_limit(
    game_map: Map, position: Position, power: Power, order: Order, slot: str,
    taken: Mapping[str, Order],
) -> str:
    """Why an adjustment order is one more than the power has due, counting those it has given
    (``taken``: slot -> order; the order replaces the one in its slot), or ""."""
    building = isinstance(order, Build | Waive)
    if not building and not isinstance(order, Disband):
        return ""
    due = abs(adjustment_counts(game_map, position).get(power, 0))
    alike = [
        str(other)
        for other_slot, other in taken.items()
        if other_slot != slot and isinstance(other, Build | Waive) == building
    ]
    if len(alike) < due:
        return ""
    what = f"has {plural(due, 'build')} due" if building else f"must remove {plural(due, 'unit')}"
    return (
        f"{power} {what} and has ordered {', '.join(alike)} already (an order for the same "
        f"{'site' if building else 'unit'} replaces one; CLEAR withdraws them all)"
    )


def waiting(game_map: Map, position: Position, power: Power, ordered: Set[str]) -> list[str]:
    """What the power has still to order, given the slots its orders fill: its units without an
    order (movement, retreats), or how many builds or removals are left (adjustments)."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        units = [str(u) for u in position.units_of(power) if u.province not in ordered]
        for slot in sorted(numbered_slots(position, power) - ordered):  # "scotland A 2"
            box, letter, _ = slot.split(" ")
            units.append(f"{letter} {box}")
        return units
    if kind is PhaseKind.RETREAT:
        return [
            f"{d.unit} (retreat or disband)"
            for d in position.dislodged
            if d.unit.power == power and d.unit.province not in ordered
        ]
    due = adjustment_counts(game_map, position).get(power, 0)
    building = {slot for slot in ordered if slot.startswith(("build ", "waive "))}
    if due > 0:
        possible = min(due, len(buildable_sites(game_map, position, power)))
        builds = possible - len(building)
        return [f"{plural(builds, 'build')} (or WAIVE)"] if builds > 0 else []
    removals = -due - len(ordered - building)
    return [plural(removals, "removal")] if removals > 0 else []

