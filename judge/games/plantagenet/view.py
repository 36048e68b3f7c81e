"""What each reader may see of a game (1.9, 1.9.2, 3.1.3, 4.1.2, 1.5.3 Hidden Mats option).

Hidden from the enemy (and from observers): the Arts of War deck and held Events (counted), the
Plan's cards not yet revealed (4.1.2), standing orders; with the Hidden Mats option, the mats of
the enemy's Lords on the map (Forces, Assets, Vassals, Capabilities), only where they stand
being shown. Everything else is open.
"""

from __future__ import annotations

from typing import Any

from .data import BOARD, SIDES
from .state import State, copy_state, rebel

MAT_KEYS = ("troops", "assets", "vassals", "caps", "moved")


def revealed(state: State, side: str) -> int:
    """How many of a side's Plan cards are revealed: those played and the one in play (4.2)."""
    step = state["step"]
    if step["name"] != "command":
        return 0
    card = int(step["card"])
    if side == step["side"] or (side == rebel(state) and step["side"] != side):
        return card + 1
    return card


def view(state: State, power: str | None) -> dict[str, Any]:
    """The state as ``power`` (a side, or None for an observer) may see it."""
    seen = copy_state(state)
    for side in SIDES:
        if side == power:
            continue
        seen["decks"][side] = len(state["decks"][side])
        seen["held"][side] = len(state["held"][side])
        plan = state["plans"][side]
        shown = revealed(state, side)
        seen["plans"][side] = plan[:shown] + ["?"] * (len(plan) - shown)
        seen.get("standing", {}).pop(side, None)
        if state["hidden_mats"]:
            for lord, entry in seen["lords"].items():
                if "at" in entry and _side(lord) == side:
                    for key in MAT_KEYS:
                        entry.pop(key, None)
            for vassal, entry in list(seen["vassals"].items()):
                if "lord" in entry and _side(entry["lord"]) == side:
                    seen["vassals"][vassal] = {"mustered": True, **({"box": entry["box"]} if "box" in entry else {})}
    return seen



def _side(lord: str) -> str:
    return BOARD.lords[lord].side
