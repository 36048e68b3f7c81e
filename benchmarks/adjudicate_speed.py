"""How fast ``judge adjudicate`` resolves movement phases, whole process, against MILA's engine.

Usage (from the top of the tree, after ``pip install -e '.[test]'``, which brings MILA's
``diplomacy`` package, whose version the benchmark installs for MILA's own run):

    python benchmarks/adjudicate_speed.py [--phases 3000] [--repeat 5] [--vs OTHER_TREE]
    python benchmarks/adjudicate_speed.py --source random --units 34   # crowded random positions

The phases (``--source played``, the default) are the movement phases of random games played by
the judge on the standard map, as the judge's random players ordered them (``random_orders``,
seeded by ``--seed``): real positions reached by play, with the orders of every unit. With
``--source random`` they are random mid-game positions of ``--units`` units instead, every unit
ordered, a third of them supporting and many convoys.

Each figure is a whole process, start-up included, fed every phase as JSON Lines on standard
input, its answers written to /dev/null; the processes take turns (judge, MILA, the other tree's
judge, then again) and each figure is the median of ``--repeat`` rounds, wall and CPU seconds.
Each runs as it is installed for use, not from the development environment, whose editable
install of the judge puts an import hook into every process's start-up: the benchmark first makes
a virtual environment for each, in a temporary folder, with this interpreter's ``python -m venv``
and ``pip install`` (about 15 s each, offline from pip's configured index and wheels):

- the judge: ``judge adjudicate``, the command that ``pip install TREE`` writes, as an operator
  installs the judge (docs/operators.md), of a copy of this tree (copied, because pip builds in
  the tree given, where setuptools keeps a build/ folder whose stale files it would install);
- ``--vs OTHER_TREE``: the same from another checkout (say ``git worktree add /tmp/before
  main``), the code before a change, paired round by round (the ratio is the median of the
  rounds' ratios);
- MILA: ``pip install diplomacy`` at the version of this environment's, and a script run by that
  environment's ``python`` that, for each phase, makes a ``diplomacy.Game``, sets its units,
  centres, phase and orders, processes it and writes the units and centres after it as a JSON
  line.

A first, uncounted round of each keeps its answers. The last line compares the positions after
each phase, the judge's and MILA's, as a check that both resolved the same thing (MILA keeps a
dislodged unit for its retreat phase; those are left out).
In process: ``adjudicate_lines`` alone over all the lines, without start-up.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from judge.cli import adjudicate_lines
from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.vocabulary import ProvinceKind
from judge.games.registry import game_kind
from judge.games.variants import load_variant

TREE = Path(__file__).resolve().parent.parent

# MILA's side: one fresh game a phase, as a stateless adjudicator must. It reads the phases in its
# own words (made by ``mila_line``) and writes the position after each.
MILA = """
import json, sys
from diplomacy import Game
for line in sys.stdin:
    phase = json.loads(line)
    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(phase["phase"])
    for power, units in phase["units"].items():
        game.set_units(power, units)
    for power, centres in phase["centers"].items():
        game.set_centers(power, centres)
    for power, orders in phase["orders"].items():
        game.set_orders(power, orders)
    game.process()
    sys.stdout.write(json.dumps({"units": game.get_units(), "centers": game.get_centers()}) + "\\n")
"""


def played_phases(count: int, seed: int) -> list[dict[str, Any]]:
    """The first ``count`` movement phases of random standard games (game n seeded ``seed + n``),
    each with every order the random players gave."""
    kind = game_kind("standard")
    assert isinstance(kind, DiplomacyGame)
    phases: list[dict[str, Any]] = []
    game = 0
    while len(phases) < count:
        state, rng = kind.new_game(b""), random.Random(seed + game)
        game += 1
        for _ in range(200):
            orders = {p: kind.random_orders(state, p, rng) for p in sorted(kind.pending(state).powers)}
            if state["phase"].endswith("M"):
                phases.append({
                    "variant": "standard",
                    **state,
                    "orders": [{"power": p, "order": o} for p, given in orders.items() for o in given],
                })  # fmt: skip
            result = kind.resolve(state, orders, rng)
            state = result.state
            if kind.outcome(result.state) is not None or len(phases) == count:
                break
    return phases


def random_phase(game_map: Map, rng: random.Random, unit_count: int) -> dict[str, Any]:
    """A random mid-game position of ``unit_count`` units on the standard map, every unit ordered."""
    powers = list(game_map.powers)
    provinces = list(game_map.provinces)
    rng.shuffle(provinces)
    units: dict[str, tuple[str, str, str]] = {}  # province -> (power, type, location)
    for province in provinces:
        if len(units) == unit_count:
            break
        kind = game_map.provinces[province].kind
        fleet_places = game_map.fleet_locations(province)
        if kind is ProvinceKind.SEA or (kind is ProvinceKind.COAST and rng.random() < 0.4):
            units[province] = (rng.choice(powers), "F", rng.choice(fleet_places))
        elif kind is not ProvinceKind.SEA:
            units[province] = (rng.choice(powers), "A", province)

    orders = []
    moves: dict[str, str] = {}
    for province, (power, unit_type, location) in units.items():
        roll = rng.random()
        if unit_type == "A":
            neighbours = sorted(game_map.army_moves[province])
            seas = [s for s in game_map.seas_touching[province] if s in units]
            if seas and roll < 0.25:
                targets = [
                    p
                    for sea in seas
                    for p in game_map.seas_touching
                    if sea in game_map.seas_touching[p]
                    and p != province
                    and game_map.provinces[p].kind is ProvinceKind.COAST
                ]
                if targets:
                    moves[province] = rng.choice(targets)
                    continue
        else:
            neighbours = sorted({loc.split("/")[0] for loc in game_map.fleet_moves[location]})
        if roll < 0.45 and neighbours:
            moves[province] = rng.choice(neighbours)
    for province, (power, unit_type, location) in units.items():
        name = f"{unit_type} {location}"
        if province in moves:
            orders.append({"power": power, "order": f"{name} - {moves[province]}"})
            continue
        if unit_type == "F" and game_map.is_sea(province):
            convoyable = [
                p for p, dest in moves.items()
                if units[p][1] == "A" and province in game_map.seas_touching[p]
            ]
            if convoyable and rng.random() < 0.7:
                army = rng.choice(convoyable)
                orders.append({"power": power, "order": f"{name} C A {army} - {moves[army]}"})
                continue
        reach = (
            game_map.army_moves[province]
            if unit_type == "A"
            else {loc.split("/")[0] for loc in game_map.fleet_moves[location]}
        )
        helped = [p for p in units if p in reach] + [p for p, d in moves.items() if d in reach]
        if helped and rng.random() < 0.8:
            other = rng.choice(helped)
            other_name = f"{units[other][1]} {other}"
            if other in moves and moves[other] in reach and moves[other] != province:
                orders.append({"power": power, "order": f"{name} S {other_name} - {moves[other]}"})
            else:
                orders.append({"power": power, "order": f"{name} S {other_name}"})
        else:
            orders.append({"power": power, "order": f"{name} H"})
    return {
        "variant": "standard",
        "phase": f"F{1901 + rng.randrange(10)}M",
        "units": [{"power": p, "type": t, "loc": loc} for p, t, loc in units.values()],
        "orders": orders,
    }


def mila_line(phase: dict[str, Any], game_map: Map) -> str:
    """One phase in MILA's words: units and centres by power, orders such as ``A LON - NWY VIA``."""
    units: dict[str, list[str]] = {}
    for unit in phase["units"]:
        units.setdefault(unit["power"].upper(), []).append(f"{unit['type']} {unit['loc'].upper()}")
    owners = phase.get("supply_centers") or game_map.starting_ownership()
    centres: dict[str, list[str]] = {}
    for centre, owner in owners.items():
        centres.setdefault(owner.upper(), []).append(centre.upper())
    orders: dict[str, list[str]] = {}
    for item in phase["orders"]:
        text = item["order"].upper()
        orders.setdefault(item["power"].upper(), []).append(text.replace(" VIA CONVOY", " VIA"))
    return json.dumps({"phase": phase["phase"], "units": units, "centers": centres, "orders": orders})


def timed(command: list[str], feed: Path, cwd: Path, env: dict[str, str], out: Path | None = None
          ) -> tuple[float, float]:
    """Wall and CPU seconds (user and system) of one whole process fed ``feed``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with feed.open("rb") as stdin, (out.open("wb") if out else open(os.devnull, "wb")) as stdout:
        started = time.perf_counter()
        subprocess.run(command, stdin=stdin, stdout=stdout, cwd=cwd, env=env, check=True)
        wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


# What a checkout holds beside its source: environments, caches, build and test output.
_NOT_SOURCE = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis",
               "test-output")


def installed(tree: Path, folder: Path) -> Path:
    """The ``judge`` command of ``tree``, installed as an operator installs it: ``pip install`` of
    a copy of the tree into a new virtual environment in ``folder``."""
    source = folder / "source"
    shutil.copytree(tree, source, ignore=shutil.ignore_patterns(*_NOT_SOURCE))
    python = environment(folder / "venv")
    pip_install(python, str(source))
    return python.parent / "judge"


def environment(folder: Path) -> Path:
    """A new virtual environment of this interpreter (with pip, as ``python -m venv`` makes it);
    its ``python``."""
    run_quietly([sys.executable, "-m", "venv", str(folder)])
    return folder / "bin" / "python"


def pip_install(python: Path, *requirements: str) -> None:
    run_quietly([str(python), "-m", "pip", "install", "--quiet", *requirements])


def run_quietly(command: list[str]) -> None:
    """Runs a set-up command, its output shown only should it fail."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")


def agreement(judge_out: Path, mila_out: Path) -> tuple[int, int]:
    """In how many phases the judge's next units are MILA's (dislodged units aside), of how many."""
    same = total = 0
    for ours, theirs in zip(judge_out.read_text().splitlines(), mila_out.read_text().splitlines()):
        total += 1
        judged = {f"{u['type']} {u['loc'].upper()}" for u in json.loads(ours)["next"]["units"]}
        units = json.loads(theirs)["units"]
        mila = {u for listed in units.values() for u in listed if not u.startswith("*")}
        same += judged == mila
    return same, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=3000)
    parser.add_argument("--source", choices=("played", "random"), default="played")
    parser.add_argument("--units", type=int, default=34, help="with --source random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--vs", type=Path, help="another checkout of the judge, to pair against")
    parser.add_argument("--no-mila", action="store_true", help="leave MILA's engine out")
    args = parser.parse_args()

    game_map = load_variant("standard")
    if args.source == "played":
        phases = played_phases(args.phases, args.seed)
    else:
        rng = random.Random(args.seed)
        phases = [random_phase(game_map, rng, args.units) for _ in range(args.phases)]
    lines = [json.dumps(phase) for phase in phases]
    kinds = [o["order"] for phase in phases for o in phase["orders"]]
    print(
        f"{len(phases)} movement phases ({args.source}), {len(kinds) / len(phases):.1f} orders a "
        f"phase: {sum(' S ' in k for k in kinds) / len(kinds):.0%} supports, "
        f"{sum(' C ' in k for k in kinds) / len(kinds):.0%} convoys"
    )

    in_process = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        for _answer in adjudicate_lines(lines, "standard"):
            pass
        in_process.append(time.perf_counter() - started)

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    runs: dict[str, Callable[[Path | None], tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        print("installing the judge" + (", MILA" if not args.no_mila else "")
              + (" and the other tree's judge" if args.vs else "") + " in new environments ...")
        feed = Path(folder) / "phases.jsonl"
        feed.write_text("\n".join(lines) + "\n", encoding="utf-8")
        judge = installed(TREE, Path(folder) / "judge")
        runs["judge"] = lambda out: timed([str(judge), "adjudicate"], feed, Path(folder), env, out)
        if not args.no_mila:
            mila_feed = Path(folder) / "mila.jsonl"
            mila_feed.write_text("\n".join(mila_line(p, game_map) for p in phases) + "\n")
            mila = environment(Path(folder) / "mila")
            pip_install(mila, f"diplomacy=={importlib.metadata.version('diplomacy')}")
            runs["MILA"] = lambda out: timed([str(mila), "-c", MILA], mila_feed, Path(folder), env, out)
        if args.vs:
            other = installed(args.vs.resolve(), Path(folder) / "other")
            runs["judge --vs"] = lambda out: timed(
                [str(other), "adjudicate"], feed, Path(folder), env, out
            )
        outputs = {name: Path(folder) / f"{name}.out" for name in runs}
        for name, run in runs.items():  # uncounted: outputs kept for the check
            run(outputs[name])
        figures: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
        for _ in range(args.repeat):
            for name, run in runs.items():
                figures[name].append(run(None))
        checked = agreement(outputs["judge"], outputs["MILA"]) if "MILA" in outputs else None

    print(f"whole process, {args.repeat} rounds (median, min to max), {len(phases)} phases:")
    for name, pairs in figures.items():
        walls = sorted(wall for wall, _ in pairs)
        cpus = [cpu for _, cpu in pairs]
        wall = statistics.median(walls)
        print(
            f"  {name:>10}: {wall:.3f} s wall ({walls[0]:.3f} to {walls[-1]:.3f}), "
            f"{statistics.median(cpus):.3f} s CPU; {wall / len(phases) * 1000:.3f} ms a phase"
        )
    ours = figures["judge"]
    for name in ("MILA", "judge --vs"):
        if name in figures:
            ratios = [theirs[0] / mine[0] for mine, theirs in zip(ours, figures[name])]
            cpu_ratios = [theirs[1] / mine[1] for mine, theirs in zip(ours, figures[name])]
            print(
                f"  {name} / judge: {statistics.median(ratios):.2f}x wall, "
                f"{statistics.median(cpu_ratios):.2f}x CPU (median of the rounds' ratios)"
            )
    median = statistics.median(in_process)
    print(
        f"  in process (adjudicate_lines alone): {median:.3f} s, "
        f"{median / len(phases) * 1000:.3f} ms a phase"
    )
    if checked is not None:
        print(f"  positions after the phase, the judge's and MILA's: {checked[0]} of {checked[1]} agree")


if __name__ == "__main__":
    main()
