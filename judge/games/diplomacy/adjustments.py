"""The adjustment phase (winter): builds, removals, and civil disorder.

A power with more supply centres than units may build, one unit per vacant home centre it owns
(DATC 6.I.1 to 6.I.7), or waive (decline) a build. A power with more units than centres must remove
the difference; orders are taken one by one in the order given, and those beyond the number allowed
are illegal (DATC 4.D.8 preference, 6.I.1, 6.J.1, 6.J.2). Removals not ordered are made by the 2023
civil disorder rule: the unit farthest from any supply centre its power owns goes first, distance
counted over land and sea alike for both armies and fleets; on a tie fleets before armies, then
the province's English name in alphabetical order (DATC 6.J.3 to 6.J.12).

Off-board boxes (``boxes.py``; Wars of the Roses I, rule 5): a box's centres are its power's for
good and count for its supply, and its units count as that power's units. The power builds in its
box (``Build A scotland``) as many units as it has builds due, whatever stands there already, and
removes from it (``Remove A scotland``: one of its armies there). Units in the box stand on their
power's own centres, so civil disorder takes them last; a unit on the board is one move from the box
when it stands on one of the box's entries.

A variant may let a power build in any supply centre it owns, not only its home centres
(``Map.build_any``: DPjudge's ``RULE BUILD_ANY``, as in MILA's modern and the age of empires maps),
or do so only while it holds one of its home centres (``Map.remote_builds``: DPjudge's ``RULE
REMOTE_BUILDS``, classical.map line 12; DPjudge's ``Game.buildSites`` gives a power holding none
of its homes no build site at all).
A variant may refuse a build that the standard rules allow (``refuse_build``: Wars of the Roses I
allows one fleet a year, rule 7).

A variant may open with mobilization (``Map.mobilize``: DPjudge's ``RULE MOBILIZE``, its 1898).
The powers start with no unit and no centre; in the first phase, a winter, each has one build, in
any of its vacant home centres, owned or not (DPjudge's rules, section 1.1, MOBILIZE; the 1898
variant's rule 2), and the centre it builds in becomes the only one it owns (rule 2): its other
home centres stay unowned until it takes them, and it builds there only once it owns them
(rule 3), as the standard rules have it. A power that builds nothing owns nothing.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
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
    off_board: tuple[Unit, ...] = ()
    king: Province | None = None
    supply_centres: Mapping[Province, Power] | None = None
    """Who owns each centre after the phase, when the phase changed it (mobilization's first
    builds, ``mobilizing``); None: as before."""


RefuseBuild = Callable[[Power, Unit, Sequence[Unit]], str]
"""A variant's further condition on a build: (power, the unit it would build, the units it has
built this phase) -> why the build is refused, or "" to allow it."""


def supply_counts(game_map: Map, position: Position) -> Counter[Power]:
    """The supply centres of each power: those it owns on the board, and its boxes' centres."""
    centres = Counter(position.supply_centres.values())
    for box in game_map.boxes.values():
        centres[box.power] += len(box.centres)
    return centres


def mobilizing(game_map: Map, position: Position) -> bool:
    """Whether the phase is the first winter of a game that opens with mobilization
    (``Map.mobilize``; DPjudge's rules, section 1.1, MOBILIZE): each power's one build, in any of
    its vacant home centres, owned or not."""
    return game_map.mobilize and position.phase == game_map.first_phase


def adjustment_counts(game_map: Map, position: Position) -> dict[Power, int]:
    """For each power, centres minus units: builds due (positive) or removals due (negative).
    In mobilization (``mobilizing``), one build for each power with a home centre."""
    if game_map.mobilize and mobilizing(game_map, position):
        return {power: 1 if info.home_centres else 0 for power, info in game_map.powers.items()}
    if game_map.boxes:
        centres = supply_counts(game_map, position)
        units = Counter(unit.power for unit in position.units.values())
        units.update(unit.power for unit in position.off_board)
        return {power: centres[power] - units[power] for power in game_map.powers}
    # Asked after every fall: one pass over the centres and one over the units (cheaper than
    # counting each power's in turn, or than making Counters). Owners and units are the map's
    # powers: the positions read check them (``wire.py``).
    due = dict.fromkeys(game_map.powers, 0)
    for owner in position.supply_centres.values():
        due[owner] += 1
    for unit in position.units.values():
        due[unit.power] -= 1
    return due


def buildable_sites(game_map: Map, position: Position, power: Power) -> list[Province]:
    """Where a power may build: the vacant home centres it owns (any vacant centre it owns, with
    ``build_any``), each once, and its box (if it has one) once for each build it has due, since
    a box takes any number of units. In mobilization, its vacant home centres, owned or not."""
    if game_map.mobilize and mobilizing(game_map, position):
        return [c for c in game_map.powers[power].home_centres if c not in position.units]
    sites = [
        centre
        for centre in build_centres(game_map, position, power)
        if position.supply_centres.get(centre) == power and centre not in position.units
    ]
    for box in game_map.boxes.values():
        if box.power == power:
            sites += [Province(box.key)] * max(0, adjustment_counts(game_map, position)[power])
    return sites


def build_centres(game_map: Map, position: Position, power: Power) -> Sequence[Province]:
    """The centres a power may build in if it owns them: its home centres, or with ``build_any``
    every centre it owns; with ``remote_builds`` every centre it owns while it holds a home
    centre, and none when it holds none."""
    if game_map.build_any:
        return [centre for centre, owner in position.supply_centres.items() if owner == power]
    if game_map.remote_builds:
        if not holds_a_home(game_map, position, power):
            return []
        return [centre for centre, owner in position.supply_centres.items() if owner == power]
    return game_map.powers[power].home_centres


def holds_a_home(game_map: Map, position: Position, power: Power) -> bool:
    """Whether a power owns one of its home centres (``remote_builds``: it builds away from home
    only while it does)."""
    return any(position.supply_centres.get(home) == power
               for home in game_map.powers[power].home_centres)


def resolve_adjustments(
    game_map: Map,
    position: Position,
    orders: Sequence[tuple[Power, Order]],
    refuse_build: RefuseBuild | None = None,
) -> AdjustmentOutcome:
    due = adjustment_counts(game_map, position)
    used: dict[Power, int] = {power: 0 for power in due}
    units = dict(position.units)
    off_board = list(position.off_board)
    built: dict[Power, list[Unit]] = {power: [] for power in due}
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
                # vacant: no unit there when the winter began (a removal this winter does not
                # empty it: the orders are resolved together), nor one built there already
                standing = {**position.units, **units}
                unit, problem, word = check_build(game_map, position, standing, power, order)
                if unit is not None and refuse_build is not None:
                    problem = refuse_build(power, unit, built[power])
                    if problem:
                        unit, word = None, Word.ILLEGAL
        elif isinstance(order, Disband) and order.unit.province in game_map.boxes:
            if due.get(power, 0) >= 0:
                problem = f"{power} has no removals due"
            elif used[power] >= allowance:
                problem = f"{power} has made all {allowance} of its removals"
            else:
                unit, problem = _box_unit_to_remove(game_map, off_board, power, order)
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
        if unit is None:  # a waive: a build not taken
            results.append(OrderResult(power, order, None, (Word.SUCCEEDS,)))
            continue
        if unit.province in game_map.boxes:
            if isinstance(order, Build):
                off_board.append(unit)
            else:
                off_board.remove(unit)
        elif isinstance(order, Build):
            units[unit.province] = unit
        elif isinstance(order, Disband):
            removed.add(unit.province)
            del units[unit.province]
        if isinstance(order, Build):
            built[power].append(unit)
        results.append(OrderResult(power, order, unit, (Word.SUCCEEDS,)))

    owners = None
    if game_map.mobilize and mobilizing(game_map, position):
        # the 1898 variant's rule 2: the centre a power builds in is the only one it owns
        owners = {unit.province: power for power, units in built.items() for unit in units}
    automatic: list[AutomaticAction] = []
    for power, count in due.items():
        for unit in civil_disorder_removals(
            game_map, position, units, power, -count - used[power], off_board
        ):
            if unit.province in game_map.boxes:
                off_board.remove(unit)
            else:
                del units[unit.province]
            automatic.append(AutomaticAction(unit, "remove"))
    return AdjustmentOutcome(results, automatic, units, tuple(off_board), position.king, owners)


def _box_unit_to_remove(
    game_map: Map, off_board: list[Unit], power: Power, order: Disband
) -> tuple[Unit | None, str]:
    """The unit in a box that a removal takes (units of one type there are alike)."""
    box = game_map.boxes[order.unit.province]
    mine = [u for u in off_board if u.province == box.key and u.power == power]
    if order.unit.type is not None:
        mine = [u for u in mine if u.type is order.unit.type]
    if not mine:
        kind = {UnitType.ARMY: "army", UnitType.FLEET: "fleet", None: "unit"}[order.unit.type]
        return None, f"{power} has no {kind} in {box.name} to remove"
    if len({u.type for u in mine}) > 1:
        return None, f"say which unit in {box.name} to remove: A or F"
    return mine[0], ""


def check_build(
    game_map: Map, position: Position, units: Mapping[Province, Unit], power: Power, order: Build
) -> tuple[Unit | None, str, Word]:
    """The unit a build makes, or None and why not (DATC 6.I.1 to 6.I.7; ``units``: those on the
    board when the phase began and those built so far in it). A fleet build missing the coast of a centre with two fails (6.B.14);
    the judge refuses it as it arrives (``arrival.py``). In mobilization, a vacant home centre
    takes the build whoever owns it (``mobilizing``)."""
    province = province_of(order.unit.location)
    box = game_map.boxes.get(province)
    if box is not None:
        if box.power != power:
            return None, f"only {box.power} build in {box.name}", Word.ILLEGAL
        if order.unit.type is None:
            return None, "say which unit to build: A or F", Word.ILLEGAL
        return Unit(power, order.unit.type, Location(box.key)), "", Word.SUCCEEDS
    mobilized = game_map.mobilize and mobilizing(game_map, position)
    if game_map.remote_builds and not holds_a_home(game_map, position, power):
        return None, (f"{power} holds none of its home centres, and builds only while it holds "
                      "one (DPjudge's RULE REMOTE_BUILDS)"), Word.ILLEGAL
    if (game_map.build_any or game_map.remote_builds) and not mobilized:
        if province not in game_map.centres:
            return None, f"{province} is not a supply centre", Word.ILLEGAL
    elif province not in game_map.powers[power].home_centres:
        return None, f"{province} is not a home centre of {power}", Word.ILLEGAL
    if position.supply_centres.get(province) != power and not mobilized:
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
    off_board: Sequence[Unit] = (),
) -> list[Unit]:
    """The units removed for a power that ordered ``count`` too few removals (2023 rules)."""
    if count <= 0:
        return []
    owned = {p for p, owner in position.supply_centres.items() if owner == power}
    entries = {  # a box's centres are its power's: its entries are one move from them
        province_of(entry)
        for box in game_map.boxes.values()
        if box.power == power
        for entry in (*box.army_entries, *box.fleet_entries)
    }
    distance = _distances_to(game_map, owned, entries)
    for box in game_map.boxes.values():
        if box.power == power:
            distance[Province(box.key)] = 0
    candidates = [u for u in units.values() if u.power == power]
    candidates += [u for u in off_board if u.power == power]
    far = len(game_map.provinces) + 1
    candidates.sort(
        key=lambda u: (
            -distance.get(u.province, far),
            u.type is not UnitType.FLEET,
            _place_name(game_map, u.province),
        )
    )
    return candidates[:count]


def _place_name(game_map: Map, province: Province) -> str:
    box = game_map.boxes.get(province)
    return box.name if box is not None else game_map.provinces[province].name


def _distances_to(
    game_map: Map, targets: set[Province], one_away: AbstractSet[Province] = frozenset()
) -> dict[Province, int]:
    """Moves from every province to the nearest target, over land and sea alike (2023 rules);
    ``one_away``: provinces one move from a target off the board (a box's entries)."""
    neighbours: dict[Province, set[Province]] = {p: set(a) for p, a in game_map.army_moves.items()}
    for fleet_at, places in game_map.fleet_moves.items():
        neighbours[province_of(fleet_at)].update(province_of(p) for p in places)
    distance = {t: 0 for t in targets}
    first = [p for p in one_away if p not in distance]
    distance.update(dict.fromkeys(first, 1))
    queue = deque([*targets, *first])  # nearest first, as a breadth-first search needs
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in distance:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance
