"""How fast random games of Plantagenet play, in Turns (Calendar boxes) a second.

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/plantagenet_speed.py [--scenarios Ia,Ib,Ic,II,III,I,wars,IIIB] [--games 50] [--runs 5]

Each run plays ``--games`` random games of a scenario to their end (random orders for the sides
asked, as ``judge selfplay`` gives them) and counts the Turns played: the Calendar boxes from the
first to the last (``wars``, the grand scenario: the Turns of all its Wars; ``IIIB``, Bosworth:
its one Battle counts as one). It prints, for each scenario, the median Turns a second over the runs in
process CPU time (steadier when other work shares the machine), the same with the invariants
checked after every phase as ``judge selfplay`` does, in wall-clock time, the games' average
length in Turns and the winners. Single-threaded.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from random import Random

from judge.games.kind import PlayableKind
from judge.games.plantagenet.game import kind_name
from judge.games.registry import playable_kind


def play(kind: PlayableKind, seed: int, checks: bool) -> tuple[int, str]:
    """One random game: the Turns it lasted and its winner (or "draw"). With ``checks`` the
    invariants are checked after every phase, as ``judge selfplay`` does."""
    rng = Random(seed)
    state = kind.new_game(str(seed).encode())
    first = kind.standing(state).period
    while kind.outcome(state) is None:
        pending = kind.pending(state)
        orders = {power: kind.random_orders(state, power, rng) for power in sorted(pending.powers)}
        result = kind.resolve(state, orders, rng)
        if checks and kind.violations(state, result):
            raise SystemExit(f"violation in game {seed}: {kind.violations(state, result)}")
        state = result.state
    outcome = kind.outcome(state)
    assert outcome is not None
    return kind.standing(state).period - first + 1, (outcome.winners or ("draw",))[0]


def run(scenario: str, games: int, seed: int, checks: bool) -> tuple[float, float, int, Counter[str]]:
    """Wall and CPU seconds, Turns played and winners of ``games`` games."""
    kind = playable_kind(kind_name(scenario))
    wall, cpu = time.perf_counter(), time.process_time()
    turns = 0
    winners: Counter[str] = Counter()
    for number in range(games):
        length, winner = play(kind, seed + number, checks)
        turns += length
        winners[winner] += 1
    return time.perf_counter() - wall, time.process_time() - cpu, turns, winners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", default="Ia,Ib,Ic,II,III,I,wars,IIIB")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'scenario':9} {'Turns/s (CPU)':>14} {'with checks':>12} {'Turns/s (wall)':>15} {'Turns/game':>11}  winners")
    for scenario in args.scenarios.split(","):
        cpus, checked, walls = [], [], []
        for _ in range(args.runs):
            wall, cpu, turns, winners = run(scenario, args.games, args.seed, False)
            walls.append(turns / wall)
            cpus.append(turns / cpu)
            checked.append(turns / run(scenario, args.games, args.seed, True)[1])
        print(f"{scenario:9} {statistics.median(cpus):14.0f} {statistics.median(checked):12.0f} "
              f"{statistics.median(walls):15.0f} {turns / args.games:11.1f}  {dict(winners)}")


if __name__ == "__main__":
    main()
