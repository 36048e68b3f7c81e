"""The Richard III map's shapes (``richard3.shapes.toml`` beside the game's ``components.json``),
read and checked once per process against the board: every area (2.1-2.8) and sea zone (2.81)
drawn and nothing else, two areas touching in the picture exactly where the game has a land
border (5.21), every area touching the seas it may sail."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources

from judge.games.richard3.data import BOARD, SIDES

from ..shapes import Checklist, Shapes, ShapesError, read_shapes

SEAS = frozenset(sea for area in BOARD.areas.values() for sea in area.seas)
PANEL = "pools"  # the corner panel: pools, heirs, cards, the borders' colours


def checklist() -> Checklist:
    """What the Richard III map asks of its picture: every area and sea zone, both houses'
    colours, the corner panel."""
    return Checklist("richard3", frozenset(BOARD.areas) | SEAS, SEAS, (), SIDES, (PANEL,))


def read_richard3_shapes(text: str, source: str = "richard3.shapes.toml") -> Shapes:
    """The shapes from a shapes file's text, checked against the board: every area and sea drawn
    and nothing else, land areas touching exactly where they share a border (5.21), every area
    touching each sea it may sail (2.81). Raises ShapesError naming what is wrong."""
    shapes = read_shapes(text, checklist(), source)
    touching = {pair for pair in shapes.between if all(key in BOARD.areas for key in pair)}
    borders = {(min(border.areas), max(border.areas)) for border in BOARD.borders.values()}
    if missing := sorted(borders - touching):
        raise ShapesError(f"{source}: areas with a border do not touch: {_pairs(missing)}")
    if extra := sorted(touching - borders):
        raise ShapesError(f"{source}: areas touch with no border between them: {_pairs(extra)}")
    ashore = {pair for pair in shapes.between if len(set(pair) & SEAS) == 1}
    dry = sorted(
        (area.name, sea) for area in BOARD.areas.values() for sea in area.seas
        if (min(area.name, sea), max(area.name, sea)) not in ashore
    )
    if dry:
        raise ShapesError(f"{source}: areas do not touch a sea they may sail: {_pairs(dry)}")
    return shapes


def _pairs(pairs: Iterable[tuple[str, str]]) -> str:
    return ", ".join(f"{a} / {b}" for a, b in pairs)


@cache
def richard3_shapes() -> Shapes:
    """The map's shapes, read and checked once per process."""
    resource = resources.files("judge.games.richard3").joinpath("richard3.shapes.toml")
    return read_richard3_shapes(resource.read_text(encoding="utf-8"))
