"""Mobilization: DPjudge's ``RULE MOBILIZE`` and its 1898 variant (1898.map, commit dcd03da).

The sources, cited by their sections: DPjudge's rules page (DPjudge/pages/Rules, section 1.1
"Game Start", MOBILIZE): every power begins with no unit, able to make one build in any of its
home centres; a first phase that is no adjustment phase gives way to the adjustment phase before
it. The 1898 variant's page (DPjudge/pages/about_1898, "Basic Rules"): rule 2, the game starts in
Winter 1898, each power building one unit in the home centre it chooses, which becomes the only
centre it owns; rule 3, its home centres stay its homes, and (the first build apart) it builds in
one only once it has taken and owns it. What a power that builds nothing owns the sources do not
say: the judge reads rule 2 as the centre built in being owned, so it owns nothing."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from judge.games.diplomacy.adjustments import adjustment_counts, buildable_sites, mobilizing
from judge.games.diplomacy.dpjudge_variant import read_dpjudge_variant
from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.maps import Map, MapError, build_map
from judge.games.diplomacy.turns import starting_position
from judge.games.diplomacy.vocabulary import Power, Province
from judge.games.diplomacy.wire import adjudicate_object, read_position
from judge.games.variants import load_variant, variant_data

M1898 = load_variant("1898")
STANDARD = load_variant("standard")


def _adjudicate(game_map: Map, phase: str, units: list[tuple[str, str, str]],
                orders: list[tuple[str, str]], centres: dict[str, str]) -> dict[str, Any]:
    return adjudicate_object({
        "variant": game_map.name,
        "phase": phase,
        "units": [{"power": p, "type": t, "loc": loc} for p, t, loc in units],
        "supply_centers": centres,
        "orders": [{"power": p, "order": o} for p, o in orders],
    }, lambda name: game_map)


def _results(answer: dict[str, Any]) -> dict[str, tuple[list[str], str]]:
    return {r["order"]: ([str(w) for w in r["resolution"]], r["message"]) for r in answer["results"]}


def test_1898_is_the_standard_board_with_no_units_opening_in_winter_1898() -> None:
    """1898.map line 1 (``MAP standard.geography``), line 2 (``USE standard.politics``: the seven
    powers and their homes), line 4 (``RULE MOBILIZE``), line 5 (``BEGIN WINTER 1898
    ADJUSTMENTS``). No VICTORY line: 18 of the 34 centres win."""
    assert variant_data("1898")["mobilize"] is True
    assert (str(M1898.first_phase), M1898.victory_centres) == ("W1898A", 18)
    assert M1898.provinces == STANDARD.provinces and M1898.army_moves == STANDARD.army_moves
    assert M1898.fleet_moves == STANDARD.fleet_moves
    assert {p: i.home_centres for p, i in M1898.powers.items()} == {
        p: i.home_centres for p, i in STANDARD.powers.items()}
    assert all(not info.starting_units for info in M1898.powers.values())


def test_each_power_starts_with_no_unit_no_centre_and_one_build_in_any_home() -> None:
    """Rules 1.1, MOBILIZE: no unit on the board, one build in any home centre; 1898 rule 2:
    the chosen centre is owned only once built in, so at the start nobody owns anything."""
    position = starting_position(M1898)
    assert position.units == {} and position.supply_centres == {}
    assert mobilizing(M1898, position)
    assert adjustment_counts(M1898, position) == dict.fromkeys(M1898.powers, 1)
    assert buildable_sites(M1898, position, Power("Russia")) == ["mos", "sev", "stp", "war"]


def test_the_centre_built_in_becomes_the_only_one_the_power_owns() -> None:
    """1898 rule 2: each power builds in the home centre it chooses, and it becomes the only
    centre that power owns: its other homes stay unowned. A second build is one too many (rules
    1.1: one build); a centre that is not its home takes none."""
    answer = _adjudicate(M1898, "W1898A", [], [
        ("England", "Build F edi"), ("England", "Build A lon"), ("France", "Build A bel"),
        ("Russia", "Build F stp/sc"), ("Turkey", "Build A smy")], {})
    results = _results(answer)
    assert results["Build F edi"] == (["succeeds"], "")
    assert results["Build A lon"] == (["illegal"], "England has used all 1 of its builds")
    assert results["Build A bel"] == (["illegal"], "bel is not a home centre of France")
    assert answer["next"]["phase"] == "S1899M"
    assert answer["next"]["supply_centers"] == {"edi": "England", "stp": "Russia", "smy": "Turkey"}


def test_a_power_that_builds_nothing_owns_nothing_and_is_out() -> None:
    """No build, no centre (the judge's reading of 1898 rule 2): the power has no unit and no
    centre, and so is out of the game; in the winter itself every power is still in it."""
    game = DiplomacyGame(M1898)
    state = game.new_game(b"")
    assert game.survivors(state) == list(M1898.powers)
    assert game.pending(state).powers == frozenset(M1898.powers)
    after = game.resolve(state, {"Austria": ["Build A vie"]}, Random(0)).state
    assert after["phase"] == "S1899M"
    assert game.survivors(after) == ["Austria"]


def test_later_a_home_centre_takes_a_build_only_once_owned() -> None:
    """1898 rule 3: the first build apart, a power builds in a home centre only once it has
    taken it and owns it, as the standard rules have it. Austria owns Vienna and Budapest (taken
    in the fall) but not Trieste."""
    answer = _adjudicate(M1898, "W1899A", [("Austria", "A", "gal")],
                         [("Austria", "Build A bud"), ("Austria", "Build F tri")],
                         {"vie": "Austria", "bud": "Austria", "ser": "Austria"})
    results = _results(answer)
    assert results["Build A bud"] == (["succeeds"], "")
    assert results["Build F tri"] == (["illegal"], "Austria does not own tri")
    assert answer["next"]["supply_centers"] == {"vie": "Austria", "bud": "Austria", "ser": "Austria"}
    position = read_position(M1898, {"phase": "W1899A", "units": [], "supply_centers": {"vie": "Austria"}})
    assert not mobilizing(M1898, position)
    assert buildable_sites(M1898, position, Power("Austria")) == ["vie"]


def test_without_mobilize_a_first_winter_counts_centres_and_units() -> None:
    """The standard rules on a map without ``mobilize`` (Chaos also opens in a winter): each power
    builds as many units as it owns centres, in the centres it owns."""
    chaos = load_variant("chaos")
    position = starting_position(chaos)
    assert not mobilizing(chaos, position)
    assert position.supply_centres[Province("ank")] == "Ankara"
    assert STANDARD.starting_ownership()[Province("vie")] == "Austria"


SMALL = """\
NORTH (NORTHERN:N) AAA BBB
A AAA
SOUTH (SOUTHERN) CCC
F CCC
Alpha = aaa
Beta = bbb
Gamma = ccc
The Sea = sea
LAND  AAA ABUTS BBB ccc
LAND  BBB ABUTS AAA ccc
COAST CCC ABUTS aaa bbb SEA
WATER SEA ABUTS CCC
"""


def _read(text: str) -> dict[str, Any]:
    return read_dpjudge_variant(text, "test.map", "test", lambda name: None)


def test_rule_mobilize_is_read_its_units_dropped_and_a_spring_start_is_the_winter_before() -> None:
    """Rules 1.1, MOBILIZE: the players begin with no unit; a first phase that is no adjustment
    phase gives way to the adjustment phase before it (``BEGIN SPRING 1850`` is Winter 1849)."""
    data = _read("RULE MOBILIZE\nBEGIN SPRING 1850 MOVEMENT\n" + SMALL)
    assert data["mobilize"] is True and data["first_phase"] == "W1849A"
    powers: dict[str, Any] = data["powers"]
    assert [power["units"] for power in powers.values()] == [[], []]
    assert build_map(data).mobilize
    assert _read("RULE MOBILIZE\nBEGIN WINTER 1850 ADJUSTMENTS\n" + SMALL)["first_phase"] == "W1850A"
    assert "mobilize" not in _read(SMALL)


def test_a_map_with_mobilize_has_no_units_and_starts_in_a_winter() -> None:
    data = _read("RULE MOBILIZE\n" + SMALL)
    with pytest.raises(MapError, match="mobilize"):
        build_map({**data, "first_phase": "S1901M"})
    powers: dict[str, Any] = data["powers"]
    with pytest.raises(MapError, match="mobilize"):
        build_map({**data, "powers": {**powers, "North": {**powers["North"], "units": ["A aaa"]}}})


def test_selfplay_checks_that_mobilization_owns_only_the_centres_built_in() -> None:
    """The playouts' invariants (``selfplay_invariants``) hold mobilization to rule 2: a build
    on an unowned home centre is allowed, and after it the power owns that centre alone."""
    from judge.games.diplomacy.selfplay_invariants import violations
    from judge.games.diplomacy.vocabulary import Location, Phase, Unit, UnitType

    before = starting_position(M1898)
    austria, vie = Power("Austria"), Province("vie")
    after = before._replace(phase=Phase.parse("S1899M"),
                            units={vie: Unit(austria, UnitType.ARMY, Location("vie"))},
                            supply_centres={vie: austria})
    assert violations(M1898, before, after) == []
    wrong = after._replace(supply_centres={vie: austria, Province("bud"): austria})
    assert [v for v in violations(M1898, before, wrong) if "not those built in" in v]
