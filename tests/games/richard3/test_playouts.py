"""Random playouts: whole games of random legal orders in each scenario, the invariants
checked after every resolution (each block in one place, strengths, cards, heirs, border
limits, nothing hidden in a side's view)."""

from __future__ import annotations

import pytest

from judge.games.richard3.game import Richard3Game
from judge.games.richard3.playout import play

GAMES = {"1460": 6, "1470": 8, "1483": 12}


@pytest.mark.parametrize("scenario", sorted(GAMES))
def test_random_games_end_and_break_no_invariant(scenario: str) -> None:
    game = Richard3Game(scenario)
    for seed in range(GAMES[scenario]):
        record = play(game, seed)
        assert not record.problems, (seed, record.phase, record.problems, record.orders)
        assert record.winner in ("York", "Lancaster"), (seed, record.decisions)
