"""The Richard III map picture, measured (issue 18, points 9 and 10): a sea move (5.3) drawn
along the sea, never across other land; no arrowhead, battle mark (6.1), count or recruit mark
over an area's or a sea's name; every stack of blocks inside its own area, a crowded Calais
too; the reader's heirs to the crown (3.21) marked, with a legend; the blocks recruited (5.4)
marked on their area."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from copy import deepcopy
from typing import Any

import pytest

from judge.games.richard3.data import BOARD
from judge.games.richard3.game import Richard3Game
from judge.pictures import richard3_picture
from judge.pictures.layers import text_bounds
from judge.pictures.richard3 import SEAS, richard3_shapes
from judge.pictures.richard3.layout import Box, head, meets
from judge.pictures.richard3.shapes import richard3_cells
from r3_phases import phases

SVG = "{http://www.w3.org/2000/svg}"
READERS = ("York", "Lancaster", None)


def _start(reader: str | None = "York", scenario: str = "1460") -> dict[str, Any]:
    game = Richard3Game(scenario)
    return game.view(game.new_game(b"layout"), reader)


def _points(polyline: ElementTree.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in polyline.get("points", "").split())]


def _lands_crossed(points: list[tuple[float, float]], allowed: set[str]) -> set[str]:
    """The areas (land of the game or not) other than ``allowed`` that a line through the points
    passes over, looked at every pixel."""
    cells, shapes = richard3_cells(), richard3_shapes()
    crossed = set()
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        steps = max(1, int(math.dist((x1, y1), (x2, y2))))
        for n in range(steps + 1):
            x, y = x1 + (x2 - x1) * n / steps, y1 + (y2 - y1) * n / steps
            key = cells.at(x, y)
            if key and key not in allowed and key not in SEAS and shapes.contains(key, x, y):
                crossed.add(key)
    return crossed


def test_a_sea_move_follows_the_sea_and_crosses_no_other_land() -> None:
    """5.3, issue 18 point 10: for every pair of areas that share a sea zone, the arrow of a sea
    move between them passes over the two areas and the sea alone (Kent to Sussex by the
    Channel, not over the land of either between them)."""
    view = _start()
    pairs = [(a, b) for a in sorted(BOARD.areas) for b in sorted(BOARD.areas) if a != b and BOARD.share_sea(a, b)]
    assert ("Kent", "Sussex") in pairs and len(pairs) > 200
    for origin, dest in pairs:
        report = {"events": [{"type": "sea move", "side": "Lancaster", "block": None, "path": [origin, dest]}]}
        root = ElementTree.fromstring(richard3_picture(view, "York", report))
        arrow = next(root.iter(f"{SVG}polyline"))
        assert arrow.get("data-kind") == "sea move"
        points = _points(arrow)
        assert _lands_crossed(points, {origin, dest}) == set(), (origin, dest)
        if (origin, dest) == ("Kent", "Sussex"):
            assert len(points) > 3  # out to sea and back, not straight over the land


def _name_boxes(root: ElementTree.Element) -> dict[str, Box]:
    """Each area's and sea's name, by what it names: the box its letters fill."""
    boxes: dict[str, Box] = {}
    for text in root.iter(f"{SVG}text"):
        if text.get("class") == "area-names":
            for span in text.iter(f"{SVG}tspan"):
                left, top, width, height = text_bounds(float(span.get("x", 0)), float(span.get("y", 0)),
                                                       span.text or "", float(text.get("font-size", 0)),
                                                       "middle", bold=True)
                boxes[span.get("data-area", "")] = (left + 2, top + 2, left + width - 2, top + height - 2)
    shapes = richard3_shapes()
    for sea in SEAS:
        left, top, width, height = text_bounds(*shapes.areas[sea].label, sea, 12, "middle")
        boxes[sea] = (left + 2, top + 2, left + width - 2, top + height - 2)
    return boxes


def _marks(root: ElementTree.Element) -> list[tuple[str, Box]]:
    """Every arrowhead, battle mark, count and recruit mark, with the box it covers."""
    found = []
    for arrow in root.iter(f"{SVG}polyline"):
        points = _points(arrow)
        found.append((f"head of {arrow.get('data-path')}", head(points[-1], points[-2])))
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "battle":
            x, y = (float(v) for v in group.get("transform", "")[10:-1].split(","))
            found.append((f"battle in {group.get('data-area')}", (x - 7, y - 7, x + 7, y + 7)))
        if group.get("class") == "recruit":
            rect = group.find(f"{SVG}rect")
            assert rect is not None
            x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
            found.append((f"recruits in {group.get('data-area')}", (x, y, x + 18, y + 12)))
    for text in root.iter(f"{SVG}text"):
        if text.get("class") == "move-count":
            x, y = float(text.get("x", 0)), float(text.get("y", 0))
            found.append(("a count", (x - 6, y - 8, x + 6, y + 1)))
    return found


@pytest.mark.parametrize("scenario", ["1460", "1483"])
def test_no_arrowhead_battle_mark_count_or_recruit_mark_covers_a_name(scenario: str) -> None:
    """Issue 18 point 10, over the phases of random games for both houses and an observer: each
    mark the report draws stands clear of every area's and sea's name."""
    marks = 0
    for number, (state, report, game) in enumerate(phases(scenario, seed=21, limit=300, after=True)):
        if number % 2:
            continue
        for reader in READERS:
            root = ElementTree.fromstring(richard3_picture(game.view(state, reader), reader,
                                                           game.report_view(report, reader)))
            names = _name_boxes(root)
            for what, box in _marks(root):
                covered = sorted(name for name, name_box in names.items() if meets(box, name_box))
                assert covered == [], (what, reader, number)
                marks += 1
    assert marks > 50


def _inside(key: str, box: Box) -> bool:
    """Whether a box lies in an area's outline: its corners and a point every 3 pixels of its
    edges."""
    shapes = richard3_shapes()
    left, top, right, bottom = box
    edge = [(left + (right - left) * n / 20, y) for n in range(21) for y in (top, bottom)]
    edge += [(x, top + (bottom - top) * n / 10) for n in range(11) for x in (left, right)]
    return all(shapes.contains(key, x, y) for x, y in edge)


def _stack_boxes(root: ElementTree.Element) -> Iterator[tuple[str, Box]]:
    """Each block's tile and each other house's square, with its area."""
    for group in root.iter(f"{SVG}g"):
        if "block" in group.get("class", "").split():
            for rect in group.iter(f"{SVG}rect"):
                x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
                width, height = float(rect.get("width", 0)), float(rect.get("height", 0))
                yield group.get("data-area", ""), (x, y, x + width, y + height)


def test_every_stack_stands_inside_its_own_area() -> None:
    """Issue 18 point 10: over random games, every block drawn (a tile of the reader's, a square
    of the enemy's) lies inside the outline of the area it stands in."""
    tiles = 0
    for number, (state, report, game) in enumerate(phases("1460", seed=5, limit=200, after=True)):
        if number % 3:
            continue
        for reader in READERS:
            root = ElementTree.fromstring(richard3_picture(game.view(state, reader), reader))
            for area, box in _stack_boxes(root):
                assert _inside(area, box), (area, box, reader, number)
                tiles += 1
    assert tiles > 500


def test_a_crowded_calais_stacks_inside_its_own_land() -> None:
    """Calais with every York block it may hold (four of the house's and its two mercenaries,
    7.2): all inside Calais, drawn smaller or in columns as need be."""
    view = deepcopy(_start("York"))
    crowd = ["York", "March", "Warwick", "Salisbury", "Calais Mercenary", "Burgundian Mercenary", "Kent"]
    for name in crowd:
        view["blocks"][name] = {"at": "Calais", "strength": 3}
    root = ElementTree.fromstring(richard3_picture(view, "York"))
    boxes = [box for area, box in _stack_boxes(root) if area == "Calais"]
    assert len(boxes) == len(crowd)
    assert all(_inside("Calais", box) for box in boxes)
    assert not any(meets(a, b) for n, a in enumerate(boxes) for b in boxes[n + 1:])  # no tile over another


def test_the_readers_heirs_wear_a_crown_and_the_legend_says_so() -> None:
    """3.21: each of the reader's heirs to the crown on the map has a crown on his tile, with his
    rank among his house's heirs; no other block has one; the panel's legend shows the crown."""
    for reader, scenario in (("York", "1460"), ("Lancaster", "1460"), ("Lancaster", "1483")):
        view = _start(reader, scenario)
        root = ElementTree.fromstring(richard3_picture(view, reader))
        crowned = {path.get("data-name"): path.get("data-heir") for path in root.iter(f"{SVG}path")
                   if path.get("class") == "heir"}
        heirs = {block.name: str(block.heir) for block in BOARD.blocks.values()
                 if block.heir is not None and block.side == reader
                 and view["blocks"].get(block.name, {}).get("at") in BOARD.areas}
        assert heirs and crowned == heirs
        legend = [path for path in root.iter(f"{SVG}path") if path.get("class") == "key"]
        assert legend and "heir" in "".join(root.find(f"{SVG}g[@class='panel']").itertext())  # type: ignore[union-attr]


def test_recruits_are_marked_on_their_area_named_to_their_owner_alone() -> None:
    """5.4, issue 18 point 9: blocks put on the map from the pool are a mark on the area with how
    many; the reader's own named in it, the enemy's only counted."""
    report = {"events": [
        {"type": "recruit", "side": "York", "block": "Norfolk", "area": "East Anglia"},
        {"type": "recruit", "side": "York", "block": "Suffolk", "area": "East Anglia"},
        {"type": "recruit", "side": "Lancaster", "block": None, "area": "Cornwall"},
    ]}
    root = ElementTree.fromstring(richard3_picture(_start("York"), "York", report))
    marks = {g.get("data-area"): g for g in root.iter(f"{SVG}g") if g.get("class") == "recruit"}
    assert set(marks) == {"East Anglia", "Cornwall"}
    assert marks["East Anglia"].get("data-count") == "2"
    assert marks["East Anglia"].get("data-block") == "Norfolk, Suffolk"
    assert "".join(marks["East Anglia"].itertext()).endswith("+2")
    assert marks["Cornwall"].get("data-count") == "1" and marks["Cornwall"].get("data-block") == ""


def test_home_moves_are_drawn_from_where_the_block_stood() -> None:
    """8.3, 8.4, issue 18 point 9: a block sent home is a dotted arrow from where it stood; one
    that stayed, or went to the pool, none."""
    report = {"events": [
        {"type": "home", "side": "York", "block": "Warwick", "from": "Kent", "to": "Warwick"},
        {"type": "home", "side": "Lancaster", "block": None, "from": "Essex", "to": "Essex"},
        {"type": "home", "side": "Lancaster", "block": None, "from": "Dorset", "to": "pool"},
    ]}
    root = ElementTree.fromstring(richard3_picture(_start("York"), "York", report))
    arrows = list(root.iter(f"{SVG}polyline"))
    assert [(a.get("data-kind"), a.get("data-path"), a.get("data-block")) for a in arrows] == [
        ("home", "Kent / Warwick", "Warwick")]
    assert "home" in arrows[0].get("class", "").split() and arrows[0].get("stroke-dasharray")


def test_the_panels_long_lines_are_wrapped_between_names() -> None:
    """The dead heirs of 1483 (6.82) fill more than the panel's width: their line is wrapped,
    never inside a name."""
    view = _start("Lancaster", "1483")
    root = ElementTree.fromstring(richard3_picture(view, "Lancaster"))
    panel = root.findall(f"{SVG}g[@class='panel']")  # the box, then a piece each line
    assert panel
    lines = [text.text for part in panel for text in part.iter(f"{SVG}text") if text.text]
    first = next(number for number, line in enumerate(lines) if line.startswith("Dead heirs"))
    shown = " ".join(lines[first:first + 2])
    assert all(name in shown for name in view["dead"]) and len(view["dead"]) > 5
    assert all(len(line) <= 54 for line in lines)
