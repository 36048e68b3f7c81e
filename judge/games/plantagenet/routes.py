"""Routes (3.4.1, 4.5.1, 4.6.3): chains of adjacent Locales free of Enemy Lords and Friendly,
along which a Lord Parleys, Supplies and Taxes; with a Ship, the Ports of one Sea (and the Exile
box holding the Lord) count as one Way apart (1.3.1, SEAS AND PORTS)."""

from __future__ import annotations

from functools import lru_cache

from . import capabilities
from .data import BOARD, LORD_SIDE
from .state import State, favour_locked, is_friendly


NEIGHBOURS: dict[str, tuple[str, ...]] = {
    place: tuple(BOARD.ways(place)) for place in [*BOARD.locales, *BOARD.exile_boxes]
}
"""The Locales next to each by Way (1.3.1), looked up once."""


ALL_PORTS = tuple(port for sea in BOARD.seas.values() for port in sea.ports)

EXILE_BOXES = frozenset(BOARD.exile_boxes)

_SEA_HOPS = {
    place: tuple(port for port in BOARD.seas[sea].ports if port != place)
    for place in NEIGHBOURS if (sea := BOARD.sea_of(place)) is not None
}
_ALL_PORT_HOPS = {place: tuple(port for port in ALL_PORTS if port != place) for place in _SEA_HOPS}
"""``sea_hops`` of each Port and Exile box, looked up once."""


def sea_hops(place: str, start: str, all_ports: bool = False) -> tuple[str, ...]:
    """The Ports one Way from a Port or from the Lord's own Exile box by Ship (1.3.1); with
    Great Ships (Y6, L6) every Port of every Sea."""
    if place in EXILE_BOXES and place != start:
        return ()
    return (_ALL_PORT_HOPS if all_ports else _SEA_HOPS).get(place, ())


def distances(
    state: State, side: str, start: str, ship: bool, target_may_be_unfriendly: bool, limit: int = 99,
    all_ports: bool = False, battle: bool = False,
) -> dict[str, int]:
    """The Locales a Route reaches from ``start``, each with its least number of Ways. Every
    Locale on the way, ``start`` included, is Friendly and free of Enemy Lords; the last one
    must be free of Enemy Lords and, when ``target_may_be_unfriendly`` (Parley, 3.4.1), may be
    Neutral or Enemy. ``ship``: the Lord has a Ship, so Ports of one Sea are one Way apart
    (``all_ports``: of every Sea, Great Ships). ``battle``: from a Battle's Stronghold, where the
    enemy's Lords stand too."""
    sides = LORD_SIDE
    blocked = {e["at"] for lord, e in state["lords"].items() if "at" in e and sides[lord] != side}
    friendly = _friendly(state["favour"], state["exile_boxes"], side)
    if battle:
        blocked.discard(start)
    if start in blocked:
        return {}
    if start not in friendly:
        return {start: 0}
    return dict(_search(start, friendly, frozenset(blocked), ship, target_may_be_unfriendly, limit, all_ports))


_FRIENDLY: dict[str, tuple[dict[str, str], dict[str, str], frozenset[str]]] = {}
"""For each side, the last Favour and Exile boxes seen and the places Friendly to it then."""


def friendly_places(state: State, side: str) -> frozenset[str]:
    """The Strongholds and Exile boxes Friendly to a side (``is_friendly`` of each)."""
    return _friendly(state["favour"], state["exile_boxes"], side)


def _friendly(favour: dict[str, str], boxes: dict[str, str], side: str) -> frozenset[str]:
    """The places Friendly to a side (``is_friendly``), gathered once for the search; the
    last answer is kept while Favour and the Exile boxes are the same (compared as values: a
    Route is asked many times a step, on one map)."""
    kept = _FRIENDLY.get(side)
    if kept is not None and kept[0] == favour and kept[1] == boxes:
        return kept[2]
    found = {place for place, owner in favour.items()
             if owner == side and place not in boxes and place not in EXILE_BOXES}
    found.update(box for box, owner in boxes.items() if owner == side)
    friendly = frozenset(found)
    _FRIENDLY[side] = (dict(favour), dict(boxes), friendly)
    return friendly


@lru_cache(maxsize=2048)
def _search(start: str, friendly: frozenset[str], blocked: frozenset[str], ship: bool, target_may_be_unfriendly: bool,
            limit: int, all_ports: bool) -> tuple[tuple[str, int], ...]:
    """``distances`` once its Friendly and blocked places are known (a value of them alone,
    kept: a Parley's or a Supply's Route is asked again when the action is carried out)."""
    found = {start: 0}
    frontier = [start]
    depth = 0
    neighbours = NEIGHBOURS
    while frontier and depth < limit:
        depth += 1
        nxt = []
        for place in frontier:
            steps = neighbours.get(place, ())
            if ship:
                steps = (*steps, *sea_hops(place, start, all_ports))
            for near in steps:
                if near in found or near in blocked:
                    continue
                if near in friendly:
                    found[near] = depth
                    nxt.append(near)  # a Route passes only through Friendly Locales
                elif target_may_be_unfriendly:
                    found[near] = depth
        frontier = nxt
    return tuple(found.items())


def parley_targets(state: State, lord: str, campaign: bool = False) -> dict[str, int]:
    """The Strongholds a Lord may Parley, each with the Ways to it (3.4.1; in Campaign no
    further than an adjacent Stronghold or a Port by Ship, 4.6.4): his own Locale when it is
    not Friendly, else any that a Route reaches and is not Friendly yet."""
    mat = state["lords"][lord]
    side = BOARD.lords[lord].side
    here = mat["at"]
    if here in BOARD.locales and not is_friendly(state, here, side):
        return {} if favour_locked(state, here) else {here: 0}
    friendly = _friendly(state["favour"], state["exile_boxes"], side)
    blocked = frozenset({e["at"] for name, e in state["lords"].items() if "at" in e and LORD_SIDE[name] != side})
    if here in blocked or here not in friendly:
        return {}  # at Sea, or in an Exile box not Friendly: no Stronghold to reach
    found = dict(_parley_reach(here, friendly, blocked, mat["assets"]["ships"] > 0, 1 if campaign else 99,
                               capabilities.has(state, lord, "all_ports")))
    if "London" in found and favour_locked(state, "London"):  # London for York (Y15)
        del found["London"]
    return found


@lru_cache(maxsize=2048)
def _parley_reach(start: str, friendly: frozenset[str], blocked: frozenset[str], ship: bool, limit: int,
                  all_ports: bool) -> tuple[tuple[str, int], ...]:
    """The Strongholds not yet Friendly that a Route from ``start`` reaches (``_search``), kept
    as the search is: a Parley is looked for again when it is carried out."""
    locales = BOARD.locales
    return tuple((place, ways) for place, ways in _search(start, friendly, blocked, ship, True, limit, all_ports)
                 if place in locales and place not in friendly)


def parley_refusal(state: State, lord: str, target: str, campaign: bool = False) -> str | None:
    """Why a Lord may not Parley a Stronghold, in the rule's terms (3.4.1; on Campaign 4.6.4), or
    None: the target Friendly already, the Lord at a Locale not Friendly (only there), Enemy Lords
    at the target, London's Favour locked (Y15), on Campaign more than one Way off, or no Route."""
    side = BOARD.lords[lord].side
    rule = "4.6.4" if campaign else "3.4.1"
    here = state["lords"][lord]["at"]
    if target in parley_targets(state, lord, campaign):
        return None
    if is_friendly(state, target, side):
        return f"{target} is Friendly already ({rule})"
    if target not in BOARD.locales:
        return f"{target} is no Stronghold: Exile boxes and Seas are never Parleyed (3.4.1)"
    if here in BOARD.locales and not is_friendly(state, here, side):
        return f"{lord} is at {here}, which is not Friendly: he may Parley only there ({rule})"
    if favour_locked(state, target):
        return f"{target}'s Favour changes only by an Event or Pillage (London for York, Y15)"
    if any(e.get("at") == target and LORD_SIDE[name] != side for name, e in state["lords"].items()):
        return f"Enemy Lords are at {target}: a Route to it must be free of them ({rule})"
    if campaign and target not in NEIGHBOURS.get(here, ()) and target not in _SEA_HOPS.get(here, ()):
        return f"{target} is not next to {here}: on Campaign a Parley reaches one Way at most (4.6.4)"
    return (f"no Route from {here} to {target}: every Locale on the way but {target} must be Friendly "
            f"and free of Enemy Lords ({rule})")
