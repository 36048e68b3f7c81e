"""The Plantagenet map picture (issue 22, "Pictures and reports"), measured: each Locale (1.3.1)
placed by its town's real position on the project's coastline and drawn on the land by its
Stronghold type, each Way by its kind; over random positions of several scenarios, for both sides
and an observer, no name, mark, Lord tile or arrow over another name, no tile over a mark, a tile or
an arrow; the Calendar (1.3.2), the Influence track (1.4.1), Favour and Depleted or Exhausted
(1.3.1) as the view says, Depleted never over Favour; Ports and Seats signed; a Lord's tile nearer
his Locale than any other; his own Coin and Provender, and nothing the Hidden Mats option (1.5.3)
hides from the reader; the PNG under 50 kB."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ElementTree
from copy import deepcopy
from functools import cache
from importlib import resources
from random import Random
from typing import Any

import pytest
from PIL import Image

from judge.games.plantagenet.data import BOARD, LORD_SIDE
from judge.games.plantagenet.game import PlantagenetGame
from judge.pictures import DRAWINGS, kind_picture, position_drawn, power_colours
from judge.pictures.plantagenet import geometry, plantagenet_picture, read_geometry
from judge.pictures.plantagenet.board import SEAS
from judge.pictures.plantagenet.layout import MARK, Box, Room, around, crosses, meets, text_box
from judge.pictures.plantagenet.stacks import NEAR, _free_around, around_grid
from judge.pictures.png import png
from judge.pictures.shapes import ShapesError
from test_png_parts import _far_pixels

SVG = "{http://www.w3.org/2000/svg}"
READERS = ("York", "Lancaster", None)
SCENARIOS = (("Ia", 3), ("II", 3), ("III", 4), ("wars", 2))  # scenario, games played from it
Position = tuple[PlantagenetGame, dict[str, Any], dict[str, Any] | None]


def _text() -> str:
    return resources.files("judge.games.plantagenet").joinpath("plantagenet.map.toml").read_text(encoding="utf-8")


@cache
def _positions() -> tuple[Position, ...]:
    """Positions of random games (random legal orders, as ``judge selfplay`` plays them): every
    fifth step of each game up to its 60th, and every step whose report has a move or a battle."""
    found: list[Position] = []
    for scenario, games in SCENARIOS:
        game = PlantagenetGame(scenario, hidden_mats=scenario == "II")
        for seed in range(games):
            rng = Random(seed)
            state = game.new_game(f"picture {seed}".encode())
            for step in range(60):
                if state["outcome"] is not None:
                    break
                orders = {side: game.random_orders(state, side, rng) for side in sorted(game.pending(state).powers)}
                result = game.resolve(state, orders, rng)
                state = result.state
                moved = {e["type"] for e in result.report["events"]} & {"march", "sail", "exile pact", "battle"}
                if step % 5 == 4 or moved:
                    found.append((game, state, result.report))
    return tuple(found)


def _picture(position: Position, reader: str | None) -> str:
    game, state, report = position
    return plantagenet_picture(game.view(state, reader), reader,
                               game.report_view(report, reader) if report is not None else None)


def _names(root: ElementTree.Element) -> list[tuple[str, Box]]:
    """Every name on the map (Locales', Seas', the Areas'), a box a line (a Locale's name may take
    two), with whose it is."""
    found = []
    for text in root.iter(f"{SVG}text"):
        if text.get("class") not in ("locale-names", "sea-names", "tides-names"):
            continue
        size = float(text.get("font-size", "0"))
        anchor = text.get("text-anchor", "start")
        bold = text.get("font-weight") == "bold"
        for span in text.iter(f"{SVG}tspan"):
            words = span.text or ""
            x, y = float(span.get("x", "0")), float(span.get("y", "0"))
            found.append((span.get("data-locale") or words, text_box(x, y, words, size, anchor, bold)))
    return found


def _tiles(root: ElementTree.Element) -> list[tuple[str, Box]]:
    """The Lord tiles of the map's stacks (not those in the Exile boxes' panels), each with its
    place."""
    found = []
    for stack in root.iter(f"{SVG}g"):
        if stack.get("class") != "stack":
            continue
        for rect in stack.iter(f"{SVG}rect"):
            x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
            found.append((stack.get("data-place", ""),
                          (x, y, x + float(rect.get("width", "0")), y + float(rect.get("height", "0")))))
    return found


def _arrows(root: ElementTree.Element) -> list[tuple[dict[str, str], list[tuple[float, float]]]]:
    found = []
    for line in root.iter(f"{SVG}polyline"):
        if line.get("class") == "move":
            pairs = (point.split(",") for point in str(line.get("points")).split())
            found.append((dict(line.attrib), [(float(x), float(y)) for x, y in pairs]))
    return found


def _panels(root: ElementTree.Element) -> list[Box]:
    """The boxes of the Exile boxes' panels and of the Calendar's."""
    found = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") in ("exile", "panel"):
            rect = next(group.iter(f"{SVG}rect"))
            x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
            found.append((x, y, x + float(rect.get("width", "0")), y + float(rect.get("height", "0"))))
    return found


def _battles(root: ElementTree.Element) -> list[Box]:
    found = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "battle":
            x, y = re.findall(r"-?[\d.]+", group.get("transform", ""))
            found.append(around(float(x), float(y), 7))
    return found


@pytest.mark.parametrize("scenario", ["Ia", "Ib", "Ic", "II", "III", "I", "wars"])
def test_the_kind_is_registered_with_the_position_after_the_card_drawn(scenario: str) -> None:
    """What the kinds' contract (tests/service/test_kind_contract.py) asks of a registered kind:
    each scenario's start drawn for each reader as his, both sides coloured; a phase drawn on the
    position it left."""
    game = PlantagenetGame(scenario, hidden_mats=scenario == "II")
    assert "plantagenet" in DRAWINGS and game.templates == "plantagenet"
    assert power_colours(game) == {"York": "#f6f1de", "Lancaster": "#b3262d"}
    state = game.new_game(b"kind")
    result = game.resolve(state, {}, Random(1))
    assert position_drawn(game, state, result.state) is result.state
    for reader in READERS:
        svg = kind_picture(game, game.view(state, reader), reader)
        assert svg is not None and ElementTree.fromstring(svg).get("data-reader") == (reader or "observer")


def test_every_locale_is_placed_by_its_town_on_the_land() -> None:
    """1.3.1: each Locale's point is its town's projected position, moved at most a little (where
    the coarse coastline puts a port at sea, or marks would overlap), on England's land, Calais on
    its pale; the picture draws each at that point by its Stronghold type."""
    geo = geometry()
    assert set(geo.network.points) == set(BOARD.locales) == set(geo.towns)
    for name, (x, y) in geo.network.points.items():
        assert math.dist((x, y), geo.projected(name)) < 25, name
        assert all(geo.at(x + dx, y + dy) == ("C" if name == "Calais" else "E")
                   for dx in (-4, 0, 4) for dy in (-4, 0, 4)), name
    root = ElementTree.fromstring(_picture(_positions()[0], None))
    drawn = {element.get("data-locale"): element.get("data-type") for element in root.iter()
             if element.get("class") == "locale"}
    assert drawn == {name: locale.type for name, locale in BOARD.locales.items()}


def test_the_towns_lie_where_the_coastline_says() -> None:
    """The projection puts headland towns by the sea and inland towns inland: the fitted grid's
    coast within a few cells of Dover and Truro, none near Coventry or Leicester."""
    geo = geometry()

    def sea_near(name: str, reach: float) -> bool:
        x, y = geo.projected(name)
        return any(geo.wet(x + dx, y + dy) for dx in range(-int(reach), int(reach) + 1, 3)
                   for dy in range(-int(reach), int(reach) + 1, 3))

    assert sea_near("Dover", 18) and sea_near("Truro", 18) and sea_near("Ipswich", 30)
    assert not sea_near("Coventry", 60) and not sea_near("Leicester", 60)


def test_each_port_lies_on_its_own_sea() -> None:
    """1.3.1: the picture's Sea zones are the game's, each Port by its own Sea (within three cells
    of it) and the Seas' names written on their own water."""
    geo = geometry()
    for sea in BOARD.seas.values():
        char = SEAS[sea.name]
        assert geo.at(*geo.seas[sea.name]) == char, sea.name
        for port in sea.ports:
            x, y = geo.network.points[port]
            reach = 3 * geo.cell
            assert any(geo.at(x + dx, y + dy) == char for dx in range(-24, 25, 4) for dy in range(-24, 25, 4)
                       if math.hypot(dx, dy) <= reach), (port, sea.name)


def test_the_data_file_is_checked_against_the_game() -> None:
    text = _text()
    with pytest.raises(ShapesError, match="Locales at sea: York"):
        read_geometry(re.sub(r'^"York" = \[\d+, \d+\]$', '"York" = [800, 300]', text, flags=re.M))
    with pytest.raises(ShapesError, match="locales not placed: Lincoln"):
        read_geometry(re.sub(r'^"Lincoln" = \[\d+, \d+\]$', "", text, flags=re.M))
    with pytest.raises(ShapesError, match=r"\[exiles\]"):
        read_geometry(re.sub(r"^Burgundy = \[(\d)", r"Flanders = [\1", text, flags=re.M))
    with pytest.raises(ShapesError, match=r"\[names\] names no Locale"):
        read_geometry(text.replace("Southampton = 90", "Hampton = 90"))


def test_ways_are_drawn_by_kind_each_once() -> None:
    """1.3.1: every Way of the game drawn once between its Locales, a Highway, a Road and a Path
    each in its own style."""
    root = ElementTree.fromstring(_picture(_positions()[0], "York"))
    lines = [line for line in root.iter(f"{SVG}line") if line.get("class") == "way"]
    drawn = {tuple(sorted(str(line.get("data-ends")).split("|"))) + (line.get("data-kind"),) for line in lines}
    wanted = {tuple(sorted((a, b))) + (kind,)
              for a, locale in BOARD.locales.items() for b, kind in locale.ways.items()}
    assert drawn == wanted and len(lines) == len(wanted)
    styles = {line.get("data-kind"): (line.get("stroke-width"), line.get("stroke-dasharray")) for line in lines}
    assert len(set(styles.values())) == 3


def test_scotlands_one_way_paths_are_drawn_from_its_box() -> None:
    """1.3.1, Exile boxes: Scotland's one-way Paths to Carlisle and Bamburgh, each an arrow from the
    foot of its box's panel to the Locale's mark."""
    geo = geometry()
    root = ElementTree.fromstring(_picture(_positions()[0], None))
    ends = sorted((float(line.get("x2", "0")), float(line.get("y2", "0")))
                  for line in root.iter(f"{SVG}line") if line.get("class") == "exit")
    wanted = sorted(geo.network.points[locale] for box in BOARD.exile_boxes.values() for locale in box.march_exits)
    assert len(ends) == len(wanted) == 2
    assert all(MARK < math.dist(end, point) < MARK + 4 for end, point in zip(ends, wanted))


def test_no_name_is_crossed_by_a_way_or_covers_a_mark() -> None:
    """The names are placed once for the board: crossed by no Way (so no March arrow drawn along a
    Way crosses one), over no Locale's mark, nearer their own Locale than any other."""
    geo = geometry()
    root = ElementTree.fromstring(_picture(_positions()[0], None))
    names = _names(root)
    points = geo.network.points
    marks = {name: around(x, y, MARK) for name, (x, y) in points.items()}
    lines = [(points[a], points[b]) for a, b, _ in geo.network.ways]
    for line in root.iter(f"{SVG}line"):
        if line.get("class") == "exit":
            x1, y1, x2, y2 = (float(str(line.get(key))) for key in ("x1", "y1", "x2", "y2"))
            lines.append(((x1, y1), (x2, y2)))
    for words, box in names:
        assert not any(crosses(box, line) for line in lines), words
        assert not any(meets(box, mark) for mark in marks.values()), words
    for number, (words, box) in enumerate(names):
        assert not any(meets(box, other) for whose, other in names[number + 1:] if whose != words), words


@pytest.mark.parametrize("reader", READERS, ids=lambda reader: reader or "observer")
def test_nothing_covers_a_name_and_no_tile_covers_another_or_an_arrow(reader: str | None) -> None:
    """Over random positions of several scenarios: no Lord tile, arrow, leader or battle mark over a
    name; no tile over a mark, a panel, another stack's tile or an arrow; every Lord on the map the
    reader may see drawn once, at his place."""
    geo = geometry()
    marks = [around(x, y, MARK) for x, y in geo.network.points.values()]
    moves = 0
    for position in _positions():
        game, state, _ = position
        root = ElementTree.fromstring(_picture(position, reader))
        names = [box for _, box in _names(root)]
        tiles = _tiles(root)
        panels = _panels(root)
        arrows = _arrows(root)
        moves += len(arrows)
        where = f"{game.phase(state)} ({state['scenario']})"
        for place, tile in tiles:
            assert not any(meets(tile, box) for box in [*names, *marks, *panels]), (where, place)
            assert not any(meets(tile, other) for other_place, other in tiles if other_place != place), (where, place)
            for _, points in arrows:
                assert not any(crosses(tile, segment) for segment in zip(points, points[1:])), (where, place)
        for attributes, points in arrows:
            for segment in zip(points, points[1:]):
                assert not any(crosses(box, segment) for box in names), (where, attributes)
        for leader in root.iter(f"{SVG}line"):  # a stack set apart from its mark, joined to it
            if leader.get("class") == "leader":
                ends = ((float(leader.get("x1", "0")), float(leader.get("y1", "0"))),
                        (float(leader.get("x2", "0")), float(leader.get("y2", "0"))))
                assert not any(crosses(box, ends) for box in names), where
        for battle in _battles(root):
            assert not any(meets(battle, box) for box in [*names, *marks, *[t for _, t in tiles]]), where
        on_map = sorted((lord, entry["at"]) for lord, entry in state["lords"].items()
                        if "at" in entry and entry["at"] not in BOARD.exile_boxes)
        keyed = _keyed(root)  # the Lords of a stack drawn as a badge, in the key beside the map
        drawn = sorted([*((str(rect.get("data-lord")), place) for stack in root.iter(f"{SVG}g")
                          if stack.get("class") == "stack" for place in [stack.get("data-place")]
                          for rect in stack.iter(f"{SVG}rect") if rect.get("class") == "lord"),
                        *((lord, place) for place, entries in keyed.items() for lord, _ in entries)])
        assert drawn == on_map, where
        badges = sorted(str(stack.get("data-place")) for stack in root.iter(f"{SVG}g")
                        if stack.get("class") == "stack" and stack.get("data-form") == "badge")
        assert badges == sorted(keyed), where
        entries = [box for place in keyed for _, box in keyed[place]]
        for number, box in enumerate(entries):
            assert not any(meets(box, other) for other in [*panels, *entries[number + 1:]]), where
    assert moves > 10  # the positions have moves to draw


def test_a_march_is_drawn_along_its_way_in_its_sides_colour() -> None:
    """4.3: a March drawn as an arrow from its Locale to the next along the Way, in the moving
    side's ink; a Sail (4.6.1) dashed."""
    geo = geometry()
    marches = 0
    for position in _positions():
        _, _, report = position
        events = [e for e in (report or {})["events"] if e["type"] in ("march", "sail")]
        if not events:
            continue
        arrows = _arrows(ElementTree.fromstring(_picture(position, None)))
        for event in events:
            drawn = [a for a, _ in arrows if a["data-from"] == event["from"] and a["data-to"] == event["to"]]
            assert drawn and drawn[0]["data-side"] == LORD_SIDE[event["lords"][0]], event
            if event["type"] == "march":
                marches += 1
                line = next(p for a, p in arrows if a["data-from"] == event["from"] and a["data-to"] == event["to"])
                a, b = geo.network.points[event["from"]], geo.network.points[event["to"]]
                assert all(_off_line(point, a, b) < 0.5 for point in line)
                assert "stroke-dasharray" not in drawn[0]
            else:
                assert "stroke-dasharray" in drawn[0]
    assert marches


def test_an_intercept_that_succeeded_is_drawn_along_its_way_and_one_that_failed_is_not() -> None:
    """4.3.4: an Intercepting Lord who made his roll moves as if Marching: his arrow runs from his
    Locale to the one Approached, in his side's ink; one who failed it moved nobody: no arrow."""
    geo = geometry()
    seen = {True: 0, False: 0}
    for position in _intercepts():
        _, _, report = position
        events = [e for e in (report or {})["events"] if e["type"] == "intercept"]
        arrows = _arrows(ElementTree.fromstring(_picture(position, None)))
        for event in events:
            drawn = [(a, line) for a, line in arrows if a.get("data-kind") == "intercept"
                     and a["data-from"] == event["from"] and a["data-to"] == event["to"]]
            seen[event["success"]] += 1
            if event["success"]:
                assert drawn and drawn[0][0]["data-side"] == LORD_SIDE[event["lord"]], event
                start, end = geo.network.points[event["from"]], geo.network.points[event["to"]]
                assert all(_off_line(point, start, end) < 0.5 for point in drawn[0][1])
            else:
                assert not drawn, event
    assert seen[True] and seen[False], seen


def _intercepts() -> list[Position]:
    """The steps with an Intercept (4.3.4) of random Ia and III games (seeds chosen to reach one
    that succeeded and one that failed)."""
    found: list[Position] = []
    for scenario, seed in (("Ia", 0), ("III", 27)):
        game = PlantagenetGame(scenario)
        rng = Random(seed)
        state = game.new_game(f"i {seed}".encode())
        while state["outcome"] is None:
            orders = {side: game.random_orders(state, side, rng) for side in sorted(game.pending(state).powers)}
            result = game.resolve(state, orders, rng)
            state = result.state
            if any(e["type"] == "intercept" for e in result.report["events"]):
                found.append((game, state, result.report))
    return found


def _off_line(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    return abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / math.dist(a, b)


def test_favour_depletion_calendar_and_influence_are_as_the_view_says() -> None:
    """1.3.1: a Favour marker of the side at each Favoured Locale, Depleted or Exhausted marked;
    1.3.2: each Lord's cylinder and each Vassal's Service marker named in his Calendar box;
    1.4.1: the Influence marker at the net Influence."""
    for position in _positions()[::4]:
        game, state, _ = position
        view = game.view(state, "York")
        root = ElementTree.fromstring(_picture(position, "York"))
        favoured = {g.get("data-locale"): g for g in root.iter(f"{SVG}g") if g.get("class") == "markers"}
        for locale in BOARD.locales:
            group = favoured.get(locale)
            side = view["favour"].get(locale)
            level = view["depleted"].get(locale, 0)
            marks = [] if group is None else [
                e for e in group.iter() if e.get("class") in ("favour", "depleted", "exhausted")]
            assert [e.get("data-side") for e in marks if e.get("class") == "favour"] == ([side] if side else [])
            assert [e.get("class") for e in marks if e.get("class") != "favour"] == \
                ({1: ["depleted"], 2: ["exhausted"]}.get(level, []))
        boxes = {text.get("data-box"): "".join(text.itertext()) for text in root.iter(f"{SVG}text")
                 if text.get("class") == "calendar-names"}
        for lord, entry in view["lords"].items():
            if "box" in entry and 1 <= entry["box"] <= 15:
                written = boxes.get(str(entry["box"]), "")
                assert lord in written or "+" in written, (lord, entry)
        influence = next(e for e in root.iter() if e.get("class") == "influence")
        assert influence.get("data-value") == str(view["influence"])


def test_a_captive_king_and_a_lord_off_the_calendar_are_said_beside_it() -> None:
    """Ia's Capture of the King: Henry VI, off the map and the Calendar, said captive of his
    captor; 2.2.3: a Lord just off the Calendar's end said to be there."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"captive")
    state["lords"]["Henry VI"] = {"prisoner_of": "Warwick Y"}
    state["lords"]["Somerset 1"] = {"box": 16, "exile": False}
    root = ElementTree.fromstring(plantagenet_picture(game.view(state, None), None))
    said = " ".join("".join(text.itertext()) for text in root.iter(f"{SVG}text"))
    assert "Henry VI captive of Warwick Y" in said and "Somerset 1 off the Calendar" in said


STACKED = ("Edward IV", "Pembroke", "Northumberland Y1", "Gloucester 1")
"""Four Yorkist Lords of scenario II: the most a test stacks at a Locale (a side may have more on
the map in a War, 6.3; a stack of any size that finds no room is a badge)."""


def _stacked(locale: str, size: int, reader: str) -> ElementTree.Element:
    """The picture, as ``reader`` sees it with Hidden Mats (1.5.3), of ``size`` Yorkist Lords at a
    Locale, each with Edward IV's mat at the start of scenario II (his two Coin made twelve, his
    Provender ten: a wide tile), the only Lords on the map."""
    game = PlantagenetGame("II", hidden_mats=True)
    state = deepcopy(game.new_game(b"stack"))
    state["lords"]["Edward IV"]["assets"].update(coin=12, provender=10)
    entry = game.view(state, reader)["lords"]["Edward IV"]
    view = game.view(state, reader)
    view["lords"] = {lord: {**entry, "at": locale} for lord in STACKED[:size]}
    return ElementTree.fromstring(plantagenet_picture(view, reader))


def _keyed(root: ElementTree.Element) -> dict[str, list[tuple[str, Box]]]:
    """The tiles in the key beside the map, by place."""
    found: dict[str, list[tuple[str, Box]]] = {}
    for entry in root.iter(f"{SVG}g"):
        if entry.get("class") == "stack-key":
            for rect in entry.iter(f"{SVG}rect"):
                x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
                found.setdefault(entry.get("data-place", ""), []).append((str(rect.get("data-lord")), (
                    x, y, x + float(rect.get("width", "0")), y + float(rect.get("height", "0")))))
    return found


@pytest.mark.parametrize("locale", sorted(BOARD.locales))
def test_every_stack_stands_at_its_own_locale(locale: str) -> None:
    """1.3.1: the Lords at a Locale (one to four, seen by their own side with their Coin and
    Provender, and by the enemy's with Hidden Mats, forces hidden) stand at that Locale: their
    tiles, or where they find no room, a badge saying how many they are (a lone Lord's name where
    that touches the mark), touch its mark, or stand
    at most ``NEAR`` from it joined to it by a line from its own mark (Henry VI at Ely was drawn by
    Lynn, three Lords at Leicester 189 pixels away); over no other Locale's name. A badge's Lords
    are in the key beside the map, under the Locale's name, each once, with his tile."""
    points = geometry().network.points
    for size in range(1, len(STACKED) + 1):
        for reader in ("York", "Lancaster"):
            root = _stacked(locale, size, reader)
            (stack,) = [group for group in root.iter(f"{SVG}g") if group.get("class") == "stack"]
            assert stack.get("data-place") == locale
            badge = stack.get("data-form") == "badge"
            rects = [rect for rect in stack.iter(f"{SVG}rect")]
            boxes = [(float(r.get("x", "0")), float(r.get("y", "0")),
                      float(r.get("x", "0")) + float(r.get("width", "0")),
                      float(r.get("y", "0")) + float(r.get("height", "0"))) for r in rects]
            whole = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                     max(b[3] for b in boxes))
            own = _gap(whole, points[locale])
            assert own <= NEAR, (size, reader, own)
            assert not [whose for whose, box in _names(root) if whose != locale and meets(whole, box)]
            leaders = [line for line in stack.iter(f"{SVG}line") if line.get("class") == "leader"]
            assert bool(leaders) == (own > MARK + 4), (size, reader, own)
            if leaders:
                start = (float(leaders[0].get("x1", "0")), float(leaders[0].get("y1", "0")))
                assert math.dist(start, points[locale]) < MARK  # from its own mark
            keyed = _keyed(root)
            if badge:
                assert [lord for lord, _ in keyed[locale]] == list(STACKED[:size])
                (said,) = [text.text for text in stack.iter(f"{SVG}text") if text.get("class") == "badge-words"]
                assert said == (f"{size} Lords" if size > 1 else "Edward IV") or said == "1 Lord", said
            else:
                assert not keyed and [r.get("data-lord") for r in rects] == list(STACKED[:size])


def _gap(box: Box, point: tuple[float, float]) -> float:
    return math.dist(point, (min(max(point[0], box[0]), box[2]), min(max(point[1], box[1]), box[3])))


def test_depleted_or_exhausted_never_hides_favour_1_3_1_4_6_3() -> None:
    """1.3.1, 4.6.3: a Favoured Locale that is Depleted or Exhausted shows both: the rose's gold
    heart and its side's colour at the mark's middle, the stroke's black ends beyond the rose."""
    game = PlantagenetGame("III")
    view = game.view(game.new_game(b"favour"), "York")
    view["lords"] = {}
    view["favour"] = {"Lincoln": "Lancaster", "Coventry": "York"}
    view["depleted"] = {"Lincoln": 1, "Coventry": 2}
    image = Image.open(io.BytesIO(png(plantagenet_picture(view, "York")))).convert("RGB")
    for locale, colour in (("Lincoln", (0xc8, 0x20, 0x2b)), ("Coventry", (0xff, 0xff, 0xff))):
        x, y = (round(v) for v in geometry().network.points[locale])  # the pixel right and below it
        assert _near(_pixel(image, x - 1, y - 1), (0xe2, 0xb0, 0x07)), locale  # the rose's heart
        assert all(_near(_pixel(image, *at), colour) for at in ((x - 2, y - 1), (x + 1, y - 1))), locale  # its petals
        for ex, ey in ((x - 6, y + 1), (x + 5, y - 3)):  # the stroke's ends, beyond the rose
            assert min(sum(_pixel(image, ex + dx, ey + dy)) for dx in (0, 1) for dy in (0, 1)) < 200, locale


def _pixel(image: Image.Image, x: int, y: int) -> tuple[int, ...]:
    pixel = image.getpixel((x, y))
    assert isinstance(pixel, tuple)
    return pixel


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(pixel, colour))


def test_ports_and_seats_are_signed_and_in_the_legend_1_3_1() -> None:
    """1.3.1, 1.5.4: every Port, every Lord's Seat and every Vassal's Seat has its sign at its
    Locale, no other Locale has one, and the legend shows each."""
    root = ElementTree.fromstring(_picture(_positions()[0], None))
    signs = {(str(mark.get("data-locale")), str(mark.get("data-sign"))) for mark in root.iter()
             if mark.get("class") == "sign"}
    wanted = {(name, "port") for name, locale in BOARD.locales.items() if locale.sea}
    wanted |= {(lord.seat, "seat") for lord in BOARD.lords.values()}
    wanted |= {(name, "vassal") for name, locale in BOARD.locales.items() if locale.vassal_seats}
    assert signs == wanted
    said = " ".join("".join(text.itertext()) for text in root.iter(f"{SVG}text"))
    assert all(words in said for words in ("Lord's Seat", "Vassal's Seat", "Port", "C Coin, P Provender"))


def test_hidden_mats_hide_the_enemys_forces_from_the_reader() -> None:
    """1.5.3 Hidden Mats: a side's picture shows the enemy's Lords where they stand, never their
    Forces: changing the enemy's mats changes nothing in it; his own Lords' Forces are shown.
    Held cards and the Plan's hidden cards are never drawn."""
    game = PlantagenetGame("II", hidden_mats=True)
    state = game.new_game(b"hidden")
    rng = Random(3)
    for _ in range(12):
        orders = {side: game.random_orders(state, side, rng) for side in game.pending(state).powers}
        state = game.resolve(state, orders, rng).state
    for reader in READERS:
        svg = plantagenet_picture(game.view(state, reader), reader)
        changed = deepcopy(state)
        for lord, entry in changed["lords"].items():
            if "at" in entry and LORD_SIDE[lord] != reader:
                entry["troops"] = {kind: count + 7 for kind, count in entry["troops"].items()}
                entry["vassals"] = [*entry["vassals"], "Stanley"]
                entry["assets"] = {**entry["assets"], "coin": entry["assets"]["coin"] + 5,
                                   "provender": entry["assets"]["provender"] + 3}
        for side in ("York", "Lancaster"):
            if side != reader:
                changed["held"][side] = list(reversed(changed["held"][side])) + ["Y13"]
                changed["decks"][side] = list(reversed(changed["decks"][side]))
        assert plantagenet_picture(game.view(changed, reader), reader) == svg
        root = ElementTree.fromstring(svg)
        for lord, entry in state["lords"].items():
            if "at" not in entry:
                continue
            written = [str(t.text) for t in root.iter(f"{SVG}tspan") if t.get("data-lord") == lord]
            assert written, lord
            assert ("forces hidden" in written) == (LORD_SIDE[lord] != reader), (lord, written)
            assets = f"{entry['assets']['coin']}C {entry['assets']['provender']}P"  # his own Coin, Provender
            assert any(words.endswith(assets) for words in written) == (LORD_SIDE[lord] == reader), (lord, written)


def test_the_png_from_kept_parts_is_the_whole_picture() -> None:
    """Every piece's bounds hold what it draws: the PNG made from kept parts is resvg's picture of
    the whole SVG, pixel by pixel (``test_png_parts.py``), for each reader."""
    for position in _positions()[::30]:
        for reader in READERS:
            assert _far_pixels(_picture(position, reader)) == 0


@pytest.mark.parametrize("reader", READERS, ids=lambda reader: reader or "observer")
def test_the_png_is_under_50_kb(reader: str | None) -> None:
    sizes = [len(png(_picture(position, reader))) for position in _positions()[::6]]
    assert max(sizes) < 50_000, sizes


def test_the_free_spots_around_a_place_are_found_at_once_as_one_at_a_time() -> None:
    """The pixel search for a stack's spot (``stacks._free_around``) finds the free boxes by
    spans, for speed: the same boxes, in the same order, as ``Room.free`` tried on each, with
    boxes placed across the spots' edges, on them exactly, and over the picture's edge."""
    rng = Random(3)
    for _ in range(40):
        anchor = (rng.choice([30.0, 300.5, 770.0]), rng.choice([20.0, 400.25, 830.0]))
        width, height = rng.choice([82.0, 97.0, 41.5]), rng.choice([19.0, 39.0, 59.0])
        room = Room(800.0, 850.0)
        for _ in range(rng.randrange(1, 30)):
            left = anchor[0] + rng.randrange(-110, 110) + rng.choice([0.0, 0.5, -width / 2])
            top = anchor[1] + rng.randrange(-80, 80) + rng.choice([0.0, 0.5, -height / 2])
            room.boxes.append((left, top, left + rng.choice([1.0, 14.0, 60.0]), top + rng.choice([1.0, 9.0, 30.0])))
        across, down, cells = around_grid(width, height)
        every = [(anchor[0] + across[column] - width / 2, anchor[1] + down[row] - height / 2,
                  anchor[0] + across[column] + width / 2, anchor[1] + down[row] + height / 2) for column, row in cells]
        assert _free_around(room, anchor, width, height) == [box for box in every if room.free(box)]
