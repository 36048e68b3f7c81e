"""What the turn reports say of a phase, as players of Diplomacy by mail expect to read it.

Every report (``phase_report``) has each order's result, what the judge did for absent players,
and the board after the phase: each power's units and supply centres (``board``). After the
fall (its movement, or its retreats when there were some), centres change hands (rules: the game
year), and the report says which did (``changes``) and the builds or removals each power has due
for the winter (``due``). After the winter's adjustments it says what each power built, removed
(the judge's removals for a power that ordered too few: civil disorder, 2023 rules) and waived
(a build due and not taken, ordered as WAIVE or not ordered at all).

One count of supply centres everywhere (the results, ``judge show``, SUMMARY, the start notice,
the victory conditions): a power's centres on the board. On a map with off-board boxes (Wars of
the Roses I) a power's box centres are its own besides (rule 5): they count for its builds but
not for victory (rule 3), and every report lists them apart and says so.
"""

from __future__ import annotations

from typing import Any

from .adjustments import adjustment_counts, buildable_sites
from .maps import Map
from .orders import Build, Disband
from .position import Position, Resolution, Word
from .vocabulary import PhaseKind, Power, Season


def board(game_map: Map, position: Position) -> dict[str, Any]:
    """Each power's units (on the board by place, then in its box), supply centres on the board
    (the count) and in its box (said beside), in the order of the map's powers, and what the
    reader should know of the count."""
    units: dict[Power, list[str]] = {power: [] for power in game_map.powers}
    for unit in sorted(position.units.values(), key=lambda u: u.location):
        units[unit.power].append(str(unit))
    for unit in position.off_board:
        units[unit.power].append(str(unit))
    centres: dict[Power, list[str]] = {power: [] for power in game_map.powers}
    for centre, owner in sorted(position.supply_centres.items()):
        centres[owner].append(centre)
    in_box: dict[Power, list[str]] = {power: [] for power in game_map.powers}
    for box in game_map.boxes.values():
        in_box[box.power] += [f"{name} ({box.name})" for name in box.centres]
    dislodged: dict[Power, list[str]] = {power: [] for power in game_map.powers}
    for record in position.dislodged:
        dislodged[record.unit.power].append(str(record.unit))
    powers = [
        {
            "power": power,
            "letter": info.letter,
            "units": units[power],
            "dislodged": dislodged[power],
            "centres": centres[power],
            "box_centres": in_box[power],
        }
        for power, info in game_map.powers.items()
    ]
    return {"powers": powers, "notes": count_notes(game_map)}


def count_notes(game_map: Map) -> list[str]:
    """What a reader should know of how centres are counted on this map, in sentences."""
    if not game_map.boxes:
        return []
    return ["Centres are counted on the board, as victory counts them (rule 3); the centres of a "
            "power's box off the board are its own besides, and count for its builds (rule 5)."]


def phase_report(
    game_map: Map, position: Position, resolution: Resolution, ordered: int
) -> dict[str, Any]:
    """The parts of a phase's report that tell what became of the board: ``after`` it (``board``),
    and ``changes`` and ``due`` after the fall, ``adjusted`` after the winter. ``ordered``: how
    many of the resolution's results answer orders given (the rest are the judge's defaults)."""
    following = resolution.position
    report: dict[str, Any] = {"after": board(game_map, following)}
    phase = position.phase
    if phase.season is Season.FALL and following.phase.season is not Season.FALL:
        report["changes"] = _changes(game_map, position, following)
        report["due"] = _due(game_map, following)
    if phase.kind is PhaseKind.ADJUSTMENT:
        report["adjusted"] = _adjusted(game_map, position, resolution, ordered)
    return report


def _changes(game_map: Map, before: Position, after: Position) -> list[dict[str, Any]]:
    """The supply centres that changed hands at the end of the fall: who owns each now (None:
    no one, as when a foreign centre reverts, Wars of the Roses I, rule 6) and who did."""
    return [
        {
            "centre": centre,
            "name": game_map.provinces[centre].name,
            "owner": after.supply_centres.get(centre),
            "was": before.supply_centres.get(centre),
        }
        for centre in sorted(set(before.supply_centres) | set(after.supply_centres))
        if before.supply_centres.get(centre) != after.supply_centres.get(centre)
    ]


def _due(game_map: Map, position: Position) -> list[dict[str, Any]]:
    """Each power's builds (positive) or removals (negative) for the winter, and for builds how
    many it can make (one per vacant home centre it owns, or its box)."""
    due = []
    for power, count in adjustment_counts(game_map, position).items():
        if count > 0:
            sites = len(buildable_sites(game_map, position, power))
            due.append({"power": power, "count": count, "can_build": min(count, sites)})
        elif count < 0:
            due.append({"power": power, "count": count, "can_build": 0})
    return due


def _adjusted(
    game_map: Map, position: Position, resolution: Resolution, ordered: int
) -> list[dict[str, Any]]:
    """What each power with adjustments due built, removed (by its orders, or by the judge:
    civil disorder) and waived (its builds due and not made)."""
    due = adjustment_counts(game_map, position)
    done: dict[Power, dict[str, Any]] = {
        power: {"power": power, "built": [], "removed": [], "disorder": [], "waived": 0}
        for power, count in due.items()
        if count
    }
    for result in resolution.results[:ordered]:
        if Word.SUCCEEDS not in result.resolution or result.power not in done:
            continue
        entry = done[result.power]
        if isinstance(result.order, Build) and result.unit is not None:
            entry["built"].append(str(result.unit))
        elif isinstance(result.order, Disband) and result.unit is not None:
            entry["removed"].append(str(result.unit))
    for action in resolution.automatic:
        done[action.unit.power]["disorder"].append(str(action.unit))
    for power, entry in done.items():
        if due[power] > 0:
            entry["waived"] = due[power] - len(entry["built"])
    return list(done.values())

