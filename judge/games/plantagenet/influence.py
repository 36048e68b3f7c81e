"""Influence checks (1.4.2): what a check costs and whether it succeeds."""

from __future__ import annotations

from random import Random

from . import capabilities
from .data import BOARD
from .state import State, gain

EXTRA = {0: 0, 1: 1, 3: 2}
"""Points a side may add to a check before rolling, and what each adds to the rating (1.4.2:
one or three, never two)."""


def check(state: State, lord: str, rng: Random, extra: int = 0, modifier: int = 0, ways: int = 0,
          parley: bool = False) -> tuple[bool, int]:
    """A Lord checks Influence (1.4.2): his side spends one point, ``extra`` more (1 for +1,
    3 for +2) and ``ways`` more (one per Way to a Parley target, or what an Event adds); he succeeds on a roll at or under his rating
    so modified (and a Vassal's Loyalty, ``modifier``), a 1 always succeeding and a 6 always
    failing. His rating counts his Capabilities (``parley``: those for Parley only). The success
    and the roll."""
    side = BOARD.lords[lord].side
    extra_cost = capabilities.bonus(state, lord, "parley_cost") if parley else 0
    gain(state, side, -(1 + extra + ways + extra_cost))
    rating = capabilities.influence(state, lord, parley) + EXTRA[extra] + modifier
    roll = rng.randint(1, 6)
    return roll == 1 or (roll != 6 and roll <= rating), roll


def loyalty_modifier(vassal: str, side: str) -> int:
    """A Vassal's Loyalty as it modifies the Levying Lord's rating: added if its colour is the
    Levying side's, subtracted if the enemy's (1.4.2, 1.5.4; + is York in the data)."""
    loyalty = BOARD.vassals[vassal].loyalty
    return loyalty if side == "York" else -loyalty
