"""Diplomacy's phases as players write and read them: ``S1901M`` and ``Spring 1901 Movement``,
and the timing classes their deadlines follow (movement, retreat, adjustment)."""

from __future__ import annotations

import re

from ..kind import TimingClass
from .vocabulary import Phase, PhaseKind, Season

TIMINGS = (
    TimingClass("movement", hours=48, aliases=("moves", "move")),
    TimingClass("retreat", hours=24, aliases=("retreats",)),
    TimingClass("adjustment", hours=24, aliases=("adjustments", "builds")),
)
TIMING_OF = {
    PhaseKind.MOVEMENT: "movement",
    PhaseKind.RETREAT: "retreat",
    PhaseKind.ADJUSTMENT: "adjustment",
}


def example(year: int) -> str:
    """How a phase is written, in a game whose first year is ``year`` (its variant's own:
    ``e.g. F1901M or Fall 1901 Movement``; ancmed's ``F1M``)."""
    return f"e.g. F{year}M or Fall {year} Movement"


_SEASON_TITLES = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}
KIND_TITLES = {PhaseKind.MOVEMENT: "Movement", PhaseKind.RETREAT: "Retreat",
                PhaseKind.ADJUSTMENT: "Adjustment"}
_SEASONS = {"s": Season.SPRING, "spring": Season.SPRING, "f": Season.FALL, "fall": Season.FALL,
            "autumn": Season.FALL, "w": Season.WINTER, "winter": Season.WINTER}
KINDS = {"m": PhaseKind.MOVEMENT, "movement": PhaseKind.MOVEMENT, "moves": PhaseKind.MOVEMENT,
          "move": PhaseKind.MOVEMENT, "r": PhaseKind.RETREAT, "retreat": PhaseKind.RETREAT,
          "retreats": PhaseKind.RETREAT, "a": PhaseKind.ADJUSTMENT, "b": PhaseKind.ADJUSTMENT,
          "adjustment": PhaseKind.ADJUSTMENT, "adjustments": PhaseKind.ADJUSTMENT,
          "adjust": PhaseKind.ADJUSTMENT, "build": PhaseKind.ADJUSTMENT,
          "builds": PhaseKind.ADJUSTMENT}
_SHORT = re.compile(r"([a-z])(\d{1,5})([a-z])")


def phase_title(phase: str) -> str:
    """``S1901M`` -> ``Spring 1901 Movement``; a text that is no phase is shown as it is."""
    try:
        read = Phase.parse(phase)
    except ValueError:
        return phase
    return f"{_SEASON_TITLES[read.season]} {read.year} {KIND_TITLES[read.kind]}"


_SEASON_ORDER = (Season.SPRING, Season.FALL, Season.WINTER)
_KIND_ORDER = (PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT)


def phase_order(phase: str) -> tuple[int, ...]:
    """``S1901M`` -> ``(1901, 0, 0)``: year, season, then movement before retreats (a phase
    with nothing to do is passed over, so an order kept for it is dropped)."""
    read = Phase.parse(phase)
    return (read.year, _SEASON_ORDER.index(read.season), _KIND_ORDER.index(read.kind))


def is_year(word: str) -> bool:
    """Whether a word a player wrote is a year: ASCII digits, at most five of them (``str.isdigit``
    also takes a superscript two, which ``int`` refuses, and any length, which ``int`` may too)."""
    return 0 < len(word) <= 5 and word.isascii() and word.isdigit()


def read_phase(text: str) -> str | None:
    """The phase a player names, written ``S1901M``: ``F1901M``, ``f 1901 m``, ``Fall 1901
    Movement``, ``autumn 1901 moves``; the season and year alone name the movement phase (the
    adjustments in winter); ``W1901B`` is the winter's builds. None when the words name none."""
    parts = text.lower().replace(",", " ").split()
    if len(parts) == 1 and (short := _SHORT.fullmatch(parts[0])):
        parts = list(short.groups())
    if len(parts) not in (2, 3) or parts[0] not in _SEASONS or not is_year(parts[1]):
        return None
    season = _SEASONS[parts[0]]
    if len(parts) == 2:
        kind = PhaseKind.ADJUSTMENT if season is Season.WINTER else PhaseKind.MOVEMENT
    elif parts[2] in KINDS:
        kind = KINDS[parts[2]]
    else:
        return None
    if (season is Season.WINTER) != (kind is PhaseKind.ADJUSTMENT):
        return None
    return str(Phase(int(parts[1]), season, kind))
