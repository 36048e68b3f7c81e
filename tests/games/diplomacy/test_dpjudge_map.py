"""DPjudge map files (``.map``) read into the judge's variant data: MILA's standard map gives the
judge's own standard map, inheritance and unplayed powers work, every file MILA ships reads or is
refused by name, and a bad file gets all its errors, each with its line."""

from __future__ import annotations

from pathlib import Path

import diplomacy  # type: ignore[import-untyped]
import pytest

from judge.games.diplomacy.dpjudge_variant import MapFileError, read_dpjudge_variant
from judge.games.diplomacy.maps import Map, build_map
from judge.games.variants import load_variant

MILA_MAPS = Path(diplomacy.__file__).parent / "maps"


def _beside(folder: Path):  # type: ignore[no-untyped-def]
    def find(name: str) -> tuple[str, str] | None:
        path = folder / name
        return (name, path.read_text(encoding="utf-8")) if path.is_file() else None
    return find


def _read(file_name: str, folder: Path = MILA_MAPS) -> dict[str, object]:
    text = (folder / file_name).read_text(encoding="utf-8")
    return read_dpjudge_variant(text, file_name, Path(file_name).stem, _beside(folder))


def _read_text(text: str, **files: str) -> dict[str, object]:
    def find(name: str) -> tuple[str, str] | None:
        return (name, files[name]) if name in files else None
    return read_dpjudge_variant(text, "test.map", "test", find)


def _errors(text: str, **files: str) -> list[str]:
    with pytest.raises(MapFileError) as raised:
        _read_text(text, **files)
    return raised.value.errors


def test_milas_standard_map_is_the_judges_standard_map() -> None:
    read, ours = build_map(_read("standard.map")), load_variant("standard")
    assert set(read.provinces) == set(ours.provinces)  # abbreviations, in lower case
    for abbreviation, province in ours.provinces.items():
        other = read.provinces[abbreviation]
        assert (other.kind, other.supply_centre, other.coasts) == (
            province.kind, province.supply_centre, province.coasts), abbreviation
    assert read.army_moves == ours.army_moves
    assert read.fleet_moves == ours.fleet_moves  # coast by coast
    assert list(read.powers) == list(ours.powers)
    for name, power in ours.powers.items():
        other = read.powers[name]
        assert (other.adjective, other.letter) == (power.adjective, power.letter)
        assert set(other.home_centres) == set(power.home_centres)
        assert set(other.starting_units) == set(power.starting_units)
    assert (read.victory_centres, read.first_phase) == (ours.victory_centres, ours.first_phase)


def test_france_austria_inherits_the_standard_map_and_leaves_five_powers_out() -> None:
    """MILA's standard_france_austria.map: six lines on top of standard.map (MAP, UNPLAYED,
    UNOWNED)."""
    game_map: Map = build_map(_read("standard_france_austria.map"))
    assert list(game_map.powers) == ["Austria", "France"]
    assert len(game_map.supply_centres) == 34  # the others' homes are centres still, unowned
    assert set(game_map.starting_ownership()) == {"bud", "tri", "vie", "bre", "mar", "par"}
    assert len(game_map.provinces) == 75


# What each map MILA ships gives: read, or refused for what the judge does not play yet (none
# now: ancmed's PORT, the BUILD_ANY rule of modern and the age of empires maps, and
# known_world_901's DUMMY are played).
MILA_FILES: dict[str, str | None] = {
    "ancmed.map": None,
    "ancmed_age_of_empires.map": None,
    "colonial.map": None,
    "empire.map": None,
    "known_world_901.map": None,
    "modern.map": None,
    "pure.map": None,
    "standard.map": None,
    "standard_age_of_empires.map": None,
    "standard_age_of_empires_2.map": None,
    "standard_fleet_rome.map": None,
    "standard_france_austria.map": None,
    "standard_germany_italy.map": None,
    "world.map": None,
}


def test_the_list_holds_every_map_mila_ships() -> None:
    assert sorted(path.name for path in MILA_MAPS.glob("*.map")) == sorted(MILA_FILES)


@pytest.mark.parametrize("file_name", sorted(MILA_FILES))
def test_every_map_mila_ships_reads_or_is_refused_by_name(file_name: str) -> None:
    refused = MILA_FILES[file_name]
    if refused is None:
        game_map = build_map(_read(file_name))
        assert len(game_map.powers) >= 2 and game_map.supply_centres
        return
    with pytest.raises(MapFileError) as raised:
        _read(file_name)
    assert any(refused in error for error in raised.value.errors), raised.value.errors


def test_fleet_rome_starts_a_fleet_in_rome() -> None:
    game_map = build_map(_read("standard_fleet_rome.map"))
    assert {str(unit.location) for unit in game_map.powers["Italy"].starting_units} == {
        "nap", "rom", "ven"}
    assert [u.type.value for u in game_map.powers["Italy"].starting_units if u.location == "rom"] == ["F"]


SMALL = """\
# Two powers on four provinces and a sea (a comment may hold = signs).
BEGIN SPRING 1850 MOVEMENT
VICTORY 3
NORTH (NORTHERN:N) AAA
A AAA
SOUTH (SOUTHERN) BBB
F BBB
UNOWNED CCC

Alpha = aaa alph alpha+town
Beta = bbb
Gamma = ccc
Delta = ddd
The Sea = sea
LAND  AAA ABUTS BBB ccc
COAST BBB ABUTS AAA ccc SEA
COAST CCC ABUTS aaa bbb SEA ddd
LAND  DDD ABUTS CCC
WATER SEA ABUTS BBB CCC
"""


def test_a_small_map_reads_with_its_victory_count_begin_and_aliases() -> None:
    data = _read_text(SMALL)
    game_map = build_map(data)
    assert (str(game_map.first_phase), game_map.victory_centres) == ("S1850M", 3)
    assert game_map.province_named("alpha town") == "aaa"
    assert game_map.army_moves["bbb"] == {"aaa", "ccc"}
    assert game_map.fleet_moves["bbb"] == {"sea"}  # ccc is written for armies only
    assert (game_map.powers["North"].letter, game_map.powers["South"].letter) == ("N", "S")
    assert game_map.powers["South"].adjective == "Southern"


def test_without_victory_more_than_half_the_centres_win() -> None:
    game_map = build_map(_read_text(SMALL.replace("VICTORY 3\n", "")))
    assert game_map.victory_centres == 2  # 3 centres: 3 // 2 + 1


def test_a_bad_file_gets_every_error_with_its_line() -> None:
    bad = (SMALL.replace("VICTORY 3", "VICTORY 3 2")
           .replace("F BBB", "F AAA")
           .replace("COAST CCC ABUTS aaa bbb SEA ddd", "COAST CCC ABUTS aaa bbb SEA ddd EEE")
           .replace("LAND  DDD ABUTS CCC", "LAND  DDD ABUTS CCC\nRULE NO_CHECK\nFLOW SPRING:MOVEMENT")
           + "Nowhere = nwh\n")
    errors = _errors(bad)
    assert errors == [
        "test.map line 3: VICTORY 3 2: a count that changes year by year is not supported by this "
        "judge; give one number",
        "test.map line 7: South's fleet cannot stand in AAA",
        "test.map line 17: EEE is no place of the map",
        "test.map line 19: RULE NO_CHECK is a rule this judge does not play yet",
        "test.map line 20: FLOW SPRING:MOVEMENT: this judge plays the standard game year, or "
        "NEWYEAR:years, SEASON:MOVEMENT,RETREATS, IFYEARDIV:years, SEASON:ADJUSTMENTS (as "
        "DPjudge's Hundred and Classical)",
        "test.map line 22: NWH is named but has no terrain line",
    ]


def test_one_way_adjacency_and_unknown_powers_are_refused_with_their_lines() -> None:
    bad = SMALL.replace("LAND  DDD ABUTS CCC", "LAND  DDD ABUTS CCC AAA") + "UNPLAYED WEST\n"
    assert _errors(bad) == [
        "test.map line 18: DDD abuts AAA for armies, but AAA (test.map line 15) does not abut DDD",
        "test.map line 20: UNPLAYED: there is no power WEST",
    ]


def test_inheritance_reports_the_errors_of_each_file_at_its_own_lines() -> None:
    errors = _errors("MAP small.map\nUNPLAYED NORTH\nRULE NO_CHECK\n",
                     **{"small.map": SMALL.replace("BEGIN SPRING", "BEGIN FALL")})
    assert errors == [
        "test.map line 3: RULE NO_CHECK is a rule this judge does not play yet",
        "small.map line 2: BEGIN FALL 1850 MOVEMENT: this judge starts a game in a spring "
        "movement or a winter adjustment phase only",
        "test.map: a map needs two powers at least; this one has 1",
    ]


def test_a_line_the_grammar_cannot_read_is_an_error_and_the_others_still_read() -> None:
    errors = _errors(SMALL.replace("A AAA", "A AAA (x) = ") + "MAP\n")
    assert errors[0].startswith("test.map line 5: ")
    assert errors[1] == "test.map line 20: MAP names one file: MAP standard.map"


@pytest.mark.parametrize("file_name", ["standard.map", "world.map", "empire.map"])
def test_the_toml_written_for_an_added_variant_reads_back_as_its_data(file_name: str) -> None:
    import tomllib

    from judge.games.diplomacy.map_toml import map_toml

    data = _read(file_name)
    text = map_toml(data, "A variant added by a test.\nSecond line.")
    assert text.startswith("# A variant added by a test.\n# Second line.\n")
    assert tomllib.loads(text) == data


def test_use_reads_a_map_split_into_files_as_dpjudge_splits_its_own() -> None:
    """DPjudge's own standard.map is three USE lines: its powers, its geography, its units."""
    lines = SMALL.splitlines(keepends=True)
    politics = "".join(line for line in lines[:9] if not line.startswith(("A ", "F ")))
    military = "".join(line for line in lines[:9] if line.startswith(("NORTH", "SOUTH", "A ", "F ")))
    geography = "".join(lines[9:])
    data = _read_text("USE small.politics small.geography\nUSES small.military\n",
                      **{"small.politics": politics, "small.geography": geography,
                         "small.military": military})
    assert data == _read_text(SMALL)
    assert _errors("USE nowhere.geography\n" + SMALL)[0] == (
        "test.map line 1: USE nowhere.geography: no such file beside this one")


@pytest.mark.parametrize("file_name", sorted(name for name, refused in MILA_FILES.items() if refused is None))
def test_every_map_read_plays_random_games_that_break_no_rule(file_name: str) -> None:
    """The engine plays a map read from a file as its own: random legal orders for four years,
    the invariants checked after every phase (``judge selfplay``)."""
    from judge.games.diplomacy.game import DiplomacyGame
    from judge.games.selfplay import selfplay

    game_map = build_map(_read(file_name))
    summary = selfplay(DiplomacyGame(game_map), 2, 1, str(game_map.first_phase.year + 3))
    assert summary.violations == []


def test_coasts_written_otherwise_are_read_and_a_coast_without_its_province_is_an_error() -> None:
    coasts = SMALL.replace("COAST BBB ABUTS AAA ccc SEA", "COAST bbb ABUTS AAA ccc SEA\n"
                                                           "COAST BBB/N ABUTS SEA")
    coasts = coasts.replace("WATER SEA ABUTS BBB CCC", "WATER SEA ABUTS BBB/NC CCC")
    game_map = build_map(_read_text(coasts.replace("F BBB", "F BBB/NC")))
    assert game_map.provinces["bbb"].coasts == ("nc",)
    assert [str(unit.location) for unit in game_map.powers["South"].starting_units] == ["bbb/nc"]
    assert game_map.fleet_moves["sea"] == {"bbb/nc", "ccc"}
    orphan = SMALL + "COAST EEE/SC ABUTS SEA\n"
    assert _errors(orphan) == ["test.map line 20: EEE/SC is a coast of EEE, which has no line of its own"]


def test_ancmeds_baleares_is_a_port_and_a_later_line_makes_it_a_coast_again() -> None:
    """ancmed.map line 121: ``PORT BAL``, a coastal province (an island) whose fleet convoys as
    at sea (MILA's engine: a fleet in a PORT convoys; an army lands there as on any coast)."""
    data = _read("ancmed.map")
    provinces = data["provinces"]
    assert isinstance(provinces, dict)
    assert provinces["bal"]["kind"] == "coast" and provinces["bal"]["port"] is True
    assert [abbr for abbr, spec in provinces.items() if spec.get("port")] == ["bal"]
    game_map = build_map(data)
    assert "bal" in game_map.convoying and "bal" not in game_map.seas
    assert "bal" in game_map.seas_touching["sag"]  # the convoy graph runs through the port
    again = _read_text(SMALL.replace("COAST CCC ABUTS", "PORT CCC ABUTS")
                       + "COAST CCC ABUTS aaa bbb SEA ddd\n")
    assert "port" not in again["provinces"]["ccc"]  # type: ignore[index]


@pytest.mark.parametrize("file_name", ["modern.map", "ancmed_age_of_empires.map",
                                       "standard_age_of_empires.map",
                                       "standard_age_of_empires_2.map", "known_world_901.map"])
def test_rule_build_any_is_kept_as_build_any(file_name: str) -> None:
    """``RULE BUILD_ANY`` (``RULES`` in modern.map line 2): builds in any owned supply centre."""
    assert _read(file_name)["build_any"] is True
    assert build_map(_read(file_name)).build_any
    assert "build_any" not in _read("standard.map") and not load_variant("standard").build_any


def test_known_world_901s_neutral_states_are_a_dummy_power() -> None:
    """known_world_901.map line 95: ``DUMMY`` after NEUTRAL-STATE's line: a power in the game,
    with armies in its centres, that no player takes."""
    game_map = build_map(_read("known_world_901.map"))
    assert game_map.dummies == {"Neutral-State"}
    neutral = game_map.powers["Neutral-State"]
    assert len(neutral.home_centres) == 49 and len(neutral.starting_units) == 49  # line 94
    assert "Neutral-State" in game_map.powers  # in the game: its units stand and hold


def test_dummy_names_powers_all_of_them_or_all_but_some() -> None:
    def dummies(line: str) -> list[str]:
        data = _read_text(SMALL + line + "\n")
        powers = data["powers"]
        assert isinstance(powers, dict)
        return [name for name, spec in powers.items() if spec.get("dummy")]
    assert dummies("DUMMY SOUTH") == ["South"]
    assert dummies("DUMMIES ALL") == ["North", "South"]
    assert dummies("DUMMY ALL EXCEPT NORTH") == ["South"]
    assert dummies("DUMMY SOUTH\nUNPLAYED SOUTH\nEAST (EASTERN) CCC") == []
    assert _errors(SMALL + "DUMMY WEST\n") == ["test.map line 20: DUMMY: there is no power WEST"]
    assert _errors("DUMMY\n" + SMALL)[0] == "test.map line 1: DUMMY names no power, and follows none"


def test_a_game_may_begin_with_a_winter_adjustment_as_chaos_and_1898_do() -> None:
    """``BEGIN WINTER 1900 ADJUSTMENTS`` (DPjudge's chaos.map, 1898.map): the first phase is a
    winter adjustment, each power building on its vacant home centres."""
    data = _read_text(SMALL.replace("BEGIN SPRING 1850 MOVEMENT", "BEGIN WINTER 1849 ADJUSTMENTS"))
    assert str(build_map(data).first_phase) == "W1849A"
    assert _errors(SMALL.replace("BEGIN SPRING 1850 MOVEMENT", "BEGIN SPRING 1850 ADJUSTMENTS")) == [
        "test.map line 2: BEGIN SPRING 1850 ADJUSTMENTS: this judge starts a game in a spring "
        "movement or a winter adjustment phase only"]


def test_flags_name_pictures_only_and_a_flag_follows_a_power() -> None:
    """``FLAGS folder...`` and a power's ``FLAG name`` (chaos.map) say which flags DPjudge's
    pictures draw; they change nothing of the game. A FLAG with no power before it, or naming
    two flags, is an error."""
    flagged = SMALL.replace("NORTH (NORTHERN:N) AAA\n", "FLAGS minorpower standard\n"
                            "NORTH (NORTHERN:N) AAA\nFLAG TURKEY\n")
    assert _read_text(flagged) == _read_text(SMALL)
    assert _errors("FLAG TURKEY\n" + SMALL.replace("A AAA\n", "A AAA\nFLAG ONE TWO\n")) == [
        "test.map line 1: FLAG before any power",
        "test.map line 7: FLAG names one flag: FLAG TURKEY",
    ]


def test_a_plus_in_a_powers_name_is_a_hyphen_and_in_its_adjective_a_space() -> None:
    """The format writes a space as ``+`` (chaos.map's ``St+Petersburg (St+Petersburger:3)``): a
    power's name is one word, so a hyphen; its adjective may have a space."""
    data = _read_text(SMALL.replace("NORTH (NORTHERN:N)", "St+Petersburg (St+Petersburger:N)"))
    power = build_map(data).powers["St-Petersburg"]
    assert (power.adjective, power.letter) == ("St Petersburger", "N")


def test_drop_takes_a_place_its_centre_units_and_adjacencies_off_the_map() -> None:
    """``DROP place...`` (DPjudge's milan.map line 3, ``DROP TUS VEN``): the place leaves with
    its name, its centre, the units in it and every line's adjacency to it."""
    data = _read_text("MAP small.map\nDROP DDD CCC\n",
                      **{"small.map": SMALL.replace("UNOWNED CCC", "UNOWNED CCC AAA")})
    game_map = build_map(data)
    assert set(game_map.provinces) == {"aaa", "bbb", "sea"}
    assert game_map.supply_centres == ("aaa", "bbb")
    assert _errors("MAP small.map\nDROP XXX\n", **{"small.map": SMALL}) == [
        "test.map line 2: DROP XXX: there is no place XXX"]


def test_amend_adds_to_and_takes_from_a_places_adjacencies() -> None:
    """``AMEND place ABUTS other -gone`` (milan.map lines 12-19): the place keeps its terrain;
    the others listed are added to its list, those written ``-gone`` taken from it."""
    data = _read_text("MAP small.map\nAMEND DDD ABUTS -CCC AAA\nAMEND AAA ABUTS DDD -ccc\n"
                      "AMEND CCC ABUTS -ddd -aaa\n", **{"small.map": SMALL})
    game_map = build_map(data)
    assert game_map.army_moves["ddd"] == {"aaa"}
    assert game_map.army_moves["aaa"] == {"bbb", "ddd"}
    assert game_map.provinces["ddd"].kind.value == "land"
    assert _errors("MAP small.map\nAMEND XXX ABUTS AAA\n", **{"small.map": SMALL}) == [
        "test.map line 2: AMEND XXX: there is no place XXX to amend"]


def test_a_renamed_place_keeps_its_adjacencies_centre_and_units_under_its_new_name() -> None:
    """``OLD -> New Name = new aliases`` (milan.map line 7, ``PIE -> Savoy = sav pie
    piedmont``): the place is now ``new`` wherever the map names it, as each line wrote it (an
    army-only ``ccc`` becomes ``ccx``); its old names are gone, the aliases given are kept."""
    data = _read_text("MAP small.map\nCCC -> Gamma Major = ccx ccc\n", **{"small.map": SMALL})
    game_map = build_map(data)
    assert "ccc" not in game_map.provinces and game_map.provinces["ccx"].name == "Gamma Major"
    assert game_map.province_named("ccc") == "ccx" and game_map.province_named("gamma major") == "ccx"
    assert game_map.army_moves["aaa"] == {"bbb", "ccx"} and game_map.fleet_moves["bbb"] == {"sea"}
    assert "ccx" in game_map.supply_centres
    assert _errors("MAP small.map\nXXX -> Nowhere = nwh\n", **{"small.map": SMALL}) == [
        "test.map line 2: XXX -> Nowhere: there is no place XXX to rename"]
