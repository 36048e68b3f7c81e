"""How fast the judge draws a map picture: the SVG of a phase with its orders, and its PNG.

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/map_speed.py [--variant standard] [--pictures 40] [--seed 1] [--warm 0] [--schematic]

It plays a random game of the variant (random legal orders for every power, as ``judge selfplay``
does) and keeps the movement phases from its fifth year on, when the board is full; then it draws
``--pictures`` of them, each with its phase's orders and their results, and renders each to PNG.
``--variant richard3`` (or ``richard3-1470``, ``richard3-1483``) keeps the action phases of random
Richard III games instead, each drawn as York sees it with his report of the phase, as the
results mails carry it; ``--variant plantagenet-iii`` (or ``-ia``, ``-ii``, ``-wars``...) the
steps of random Plantagenet games from their tenth on, likewise. ``--schematic`` draws a Diplomacy
variant as the schematic picture of a variant without shapes (``judge/pictures/diplomacy/
schematic.py``, from its layout file or, where it has none, the layout computed before the timing).
It prints the median milliseconds per picture for the SVG alone and for SVG and PNG together, as
wall-clock time and as the process's CPU time (steadier when other work shares the machine). The
drawing is single-threaded: the figures are for one core.

The PNG is made from parts drawn once and kept by the process (``judge/pictures/raster.py``): the
first picture of a map draws its board (not counted: it is drawn before the timing starts, as a
judge draws it once); each picture after it draws only the pieces no picture before it had (most
orders are new, most units and names are not). A last line draws the same pictures again, when
every part is kept: the least a picture costs. ``--warm N`` first draws N pictures of other random
games (not counted), so that the parts kept are those of a judge that has drawn N pictures
already: each order's arrow, unit and name drawn once is kept for every later picture showing it
(random orders repeat less than players' do). It prints the share of the orders' pieces that were
kept already when their picture was drawn.
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random
from typing import Any

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.plantagenet.game import PlantagenetGame
from judge.games.registry import game_kind
from judge.games.richard3.game import Richard3Game
from judge.games.variants import load_variant
from judge.pictures import kind_picture, load_shapes, picture, png
from judge.pictures.diplomacy.layout import layout_of
from judge.pictures.diplomacy.schematic import schematic
from judge.pictures.raster import _kept, layers


def movement_phases(variant: str, count: int, seed: int) -> list[tuple[dict[str, Any], list[Any]]]:
    """(state, results) of mid-game movement phases of random games, ``count`` of them."""
    kind = DiplomacyGame(load_variant(variant))
    found: list[tuple[dict[str, Any], list[Any]]] = []
    while len(found) < count:
        rng = Random(seed + len(found))
        state = kind.new_game(b"")
        first = kind.standing(state).period
        while len(found) < count:
            pending = kind.pending(state)
            orders = {power: kind.random_orders(state, power, rng) for power in sorted(pending.powers)}
            result = kind.resolve(state, orders, rng)
            if pending.timing == "movement" and kind.standing(state).period >= first + 4:
                found.append((state, result.report["results"]))
            if kind.outcome(result.state) is not None:
                break
            state = result.state
    return found


def action_phases(kind_name: str, count: int, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(York's view, York's report) of the action phases of random Richard III games."""
    kind = Richard3Game(kind_name.partition("-")[2] or "1460")
    found: list[tuple[dict[str, Any], dict[str, Any]]] = []
    while len(found) < count:
        rng = Random(seed + len(found))
        state = kind.new_game(str(seed + len(found)).encode())
        while len(found) < count and kind.outcome(state) is None:
            pending = kind.pending(state)
            orders = {power: kind.random_orders(state, power, rng) for power in sorted(pending.powers)}
            result = kind.resolve(state, orders, rng)
            if pending.timing == "actions":
                found.append((kind.view(state, "York"), kind.report_view(result.report, "York")))
            state = result.state
    return found


def plantagenet_steps(kind_name: str, count: int, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(York's view, York's report) of the steps of random Plantagenet games, from their tenth."""
    scenario = {key.lower(): key for key in ("Ia", "Ib", "Ic", "II", "III", "I", "wars")}[kind_name.partition("-")[2]]
    kind = PlantagenetGame(scenario)
    found: list[tuple[dict[str, Any], dict[str, Any]]] = []
    while len(found) < count:
        rng = Random(seed + len(found))
        state = kind.new_game(str(seed + len(found)).encode())
        step = 0
        while len(found) < count and kind.outcome(state) is None:
            orders = {power: kind.random_orders(state, power, rng) for power in sorted(kind.pending(state).powers)}
            result = kind.resolve(state, orders, rng)
            state, step = result.state, step + 1
            if step >= 10:
                found.append((kind.view(state, "York"), kind.report_view(result.report, "York")))
    return found


def phases_of(variant: str, count: int, seed: int) -> list[tuple[dict[str, Any], Any]]:
    if variant.startswith("plantagenet"):
        return plantagenet_steps(variant, count, seed)
    if variant.startswith("richard3"):
        return list(action_phases(variant, count, seed))
    return list(movement_phases(variant, count, seed))


SCHEMATIC = False
"""``--schematic``: Diplomacy variants drawn as schematics."""


def draw(variant: str, state: dict[str, Any], given: Any) -> str:
    if SCHEMATIC:
        game_map = load_variant(variant)
        return schematic(game_map, layout_of(game_map), state, given)
    if variant.startswith("plantagenet"):
        return kind_picture(PlantagenetGame(), state, "York", given) or ""
    if variant.startswith("richard3"):
        return kind_picture(game_kind(variant), state, "York", given) or ""
    return picture(variant, state, given)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--pictures", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warm", type=int, default=0, help="pictures of other games drawn first")
    parser.add_argument("--schematic", action="store_true", help="draw a Diplomacy variant as a schematic")
    args = parser.parse_args()
    global SCHEMATIC
    SCHEMATIC = args.schematic
    richard3 = args.variant.startswith(("richard3", "plantagenet"))
    phases = phases_of(args.variant, args.pictures, args.seed)
    if args.schematic:
        layout_of(load_variant(args.variant))  # read (or computed) once per process, as the judge does
    elif not richard3:
        load_shapes(args.variant)  # read once per process, as the judge does
    for state, results in phases_of(args.variant, args.warm, args.seed + 10_000) if args.warm else []:
        png(draw(args.variant, state, results))
    png(draw(args.variant, *phases[0]))  # the shapes and the renderer's fonts, read once
    svg_wall, svg_cpu, both_wall, both_cpu, sizes = [], [], [], [], []
    orders_seen = orders_kept = 0
    for state, results in phases:
        wall, cpu = time.perf_counter(), time.process_time()
        svg = draw(args.variant, state, results)
        svg_wall.append(time.perf_counter() - wall)
        svg_cpu.append(time.process_time() - cpu)
        seen, kept = _orders_kept(svg)  # not timed
        orders_seen, orders_kept = orders_seen + seen, orders_kept + kept
        wall, cpu = time.perf_counter(), time.process_time()
        data = png(svg)
        both_wall.append(svg_wall[-1] + time.perf_counter() - wall)
        both_cpu.append(svg_cpu[-1] + time.process_time() - cpu)
        sizes.append(len(data))
    again_wall, again_cpu = [], []
    for state, results in phases:
        wall, cpu = time.perf_counter(), time.process_time()
        png(draw(args.variant, state, results))
        again_wall.append(time.perf_counter() - wall)
        again_cpu.append(time.process_time() - cpu)
    orders = statistics.median(len(results) if isinstance(results, list) else len(results["events"])
                               for _, results in phases)

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.1f} ms"

    what = ("steps as York sees them, median {:.0f} events each" if args.variant.startswith("plantagenet")
            else "action phases as York sees them, median {:.0f} events each" if richard3
            else "mid-game movement phases, median {:.0f} orders each").format(orders)
    print(f"{args.variant}{' (schematic)' if args.schematic else ''}: {len(phases)} {what}")
    print(f"SVG only:        {ms(svg_wall)} wall, {ms(svg_cpu)} CPU a picture")
    print(f"SVG + PNG:       {ms(both_wall)} wall, {ms(both_cpu)} CPU a picture "
          f"(min {min(both_wall) * 1000:.1f}, max {max(both_wall) * 1000:.1f} ms wall; "
          f"PNG median {statistics.median(sizes) / 1000:.0f} kB, max {max(sizes) / 1000:.0f} kB)")
    print(f"the same again:  {ms(again_wall)} wall, {ms(again_cpu)} CPU a picture")
    print(f"orders' pieces kept already when drawn: {orders_kept / max(orders_seen, 1):.0%} of {orders_seen}"
          + (f" (after {args.warm} pictures of other games)" if args.warm else ""))


def _orders_kept(svg: str) -> tuple[int, int]:
    """How many of a picture's pieces are orders (arrows, marks, moves), and how many of them
    were kept already (drawn for a picture before)."""
    parts = layers(svg)
    if parts is None:
        return 0, 0
    orders = [element for element, _, _ in parts.pieces if ' class="order' in element or ' class="move' in element]
    return len(orders), sum((parts.svg_tag, parts.defs, element) in _kept for element in orders)


if __name__ == "__main__":
    main()
