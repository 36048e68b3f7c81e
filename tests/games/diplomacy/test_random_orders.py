"""Random playouts: the generated orders are always possible, and the position stays sound."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from judge.games.diplomacy.parser import parse_order
from judge.games.diplomacy.random_orders import random_orders
from judge.games.diplomacy.turns import adjudicate, starting_position
from judge.games.diplomacy.vocabulary import (
    Location,
    PhaseKind,
    Power,
    Province,
    Unit,
    UnitType,
)
from judge.games.variants import load_variant

STANDARD = load_variant("standard")


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_the_position_sound(seed: int) -> None:
    rng = Random(seed)
    position = starting_position(STANDARD)
    for _ in range(60):  # about ten game years
        orders = [
            (Power(power), parse_order(STANDARD, text))
            for power in STANDARD.powers
            for text in random_orders(STANDARD, position, Power(power), rng)
        ]
        resolution = adjudicate(STANDARD, position, orders)
        words = Counter(w for r in resolution.results for w in r.resolution)
        assert words["illegal"] == 0, [r for r in resolution.results if "illegal" in r.resolution]
        position = resolution.position
        for province, unit in position.units.items():
            assert unit.province == province
            if unit.type is UnitType.FLEET:
                assert unit.location in STANDARD.fleet_moves
            else:
                assert province not in STANDARD.seas
        assert set(position.supply_centres) <= set(STANDARD.supply_centres)
        if position.phase.kind is PhaseKind.MOVEMENT and position.phase.season.value == "S":
            for power in STANDARD.powers:  # after the adjustments: never more units than centres
                units = len(position.units_of(Power(power)))
                assert units <= max(position.centre_count(Power(power)), 0) or units == 0
    assert position.phase.year >= 1910
    assert position.supply_centres != STANDARD.starting_ownership()  # the game moved on


def test_armies_on_a_coast_sometimes_go_by_convoy_and_land() -> None:
    """Armies cross water only by convoy: with fleets of its own at sea, an army sometimes goes
    that way, its fleets convoy it, and the adjudicator lands it beyond its neighbours by land."""
    england = Power("England")
    units = {
        Province(p): Unit(england, kind, Location(p))
        for p, kind in [("lon", UnitType.ARMY), ("nth", UnitType.FLEET), ("eng", UnitType.FLEET)]
    }
    position = starting_position(STANDARD)._replace(units=units)
    landed: Counter[str] = Counter()
    for seed in range(60):
        texts = random_orders(STANDARD, position, england, Random(seed))
        orders = [(england, parse_order(STANDARD, text)) for text in texts]
        resolution = adjudicate(STANDARD, position, orders)
        assert not [r for r in resolution.results if "illegal" in r.resolution]
        convoyed = [t for t in texts if t.endswith("via convoy")]
        if convoyed:
            destination = convoyed[0].split()[3]
            assert any(t.startswith(("F nth C A lon - ", "F eng C A lon - ")) for t in texts)
            army = Unit(england, UnitType.ARMY, Location(destination))
            assert resolution.position.units[Province(destination)] == army  # it landed
            landed[destination] += 1
    assert len(landed) >= 3, landed  # several coasts across the sea, none next to London by land
    assert not set(landed) & STANDARD.army_moves[Province("lon")]
