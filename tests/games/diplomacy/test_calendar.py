"""The calendars of DPjudge's Hundred and Classical (``calendar.py``), and Classical's ``RULE
REMOTE_BUILDS``, as their map files state them:

- hundred.map (commit 83f34ee) lines 28-32: ``BEGIN A.D. 1425 MOVEMENT``, ``FLOW NEWYEAR:5``,
  ``FLOW A.D.:MOVEMENT,RETREATS``, ``FLOW IFYEARDIV:10``, ``FLOW A.D.:ADJUSTMENTS``;
- classical.map (commit dcd03da) lines 14-18: ``BEGIN B.C. 273 MOVEMENT``, ``FLOW NEWYEAR:-1``,
  ``FLOW B.C.:MOVEMENT,RETREATS``, ``FLOW IFYEARDIV:2``, ``FLOW B.C.:ADJUSTMENTS``; line 12
  ``RULE REMOTE_BUILDS``.

As DPjudge steps through a FLOW (``Game.findNextPhase``): each turn moves the year on by NEWYEAR,
the phases after IFYEARDIV:n are played in the years divisible by n, and centres change hands as
an adjustment phase begins (``Game.checkPhase``). Its build sites under REMOTE_BUILDS
(``Game.buildSites``): every centre the power owns, none if it holds no home centre."""

from __future__ import annotations

from typing import Any

import pytest

from judge.games.diplomacy.adjustments import buildable_sites
from judge.games.diplomacy.calendar import STANDARD, SeasonCalendar, TurnCalendar
from judge.games.diplomacy.dpjudge_variant import MapFileError, read_dpjudge_variant
from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.vocabulary import Phase, PhaseKind, Season
from judge.games.diplomacy.wire import adjudicate_object, read_position
from judge.games.variants import load_variant

HUNDRED = load_variant("hundred")
CLASSICAL = load_variant("classical")


def _play(game_map: Any, data: dict[str, Any]) -> dict[str, Any]:
    return adjudicate_object({"variant": game_map.name, **data}, lambda name: game_map)


def test_hundred_plays_a_turn_every_five_years_and_builds_in_the_years_divisible_by_ten() -> None:
    """hundred.map lines 28-32, played through ``judge adjudicate``'s form: 1425, then 1430,
    whose end changes the centres' hands (Brittany, line 24 unowned, is England's) and brings
    the adjustments of 1430 (divisible by ten); then 1435."""
    start = DiplomacyGame(HUNDRED).new_game(b"")
    assert start["phase"] == "A1425M"
    after_1425 = _play(HUNDRED, {**start, "orders": [{"power": "England", "order": "A nmd - brt"}]})
    assert after_1425["next"]["phase"] == "A1430M"
    assert "brt" not in after_1425["next"]["supply_centers"]  # no centre changes hands in 1425
    after_1430 = _play(HUNDRED, {**after_1425["next"], "orders": []})
    assert after_1430["next"]["phase"] == "A1430A"
    assert after_1430["next"]["supply_centers"]["brt"] == "England"
    after_builds = _play(HUNDRED, {**after_1430["next"],
                                   "orders": [{"power": "England", "order": "Build A nmd"}]})
    assert after_builds["results"][0]["resolution"] == ("succeeds",)
    assert after_builds["next"]["phase"] == "A1435M"


def test_classical_counts_the_years_down_and_adjusts_in_the_even_ones() -> None:
    """classical.map lines 14-18: 273 B.C., then 272 B.C. and its adjustments (272 is divisible
    by two), then 271 B.C."""
    calendar = CLASSICAL.calendar
    phases = [Phase(1, Season.SPRING, PhaseKind.MOVEMENT), Phase(1, Season.SPRING, PhaseKind.RETREAT),
              Phase(1, Season.FALL, PhaseKind.MOVEMENT), Phase(1, Season.WINTER, PhaseKind.ADJUSTMENT),
              Phase(2, Season.SPRING, PhaseKind.MOVEMENT)]
    assert [calendar.code(phase) for phase in phases] == ["B273M", "B273R", "B272M", "B272A", "B271M"]
    assert [calendar.title(phase) for phase in phases] == [
        "273 B.C. Movement", "273 B.C. Retreat", "272 B.C. Movement", "272 B.C. Adjustment",
        "271 B.C. Movement"]
    assert [calendar.parse(calendar.code(phase)) for phase in phases] == phases
    start = DiplomacyGame(CLASSICAL).new_game(b"")
    assert start["phase"] == "B273M"
    after = _play(CLASSICAL, {**start, "orders": []})
    assert after["next"]["phase"] == "B272M"


def test_a_player_names_a_phase_by_its_year_and_kind() -> None:
    """Codes as DPjudge abbreviates phases (the season word's first letter, the year, the kind's
    letter), or the year and the kind in words; the year alone is its movement. A year the
    calendar does not play, or an adjustment in a year without one, names no phase."""
    game = DiplomacyGame(HUNDRED)
    assert game.read_phase("1430") == "A1430M"
    assert game.read_phase("A.D. 1430 retreats") == "A1430R"
    assert game.read_phase("1430 builds") == "A1430A"
    assert game.read_phase("a1435m") == "A1435M"
    for nothing in ("1431", "1425 adjustments", "1420", "S1425M", "Spring 1425", "A1425A"):
        assert game.read_phase(nothing) is None, nothing
    assert game.phase_title("A1430A") == "1430 Adjustment"
    assert game.phase_title("A1425M") == "1425 Movement"
    assert game.phase_order("A1430A") > game.phase_order("A1430R") > game.phase_order("A1425M")
    assert game.period_name(1) == "1430" and game.period_name(2) == "1440"
    assert game.wording.phase_example == "e.g. A1430M or 1430 Movement"
    classical = DiplomacyGame(CLASSICAL)
    assert classical.read_phase("273 BC") == "B273M"
    assert classical.read_phase("272 b.c. adjustment") == "B272A"
    assert classical.read_phase("274") is None
    assert classical.period_name(1) == "272"


def test_the_standard_calendar_is_the_seasons_as_before() -> None:
    """A map without a FLOW keeps spring, fall and winter: the same codes, titles and words."""
    standard = load_variant("standard")
    assert standard.calendar is STANDARD
    assert isinstance(load_variant("ancmed").calendar, SeasonCalendar)
    phase = Phase(1901, Season.FALL, PhaseKind.MOVEMENT)
    assert STANDARD.code(phase) == "F1901M" and STANDARD.title(phase) == "Fall 1901 Movement"
    assert STANDARD.read("autumn 1901") == phase and STANDARD.parse("F1901M") == phase
    assert DiplomacyGame(load_variant("ancmed")).wording.phase_example == "e.g. F1M or Fall 1 Movement"


def test_a_calendar_whose_adjustments_do_not_come_every_second_turn_is_refused() -> None:
    """The judge plays a FLOW's turns as a standard year's spring and fall: adjustments every
    turn (IFYEARDIV:5 with NEWYEAR:5), or in the first turn's year, are refused by line."""
    with pytest.raises(ValueError, match="every second turn"):
        TurnCalendar("A.D.", 1425, 5, 5)
    with pytest.raises(ValueError, match="every second turn"):
        TurnCalendar("A.D.", 1420, 5, 10)
    base = "\n".join(["NORTH (NORTHERN) AAA", "A AAA", "SOUTH (SOUTHERN) BBB", "A BBB",
                      "Aaa = aaa", "Bbb = bbb", "LAND AAA ABUTS BBB", "LAND BBB ABUTS AAA"])
    every_turn = base + "\nBEGIN A.D. 1425 MOVEMENT\nFLOW NEWYEAR:5\nFLOW A.D.:MOVEMENT,RETREATS\n" \
                        "FLOW IFYEARDIV:5\nFLOW A.D.:ADJUSTMENTS\n"
    with pytest.raises(MapFileError) as refused:
        read_dpjudge_variant(every_turn, "test.map", "test", lambda name: None)
    assert refused.value.errors[0].startswith("test.map line 10: FLOW NEWYEAR:5 ")
    assert "every second turn" in refused.value.errors[0]
    other_word = every_turn.replace("IFYEARDIV:5", "IFYEARDIV:10").replace("BEGIN A.D.", "BEGIN SPRING")
    with pytest.raises(MapFileError) as refused:
        read_dpjudge_variant(other_word, "test.map", "test", lambda name: None)
    assert refused.value.errors == ["test.map line 9: BEGIN SPRING 1425 MOVEMENT: the FLOW's "
                                    "calendar begins with a movement: expected BEGIN A.D. year MOVEMENT"]
    good = read_dpjudge_variant(other_word.replace("BEGIN SPRING", "BEGIN A.D."), "test.map", "test",
                                lambda name: None)
    assert good["first_phase"] == "A1425M"
    assert good["calendar"] == {"era": "A.D.", "first_year": 1425, "years_per_turn": 5,
                                "adjustment_years": 10}


# --- REMOTE_BUILDS ---------------------------------------------------------------------------


def _winter(centres: dict[str, str], units: list[tuple[str, str, str]]) -> dict[str, Any]:
    return {"phase": "B272A", "supply_centers": centres,
            "units": [{"power": p, "type": t, "loc": loc} for p, t, loc in units]}


def test_remote_builds_build_in_any_owned_centre_while_a_home_centre_is_held() -> None:
    """classical.map line 12: Rome, holding Roma, builds in Cisalpina, a centre it took (line 9
    unowned), as ``RULE BUILD_ANY`` would let it."""
    rome = {"rom": "Rome", "bru": "Rome", "cap": "Rome", "cis": "Rome"}
    position = _winter(rome, [("Rome", "A", "bru"), ("Rome", "F", "cap"), ("Rome", "A", "etr")])
    assert sorted(buildable_sites(CLASSICAL, read_position(CLASSICAL, position), "Rome")) == ["cis", "rom"]
    answer = _play(CLASSICAL, {**position, "orders": [{"power": "Rome", "order": "Build A cis"}]})
    assert answer["results"][0]["resolution"] == ("succeeds",)
    assert {"power": "Rome", "type": "A", "loc": "cis"} in answer["next"]["units"]


def test_remote_builds_give_no_build_to_a_power_that_holds_none_of_its_home_centres() -> None:
    """classical.map line 12, as DPjudge's ``Game.buildSites`` reads it: Rome, with Cisalpina and
    Syracuse but none of Roma, Brundisium and Capua, has a build due and nowhere to build."""
    position = _winter({"cis": "Rome", "syr": "Rome", "rom": "Carthage"}, [("Rome", "A", "etr")])
    assert buildable_sites(CLASSICAL, read_position(CLASSICAL, position), "Rome") == []
    answer = _play(CLASSICAL, {**position, "orders": [{"power": "Rome", "order": "Build A cis"}]})
    assert answer["results"][0]["resolution"] == ("illegal",)
    assert "holds none of its home centres" in answer["results"][0]["message"]
    refused = DiplomacyGame(CLASSICAL).read_orders(
        {**position, "units": position["units"]}, "Rome", ["Build A cis"])
    assert refused[0].error is not None and "REMOTE_BUILDS" in refused[0].error


def test_more_than_half_the_centres_win() -> None:
    """Neither file gives a VICTORY: more than half of the centres, as for the others."""
    assert (len(HUNDRED.supply_centres), HUNDRED.victory_centres) == (17, 9)
    assert (len(CLASSICAL.supply_centres), CLASSICAL.victory_centres) == (35, 18)
