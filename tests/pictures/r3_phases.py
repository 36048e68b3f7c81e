"""The phases of random games of Richard III, for the picture tests to draw."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

from judge.games.richard3.game import Richard3Game


def phases(scenario: str, seed: int, limit: int = 400, after: bool = False
           ) -> Iterator[tuple[dict[str, Any], dict[str, Any], Richard3Game]]:
    """(state, report, game) for each phase of a random game: the state the phase began from,
    or, ``after``, the one it left (the position a results mail's picture shows)."""
    game = Richard3Game(scenario)
    rng = Random(seed)
    state = game.new_game(str(seed).encode())
    for _ in range(limit):
        if game.outcome(state) is not None:
            return
        orders = {power: game.random_orders(state, power, rng) for power in sorted(game.pending(state).powers)}
        result = game.resolve(state, orders, rng)
        yield (result.state if after else state), result.report, game
        state = result.state
