"""Routes (3.4.1, 4.5.1, 4.6.3): chains of adjacent Locales free of Enemy Lords and Friendly,
along which a Lord Parleys, Supplies and Taxes; with a Ship, the Ports of one Sea (and the Exile
box holding the Lord) count as one Way apart (1.3.1, SEAS AND PORTS)."""

from __future__ import annotations

from .data import BOARD
from .state import State, is_friendly, occupied


def sea_hops(place: str, start: str) -> list[str]:
    """The Ports one Way from a Port or from the Lord's own Exile box by Ship (1.3.1)."""
    sea = BOARD.sea_of(place)
    if sea is None or (place in BOARD.exile_boxes and place != start):
        return []
    return [port for port in BOARD.seas[sea].ports if port != place]


def distances(
    state: State, side: str, start: str, ship: bool, target_may_be_unfriendly: bool, limit: int = 99
) -> dict[str, int]:
    """The Locales a Route reaches from ``start``, each with its least number of Ways. Every
    Locale on the way, ``start`` included, is Friendly and free of Enemy Lords; the last one
    must be free of Enemy Lords and, when ``target_may_be_unfriendly`` (Parley, 3.4.1), may be
    Neutral or Enemy. ``ship``: the Lord has a Ship, so Ports of one Sea are one Way apart."""
    held = occupied(state)
    enemy = "Lancaster" if side == "York" else "York"

    def free(place: str) -> bool:
        return enemy not in held.get(place, ())

    found = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for place in frontier:
            if found[place] >= limit or not (is_friendly(state, place, side) and free(place)):
                continue  # a Route passes only through Friendly Locales free of Enemy Lords
            steps = list(BOARD.ways(place)) + (sea_hops(place, start) if ship else [])
            for near in steps:
                if near in found or not free(near):
                    continue
                if not target_may_be_unfriendly and not is_friendly(state, near, side):
                    continue
                found[near] = found[place] + 1
                nxt.append(near)
        frontier = nxt
    if not (is_friendly(state, start, side) and free(start)):
        return {start: 0} if free(start) else {}
    return found
