"""The Plantagenet picture's panel beside the map: the Calendar (1.3.2: each box's Lords and
Vassal markers, the box the game is in), the Influence track (1.4.1) with the Victory threshold
in force (5.2), and a legend of the marks; and the picture's title."""

from __future__ import annotations

from html import escape
from typing import Any

from judge.games.plantagenet.data import BOARD, LORD_SIDE, SIDES

from ..layers import advance, around, piece, spans, text_bounds
from ..outline import Point
from ..style import INK
from .marks import SIDE_INK, WAY_STYLE, battle, depleted, favour, sign, stronghold

PANEL_SIZE = (262.0, 416.0)
ROW = 14.0
_TEXT = 7.5
_SMALL = 7.0  # the Calendar's names, the legend's notes
_MAX_INFLUENCE = 45  # 1.4.1


def calendar_panel(at: Point, view: dict[str, Any], reader: str | None) -> list[str]:
    """The panel: the Calendar's fifteen boxes, one a line (its months and year; the Lords'
    cylinders there, each side's in its ink, Exiles marked; the Vassals' Service markers), the
    box the game is in marked; the Influence track; a legend."""
    x, y = at
    width, height = PANEL_SIZE
    scenario = BOARD.scenarios.get(str(view.get("scenario", "")))
    box_now = int(view.get("box", 0))
    lines = []
    frame = (f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.0f}" height="{height:.0f}" rx="5" fill="#ffffff" '
             f'stroke="{INK}" stroke-width="1"/>'
             f'<text x="{x + 8:.1f}" y="{y + 14:.1f}" font-size="10" font-weight="bold" fill="{INK}">Calendar</text>')
    lines.append(frame)
    top = y + 20
    cylinders: dict[int, list[tuple[str, bool]]] = {}
    for name, entry in view.get("lords", {}).items():
        if "box" in entry:
            cylinders.setdefault(int(entry["box"]), []).append((name, bool(entry.get("exile"))))
    markers: dict[int, list[str]] = {}
    for vassal, entry in view.get("vassals", {}).items():
        if "box" in entry:
            markers.setdefault(int(entry["box"]), []).append(vassal)
    rows = []
    for number, box in sorted(BOARD.calendar.items()):
        row_y = top + (number - 1) * ROW
        year = f" {scenario.base_year + box.year_offset}" if scenario and box.months.startswith("Jan") else ""
        when = year.strip()
        played = scenario is not None and scenario.first_box <= number <= scenario.last_box
        shade = "#fff0b3" if number == box_now else "#f0ece2" if played else "#ffffff"
        rows.append(f'<rect class="calendar-box" data-box="{number}" x="{x + 4:.1f}" y="{row_y:.1f}" '
                    f'width="{width - 8:.0f}" height="{ROW - 1:.0f}" fill="{shade}"/>')
        rows.append(_text(x + 8, row_y + 9.5, f"{number}", bold=number == box_now))
        rows.append(_text(x + 22, row_y + 9.5, when, size=6.5))
        rows.append(_names(x + 52, row_y + 9.5, width - 58, number, cylinders.get(number, []),
                           markers.get(number, [])))
    lines.append("".join(rows))
    ty = top + 15 * ROW + 8
    lines.append(_influence(x + 8, ty, width - 16, view, scenario.threshold(box_now) if scenario else None))
    lines.append(_legend(x + 8, ty + 44))
    elsewhere = [f"{lord} captive of {entry['prisoner_of']}" for lord, entry in view.get("lords", {}).items()
                 if "prisoner_of" in entry]  # Ia, Capture of the King: off the map and the Calendar
    elsewhere += [f"{lord} off the Calendar" for lord, entry in view.get("lords", {}).items()
                  if "box" in entry and not 1 <= int(entry["box"]) <= 15]  # 2.2.3, Calendar's end
    if elsewhere:
        lines.append(_text(x + 8, y + height - 8, "; ".join(elsewhere), size=7, bold=True))
    # one piece: the panel changes with every step
    return [piece(f'<g class="panel">{"".join(lines)}</g>', around([(x, y), (x + width, y + height)], 2))]


def _text(x: float, y: float, text: str, size: float = _TEXT, bold: bool = False, fill: str = INK,
          anchor: str = "start", italic: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    style = ' font-style="italic"' if italic else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{weight}{style} fill="{fill}" '
            f'text-anchor="{anchor}">{escape(text)}</text>')


def _names(x: float, y: float, room: float, box: int, lords: list[tuple[str, bool]], vassals: list[str]) -> str:
    """A Calendar box's Lords (each side's ink; an Exile's name with an E) and Vassal markers
    (in italics), as many as fit in ``room`` pixels, then how many more."""
    items = [(f"{name}{' (E)' if exile else ''}", SIDE_INK[LORD_SIDE[name]], False) for name, exile in lords]
    items += [(vassal, "#5b5b5b", True) for vassal in sorted(vassals)]
    spans = []
    used = 0.0
    for number, (text, ink, italic) in enumerate(items):
        word = text + ("," if number < len(items) - 1 else "")
        need = advance(word + " ", _SMALL)
        rest = len(items) - number
        if used + need > room - (advance(f"+{rest - 1}", _SMALL) if rest > 1 else 0):
            spans.append(f'<tspan fill="{INK}">+{rest}</tspan>')
            break
        style = ' font-style="italic"' if italic else ""
        spans.append(f'<tspan fill="{ink}"{style}>{escape(word)} </tspan>')
        used += need
    if not spans:
        return ""
    return (f'<text class="calendar-names" data-box="{box}" x="{x:.1f}" y="{y:.1f}" font-size="{_SMALL}" '
            f'xml:space="preserve">{"".join(spans)}</text>')


def _influence(x: float, y: float, width: float, view: dict[str, Any], threshold: int | None) -> str:
    """The Influence track (1.4.1): York's side to the left, Lancaster's to the right, the
    marker where the net Influence stands, the Victory threshold (5.2) marked on both sides."""
    value = int(view.get("influence", 0))
    leader = "Lancaster" if value > 0 else "York" if value < 0 else None
    said = f"{leader} {abs(value)}" if leader else "level, 0"
    if threshold is not None:
        said += f"; victory at {threshold}"
    middle = x + width / 2
    scale = (width / 2 - 4) / _MAX_INFLUENCE
    marker = middle + value * scale
    parts = [_text(x, y + 8, f"Influence: {said}", size=8, bold=True),
             *(f'<rect x="{left:.1f}" y="{y + 14:.1f}" width="{width / 2:.1f}" height="8" fill="{fill}" '
               f'stroke="{INK}" stroke-width="0.6"/>' for left, fill in ((x, "#f6f1de"), (middle, "#e9b3b5")))]
    if threshold is not None:
        for sign in (-1, 1):
            tx = middle + sign * threshold * scale
            parts.append(f'<line x1="{tx:.1f}" y1="{y + 12:.1f}" x2="{tx:.1f}" y2="{y + 24:.1f}" '
                         f'stroke="{INK}" stroke-width="1.2"/>')
    parts.append(f'<path class="influence" data-value="{value}" d="M{marker - 4:.1f},{y + 11:.1f} '
                 f'L{marker + 4:.1f},{y + 11:.1f} L{marker:.1f},{y + 18:.1f} Z" fill="{INK}"/>')
    parts.append(_text(x, y + 32, "York", size=6.5) + _text(x + width, y + 32, "Lancaster", size=6.5, anchor="end"))
    return "".join(parts)


def _legend(x: float, y: float) -> str:
    """The marks: the Stronghold types, the Ways, Favour, Depleted and Exhausted, a battle, each
    side's moves and the Troops' letters."""
    parts = [_text(x, y, "Legend", size=8, bold=True)]
    at = x
    for kind, name in (("city", "City"), ("town", "Town"), ("fortress", "Fortress"), ("london", "London")):
        parts.append(stronghold(kind, at + 5, y + 12) + _text(at + 13, y + 15, name))
        at += 20 + advance(name, _TEXT)
    at = x
    for kind in ("highway", "road", "path"):
        parts.append(f'<line x1="{at:.1f}" y1="{y + 26:.1f}" x2="{at + 16:.1f}" y2="{y + 26:.1f}" {WAY_STYLE[kind]}/>'
                     + _text(at + 19, y + 29, kind.capitalize()))
        at += 26 + advance(kind, _TEXT) + 6
    at = x
    for side in SIDES:
        parts.append(favour(side, at + 5, y + 40) + _text(at + 11, y + 43, f"{side} Favour"))
        at += 16 + advance(f"{side} Favour", _TEXT) + 6
    parts.append(battle(at + 7, y + 40) + _text(at + 17, y + 43, "battle"))
    at = x
    parts.append(depleted(1, at + 5, y + 54) + _text(at + 13, y + 57, "Depleted"))
    at += 18 + advance("Depleted", _TEXT) + 4
    parts.append(depleted(2, at + 5, y + 54) + _text(at + 13, y + 57, "Exhausted"))
    at += 18 + advance("Exhausted", _TEXT) + 4
    for side in SIDES:
        parts.append(f'<line x1="{at:.1f}" y1="{y + 54:.1f}" x2="{at + 14:.1f}" y2="{y + 54:.1f}" '
                     f'stroke="{SIDE_INK[side]}" stroke-width="2.2" marker-end="url(#head-{side})"/>'
                     + _text(at + 18, y + 57, side))
        at += 22 + advance(side, _TEXT) + 4
    parts.append(_text(x, y + 71, "March plain, Sail dashed, Exile Pact dotted; (E) Exile", size=_SMALL))
    parts.append(_text(x, y + 81, "MA Men-at-Arms, LB Longbowmen, MI Militia,", size=_SMALL))
    parts.append(_text(x, y + 90, "ME Mercenaries, BU Burgundians, V Vassals;", size=_SMALL))
    parts.append(_text(x, y + 99, "C Coin, P Provender", size=_SMALL))
    at = x
    for kind, name in (("seat", "Lord's Seat"), ("vassal", "Vassal's Seat"), ("port", "Port")):
        parts.append(sign(kind, at + 3, y + 110) + _text(at + 9, y + 113, name))
        at += 16 + advance(name, _TEXT)
    return "".join(parts)


def heading(view: dict[str, Any], reader: str | None) -> tuple[str, str, str]:
    """What a picture is of: the game and scenario; the Turn (its year) and step; whose view it is
    (and who won, once the game is over)."""
    scenario = BOARD.scenarios.get(str(view.get("scenario", "")))
    name = f"Plantagenet, {scenario.title}" if scenario else "Plantagenet"
    box = int(view.get("box", 0))
    step = view.get("step", {})
    doing = str(step.get("name", ""))
    if doing in ("muster", "command") and step.get("side"):
        doing += f" {step['side']}"
    seen = f"as {reader} sees it" if reader else "as an observer sees it"
    calendar = BOARD.calendar.get(box)
    year = f", {scenario.base_year + calendar.year_offset}" if scenario and calendar else ""
    outcome = view.get("outcome")
    if outcome:
        seen += f" \u2014 won by {outcome.get('winner')}"
    return name, f"Turn {box}{year}: {doing}", seen


def title(view: dict[str, Any], reader: str | None, width: float) -> list[str]:
    """The scenario; then the Turn and step, and whose view it is (``heading``). A piece each
    line, the second in two: its end (the reader), seldom new, is drawn once and kept, and only
    the step before it is new."""
    name, when, seen = heading(view, reader)
    lines = ((15, [name]), (31, [f"{when} \u2014 ", seen]))
    return [piece(
        f'<text class="title" x="{x:.1f}" y="{y}" font-size="12" font-weight="bold" '
        f'text-anchor="end" fill="{INK}" stroke="#ffffff" stroke-width="3" paint-order="stroke">'
        f'{escape(words)}</text>', text_bounds(x, y, words, 12, "end", 1.5, bold=True))
        for y, texts in lines for x, words in spans(width - 8, texts, 12, "end", bold=True)]
