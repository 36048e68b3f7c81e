"""What must hold after every phase of a Diplomacy game: checked by random playouts (``judge
selfplay``).

Each check looks at the position before a phase and the position after it and names, in a
sentence, anything impossible it finds. They do not call the resolvers: they check the outcome
against the map and the rules (borrowing only the engine's count of builds and removals due, and
its test of whether a winter has anything to do), so a resolver bug shows up as a violation with
the seed that replays it.

Off-board boxes are map data that the standard rules handle (``boxes.py``), so the standard
checks cover them. The extension point for a variant's special rules is ``VARIANT_CHECKS``, by the
name of the rules (``Map.rules``): a variant whose rules change what must hold (a King who is a
piece, centres reverting to neutral) gives its own tuple of checks there, usually
``STANDARD_CHECKS`` with some replaced and its own added; ``checks_for`` gives a map's checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from .adjustments import adjustment_counts, holds_a_home, mobilizing
from .king import KING
from .maps import Map
from .position import Position
from .roses1 import is_foreign
from .turns import needs_adjustments
from .vocabulary import PhaseKind, Power, Season, UnitType

Check = Callable[[Map, Position, Position], Iterable[str]]
"""A check: (map, position before the phase, position after it) -> what is wrong, if anything."""


def units_stand_on_the_map(game_map: Map, before: Position, after: Position) -> Iterator[str]:
    """One unit per province, each of a power of the map, where a unit of its type can stand: an
    army on land, a fleet on a sea or a coast (on one of the coasts of a province that has
    several). The dislodged units of a retreat phase too. Off the board, a unit stands only in a
    box of its own power (Wars of the Roses I, rule 5)."""
    placed = list(after.units.items())
    placed += [(d.unit.province, d.unit) for d in after.dislodged]
    provinces, fleet_places, seas = game_map.provinces, game_map.fleet_moves, game_map.seas
    for province, unit in placed:
        if unit.power not in game_map.powers:
            yield f"{unit.power} {unit}: {unit.power} is not a power of {game_map.name}"
        if unit.province != province:
            yield f"{unit.power} {unit} is filed under {province}"
        if unit.province not in provinces:
            yield f"{unit.power} {unit} is off the map"
        elif unit.type is UnitType.FLEET:
            if unit.location not in fleet_places:
                yield f"{unit.power} {unit}: a fleet cannot stand there"
        elif "/" in unit.location or unit.province in seas:
            yield f"{unit.power} {unit}: an army cannot stand there"
    for unit in after.off_board:
        box = game_map.boxes.get(unit.location)
        if box is None:
            yield f"{unit.power} {unit} is off the board, but in no box"
        elif box.power != unit.power:
            yield f"{unit.power} {unit} waits in {box.name}, the box of {box.power}"


def dislodged_units_are_sound(game_map: Map, before: Position, after: Position) -> Iterator[str]:
    """Only a retreat phase has dislodged units; each was driven out by a unit now in its province,
    and may retreat only to empty provinces it could move to, not where a standoff left the
    province empty, nor (unless the attacker was convoyed) to where its attacker came from."""
    if after.phase.kind is not PhaseKind.RETREAT:
        if after.dislodged or after.standoffs:
            yield f"{after.phase} has dislodged units or standoffs: only retreat phases have them"
        return
    if not after.dislodged:
        yield f"{after.phase} is a retreat phase without a dislodged unit"
    seen: set[str] = set()
    for d in after.dislodged:
        if d.unit.province in seen:
            yield f"two dislodged units from {d.unit.province}"
        seen.add(d.unit.province)
        if d.unit.province not in after.units:
            yield f"{d.unit.power} {d.unit} was dislodged, but nothing took its place"
        for place in d.retreats:
            province = place.split("/")[0]
            if not game_map.can_move(d.unit.type, d.unit.location, place):
                yield f"{d.unit} may retreat to {place}, where it cannot move"
            if province in after.units or province in after.standoffs:
                yield f"{d.unit} may retreat to {place}, which is occupied or stood off"
            if province == d.attacker_from and not d.by_convoy:
                yield f"{d.unit} may retreat to {place}, where its attacker came from"


def centres_are_real(game_map: Map, before: Position, after: Position) -> Iterator[str]:
    """Only supply centres of the map are owned, and only by powers of the map."""
    for province, owner in after.supply_centres.items():
        if province not in game_map.provinces or not game_map.provinces[province].supply_centre:
            yield f"{owner} owns {province}, which is not a supply centre"
        if owner not in game_map.powers:
            yield f"{province} is owned by {owner}, not a power of {game_map.name}"


def centres_change_hands_in_the_fall(
    game_map: Map, before: Position, after: Position
) -> Iterator[str]:
    """Centres change hands only when the fall season ends, and then only to the power whose unit
    stands in them; an owned centre never becomes neutral again (standard rules). In
    mobilization (``adjustments.mobilizing``), each power comes to own the home centre it built in,
    and nothing else (DPjudge's 1898, rule 2)."""
    if mobilizing(game_map, before):
        built = {p: unit.power for p, unit in after.units.items() if p not in before.units}
        if dict(after.supply_centres) != built:
            yield f"after {before.phase} the centres owned are not those built in: {dict(after.supply_centres)}"
        return
    if before.supply_centres == after.supply_centres:
        return
    fall_ends = before.phase.season is Season.FALL and after.phase.season is not Season.FALL
    for province in sorted(set(before.supply_centres) | set(after.supply_centres)):
        was, now = before.supply_centres.get(province), after.supply_centres.get(province)
        if was == now:
            continue
        if not fall_ends:
            yield (
                f"{province} changed hands ({was} to {now}) between {before.phase} and {after.phase}"
            )
        elif now is None:
            yield f"{province} ({was}) became neutral"
        elif (unit := after.units.get(province)) is None or unit.power != now:
            yield f"{province} went to {now} without a unit of {now} in it"


def units_come_and_go_by_the_rules(
    game_map: Map, before: Position, after: Position
) -> Iterator[str]:
    """No unit appears from nowhere: in movement and retreat phases no power gains units (of a
    type) and nothing enters a box; in an adjustment phase new units appear only on vacant home
    centres their power owns (or in its box; in mobilization, owned or not), and a power loses
    units only when it had removals due."""
    kind = before.phase.kind
    boxed_before, boxed_after = Counter(before.off_board), Counter(after.off_board)
    if kind is not PhaseKind.ADJUSTMENT:
        had = _tally(before)
        for (power, unit_type), count in sorted(_tally(after).items()):
            if count > had.get((power, unit_type), 0):
                yield (
                    f"{power} has {count} units of type {unit_type} after {before.phase},"
                    f" had {had.get((power, unit_type), 0)}"
                )
        for unit in boxed_after - boxed_before:
            yield f"{unit.power} {unit} went into a box in {before.phase}"
        return
    due = adjustment_counts(game_map, before)
    built = Counter(unit.power for unit in (boxed_after - boxed_before).elements())
    lost = Counter(unit.power for unit in (boxed_before - boxed_after).elements())
    for province, unit in after.units.items():
        old = before.units.get(province)
        if old == unit:
            continue
        if old is not None:
            yield f"{old} of {old.power} became {unit} of {unit.power} in {before.phase}"
            continue
        built[unit.power] += 1
        mobilized = mobilizing(game_map, before)  # any vacant home centre, owned or not
        anywhere = (game_map.build_any or game_map.remote_builds) and not mobilized
        if province not in (game_map.centres if anywhere else game_map.powers[unit.power].home_centres):
            yield f"{unit.power} built {unit} outside its home centres"
        elif game_map.remote_builds and not holds_a_home(game_map, before, unit.power):
            yield f"{unit.power} built {unit} holding none of its home centres (REMOTE_BUILDS)"
        elif before.supply_centres.get(province) != unit.power and not mobilized:
            yield f"{unit.power} built {unit} on a centre it does not own"
    lost.update(unit.power for p, unit in before.units.items() if p not in after.units)
    for power in sorted(built | lost):
        builds, removals = max(due.get(power, 0), 0), max(-due.get(power, 0), 0)
        if built[power] > builds:
            yield f"{power} built {built[power]} with {builds} builds due in {before.phase}"
        if lost[power] > removals:
            yield f"{power} removed {lost[power]} with {removals} removals due in {before.phase}"


def _tally(position: Position) -> dict[tuple[Power, UnitType], int]:
    """How many units of each type each power has, dislodged and off-board ones too."""
    tally: dict[tuple[Power, UnitType], int] = {}
    units = [*position.units.values(), *(d.unit for d in position.dislodged), *position.off_board]
    for unit in units:
        key = (unit.power, unit.type)
        tally[key] = tally.get(key, 0) + 1
    return tally


def no_more_units_than_centres(game_map: Map, before: Position, after: Position) -> Iterator[str]:
    """When a new year begins (after the adjustments, or after a fall that needed none) no power
    has more units than supply centres: removals are never left undone (2023 civil disorder)."""
    if after.phase.season is not Season.SPRING or before.phase.season is Season.SPRING:
        return
    for power, due in sorted(adjustment_counts(game_map, after).items()):
        if due < 0:
            units = len(after.units_of(Power(power)))
            yield f"{power} begins {after.phase} with {units} units and {units + due} centres"


def phases_follow_in_order(game_map: Map, before: Position, after: Position) -> Iterator[str]:
    """The next phase is the first one after this in the year's cycle (spring moves, retreats,
    fall moves, retreats, winter adjustments) that has something to do: only retreat and
    adjustment phases are skipped, and an adjustment phase is played only when a power must
    remove or can build."""
    phase = before.phase.following()
    while phase != after.phase:
        if phase.kind is PhaseKind.MOVEMENT:  # the phase after is not the next to be played
            yield f"{after.phase} follows {before.phase}: {phase} was skipped or passed"
            return
        phase = phase.following()
    if after.phase.kind is PhaseKind.ADJUSTMENT and not needs_adjustments(game_map, after):
        yield f"{after.phase} is played, but nobody can build or must remove"


STANDARD_CHECKS: tuple[Check, ...] = (
    units_stand_on_the_map,
    dislodged_units_are_sound,
    centres_are_real,
    centres_change_hands_in_the_fall,
    units_come_and_go_by_the_rules,
    no_more_units_than_centres,
    phases_follow_in_order,
)

# --- Wars of the Roses I (rules = "roses1"; rule numbers of the variant's rules) ------------------


def roses1_centres_change_hands(game_map: Map, before: Position, after: Position) -> Iterator[str]:
    """As in the standard game, except rule 6: when the fall ends, a centre with no unit in it
    that is foreign to its owner reverts to neutral, and none is left owned."""
    fall_ends = before.phase.season is Season.FALL and after.phase.season is not Season.FALL
    for problem in centres_change_hands_in_the_fall(game_map, before, after):
        if not (fall_ends and problem.endswith(" became neutral")):
            yield problem
    if not fall_ends:
        return
    for province, was in sorted(before.supply_centres.items()):
        if province not in after.supply_centres and (
            province in after.units or not is_foreign(was, province)
        ):
            yield (
                f"{province} ({was}) became neutral, but it is not foreign to {was} or not empty"
                " (rule 6)"
            )
    for province, owner in sorted(after.supply_centres.items()):
        if province not in after.units and is_foreign(owner, province):
            yield f"{owner} keeps {province}, foreign to it, with no unit in it (rule 6)"


def roses1_the_king_is_never_lost(
    game_map: Map, before: Position, after: Position
) -> Iterator[str]:
    """Rule 4: Henry VI is always on the board, never eliminated: on a land province, or in a sea
    only with a unit that holds him."""
    king = after.king
    if king is None:
        yield f"{KING} is nowhere in {after.phase}"
    elif king not in game_map.provinces:
        yield f"{KING} is in {king}, which is not a province of the board"
    elif king in game_map.seas and king not in after.units:
        yield f"{KING} is alone in the sea {king}"


def roses1_one_fleet_a_year(game_map: Map, before: Position, after: Position) -> Iterator[str]:
    """Rule 7: no power builds more than one fleet in a year (in a winter)."""
    if before.phase.kind is not PhaseKind.ADJUSTMENT:
        return
    fleets = Counter(
        unit.power
        for province, unit in after.units.items()
        if unit.type is UnitType.FLEET and before.units.get(province) != unit
    )
    fleets.update(
        unit.power
        for unit in (Counter(after.off_board) - Counter(before.off_board)).elements()
        if unit.type is UnitType.FLEET
    )
    for power, count in sorted(fleets.items()):
        if count > 1:
            yield f"{power} built {count} fleets in {before.phase} (rule 7)"


ROSES1_CHECKS: tuple[Check, ...] = tuple(
    roses1_centres_change_hands if check is centres_change_hands_in_the_fall else check
    for check in STANDARD_CHECKS
) + (roses1_the_king_is_never_lost, roses1_one_fleet_a_year)

VARIANT_CHECKS: dict[str, tuple[Check, ...]] = {"roses1": ROSES1_CHECKS}
"""The checks of variants whose special rules change what must hold, by the name of the rules
(``Map.rules``, ``rules.py``)."""


def checks_for(game_map: Map) -> tuple[Check, ...]:
    return VARIANT_CHECKS.get(game_map.rules, STANDARD_CHECKS)


def violations(
    game_map: Map, before: Position, after: Position, checks: Iterable[Check] | None = None
) -> list[str]:
    """Everything the map's checks (or the ``checks`` given) find wrong with a phase."""
    return [
        problem
        for check in (checks_for(game_map) if checks is None else checks)
        for problem in check(game_map, before, after)
    ]
