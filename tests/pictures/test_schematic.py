"""The schematic picture of a variant nobody has drawn shapes for (issue #35, item 4): its layout
kept as data and checked against its map, computed the same every time; the picture shows every
province's name inside it and no two names overlapping, every unit at its place (a fleet on a
coast at that coast), every supply centre in its owner's colour, every order; it renders to PNG.
Maps read from MILA's DPjudge files with the judge's reader, and the standard map drawn
schematically."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import diplomacy  # type: ignore[import-untyped]
import pytest
from diplomacy_phases import random_phases, translate
from PIL import Image

from judge.games.diplomacy.dpjudge_variant import read_dpjudge_variant
from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.maps import Map, build_map
from judge.games.diplomacy.orders import Waive
from judge.games.diplomacy.parser import parse_order
from judge.games.variants import load_variant, variant_names
from judge.pictures import kind_picture, png, power_colours
from judge.pictures.diplomacy import drawn_on
from judge.pictures.diplomacy.layout import (
    Layout,
    computed_layout,
    layout_file,
    layout_of,
    layout_text,
    layouts_in,
    locations,
    read_layout,
)
from judge.pictures.diplomacy.schematic import schematic
from judge.pictures.layers import text_bounds
from judge.pictures.shapes import ShapesError
from judge.pictures.style import PALETTE

SVG = "{http://www.w3.org/2000/svg}"
MILA_MAPS = Path(diplomacy.__file__).parent / "maps"


def _mila(file_name: str, name: str | None = None) -> Map:
    """A map of MILA's package read by the judge's reader, as ``name`` (default: the file's)."""
    def beside(name: str) -> tuple[str, str] | None:
        path = MILA_MAPS / name
        return (name, path.read_text(encoding="utf-8")) if path.is_file() else None
    text = (MILA_MAPS / file_name).read_text(encoding="utf-8")
    return build_map(read_dpjudge_variant(text, file_name, name or Path(file_name).stem, beside))


@pytest.fixture(scope="module")
def standard() -> tuple[Map, Layout]:
    game_map = load_variant("standard")
    return game_map, computed_layout(game_map)


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


# --- the layout ------------------------------------------------------------------------------


def test_every_shipped_variant_without_shapes_has_a_layout_naming_exactly_its_provinces() -> None:
    """A shipped variant is drawn from shapes (its own, or those of the variant whose board it
    plays on) or from its layout file (``judge variants layout NAME`` writes one); the file
    places exactly its provinces and coasts."""
    for name in variant_names():
        game_map = load_variant(name)
        if drawn_on(game_map):
            assert layout_file(game_map) is None, f"{name} is drawn from shapes: its layout is left over"
            continue
        path = layout_file(game_map)
        assert path is not None, f"{name}: no {name}.layout.toml (judge variants layout {name})"
        layout = read_layout(path.read_text(encoding="utf-8"), game_map, path.name)
        assert set(layout.places) == locations(game_map)


def test_a_layout_file_names_exactly_the_maps_provinces_and_coasts(standard: tuple[Map, Layout]) -> None:
    game_map, layout = standard
    text = layout_text(game_map, layout)
    assert read_layout(text, game_map).places == layout.places  # the file gives back what was written
    assert '"spa/nc" = [' in text and "stp = [" in text
    with pytest.raises(ShapesError, match="not placed: bud"):
        read_layout(re.sub(r"(?m)^bud = .*\n", "", text), game_map, "x.layout.toml")
    with pytest.raises(ShapesError, match="not provinces or coasts of standard: xyz"):
        read_layout(text.replace("[colours]", "xyz = [1, 1]\n\n[colours]"), game_map)
    with pytest.raises(ShapesError, match="outside the picture: vie"):
        read_layout(re.sub(r"(?m)^vie = .*$", "vie = [-5, 10]", text), game_map)
    with pytest.raises(ShapesError, match="a colour for each power"):
        read_layout(re.sub(r"(?m)^Turkey = .*$", "", text), game_map)


def test_the_layout_is_computed_the_same_every_time_and_keeps_neighbours_near(
        standard: tuple[Map, Layout]) -> None:
    game_map, layout = standard
    assert computed_layout(game_map) == layout
    places = layout.places
    near = [math.dist(places[a], places[b]) for a, targets in game_map.army_moves.items() for b in targets]
    every = [math.dist(places[a], places[b]) for a in game_map.provinces for b in game_map.provinces if a < b]
    assert sum(near) / len(near) < 0.4 * sum(every) / len(every)
    assert layout.colours == dict(zip(game_map.powers, PALETTE))  # seven colours, all told apart
    assert len(set(PALETTE)) == len(PALETTE) == 18  # and for up to eighteen powers


def test_a_hand_edited_layout_is_drawn_and_a_spoilt_one_left_aside(tmp_path: Path) -> None:
    game_map = _mila("pure.map", "pure_added")  # named as no shipped variant is, as an added one
    computed = layout_of(game_map)
    edited = Layout(computed.width, computed.height, {**computed.places, "ber": (20.0, 40.0)}, computed.colours)
    (tmp_path / "pure_added.layout.toml").write_text(layout_text(game_map, edited), encoding="utf-8")
    with layouts_in(tmp_path):
        assert layout_of(game_map).places["ber"] == (20.0, 40.0)
        (tmp_path / "pure_added.layout.toml").write_text("size = [10, 10]\n", encoding="utf-8")
        assert layout_of(game_map) == computed
    assert layout_of(game_map) == computed  # outside a judge's work, its folder is not looked in


# --- the picture -----------------------------------------------------------------------------


@pytest.mark.parametrize("file_name", ["pure.map", "standard.map", "world.map"])
def test_every_province_name_is_inside_the_picture_and_no_two_overlap(file_name: str) -> None:
    game_map = _mila(file_name)
    kind = DiplomacyGame(game_map)
    svg = schematic(game_map, layout_of(game_map), kind.view(kind.new_game(b""), None), [])
    root = ElementTree.fromstring(svg)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    names = {span.get("data-province"): text_bounds(float(span.get("x", 0)), float(span.get("y", 0)),
                                                    span.text or "", 9.5, "middle")
             for span in root.iter(f"{SVG}tspan") if span.get("data-province")}
    assert set(names) == set(game_map.provinces)
    for province, (left, top, w, h) in names.items():
        assert left >= 0 and top >= 0 and left + w <= width and top + h <= height, province
    title = [text_bounds(float(t.get("x", 0)), 16, t.text or "", 12, bold=True) for t in root.iter(f"{SVG}text")
             if t.get("class") == "title"]
    assert title[0][0] >= 0 and title[-1][0] + title[-1][2] <= width  # the title whole, on the picture
    boxes = list(names.items())
    crowded = [(a, b) for number, (a, first) in enumerate(boxes) for b, second in boxes[number + 1:]
               if _overlap(first, second)]
    assert crowded == []
    marks = {mark.get("data-province"): mark.get("data-kind") for mark in root.iter()
             if mark.get("class") == "province"}
    assert marks == {province: info.kind.value for province, info in game_map.provinces.items()}
    image = Image.open(io.BytesIO(png(svg)))
    assert image.size == (round(width), round(height))


def test_a_fleet_on_a_coast_is_drawn_at_that_coast(standard: tuple[Map, Layout]) -> None:
    game_map, layout = standard
    state = {"phase": "S1901M", "units": [
        {"power": "Russia", "type": "F", "loc": "stp/sc"}, {"power": "Russia", "type": "A", "loc": "mos"},
        {"power": "France", "type": "F", "loc": "spa/nc"}, {"power": "Turkey", "type": "F", "loc": "bul/ec"}]}
    results = [{"power": "Russia", "order": "F stp/sc - bot", "unit": "F stp/sc", "resolution": ["succeeds"]}]
    root = ElementTree.fromstring(schematic(game_map, layout, state, results))
    units = {g.get("data-loc"): translate(g) for g in root.iter(f"{SVG}g") if g.get("class") == "unit"}
    for coast, other in [("stp/sc", "stp/nc"), ("spa/nc", "spa/sc"), ("bul/ec", "bul/sc")]:
        assert units[coast] == pytest.approx(layout.places[coast], abs=0.06)
        province = coast.split("/")[0]
        assert math.dist(units[coast], layout.places[province]) > 15  # beside the province's mark
        assert math.dist(layout.places[coast], layout.places[other]) > 20  # and apart from its other coast
    (arrow,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "order move"]
    start = re.match(r"M([-\d.]+),([-\d.]+)", arrow.findall(f"{SVG}path")[0].get("d", ""))
    assert start and (float(start[1]), float(start[2])) == pytest.approx(layout.places["stp/sc"], abs=0.06)


def test_every_unit_centre_and_order_of_a_random_game_is_drawn(standard: tuple[Map, Layout]) -> None:
    game_map, layout = standard
    kinds: set[str] = set()
    for state, report, _ in random_phases(game_map, 11, 40):
        root = ElementTree.fromstring(schematic(game_map, layout, state, report["results"]))
        units = {(g.get("data-power"), g.get("data-type"), g.get("data-loc")): translate(g)
                 for g in root.iter(f"{SVG}g") if g.get("class") == "unit"}
        expected = {(u["power"], u["type"], u["loc"]) for u in state["units"]}
        assert set(units) == expected
        for (_, _, loc), place in units.items():
            assert place == pytest.approx(layout.places[str(loc)], abs=0.06)
        owners = state.get("supply_centers", {})
        centres = {g.get("data-province"): g.get("data-owner") for g in root.iter(f"{SVG}g")
                   if g.get("class") == "centre"}
        assert centres == {province: owners.get(province, "") for province in game_map.supply_centres}
        drawn = [g.get("data-order") for g in root.iter(f"{SVG}g") if g.get("class", "").startswith("order ")]
        kinds |= {g.get("class", "") for g in root.iter(f"{SVG}g") if g.get("class", "").startswith("order ")}
        wanted = [r["order"] for r in report["results"]
                  if not r.get("default") and not isinstance(parse_order(game_map, r["order"]), Waive)]
        assert sorted(drawn) == sorted(wanted)
        assert len({g.get("data-loc") for g in root.iter(f"{SVG}g") if "dislodged" in g.get("class", "")}) == \
            len(state.get("dislodged", []))
    assert {"order move", "order supportmove", "order supporthold", "order hold", "order build"} <= kinds


def test_an_added_variant_has_a_picture_and_its_powers_colours() -> None:
    kind = DiplomacyGame(_mila("standard_france_austria.map"))
    svg = kind_picture(kind, kind.view(kind.new_game(b""), None), None)
    assert svg is not None and 'class="schematic"' in svg
    assert power_colours(kind) == {"Austria": PALETTE[0], "France": PALETTE[1]}
    assert Image.open(io.BytesIO(png(svg))).format == "PNG"
