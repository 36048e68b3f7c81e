"""A point-and-line map (locales joined by ways, as Plantagenet's): read, checked against what
the game's data asks, and drawn. A made-up map of five locales stands in for a game's."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from judge.pictures import png
from judge.pictures.network import NetworkChecklist, network_marks, read_network
from judge.pictures.shapes import ShapesError
from judge.pictures.words import Words

SVG = "{http://www.w3.org/2000/svg}"
WANTED = NetworkChecklist(
    "made-up",
    frozenset({"york", "london", "bristol", "calais", "dover"}),
    (("york", "london", "road"), ("london", "bristol", "road"), ("london", "dover", "road"),
     ("dover", "calais", "sea"), ("bristol", "york", "river")),
    ("York", "Lancaster"),
)
TEXT = """\
size = [400, 300]
[locales]
york = [200, 40]
london = [220, 200]
bristol = [60, 190]
dover = [330, 230]
calais = [380, 280]
[colours]
York = "#f4f4f4"
Lancaster = "#c0392b"
"""


def test_a_network_is_read_with_the_games_ways_and_drawn() -> None:
    network = read_network(TEXT, WANTED, "made-up.toml")
    assert network.points["york"] == (200.0, 40.0) and network.ways == WANTED.ways
    words = Words()
    parts = network_marks(network, words)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">{"".join(parts)}'
           f'{"".join(words.elements())}</svg>')
    root = ElementTree.fromstring(svg)
    ways = {(line.get("data-ends"), line.get("data-kind")) for line in root.iter(f"{SVG}line")}
    assert ways == {(f"{a} {b}", kind) for a, b, kind in WANTED.ways}
    assert {c.get("data-locale") for c in root.iter(f"{SVG}circle")} == WANTED.locales
    assert {span.text for span in root.iter(f"{SVG}tspan")} == WANTED.locales
    assert png(svg).startswith(b"\x89PNG")


@pytest.mark.parametrize(("change", "complaint"), [
    (("dover = [330, 230]\n", ""), "locales not placed: dover"),
    (("[colours]", "rye = [10, 10]\n[colours]"), "not locales of made-up: rye"),
    (("calais = [380, 280]", "calais = [380, 380]"), "outside the picture: calais"),
    (("calais = [380, 280]", "calais = [335, 236]"), "marks overlap: calais / dover"),
    (("london = [220, 200]", "london = [130, 115]"), "bristol - york through london"),
    (('Lancaster = "#c0392b"\n', ""), "powers without a colour: Lancaster"),
    (("size = [400, 300]", "size = [400]"), "needs a size"),
    (("york = [200, 40]", 'york = "north"'), "locale york: needs [x, y]"),
])
def test_a_network_that_does_not_fit_its_map_is_refused_by_name(
    change: tuple[str, str], complaint: str
) -> None:
    text = TEXT.replace(*change, 1)
    assert text != TEXT
    with pytest.raises(ShapesError, match=re.escape(complaint)):
        read_network(text, WANTED, "made-up.toml")


def test_a_way_to_a_locale_the_game_does_not_have_is_the_data_at_fault() -> None:
    wrong = NetworkChecklist(WANTED.name, WANTED.locales, (*WANTED.ways, ("york", "edinburgh", "road")))
    with pytest.raises(ShapesError, match="ways name no locale: edinburgh"):
        read_network(TEXT, wrong)
