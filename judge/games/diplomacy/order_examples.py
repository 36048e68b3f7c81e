"""Example orders on a variant's own map, for HELP ORDERS on a variant without examples written
by hand (``templates/diplomacy/orders/NAME.txt``): the shipped variants from MILA's maps and
those an operator adds. Each is an order that reads on the map, made from its starting position:
a power's first units, their first neighbours, a sea with two coasts for a convoy. Nothing of
another map appears in them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .maps import Map
from .vocabulary import Location, Province, ProvinceKind, Unit, UnitType, coast_of, province_of


@dataclass(frozen=True)
class OrderExamples:
    """Orders to show, by phase, and where the map lets a power build, in words."""

    movement: tuple[str, ...]
    retreats: tuple[str, ...]
    adjustments: tuple[str, ...]
    builds: str
    movements_when: str = "spring and fall"  # the map's calendar's words (``Calendar.when``)
    adjustments_when: str = "winter"


def order_examples(game_map: Map) -> OrderExamples:
    units = sorted((u for p in game_map.powers.values() for u in p.starting_units),
                   key=lambda u: (list(game_map.powers).index(u.power), u.location))
    if not units:  # a map whose game opens with builds (chaos): units as the first builds place them
        units = _first_builds(game_map)
    armies = [u for u in units if u.type is UnitType.ARMY and game_map.army_moves[u.province]]
    fleets = [u for u in units if u.type is UnitType.FLEET and game_map.fleet_moves[u.location]]
    movement: list[str] = []
    retreats: list[str] = []
    if armies:
        army = armies[0]
        step = sorted(game_map.army_moves[army.province])[0]
        movement += [f"A {_abbr(army.location)} - {_abbr(step)}",
                     f"A {_named(game_map, army.location)} - {_named(game_map, step)}",
                     f"A {_abbr(army.location)} H"]
        retreats += [f"A {_abbr(army.location)} - {_abbr(step)}", f"A {_abbr(army.location)} disband"]
    if fleets:
        fleet = fleets[0]
        targets = sorted(game_map.fleet_moves[fleet.location], key=lambda t: ("/" in t, t))
        movement.append(f"F {_named(game_map, fleet.location)} - {_named(game_map, targets[0])}")
        retreats.append(f"F {_abbr(fleet.location)} disband")
    movement += _supports(game_map, units)
    movement += _convoy(game_map)
    return OrderExamples(tuple(movement), tuple(retreats), tuple(_adjustments(game_map, units)),
                         "any empty supply centre you own" if game_map.build_any
                         else "any empty supply centre you own while you hold a home centre"
                         if game_map.remote_builds else "your own empty home centres",
                         *game_map.calendar.when())


def _first_builds(game_map: Map) -> list[Unit]:
    """For a map that starts with no unit: a unit on each power's first home centre, as builds
    could place them: an army, but a fleet for the first power after the first whose home has a
    coast (so that the examples have both)."""
    units: list[Unit] = []
    for power, info in game_map.powers.items():
        for home in info.home_centres[:1]:
            coasts = game_map.fleet_locations(Province(home))
            if units and coasts and all(unit.type is UnitType.ARMY for unit in units):
                units.append(Unit(power, UnitType.FLEET, coasts[0]))
            else:
                units.append(Unit(power, UnitType.ARMY, Location(home)))
    return units


def _abbr(location: str) -> str:
    """``par`` -> ``Par``; ``stp/nc`` -> ``StP/nc`` as players write it: ``Stp/nc``."""
    coast = coast_of(location)
    written = province_of(location).title()
    return f"{written}/{coast}" if coast else written


def _named(game_map: Map, location: Location | str) -> str:
    coast = coast_of(location)
    name = game_map.provinces[province_of(location)].name
    return f"{name} ({coast})" if coast else name


def _supports(game_map: Map, units: list[Unit]) -> list[str]:
    """A support of a unit holding, and of an army moving, between units of one power if there
    are such (else of another power: a unit may support anyone's)."""
    pairs = [(h, o) for h in units for o in units if o is not h]
    pairs.sort(key=lambda pair: pair[0].power != pair[1].power)  # stable: map order kept
    holding = next((f"{h.type} {_abbr(h.location)} S {o.type} {_abbr(o.location)}"
                    for h, o in pairs if game_map.reaches(h.type, h.location, o.province)), None)
    moving = next((f"{h.type} {_abbr(h.location)} S A {_abbr(o.location)} - {_abbr(target)}"
                   for h, o in pairs if o.type is UnitType.ARMY
                   for target in sorted(game_map.army_moves[o.province])
                   if target != h.province and game_map.reaches(h.type, h.location, target)),
                  None)
    return [line for line in (holding, moving) if line is not None]


def _convoy(game_map: Map) -> list[str]:
    """A fleet at sea convoying an army between two coasts of that sea not next to each other."""
    for sea in sorted(game_map.seas):
        coasts = sorted(p for p in game_map.provinces
                        if sea in game_map.seas_touching[p] and p not in game_map.convoying)
        for start in coasts:
            for end in coasts:
                if end != start and end not in game_map.army_moves[start] \
                        and game_map.provinces[start].kind is ProvinceKind.COAST:
                    return [f"F {_abbr(sea)} C A {_abbr(start)} - {_abbr(end)}",
                            f"A {_abbr(start)} - {_abbr(end)} via convoy"]
    return []


def _adjustments(game_map: Map, units: list[Unit]) -> list[str]:
    lines: list[str] = []
    homes = [(power, home) for power, info in game_map.powers.items() for home in info.home_centres]
    if homes:
        lines.append(f"Build A {_abbr(homes[0][1])}")
    for _, home in homes:
        places = game_map.fleet_locations(Province(home))
        if places:
            lines.append(f"Build F {_abbr(places[0])}")
            break
    if units:
        lines.append(f"Remove {units[0].type} {_abbr(units[0].location)}")
    return [*lines, "Waive"]
