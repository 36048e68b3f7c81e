"""How fast random games of Plantagenet play, in Turns (Calendar boxes) a second.

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/plantagenet_speed.py [--scenarios Ia,Ib,Ic,II,III] [--games 50] [--runs 5]

Each run plays ``--games`` random games of a scenario as ``judge selfplay`` does (random orders
for the sides asked, the invariants checked after every phase, since selfplay checks them too)
and counts the Turns played: one for each Levy begun. It prints, for each scenario, the median
Turns a second over the runs (wall clock and process CPU time, the latter steadier when other
work shares the machine), the games' average length in Turns and the winners. Single-threaded.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from judge.games.registry import playable_kind
from judge.games.selfplay import play_game


def run(scenario: str, games: int, seed: int) -> tuple[float, float, int, Counter[str]]:
    """Wall and CPU seconds, Turns played and winners of ``games`` games."""
    kind = playable_kind(f"plantagenet-{scenario.lower()}")
    wall, cpu = time.perf_counter(), time.process_time()
    turns = 0
    winners: Counter[str] = Counter()
    for number in range(games):
        first = kind.standing(kind.new_game(str(seed + number).encode())).year
        record = play_game(kind, seed + number)
        last = max(record.scores) if record.scores else first
        turns += last - first + 1
        outcome = record.outcome
        winners[(outcome.winners or ("draw",))[0] if outcome else "unfinished"] += 1
        if record.violation is not None:
            raise SystemExit(f"violation in game {seed + number}: {record.violation.problems}")
    return time.perf_counter() - wall, time.process_time() - cpu, turns, winners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", default="Ia,Ib,Ic,II,III")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'scenario':9} {'Turns/s (wall)':>15} {'Turns/s (CPU)':>14} {'Turns/game':>11}  winners")
    for scenario in args.scenarios.split(","):
        walls, cpus = [], []
        for _ in range(args.runs):
            wall, cpu, turns, winners = run(scenario, args.games, args.seed)
            walls.append(turns / wall)
            cpus.append(turns / cpu)
        print(f"{scenario:9} {statistics.median(walls):15.0f} {statistics.median(cpus):14.0f} "
              f"{turns / args.games:11.1f}  {dict(winners)}")


if __name__ == "__main__":
    main()
