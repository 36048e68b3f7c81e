"""The supply phase (1.4, 7.0): heirs coming of age (6.81, 6.82), executions (9.1), supply
limits (7.1) and exile limits (7.2)."""

from __future__ import annotations

from .action_phase import kept_order
from .data import BOARD, SIDES
from .losses import Events, eliminate, lose_steps
from .order_notes import used
from .state import State, blocks_in, crowned, king, minors, occupancy, side_of, status

EXILE_AREAS = {"Lancaster": ("France", "Scotland"), "York": ("Calais", "Ireland")}  # 2.7


def supply_phase(state: State, events: Events) -> None:
    heirs_come_of_age(state, events)
    executions(state, events)
    supply_limits(state, events)


def heirs_come_of_age(state: State, events: Events) -> None:
    """6.82: for each heir killed since the last supply phase, the house's senior minor enters
    play: a royal heir in a friendly or vacant crown area, a Pretender's heir in an exile area.
    6.81: if the King died, the senior royal heir becomes King now, where he stands, and is
    announced."""
    for side in SIDES:
        due = state["heirs_due"].get(side, 0)
        state["heirs_due"][side] = 0
        for heir in minors(state, side)[:due]:
            area = entry_area(state, side)
            state["blocks"][heir] = {"at": area, "strength": BOARD.blocks[heir].strength}
            events.append({"type": "heir enters", "side": side, "block": heir, "area": area})
    if state.pop("king_dead", False):
        new_king = crowned(state, king(state))
        if new_king is not None:
            events.append({"type": "new king", "side": king(state), "block": new_king,
                           "area": state["blocks"][new_king]["at"]})


def entry_area(state: State, side: str) -> str:
    """Where a new heir enters (6.82): for the King's house the first friendly crown area, else
    the first vacant one; for the Pretender's the exile area with fewer blocks (the first on a
    tie). With no crown area open a royal heir goes to exile too."""
    if side == king(state):
        crowns = [a.name for a in BOARD.areas.values() if a.crown]
        for wanted in ("friendly", "vacant"):
            for area in crowns:
                if status(state, area, side) == wanted:
                    return area
    exiles = EXILE_AREAS[side]
    return min(exiles, key=lambda a: len(blocks_in(state, a)))


def executions(state: State, events: Events) -> None:
    """9.1: a house may execute the defected Exeter or Clarence it holds."""
    for side in SIDES:
        for row in state["standing"].get(side, []):
            order = kept_order(row)
            block = order.block or ""
            if order.keyword == "EXECUTE" and state["blocks"][block]["at"] in BOARD.areas:
                used(state, side, order)
                eliminate(state, block, events, "executed")


def limit(state: State, area: str, side: str) -> int:
    """7.1: four blocks an area, five with a city; 7.2: an exile area's own number plus its
    house's mercenaries based there."""
    place = BOARD.areas[area]
    if place.kind == "exile":
        local = [
            b for b in blocks_in(state, area, side)
            if BOARD.blocks[b].type == "mercenary" and BOARD.blocks[b].home == area
        ]
        return place.supply + len(local)
    return 5 if place.city else 4


def surplus(state: State, area: str, side: str) -> list[str]:
    """The blocks over an area's limit, chosen as the owner would: the strongest first (they
    survive a step), heirs last."""
    blocks = blocks_in(state, area, side)
    extra = len(blocks) - limit(state, area, side)
    if extra <= 0:
        return []
    ranked = sorted(
        blocks,
        key=lambda b: (BOARD.blocks[b].heir is not None, -state["blocks"][b]["strength"], b),
    )
    return ranked[:extra]


def supply_limits(state: State, events: Events) -> None:
    """7.1, 7.2: each block over the limit loses a step (eliminated blocks as 6.8)."""
    occupied = occupancy(state)
    for area in BOARD.areas:
        for side in SIDES:
            if side not in occupied.get(area, ()):
                continue
            for block in surplus(state, area, side):
                events.append({"type": "supply", "side": side_of(state, block), "block": block,
                               "area": area, "hidden": ["block"]})
                lose_steps(state, block, 1, events, "supply")
