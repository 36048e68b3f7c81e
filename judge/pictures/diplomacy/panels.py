"""The off-board boxes (Wars of the Roses I, rule 5) drawn as panels at the edge of the map: the
box's name, its two supply centres (always its power's), and the units waiting in it in a row.

The shapes file says where each panel stands (``[panels] scotland = [column, row]``, its top left
corner in cells); the picture of the land beyond the board's edge is the box's own area.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.position import Position
from judge.games.diplomacy.vocabulary import Unit

from ..layers import around, piece
from ..outline import Point
from ..shapes import Shapes
from ..style import INK, UNIT_RADIUS

_STEP = UNIT_RADIUS * 2.7  # between two units in a row
_HEIGHT = 58.0


@dataclass(frozen=True)
class Panel:
    key: str
    x: float
    y: float
    width: float
    units_y: float  # the row of units: on the side facing the board, so arrows leave clear of words
    title_y: float  # the baseline of the box's name; its centres are written under it
    units: tuple[tuple[Unit, Point], ...]

    def place_of(self, unit_type: str, number: int) -> Point:
        """Where the ``number``-th unit of a type in the box stands (counting from 0, cycling);
        the panel's middle if it has none."""
        matching = [place for unit, place in self.units if unit.type == unit_type]
        if not matching:
            return (self.x + self.width / 2, self.units_y)
        return matching[number % len(matching)]


def panels(game_map: Map, shapes: Shapes, position: Position) -> dict[str, Panel]:
    """Each box's panel, with its units placed."""
    laid_out: dict[str, Panel] = {}
    for key, box in game_map.boxes.items():
        x, y = shapes.panels[key]
        units = [unit for unit in position.off_board if unit.province == key]
        units.sort(key=lambda unit: unit.type)
        width = max(172.0, 24 + len(units) * _STEP)
        first = x + width / 2 - (len(units) - 1) * _STEP / 2
        at_top = y < shapes.height / 2  # the board lies below it
        units_y, title_y = (y + 42.0, y + 13.0) if at_top else (y + 16.0, y + 37.0)
        placed = tuple((unit, (first + number * _STEP, units_y)) for number, unit in enumerate(units))
        laid_out[key] = Panel(key, x, y, width, units_y, title_y, placed)
    return laid_out


def panel_marks(game_map: Map, shapes: Shapes, laid_out: dict[str, Panel]) -> list[str]:
    """The panels' frames and words (the units are drawn with the others)."""
    parts = []
    for key, panel in laid_out.items():
        box = game_map.boxes[key]
        colour = shapes.colours[box.power]
        centres = ", ".join(box.centres)
        parts.append(piece(
            f'<g class="box" data-box="{key}" data-x="{panel.x:.1f}" data-y="{panel.y:.1f}" '
            f'data-width="{panel.width:.1f}" data-height="{_HEIGHT:.1f}">'
            f'<rect x="{panel.x:.1f}" y="{panel.y:.1f}" width="{panel.width:.1f}" '
            f'height="{_HEIGHT:.1f}" rx="6" '
            f'fill="#ffffff" fill-opacity="0.9" stroke="{INK}" stroke-width="1.2"/>'
            f'<text x="{panel.x + panel.width / 2:.1f}" y="{panel.title_y:.1f}" font-size="10.5" '
            f'font-weight="bold" text-anchor="middle" fill="{INK}">'
            f"{escape(box.name)} (off the board)</text>"
            f'<circle cx="{panel.x + 10:.1f}" cy="{panel.title_y + 10.5:.1f}" r="3.2" fill="{colour}" '
            f'stroke="{INK}"/><text x="{panel.x + 17:.1f}" y="{panel.title_y + 13.5:.1f}" '
            f'font-size="9" fill="{INK}">{escape(centres)}: {escape(box.power)}</text>'
            + ("" if panel.units else f'<text x="{panel.x + panel.width / 2:.1f}" y="{panel.units_y + 3:.1f}" '
               f'font-size="9" text-anchor="middle" fill="#666666">no units</text>')
            + "</g>",
            around([(panel.x, panel.y), (panel.x + panel.width, panel.y + _HEIGHT)], 2),
        ))
    return parts
