"""The political turn (8.0) between campaigns, and the victory it decides (9.0).

``disband_and_usurp`` plays 8.1 and 8.2 at the end of a campaign's last supply phase; the
players then say where their blocks go home (``home_areas`` lists the choices; ``HOME`` orders),
and ``go_home_and_reset`` plays 8.3, 8.4 and 8.5.
"""

from __future__ import annotations

from random import Random

from .data import BOARD, SIDES
from .losses import Events
from .state import State, blocks_in, king, pretender, side_of, status
from .supply import EXILE_AREAS, surplus
from .combat import heir_shield
from .actions import shield_names
from .cards import deal

NEVILLE_SHIELDS = ("Warwick", "Salisbury", "Kent")
COUNTED = tuple(b for b, kind in BOARD.blocks.items() if kind.type in ("noble", "heir", "church"))  # 8.2
DISBANDED = ("levy", "bombard", "rebel")


def disband_and_usurp(state: State, events: Events) -> None:
    """8.1: levies, bombards, the Welsh and the Rebel to the pool, mercenaries home. 8.2:
    usurpation."""
    for block, entry in state["blocks"].items():
        kind = BOARD.blocks[block]
        if entry["at"] not in BOARD.areas and not (entry["at"] == "pool" and entry.get("down")):
            continue
        if kind.type in DISBANDED or kind.name == "Welsh Mercenary":
            if entry["at"] != "pool":
                entry["at"] = "pool"
        elif kind.type == "mercenary" and kind.home and entry["at"] != kind.home:
            entry["at"] = kind.home
    events.append({"type": "disband"})
    counts = {side: usurpation_count(state, side) for side in SIDES}
    claimant = pretender(state)
    usurped = counts[claimant] > counts[king(state)]
    if usurped:
        state["king"] = claimant
        state.pop("king_dead", None)  # the usurper's senior heir is King at once (8.2)
    events.append({"type": "usurpation", "counts": counts, "usurped": usurped, "king": king(state)})


def usurpation_count(state: State, side: str) -> int:
    """8.2: a house's nobles and heirs on the map (not in exile, on the Isle of Man or in the
    pool), each church block one, and one for holding London (Middlesex). Henry VI in the
    Tower counts as a Lancastrian noble (Kingmaker)."""
    count = 0
    for block in COUNTED:
        entry = state["blocks"][block]
        if side_of(state, block) != side:
            continue
        if entry["at"] == "prisoner":
            count += 1
        elif entry["at"] in BOARD.areas and BOARD.areas[entry["at"]].kind == "land":
            count += not entry.get("down", False)
    if status(state, "Middlesex", side) == "friendly":
        count += 1
    return count


def must_go_home(state: State, side: str) -> list[str]:
    """The blocks a house sends home (8.3, 8.4): its heirs, nobles and church on the map (not
    in exile, where blocks stay)."""
    return [
        block
        for block, entry in state["blocks"].items()
        if entry["at"] in BOARD.areas
        and BOARD.areas[entry["at"]].kind != "exile"
        and not entry.get("down", False)
        and side_of(state, block) == side
        and BOARD.blocks[block].type in ("heir", "noble", "church")
    ]


def home_areas(state: State, block: str) -> list[str]:
    """Where a block may go home (8.3, 8.4, 9.1): ``pool`` when nowhere is open."""
    side = side_of(state, block)
    kind = BOARD.blocks[block]

    def free(area: str) -> bool:
        return status(state, area, side) in ("friendly", "vacant")

    if kind.heir is not None and kind.side == side:
        if side == pretender(state):
            return list(EXILE_AREAS[side])
        found = [
            a.name for a in BOARD.areas.values()
            if (a.crown or heir_shield(state, block, a.name)) and free(a.name)
        ]
        return found or list(EXILE_AREAS[side])
    if kind.type == "church":
        found = [a.name for a in BOARD.areas.values() if a.cathedral == kind.home and free(a.name)]
    elif block == "Exeter/Y":
        found = [a for a in ("Cornwall",) if free(a)]
    elif block == "Clarence/L":
        found = [a.name for a in BOARD.areas.values() if "York" in a.shields and status(state, a.name, side) == "vacant"]
    else:
        shields = set(shield_names(block))
        if kind.name in NEVILLE_SHIELDS:
            shields |= {n for n in NEVILLE_SHIELDS if _neville_dead(state, n)}
        found = [
            a.name for a in BOARD.areas.values()
            if shields & set(a.shields) and free(a.name)
            and (a.exile_of is None or a.exile_of == side)
        ]
        if kind.name in ("Salisbury", "Kent") and side == "York" and not found:
            if len(blocks_in(state, "Calais", side)) < 4 + _local_mercs(state, "Calais"):
                found = ["Calais"]
    return found or ["pool"]


def _neville_dead(state: State, name: str) -> bool:
    versions = [b for b in BOARD.blocks.values() if b.name == name]
    return all(state["blocks"].get(b.id, {"at": "dead"})["at"] == "dead" for b in versions)


def _local_mercs(state: State, area: str) -> int:
    return sum(1 for b in blocks_in(state, area) if BOARD.blocks[b].home == area)


def go_home_and_reset(
    state: State, wishes: dict[str, dict[str, str]], rng: Random, events: Events
) -> None:
    """8.3 the Pretender's blocks go home, then 8.4 the King's; ``wishes``: side -> block ->
    area, as ordered (a block not ordered stays where it is if it may, else goes to the nearest
    place open to it, ``nearest_home``). Then 8.5."""
    for side in (pretender(state), king(state)):
        for block in must_go_home(state, side):
            options = home_areas(state, block)
            wanted = wishes.get(side, {}).get(block)
            here = state["blocks"][block]["at"]
            dest = wanted if wanted in options else nearest_home(here, options)
            state["blocks"][block]["at"] = dest
            events.append({"type": "home", "side": side, "block": block, "from": here, "to": dest,
                           "hidden": [] if BOARD.blocks[block].heir else ["block"]})
    campaign_reset(state, rng, events)


def nearest_home(here: str, options: list[str]) -> str:
    """The home a block not sent anywhere goes to (8.3, 8.4, the judge's default): where it
    stands, if that is a home of its; else the one fewest land borders away (the first listed of
    those as near); an exile area or the pool, only when no home on the map is open."""
    if here in options:
        return here
    steps = {here: 0}
    frontier = [here]
    while frontier:
        reached = [n for area in frontier for n in BOARD.neighbours.get(area, ()) if n not in steps]
        for area in reached:
            steps.setdefault(area, steps[frontier[0]] + 1)
        frontier = list(dict.fromkeys(reached))
    return min(options, key=lambda area: (steps.get(area, len(BOARD.areas) + 1), options.index(area)))


def campaign_reset(state: State, rng: Random, events: Events) -> None:
    """8.5: face-down blocks stand up, every block back to full strength, exile areas over their
    limit send the surplus to the pool (7.2), the cards shuffled and dealt anew."""
    for block, entry in state["blocks"].items():
        entry.pop("down", None)
        if entry["at"] not in ("dead", "out"):
            entry["strength"] = BOARD.blocks[block].strength
    for area in ("France", "Scotland", "Calais", "Ireland"):
        for side in SIDES:
            for block in surplus(state, area, side):
                if BOARD.blocks[block].heir is None:
                    state["blocks"][block]["at"] = "pool"
    state["campaign"] += 1
    state["turn"] = 1
    deal(state, rng)
    events.append({"type": "campaign", "campaign": state["campaign"]})

