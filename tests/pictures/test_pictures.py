"""Map pictures checked by reading them back: every phase of a long random game of each variant is
drawn with its orders, and the SVG shows every unit in its province (or its box), every supply
centre in its owner's colour, every dislodged unit with a line to each place it may retreat to,
the King where he is, and an arrow or mark for every order, starting at the unit it orders."""

from __future__ import annotations

import importlib
import json
import re
import xml.etree.ElementTree as ElementTree
from typing import Any

import pytest
from diplomacy_phases import random_phases, translate

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.orders import Move, Waive
from judge.games.diplomacy.parser import parse_order
from judge.games.diplomacy.vocabulary import province_of
from judge.games.variants import load_variant
from judge.pictures import load_shapes, picture, png
from judge.pictures.shapes import Shapes

SVG = "{http://www.w3.org/2000/svg}"
LAST_YEAR = {"standard": 1935, "roses1": 1490, "ancmed": 35, "hundred": 1520}  # about a hundred phases each, unless won
PHASES = {"hundred": 60}  # three powers on a small map: its random games are won sooner


def _first_point(d: str) -> tuple[float, float]:
    match = re.match(r"M([-\d.]+),([-\d.]+)", d)
    assert match, d
    return float(match[1]), float(match[2])


def _check(variant: str, shapes: Shapes, state: dict[str, Any], report: dict[str, Any]) -> set[str]:
    game_map = load_variant(variant)
    root = ElementTree.fromstring(picture(variant, state, report["results"]))
    kinds: set[str] = set()
    units = [g for g in root.iter(f"{SVG}g") if "unit" in g.get("class", "").split()]
    drawn = {(g.get("data-power"), g.get("data-type"), g.get("data-loc")) for g in units}
    expected = {(u["power"], u["type"], u["loc"]) for u in state["units"]}
    expected |= {(d["power"], d["type"], d["loc"]) for d in state.get("dislodged", [])}
    assert drawn == expected
    boxes = {g.get("data-box"): g for g in root.iter(f"{SVG}g") if g.get("class") == "box"}
    where: dict[str, list[tuple[float, float]]] = {}
    for g in units:
        x, y = translate(g)
        loc = str(g.get("data-loc"))
        where.setdefault(province_of(loc), []).append((x, y))
        if loc in game_map.boxes:
            box = boxes[loc]
            left, top = float(box.get("data-x", 0)), float(box.get("data-y", 0))
            assert left < x < left + float(box.get("data-width", 0)), (loc, x)
            assert top < y < top + float(box.get("data-height", 0)), (loc, y)
        elif "dislodged" not in g.get("class", ""):
            assert shapes.contains(province_of(loc), x, y), (loc, x, y)
    owners = state.get("supply_centers", {})
    centres = {c.get("data-province"): c for c in root.iter(f"{SVG}circle") if c.get("class") == "centre"}
    assert set(centres) == set(game_map.supply_centres)
    for province, circle in centres.items():
        owner = owners.get(province)
        assert circle.get("fill") == (shapes.colours[owner] if owner else "#ffffff"), province
    options = {(line.get("data-loc"), line.get("data-to")) for line in root.iter(f"{SVG}line")
               if line.get("class") == "retreat-option"}
    assert options == {(d["loc"], to) for d in state.get("dislodged", []) for to in d["retreats"]}
    kings = [g.get("data-province") for g in root.iter(f"{SVG}g") if g.get("class") == "king"]
    assert kings == ([state["king"]] if "king" in state else [])
    marks: dict[str, list[ElementTree.Element]] = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class", "").startswith("order "):
            marks.setdefault(str(g.get("data-order")), []).append(g)
    for result in report["results"]:
        if result.get("default"):
            continue
        order = parse_order(game_map, result["order"])
        if isinstance(order, Waive):
            continue
        assert marks.get(result["order"]), result  # every order is drawn
        mark = marks[result["order"]].pop(0)
        kinds.add(mark.get("class", ""))
        if isinstance(order, Move) and result["unit"]:
            start = _first_point(mark.findall(f"{SVG}path")[0].get("d", ""))
            unit_at = where[province_of(result["unit"].split()[-1])]
            assert min(abs(start[0] - x) + abs(start[1] - y) for x, y in unit_at) < 0.2, result
            tip = _first_point(mark.findall(f"{SVG}path")[-1].get("d", ""))
            target = province_of(order.destination)
            if target in game_map.provinces:
                assert shapes.contains(target, *tip), (result, tip)
    return kinds


@pytest.mark.parametrize(("variant", "seed"), [("standard", 3), ("roses1", 5), ("ancmed", 7), ("hundred", 19)])
def test_every_phase_of_a_long_random_game_is_drawn_truly(variant: str, seed: int) -> None:
    shapes = load_shapes(variant)
    kinds: set[str] = set()
    phases = 0
    for state, report, _ in random_phases(load_variant(variant), seed, last_year=LAST_YEAR[variant]):
        kinds |= _check(variant, shapes, state, report)
        phases += 1
    assert phases >= PHASES.get(variant, 80)
    # the game showed every kind of order the random players give
    assert {"order move", "order supportmove", "order supporthold", "order hold", "order convoy",
            "order build", "order disband"} <= kinds


@pytest.mark.parametrize(("variant", "seed"), [("standard", 4), ("roses1", 6)])
def test_a_picture_is_the_same_whatever_was_drawn_before_it(variant: str, seed: int) -> None:
    """What every picture of a map draws alike is drawn once and kept (``draw._Alike``): each
    phase's picture, drawn after a whole game's, is the one drawn when nothing was kept."""
    draw = importlib.import_module("judge.pictures.diplomacy.draw")  # the module, not its function
    game = random_phases(load_variant(variant), seed, last_year=LAST_YEAR[variant])
    phases = [(state, report) for state, report, _ in game][:40]
    draw._ALIKE.clear()
    fresh = []
    for state, report in phases:
        fresh.append(picture(variant, state, report["results"]))
        draw._ALIKE.clear()
    for state, report in phases:
        picture(variant, state, report["results"])
    assert [picture(variant, state, report["results"]) for state, report in phases] == fresh


def test_a_picture_renders_to_a_png_of_its_own_size() -> None:
    kind = DiplomacyGame(load_variant("roses1"))
    svg = picture("roses1", kind.new_game(b""))
    data = png(svg)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    root = ElementTree.fromstring(svg)
    assert (width, height) == (int(root.get("width", 0)), int(root.get("height", 0)))
    assert len(data) > 20_000  # a map, not a blank page


def test_judge_adjudicate_svg_adds_the_picture_of_the_next_position() -> None:
    from judge.cli import EXAMPLE, adjudicate_lines

    line = json.dumps(EXAMPLE)
    plain, drawn = (json.loads(next(adjudicate_lines([line], "standard", svg))) for svg in (False, True))
    assert "svg" not in plain and drawn["next"] == plain["next"]
    root = ElementTree.fromstring(drawn["svg"])
    assert root.get("data-phase") == plain["next"]["phase"]
    units = {(g.get("data-power"), g.get("data-type"), g.get("data-loc"))
             for g in root.iter(f"{SVG}g") if "unit" in g.get("class", "").split()}
    assert units == {(u["power"], u["type"], u["loc"]) for u in plain["next"]["units"]} | {
        (d["power"], d["type"], d["loc"]) for d in plain["next"].get("dislodged", [])
    }
    bad = next(adjudicate_lines(['{"variant": "nowhere"}'], "standard", True))
    assert "error" in json.loads(bad)  # a bad line is still answered, and with no picture
