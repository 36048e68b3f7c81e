"""The Campaign's other Commands (4.5-4.6): Supply, Forage, Tax and Parley; each a function that
says why it cannot be done now (or None) and one that does it."""

from __future__ import annotations

from random import Random
from typing import Any

from . import capabilities
from .data import BOARD, LORD_SIDE, other
from .influence import check
from .mat import Events
from .routes import ALL_PORTS, distances, parley_targets
from .state import State, deplete, is_enemy, is_exhausted, is_friendly, occupied, shift_favour

SPECIAL = ("London", "Calais", "Harlech")


def shared(state: State, lord: str) -> tuple[int, int]:
    """The Carts and Ships the Lord may use: his own and his side's Lords' at his Locale (1.5.3),
    counting double for their owners with Hay Wains (L8) or Great Ships (Y6, L6)."""
    here = state["lords"][lord]["at"]
    side = LORD_SIDE[lord]
    carts = ships = 0
    for f, entry in state["lords"].items():
        if entry.get("at") != here or LORD_SIDE[f] != side:
            continue
        assets = entry["assets"]
        if assets["carts"]:
            carts += assets["carts"] * capabilities.factor(state, f, "carts_factor")
        if assets["ships"]:
            ships += assets["ships"] * capabilities.factor(state, f, "ships_factor")
    return carts, ships


def supply_options(state: State, lord: str) -> dict[str, tuple[int, int]]:
    """The Sources a Supply action may draw on (4.5), each with the Provender it would add as a
    Stronghold Source and as a Port Source: a Friendly Stronghold not Exhausted gives its table
    amount, a Friendly Port as many as the Lord's Ships (Shared); over land each Provender needs
    a Cart per Way of the Route (4.5.1); by Sea, from a Port or Exile box to a Port of the same
    Sea, no Carts. The Lord stands at a Friendly Locale."""
    reach = _supply_reach(state, lord)
    if reach is None:
        return {}
    land, ports = reach[2], reach[3]
    found = {source: _amounts(state, lord, source, reach) for source in land if source in BOARD.locales}
    found.update((source, _amounts(state, lord, source, reach)) for source in ports if source not in found)
    return found


_Reach = tuple[int, int, dict[str, int], list[str], list[dict[str, Any]]]


def _supply_reach(state: State, lord: str) -> _Reach | None:
    """What a Supply from anywhere asks (4.5.1): the Shared Carts and Ships, the Ways over land
    to each Locale the Carts reach, the Friendly Ports free of Enemy Lords his Ships reach, and
    his effects; None where he does not stand at a Friendly Locale."""
    side = BOARD.lords[lord].side
    here = state["lords"][lord]["at"]
    if not is_friendly(state, here, side):
        return None
    carts, ships = shared(state, lord)
    land = {} if here in BOARD.exile_boxes and here != "Scotland" else distances(state, side, here, False, False, carts)
    ports: list[str] = []
    sea = BOARD.sea_of(here)
    if ships and sea:
        held = occupied(state)
        ports = [source for source in (ALL_PORTS if capabilities.has(state, lord, "all_ports") else BOARD.seas[sea].ports)
                 if source != here and is_friendly(state, source, side) and other(side) not in held.get(source, ())]
    return carts, ships, land, ports, capabilities.effects(state, lord)


def _amounts(state: State, lord: str, source: str, reach: _Reach) -> tuple[int, int]:
    """The Provender one Source gives as a Stronghold and as a Port (``supply_options``)."""
    carts, ships, land, ports, fx = reach
    stronghold = port = 0
    ways = land.get(source)
    if ways is not None and source in BOARD.locales:
        limit = carts // ways if ways else 99
        table = int(BOARD.strongholds[BOARD.locales[source].type]["supply"]) + capabilities.near_bonus(
            state, lord, "supply_bonus", source, fx)
        stronghold = 0 if is_exhausted(state, source) else min(table, limit)
        port = min(ships, limit) if BOARD.locales[source].sea else 0
    if source in ports:
        port = max(port, ships)
    return stronghold, port


def supply_sources(state: State, lord: str, source: str) -> tuple[int, int]:
    """What ``supply_options`` says of one Source: (0, 0) where it cannot serve."""
    reach = _supply_reach(state, lord)
    return (0, 0) if reach is None else _amounts(state, lord, source, reach)


def supply(state: State, lord: str, source: str, events: Events) -> None:
    """4.5.2: add the Provender of the Stronghold or of the Ships, whichever gives more (the
    Lord's choice, by default), twice as much with Harbingers (Y7, L7); a Stronghold Source is
    Depleted (not his Vassals' Seats with Chamberlains, L10)."""
    reach = _supply_reach(state, lord)
    stronghold, port = (0, 0) if reach is None else _amounts(state, lord, source, reach)
    amount = max(stronghold, port) * capabilities.factor(state, lord, "supply_factor")
    state["lords"][lord]["assets"]["provender"] += amount
    if stronghold >= port and not capabilities.at_vassal_seat(state, lord, source):
        deplete(state, source)
    event: dict[str, Any] = {"type": "supply", "lord": lord, "from": source, "provender": amount}
    if reach is not None and _carts_limited(state, lord, source, reach):
        event.update(carts=reach[0], ways=reach[2][source])
    events.append(event)


def _carts_limited(state: State, lord: str, source: str, reach: _Reach) -> bool:
    """Whether the Transport limit (4.5.1, 4.5.2: a Cart for each Provender and Way of the
    Route) took less than the Source gives with Carts enough, as the report tells."""
    carts, ships, land, ports, fx = reach
    ways = land.get(source)
    return bool(ways) and max(_amounts(state, lord, source, reach)) < max(
        _amounts(state, lord, source, (99 * (ways or 1), ships, land, ports, fx)))


def forage_chance(state: State, lord: str) -> int:
    """The highest roll that Forages (4.6.2): 6 (sure) at a Friendly Locale with no Enemy Lord
    next to it, 4 at a Neutral one, 3 at an Enemy one or with an Enemy Lord adjacent; 0 where
    the Locale is Exhausted or no Locale (at Sea)."""
    here = state["lords"][lord]["at"]
    side = BOARD.lords[lord].side
    if here in BOARD.seas or is_exhausted(state, here):
        return 0
    held = occupied(state)
    near_enemy = any(other(side) in held.get(n, ()) for n in BOARD.ways(here))
    if is_enemy(state, here, side) or near_enemy:
        return 3
    return 6 if is_friendly(state, here, side) else 4


def forage(state: State, lord: str, rng: Random, events: Events) -> None:
    chance = forage_chance(state, lord)
    roll = rng.randint(1, 6) if chance < 6 else 0
    success = roll <= chance
    event: dict[str, Any] = {"type": "forage", "lord": lord, "success": success}
    if roll:
        event["roll"] = roll
    if success:
        state["lords"][lord]["assets"]["provender"] += 1 + capabilities.bonus(state, lord, "forage_bonus")
        deplete(state, state["lords"][lord]["at"])
    events.append(event)


def tax_targets(state: State, lord: str) -> dict[str, int]:
    """Strongholds a Lord may Tax (4.6.3): his own Seat, his Vassals' Seats and the Special
    Strongholds, not Exhausted, on a Route of Friendly Locales free of Enemy Lords (by Ship
    across a Sea); he stands at a Friendly Locale."""
    side = BOARD.lords[lord].side
    mat = state["lords"][lord]
    if not is_friendly(state, mat["at"], side):
        return {}
    seats = {BOARD.lords[lord].seat, *SPECIAL}
    seats |= {BOARD.vassals[v].seat or "" for v in mat["vassals"] if not BOARD.vassals[v].special}
    reach = distances(state, side, mat["at"], mat["assets"]["ships"] > 0, False, 99,
                      capabilities.has(state, lord, "all_ports"))
    return {p: w for p, w in reach.items() if p in seats and not is_exhausted(state, p)}


def tax(state: State, lord: str, target: str, extra: int, rng: Random, events: Events, factor: int = 1) -> None:
    """4.6.3: an Influence check (none at his own Seat); on success the table's Coin (``factor``
    times as much: Tax Collectors, Y10), and the Stronghold is Depleted."""
    event: dict[str, Any] = {"type": "tax", "lord": lord, "target": target}
    if target == BOARD.lords[lord].seat:
        event["success"] = True
    else:
        event["success"], event["roll"] = check(state, lord, rng, extra)
    if event["success"]:
        coin = int(BOARD.strongholds[BOARD.locales[target].type]["tax"]) + capabilities.near_bonus(state, lord, "tax_bonus", target)
        coin *= factor
        state["lords"][lord]["assets"]["coin"] += coin
        event["coin"] = coin
        deplete(state, target)
    events.append(event)


def parley(state: State, lord: str, target: str, extra: int, rng: Random, events: Events) -> None:
    """4.6.4: Parley as in Levy, but at the Lord's own Locale it succeeds without check or cost
    (and anywhere for Devon at Exeter while Dorset, Y29, is in effect)."""
    event: dict[str, Any] = {"type": "parley", "lord": lord, "target": target}
    here = state["lords"][lord]["at"]
    if target == here or any(e.get("sure_parley_at") == here for e in capabilities.effects(state, lord)):
        event["success"] = True  # at his own Locale (4.6.4); Devon at Exeter with Dorset (Y29)
    else:
        ways = parley_targets(state, lord, campaign=True)[target]
        event["success"], event["roll"] = check(state, lord, rng, extra, ways=ways, parley=True)
    if event["success"]:
        event["now"] = shift_favour(state, target, BOARD.lords[lord].side)
    events.append(event)


def agitate_targets(state: State, lord: str) -> list[str]:
    """Agitators (Y10): the Neutral or Enemy Strongholds next to the Lord, not yet Exhausted."""
    if not capabilities.has(state, lord, "agitate"):
        return []
    side = BOARD.lords[lord].side
    return [place for place in BOARD.ways(state["lords"][lord]["at"])
            if place in BOARD.locales and not is_friendly(state, place, side) and not is_exhausted(state, place)]


def agitate(state: State, lord: str, target: str, events: Events) -> None:
    """Agitators (Y10): one action Depletes the Stronghold, or Exhausts it if Depleted."""
    deplete(state, target)
    events.append({"type": "agitate", "lord": lord, "target": target, "depleted": state["depleted"][target]})


def merchants_places(state: State, lord: str) -> list[str]:
    """Merchants (L30): the Locales whose Depleted or Exhausted markers the Lord may remove, his
    own and those next to it; the Friendly ones first, then in the map's order (the owner's
    choice, by default)."""
    if not capabilities.bonus(state, lord, "merchants"):
        return []
    side = BOARD.lords[lord].side
    here = state["lords"][lord]["at"]
    near = [place for place in (here, *BOARD.ways(here)) if state["depleted"].get(place)]
    return sorted(near, key=lambda place: not is_friendly(state, place, side))


def merchants(state: State, lord: str, extra: int, rng: Random, events: Events) -> None:
    """Merchants (L30): one action and an Influence check; on success the first markers of
    ``merchants_places`` come off, as many as the card says (an Exhausted marker is one)."""
    event: dict[str, Any] = {"type": "merchants", "lord": lord}
    event["success"], event["roll"] = check(state, lord, rng, extra)
    if event["success"]:
        count = capabilities.bonus(state, lord, "merchants")
        event["removed"] = merchants_places(state, lord)[:count]
        for place in event["removed"]:
            del state["depleted"][place]
    events.append(event)


def heralds_targets(state: State, lord: str) -> list[str]:
    """Heralds (L4): with the Lord at a Port, his side's Lords on the Calendar in a box after
    the next Turn's (the reading: the cylinder comes to the next Turn, never later)."""
    here = state["lords"][lord]["at"]
    if not capabilities.has(state, lord, "heralds") or here not in BOARD.locales or not BOARD.locales[here].sea:
        return []
    side = BOARD.lords[lord].side
    return [other_lord for other_lord, entry in state["lords"].items()
            if entry.get("box", 0) > state["box"] + 1 and BOARD.lords[other_lord].side == side]


def heralds(state: State, lord: str, target: str, extra: int, rng: Random, events: Events) -> None:
    """Heralds (L4): the whole card for an Influence check; on success the Lord's cylinder
    goes to the next Turn's box."""
    event: dict[str, Any] = {"type": "heralds", "lord": lord, "target": target}
    event["success"], event["roll"] = check(state, lord, rng, extra)
    if event["success"]:
        state["lords"][target]["box"] = state["box"] + 1
    events.append(event)
