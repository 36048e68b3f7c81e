"""Random Plantagenet games for an instruction count, steadier than time on a shared machine.

Usage (from the top of the tree):

    valgrind --tool=callgrind python benchmarks/plantagenet_instructions.py Ib 40
    valgrind --tool=callgrind python benchmarks/plantagenet_instructions.py Ib 0

plays one warm-up game of the scenario, then that many games from seed 1 as
``plantagenet_speed.py`` plays them (no invariants checked) and prints the Turns played: the
difference of the two counts ("I refs") over the Turns is the instructions a Turn.
"""

from __future__ import annotations

import sys

from judge.games.plantagenet.game import kind_name
from judge.games.registry import playable_kind
from plantagenet_speed import play


def main() -> None:
    scenario, games = sys.argv[1], int(sys.argv[2])
    kind = playable_kind(kind_name(scenario))
    play(kind, 0, False)
    print(sum(play(kind, seed, False)[0] for seed in range(1, games + 1)), "Turns")


if __name__ == "__main__":
    main()
