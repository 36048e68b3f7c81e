"""The shapes the maps are drawn from: each variant's grid is checked against its map when read
(every province and box drawn, nothing else), and the picture tells the truth about the map:
two provinces touch in it exactly when they are adjacent (army or fleet), so a player reading the
picture never sees a border that is not there or misses one that is."""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

from judge.games.diplomacy.vocabulary import province_of
from judge.games.variants import load_variant, variant_names
from judge.pictures import ShapesError, load_shapes
from judge.pictures.outline import depths, outlines
from judge.pictures.diplomacy import checklist as diplomacy_checklist
from judge.pictures.diplomacy import has_shapes
from judge.pictures.shapes import read_shapes

VARIANTS = [variant for variant in variant_names() if has_shapes(variant)]
"""The variants with a shapes file: the judge's own, and those of MILA's maps drawn from the real
geography (ancmed, modern); the others are drawn as schematics (docs/variants/shelf.md)."""


def test_the_judges_own_variants_have_shapes() -> None:
    assert {"ancmed", "hundred", "modern", "roses1", "standard"} <= set(VARIANTS)


APART = {
    # No flat picture can show every adjacency of the Ancient Mediterranean map (its graph is not
    # planar: a Kuratowski subgraph is found by any planarity test), and some cross open water:
    ("ancmed", "aus-tyn"): "through the Strait of Messina, where Sicily and Neapolis touch by land",
    ("ancmed", "gop-thb"): "Thebes reaches the Gulf of Pelusium by the Nile's canal, across Alexandria and Sinai",
    ("ancmed", "got-mes"): "four seas meet south of Sicily; the Ausonian and Libyan Seas touch there",
    ("ancmed", "bal-sag"): "a fleet crosses from the Baleares to the mainland over the water drawn between",
    ("ancmed", "bal-tar"): "a fleet crosses from the Baleares to the mainland over the water drawn between",
    # The Hundred Years' War map is planar but for one crossing, and its frame ends north of
    # Gibraltar, where the Atlantic meets the Mediterranean:
    ("hundred", "cal-lon"): "an army crosses the Strait of Dover, which fleets sail through",
    ("hundred", "atl-med"): "they meet at Gibraltar, south of the frame, which cuts Iberia short",
}
"""Pairs adjacent on a map and apart in its picture, each with the reason (the picture's arrows
still show the move)."""


def _text(variant: str) -> str:
    return resources.files("judge.games.variants").joinpath(f"{variant}.shapes.toml").read_text()


def _grid_and_legend(variant: str) -> tuple[list[str], dict[str, str]]:
    data = tomllib.loads(_text(variant))
    return [row for row in data["grid"].splitlines() if row.strip()], data["legend"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_has_a_picture_of_every_province_and_box(variant: str) -> None:
    game_map = load_variant(variant)
    shapes = load_shapes(variant)
    drawn = {key for key in shapes.areas if not key.startswith("#")}
    assert drawn == set(game_map.provinces) | set(game_map.boxes)
    assert set(shapes.colours) == set(game_map.powers)
    assert len(set(shapes.colours.values())) == len(game_map.powers)  # no two powers alike


@pytest.mark.parametrize("variant", VARIANTS)
def test_provinces_touch_in_the_picture_exactly_where_they_are_adjacent(variant: str) -> None:
    game_map = load_variant(variant)
    grid, legend = _grid_and_legend(variant)
    touching: set[frozenset[str]] = set()
    for y, row in enumerate(grid):
        for x, char in enumerate(row):
            for other in (row[x + 1] if x + 1 < len(row) else None,
                          grid[y + 1][x] if y + 1 < len(grid) else None):
                a, b = legend[char], legend.get(other or "", "")
                if a in game_map.provinces and b in game_map.provinces and a != b:
                    touching.add(frozenset((a, b)))
    adjacent = {frozenset((a, b)) for a, ends in game_map.army_moves.items() for b in ends}
    adjacent |= {
        frozenset((province_of(a), province_of(b)))
        for a, ends in game_map.fleet_moves.items()
        for b in ends
    }
    apart = sorted("-".join(sorted(pair)) for pair in adjacent - touching)
    assert [pair for pair in apart if (variant, pair) not in APART] == []
    assert sorted(pair for kind, pair in APART if kind == variant) == apart  # every excuse still needed
    assert sorted("-".join(sorted(pair)) for pair in touching - adjacent) == []


PIECES = {("standard", "nap"): 2}  # Naples, with Sicily


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_province_is_drawn_in_one_piece(variant: str) -> None:
    """Stray cells would show a province where it is not (islands excepted)."""
    grid, legend = _grid_and_legend(variant)
    pieces: dict[str, int] = {}
    seen: set[tuple[int, int]] = set()
    for y, row in enumerate(grid):
        for x, char in enumerate(row):
            if (x, y) in seen:
                continue
            pieces[legend[char]] = pieces.get(legend[char], 0) + 1
            stack = [(x, y)]
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    inside = 0 <= ny < len(grid) and 0 <= nx < len(row)
                    if inside and (nx, ny) not in seen and grid[ny][nx] == char:
                        seen.add((nx, ny))
                        stack.append((nx, ny))
    for area, count in pieces.items():
        if area:  # land that is no province may lie in many pieces
            assert count == PIECES.get((variant, area), 1), area


@pytest.mark.parametrize("variant", VARIANTS)
def test_units_and_names_stand_inside_their_provinces(variant: str) -> None:
    game_map = load_variant(variant)
    shapes = load_shapes(variant)
    for location, (x, y) in shapes.places.items():
        assert shapes.contains(province_of(location), x, y), location
    grid, _ = _grid_and_legend(variant)
    depth = depths(grid)
    for province, info in game_map.provinces.items():
        coasts = [shapes.places[f"{province}/{coast}"] for coast in info.coasts]
        for x, y in coasts:  # a fleet on a coast stands clear of it, so arrows end on land
            assert depth[int(y / shapes.cell)][int(x / shapes.cell)] >= 1.5, province
        if coasts:  # and its coasts are told apart
            (x1, y1), (x2, y2) = coasts
            assert abs(x1 - x2) + abs(y1 - y2) >= 3 * shapes.cell, province
    for province in game_map.provinces:
        assert shapes.contains(province, *shapes.areas[province].label), province


def test_a_shapes_file_that_does_not_match_its_map_is_refused_with_the_culprit_named() -> None:
    game_map = load_variant("standard")
    text = _text("standard")
    grid, legend = _grid_and_legend("standard")
    char = next(c for c, name in legend.items() if name == "lon")
    cases = {
        f'"{char}" = "lon"\n': ("the map's lon not in [legend]", ""),
        '"#" = ""\n': ("grid characters not in [legend]: #", ""),
        'Turkey = "#e2b51c"\n': ("a colour for each power", ""),
        '"spa/nc" =': ("spa/nc stands", '"xyz/nc" ='),
    }
    for line, (message, replacement) in cases.items():
        assert line in text, line
        with pytest.raises(ShapesError, match=re.escape(message)):
            read_shapes(text.replace(line, replacement, 1), diplomacy_checklist(game_map), "standard.shapes.toml")
    extra = text.replace("[legend]\n", '[legend]\n"\\u00e9" = "xyz"\n', 1)
    with pytest.raises(ShapesError, match="does not have: xyz"):
        read_shapes(extra, diplomacy_checklist(game_map))
    ragged = text.replace(grid[3], grid[3] + "#", 1)
    with pytest.raises(ShapesError, match="differ in length"):
        read_shapes(ragged, diplomacy_checklist(game_map))


def test_neighbours_share_one_border_and_islands_stay_round() -> None:
    grid = ["aaaab", "aaabb", "aacbb", "aaabb", "aaaab"]
    shapes, borders = outlines(grid)
    points_a = {point for ring in shapes["a"].rings for point in ring}
    points_b = {point for ring in shapes["b"].rings for point in ring}
    points_c = {point for ring in shapes["c"].rings for point in ring}
    assert points_a & points_b  # the smoothed border between a and b is the same line for both
    assert points_c <= points_a | points_b  # every point of c's outline is a neighbour's too
    assert {frozenset(border.areas) for border in borders} >= {frozenset("ab"), frozenset("ac")}
    assert shapes["c"].contains(2.5, 2.5) and not shapes["a"].contains(2.5, 2.5)
    assert shapes["a"].contains(0.5, 0.5) and shapes["b"].contains(4.5, 0.5)
    island, _ = outlines(["....", ".xx.", ".xx.", "...."])
    assert len(island["x"].rings[0]) >= 4  # an island is a small loop, not a point
    assert island["x"].contains(2.0, 2.0) and not island["."].contains(2.0, 2.0)
