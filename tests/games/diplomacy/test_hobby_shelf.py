"""The shelf's variants from DPjudge's map files (the hobby's list, issue #35 item 2): each a game
kind of the judge, its files saying where they came from (repository, path, commit), its special
rules as the file states them. Their random games are played with the rest of the shelf
(test_shelf.py::test_each_plays_random_games_that_break_no_rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.games.diplomacy.turns import starting_position
from judge.games.registry import SHELF, game_kind
from judge.games.variants import load_variant, variant_data

FOLDER = Path(__file__).resolve().parents[3] / "judge" / "games" / "variants"
HOBBY = ("chaos", "milan", "1898", "youngstown", "hundred", "classical")
"""The variants converted from DPjudge's map files (github.com/serrasqueiro/dpjudge)."""


def test_each_is_on_the_shelf_and_a_game_kind() -> None:
    for name in HOBBY:
        assert name in SHELF
        assert game_kind(name).map.name == name


@pytest.mark.parametrize("name", HOBBY)
def test_each_file_names_its_source_repository_path_and_commit(name: str) -> None:
    head = (FOLDER / f"{name}.toml").read_text(encoding="utf-8").split("\n\n")[0]
    assert "# Source: DPjudge's map files (github.com/serrasqueiro/dpjudge" in head
    assert f"{name}.map at commit " in head
    assert "`judge variants convert`" in head
    lender = load_variant(name).shapes
    drawn = {f"{name}.shapes.toml", f"{name}.layout.toml"} if lender is None else {f"{lender}.shapes.toml"}
    # its picture's: its own shapes or its schematic's layout, or the shapes it borrows
    assert any((FOLDER / file).is_file() for file in drawn)


def test_chaos_has_34_powers_one_centre_each_building_anywhere_from_winter_1900() -> None:
    """chaos.map: every supply centre of the standard board a power's only home (lines 6-71),
    no unit; ``BEGIN WINTER 1900 ADJUSTMENTS`` (line 78); ``RULE BUILD_ANY`` (line 80). No
    VICTORY line: more than half the centres, 18 of 34, win."""
    game_map = load_variant("chaos")
    assert len(game_map.powers) == 34
    assert all(len(power.home_centres) == 1 and not power.starting_units
               for power in game_map.powers.values())
    assert sorted(c for p in game_map.powers.values() for c in p.home_centres) == sorted(
        load_variant("standard").supply_centres)
    assert (str(game_map.first_phase), game_map.victory_centres) == ("W1900A", 18)
    assert variant_data("chaos")["build_any"] is True
    position = starting_position(game_map)
    assert position.units == {} and len(set(position.supply_centres.values())) == 34


def test_milan_moves_italys_home_from_venice_to_milan() -> None:
    """milan.map: the standard map (line 1) without Tuscany and Venice (line 3); Milan, a land
    province and Italy's new home with an army (lines 5, 9, 21-22); Venice back as Venetia, no
    centre (lines 6, 10); Piedmont renamed Savoy (line 7); the adjacencies amended (12-19)."""
    game_map = load_variant("milan")
    italy = game_map.powers["Italy"]
    assert italy.home_centres == ("nap", "rom", "mil")
    assert sorted(f"{u.type} {u.location}" for u in italy.starting_units) == ["A mil", "A rom", "F nap"]
    assert "tus" not in game_map.provinces and "pie" not in game_map.provinces
    assert game_map.province_named("piedmont") == "sav"
    assert "ven" not in game_map.supply_centres and len(game_map.supply_centres) == 34
    assert game_map.army_moves["mil"] == {"rom", "sav", "tyr", "ven"}
    assert game_map.army_moves["sav"] == {"bur", "mar", "mil", "rom"}
    assert "sav" not in game_map.army_moves["tyr"]
    assert (str(game_map.first_phase), game_map.victory_centres) == ("S1901M", 18)


def test_youngstown_has_ten_powers_72_centres_and_its_pages_starting_units() -> None:
    """youngstown.map (USE lines 4-7): youngstown.politics lines 4-16 (ten powers, India signing
    with N, its ``(INDIAN:N:ID)``; 72 centres); the starting units as DPjudge's page on the
    variant lists them (about_youngstown, Basic Rules 3: youngstown.military is not among the
    files stored); 37 centres win (Basic Rules 4, and more than half of 72 as the judge
    reckons). The map notes (about_youngstown, Map Notes 1-4) are in the geography: Switzerland,
    the Himalayas, the Caspian and the Arctic impassable; Omsk a coast (the icebreaker); the
    off-board boxes provinces, D and G on the African coast, E and F inland; the Suez a sea."""
    game_map = load_variant("youngstown")
    assert list(game_map.powers) == ["Austria", "China", "England", "France", "Germany", "India",
                                     "Italy", "Japan", "Russia", "Turkey"]
    assert game_map.powers["India"].letter == "N"
    assert (len(game_map.supply_centres), game_map.victory_centres) == (72, 37)
    units = {p: sorted(str(u) for u in info.starting_units) for p, info in game_map.powers.items()}
    assert units["Russia"] == ["A mos", "A oms", "A war", "F sev", "F stp/sc", "F vla"]
    assert units["England"] == ["F edi", "F joh", "F lon", "F lvp"]
    assert units["India"] == ["A cal", "A del", "F mad"]
    assert sum(len(u) for u in units.values()) == 39  # one on each home centre
    assert not {"swi", "him", "cas", "aci"} & set(game_map.provinces)
    assert game_map.fleet_moves["oms"] == {"sib", "stp/nc"}
    kinds = {box: game_map.provinces[box].kind.value for box in ("oba", "obd", "obe", "obf", "obg")}
    assert kinds == {"oba": "sea", "obd": "coast", "obe": "land", "obf": "land", "obg": "coast"}
    assert game_map.provinces["sue"].kind.value == "sea"
    assert game_map.fleet_moves["sue"] == {"eas", "egy/ec", "egy/nc", "red"}
    assert (str(game_map.first_phase), starting_position(game_map).supply_centres["joh"]) == (
        "S1901M", "England")


def test_hundred_and_classical_have_their_files_powers_and_calendars() -> None:
    """hundred.map: England, France and Burgundy (lines 4-22), Brittany, Castile, the Cantons
    and Scotland unowned (line 24), ``RULE BUILD_ANY`` (line 26), a turn every five years from
    1425 (lines 28-32). classical.map: five powers (lines 4-8), twenty centres unowned (lines
    9-10), ``RULE REMOTE_BUILDS`` (line 12), the years B.C. from 273 (lines 14-18)."""
    hundred, classical = load_variant("hundred"), load_variant("classical")
    assert list(hundred.powers) == ["England", "France", "Burgundy"]
    assert hundred.build_any and not hundred.remote_builds
    assert hundred.calendar.code(hundred.first_phase) == "A1425M"
    assert starting_position(hundred).supply_centres.keys() == set(hundred.centres) - {
        "brt", "cas", "can", "sco"}
    assert list(classical.powers) == ["Carthage", "Egypt", "Macedon", "Rome", "Syria"]
    assert classical.remote_builds and not classical.build_any
    assert classical.calendar.code(classical.first_phase) == "B273M"
    assert classical.powers["Macedon"].letter == "A"  # (MACEDONIAN:A), line 6
    assert len(classical.centres) - len(starting_position(classical).supply_centres) == 20
