"""Random playouts: the generated orders are always possible, and the position stays sound."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from judge.games.diplomacy.random_orders import random_orders
from judge.games.diplomacy.turns import adjudicate, starting_position
from judge.games.diplomacy.parser import parse_order
from judge.games.diplomacy.vocabulary import PhaseKind, Power, UnitType
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
