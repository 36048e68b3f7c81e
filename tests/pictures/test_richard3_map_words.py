"""The Richard III map as a player reads it (issue 37, item 2): no arrow runs through an area's
name, every area's name stands wholly inside the area whatever stands there, the retreats (6.6)
and regroups (6.7) of a battle are drawn like the other moves, and after the King's death (6.81)
the title names no King."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from random import Random
from typing import Any

from judge.games.richard3.data import BOARD
from judge.games.richard3.game import Richard3Game
from judge.games.richard3.turns import new_state
from judge.pictures import richard3_picture
from judge.pictures.layers import text_bounds
from judge.pictures.richard3 import richard3_shapes
from judge.pictures.richard3.layout import Box, meets

SVG = "{http://www.w3.org/2000/svg}"
GAME = Richard3Game("1460")


def _view(blocks: dict[str, str], reader: str | None, king: str = "York") -> dict[str, Any]:
    """The full game's view with only ``blocks`` on the map (id -> area)."""
    state = new_state("1460", Random(0))
    for block, entry in state["blocks"].items():
        if entry["at"] in BOARD.areas or entry["at"] == "prisoner":
            entry["at"] = "minor" if BOARD.blocks[block].heir else "pool"
    for block, area in blocks.items():
        state["blocks"][block] = {"at": area, "strength": BOARD.blocks[block].strength}
    state["king"] = king
    return GAME.view(state, reader)


def _names(root: ElementTree.Element) -> dict[str, Box]:
    """The box of each area's name as drawn."""
    boxes = {}
    for text in root.iter(f"{SVG}text"):
        if text.get("class") != "area-names":
            continue
        size = float(text.get("font-size", 0))
        for span in text.iter(f"{SVG}tspan"):
            x, y, words = float(span.get("x", 0)), float(span.get("y", 0)), span.text or ""
            left, top, width, height = text_bounds(x, y, words, size, "middle", bold=True)
            boxes[span.get("data-area", "")] = (left + 3, top + 2, left + width - 3, top + height - 1)
    return boxes


def _crosses(a: tuple[float, float], b: tuple[float, float], box: Box) -> bool:
    """Whether the segment from ``a`` to ``b`` passes through ``box``, looked at every half pixel."""
    steps = max(1, int(2 * ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5))
    return any(box[0] < a[0] + (b[0] - a[0]) * n / steps < box[2]
               and box[1] < a[1] + (b[1] - a[1]) * n / steps < box[3] for n in range(steps + 1))


def _arrows(root: ElementTree.Element) -> list[ElementTree.Element]:
    return list(root.iter(f"{SVG}polyline"))


def _points(polyline: ElementTree.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in polyline.get("points", "").split())]


def test_5_2_an_arrow_never_runs_through_an_areas_name() -> None:
    """5.2: a move of two areas is drawn through the area between; it turns beside that area's
    name (and any other) rather than run through it: Stanley from Lancaster by Chester to
    Warwick, Essex from Kent by Middlesex (where Norfolk stands) to Leicester."""
    view = _view({"Stanley/Y": "Warwick", "Essex": "Leicester", "Norfolk": "Middlesex",
                  "March": "Ireland"}, "York")
    report = {"events": [
        {"type": "move", "side": "York", "block": "Stanley", "path": ["Lancaster", "Chester", "Warwick"]},
        {"type": "move", "side": "York", "block": "Essex", "path": ["Kent", "Middlesex", "Leicester"]},
    ]}
    root = ElementTree.fromstring(richard3_picture(view, "York", report))
    names = _names(root)
    arrows = _arrows(root)
    assert len(arrows) == 2
    for arrow in arrows:
        dest = arrow.get("data-path", "").split(" / ")[-1]
        points = _points(arrow)
        crossed = {area for area, box in names.items() if area != dest
                   for a, b in zip(points, points[1:]) if _crosses(a, b, box)}
        assert crossed == set(), (arrow.get("data-path"), crossed)


def _longest_first(side: str) -> list[str]:
    """A house's blocks, those with the longest names (the widest tiles) first."""
    return sorted((key for key, block in BOARD.blocks.items() if block.side == side),
                  key=lambda key: (-len(BOARD.blocks[key].name), key))


def _stacks(area: str) -> Iterator[tuple[str, dict[str, str], bool]]:
    """What may stand in an area, each with whether a battle is fought there: nothing, one
    house's block (each house), both houses' (two blocks each, with a battle), all of one house's
    blocks, all of both houses' (with a battle): no rule caps a stack (over an area's supply
    limit blocks only lose steps, 7.1)."""
    york, lancaster = _longest_first("York"), _longest_first("Lancaster")
    yield "no stack", {}, False
    yield "one York block", {york[0]: area}, False
    yield "one Lancaster block", {lancaster[0]: area}, False
    yield "both houses", {key: area for key in york[:2] + lancaster[:2]}, True
    yield "all of York", {key: area for key in york}, False
    yield "all of both", {key: area for key in york + lancaster}, True


def _drawn_inside(area: str, box: Box) -> bool:
    """Whether a box lies wholly in an area's outline as drawn: every pixel of its edges."""
    shapes = richard3_shapes()
    left, top, right, bottom = box
    across, down = math.ceil(right - left), math.ceil(bottom - top)
    edge = [(left + (right - left) * n / across, y) for n in range(across + 1) for y in (top, bottom)]
    edge += [(x, top + (bottom - top) * n / down) for n in range(down + 1) for x in (left, right)]
    return all(shapes.contains(area, x, y) for x, y in edge)


def _area_pieces(root: ElementTree.Element, area: str) -> list[Box]:
    """The boxes of an area's tiles, squares and battle mark."""
    boxes = []
    for group in root.iter(f"{SVG}g"):
        if group.get("data-area") != area:
            continue
        if "block" in group.get("class", "").split():
            for rect in group.iter(f"{SVG}rect"):
                x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
                boxes.append((x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))))
        if group.get("class") == "battle":
            x, y = (float(v) for v in group.get("transform", "")[10:-1].split(","))
            boxes.append((x - 7, y - 7, x + 7, y + 7))
    return boxes


def test_2_1_every_areas_name_stands_wholly_inside_it_whatever_stands_there() -> None:
    """2.1, issue 37 item 2: every area's name is drawn wholly inside the area's outline (not on
    a border, not over the sea), for each reader (both houses and an observer), whatever stands
    there: nothing, one house's block, both houses' (a battle), all of a house's blocks, all of
    both houses'; no tile, square or battle mark of the area covers it. Glamorgan, small, with
    both houses, is where it once stood partly on its border."""
    outside = []
    for area in sorted(BOARD.areas):
        for case, blocks, battle in _stacks(area):
            report = {"events": [{"type": "battle", "area": area}]} if battle else None
            for reader in ("York", "Lancaster", None):
                view = _view({"March": "Ireland", **blocks}, reader)
                root = ElementTree.fromstring(richard3_picture(view, reader, report))
                name = _names(root)[area]
                covered = [box for box in _area_pieces(root, area) if meets(box, name)]
                if not _drawn_inside(area, name) or covered:
                    outside.append((area, case, reader, name, covered))
    assert outside == []


def test_a_stack_too_large_for_glamorgan_hides_no_other_name() -> None:
    """Every block of both houses in Glamorgan: more than the area holds, so the blocks stand
    beside its name, partly over the sea; they hide no other area's name (Pembroke's, beside
    it, was hidden) for either house or an observer."""
    york, lancaster = _longest_first("York"), _longest_first("Lancaster")
    for reader in ("York", "Lancaster", None):
        view = _view({key: "Glamorgan" for key in york + lancaster}, reader)
        root = ElementTree.fromstring(richard3_picture(view, reader))
        names = _names(root)
        pieces = _area_pieces(root, "Glamorgan")
        assert pieces
        hidden = {area for area, name in names.items() if area != "Glamorgan"
                  for box in pieces if meets(box, name)}
        assert hidden == set(), reader


def test_6_6_6_7_retreats_and_regroups_are_drawn_as_moves() -> None:
    """6.6, 6.7: a block that retreats or regroups after a battle moves; its arrow is drawn as a
    move's, by land, from the battle's area: the reader's named, the enemy's counted."""
    view = _view({"Herbert": "Warwick", "Essex": "Warwick", "Rivers/L": "Lincoln", "March": "Ireland"}, "York")
    report = {"events": [
        {"type": "retreat", "area": "Derby", "round": 2, "side": "York", "block": "Essex", "to": "Warwick"},
        {"type": "retreat", "area": "Derby", "round": 4, "side": "York", "block": "Herbert", "to": "Warwick"},
        {"type": "regroup", "area": "Leicester", "side": "Lancaster", "block": None, "to": "Lincoln"},
    ]}
    root = ElementTree.fromstring(richard3_picture(view, "York", report))
    drawn = sorted((a.get("data-kind"), a.get("data-path"), a.get("data-block"), a.get("data-count"),
                    a.get("stroke-dasharray")) for a in _arrows(root))
    assert drawn == [("regroup", "Leicester / Lincoln", "", "1", None),
                     ("retreat", "Derby / Warwick", "Essex, Herbert", "2", None)]


def test_6_81_after_the_kings_death_the_title_names_no_king() -> None:
    """6.81: from the King's death to the next supply phase his house has no King; when that
    death ends the game (9.0: no heir left), the last map's title says there is none, not the
    dead King's house."""
    state = new_state("1483", Random(0))
    state["blocks"]["Gloucester"] = {"at": "dead", "strength": 0}
    state["king_dead"] = True
    state["outcome"] = {"winner": "Lancaster", "reason": "Lancaster has eliminated every heir of York (9.0)"}
    game = Richard3Game("1483")
    root = ElementTree.fromstring(richard3_picture(game.view(state, "York"), "York"))
    title = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "title")
    assert "King: none" in title and "King: York" not in title, title
    assert "won by Lancaster" in title
