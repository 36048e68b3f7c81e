"""What must hold after every resolution, checked in random playouts."""

from __future__ import annotations

from typing import Any

from ..kind import PhaseResult
from .data import BOARD, SIDES, other
from .state import OFF_MAP, State, current_phase, heirs, occupancy, side_of
from .view import report_for, view

PLACES = set(BOARD.areas) | set(OFF_MAP)


def violations(before: State, result: PhaseResult) -> list[str]:
    after = result.state
    problems: list[str] = []
    problems += _blocks(after)
    problems += _cards(after)
    problems += _crown(after)
    problems += _moves(after)
    problems += _fog(after, result.report)
    for side, refused in result.report.get("refused", {}).items():
        problems += [f"{side}: {order} was refused: {why}" for order, why in refused]
    if after["step"]["label"] in ("cards", "redeal", "political"):
        occupied = occupancy(after)
        contested = [a for a in BOARD.areas if len(occupied.get(a, ())) == 2]
        if contested:
            problems.append(f"areas still contested after the battles: {contested} (6.0)")
    if not _plain(after):
        problems.append("the state is not a plain JSON value")
    return problems


PLAIN = {dict, list, str, int, float, bool, type(None)}


def _plain(state: State) -> bool:
    """Whether a state is what JSON reads back the same: objects with string keys, arrays,
    strings, numbers, true, false and null (no tuples, sets or other objects)."""
    waiting: list[Any] = [state]
    while waiting:
        item = waiting.pop()
        if type(item) is dict:
            if not {str}.issuperset(map(type, item)):
                return False
            item = item.values()
        kinds = set(map(type, item))
        if not kinds <= PLAIN:
            return False
        if dict in kinds or list in kinds:
            waiting.extend(member for member in item if type(member) in (dict, list))
    return True


def _blocks(state: State) -> list[str]:
    """Each block in one known place (3.0); strengths within 1 and its maximum (3.11); one
    version of a two-house block in play (3.22); no block in the enemy's exile (2.7)."""
    found = []
    if set(state["blocks"]) != set(BOARD.blocks):
        found.append("the blocks are not the game's 63")
    for block, entry in state["blocks"].items():
        kind = BOARD.blocks[block]
        where = entry["at"]
        if where not in PLACES:
            found.append(f"{block} is nowhere known: {where} (3.0)")
        if where in BOARD.areas and not entry.get("down"):
            if not 1 <= entry["strength"] <= kind.strength:
                found.append(f"{block} has strength {entry['strength']}, not 1 to {kind.strength} (3.11)")
        if where in BOARD.areas:
            exile = BOARD.areas[where].exile_of
            if exile is not None and exile != side_of(state, block):
                found.append(f"{block} stands in {where}, the enemy's exile (2.7)")
        twin = kind.twin
        if twin and where not in ("out", "dead") and state["blocks"][twin]["at"] not in ("out", "dead"):
            found.append(f"both versions of {kind.name} are in play (3.22)")
        if where == "prisoner" and block != "Henry VI":
            found.append(f"{block} is a prisoner")
        if kind.heir is not None and where == "pool":
            found.append(f"the heir {block} is in the pool")
    return found


def _cards(state: State) -> list[str]:
    """25 cards, each once; seven a hand less one a turn played (1.0, 1.1)."""
    cards = state["cards"]
    everything = (
        cards["hands"]["York"] + cards["hands"]["Lancaster"] + cards["undealt"]
        + cards.get("discards", []) + list(cards["played"].values())
    )
    found = []
    if sorted(everything) != sorted(BOARD.cards):
        found.append(f"the cards are not the 25: {sorted(everything)} (1.0)")
    if state["step"]["label"] != "over":
        played = len(cards.get("discards", [])) // 2 + (1 if cards["played"] else 0)
        for side in SIDES:
            if len(cards["hands"][side]) != 7 - played:
                found.append(f"{side} holds {len(cards['hands'][side])} cards in turn {state['turn']} (1.1)")
    return found


def _crown(state: State) -> list[str]:
    """A King's house has an heir or one to come until the game is won (3.21, 6.81, 9.0)."""
    if state["outcome"]:
        return []
    found = []
    for side in SIDES:
        alive = heirs(state, side) or [
            b for b, e in state["blocks"].items()
            if e["at"] in ("minor", "prisoner") and BOARD.blocks[b].side == side and BOARD.blocks[b].heir
        ]
        if not alive:
            found.append(f"{side} has no heir and the game goes on (9.0)")
    return found


def _moves(state: State) -> list[str]:
    """Border limits (5.21): no more of a house's blocks across a border in a turn than it
    takes (one more with Surprise)."""
    found = []
    for side, crossings in state["turn_record"]["crossings"].items():
        for key, count in crossings.items():
            if count > BOARD.borders[key].limit + 1:
                found.append(f"{count} {side} blocks crossed {key} (5.21)")
    return found


def _fog(state: State, report: dict[str, Any]) -> list[str]:
    """Nothing hidden in a side's view: no enemy block named in the view, and in the report
    only those a battle revealed."""
    found = []
    names: dict[str, set[str]] = {side: set() for side in SIDES}
    for block, kind in BOARD.blocks.items():
        names[side_of(state, block)].add(kind.name)
    for side in SIDES:
        seen = view(state, side, current_phase(state))
        leaked = set(seen.get("blocks", {})) & (names[other(side)] - names[side])
        if leaked:
            found.append(f"{side}'s view names enemy blocks {sorted(leaked)}")
        if "hand" in seen and seen.get("counts", {}).get(side):
            found.append(f"{side}'s view counts his own blocks as the enemy's")
        shown = report_for(report, side)
        for event in shown["events"]:
            if event.get("side") == other(side) and event["type"] in ("move", "sea move", "recruit", "supply", "home") and event.get("block"):
                if BOARD.blocks[event["block"]].heir is None:
                    found.append(f"{side} is told of the enemy's hidden {event['type']} of {event['block']}")
    return found
