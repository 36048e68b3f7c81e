"""How many random games of Richard III the judge plays a second, in each scenario, against the
code before a change, in the same run.

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/richard3_playouts.py [--games 200] [--seed 1] [--repeat 3] [--before main]

For each scenario (``richard3``, ``richard3-1470``, ``richard3-1483``) it plays ``--games`` games
from ``--seed`` as ``judge selfplay KIND --games N --seed S --jobs 1`` does (one process, the
invariants checked after every decision), once with this tree and once with ``--before`` (a git
revision, checked out for the run in a temporary worktree, removed after), alternating the two
``--repeat`` times. Each run is a fresh Python process, timed around the playouts alone (start-up
and imports left out). It prints, for each scenario and tree, the median games a second of wall
time (the slowest and fastest run; the games a second of the process's CPU time, which a busy
machine disturbs less), and whether the two trees played the same games: the phases of
every game, how it ended and its balance table. They differ only where a rule changed.
``--before ''`` measures this tree alone.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

SCENARIOS = ("richard3", "richard3-1470", "richard3-1483")
HERE = Path(__file__).resolve().parent.parent

# Run in a fresh process with the tree to measure first on the path: play the games, print the
# time they took and a fingerprint of every game played.
PLAY = """
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
import judge
assert judge.__file__.startswith(sys.argv[1]), judge.__file__
from judge.games.registry import playable_kind
from judge.games.selfplay import selfplay
kind = playable_kind(sys.argv[2])
started, cpu = time.perf_counter(), time.process_time()
summary = selfplay(kind, int(sys.argv[3]), int(sys.argv[4]))
seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
games = [[r.seed, r.phases, r.last_phase, r.outcome and list(r.outcome.winners), r.scores,
          r.violation and r.violation.problems] for r in summary.records]
print(json.dumps({"seconds": seconds, "cpu": cpu, "phases": summary.phases,
                  "violations": len(summary.violations),
                  "games": hashlib.sha256(json.dumps(games).encode()).hexdigest()[:16]}))
"""


def run(tree: Path, kind: str, games: int, seed: int) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", PLAY, str(tree), kind, str(games), str(seed)],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def measure(trees: dict[str, Path], games: int, seed: int, repeat: int) -> None:
    for kind in SCENARIOS:
        speeds: dict[str, list[float]] = {name: [] for name in trees}
        cpu: dict[str, list[float]] = {name: [] for name in trees}
        prints: dict[str, set[str]] = {name: set() for name in trees}
        for _ in range(repeat):
            for name, tree in trees.items():
                result = run(tree, kind, games, seed)
                speeds[name].append(games / float(str(result["seconds"])))
                cpu[name].append(games / float(str(result["cpu"])))
                prints[name].add(f"{result['games']} ({result['phases']} phases, "
                                 f"{result['violations']} violations)")
        for name in trees:
            figures = speeds[name]
            print(f"{kind:14} {name:7} {statistics.median(figures):6.2f} games/s "
                  f"(min {min(figures):.2f}, max {max(figures):.2f}; "
                  f"{statistics.median(cpu[name]):.2f} a CPU second): "
                  f"{', '.join(sorted(prints[name]))}")
        if len(trees) == 2:
            after, before = (statistics.median(speeds[name]) for name in trees)
            same = prints["after"] == prints["before"]
            print(f"{kind:14} ratio   {after / before:6.2f}x; the same games: {'yes' if same else 'no'}")
        sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", default="main", help="a git revision to compare with ('' for none)")
    args = parser.parse_args()
    if not args.before:
        measure({"after": HERE}, args.games, args.seed, args.repeat)
        return
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder) / "before"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet", str(before),
                        args.before], check=True)
        try:
            print(f"after: this tree; before: {args.before}")
            measure({"after": HERE, "before": before}, args.games, args.seed, args.repeat)
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(before)],
                           check=True)


if __name__ == "__main__":
    main()
