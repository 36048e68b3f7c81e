"""Fog of war: what one house, or an observer, may see.

A player sees his own blocks in full (where, strength, face-down or not), his hand, and of the
enemy only how many blocks stand in each area and lie in the pool (the blocks stand upright
facing their owner). Both see the cards once revealed (1.1), who is King, the heirs killed (6.82:
kept as a record), Henry VI in the Tower, and the battles of the turn. In a report, blocks are
named to the enemy only where a battle reveals them (6.1); moves, recruits and supply losses show
him the areas and counts alone.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .data import BOARD, SIDES
from .names import block_name
from .state import State, senior_heir, side_of


def view(state: State, power: str | None, phase: str) -> dict[str, Any]:
    seen: dict[str, Any] = {
        "scenario": state["scenario"],
        "phase": phase,
        "campaign": state["campaign"],
        "turn": state["turn"],
        "king": state["king"],
        "king_dead": bool(state.get("king_dead")),  # 6.81: no King until the next supply phase
        "player1": state["player1"],
        "to_act": list(state["step"]["powers"]),
        "crown": {side: _name(senior_heir(state, side)) for side in SIDES},
        "cards_played": {s: BOARD.cards[n].name for s, n in state["cards"]["played"].items()},
        "hand_sizes": {s: len(state["cards"]["hands"][s]) for s in SIDES},
        "dead": sorted(block_name(b) for b, e in state["blocks"].items() if e["at"] == "dead" and BOARD.blocks[b].side in SIDES and BOARD.blocks[b].heir),
        "prisoner": [block_name(b) for b, e in state["blocks"].items() if e["at"] == "prisoner"],
        "battles": sorted(state["turn_record"]["battles"]),
        "outcome": state["outcome"],
    }
    for side in SIDES:
        if side == power:
            seen["hand"] = sorted(BOARD.cards[n].name for n in state["cards"]["hands"][side])
            seen["blocks"] = {
                block_name(b): {"at": e["at"], "strength": e["strength"], **({"down": True} if e.get("down") else {})}
                for b, e in state["blocks"].items()
                if side_of(state, b) == side and e["at"] not in ("out", "dead")
            }
        else:
            seen.setdefault("counts", {})[side] = _counts(state, side)
    return seen


def _name(block: str | None) -> str | None:
    return block_name(block) if block else None


def _counts(state: State, side: str) -> dict[str, int]:
    """How many of a house's blocks stand in each area and lie in its pool."""
    counted = Counter(
        str(e["at"])
        for b, e in state["blocks"].items()
        if side_of(state, b) == side and (e["at"] in BOARD.areas or e["at"] == "pool")
    )
    return dict(sorted(counted.items()))


def report_for(report: dict[str, Any], power: str | None) -> dict[str, Any]:
    """A resolution's report as one reader may see it: the enemy's orders left out, and the
    hidden fields of his events blanked."""
    events = []
    for event in report["events"]:
        if event.get("private") and event.get("side") != power:
            continue  # a house's own business: what became of its standing orders
        hidden = event.get("hidden", ())
        if hidden and event.get("side") != power:
            event = {k: (None if k in hidden else v) for k, v in event.items()}
        events.append({k: v for k, v in event.items() if k not in ("hidden", "private")})
    return {
        **report,
        "events": events,
        "orders": {s: o for s, o in report.get("orders", {}).items() if s == power},
        "refused": {s: o for s, o in report.get("refused", {}).items() if s == power},
    }

