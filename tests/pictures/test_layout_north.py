"""A computed schematic layout has a north (issue #35): moves alone would leave a map turned or
mirrored at random. Pinned provinces (``[pins]`` of the layout file) stand where pinned and the
others follow them, turned and mirrored with them; without pins, the provinces a map shares with
the standard map (same abbreviation and name) stand as in the standard map's picture."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.games.diplomacy.dpjudge_variant import read_dpjudge_variant
from judge.games.diplomacy.maps import Map, build_map
from judge.games.variants import load_variant
from judge.pictures.diplomacy.layout import computed_layout, layout_of, layout_text, read_layout, read_pins
from judge.pictures.shapes import ShapesError

ISLES = Path(__file__).parent.parent / "games" / "diplomacy" / "data" / "isles.map"


@pytest.fixture(scope="module")
def isles() -> Map:
    """The small map of the CLI tests: two shores (Holm and Keep north, Port and Bayside south)
    across a strait, Midmarch between them, the Rock out to sea beyond the Strait and the Deep."""
    text = ISLES.read_text(encoding="utf-8")
    return build_map(read_dpjudge_variant(text, "isles.map", "isles", lambda name: None))


def _west(layout_places: dict[str, tuple[float, float]], a: str, b: str) -> bool:
    return layout_places[a][0] < layout_places[b][0]


def _north(layout_places: dict[str, tuple[float, float]], a: str, b: str) -> bool:
    return layout_places[a][1] < layout_places[b][1]


def test_pinned_provinces_stand_where_pinned_and_the_others_turn_with_them(isles: Map) -> None:
    up = {"hol": (300.0, 60.0), "prt": (300.0, 260.0), "roc": (120.0, 160.0)}
    layout = computed_layout(isles, up)
    assert {key: layout.places[key] for key in up} == up and layout.pins == up
    # The Rock west: the seas about it stand west of the land; Keep (north) above Bayside.
    assert _west(layout.places, "str", "mid") and _west(layout.places, "dee", "hol")
    assert _north(layout.places, "kee", "bay")
    mirrored = {"hol": (300.0, 60.0), "prt": (300.0, 260.0), "roc": (480.0, 160.0)}
    layout = computed_layout(isles, mirrored)
    assert {key: layout.places[key] for key in mirrored} == mirrored
    assert _west(layout.places, "mid", "str") and _west(layout.places, "hol", "dee")
    assert _north(layout.places, "kee", "bay")
    upside_down = {"hol": (300.0, 260.0), "prt": (300.0, 60.0)}
    layout = computed_layout(isles, upside_down)
    assert {key: layout.places[key] for key in upside_down} == upside_down
    assert _north(layout.places, "bay", "kee") and _north(layout.places, "mid", "kee")
    # Nothing spills out of the picture, and the same pins give the same layout.
    assert all(0 <= x <= layout.width and 0 <= y <= layout.height for x, y in layout.places.values())
    assert computed_layout(isles, upside_down) == layout


def test_pins_are_kept_in_the_layout_file_and_checked(isles: Map) -> None:
    pins = {"hol": (300.0, 60.0), "prt": (300.0, 260.0)}
    text = layout_text(isles, computed_layout(isles, pins))
    assert "[pins]" in text and read_layout(text, isles).pins == pins
    assert read_pins(text, isles) == pins
    with pytest.raises(ShapesError, match=r"\[pins\] names no province of isles: xyz"):
        read_pins(text + "xyz = [1, 2]\n", isles)
    assert "[pins]" not in layout_text(isles, computed_layout(isles))


def test_a_map_sharing_the_standard_maps_provinces_stands_north_up() -> None:
    """Without pins: France-Austria (MILA's standard map with two powers), Chaos and Milan are laid
    out as the standard map stands (England and Scandinavia up, France and Spain left, Russia
    and Turkey right, Italy down); Pure (seven capitals, each next to all the others) likewise,
    as far as its shape allows. The shipped layouts are these."""
    for name in ("standard_france_austria", "chaos", "milan"):
        places = layout_of(load_variant(name)).places
        assert _west(places, "bre", "vie") and _west(places, "par", "mos"), name
        assert _west(places, "spa", "syr") and _west(places, "vie", "con"), name
        assert _north(places, "lon", "par") and _north(places, "stp", "con"), name
        assert _north(places, "nwy", "ber") and _north(places, "ber", "rom"), name
    places = layout_of(load_variant("pure")).places
    assert _north(places, "ber", "rom") and _west(places, "par", "mos") and _west(places, "lon", "con")
