"""The phases ``mila_agreement.py`` compares: positions reached by the judge's random games, and
crowded random positions with orders chosen to reach the rules' corners (many supports, convoys
by several fleets and foreign ones, attacks on convoying fleets, coasts; bounces and forbidden
places in retreats; builds, waives and too few removals in adjustments). Everything is drawn from
the ``Random`` given, over any variant's map, in the judge's canonical order form (``A lon -
nwy via convoy``, ``F nth C A lon - nwy``, ``Build F stp/sc``, ``A lon D``, ``Waive``)."""

from __future__ import annotations

from random import Random
from typing import Any

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.vocabulary import Location, ProvinceKind, UnitType, province_of
from judge.games.registry import game_kind

Line = dict[str, Any]
Orders = list[dict[str, str]]


def played_phases(variant: str, count: int, seed: int) -> dict[str, list[Line]]:
    """Movement phases (with the random players' orders) and adjustment phases (without orders)
    of random games of the judge (game n seeded ``seed + n``), until there are ``count`` of
    each; every movement phase is kept, for the retreat phases after them."""
    kind = game_kind(variant)
    assert isinstance(kind, DiplomacyGame)
    found: dict[str, list[Line]] = {"movement": [], "adjustments": []}
    game = 0
    while min(len(found["movement"]), len(found["adjustments"])) < count:
        if game >= 20 and not found["adjustments"]:
            break  # a map whose games never adjust (pure: every unit on a centre of its own)
        state, rng = kind.new_game(b""), Random(seed + game)
        game += 1
        for _ in range(120):
            powers = sorted(kind.pending(state).powers)
            orders = {p: kind.random_orders(state, p, rng) for p in powers}
            if state["phase"].endswith("M"):
                given = [{"power": p, "order": o} for p, listed in orders.items() for o in listed]
                found["movement"].append({"variant": variant, **state, "orders": given})
            elif state["phase"].endswith("A"):
                found["adjustments"].append({"variant": variant, **state})
            state = kind.resolve(state, orders, rng).state
            if kind.outcome(state) is not None:
                break
    return found


def _first_year(game_map: Map) -> int:
    """The map's first year (1901 on the standard map, 1 on ancmed)."""
    return game_map.first_phase.year


def _army_moves(game_map: Map, location: str) -> list[str]:
    return sorted(game_map.army_moves.get(province_of(Location(location)), ()))


def _fleet_moves(game_map: Map, location: str) -> list[str]:
    return sorted(game_map.fleet_moves.get(Location(location), ()))  # none from a few coasts


def _placed(game_map: Map, rng: Random, count: int) -> dict[str, tuple[str, str, str]]:
    """``count`` units at random, by province: (power, type, location). Provinces of several
    coasts are taken first a third of the time, a fleet on one of their coasts; two provinces
    are always left empty (somewhere to retreat to on a tiny map such as pure)."""
    count = min(count, len(game_map.provinces) - 2)
    powers = rng.sample(sorted(game_map.powers), rng.randint(2, len(game_map.powers)))
    provinces = sorted(game_map.provinces)
    rng.shuffle(provinces)
    coasts = [p for p in provinces if game_map.provinces[p].coasts]
    provinces = [p for p in coasts if rng.random() < 0.35] + provinces
    units: dict[str, tuple[str, str, str]] = {}
    for province in provinces:
        if len(units) == count:
            break
        if province in units:
            continue
        kind = game_map.provinces[province].kind
        fleet_places = [place for place in game_map.fleet_locations(province)
                        if place in game_map.fleet_moves]  # not on a coast of no sea (che)
        multi = len(fleet_places) > 1
        if kind is ProvinceKind.SEA or (fleet_places and rng.random() < (0.7 if multi else 0.4)):
            units[province] = (rng.choice(powers), "F", rng.choice(fleet_places))
        else:
            units[province] = (rng.choice(powers), "A", province)
    return units


def _routes(game_map: Map, origin: str, fleets: set[str]) -> dict[str, list[str]]:
    """The coasts an army at ``origin`` could be carried to by the fleets at sea in ``fleets``,
    each with the seas of one shortest route (adjacent coasts included: a convoy may go there)."""
    seas = game_map.seas_touching
    routes = {sea: [sea] for sea in sorted(seas[origin] & fleets)}
    frontier = list(routes)
    while frontier:
        further = []
        for sea in frontier:
            for step in sorted(seas[sea] & fleets):
                if step not in routes:
                    routes[step] = [*routes[sea], step]
                    further.append(step)
        frontier = further
    landings: dict[str, list[str]] = {}
    for province in sorted(game_map.provinces):
        if province == origin or game_map.provinces[province].kind is not ProvinceKind.COAST:
            continue
        for sea, route in routes.items():
            shorter = province not in landings or len(route) < len(landings[province])
            if sea in seas[province] and shorter:
                landings[province] = route
    return landings


def crowded_movement(game_map: Map, variant: str, rng: Random) -> Line:
    """A crowded random movement phase, every unit ordered."""
    units = _placed(game_map, rng, rng.randint(18, 34))
    fleets_at_sea = {p for p, (_, kind, _) in units.items()
                     if kind == "F" and p in game_map.convoying}  # the seas, and any ports
    orders: dict[str, str] = {}
    targets: dict[str, str] = {}  # province -> province moved to
    convoys: dict[str, list[str]] = {}  # army's province -> seas of its route
    for province, (power, kind, location) in sorted(units.items()):
        roll = rng.random()
        if kind == "A" and roll < 0.25:
            free = fleets_at_sea - {s for route in convoys.values() for s in route}
            landings = _routes(game_map, province, free)
            if landings:
                landing = rng.choice(sorted(landings))
                orders[province] = f"A {location} - {landing} via convoy"
                targets[province] = landing
                convoys[province] = landings[landing]
                continue
        if roll < 0.6:
            moves = _army_moves if kind == "A" else _fleet_moves
            steps = moves(game_map, location)
            if steps:
                step = rng.choice(steps)
                orders[province] = f"{kind} {location} - {step}"
                targets[province] = province_of(Location(step))
    for army, route in convoys.items():  # the route's fleets convoy (now and then one forgets)
        for sea in route:
            if rng.random() < 0.93:
                orders[sea] = f"F {sea} C A {army} - {targets[army]}"
                targets.pop(sea, None)
        _paradox(game_map, units, orders, targets, army, route, rng)
    for province, (power, kind, location) in sorted(units.items()):
        if province in orders:
            continue
        orders[province] = _support_or_hold(game_map, units, targets, convoys, province, rng)
    return {
        "variant": variant,
        "phase": f"{rng.choice('SF')}{_first_year(game_map) + rng.randrange(12)}M",
        "units": [{"power": p, "type": t, "loc": loc} for p, t, loc in units.values()],
        "supply_centers": game_map.starting_ownership(),
        "orders": [{"power": units[p][0], "order": order} for p, order in sorted(orders.items())
                   if units[p][0] not in game_map.dummies],  # no player orders a dummy
    }


def _paradox(game_map: Map, units: dict[str, tuple[str, str, str]], orders: dict[str, str],
             targets: dict[str, str], army: str, route: list[str], rng: Random) -> None:
    """Half the time, a fleet next to one of the convoy's seas attacks it, supported by the
    unit where the convoy lands if it can: the convoy and the support then hang on each other
    (DATC 6.F.14 and the cases after it)."""
    if rng.random() < 0.5:
        return
    sea = rng.choice(route)
    attackers = sorted(
        p for p, (_, kind, location) in units.items()
        if kind == "F" and p != sea and p not in route and p != army
        and any(province_of(Location(step)) == sea for step in _fleet_moves(game_map, location))
    )
    if not attackers:
        return
    attacker = rng.choice(attackers)
    orders[attacker] = f"F {units[attacker][2]} - {sea}"
    targets[attacker] = sea
    landing = targets[army]
    if landing in units and landing not in orders:
        _, kind, location = units[landing]
        if game_map.reaches(_type(kind), Location(location), sea):
            orders[landing] = f"{kind} {location} S F {units[attacker][2]} - {sea}"


def _type(kind: str) -> UnitType:
    return UnitType.ARMY if kind == "A" else UnitType.FLEET


def _support_or_hold(game_map: Map, units: dict[str, tuple[str, str, str]], targets: dict[str, str],
                     convoys: dict[str, list[str]], province: str, rng: Random) -> str:
    """A support of a unit this one could help (any power's), a convoy nobody asked for, or a
    hold."""
    power, kind, location = units[province]
    if kind == "F" and province in game_map.convoying and rng.random() < 0.15:
        armies = sorted(p for p, (_, k, _) in units.items()
                        if k == "A" and province in game_map.seas_touching[p])
        if armies:  # an army that may or may not be moving there by convoy
            army = rng.choice(armies)
            goal = targets.get(army) or rng.choice(sorted(game_map.army_moves[army]) or [army])
            return f"F {location} C A {army} - {goal}"
    if rng.random() < 0.8:
        unit_type = _type(kind)
        moves = sorted(p for p, t in targets.items()
                       if province not in (p, t)
                       and game_map.reaches(unit_type, Location(location), t))
        holds = sorted(p for p in units
                       if p != province and game_map.reaches(unit_type, Location(location), p))
        if moves and (rng.random() < 0.6 or not holds):
            other = rng.choice(moves)
            return f"{kind} {location} S {units[other][1]} {units[other][2]} - {targets[other]}"
        if holds:
            other = rng.choice(holds)
            return f"{kind} {location} S {units[other][1]} {units[other][2]}"
    return f"{kind} {location} H"


def retreat_orders(game_map: Map, position: Line, rng: Random) -> Orders:
    """Orders for a retreat phase (the judge's next position after a movement phase): legal
    retreats, often two units to the same place (a bounce), retreats the rules forbid (the
    attacker's province, an occupied or contested one), disbands, and units given no order."""
    dislodged = position["dislodged"]
    wanted = [set(d["retreats"]) for d in dislodged]
    shared = {place for i, a in enumerate(wanted) for b in wanted[i + 1:] for place in a & b}
    orders = []
    for unit, places in zip(dislodged, wanted):
        if unit["power"] in game_map.dummies:
            continue  # no player orders a dummy: its unit is disbanded
        name = f"{unit['type']} {unit['loc']}"
        roll = rng.random()
        steps = (_army_moves(game_map, unit["loc"]) if unit["type"] == "A"
                 else _fleet_moves(game_map, unit["loc"]))
        forbidden = [s for s in steps if s not in places and province_of(Location(s)) not in places]
        if roll < 0.1:
            continue  # no order: the unit is disbanded
        if roll < 0.2:
            orders.append({"power": unit["power"], "order": f"{name} D"})
        elif roll < 0.4 and forbidden:
            orders.append({"power": unit["power"], "order": f"{name} - {rng.choice(forbidden)}"})
        elif places:
            both = sorted(places & shared)
            place = rng.choice(both) if both and rng.random() < 0.7 else rng.choice(sorted(places))
            orders.append({"power": unit["power"], "order": f"{name} - {place}"})
    return orders


def crowded_adjustment(game_map: Map, variant: str, rng: Random) -> Line:
    """A random winter: units anywhere, centres owned at random (a home centre now and then in
    foreign hands or nobody's), and orders for it."""
    units = _placed(game_map, rng, rng.randint(10, 34))
    powers = sorted(game_map.powers)
    home_of = {c: p for p, info in game_map.powers.items() for c in info.home_centres}
    owners = {}
    for centre in game_map.supply_centres:
        roll = rng.random()
        if centre in units and roll < 0.6:
            owners[centre] = units[centre][0]
        elif centre in home_of and roll < 0.75:
            owners[centre] = home_of[centre]
        elif roll < 0.9:
            owners[centre] = rng.choice(powers)
    line = {
        "variant": variant,
        "phase": f"W{_first_year(game_map) + rng.randrange(12)}A",
        "units": [{"power": p, "type": t, "loc": loc} for p, t, loc in units.values()],
        "supply_centers": owners,
    }
    return {**line, "orders": adjustment_orders(game_map, line, rng)}


def adjustment_orders(game_map: Map, position: Line, rng: Random) -> Orders:
    """Builds in free home centres (any owned centre on a map that builds anywhere; fleets on
    named coasts), now and then where none may stand
    or beyond the number due, waives; removals, often fewer than due (civil disorder), now and
    then of another power's unit."""
    units = {province_of(Location(u["loc"])): u for u in position["units"]}
    owners = position["supply_centers"]
    orders: Orders = []
    for power, info in sorted(game_map.powers.items()):
        if power in game_map.dummies:
            continue  # no player orders a dummy: its builds are waived, its removals civil disorder
        mine = [u for u in position["units"] if u["power"] == power]
        due = sum(owner == power for owner in owners.values()) - len(mine)
        if due > 0:
            homes = sorted(game_map.centres) if game_map.build_any else info.home_centres
            sites = [c for c in homes if owners.get(c) == power and c not in units]
            rng.shuffle(sites)
            wanted = due + (1 if rng.random() < 0.1 else 0)
            for site in sites[:wanted]:
                roll = rng.random()
                places = game_map.fleet_locations(site)
                if roll < 0.15:
                    orders.append({"power": power, "order": "Waive"})
                elif places and roll < 0.5:
                    orders.append({"power": power, "order": f"Build F {rng.choice(places)}"})
                elif roll < 0.95:
                    orders.append({"power": power, "order": f"Build A {site}"})
            if rng.random() < 0.15:  # where none may stand: occupied, foreign or not owned
                wrong = sorted(set(owners) - set(sites))
                if wrong:
                    orders.append({"power": power, "order": f"Build A {rng.choice(wrong)}"})
        elif due < 0:
            roll = rng.random()
            count = -due if roll < 0.4 else (rng.randint(0, -due - 1) if roll < 0.8 else 0)
            for unit in rng.sample(mine, count):
                orders.append({"power": power, "order": f"{unit['type']} {unit['loc']} D"})
            others = [u for u in position["units"] if u["power"] != power]
            if others and rng.random() < 0.1:
                unit = rng.choice(others)
                orders.append({"power": power, "order": f"{unit['type']} {unit['loc']} D"})
    return orders
