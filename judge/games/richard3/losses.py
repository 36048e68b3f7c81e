"""Steps lost and blocks eliminated (3.11, 6.8), wherever the loss comes from: battle, supply,
the Plague card, an execution."""

from __future__ import annotations

from typing import Any

from .data import BOARD
from .state import State, crowned, king, side_of

NEVILLES = ("Warwick", "Salisbury", "Kent")
Events = list[dict[str, Any]]


def lose_steps(state: State, block: str, steps: int, events: Events, cause: str) -> int:
    """Reduce a block by up to ``steps``; eliminate it at zero. The steps it took."""
    entry = state["blocks"][block]
    taken = min(steps, int(entry["strength"]))
    entry["strength"] = int(entry["strength"]) - taken
    if entry["strength"] <= 0:
        eliminate(state, block, events, cause)
    return taken


def eliminate(state: State, block: str, events: Events, cause: str) -> None:
    """6.8: where an eliminated block goes.

    Heirs die for good (6.82), and their house's senior minor comes of age at the next supply
    phase (counted in ``heirs_due``); a dead King's heir is King from then too (6.81); a defected Exeter or Clarence dies as the heir he is (9.1).
    Rose nobles and the Nevilles die for good; other nobles and the church go face-down to the
    pool (6.83). Levies and bombards go face-down to the pool (6.84); mercenaries face-down to
    their home, the Welsh to the Lancastrian pool (6.85); the Rebel face-down to the Pretender's
    pool (6.86)."""
    kind = BOARD.blocks[block]
    side = side_of(state, block)
    entry = state["blocks"][block]
    where = str(entry["at"])
    entry["strength"] = 0
    entry.pop("down", None)
    heir_of = _heir_house(block)
    if block == crowned(state, king(state)):
        state["king_dead"] = True  # 6.81: no King until the next supply phase
    if heir_of is not None:
        entry["at"] = "dead"
        if kind.twin:
            state["blocks"][kind.twin]["at"] = "dead"
        state["heirs_due"][heir_of] = state["heirs_due"].get(heir_of, 0) + 1
        fate = "dead"
    elif kind.type == "noble" and (kind.twin is None or kind.name in NEVILLES):
        entry["at"] = "dead"
        if kind.twin:
            state["blocks"][kind.twin]["at"] = "dead"
        fate = "dead"
    elif kind.type == "mercenary" and kind.home != "pool":
        entry["at"], entry["down"] = kind.home, True
        fate = f"face-down in {kind.home}"
    else:  # other nobles, church, levies, bombards, the Welsh, the Rebel
        entry["at"], entry["down"] = "pool", True
        fate = "face-down to the pool"
    event: dict[str, Any] = {"type": "eliminated", "side": side, "block": block, "area": where, "fate": fate,
             "cause": cause}
    if cause in ("supply", "plague") and heir_of is None:
        event["hidden"] = ["block", "fate"]  # only blocks revealed in battle are named
    events.append(event)


def _heir_house(block: str) -> str | None:
    """The house a block is an heir of: his own, or for a defected Exeter or Clarence the house
    he left (9.1)."""
    kind = BOARD.blocks[block]
    if kind.heir is not None:
        return kind.side
    if kind.twin and BOARD.blocks[kind.twin].heir is not None:
        return BOARD.blocks[kind.twin].side
    return None
