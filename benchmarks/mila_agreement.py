"""Whether ``judge adjudicate`` and MILA's engine resolve the same phases the same way.

Usage (from the top of the tree, after ``pip install -e '.[test]'``, which brings MILA's
``diplomacy`` package):

    python benchmarks/mila_agreement.py [--variant standard] [--phases 2000] [--seed 1]

For a variant the judge has and MILA has a map for (``MILA_MAPS``: the judge's name, MILA's name
beside it), it makes ``--phases`` phases of each kind, half from positions reached by play (random
games of the judge, ``random_orders``) and half crowded random positions (``mila_positions.py``
beside this file):

- movement: every unit ordered, many supports (of any power's units), convoys by one fleet or
  several and by fleets of other powers, attacks on convoying fleets supported from the convoy's
  landing (paradoxes), fleets on and into the named coasts of the map's provinces (bul, spa and
  stp on the standard map), convoys through ports (ancmed's bal) and convoys nobody asked for;
- retreats: the retreat phase after a movement phase that dislodged a unit with somewhere to go,
  ordered at random: legal retreats (two units often to the same province: a bounce), retreats
  the rules forbid, disbands, and units given no order;
- adjustments: builds (fleets on named coasts, builds where none may stand), waives, removals,
  too few removals (civil disorder), orders beyond the number due.

The judge's side is one ``judge adjudicate`` process (the ``judge`` beside this interpreter) fed
a JSON line and read an answer at a time
(a retreat phase is the judge's own next position after the movement phase, with the retreat
orders). MILA's side is a subprocess of this interpreter (the package's own ``Game``, one fresh
game a phase; for a retreat phase it processes the movement phase first and then the retreats,
so that MILA works out its own retreats). Both read the same orders, each in its own words.

The comparison, phase by phase: the units standing after it, the dislodged units and where each
may retreat, and order by order what both say: a move succeeds or fails, a support is given or
cut, an order counts for nothing (the judge's *illegal* or *invalid*, MILA's *void*, or an order
MILA refused to take), a retreat is made or the unit disbanded, a build or removal is made or not.
It prints the phases compared by kind, the agreements, and each disagreement by its cause with one
example (``mila_compare.py``: the known causes, each a rule, are in docs/adjudication.md, "Where
MILA differs"). Seeded and deterministic: the same arguments print the same figures, times aside.
About two minutes for 2,000 phases of each kind on two shared cores on the standard map; the
phases come from the map (its first year, coasts, ports, build sites; a dummy is given no orders)
and MILA's power names are the judge's without hyphens.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mila_compare import (  # noqa: E402
    KNOWN,
    OWN_CONVOY,
    PORT_RELAY,
    WORDS,
    differences,
    own_convoy,
    position_differences,
    through_port,
)
from mila_positions import (  # noqa: E402
    adjustment_orders,
    crowded_adjustment,
    crowded_movement,
    played_phases,
    retreat_orders,
)

from judge.games.diplomacy.maps import Map  # noqa: E402
from judge.games.diplomacy.mila import mila_order  # noqa: E402
from judge.games.variants import load_variant  # noqa: E402

MILA_MAPS = {name: name for name in (
    "standard", "ancmed", "ancmed_age_of_empires", "colonial", "empire", "known_world_901", "modern",
    "pure", "standard_age_of_empires", "standard_age_of_empires_2", "standard_fleet_rome",
    "standard_france_austria", "standard_germany_italy", "world")}
"""The judge's variants that MILA has a map of: the judge's name, MILA's name (the shelf's maps
are MILA's files, under their own names)."""


def mila_power(power: str) -> str:
    """A power's name in MILA's words: capitals, without the hyphen the judge's name keeps
    (``NEWYORK`` for the judge's New-York)."""
    return power.upper().replace("-", "")

# MILA's side: a fresh game a phase; its answers are its results, the orders it took, and the
# units (``*`` dislodged) and retreats after. A retreat case processes the movement phase first.
MILA = r"""
import json, sys
from diplomacy import Game
answers, sys.stdout = sys.stdout, sys.stderr  # the engine may print: keep it off the answers

def after(game, taken):
    state = game.get_state()
    results = game.result_history.last_value() if game.result_history else {}
    return {"phase": game.get_current_phase(), "taken": taken, "units": state["units"],
            "retreats": state["retreats"],
            "results": {unit: [str(r) for r in listed] for unit, listed in results.items()}}

def play(game, orders):
    for power, listed in orders.items():
        game.set_orders(power, listed)
    taken = [o for listed in game.get_orders().values() for o in listed]
    game.process()
    return after(game, taken)

for line in sys.stdin:
    case = json.loads(line)
    game = Game(map_name=case["map"])
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(case["phase"])
    for power, units in case["units"].items():
        game.set_units(power, units)
    for power, centres in case["centers"].items():
        game.set_centers(power, centres)
    done = [play(game, case["orders"])]
    if "retreats" in case and game.get_current_phase().endswith("R"):
        done.append(play(game, case["retreats"]))
    answers.write(json.dumps(done) + "\n")
    answers.flush()
"""


@dataclass
class Case:
    kind: str  # movement, retreats, adjustments
    source: str  # played, crowded
    line: dict[str, Any]  # the judge's input (a retreat case: the movement phase before it)
    retreats: list[dict[str, str]] = field(default_factory=list)


@dataclass
class Tally:
    compared: Counter[str] = field(default_factory=Counter)
    agreed: Counter[str] = field(default_factory=Counter)
    words: Counter[str] = field(default_factory=Counter)  # agreed, in other words
    worded: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    skipped: Counter[str] = field(default_factory=Counter)  # retreat phases not compared, why
    orders: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    beside: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    causes: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    examples: dict[tuple[str, str], str] = field(default_factory=dict)


class Judge:
    """One ``judge adjudicate`` process, a line in and its answer out at a time."""

    def __init__(self, variant: str) -> None:
        command = Path(sys.executable).with_name("judge")
        self.process = subprocess.Popen(
            [str(command), "adjudicate", "--variant", variant],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip

    def __call__(self, line: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(line) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def mila_case(case: Case, game_map: Map, mila_map: str) -> str:
    """A case in MILA's words: units and centres by power, orders by power."""
    units: dict[str, list[str]] = defaultdict(list)
    for unit in case.line["units"]:
        units[mila_power(unit["power"])].append(f"{unit['type']} {unit['loc'].upper()}")
    owners = case.line.get("supply_centers") or game_map.starting_ownership()
    centres: dict[str, list[str]] = defaultdict(list)
    for centre, owner in owners.items():
        centres[mila_power(owner)].append(centre.upper())
    phase = case.line["phase"]
    data: dict[str, Any] = {"map": mila_map, "phase": phase, "units": units, "centers": centres,
                            "orders": _mila_orders(case.line["orders"], phase[-1])}
    if case.kind == "retreats":
        data["retreats"] = _mila_orders(case.retreats, "R")
    return json.dumps(data)


def _judge_powers(answer: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """MILA's answer with its powers named as the judge's in capitals (``NEW-YORK``), as the
    comparison reads them."""
    for key in ("units", "retreats"):
        answer[key] = {names.get(power, power): value for power, value in answer[key].items()}
    return answer


def _mila_orders(orders: list[dict[str, str]], kind: str) -> dict[str, list[str]]:
    by_power: dict[str, list[str]] = defaultdict(list)
    for item in orders:
        text = mila_order(item["order"], kind)
        if text:
            by_power[mila_power(item["power"])].append(text)
    return by_power


def compare(case: Case, ours: list[dict[str, Any]], theirs: list[dict[str, Any]], tally: Tally,
            game_map: Map) -> None:
    """Adds one case to the tally: agreed (perhaps in other words), under a known cause, or
    each unexplained difference under its own."""
    kind = case.kind
    ports = game_map.convoying - game_map.seas
    if kind == "retreats":
        moved = position_differences(ours[0], theirs[0], case.line, "movement")
        if moved:
            tally.compared["retreats (movement before it differed)"] += 1
            before = differences("movement", ours[0], theirs[0], case.line)
            if not any(cause in KNOWN for cause, _ in before):
                if through_port(case.line, ports, game_map.seas_touching):
                    before = [(PORT_RELAY, detail) for _, detail in before[:1]]
                elif own_convoy(case.line):
                    before = [(OWN_CONVOY, detail) for _, detail in before[:1]]
            named = [cause for cause, _ in before if cause in KNOWN]
            cause = (named or moved)[0]
            tally.skipped[cause] += 1
            detail = dict(before).get(cause, "")
            tally.examples.setdefault(("skipped", cause), _example(case.line) + f"\n      {detail}")
            return
        answer, mila, line = ours[1], theirs[1], {**ours[0]["next"], "orders": case.retreats}
    else:
        answer, mila, line = ours[0], theirs[0], case.line
    tally.compared[kind] += 1
    found = differences(kind, answer, mila, line, tally.orders[kind])
    words = [(cause, detail) for cause, detail in found if cause in WORDS]
    found = [(cause, detail) for cause, detail in found if cause not in WORDS]
    if found and not any(cause in KNOWN for cause, _ in found):  # all follows from the route
        if through_port(line, ports, game_map.seas_touching):
            found = [(PORT_RELAY, found[0][1])] + found
        elif own_convoy(line):
            found = [(OWN_CONVOY, found[0][1])] + found
    known = [(cause, detail) for cause, detail in found if cause in KNOWN]
    if not found:
        tally.agreed[kind] += 1
        if words:
            tally.words[kind] += 1
        for cause, detail in dict(words).items():
            tally.worded[kind][cause] += 1
            tally.examples.setdefault((kind, cause), _example(line) + f"\n      {detail}")
        return
    for cause, detail in known[:1] or list(dict(found).items()):
        tally.causes[kind][cause] += 1
        tally.examples.setdefault((kind, cause), _example(line) + f"\n      {detail}")
    if known:  # what else differed in the phases of a known cause, taken as following from it
        for cause in dict(found):
            if cause != known[0][0]:
                tally.beside[known[0][0]][cause] += 1
        if kind != "adjustments" and position_differences(answer, mila, line, kind):
            tally.beside[known[0][0]]["(the positions after the phase differ)"] += 1


def _example(line: dict[str, Any]) -> str:
    units = " ".join(f"{u['power'][:2]}:{u['type']} {u['loc']}" for u in line["units"])
    orders = "; ".join(f"{o['power'][:2]}: {o['order']}" for o in line["orders"])
    extra = ""
    if line.get("dislodged"):
        extra = " dislodged " + " ".join(
            f"{d['power'][:2]}:{d['type']} {d['loc']} (from {d['attacker_from']}"
            f"{', by convoy' if d.get('by_convoy') else ''})" for d in line["dislodged"])
    return f"{line['phase']} units {units}{extra}\n      orders {orders}"


def _shared_retreat(position: dict[str, Any]) -> bool:
    """Whether two dislodged units could retreat to the same province."""
    seen: set[str] = set()
    for unit in position["dislodged"]:
        places = {place.split("/")[0] for place in unit["retreats"]}
        if seen & places:
            return True
        seen |= places
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard", choices=sorted(MILA_MAPS))
    parser.add_argument("--phases", type=int, default=2000, help="of each kind")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    game_map = load_variant(args.variant)
    rng = Random(args.seed)
    half = args.phases // 2

    played = played_phases(args.variant, half, args.seed)
    cases = [Case("movement", "played", line) for line in played["movement"][:half]]
    cases += [Case("movement", "crowded", crowded_movement(game_map, args.variant, rng))
              for _ in range(args.phases - half)]
    cases += [Case("adjustments", "played",
                   {**line, "orders": adjustment_orders(game_map, line, rng)})
              for line in played["adjustments"][:half]]
    cases += [Case("adjustments", "crowded", crowded_adjustment(game_map, args.variant, rng))
              for _ in range(args.phases - len([c for c in cases if c.kind == "adjustments"]))]

    judge = Judge(args.variant)
    answers = [[judge(case.line)] for case in cases]
    # Retreat cases: movement phases that leave a unit to retreat, played ones first; of the
    # crowded ones, mostly those where two units could retreat to the same place (a bounce).
    retreat_cases = 0
    sources = iter([("played", line) for line in played["movement"]]
                   + [("crowded", None)] * (100 * args.phases))
    tried = 0  # crowded positions made
    while retreat_cases < args.phases:
        source, line = next(sources)
        if line is None:
            tried += 1
            if tried > 1000 and retreat_cases < tried / 100:
                break  # a map where units seldom have somewhere to retreat
            line = crowded_movement(game_map, args.variant, rng)
        answer = judge(line)
        if "error" in answer or not answer["next"]["phase"].endswith("R"):
            continue
        if source == "crowded" and not _shared_retreat(answer["next"]) and rng.random() < 0.7:
            continue
        orders = retreat_orders(game_map, answer["next"], rng)
        answers.append([answer, judge({**answer["next"], "orders": orders})])
        cases.append(Case("retreats", source, line, orders))
        retreat_cases += 1
    judge.close()
    judged = time.perf_counter()

    feed = "".join(mila_case(c, game_map, MILA_MAPS[args.variant]) + "\n" for c in cases)
    done = subprocess.run([sys.executable, "-c", MILA], input=feed, capture_output=True, text=True,
                          check=True)
    names = {mila_power(power): power.upper() for power in game_map.powers}
    mila_answers = [[_judge_powers(step, names) for step in json.loads(line)]
                    for line in done.stdout.splitlines()]
    assert len(mila_answers) == len(cases), done.stderr[-2000:]
    milas = time.perf_counter()

    tally = Tally()
    for case, ours, theirs in zip(cases, answers, mila_answers):
        compare(case, ours, theirs, tally, game_map)
    report(tally, cases, args, judged - started, milas - judged, time.perf_counter() - started)


def report(tally: Tally, cases: list[Case], args: argparse.Namespace, judge_s: float,
           mila_s: float, total_s: float) -> None:
    sources = Counter((c.kind, c.source) for c in cases)
    print(f"{args.variant} (MILA's map {MILA_MAPS[args.variant]}), seed {args.seed}, "
          f"{args.phases} phases of each kind")
    for kind in ("movement", "retreats", "adjustments"):
        compared, agreed = tally.compared[kind], tally.agreed[kind]
        share = f"{agreed / compared:.2%}" if compared else "-"
        known = sum(n for cause, n in tally.causes[kind].items() if cause in KNOWN)
        orders = ", ".join(f"{n} {shape}" for shape, n in tally.orders[kind].most_common())
        print(f"  {kind:>11}: {compared} compared ({sources[kind, 'played']} played, "
              f"{sources[kind, 'crowded']} crowded): {agreed} agree ({share}; "
              f"{tally.words[kind]} of them in other words), {known} differ by a known cause, "
              f"{compared - agreed - known} unexplained\n{'':15}orders compared: {orders}")
    skipped = tally.compared["retreats (movement before it differed)"]
    if skipped:
        print(f"  retreat phases not compared (the movement before them differed): {skipped}")
        for cause, count in tally.skipped.most_common():
            label = "" if cause in KNOWN else "UNEXPLAINED "
            print(f"  {count:5} {label}{cause}\n      e.g. {tally.examples['skipped', cause]}")
    for kind in ("movement", "retreats", "adjustments"):
        causes = tally.causes[kind] + tally.worded[kind]
        if not causes:
            continue
        print(f"{kind}, by cause (phases; a phase with a known cause counts once, under it):")
        for cause, count in causes.most_common():
            label = "" if cause in KNOWN or cause in WORDS else "UNEXPLAINED "
            print(f"  {count:5} {label}{cause}\n      e.g. {tally.examples[kind, cause]}")
            for other, times in tally.beside[cause].most_common():
                print(f"        with it, in {times}: {other}")
    print(f"time: {total_s:.1f} s (making the phases and the judge {judge_s:.1f} s, "
          f"MILA {mila_s:.1f} s)")


if __name__ == "__main__":
    main()
