"""The action phase (1.2, 5.0): a player's moves, sea moves, recruits and event, checked and
applied one order at a time.

``apply_actions`` works on a state it owns (the caller copies) and returns, for each order, why
it was refused or None. The same function reads orders as they arrive (on a copy that is
thrown away) and resolves the phase, so a player is told at once what the position forbids.
Moves are applied in the order written, recruits after every move (1.2: recruits are chosen
after all movement), event orders before the moves.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from .data import BOARD, Card, border_key, other
from .orders import Order
from .state import State, at, blocks_in, occupancy, on_board, side_of, status, status_in

NO_SEA_MOVE = ("levy", "rebel")  # 5.3
LAND_ONLY = ("Scots Mercenary", "Welsh Mercenary")  # 5.3


class Refused(ValueError):
    """An order the position forbids; the message says why."""


@dataclass
class Budget:
    """What the card played still allows (5.1, 1.2 and the event cards)."""

    card: Card
    land_groups: list[str] = field(default_factory=list)  # areas activated
    sea_groups: list[list[Any]] = field(default_factory=list)  # [from, to, blocks]
    recruits: int = 0
    muster: str | None = None
    reserved: int = 0  # points of the recruits written before the order now applied (1.2)

    @property
    def event(self) -> str | None:
        return self.card.event

    def spent(self) -> int:
        return len(self.land_groups) + len(self.sea_groups) + self.recruits

    def pay(self) -> None:
        """Refuse an order that costs one more point than the card has left, counting first
        those its orders written before it spend (1.2, 5.1): the one that overspends is the
        one refused, whatever the order in which the phase applies them."""
        needed = self.spent() + self.reserved + 1
        if needed > self.card.ap:
            raise Refused(f"it needs a {_nth(needed)} action point and the card has {self.card.ap} (1.2)")


def _nth(number: int) -> str:
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number, 'th') }"


def turn_record(state: State) -> dict[str, Any]:
    return state["turn_record"]  # type: ignore[no-any-return]


def new_turn_record() -> dict[str, Any]:
    return {"crossings": {"York": {}, "Lancaster": {}}, "moved": [], "battles": {}}


def _cross(state: State, side: str, a: str, b: str, extra: int = 0) -> None:
    """Count a crossing of a land border against its limit for this game turn (5.21)."""
    border = BOARD.border(a, b)
    if border is None:
        raise Refused(f"{a} and {b} do not share a land border")
    crossings = turn_record(state)["crossings"][side]
    if crossings.get(border.key, 0) + 1 > border.limit + extra:
        raise Refused(
            f"the {border.colour} border {border.key} takes {border.limit + extra} of your blocks "
            "a turn (5.21)"
        )


def _may_enter_battle(state: State, side: str, area: str, border: str) -> None:
    """6.3: a house attacks a battle across three borders at most, and reinforces one across
    two."""
    battle = turn_record(state)["battles"].get(area)
    if battle is None:
        return
    borders = {e["border"] for e in battle["entries"] if e["side"] == side}
    most = 3 if battle["attacker"] == side else 2
    if border not in borders and len(borders) >= most:
        raise Refused(f"blocks may enter the battle in {area} across at most {most} borders (6.3)")


def _enter_battle(state: State, side: str, block: str, area: str, border: str) -> None:
    """Record a block entering an enemy or contested area: the attacker (5.22), the border
    crossed (6.3, 6.6) and whether it came as the defender's reinforcement (6.3)."""
    _may_enter_battle(state, side, area, border)
    battles = turn_record(state)["battles"]
    battle = battles.setdefault(area, {"attacker": side, "entries": []})
    battle["entries"].append({"block": block, "border": border, "side": side})


def _pinning(state: State, side: str, block: str, first_step: str | None) -> None:
    """5.22: defending blocks pinned by the main attack's blocks may not leave, by land or by
    sea (5.3); the others may not leave across a border the enemy entered by (``first_step``:
    the first area of a land move, None for a sea move)."""
    origin = at(state, block)
    battle = turn_record(state)["battles"].get(origin)
    if battle is None or battle["attacker"] == side:
        return
    enemy_borders = {e["border"] for e in battle["entries"] if e["side"] != side}
    if first_step is not None and border_key(origin, first_step) in enemy_borders:
        raise Refused(f"the enemy entered {origin} across that border (5.22)")
    pinned = len(main_attack(state, origin, other(side)))
    if len(blocks_in(state, origin, side)) - 1 < pinned:
        raise Refused(f"{pinned} of your blocks in {origin} are pinned by the attack (5.22)")


def main_border(state: State, area: str, attacker: str) -> str | None:
    """The main attack's border (6.3): the one the attacker named, or the one most of his blocks
    crossed (the first crossed on a tie)."""
    battle = turn_record(state)["battles"].get(area)
    if battle is None:
        return None
    entries = [e for e in battle["entries"] if e["side"] == attacker]
    if not entries:
        return None
    named = turn_record(state).get("main", {}).get(attacker, {}).get(area)
    borders = [e["border"] for e in entries]
    if named in borders:
        return str(named)
    return str(max(dict.fromkeys(borders), key=borders.count))


def main_attack(state: State, area: str, attacker: str) -> list[str]:
    """The attacking blocks of the main attack, the ones that pin (5.22) and fight in round 1."""
    battle = turn_record(state)["battles"].get(area)
    if battle is None or battle["attacker"] != attacker:
        return []
    border = main_border(state, area, attacker)
    return [
        e["block"]
        for e in battle["entries"]
        if e["side"] == attacker and e["border"] == border and at(state, e["block"]) == area
    ]


def land_move(state: State, side: str, budget: Budget, order: Order) -> dict[str, Any]:
    """5.2: one or two areas (three by Force March), stopping on entering an enemy or contested
    area or after a red border (5.21); 1 AP activates every block of the area it starts in."""
    block, path = order.block or "", list(order.areas)
    _movable(state, side, block)
    origin = at(state, block)
    event = budget.event
    if event in ("plague", "piracy"):
        raise Refused(f"the {budget.card.name} card gives no land moves")
    longest = 3 if event == "force_march" else 2
    if not 1 <= len(path) <= longest:
        raise Refused(f"a land move goes one or two areas{' (three by Force March)' if longest == 3 else ''} (5.2)")
    if event == "muster":
        if budget.muster is None:
            raise Refused("name the muster area first: MUSTER <area>")
        if path[-1] != budget.muster:
            raise Refused(f"under Muster every move ends in {budget.muster}")
    elif origin not in budget.land_groups:
        groups = 1 if event in ("force_march", "surprise", "treason") else budget.card.ap
        if event is None:
            budget.pay()
        if event is not None and len(budget.land_groups) + len(budget.sea_groups) >= groups:
            raise Refused(f"the {budget.card.name} card moves one group")
    _pinning(state, side, block, path[0])
    extra = 1 if event == "surprise" else 0
    here = origin
    crossed = []
    for number, step in enumerate(path):
        area = BOARD.areas[step]
        if area.exile_of is not None and area.exile_of != side:
            raise Refused(f"{step} is an enemy exile area (2.7)")
        _cross(state, side, here, step, extra)
        border = BOARD.border(here, step)
        assert border is not None
        last = number == len(path) - 1
        if not last and status(state, step, side) in ("enemy", "contested"):
            raise Refused(f"blocks stop on entering {step}: it holds enemy blocks (5.2)")
        if not last and border.colour == "red":
            raise Refused(f"blocks stop after crossing the red border into {step} (5.21)")
        crossed.append(border.key)
        here = step
    dest = path[-1]
    before = path[-2] if len(path) > 1 else origin
    if dest == origin:
        raise Refused("a move must end elsewhere")
    if len({origin, *path}) <= len(path):  # so a block crosses a border once a move (5.21)
        raise Refused("a move enters each area once, never going back the way it came (5.2, 5.21)")
    fight = status(state, dest, side) in ("enemy", "contested")
    if fight:
        _enter_battle(state, side, block, dest, border_key(before, dest))
    for key in crossed:
        crossings = turn_record(state)["crossings"][side]
        crossings[key] = crossings.get(key, 0) + 1
    if origin not in budget.land_groups:
        budget.land_groups.append(origin)
    _place(state, block, dest)
    return {"type": "move", "side": side, "block": block, "path": [origin, *path], "hidden": ["block"]}


def _movable(state: State, side: str, block: str) -> None:
    if side_of(state, block) != side or not on_board(state, block):
        raise Refused("that block is not yours on the map")
    if block in turn_record(state)["moved"]:
        raise Refused("a block moves once a turn (5.2)")


def _place(state: State, block: str, area: str) -> None:
    state["blocks"][block]["at"] = area
    turn_record(state)["moved"].append(block)


def sea_move(state: State, side: str, budget: Budget, order: Order) -> dict[str, Any]:
    """5.3: one block from a coastal area to a friendly or vacant one on the same sea zone, 1 AP;
    two blocks from one major port to one major port for 1 AP (5.31), also as the one group of
    the Surprise card (normal sea movement). Piracy: sea moves may attack, with no port bonus."""
    block, dest = order.block or "", order.areas[0]
    _movable(state, side, block)
    origin = at(state, block)
    kind = BOARD.blocks[block]
    if kind.type in NO_SEA_MOVE or kind.name in LAND_ONLY:
        raise Refused(f"{kind.name} never moves by sea (5.3)")
    event = budget.event
    if event not in (None, "surprise", "piracy"):
        raise Refused(f"the {budget.card.name} card gives no sea moves")
    if not BOARD.share_sea(origin, dest) or origin == dest:
        raise Refused(f"{origin} and {dest} are not on one sea zone (5.3)")
    if BOARD.areas[dest].exile_of not in (None, side):
        raise Refused(f"{dest} is an enemy exile area (2.7)")
    here = status(state, dest, side)
    if here in ("enemy", "contested") and event != "piracy":
        raise Refused(f"sea moves go only to friendly or vacant areas, and {dest} is {here} (5.3)")
    _pinning(state, side, block, None)
    if here in ("enemy", "contested"):
        _may_enter_battle(state, side, dest, "sea")  # before anything is counted
    port = BOARD.areas[origin].major_port and BOARD.areas[dest].major_port and event != "piracy"
    shared = next(
        (g for g in budget.sea_groups if port and g[0] == origin and g[1] == dest and g[2] == 1),
        None,
    )
    if shared is not None:
        shared[2] = 2
    else:
        if event is None:
            budget.pay()
        if event == "surprise" and budget.land_groups + budget.sea_groups:
            raise Refused("the Surprise card moves one group")
        if event == "piracy" and len(budget.sea_groups) >= budget.card.ap:
            raise Refused("the Piracy card gives two sea moves")
        budget.sea_groups.append([origin, dest, 1])
    if here in ("enemy", "contested"):
        _enter_battle(state, side, block, dest, "sea")
    _place(state, block, dest)
    return {"type": "sea move", "side": side, "block": block, "path": [origin, dest], "hidden": ["block"]}


def recruit_areas(
    state: State, side: str, block: str, occupied: dict[str, set[str]] | None = None
) -> list[str]:
    """Where a block of the pool may be deployed (5.4); never in the enemy's exile (2.7: a
    Lancastrian Warwick has a shield in Calais but never enters it, 8.3). ``occupied``: the
    position's ``occupancy``, if the caller has it."""
    wanted, places = _deployment(block, side)
    occupied = occupancy(state) if occupied is None else occupied
    return [area for area in places if status_in(occupied, area, side) in wanted]


@functools.cache
def _deployment(block: str, side: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """5.4 for one block of one house: what an area must be (friendly or vacant; a bombard's
    friendly, the Rebel's vacant) and the areas that have what its type deploys at."""
    kind = BOARD.blocks[block]
    wanted = {"bombard": ("friendly",), "rebel": ("vacant",)}.get(kind.type, ("friendly", "vacant"))
    places = []
    for area in BOARD.areas.values():
        if area.exile_of not in (None, side):
            continue
        if kind.type in ("noble", "heir"):
            ok = any(s in shield_names(block) for s in area.shields)
        elif kind.type == "church":
            ok = area.cathedral == kind.home
        elif kind.type == "levy":
            ok = area.city == kind.home
        elif kind.type == "bombard":
            ok = area.city is not None
        elif kind.type == "rebel":
            ok = area.kind != "exile"
        elif kind.name == "Welsh Mercenary":
            ok = area.wales
        else:
            ok = False
        if ok:
            places.append(area.name)
    return wanted, tuple(places)


def shield_names(block: str) -> tuple[str, ...]:
    """The shields a noble may use (2.2, 3.22); a defected Clarence uses any York shield and a
    defected Exeter his own (9.1)."""
    kind = BOARD.blocks[block]
    if block == "Clarence/L":
        return ("York",)
    return (kind.name,)


def recruit(state: State, side: str, budget: Budget, order: Order) -> dict[str, Any]:
    """5.4: one block from the pool a point, at full strength, where its type may deploy."""
    block, dest = order.block or "", order.areas[0]
    entry = state["blocks"][block]
    if side_of(state, block) != side or entry["at"] != "pool" or entry.get("down"):
        raise Refused("that block is not in your pool ready to be recruited (5.4, 6.83)")
    if budget.event is not None:
        raise Refused(f"the {budget.card.name} card gives no recruits")
    budget.pay()
    if dest not in recruit_areas(state, side, block):
        raise Refused(f"{BOARD.blocks[block].name} cannot be recruited in {dest} (5.4)")
    budget.recruits += 1
    entry["strength"] = BOARD.blocks[block].strength
    _place(state, block, dest)
    return {"type": "recruit", "side": side, "block": block, "area": dest, "hidden": ["block"]}


def plague(state: State, side: str, budget: Budget, order: Order) -> dict[str, Any]:
    """The Plague card: every block in one enemy city area loses a step, even the last."""
    area = order.areas[0]
    if budget.event != "plague":
        raise Refused("PLAGUE needs the Plague card")
    if BOARD.areas[area].city is None or status(state, area, side) != "enemy":
        raise Refused(f"{area} is not an enemy city area")
    if "plague" in turn_record(state):
        raise Refused("the Plague strikes once")
    turn_record(state)["plague"] = area
    return {"type": "plague", "side": side, "area": area}


def muster(state: State, side: str, budget: Budget, order: Order) -> dict[str, Any]:
    """The Muster card: name a friendly or vacant area (the house's own exile area too, such as
    Scotland for Lancaster, never the enemy's, 2.7); friendly blocks may move to it."""
    area = order.areas[0]
    if budget.event != "muster":
        raise Refused("MUSTER needs the Muster card")
    if BOARD.areas[area].exile_of not in (None, side):
        raise Refused(f"{area} is an enemy exile area (2.7)")
    if status(state, area, side) not in ("friendly", "vacant"):
        raise Refused(f"{area} is not a friendly or vacant area")
    budget.muster = area
    return {"type": "muster", "side": side, "area": area}
