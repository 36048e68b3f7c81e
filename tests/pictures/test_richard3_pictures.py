"""The Richard III map picture, read back: the map's shapes are the board's (every area and sea
zone drawn and nothing else, areas touching exactly where the game has a border, 5.21, and
touching the seas they may sail, 2.81), and a picture of a view shows the reader's own blocks in
their areas with their strengths, the enemy's as counts alone (3.1: blocks stand facing their
owner), and never the name of an enemy block the view does not itself make public, over every
phase of random games of the three scenarios, for both houses and for an observer."""

from __future__ import annotations

from collections import Counter

import re
import tomllib
import xml.etree.ElementTree as ElementTree
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from judge.games.registry import game_kind
from judge.games.richard3.data import BOARD, SIDES
from judge.games.richard3.game import Richard3Game
from judge.games.richard3.state import side_of
from judge.pictures import ShapesError, kind_picture, png, richard3_picture
from judge.pictures.richard3 import SEAS, read_richard3_shapes, richard3_shapes
from r3_phases import phases

SVG = "{http://www.w3.org/2000/svg}"
READERS = ("York", "Lancaster", None)
KINDS = {"1460": "richard3", "1470": "richard3-1470", "1483": "richard3-1483"}


def _text() -> str:
    return resources.files("judge.games.richard3").joinpath("richard3.shapes.toml").read_text()


def _grid_and_legend() -> tuple[list[str], dict[str, str]]:
    data = tomllib.loads(_text())
    return [row for row in data["grid"].splitlines() if row.strip()], data["legend"]


def _touching() -> set[frozenset[str]]:
    grid, legend = _grid_and_legend()
    found: set[frozenset[str]] = set()
    for y, row in enumerate(grid):
        for x, char in enumerate(row):
            for other in (row[x + 1] if x + 1 < len(row) else None,
                          grid[y + 1][x] if y + 1 < len(grid) else None):
                if other is not None and legend[other] != legend[char]:
                    found.add(frozenset((legend[char], legend[other])))
    return found


# --- the shapes ----------------------------------------------------------------------------------


def test_every_area_and_sea_zone_is_drawn_and_nothing_else() -> None:
    """2.1-2.8 and 2.81: the picture has the board's 33 areas and 3 seas, and its own land
    (Picardy, Flanders) only as unnamed land."""
    shapes = richard3_shapes()
    assert {key for key in shapes.areas if not key.startswith("#")} == set(BOARD.areas) | SEAS
    assert SEAS == {"Irish Sea", "North Sea", "English Channel"}
    assert set(shapes.colours) == set(SIDES)


def test_land_areas_touch_in_the_picture_exactly_where_the_game_has_a_border() -> None:
    """5.21: a reader sees a border wherever the game has one and nowhere else."""
    touching = {pair for pair in _touching() if pair <= set(BOARD.areas)}
    borders = {frozenset(border.areas) for border in BOARD.borders.values()}
    assert sorted(map(sorted, borders - touching)) == []
    assert sorted(map(sorted, touching - borders)) == []


def test_areas_touch_the_seas_they_may_sail_and_only_gloucester_touches_another() -> None:
    """2.81: each area touches every sea zone it may sail; the Severn reaching Gloucester (which
    the game gives no sea) is the one contact more."""
    ashore = {pair for pair in _touching() if len(pair & SEAS) == 1 and pair <= set(BOARD.areas) | SEAS}
    sails = {frozenset((area.name, sea)) for area in BOARD.areas.values() for sea in area.seas}
    assert sails - ashore == set()
    assert ashore - sails == {frozenset(("Gloucester", "Irish Sea"))}


def test_every_area_is_drawn_in_one_piece() -> None:
    grid, legend = _grid_and_legend()
    seen: set[tuple[int, int]] = set()
    pieces: dict[str, int] = {}
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
                    if 0 <= ny < len(grid) and 0 <= nx < len(row) and (nx, ny) not in seen \
                            and grid[ny][nx] == char:
                        seen.add((nx, ny))
                        stack.append((nx, ny))
    assert {area: count for area, count in pieces.items() if area and count > 1} == {}


def test_a_shapes_file_that_does_not_match_the_board_is_refused_with_the_culprit_named() -> None:
    text = _text()
    grid, legend = _grid_and_legend()
    rutland = next(char for char, name in legend.items() if name == "Rutland")
    leicester = next(char for char, name in legend.items() if name == "Leicester")
    merged = text.replace(f'"{rutland}" = "Rutland"\n', "", 1)
    for row in grid:
        merged = merged.replace(row, row.replace(rutland, leicester), 1)
    with pytest.raises(ShapesError, match="the map's Rutland not in"):
        read_richard3_shapes(merged)
    swapped = text.replace('"Kent"', '"KENT"').replace('"Cornwall"', '"Kent"').replace('"KENT"', '"Cornwall"')
    with pytest.raises(ShapesError, match="areas with a border do not touch: .*Cornwall / Dorset"):
        read_richard3_shapes(swapped)
    seas = text.replace('"Irish Sea"', '"SEA"').replace('"North Sea"', '"Irish Sea"').replace('"SEA"', '"North Sea"')
    with pytest.raises(ShapesError, match="do not touch a sea they may sail: .*Ireland / Irish Sea"):
        read_richard3_shapes(seas)
    extra = text.replace("[legend]\n", '[legend]\n"\\u00e9" = "Burgundy"\n', 1)
    with pytest.raises(ShapesError, match="does not have: Burgundy"):
        read_richard3_shapes(extra)


# --- pictures of views ---------------------------------------------------------------------------


def _words(root: ElementTree.Element) -> str:
    """Every word and attribute value of a picture, one string."""
    found = []
    for element in root.iter():
        found.append(element.text or "")
        found.append(element.tail or "")
        found.extend(element.attrib.values())
    return "\n".join(found)


def _named(name: str, words: str, public: set[str]) -> bool:
    """Whether ``name`` stands in ``words`` other than inside a longer public name that holds it
    (an enemy Salisbury is not named by the reader's own Salisbury Levy)."""
    if name not in words:
        return False
    covers = [
        (match.start(), match.end())
        for longer in public if name in longer and longer != name
        for match in re.finditer(rf"\b{re.escape(longer)}\b", words)
    ]
    return any(
        not any(start <= match.start() and match.end() <= end for start, end in covers)
        for match in re.finditer(rf"\b{re.escape(name)}\b", words)
    )


def _public(view: dict[str, Any]) -> set[str]:
    """The names a view itself shows the reader: his own blocks, the heirs to the crown, the dead
    heirs, Henry VI in the Tower, and every area, sea and card name (some blocks share them)."""
    names = set(view.get("blocks", {})) | set(view.get("dead", [])) | set(view.get("prisoner", []))
    names |= {name for name in view.get("crown", {}).values() if name}
    names |= set(BOARD.areas) | SEAS | {card.name for card in BOARD.cards.values()}
    names |= set(SIDES) | {scenario.title for scenario in BOARD.scenarios.values()}
    return names


@pytest.mark.parametrize("scenario", sorted(KINDS))
def test_no_picture_names_an_enemy_block_its_view_does_not_show(scenario: str) -> None:
    """3.1 and 6.1: the enemy's blocks stand facing away; a picture, drawn with the phase's report
    (even the raw one, with every block named), shows of them only counts."""
    pictures = 0
    games = [phases(scenario, seed) for seed in (7, 8, 9)]
    for number, (state, report, game) in enumerate(phase for phases in games for phase in phases):
        if number % 2:
            continue
        for reader in READERS:
            view = game.view(state, reader)
            enemies = {BOARD.blocks[b].name for b in BOARD.blocks if reader is None or
                       (b not in _own_ids(state, reader))}
            hidden = enemies - _public(view)
            for given in (game.report_view(report, reader), report):
                words = _words(ElementTree.fromstring(kind_picture(game_kind(KINDS[scenario]), view, reader, given) or ""))
                shown = {name for name in hidden if _named(name, words, _public(view))}
                assert shown == set(), (reader, view["phase"], shown)
                pictures += 1
    assert pictures > 100


def _own_ids(state: dict[str, Any], side: str) -> set[str]:
    return {b for b in state["blocks"] if side_of(state, b) == side}


@pytest.mark.parametrize("scenario", sorted(KINDS))
def test_the_readers_blocks_are_drawn_in_their_areas_with_their_strengths(scenario: str) -> None:
    """Own blocks by name, area and strength (face-down ones marked, 6.83; an eliminated one, at
    strength 0, not drawn: issue 18, point 9); each other house's blocks as one square an area
    with their number (4.2: the pools counted in the panel)."""
    shapes = richard3_shapes()
    for number, (state, report, game) in enumerate(phases(scenario, seed=3)):
        if number % 5:
            continue
        for reader in READERS:
            view = game.view(state, reader)
            root = ElementTree.fromstring(richard3_picture(view, reader, game.report_view(report, reader)))
            groups = [g for g in root.iter(f"{SVG}g") if "block" in g.get("class", "").split()]
            own = {g.get("data-name"): g for g in groups if "own" in g.get("class", "")}
            expected = {n: e for n, e in view.get("blocks", {}).items()
                        if e["at"] in BOARD.areas and e["strength"] > 0}
            assert set(own) == set(expected)
            strengths = {t.get("data-name"): t.text for t in _spans(root, "strengths")}
            for name, entry in expected.items():
                g = own[name]
                assert g.get("data-area") == entry["at"] and g.get("data-strength") == str(entry["strength"])
                assert g.get("data-side") == reader
                assert strengths[name] == str(entry["strength"])
                assert ("down" in g.get("class", "").split()) == bool(entry.get("down"))
                rect = g.find(f"{SVG}rect")
                assert rect is not None
                x = float(rect.get("x", 0)) + float(rect.get("width", 0)) / 2
                y = float(rect.get("y", 0)) + float(rect.get("height", 0)) / 2
                ax, ay = shapes.areas[entry["at"]].unit
                assert abs(x - ax) < 100 and abs(y - ay) < 70, (name, entry["at"])
            enemy = {(g.get("data-side"), g.get("data-area")): g for g in groups if "enemy" in g.get("class", "")}
            counted = {
                (side, area): count
                for side, counts in view.get("counts", {}).items()
                for area, count in counts.items() if area in BOARD.areas
            }
            assert {key: int(g.get("data-count", 0)) for key, g in enemy.items()} == counted
            for g in enemy.values():
                assert g.get("data-name") is None and g.get("data-strength") is None
            pools = {t.get("data-side"): int(t.get("data-count", -1)) for t in root.iter(f"{SVG}text")
                     if t.get("class") == "pool"}
            for side in SIDES:
                if side == reader:
                    assert pools[side] == sum(1 for e in view["blocks"].values() if e["at"] == "pool")
                else:
                    assert pools[side] == view["counts"][side].get("pool", 0)


def _spans(root: ElementTree.Element, kind: str) -> list[ElementTree.Element]:
    return [span for text in root.iter(f"{SVG}text") if text.get("class") == kind
            for span in text.iter(f"{SVG}tspan")]


def test_the_title_says_whose_view_and_the_readers_moves_and_the_battles_are_drawn() -> None:
    """The title names the King (1.0) and the reader; the moves of the phase are arrows along
    their paths, the reader's own named and the other house's as his view shows them (face down:
    no names), blocks that went the same way one arrow with their count, the moves home of the
    political turn (8.3, 8.4) too (issue 18, point 9), and the retreats (6.6) and regroups (6.7)
    like them (issue 37); each battle of the turn (6.1) is marked."""
    moves = battles = 0
    for state, report, game in phases("1460", seed=11, limit=250):
        for reader in READERS:
            view = game.view(state, reader)
            seen = game.report_view(report, reader)
            root = ElementTree.fromstring(richard3_picture(view, reader, seen))
            title = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "title")
            assert f"as {reader} sees it" in title if reader else "as an observer sees it" in title
            assert f"King: {'none' if view['king_dead'] else view['king']}" in title  # 6.81
            arrows = list(root.iter(f"{SVG}polyline"))
            drawn = sorted((p.get("data-side"), p.get("data-path"), int(p.get("data-count", 0)))
                           for p in arrows)
            went = Counter((e["side"], e["type"], " / ".join(_way(e))) for e in seen["events"]
                           if e["type"] in ("move", "sea move", "home", "retreat", "regroup") and _way(e))
            assert drawn == sorted((side, path, n) for (side, _, path), n in went.items())
            assert all(p.get("data-block") == "" for p in arrows if p.get("data-side") != reader)
            moves += len(drawn)
            marked = {g.get("data-area") for g in root.iter(f"{SVG}g") if g.get("class") == "battle"}
            fought = set(view["battles"]) | {e["area"] for e in seen["events"] if e["type"] == "battle"}
            assert marked == fought
            battles += len(marked)
    assert moves > 20 and battles > 5


def _way(event: dict[str, Any]) -> list[str]:
    """The areas a move went through; for a block sent home (8.3, 8.4), where it stood and
    where it went, none where it stayed or went to the pool; for a retreat (6.6) or a regroup
    (6.7), the battle's area and where the block went."""
    if event["type"] in ("retreat", "regroup"):
        return [event["area"], event["to"]]
    if event["type"] != "home":
        return list(event["path"])
    return [event["from"], event["to"]] if event["to"] in BOARD.areas and event["from"] != event["to"] else []


def test_kind_picture_draws_the_three_scenarios_and_renders(tmp_path: Path) -> None:
    for scenario, kind in KINDS.items():
        game = Richard3Game(scenario)
        state = game.new_game(b"picture")
        svg = kind_picture(game_kind(kind), game.view(state, "York"), "York")
        assert svg is not None and BOARD.scenarios[scenario].title in svg
        data = png(svg)
        assert data.startswith(b"\x89PNG")
    out = Path("test-output")
    if out.is_dir():  # kept to look at, where the tree has the folder (it is ignored by git)
        game = Richard3Game("1460")
        state = game.new_game(b"picture")
        (out / "richard3-york.png").write_bytes(png(richard3_picture(game.view(state, "York"), "York")))
