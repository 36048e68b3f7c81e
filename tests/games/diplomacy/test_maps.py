"""Map files: the standard map's facts, and the loader's refusal of inconsistent data."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from typing import Any

import pytest

from judge.games.diplomacy.maps import MapError, build_map, coast_named
from judge.games.variants import load_variant
from judge.games.diplomacy.vocabulary import Phase, ProvinceKind, UnitType

STANDARD = load_variant("standard")
RAW: dict[str, Any] = tomllib.loads(
    resources.files("judge.games.variants").joinpath("standard.toml").read_text(encoding="utf-8")
)


def test_standard_map_counts() -> None:
    kinds = [info.kind for info in STANDARD.provinces.values()]
    assert len(STANDARD.provinces) == 75
    assert kinds.count(ProvinceKind.SEA) == 19
    assert kinds.count(ProvinceKind.LAND) == 14
    assert len(STANDARD.supply_centres) == 34
    assert sum(len(p.home_centres) for p in STANDARD.powers.values()) == 22
    assert STANDARD.victory_centres == 18
    assert STANDARD.first_phase == Phase.parse("S1901M")


def test_multi_coast_provinces() -> None:
    coasts = {p: info.coasts for p, info in STANDARD.provinces.items() if info.coasts}
    assert coasts == {"stp": ("nc", "sc"), "spa": ("nc", "sc"), "bul": ("ec", "sc")}
    assert STANDARD.fleet_locations("spa") == ("spa/nc", "spa/sc")
    assert STANDARD.fleet_locations("mun") == ()
    assert STANDARD.can_move(UnitType.FLEET, "mao", "spa/nc")
    assert not STANDARD.can_move(UnitType.FLEET, "gas", "spa/sc")
    assert STANDARD.can_move(UnitType.FLEET, "con", "bul/ec")
    assert STANDARD.can_move(UnitType.FLEET, "con", "bul/sc")


@pytest.mark.parametrize(
    ("name", "province"),
    [
        ("Mid-Atlantic Ocean", "mao"),
        ("mid atlantic", "mao"),
        ("mid", "mao"),
        ("St Petersburg", "stp"),
        ("St. Petersburg", "stp"),
        ("Gulf of Lyon", "lyo"),
        ("gol", "lyo"),
        ("nat", "nao"),
        ("nrg", "nwg"),
        ("tyn", "tys"),
        ("gob", "bot"),
        ("ech", "eng"),
        ("wme", "wes"),
        ("eme", "eas"),
        ("LONDON", "lon"),
        ("Helgoland Bight", "hel"),
    ],
)
def test_names_and_other_judges_abbreviations(name: str, province: str) -> None:
    assert STANDARD.province_named(name) == province


def test_coast_names() -> None:
    assert coast_named("north coast") == "nc"
    assert coast_named("(SC)") == "sc"
    assert coast_named("east") == "ec"
    assert coast_named("middle") is None


def test_power_names() -> None:
    assert STANDARD.power_named("english") == "England"
    assert STANDARD.power_named("T") == "Turkey"
    assert STANDARD.power_named("Prussia") is None


def _broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "culprit"),
    [
        (lambda d: d["provinces"]["lon"]["army"].append("xyz"), "unknown province 'xyz'"),
        (lambda d: d["provinces"]["lon"]["army"].append("mos"), "one-way army adjacency: lon -> mos"),
        (lambda d: d["provinces"]["lon"]["fleet"].append("bal"), "one-way fleet adjacency: lon -> bal"),
        (lambda d: d["provinces"]["mao"]["fleet"].append("por/nc"), "coast that province por does not have"),
        (lambda d: d["provinces"]["mao"]["fleet"].append("spa"), "a fleet cannot stand in 'spa'"),
        (lambda d: d["provinces"]["mun"].update(fleet=["ber"]), "mun is inland but has fleet moves"),
        (lambda d: d["provinces"]["nth"].update(army=["lon"]), "nth is a sea but has army moves"),
        (lambda d: d["provinces"]["lon"].update(kind="mountain"), "province lon: kind must be"),
        (lambda d: d["powers"]["England"]["home_centres"].append("wal"), "home centre wal of England"),
        (lambda d: d["powers"]["England"]["units"].append("F mun"), "a fleet cannot stand in mun"),
        (lambda d: d["provinces"]["yor"].update(aliases=["London"]), "'London' is used by both"),
    ],
)
def test_inconsistent_map_is_refused_naming_the_culprit(change: Any, culprit: str) -> None:
    with pytest.raises(MapError) as refused:
        build_map(_broken(change))
    assert culprit in str(refused.value)


def test_unknown_variant() -> None:
    with pytest.raises(MapError, match="unknown variant 'nosuch': there are .*standard"):
        load_variant("nosuch")
