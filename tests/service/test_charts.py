"""The archive's score chart: each power's line in its colour of the pictures, darkened until it
reads on white (WCAG contrast 4.5:1), and the period its rows count."""

from __future__ import annotations

from xml.etree import ElementTree

from judge.games.registry import game_kind
from judge.pictures import power_colours
from judge.service.web.charts import _contrast, readable, score_chart

SVG = "{http://www.w3.org/2000/svg}"


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_every_power_colour_of_every_picture_is_made_readable_and_keeps_its_hue() -> None:
    for kind in ("diplomacy/standard", "diplomacy/roses1", "richard3"):
        for colour in power_colours(game_kind(kind)).values():
            line = readable(colour)
            assert _contrast(*_rgb(line)) >= 4.5
            if _contrast(*_rgb(colour)) >= 4.5:
                assert line == colour  # dark enough already: unchanged


def test_the_houses_lines_take_their_colours_and_the_rows_their_period() -> None:
    colours = power_colours(game_kind("richard3"))
    svg = score_chart(["York", "Lancaster"], [("start", [0, 10]), ("I-1", [2, 9]), ("I-2", [3, 9])],
                      "usurpation count (8.2)", "turn", colours)
    root = ElementTree.fromstring(svg)
    lines = {line.find(f"{SVG}title").text: line.get("stroke") for line in root.iter(f"{SVG}polyline")}  # type: ignore[union-attr]
    assert lines == {"York": readable(colours["York"]), "Lancaster": colours["Lancaster"]}
    assert "turn by turn" in svg and ">I-2<" in svg
