"""How fast ``judge adjudicate`` resolves realistic mid-game movement phases, JSON in and out.

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/adjudicate_speed.py [--phases 2000] [--units 34] [--seed 1]

It makes ``--phases`` random mid-game positions on the standard map, each with ``--units`` units
(armies on land, fleets on coasts and seas) and an order for every unit: about a third holds or
moves, a third supports (a hold or a move of a neighbour), and the rest moves by convoy or convoys
wherever a fleet at sea touches an army's coast. Then it times two things and prints each:

- in process: ``adjudicate_lines`` over all the lines, as ``judge adjudicate`` runs them (JSON
  decoding, order parsing, adjudication, JSON encoding);
- end to end: the ``judge adjudicate`` command as a subprocess fed the same lines (process start
  included, so a large ``--phases`` makes it comparable).

Figures are medians of ``--repeat`` runs, in milliseconds per phase and phases per second, on one
core (the command is single-threaded).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from judge.cli import adjudicate_lines
from judge.games.diplomacy.maps import Map
from judge.games.variants import load_variant
from judge.games.diplomacy.vocabulary import ProvinceKind


def random_phase(game_map: Map, rng: random.Random, unit_count: int) -> dict[str, Any]:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=2000)
    parser.add_argument("--units", type=int, default=34)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    game_map = load_variant("standard")
    rng = random.Random(args.seed)
    lines = [json.dumps(random_phase(game_map, rng, args.units)) for _ in range(args.phases)]
    kinds = [o["order"] for line in lines for o in json.loads(line)["orders"]]
    supports = sum(" S " in k for k in kinds) / len(kinds)
    convoys = sum(" C " in k for k in kinds) / len(kinds)
    print(
        f"{args.phases} phases, {args.units} units each, every unit ordered "
        f"({supports:.0%} supports, {convoys:.0%} convoys)"
    )

    in_process = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        for _answer in adjudicate_lines(lines, "standard"):
            pass
        in_process.append((time.perf_counter() - started) / args.phases)

    with tempfile.TemporaryDirectory() as folder:
        feed = Path(folder) / "phases.jsonl"
        feed.write_text("\n".join(lines) + "\n", encoding="utf-8")
        end_to_end = []
        for _ in range(args.repeat):
            with feed.open("rb") as stdin:
                started = time.perf_counter()
                subprocess.run(
                    [sys.executable, "-m", "judge.cli", "adjudicate"],
                    stdin=stdin,
                    stdout=subprocess.DEVNULL,
                    check=True,
                )
            end_to_end.append((time.perf_counter() - started) / args.phases)

    for label, figures in (("in process", in_process), ("end to end", end_to_end)):
        median = statistics.median(figures)
        print(
            f"{label:>11}: median {median * 1000:.3f} ms per phase, {1 / median:,.0f} phases/s "
            f"(min {min(figures) * 1000:.3f}, max {max(figures) * 1000:.3f} ms, {args.repeat} runs)"
        )


if __name__ == "__main__":
    main()
