"""What the warnings on a Plantagenet card's accepted actions cost (issue 33: ``cautions`` plays
the card out on copies, every roll failing, then, where a Lord is left short, every roll passing).

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/plantagenet_cautions.py [--games 4] [--phases 200]

Random games of scenarios Ia, II, III and the grand scenario (``judge selfplay``'s random
orders); at each card step, the acting side's random actions are cautioned five times. Prints the
card steps timed and the CPU time of one ``cautions`` call: median, mean and the largest.
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random

from judge.games.plantagenet.game import PlantagenetGame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games a scenario")
    parser.add_argument("--phases", type=int, default=200, help="the most phases a game")
    args = parser.parse_args()
    samples: list[float] = []
    for scenario in ("Ia", "II", "III", "wars"):
        for seed in range(args.games):
            game = PlantagenetGame(scenario)
            state = game.new_game(b"cautions %d" % seed)
            rng = Random(seed)
            for _ in range(args.phases):
                orders = {side: game.random_orders(state, side, rng) for side in sorted(game.pending(state).powers)}
                if state["step"]["name"] == "command":
                    for side, given in orders.items():
                        start = time.process_time()
                        for _ in range(5):
                            game.cautions(state, side, given)
                        samples.append((time.process_time() - start) / 5 * 1000)
                state = game.resolve(state, orders, rng).state
                if game.outcome(state):
                    break
    print(f"{len(samples)} card steps: cautions median {statistics.median(samples):.3f} ms CPU, "
          f"mean {statistics.mean(samples):.3f}, largest {max(samples):.3f}")


if __name__ == "__main__":
    main()
