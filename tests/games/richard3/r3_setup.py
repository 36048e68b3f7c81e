"""Positions for the Richard III tests: a map cleared of blocks, the blocks a test names put
back, a card played, and dice that roll what the test says."""

from __future__ import annotations

from random import Random
from typing import Any

from judge.games.kind import PhaseResult
from judge.games.richard3.data import BOARD
from judge.games.richard3.game import Richard3Game
from judge.games.richard3.turns import new_state, set_step

GAME = Richard3Game("1460")
State = dict[str, Any]


class Dice(Random):
    """A generator whose dice roll the numbers given, in turn (then fail loudly)."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        assert self.rolls, "the test rolled more dice than it gave"
        return self.rolls.pop(0)


def position(blocks: dict[str, Any], king: str = "Lancaster", scenario: str = "1460") -> State:
    """The scenario's state with every block on the map taken off (to its pool; heirs become
    minors), then ``blocks`` placed: id -> area or (area, strength)."""
    state = new_state(scenario, Random(0))
    for block, entry in state["blocks"].items():
        if entry["at"] in BOARD.areas or entry["at"] == "prisoner":
            entry["at"] = "minor" if BOARD.blocks[block].heir else "pool"
    for block, where in blocks.items():
        area, strength = where if isinstance(where, tuple) else (where, BOARD.blocks[block].strength)
        twin = BOARD.blocks[block].twin
        if twin:
            state["blocks"][twin]["at"] = "out"
        state["blocks"][block] = {"at": area, "strength": strength}
    state["king"] = king
    return state


def card(name: str) -> int:
    return min(n for n, c in BOARD.cards.items() if c.name == name)


def actions(state: State, player1: str, first: str = "AP 4", second: str = "AP 2") -> State:
    """The action phase of player 1, the cards played (``first`` by player 1)."""
    other = "Lancaster" if player1 == "York" else "York"
    played = {player1: card(first), other: card(second) if second != first else card(second) + 1}
    state["cards"] = {"hands": {"York": [], "Lancaster": []}, "undealt": [], "played": played, "redealt": True}
    state["player1"] = player1
    set_step(state, "actions 1", [player1])
    return state


def act(state: State, orders: list[str], rng: Random | None = None) -> PhaseResult:
    """Resolve the current action phase with these orders for the player to act, checking
    first that the judge reads every one of them."""
    power = state["step"]["powers"][0]
    read = GAME.read_orders(state, power, orders)
    errors = [(line.text, line.error) for line in read if line.error]
    assert not errors, errors
    return GAME.resolve(state, {power: [line.canonical or "" for line in read]}, rng or Random(0))


def refusal(state: State, order: str) -> str | None:
    power = state["step"]["powers"][0]
    return GAME.read_orders(state, power, [order])[0].error


def events(result: PhaseResult, kind: str) -> list[dict[str, Any]]:
    return [e for e in result.report["events"] if e["type"] == kind]


def where(state: State, block: str) -> Any:
    return state["blocks"][block]["at"]
