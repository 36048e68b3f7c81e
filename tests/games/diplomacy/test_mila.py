"""The saved-game export for MILA's ``diplomacy`` package: long random standard games, loaded by
that package and replayed phase by phase with the exported orders, reach every position the
judge reached.

One difference of the package is bridged in the replay: now and then it offers a dislodged unit
retreats into provinces that stand occupied (seen with units dislodged by a convoyed attack),
where the judge, by the rules, finds none and destroys the unit at once. The package then holds
the unit for a retreat phase, the record's own or one the record does not have; given no order
for it there, the package disbands it, as the judge did, and the positions agree again. Dislodged
units are therefore left aside when the positions are compared."""

from __future__ import annotations

import json
from random import Random

import pytest

from diplomacy import Game  # type: ignore[import-untyped]
from diplomacy.utils.export import from_saved_game_format  # type: ignore[import-untyped]

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.registry import game_kind


def _random_game(phases: int, seed: int) -> dict[str, object]:
    kind = game_kind("standard")
    assert isinstance(kind, DiplomacyGame)
    state, played, rng = kind.new_game(b""), [], Random(seed)
    for _ in range(phases):
        orders = {power: kind.random_orders(state, power, rng)
                  for power in sorted(kind.pending(state).powers)}
        result = kind.resolve(state, orders, rng)
        played.append((state, result.report))
        state = result.state
        if kind.outcome(state) is not None:
            break
    return json.loads(json.dumps(kind.exports("mila-test", played, state)["mila.json"]))


@pytest.mark.parametrize("seed", [4, 7, 13, 58, 59])
def test_the_package_loads_the_export_and_replays_it_to_the_same_positions(seed: int) -> None:
    saved = _random_game(phases=80, seed=seed)
    phases = saved["phases"]
    assert isinstance(phases, list) and len(phases) > 40
    assert {p["name"][-1] for p in phases} == {"M", "R", "A"}  # retreats and adjustments too
    loaded = from_saved_game_format(saved)
    assert loaded.get_current_phase() == phases[-1]["name"]
    replayed = Game()
    for entry, following in zip(phases, phases[1:]):
        if replayed.is_game_done:  # the package ends a won game at once; the judge's last
            break  # phase is the winter that follows
        assert replayed.get_current_phase() == entry["name"]
        for power, orders in entry["orders"].items():
            replayed.set_orders(power, orders)
        replayed.process()
        if replayed.get_current_phase() != following["name"] and not replayed.is_game_done:
            assert replayed.get_current_phase() == entry["name"][:-1] + "R"  # the package's own
            replayed.process()  # retreat phase (see above): its unit disbands
        expected = following["state"]
        for power, units in expected["units"].items():  # dislodged units (``*``) aside: the
            standing = sorted(u for u in replayed.get_units(power) if not u.startswith("*"))
            assert standing == sorted(u for u in units if not u.startswith("*")), (
                entry["name"], power)  # package may hold one the judge destroyed (see above)
            assert sorted(replayed.get_centers(power)) == sorted(expected["centers"][power])


def test_only_the_standard_map_is_exported() -> None:
    kind = game_kind("roses1")
    assert kind.exports("r", [], kind.new_game(b"")) == {}
