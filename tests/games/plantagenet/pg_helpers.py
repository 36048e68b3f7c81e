"""Helpers for the Plantagenet engine tests: a scenario's state with Lords placed as a test says,
and dice that roll what a test says."""

from __future__ import annotations

from random import Random
from typing import Any

from judge.games.plantagenet.data import BOARD
from judge.games.plantagenet.setup import new_state
from judge.games.plantagenet.state import State, new_mat


class Dice(Random):
    """Rolls the given numbers in turn; a test fails if the engine asks for one more."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        assert self.rolls, "the engine rolled more dice than the test gave"
        return self.rolls.pop(0)


def board(scenario: str = "Ia", box: int | None = None, **places: str) -> State:
    """The scenario's setup with every Lord taken off the map, then the Lords named placed
    (``York="Ely"``, names with spaces written with underscores: ``Henry_VI="London"``) with their
    cards' Forces and Assets; Favour and Vassals as the scenario sets them up."""
    state = new_state(scenario)
    state["step"] = {"name": "muster", "side": "York"}
    for lord in state["lords"]:
        state["lords"][lord] = {"box": 15, "exile": False}
    for name, place in places.items():
        lord = name.replace("_", " ")
        state["lords"][lord] = new_mat(lord, place)
    for vassal, entry in list(state["vassals"].items()):
        if "lord" in entry and BOARD.vassals[vassal].special:
            del state["vassals"][vassal]
        elif "lord" in entry:
            state["vassals"][vassal] = {"seat": True}
    if box is not None:
        state["box"] = box
    return state


def mat(state: State, lord: str) -> dict[str, Any]:
    entry: dict[str, Any] = state["lords"][lord]
    return entry
