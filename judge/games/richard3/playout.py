"""Random playouts of Richard III: whole games of random legal orders, the invariants checked
after every resolution. Game ``seed`` is played from ``Random(seed)`` alone, so it replays."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from random import Random
from typing import Any

from .game import Richard3Game
from .state import State


@dataclass
class Playout:
    seed: int
    decisions: int = 0
    winner: str | None = None
    reason: str = ""
    problems: list[str] = field(default_factory=list)
    phase: str = ""
    before: State | None = None
    orders: dict[str, list[str]] = field(default_factory=dict)


def play(game: Richard3Game, seed: int, limit: int = 2000) -> Playout:
    """Play one game to its end (or ``limit`` decisions), stopping at the first violation."""
    rng = Random(seed)
    state = game.new_game(str(seed).encode())
    record = Playout(seed)
    while game.outcome(state) is None and record.decisions < limit:
        pending = game.pending(state)
        orders = {power: game.random_orders(state, power, rng) for power in sorted(pending.powers)}
        result = game.resolve(state, orders, rng)
        record.decisions += 1
        problems = game.violations(state, result)
        if problems:
            record.problems, record.phase = problems, pending.phase
            record.before, record.orders = state, orders
            return record
        state = result.state
    outcome = game.outcome(state)
    if outcome is not None:
        record.winner, record.reason = outcome.winners[0], outcome.reason
    return record


def balance(scenario: str, games: int, seed: int = 0) -> dict[str, Any]:
    """Wins per house over ``games`` random games, and how they were won."""
    game = Richard3Game(scenario)
    wins: Counter[str] = Counter()
    how: Counter[str] = Counter()
    bad = []
    for number in range(games):
        record = play(game, seed + number)
        if record.problems:
            bad.append(record)
            continue
        wins[record.winner or "none"] += 1
        how["heirs" if "every heir" in record.reason else "throne"] += 1
    return {"wins": dict(wins), "how": dict(how), "violations": bad}
