"""Random games of every Richard III and Plantagenet scenario from seeds far apart, the rules'
invariants checked after every phase: the violations, by rule. Run it before a change to an
engine is called done (issue 32: seeds the tests never use found rule violations).

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/seed_sweep.py [--games 2000] [--plantagenet 500] [--jobs 2]
                                    [--start 1001] [--step 7919] [--kinds richard3,plantagenet-ia]

Each Richard III scenario plays ``--games`` games, each Plantagenet scenario ``--plantagenet``;
game ``i`` of a scenario is played from seed ``start + i * step``, as ``judge selfplay KIND
--games 1 --seed SEED`` plays it (``judge.games.selfplay.play_game``: to the game's end or fifty
periods). It prints, for each rule broken, the scenarios and how many games broke it, and the
first failing seed of each with the command that replays it; then the games each scenario played
and their games a second (each process's own time), and the run's games a second (wall time).
A violation is filed under the rule its message cites (``(5.21)``), else under its message with
the numbers left out. Exit status 1 if anything was broken.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from judge.games.registry import playable_kind
from judge.games.selfplay import play_game, replay_command

RICHARD3 = ("richard3", "richard3-1470", "richard3-1483")
PLANTAGENET = (
    "plantagenet-ia", "plantagenet-ib", "plantagenet-ic", "plantagenet-ii", "plantagenet-iii",
    "plantagenet-war-i", "plantagenet-wars", "plantagenet-iiib",
)
CHUNK = 25  # games a task: small enough to share the work evenly between the processes


@dataclass
class Broken:
    """A game that broke an invariant: its seed, the problems and the replay command."""

    seed: int
    problems: list[str]
    replay: str


@dataclass
class Share:
    """What one task played: a scenario's games from some seeds, the time they took."""

    kind: str
    games: int = 0
    seconds: float = 0.0
    broken: list[Broken] = field(default_factory=list)


def play(kind_name: str, seeds: list[int]) -> Share:
    kind = playable_kind(kind_name)
    share = Share(kind_name)
    started = time.process_time()
    for seed in seeds:
        record = play_game(kind, seed)
        share.games += 1
        violation = record.violation
        if violation is not None:
            share.broken.append(Broken(seed, violation.problems, replay_command(kind_name, violation)))
    share.seconds = time.process_time() - started
    return share


def rule_of(problem: str) -> str:
    """The rule a problem cites, ``5.21``; else the problem without its numbers."""
    cited = re.findall(r"\((\d+(?:\.\d+)+)[^)]*\)", problem)
    return cited[-1] if cited else re.sub(r"\d+", "N", problem)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games of each Richard III scenario")
    parser.add_argument("--plantagenet", type=int, default=500, help="games of each Plantagenet scenario")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--start", type=int, default=1001)
    parser.add_argument("--step", type=int, default=7919, help="between two games' seeds")
    parser.add_argument("--kinds", default="", help="the scenarios, comma-separated (default: all)")
    args = parser.parse_args()
    kinds = [k for k in args.kinds.split(",") if k] or [*RICHARD3, *PLANTAGENET]
    tasks = []
    for kind in kinds:
        games = args.games if kind.startswith("richard3") else args.plantagenet
        seeds = [args.start + i * args.step for i in range(games)]
        tasks += [(kind, seeds[i:i + CHUNK]) for i in range(0, games, CHUNK)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        shares = list(pool.map(play, [k for k, _ in tasks], [s for _, s in tasks]))
    wall = time.perf_counter() - started
    totals = {kind: Share(kind) for kind in kinds}
    for share in shares:
        total = totals[share.kind]
        total.games += share.games
        total.seconds += share.seconds
        total.broken += share.broken
    by_rule: dict[str, dict[str, list[Broken]]] = {}
    for kind, total in totals.items():
        for broken in total.broken:
            for rule in dict.fromkeys(rule_of(p) for p in broken.problems):
                by_rule.setdefault(rule, {}).setdefault(kind, []).append(broken)
    played = sum(t.games for t in totals.values())
    print(f"seed sweep: {played:,} games, seeds {args.start} + i * {args.step}, {args.jobs} processes")
    print(f"\nviolations by rule: {len(by_rule) or 'none'}")
    for rule, kinds_broken in sorted(by_rule.items()):
        for kind, games in kinds_broken.items():
            first = min(games, key=lambda b: b.seed)
            problem = next(p for p in first.problems if rule_of(p) == rule)
            print(f"  {rule}, {kind}: {len(games)} games; first seed {first.seed}: {problem}")
            print(f"    replay: {first.replay}")
    width = max(len(k) for k in kinds)
    print(f"\n{'scenario':<{width}}  {'games':>6}  {'broken':>6}  games a second (one process)")
    for kind, total in totals.items():
        speed = total.games / total.seconds if total.seconds else 0.0
        print(f"{kind:<{width}}  {total.games:>6,}  {len(total.broken):>6}  {speed:,.1f}")
    print(f"\n{played:,} games in {wall:,.1f} s wall: {played / wall:,.1f} games a second")
    return 1 if by_rule else 0


if __name__ == "__main__":
    sys.exit(main())
