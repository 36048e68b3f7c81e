"""The PNG made from kept parts (``judge/pictures/raster.py``) shows what resvg shows drawing the
whole SVG: for pictures of every kind, compared pixel by pixel. A piece whose bounds are too small
for what it draws (a name cut short, an arrow's head cut off) shows here as pixels far apart; the
palette PNG's own rounding keeps every pixel within a few levels of the whole picture's."""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from diplomacy_phases import random_phases
from PIL import Image, ImageChops

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.registry import game_kind
from judge.games.richard3.game import Richard3Game
from judge.games.variants import load_variant
from judge.pictures import kind_picture, picture, png, raster
from judge.pictures.diplomacy.layout import computed_layout
from judge.pictures.diplomacy.schematic import schematic
from judge.pictures.png import resvg
from judge.pictures.raster import PALETTE, _clip, _indexed_png, _windows, layers
from judge.pictures.sheet import Sheeted, draw_sheet, image, sized

FAR = 64
"""Levels (of 255) by which a pixel of the kept parts' PNG may differ from the whole picture's at
most: the palette's rounding stays well under it (about 40 at worst), a part missing is far over."""


def _far_pixels(svg: str) -> int:
    """How many pixels of the PNG made from parts lie more than ``FAR`` from resvg's picture."""
    assert layers(svg) is not None  # made from parts, not drawn whole
    parts = Image.open(io.BytesIO(png(svg)))
    assert parts.mode == "P"  # a palette PNG
    whole = Image.open(io.BytesIO(resvg(svg))).convert("RGB")
    difference = ImageChops.difference(parts.convert("RGB"), whole).convert("L")
    return sum(difference.histogram()[FAR + 1:])


def _diplomacy(variant: str, seed: int, count: int) -> Iterator[str]:
    """Pictures of movement and other phases of a random game, with their orders."""
    for number, (state, report, timing) in enumerate(random_phases(load_variant(variant), seed, count * 3)):
        if number % 3 == 0 or timing != "movement":
            yield picture(variant, state, report["results"])


@pytest.mark.parametrize("variant", ["standard", "roses1"])
def test_a_diplomacy_picture_from_kept_parts_is_the_whole_picture(variant: str) -> None:
    for svg in _diplomacy(variant, 7, 8):
        assert _far_pixels(svg) == 0


def _schematic(seed: int, count: int) -> Iterator[str]:
    """Schematic pictures (``schematic.py``) of the standard map's phases of a random game, with
    their orders."""
    game_map = load_variant("standard")
    layout = computed_layout(game_map)
    for number, (state, report, timing) in enumerate(random_phases(game_map, seed, count * 3)):
        if number % 3 == 0 or timing != "movement":
            yield schematic(game_map, layout, state, report["results"])


def test_a_schematic_picture_from_kept_parts_is_the_whole_picture() -> None:
    for svg in _schematic(7, 6):
        assert _far_pixels(svg) == 0


def test_no_piece_of_a_schematic_picture_draws_outside_its_bounds() -> None:
    for svg in _schematic(5, 3):
        assert _outside(svg) == []


@pytest.mark.parametrize("scenario", ["1460", "1470", "1483"])
def test_richard3_pictures_of_both_houses_from_kept_parts_are_their_own(scenario: str) -> None:
    """Each house's view of the same turns, drawn one after the other: parts kept for one house's
    picture never show in the other's (each is compared with its own whole picture)."""
    game = Richard3Game(scenario)
    kind = game_kind(f"richard3-{scenario}" if scenario != "1460" else "richard3")
    drawn = 0
    for state, report in _action_phases(game, 3, b"parts"):
        for reader in ("York", "Lancaster", None):
            seen: dict[str, Any] = game.report_view(report, reader)
            svg = kind_picture(kind, game.view(state, reader), reader, seen)
            assert svg is not None and _far_pixels(svg) == 0
        drawn += 1
        if drawn == 6:
            break
    assert drawn == 6


def _action_phases(game: Richard3Game, seed: int, name: bytes) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(state, report) of each action phase of a random game."""
    rng = Random(seed)
    state = game.new_game(name)
    while game.outcome(state) is None:
        pending = game.pending(state)
        orders = {power: game.random_orders(state, power, rng) for power in sorted(pending.powers)}
        result = game.resolve(state, orders, rng)
        if pending.timing == "actions":
            yield state, result.report
        state = result.state


def test_a_part_cut_short_shows() -> None:
    """The comparison finds a piece drawn outside its bounds: the title's bounds made too narrow."""
    kind = DiplomacyGame(load_variant("standard"))
    svg = picture("standard", kind.new_game(b""))
    title = next(line for line in svg.split("\n") if line.startswith('<text class="title"'))
    left, top, width, height = (int(v) for v in title.split('data-bounds="')[1].split('"')[0].split())
    narrow = title.replace(f'data-bounds="{left} {top} {width} {height}"',
                           f'data-bounds="{left + width - 60} {top} 60 {height}"')
    assert _far_pixels(svg.replace(title, narrow)) > 100


def _outside(svg: str) -> list[str]:
    """The pieces of a layered picture that draw a pixel outside their bounds, each drawn alone
    with room around it."""
    parts = layers(svg)
    assert parts is not None
    room = 12
    found = []
    for element, (left, top, width, height), _ in parts.pieces:
        view = (left - room, top - room, width + 2 * room, height + 2 * room)
        alone = image(resvg("\n".join((sized(parts.svg_tag, view[2], view[3], view), parts.defs, element, "</svg>"))))
        alpha = alone.getchannel("A")
        alpha.paste(0, (room, room, room + width, room + height))
        if alpha.getbbox() is not None:
            found.append(element[:80])
    return found


@pytest.mark.parametrize("variant", ["standard", "roses1"])
def test_no_piece_of_a_diplomacy_picture_draws_outside_its_bounds(variant: str) -> None:
    """Each piece's bounds hold every pixel it draws, its faintest edge included (an arrow's
    bounds are its shaft's and head's own extent, with room for their strokes)."""
    for svg in _diplomacy(variant, 5, 4):
        assert _outside(svg) == []


def test_no_piece_of_a_richard3_picture_draws_outside_its_bounds() -> None:
    game = Richard3Game("1460")
    kind = game_kind("richard3")
    for number, (state, report) in enumerate(_action_phases(game, 2, b"bounds")):
        svg = kind_picture(kind, game.view(state, "York"), "York", game.report_view(report, "York"))
        assert svg is not None and _outside(svg) == []
        if number == 3:
            break


def test_a_piece_drawing_outside_its_bounds_shows() -> None:
    """The check above finds an arrow whose bounds are two pixels short on every side."""
    svg = next(_diplomacy("standard", 5, 1))
    arrow = next(line for line in svg.split("\n") if line.startswith('<g class="order move"'))
    left, top, width, height = (int(v) for v in arrow.split('data-bounds="')[1].split('"')[0].split())
    short = arrow.replace(f'data-bounds="{left} {top} {width} {height}"',
                          f'data-bounds="{left + 2} {top + 2} {width - 4} {height - 4}"')
    assert _outside(svg.replace(arrow, short)) != []


def test_a_readers_palette_owes_nothing_to_another_readers_picture() -> None:
    """The palette kept for a map is made from what every reader sees (the colours the picture
    names, the ground and the board), so Lancaster's picture has the palette it has when drawn
    first, whatever York's picture drawn before it showed."""
    game = Richard3Game("1460")
    kind = game_kind("richard3")

    def palette(state: dict[str, Any], report: dict[str, Any], reader: str) -> list[int] | None:
        svg = kind_picture(kind, game.view(state, reader), reader, game.report_view(report, reader))
        return Image.open(io.BytesIO(png(svg or ""))).getpalette()

    for number, (state, report) in enumerate(_action_phases(game, 4, b"palette")):
        if number == 2:
            break
    raster._each_thread.palettes = OrderedDict()  # as a new process: no palette kept
    first = palette(state, report, "Lancaster")
    raster._each_thread.palettes = OrderedDict()
    palette(state, report, "York")
    assert palette(state, report, "Lancaster") == first


def test_a_long_arrow_drawn_a_tile_at_a_time_is_the_arrow_drawn_whole() -> None:
    """A piece with tiles (a Richard III move by sea across the map) drawn a tile at a time has
    the same pixels as drawn whole over its bounds: nothing it draws lies outside its tiles."""
    game = Richard3Game("1460")
    kind = game_kind("richard3")
    compared = 0
    for state, report in _action_phases(game, 1, b"tiles"):
        svg = kind_picture(kind, game.view(state, "York"), "York", game.report_view(report, "York"))
        parts = layers(svg or "")
        assert parts is not None
        tiled = []
        for element, bounds, tiles in parts.pieces:
            visible = _clip(bounds, parts.width, parts.height)
            windows = tuple(window for tile in tiles if (window := _clip(tile, parts.width, parts.height)))
            if visible is not None and len(windows) > 1:
                tiled.append((Sheeted(element, bounds, visible, windows), Sheeted(element, bounds, visible, (visible,))))
        if not tiled:
            continue
        by_tiles = draw_sheet(resvg, parts.svg_tag, parts.defs, [piece for piece, _ in tiled])
        whole = draw_sheet(resvg, parts.svg_tag, parts.defs, [piece for _, piece in tiled])
        for one, other in zip(by_tiles, whole, strict=True):
            assert ImageChops.difference(one, other).getbbox() is None
            compared += 1
        if compared >= 4:
            break
    assert compared >= 4


@pytest.mark.parametrize("variant", ["standard", "roses1"])
def test_pieces_drawn_together_on_a_sheet_are_the_pieces_drawn_alone(variant: str) -> None:
    """Every piece of a picture cut out of one sheet has the pixels it has drawn alone, but for
    a rare pixel at an edge (the sheet moves it by whole pixels, and resvg's single precision
    rounds its points a hair differently there: an army's mark, a letter of the title): at most
    a few levels apart, one pixel in thousands."""
    pictures = list(_diplomacy(variant, 11, 2))
    for svg in pictures:
        parts = layers(svg)
        assert parts is not None
        pieces = [Sheeted(element, bounds, visible, _windows(parts, visible, tiles))
                  for element, bounds, tiles in parts.pieces
                  if (visible := _clip(bounds, parts.width, parts.height)) is not None]
        apart = area = 0
        for piece, pixels in zip(pieces, draw_sheet(resvg, parts.svg_tag, parts.defs, pieces), strict=True):
            alone = image(resvg("\n".join((sized(parts.svg_tag, piece.visible[2], piece.visible[3], piece.visible),
                                           parts.defs, piece.element, "</svg>"))))
            difference = ImageChops.difference(pixels, alone)
            channels = [band.histogram() for band in difference.split()]
            assert all(sum(counts[33:]) == 0 for counts in channels), piece.element[:80]
            apart += max(sum(counts[1:]) for counts in channels)
            area += piece.visible[2] * piece.visible[3]
        assert len(pieces) > 50 and apart * 2000 <= area


def test_the_palette_png_written_by_zlib_ng_is_the_palette_picture() -> None:
    """The palette PNG written here (its rows compressed by zlib-ng) decodes, in Pillow (which
    checks each chunk's CRC), to the very palette picture it was made from: each pixel's index
    and the palette; and a picture full of orders stays under 50 kB."""
    rng = Random(5)
    picture_ = Image.new("P", (97, 31))
    picture_.putpalette([rng.randrange(256) for _ in range(PALETTE * 3)])
    picture_.putdata([rng.randrange(PALETTE) if rng.random() < 0.3 else 7 for _ in range(97 * 31)])
    written = Image.open(io.BytesIO(_indexed_png(picture_)))
    written.load()
    assert written.mode == "P" and written.size == (97, 31)
    assert written.tobytes() == picture_.tobytes()
    assert written.getpalette() == picture_.getpalette()
    svg = next(_diplomacy("roses1", 3, 1))
    assert _far_pixels(svg) == 0 and len(png(svg)) < 50_000


def test_pictures_are_rendered_in_any_thread() -> None:
    """The sender draws in more than one thread, and resvg's options may not pass from one thread
    to another: each thread that draws has its own, and draws the same PNG as any other."""
    svgs = list(_diplomacy("standard", 13, 2))
    here = [resvg(svg) for svg in svgs]
    drawn: list[list[bytes]] = [[], []]
    threads = [threading.Thread(target=lambda out=out: out.extend(resvg(svg) for svg in svgs)) for out in drawn]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert drawn == [here, here]
