"""The state of a game of Richard III, a plain JSON value, and the questions asked of it.

``state["blocks"]`` maps each block's id to ``{"at": PLACE, "strength": N}`` (and ``"down":
true`` for a block face-down, 6.83-6.86: out of play until the campaign reset). PLACE is an area's
name, ``pool`` (4.2), ``minor`` (an heir not yet of age, 4.5), ``prisoner`` (Henry VI in the Tower,
Kingmaker scenario), ``out`` (the version of a block whose other house's version is in play, 4.6)
or ``dead``. The functions here never change a state; ``copy_state`` makes the copy a
resolution works on, so that the state handed in is never mutated.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .data import BOARD, REBEL, SIDES, Block, other

State = dict[str, Any]

OFF_MAP = ("pool", "minor", "prisoner", "out", "dead")
ROMAN = ("", "I", "II", "III")


def copy_state(state: State) -> State:
    """A copy sharing nothing with ``state``, for a resolution to change. (The blocks' entries
    are flat, ``{"at", "strength", "down"}``: a shallow copy of each is a full one.)"""
    return {
        key: {b: dict(e) for b, e in value.items()} if key == "blocks" else _copied(value)
        for key, value in state.items()
    }


def _copied(value: Any) -> Any:
    """A plain JSON value copied (three times faster than ``copy.deepcopy``, which must
    allow for any object)."""
    if type(value) is dict:
        return {key: _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


def block(block_id: str) -> Block:
    return BOARD.blocks[block_id]


def king(state: State) -> str:
    """The house holding the throne (1.0: the King; the other is the Pretender)."""
    return str(state["king"])


def pretender(state: State) -> str:
    return other(king(state))


def side_of(state: State, block_id: str) -> str:
    """The house a block fights for: the Rebel fights for the Pretender (3.26)."""
    side = _HOUSE[block_id]
    return side if side != REBEL else pretender(state)


_HOUSE = {block_id: kind.side for block_id, kind in BOARD.blocks.items()}  # asked very often


def at(state: State, block_id: str) -> str:
    return str(state["blocks"][block_id]["at"])


def strength(state: State, block_id: str) -> int:
    return int(state["blocks"][block_id]["strength"])


def is_down(state: State, block_id: str) -> bool:
    return bool(state["blocks"][block_id].get("down", False))


def on_board(state: State, block_id: str) -> bool:
    """Whether a block stands in an area (map or exile), able to move and fight."""
    entry = state["blocks"][block_id]
    return entry["at"] in BOARD.areas and not entry.get("down", False)


def blocks_of(state: State, side: str) -> Iterator[str]:
    """The ids of a house's blocks in play or in its pool (not out, dead or minor)."""
    for block_id, entry in state["blocks"].items():
        if entry["at"] not in ("out", "dead", "minor") and side_of(state, block_id) == side:
            yield block_id


def blocks_in(state: State, area: str, side: str | None = None) -> list[str]:
    """The blocks standing in an area (of one house, if given), in the order of the data."""
    return [
        block_id
        for block_id, entry in state["blocks"].items()
        if entry["at"] == area
        and not entry.get("down", False)
        and (side is None or side_of(state, block_id) == side)
    ]


def status(state: State, area: str, side: str) -> str:
    """Friendly, enemy, vacant or contested, for a house (2.1)."""
    own = enemy = False
    for block_id, entry in state["blocks"].items():
        if entry["at"] == area and not entry.get("down", False):
            if side_of(state, block_id) == side:
                own = True
            else:
                enemy = True
    if own and enemy:
        return "contested"
    if own:
        return "friendly"
    return "enemy" if enemy else "vacant"


def occupancy(state: State) -> dict[str, set[str]]:
    """The houses with blocks standing in each area (for many ``status`` questions at once)."""
    found: dict[str, set[str]] = {}
    for block_id, entry in state["blocks"].items():
        if entry["at"] in BOARD.areas and not entry.get("down", False):
            found.setdefault(entry["at"], set()).add(side_of(state, block_id))
    return found


def status_in(occupied: dict[str, set[str]], area: str, side: str) -> str:
    """``status`` read from an ``occupancy``."""
    here = occupied.get(area, set())
    if len(here) == 2:
        return "contested"
    if not here:
        return "vacant"
    return "friendly" if side in here else "enemy"


def heirs(state: State, side: str) -> list[str]:
    """A house's heirs in play, senior first (3.21). A defected Exeter or Clarence is not an heir
    of his new house (9.1): his version there is a noble block."""
    return [b for b in BOARD.heirs_of[side] if state["blocks"][b]["at"] in BOARD.areas]


def minors(state: State, side: str) -> list[str]:
    """A house's heirs not yet of age, senior first (4.5)."""
    return [b for b in BOARD.heirs_of[side] if state["blocks"][b]["at"] == "minor"]


def senior_heir(state: State, side: str) -> str | None:
    """The King or the Pretender himself: his house's senior heir in play (3.21)."""
    found = heirs(state, side)
    return found[0] if found else None


def crowned(state: State, side: str) -> str | None:
    """The King or the Pretender himself, as a block: his house's senior heir in play (3.21),
    except that a dead King's heir becomes King only at the beginning of the next supply
    phase (6.81): until then the King's house has no King (``state["king_dead"]``)."""
    if side == king(state) and state.get("king_dead"):
        return None
    return senior_heir(state, side)


def heirs_left(state: State, side: str) -> int:
    """Heirs of a house not yet eliminated: in play, minors, or Henry VI in the Tower (9.0).
    A defected Exeter or Clarence does not count for his first house while he is away (9.1)."""
    return sum(1 for b in BOARD.heirs_of[side] if state["blocks"][b]["at"] not in ("dead", "out", "pool"))


def phase_name(state: State, label: str) -> str:
    campaign = ROMAN[int(state["campaign"])]
    if label == "political":
        return f"{campaign} political"
    return f"{campaign}-{state['turn']} {label}"


def current_phase(state: State) -> str:
    """The name of the decision a state waits for: ``I-3 cards``, ``I-3 actions 1 York``,
    ``II political``, ``III-7 end`` once the game is over."""
    step = state["step"]
    label = step["label"]
    if label == "over":
        return phase_name(state, "end")
    if label.startswith("actions"):
        return phase_name(state, f"{label} {step['powers'][0]}")
    return phase_name(state, label)


def full_strength(block_id: str) -> int:
    return BOARD.blocks[block_id].strength


def in_play_twin(state: State, block_id: str) -> str | None:
    """The version of a two-house block that is in play (3.22), or None."""
    twin = BOARD.blocks[block_id].twin
    if state["blocks"][block_id]["at"] not in ("out", "dead"):
        return block_id
    if twin and state["blocks"][twin]["at"] not in ("out", "dead"):
        return twin
    return None


def all_sides() -> tuple[str, str]:
    return SIDES
