"""Convoy routes: chains of fleets in seas leading an army from one coast to another (rule: convoys).

Only fleets in sea provinces convoy (DATC 6.F.1), and on a map with ports (``Map.convoying``:
DPjudge's ``PORT``, as in ancmed's Baleares) fleets in a port too. A route is a chain of such fleets,
each adjacent to the next, the first adjacent to the army's province and the last to its
destination.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from .maps import Map
from .vocabulary import Province


def route_exists(
    game_map: Map,
    origin: Province,
    destination: Province,
    fleets: Collection[Province],
    usable: Callable[[Province], bool] | None = None,
) -> bool:
    """Whether some chain of the given fleet provinces (those that are ``usable``) joins origin to
    destination. Any walk through the fleets contains a simple route, so a plain search suffices."""
    seas = game_map.seas_touching
    ends = seas[destination]
    frontier = [sea for sea in seas[origin] if sea in fleets and (usable is None or usable(sea))]
    seen = set(frontier)
    while frontier:
        sea = frontier.pop()
        if sea in ends:
            return True
        for next_sea in seas[sea]:
            if next_sea not in seen and next_sea in fleets and (usable is None or usable(next_sea)):
                seen.add(next_sea)
                frontier.append(next_sea)
    return False


def on_some_route(
    game_map: Map,
    origin: Province,
    destination: Province,
    fleets: Collection[Province],
    fleet: Province,
) -> bool:
    """Whether ``fleet`` is needed on some route from origin to destination through ``fleets``:
    it lies on a route with no shortcut (no fleet of the route touches the origin or the
    destination, or another fleet of the route, except its neighbours in the chain). A fleet on no
    such route cannot convoy that army (DATC 6.F.12, 6.G.7, 6.G.19)."""
    seas = game_map.seas_touching
    if fleet not in fleets or origin == destination:
        return False
    starts, ends = seas[origin], seas[destination]

    def search(route: list[Province]) -> bool:
        last = route[-1]
        if last in ends:
            return fleet in route
        for step in seas[last]:
            if (
                step in fleets
                and step not in route
                and step not in starts
                and not any(step in seas[earlier] for earlier in route[:-1])
            ):
                route.append(step)
                if search(route):
                    return True
                route.pop()
        return False

    # A loop, not ``any`` of a generator: one left unfinished is closed by raising an exception
    # into it.
    for first in starts:
        if first in fleets and search([first]):
            return True
    return False
