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


def test_the_axis_labels_never_run_together_and_the_last_is_always_shown() -> None:
    """Issue 18, point 11: however many rows (turns named II-7, years, "start"), the labels the
    axis shows keep clear of each other (at 7.5 px a character, 12 px type) and end on the last."""
    for count in range(2, 90):
        names = ["start", *(f"{'I' * (1 + n // 7)}-{1 + n % 7}" for n in range(count - 1))]
        rows = [(name, [n, 1]) for n, name in enumerate(names)]
        svg = ElementTree.fromstring(score_chart(["York", "Lancaster"], rows, "usurpation count"))
        axis = [(float(t.get("x", 0)), t.text or "") for t in svg.iter("{http://www.w3.org/2000/svg}text")
                if t.get("text-anchor") == "middle"]
        assert axis[-1][1] == names[-1], count
        for (x1, a), (x2, b) in zip(axis, axis[1:]):
            assert x2 - x1 >= (len(a) + len(b)) * 7.5 / 2, (count, a, b)
