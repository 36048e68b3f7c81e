"""The phases of random Diplomacy games, for the picture tests to draw, and where a drawn mark
stands."""

from __future__ import annotations

import re
from collections.abc import Iterator
from random import Random
from typing import Any
from xml.etree import ElementTree

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.maps import Map


def random_phases(game_map: Map, seed: int, limit: int = 400, last_year: int | None = None
           ) -> Iterator[tuple[dict[str, Any], dict[str, Any], str]]:
    """(state before, report, the phase's timing) for each phase of a random game, at most
    ``limit`` of them, none after ``last_year``, until the game ends."""
    kind = DiplomacyGame(game_map)
    rng = Random(seed)
    state = kind.new_game(b"")
    for _ in range(limit):
        if last_year is not None and kind.standing(state).period > last_year:
            return
        pending = kind.pending(state)
        orders = {power: kind.random_orders(state, power, rng) for power in sorted(pending.powers)}
        result = kind.resolve(state, orders, rng)
        yield state, result.report, pending.timing
        if kind.outcome(result.state) is not None:
            return
        state = result.state


def translate(element: ElementTree.Element) -> tuple[float, float]:
    """Where a drawn group stands: its ``translate(x,y)``."""
    match = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform", ""))
    assert match, element.attrib
    return float(match[1]), float(match[2])
