"""Variants played on another's board (1898 and Chaos on the standard one, the Age of Empires on
the ancient Mediterranean's) are drawn on that variant's shapes (issue #35, item 4): each says so
in its map file (``shapes = "standard"``), and its board is the lender's, province for province,
coast for coast, move for move; its powers take the lender's colours where they bear its powers'
names, others each a colour of its own; the band under the map names its powers, in rows where
they are many."""

from __future__ import annotations

import logging
import re
import sys
from pathlib import Path

import pytest

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.maps import build_map
from judge.games.variants import load_variant, variant_data, variant_names
from judge.pictures import ShapesError, kind_picture, load_shapes, picture
from judge.pictures.diplomacy import board_differences, drawn_on, has_shapes
from judge.pictures.style import PALETTE, palette

sys.path.insert(0, str(Path(__file__).parent))
from diplomacy_phases import random_phases  # noqa: E402

BORROWERS = {
    "1898": "standard", "chaos": "standard", "standard_age_of_empires": "standard",
    "standard_age_of_empires_2": "standard", "standard_fleet_rome": "standard",
    "standard_france_austria": "standard", "standard_germany_italy": "standard",
    "ancmed_age_of_empires": "ancmed",
}
"""The shipped variants drawn on another's shapes, and whose."""


def test_each_declared_borrower_plays_on_its_lenders_board() -> None:
    declared = {name: load_variant(name).shapes for name in variant_names() if load_variant(name).shapes}
    assert declared == BORROWERS
    for name, lender in declared.items():
        assert has_shapes(lender) and not has_shapes(name)
        assert board_differences(load_variant(name), load_variant(lender)) == [], name


def test_no_variant_is_drawn_as_a_schematic_whose_board_has_drawn_shapes() -> None:
    lenders = [name for name in variant_names() if has_shapes(name)]
    for name in variant_names():
        if drawn_on(load_variant(name)) is None:
            for lender in lenders:
                assert board_differences(load_variant(name), load_variant(lender)), (name, lender)


def test_a_borrowers_powers_take_the_lenders_colours_or_each_one_of_its_own() -> None:
    standard = load_shapes("standard").colours
    assert load_shapes("1898").colours == standard
    assert load_shapes("standard_germany_italy").colours == {"Germany": standard["Germany"],
                                                             "Italy": standard["Italy"]}
    assert load_shapes("ancmed_age_of_empires").colours == load_shapes("ancmed").colours
    chaos = load_shapes("chaos").colours
    assert list(chaos) == list(load_variant("chaos").powers) and len(set(chaos.values())) == 34
    assert chaos["Ankara"] == PALETTE[0]  # the schematic's palette, in the powers' order
    assert load_shapes("chaos").areas is load_shapes("standard").areas  # the very shapes


def test_the_palette_gives_each_power_a_colour_of_its_own_however_many() -> None:
    assert palette(len(PALETTE)) == list(PALETTE)
    assert len(set(palette(100))) == 100


def test_a_map_declaring_a_board_it_does_not_have_is_drawn_as_a_schematic(
        caplog: pytest.LogCaptureFixture) -> None:
    """An added variant that says ``shapes = "standard"`` on a board of its own (a mistake) is
    refused those shapes, by name of what differs, and drawn as a schematic: its results mails
    still carry a map."""
    game_map = build_map({**variant_data("pure"), "name": "pure_on_standard", "shapes": "standard"})
    kind = DiplomacyGame(game_map)
    with caplog.at_level(logging.WARNING, logger="judge.pictures"):
        svg = kind_picture(kind, kind.view(kind.new_game(b""), None), None, None)
    assert svg is not None and 'class="schematic"' in svg
    assert "pure_on_standard: drawn as a schematic: pure_on_standard is drawn on standard's shapes" in caplog.text
    assert "its provinces, army moves, fleet moves differ" in caplog.text
    right = build_map({**variant_data("1898"), "name": "mine", "shapes": "standard"})
    kind = DiplomacyGame(right)
    svg = kind_picture(kind, kind.view(kind.new_game(b""), None), None, None)
    assert svg is not None and 'class="schematic"' not in svg and 'data-variant="mine"' in svg
    with pytest.raises(ShapesError, match="no picture"):
        load_shapes("pure")


def test_chaos_s_34_powers_stand_in_rows_under_the_map_none_over_another() -> None:
    """The band under the map names each power with its count of centres: one row for the
    standard map's seven, as many rows as needed for Chaos's 34 (it grows the picture)."""
    game_map = load_variant("chaos")
    state, report, _ = list(random_phases(game_map, 3, limit=5))[-1]
    svg = picture("chaos", state, report["results"])
    bounds = [tuple(map(int, found.groups())) for found in
              re.finditer(r'class="powers"[^>]*data-bounds="(\d+) (\d+) (\d+) (\d+)"', svg)]
    assert len(bounds) == 34
    found = re.search(r'<svg[^>]* height="(\d+)"', svg)
    assert found is not None
    height = int(found.group(1))
    shapes = load_shapes("chaos")
    assert len({y for _, y, _, _ in bounds}) == 5 and height == shapes.height + 5 * 22
    assert all(shapes.height <= y and y + h <= height and x + w <= shapes.width for x, y, w, h in bounds)
    for number, (x, y, w, h) in enumerate(bounds):
        for other in bounds[number + 1:]:
            assert x + w <= other[0] or other[0] + other[2] <= x or y + h <= other[1] or other[1] + other[3] <= y
    first, _, _ = next(random_phases(load_variant("1898"), 3))
    one_row = re.search(r'<svg[^>]* height="(\d+)"', picture("1898", first))
    assert one_row is not None and int(one_row.group(1)) == shapes.height + 22
