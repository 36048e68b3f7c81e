"""The Plantagenet map a mail carries (issue 33, item 9), measured where it is read: on a phone, 400
pixels wide. Over real positions of random games (early, with Marches and Battles, Lords spread
over the map), for both sides and an observer: every word the picture shows is at least 9 pixels
high at that width (from its font size, the picture's scale and the PNG's width); the phase's
Marches and Battles, and each of the reader's Lords on the map, are in a window onto the map, or
the Lord is named below it; the heading and the small map of the whole land do not overlap."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ElementTree
from functools import cache
from random import Random
from typing import Any

import pytest
from PIL import Image

from judge.games.plantagenet.data import LORD_SIDE
from judge.games.plantagenet.game import PlantagenetGame
from judge.pictures.layers import advance
from judge.pictures.plantagenet import geometry, mail_picture, plantagenet_picture
from judge.pictures.plantagenet.draw import panel_box
from judge.pictures.plantagenet.layout import MARK, Box
from judge.pictures.plantagenet.mailed import INSET, PHONE, WIDTH, windows
from judge.pictures.plantagenet.stacks import short
from judge.pictures.png import png

SVG = "{http://www.w3.org/2000/svg}"
READERS = ("York", "Lancaster", None)
LEGIBLE = 9.0  # pixels high, shown 400 wide


@cache
def _positions() -> tuple[tuple[str, dict[str, Any], dict[str, Any]], ...]:
    """(what, state, report) of random games: an early step, steps with a March, with a Battle,
    and a late one (Lords spread over the map), of three scenarios."""
    found = []
    for scenario, seed in (("III", 1), ("Ia", 2), ("II", 3)):
        game = PlantagenetGame(scenario)
        rng = Random(seed)
        state = game.new_game(f"mail {seed}".encode())
        wanted = {"early": 3, "march": None, "battle": None, "late": 40}
        for step in range(60):
            if state["outcome"] is not None:
                break
            orders = {side: game.random_orders(state, side, rng) for side in sorted(game.pending(state).powers)}
            result = game.resolve(state, orders, rng)
            state = result.state
            kinds = {event["type"] for event in result.report["events"]}
            for what in ("march", "battle"):
                if what in kinds and wanted[what] is None:
                    wanted[what] = step
                    found.append((f"{scenario} {what}", state, result.report))
            if step in (wanted["early"], wanted["late"]):
                found.append((f"{scenario} step {step}", state, result.report))
    assert {what.split()[-1] for what, _, _ in found} >= {"march", "battle"}
    return tuple(found)


def _mail(position: tuple[str, dict[str, Any], dict[str, Any]], reader: str | None) -> str:
    what, state, report = position
    game = PlantagenetGame(state["scenario"])
    return mail_picture(game.view(state, reader), reader, game.report_view(report, reader))


def _windows(root: ElementTree.Element) -> list[Box]:
    """The part of the map each window shows, in the map's pixels."""
    found = []
    for window in root.iter():
        if window.get("class") == "window":
            left, top, width, height = (float(v) for v in str(window.get("data-shows")).split())
            found.append((left, top, left + width, top + height))
    return found


def _inside(x: float, y: float, box: Box) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _shown_sizes(svg: str) -> list[tuple[float, str | None]]:
    """How high each word a mail's picture shows is when the PNG is shown 400 pixels wide (its
    font size times the picture's scale, the PNG's width over the picture's own, times 400 over the
    PNG's width), with its words: those beside the map, and those of the map a window shows."""
    root = ElementTree.fromstring(svg)
    own_width = float(str(root.get("viewBox")).split()[2])
    image = Image.open(io.BytesIO(png(svg)))
    shown = PHONE / image.width  # the PNG shown 400 pixels wide
    scale = image.width / own_width
    shows = _windows(root)
    assert shows
    the_map = next(group for group in root.iter(f"{SVG}g") if group.get("id") == "map")
    on_map = set(the_map.iter(f"{SVG}text"))
    sizes = []
    for text in root.iter(f"{SVG}text"):
        size = float(str(text.get("font-size")))
        spans = [span for span in text.iter(f"{SVG}tspan")] or [text]
        for span in spans:
            x, y = float(span.get("x", text.get("x", "0"))), float(span.get("y", text.get("y", "0")))
            if text not in on_map or any(_inside(x, y, window) for window in shows):
                sizes.append((size * scale * shown, span.text or text.text))
    assert sizes
    return sizes


@pytest.mark.parametrize("reader", READERS, ids=lambda reader: reader or "observer")
def test_every_word_on_a_mails_map_is_legible_400_pixels_wide(reader: str | None) -> None:
    """Each word the mail's picture shows (the heading, the note, and each name, tile and panel of
    the map a window shows) is at least 9 pixels high when the PNG is shown 400 pixels wide: its
    font size times the picture's scale (the PNG's width over the picture's own) times 400 over the
    PNG's width. The whole map's smallest names would be 2.5 pixels."""
    for position in _positions():
        sizes = _shown_sizes(_mail(position, reader))
        smallest = min(sizes, key=lambda item: item[0])
        assert smallest[0] >= LEGIBLE, (position[0], smallest)
    whole = ElementTree.fromstring(plantagenet_picture(*_view(_positions()[0], reader)))
    smallest_whole = min(float(str(text.get("font-size"))) for text in whole.iter(f"{SVG}text"))
    assert smallest_whole * PHONE / float(str(whole.get("width"))) < LEGIBLE  # what it replaces


def _view(position: tuple[str, dict[str, Any], dict[str, Any]], reader: str | None) -> tuple[Any, ...]:
    _, state, report = position
    game = PlantagenetGame(state["scenario"])
    return game.view(state, reader), reader, game.report_view(report, reader)


@pytest.mark.parametrize("reader", READERS, ids=lambda reader: reader or "observer")
def test_a_mails_map_shows_the_moves_battles_and_the_readers_lords(reader: str | None) -> None:
    """4.3, 4.4: the phase's Marches (where each went) and Battles lie in a window of the mail's map; each of the
    reader's Lords on the map (every Lord, for an observer) is in one, or named below with his
    Locale; no enemy Lord is named there."""
    for position in _positions():
        root = ElementTree.fromstring(_mail(position, reader))
        shows = _windows(root)
        for line in root.iter(f"{SVG}polyline"):
            if line.get("class") == "move":
                points = [tuple(float(v) for v in pair.split(",")) for pair in str(line.get("points")).split()]
                assert any(_inside(*points[-1], window) for window in shows), position[0]  # where it went
        for battle in root.iter(f"{SVG}g"):
            if battle.get("class") == "battle":
                x, y = (float(v) for v in str(battle.get("transform"))[len("translate("):-1].split(","))
                assert any(_inside(x, y, window) for window in shows), position[0]
        note = " ".join("".join(text.itertext()) for text in root if text.tag == f"{SVG}text")  # beside the map
        for stack in root.iter(f"{SVG}g"):
            if stack.get("class") != "stack":
                continue
            rects = [rect for rect in stack.iter(f"{SVG}rect") if rect.get("class") == "lord"]
            if stack.get("data-form") == "badge":  # its tiles in the key beside the map
                rects = [rect for entry in root.iter(f"{SVG}g") if entry.get("class") == "stack-key"
                         and entry.get("data-place") == stack.get("data-place") for rect in entry.iter(f"{SVG}rect")]
            lords = [str(rect.get("data-lord")) for rect in rects]
            mine = reader is None or LORD_SIDE[lords[0]] == reader
            seen = all(any(_inside(float(str(r.get("x"))), float(str(r.get("y"))), window) and _inside(
                float(str(r.get("x"))) + float(str(r.get("width"))), float(str(r.get("y"))) + 19, window)
                for window in shows) for r in rects)
            named = f"at {stack.get('data-place')}" in note and all(short(lord) in note for lord in lords)
            if mine:
                assert seen or named or "more stacks" in note, (position[0], lords)
            else:
                assert not named, (position[0], lords)


def test_the_windows_hold_the_most_needed_first() -> None:
    """One window holds what it can of the most needed; a second, below it, only for something as
    needed that the first cannot hold; each inside the land left of the Calendar's panel."""
    geo = geometry()
    land = (0.0, 0.0, panel_box(geo)[0] - 2, geo.height)
    near = [(3, (300.0, 300.0, 380.0, 320.0), "a"), (3, (340.0, 400.0, 420.0, 420.0), "b"),
            (1, (100.0, 700.0, 180.0, 720.0), "")]
    (one,) = windows(near, land)
    assert one[2] - one[0] == WIDTH and one[0] <= 300 and 420 <= one[2] and one[1] <= 300 and 420 <= one[3]
    far = [*near, (3, (600.0, 60.0, 690.0, 80.0), "c")]
    first, second = windows(far, land)
    assert first == one and second[0] <= 600 and 690 <= second[2] and second[1] <= 60 and 80 <= second[3]
    assert all(land[0] <= w[0] and w[2] <= land[2] and land[1] <= w[1] and w[3] <= land[3] for w in (first, second))


def test_the_heading_stands_clear_of_the_small_map() -> None:
    """The heading's lines end before the small map of the whole land begins."""
    for position in _positions():
        for reader in READERS:
            root = ElementTree.fromstring(_mail(position, reader))
            for text in root:
                if text.tag == f"{SVG}text" and float(str(text.get("y"))) < 70:
                    bold = text.get("font-weight") == "bold"
                    end = float(str(text.get("x"))) + advance(str(text.text), float(str(text.get("font-size"))), bold)
                    assert end < WIDTH - INSET - 4, (position[0], text.text)


def test_the_mails_map_is_under_80_kb_and_its_pieces_are_the_whole_maps() -> None:
    """The mail's picture is made of the very pieces the whole map draws (the same tiles at the same
    places), and its PNG stays small for a mail."""
    for position in _positions()[::2]:
        for reader in READERS:
            mail = _mail(position, reader)
            whole = plantagenet_picture(*_view(position, reader))
            stacks = [line for line in whole.split("\n") if line.startswith('<g class="stack"')]
            assert all(stack in mail for stack in stacks)
            assert len(png(mail)) < 80_000


def _lords_at(stacks: dict[str, int], reader: str) -> dict[str, Any]:
    """A view of scenario II as ``reader`` sees it with Hidden Mats (1.5.3), with so many of his
    Lords at each place (an Exile box, or a Locale), each with Edward IV's mat as the Yorkists see it, the
    only Lords on the map."""
    game = PlantagenetGame("II", hidden_mats=True)
    state = game.new_game(b"stacks")
    view = game.view(state, reader)
    entry = game.view(state, "York")["lords"]["Edward IV"]  # his mat as his side sees it
    lords = [lord for lord, side in LORD_SIDE.items() if side == reader]
    view["lords"] = {}
    for place, count in stacks.items():
        view["lords"].update({lords.pop(0): {**entry, "at": place} for _ in range(count)})
    return view


@pytest.mark.parametrize("count", [5, 8, 9])
def test_a_full_exile_box_is_legible_on_a_phone(count: int) -> None:
    """1.3.1: an Exile box holding more than four Lords (two columns of tiles; beyond eight, how many
    more) is written at least 9 pixels high on a phone, as every word of the mail's map (its tiles
    were 8.3 and 7.8 pixels); each tile lies inside the box's panel."""
    svg = mail_picture(_lords_at({"Scotland": count}, "York"), "York")
    smallest = min(_shown_sizes(svg), key=lambda item: item[0])
    assert smallest[0] >= LEGIBLE, smallest
    root = ElementTree.fromstring(svg)
    (panel,) = [group for group in root.iter(f"{SVG}g") if group.get("class") == "exile"
                and group.get("data-box") == "Scotland"]
    frame, *tiles = list(panel.iter(f"{SVG}rect"))
    left, top = float(str(frame.get("x"))), float(str(frame.get("y")))
    right, bottom = left + float(str(frame.get("width"))), top + float(str(frame.get("height")))
    assert len(tiles) == min(count, 8 if count <= 8 else 7)
    for tile in tiles:
        x, y = float(str(tile.get("x"))), float(str(tile.get("y")))
        assert left < x and x + float(str(tile.get("width"))) < right and top < y < bottom
    said = " ".join("".join(text.itertext()) for text in panel.iter(f"{SVG}text"))
    assert ("and 2 more" in said) == (count == 9)


def test_a_large_stack_is_a_badge_with_its_tiles_in_the_key_on_a_phone() -> None:
    """1.3.1: eight Yorkist Lords at Leicester (no rule limits a side's Lords at a Locale; a War's side
    has up to eleven, 6.3), with one more at Worcester: on the mail's map each stack is a badge
    touching its Locale's mark, and the window onto the key beside the map holds every one of their
    tiles, at least 9 pixels high on a phone."""
    svg = mail_picture(_lords_at({"Leicester": 8, "Worcester": 1}, "York"), "York")
    root = ElementTree.fromstring(svg)
    points = geometry().network.points
    shows = _windows(root)
    badges = {str(stack.get("data-place")): stack for stack in root.iter(f"{SVG}g")
              if stack.get("class") == "stack" and stack.get("data-form") == "badge"}
    assert sorted(badges) == ["Leicester", "Worcester"]
    for place, stack in badges.items():
        (rect,) = list(stack.iter(f"{SVG}rect"))
        left, top = float(str(rect.get("x"))), float(str(rect.get("y")))
        right, bottom = left + float(str(rect.get("width"))), top + float(str(rect.get("height")))
        x, y = points[place]
        assert max(left - x, x - right, top - y, y - bottom) <= MARK + 1, place  # touching its mark
    keyed = [rect for entry in root.iter(f"{SVG}g") if entry.get("class") == "stack-key"
             for rect in entry.iter(f"{SVG}rect")]
    assert len(keyed) == 9
    for rect in keyed:
        x, y = float(str(rect.get("x"))), float(str(rect.get("y")))
        assert any(_inside(x, y, window) and _inside(x + float(str(rect.get("width"))), y + 19, window)
                   for window in shows), rect.get("data-lord")
    assert min(size for size, _ in _shown_sizes(svg)) >= LEGIBLE
