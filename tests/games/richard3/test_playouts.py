"""Random playouts: whole games of random legal orders in each scenario, the invariants
checked after every resolution (each block in one place, strengths, cards, heirs, border
limits, nothing hidden in a side's view)."""

from __future__ import annotations

import pytest

from judge.games.kind import PhaseResult
from judge.games.richard3.game import Richard3Game
from judge.games.richard3.invariants import violations
from judge.games.richard3.playout import play

GAMES = {"1460": 6, "1470": 8, "1483": 12}


@pytest.mark.parametrize("scenario", sorted(GAMES))
def test_random_games_end_and_break_no_invariant(scenario: str) -> None:
    game = Richard3Game(scenario)
    for seed in range(GAMES[scenario]):
        record = play(game, seed)
        assert not record.problems, (seed, record.phase, record.problems, record.orders)
        assert record.winner in ("York", "Lancaster"), (seed, record.decisions)


@pytest.mark.parametrize("bad", [(1, 2), {1, 2}, {3: "a number for a key"}, Richard3Game])
def test_the_invariants_catch_a_state_that_is_not_plain_json(bad: object) -> None:
    """States are plain JSON values (the store keeps them as JSON): a tuple, a set, a key that
    is no string or any other object deep in one is a violation."""
    game = Richard3Game("1460")
    state = game.new_game(b"1")
    assert not violations(state, PhaseResult(state, {"events": []}))
    state["turn_record"]["battles"]["Kent"] = {"attacker": "York", "entries": [{"odd": bad}]}
    assert "the state is not a plain JSON value" in violations(state, PhaseResult(state, {"events": []}))
