"""``judge variants`` and ``judge variants show NAME [--json]``: the map as players and programs
read it, complete (the map can be rebuilt from it) and stable (sorted)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from judge.cli import main
from judge.games.diplomacy.map_sheet import map_sheet, map_text
from judge.games.diplomacy.maps import Map, build_map
from judge.games.variants import load_variant, variant_data, variant_names


def sheet_of(name: str) -> dict[str, Any]:
    return map_sheet(load_variant(name), variant_data(name))


def rebuilt(sheet: dict[str, Any]) -> Map:
    """The map built again from the sheet alone, as if the sheet were a map file."""
    fleet = sheet["adjacency"]["fleet"]
    provinces = {}
    for abbr, info in sheet["provinces"].items():
        spec: dict[str, Any] = {
            "name": info["name"],
            "kind": info["kind"],
            "centre": info["supply_centre"],
            "aliases": info["aliases"],
            "army": sheet["adjacency"]["army"][abbr],
        }
        if info["coasts"]:
            spec["coasts"] = {c: fleet[f"{abbr}/{c}"] for c in info["coasts"]}
        elif abbr in fleet:
            spec["fleet"] = fleet[abbr]
        provinces[abbr] = spec
    powers = {
        power: {
            "adjective": info["adjective"],
            "letter": info["letter"],
            "home_centres": info["home_centres"],
            "units": info["starting_units"],
        }
        for power, info in sheet["powers"].items()
    }
    return build_map(
        {
            "name": sheet["variant"],
            "title": sheet["title"],
            "first_phase": sheet["first_phase"],
            "calendar": sheet["calendar"],
            "victory_centres": sheet["victory_centres"],
            "rules": sheet["rules"],
            "powers": powers,
            "provinces": provinces,
        }
    )


@pytest.mark.parametrize("name", variant_names())
def test_the_sheet_is_complete_the_map_can_be_rebuilt_from_it(name: str) -> None:
    game_map, sheet = load_variant(name), sheet_of(name)
    again = rebuilt(sheet)
    assert again.provinces == game_map.provinces
    assert again.army_moves == game_map.army_moves
    assert again.fleet_moves == game_map.fleet_moves
    assert again.first_phase == game_map.first_phase
    assert again.calendar == game_map.calendar
    assert again.victory_centres == game_map.victory_centres
    assert again.rules == game_map.rules
    for power, info in game_map.powers.items():
        other = again.powers[power]
        assert (other.adjective, other.letter) == (info.adjective, info.letter)
        assert set(other.home_centres) == set(info.home_centres)
        assert set(other.starting_units) == set(info.starting_units)
    assert sheet["supply_centres"] == sorted(game_map.supply_centres)
    assert sheet["starting_ownership"] == dict(sorted(game_map.starting_ownership().items()))
    for province, spec in variant_data(name)[
        "provinces"
    ].items():  # aliases as the file spells them
        assert sheet["provinces"][province]["aliases"] == sorted(spec.get("aliases", ()))


@pytest.mark.parametrize("name", variant_names())
def test_the_json_is_stable_every_list_sorted_and_keys_sorted_when_printed(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    def lists(value: Any, where: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                lists(item, f"{where}.{key}")
        elif isinstance(value, list):
            assert value == sorted(value), where

    sheet = sheet_of(name)
    lists(sheet, name)
    assert main(["variants", "show", name, "--json"]) == 0
    assert capsys.readouterr().out == json.dumps(sheet, indent=1, sort_keys=True) + "\n"


def test_roses1_shows_its_boxes_and_standard_has_none() -> None:
    boxes = sheet_of("roses1")["boxes"]
    assert boxes["scotland"] == {
        "name": "Scotland",
        "power": "Scots",
        "centres": ["Edinburgh", "Stirling"],
        "units": ["A", "A"],
        "army_entries": ["bwk", "dum", "tev"],
        "fleet_entries": ["bwk", "dum", "nch", "nth"],
    }
    assert boxes["france"]["power"] == "French"
    assert boxes["france"]["units"] == ["A", "F"]
    assert boxes["france"]["army_entries"] == ["har", "pic"]
    assert sheet_of("standard")["boxes"] == {}
    assert (sheet_of("roses1")["rules"], sheet_of("roses1")["king_starts"]) == ("roses1", "lon")
    assert (sheet_of("standard")["rules"], sheet_of("standard")["king_starts"]) == ("standard", None)


def test_the_text_reads_province_by_province() -> None:
    text = map_text(sheet_of("standard"))
    assert text.startswith(
        "Diplomacy, the standard map (standard)\nFirst phase S1901M; 34 supply centres"
    )
    assert (
        "  Russia (Russian, R)\n    home centres: Moscow (mos), Sevastopol (sev), St Petersburg (stp), Warsaw (war)"
        in text
    )
    assert "  stp  St Petersburg * (Russia), coastal; also Petersburg, Saint Petersburg, St. Petersburg\n" \
           "       army to: fin lvn mos nwy\n       fleet (nc) to: bar nwy\n       fleet (sc) to: bot fin lvn" in text  # fmt: skip
    assert "  spa  Spain * (neutral), coastal\n" in text
    assert "Provinces (75: 14 inland, 42 coastal, 19 sea)" in text
    roses = map_text(sheet_of("roses1"))
    assert "21 to win.\nSpecial rules: roses1.\nThe King starts in London (lon).\n" in roses
    assert "Special rule" not in text and "King" not in text
    modern = map_text(sheet_of("modern"))
    assert "\nSpecial rule: a power builds in any supply centre it owns (DPjudge's RULE " \
           "BUILD_ANY).\n" in modern
    assert "Special rule: a fleet in a port convoys as one at sea: bal (DPjudge's PORT)." \
           in map_text(sheet_of("ancmed"))
    assert "  bal  Baleares * (neutral), coastal, a port\n" in map_text(sheet_of("ancmed"))
    world = map_text(sheet_of("known_world_901"))
    assert "Special rule: no player takes Neutral-State: its units hold, its builds are waived " \
           "(DPjudge's DUMMY)." in world
    assert "  Neutral-State (Neutral, N, played by no one)\n" in world
    assert "  Scotland (scotland), of the Scots: centres Edinburgh, Stirling; starting units A, A\n" \
           "    armies enter at bwk, dum, tev; fleets at bwk, dum, nch, nth" in roses  # fmt: skip


def test_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split()[0].rstrip(":") for line in listed] == variant_names()
    assert "roses1 (Wars of the Roses I): 7 powers (Red Rose, White Rose, Percies, Nevilles, " \
           "Beauforts, Scots, French), 41 supply centres (21 to win), first phase S1455M" in listed
    assert "ancmed: 5 powers (Carthage, Egypt, Greece, Persia, Rome), 34 supply centres (18 to " \
           "win), first phase S1M" in listed  # MILA's, its own powers, centres and year
    assert main(["variants", "show", "roses1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == sheet_of("roses1")
    assert main(["variants", "show", "standard"]) == 0
    assert capsys.readouterr().out == map_text(sheet_of("standard")) + "\n"
    assert main(["variants", "show", "nosuch"]) == 2
    assert "unknown variant 'nosuch'" in capsys.readouterr().err
