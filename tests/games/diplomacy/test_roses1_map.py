"""The Wars of the Roses I map (judge/games/variants/roses1.toml): the facts the variant's rules
fix, the facts of the design (docs/variants/roses1.md), and the balance rule the design keeps.

Rule numbers are those of the variant's rules
(shared/seeds/wars-of-the-roses-i-diplomacy-variant.txt).
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter, deque
from importlib import resources
from random import Random
from typing import Any

import pytest

from judge.games.diplomacy.parser import parse_order
from judge.games.diplomacy.random_orders import random_orders
from judge.games.diplomacy.turns import adjudicate, starting_position
from judge.games.diplomacy.vocabulary import Phase, Power, ProvinceKind, province_of
from judge.games.variants import load_variant

ROSES = load_variant("roses1")
RAW: dict[str, Any] = tomllib.loads(
    resources.files("judge.games.variants").joinpath("roses1.toml").read_text(encoding="utf-8")
)
BOXES: dict[str, dict[str, Any]] = RAW["boxes"]

ENGLISH = ("Red Rose", "White Rose", "Percies", "Nevilles", "Beauforts")

# Every place the rules name, under the abbreviations the issue fixed.
NAMED = {
    "lon": "London", "can": "Canterbury", "roc": "Rochester", "don": "Doncaster", "der": "Derby",
    "yor": "York", "car": "Carlisle", "dur": "Durham", "lan": "Lancaster", "war": "Warwick",
    "her": "Hereford", "glo": "Gloucester", "bri": "Bristol", "dor": "Dorchester", "exe": "Exeter",
    "dum": "Dumfries", "har": "Harfleur", "pic": "Picardy", "cal": "Calais", "dub": "Dublin",
}  # fmt: skip

# Rule 2, as the map writes it (Exeter's fleet on the south coast: docs/variants/roses1.md).
STARTING_UNITS = {
    "Red Rose": ["A lon", "A can", "F roc"],
    "White Rose": ["A don", "A der", "F yor"],
    "Percies": ["A car", "A dur", "F lan"],
    "Nevilles": ["A war", "A her", "F glo"],
    "Beauforts": ["A bri", "A dor", "F exe/sc"],
    "Scots": ["F dum"],
    "French": ["F har"],
}


def _neighbours() -> dict[str, set[str]]:
    """Provinces one move apart, for an army or a fleet (on any coast)."""
    near = {p: set(a) for p, a in ROSES.army_moves.items()}
    for here, places in ROSES.fleet_moves.items():
        near[province_of(here)].update(province_of(p) for p in places)
    return near


NEIGHBOURS = _neighbours()


def _distances(starts: set[str], graph: dict[str, set[str]] = NEIGHBOURS) -> dict[str, int]:
    distance = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for there in graph[here]:
            if there not in distance:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance


def _distances_from_homes(power: str) -> dict[str, int]:
    """Moves from a power's home centres; a box counts as a home, its entries one move away."""
    graph = {p: set(n) for p, n in NEIGHBOURS.items()}
    starts = set(ROSES.powers[Power(power)].home_centres)
    for box in BOXES.values():
        if box["power"] == power:
            graph["box"] = {province_of(e) for e in box["army_entries"] + box["fleet_entries"]}
            starts.add("box")
    return _distances(starts, graph)


def _neutral_centres() -> set[str]:
    homes = {h for info in ROSES.powers.values() for h in info.home_centres}
    return set(ROSES.supply_centres) - homes


# --- what the rules fix -------------------------------------------------------------------------


def test_loads_with_the_rules_first_phase_and_victory_count() -> None:
    assert ROSES.name == "roses1"
    assert ROSES.first_phase == Phase.parse("S1455M")  # rule 8
    assert ROSES.victory_centres == 21  # rule 3: a majority of the 41 on-board centres
    assert len(ROSES.supply_centres) == 41
    assert ROSES.victory_centres == len(ROSES.supply_centres) // 2 + 1


def test_every_place_the_rules_name_is_a_province_under_its_abbreviation() -> None:
    for abbreviation, name in NAMED.items():
        assert ROSES.provinces[abbreviation].name == name
        assert ROSES.province_named(name) == abbreviation


def test_powers_names_letters_and_adjectives() -> None:
    letters = {power: info.letter for power, info in ROSES.powers.items()}
    assert letters == {
        "Red Rose": "R", "White Rose": "W", "Percies": "P", "Nevilles": "N", "Beauforts": "B",
        "Scots": "S", "French": "F",
    }  # fmt: skip
    assert ROSES.power_named("Lancastrian") == "Red Rose"
    assert ROSES.power_named("Yorkist") == "White Rose"
    assert ROSES.power_named("redrose") == "Red Rose"  # one word, as mail commands write it
    assert ROSES.power_named("W") == "White Rose"


def test_starting_units_stand_where_rule_2_puts_them() -> None:
    for power, units in STARTING_UNITS.items():
        assert [str(u) for u in ROSES.powers[Power(power)].starting_units] == units
    for info in ROSES.powers.values():
        for unit in info.starting_units:
            if unit.type.value == "F":
                assert unit.location in ROSES.fleet_moves
                assert ROSES.kind(unit.province) is ProvinceKind.COAST
            else:
                assert ROSES.kind(unit.province) is not ProvinceKind.SEA


def test_home_centres() -> None:
    for power in ENGLISH:  # the three starting spaces of each English power
        info = ROSES.powers[Power(power)]
        assert set(info.home_centres) == {u.province for u in info.starting_units}
    assert ROSES.powers[Power("Scots")].home_centres == ("dum",)
    assert ROSES.powers[Power("French")].home_centres == ("har",)
    assert sum(len(info.home_centres) for info in ROSES.powers.values()) == 15 + 2


def test_neutral_centres() -> None:
    neutral = _neutral_centres()
    assert {"cal", "dub"} <= neutral
    assert len(neutral) == 2 + 22
    assert "pic" not in ROSES.supply_centres  # a district, not a town
    assert "bwk" not in ROSES.supply_centres  # Berwickshire: a border district (the design)


def test_exactly_two_boxes_as_rule_2_and_rule_5_describe_them() -> None:
    assert {key: box["power"] for key, box in BOXES.items()} == {
        "scotland": "Scots", "france": "French",
    }  # fmt: skip
    assert sorted(BOXES["scotland"]["units"]) == ["A", "A"]
    assert sorted(BOXES["france"]["units"]) == ["A", "F"]
    for box in BOXES.values():
        assert box["power"] in ROSES.powers
        assert len(box["centres"]) == 2
        for centre in box["centres"]:  # off the board: no province bears its name
            assert ROSES.province_named(centre) is None


def test_box_entries_exist_and_suit_the_unit() -> None:
    for box in BOXES.values():
        assert box["army_entries"] and box["fleet_entries"]
        for entry in box["army_entries"]:
            assert entry in ROSES.provinces and not ROSES.is_sea(entry)
        for entry in box["fleet_entries"]:
            assert entry in ROSES.fleet_moves  # a sea, or a coast a fleet can stand on


def test_box_entries_cross_the_right_edge() -> None:
    scotland, france = BOXES["scotland"], BOXES["france"]
    assert set(scotland["army_entries"]) == {"dum", "tev", "bwk"}  # the north edge
    assert set(scotland["fleet_entries"]) == {"nch", "dum", "bwk", "nth"}
    assert set(france["army_entries"]) == {"har", "pic"}  # the south edge
    assert set(france["fleet_entries"]) == {"sei", "wch"}  # off Normandy and the Cotentin
    assert not {province_of(e) for e in france["fleet_entries"]} & {"har", "pic"}  # rule 5


# --- the design ---------------------------------------------------------------------------------


def test_counts() -> None:
    kinds = Counter(info.kind for info in ROSES.provinces.values())
    assert len(ROSES.provinces) == 79
    assert kinds == {ProvinceKind.SEA: 16, ProvinceKind.LAND: 23, ProvinceKind.COAST: 40}


def test_abbreviations_are_three_lower_case_letters() -> None:
    for abbreviation in ROSES.provinces:
        assert re.fullmatch("[a-z]{3}", abbreviation), abbreviation


def test_every_name_and_alias_reads_as_its_province_in_an_order() -> None:
    """No name holds an order keyword as a whole word (judge/games/diplomacy/orders.lark): each reads back."""
    for abbreviation, spec in RAW["provinces"].items():
        for name in (spec["name"], *spec.get("aliases", ())):
            order = parse_order(ROSES, f"F {name} H")
            assert order.unit.location == abbreviation, name


def test_the_seas_around_britain() -> None:
    names = {ROSES.provinces[p].name: p for p in ROSES.seas}
    for sea in ("Irish Sea", "English Channel", "Bay of the Seine", "Western Approaches",
                "Bristol Channel", "St George's Channel", "North Channel"):  # fmt: skip
        assert sea in names
    north_sea = {"nth", "dgb", "hum", "sbt"}  # north to south, with the Thames Estuary off it
    assert north_sea <= ROSES.seas
    parts = {s: NEIGHBOURS[s] & north_sea for s in north_sea}
    assert set(_distances({"nth"}, parts)) == north_sea  # one sea, in parts


def test_every_province_reaches_every_other() -> None:
    assert set(_distances({"lon"})) == set(ROSES.provinces)


def test_seas_connect_and_every_coast_touches_a_sea() -> None:
    seas = {s: NEIGHBOURS[s] & ROSES.seas for s in ROSES.seas}
    assert set(_distances({"iri"}, seas)) == ROSES.seas
    for location in ROSES.fleet_moves:
        assert any(ROSES.is_sea(place) for place in ROSES.fleet_moves[location]), location


def test_land_masses() -> None:
    """Armies walk within Britain, Ireland and the French coast; Man is an island."""
    army = {p: set(n) for p, n in ROSES.army_moves.items()}
    land = {p for p in ROSES.provinces if not ROSES.is_sea(p)}
    masses = []
    while land:
        mass = set(_distances({min(land)}, army))
        masses.append(mass)
        land -= mass
    ireland, france, man = {"uls", "dub", "wex"}, {"har", "pic", "cal", "fla"}, {"man"}
    britain = set(ROSES.provinces) - ROSES.seas - ireland - france - man
    assert sorted(map(sorted, masses)) == sorted(map(sorted, [britain, ireland, france, man]))


def test_only_exeter_has_two_coasts() -> None:
    assert {p: i.coasts for p, i in ROSES.provinces.items() if i.coasts} == {"exe": ("nc", "sc")}
    assert "bch" in ROSES.fleet_moves["exe/nc"] and "wch" in ROSES.fleet_moves["exe/sc"]


def test_the_pennines_and_the_humber_are_barriers_to_armies() -> None:
    for one, other in [("lan", "don"), ("che", "der"), ("hul", "lin")]:
        assert other not in ROSES.army_moves[one]
    assert "lin" in ROSES.fleet_moves["hul"]


def test_liddesdale_lies_between_scotland_and_carlisle() -> None:
    """The Debatable Land and Liddesdale part Dumfries and Teviotdale from Cumberland; Dumfries
    and Carlisle still face each other across the head of the Solway."""
    assert ROSES.army_moves["lid"] == {"dum", "tev", "car", "ncl"}
    assert not {"dum", "tev"} & ROSES.army_moves["car"]
    assert "car" in ROSES.fleet_moves["dum"] and "dum" in ROSES.fleet_moves["car"]


def test_cumberland_is_carlisle_and_cockermouth() -> None:
    """West Cumberland, not Carlisle, borders Furness and faces the Irish Sea."""
    assert ROSES.army_moves["ckm"] == {"car", "ken", "lan"}
    assert "lan" not in ROSES.army_moves["car"]
    assert "iri" in ROSES.fleet_moves["ckm"] and "iri" not in ROSES.fleet_moves["car"]


def test_harfleur_faces_the_bay_of_the_seine_and_the_channel() -> None:
    assert set(ROSES.fleet_moves["har"]) == {"sei", "eng", "pic"}
    assert {p for p in ROSES.fleet_moves["sei"] if not ROSES.is_sea(p)} == {"har"}


# --- balance ------------------------------------------------------------------------------------


@pytest.mark.parametrize("power", ENGLISH)
def test_each_english_power_has_room_to_grow(power: str) -> None:
    """The design's balance rule: at least 3 neutral centres one move from an English power's
    homes and at least 7 within two moves (over land and sea alike)."""
    distance = _distances_from_homes(power)
    near = Counter(distance[c] for c in _neutral_centres())
    assert near[1] >= 3
    assert near[1] + near[2] >= 7


@pytest.mark.parametrize("power", ["Scots", "French"])
def test_scots_and_french_have_room_to_grow(power: str) -> None:
    distance = _distances_from_homes(power)
    assert sum(1 for c in _neutral_centres() if distance[c] <= 2) >= 4


def test_every_neutral_centre_is_within_two_moves_of_some_power() -> None:
    for centre in _neutral_centres():
        assert min(_distances_from_homes(p)[centre] for p in ROSES.powers) <= 2, centre


def test_no_english_home_is_next_to_a_scots_army_entry() -> None:
    """Scots armies come on next to no English home: Carlisle lies two moves in (the playouts:
    otherwise the Scots wear the Percies down)."""
    homes = {h for power in ENGLISH for h in ROSES.powers[Power(power)].home_centres}
    for entry in BOXES["scotland"]["army_entries"]:
        assert not ROSES.army_moves[entry] & homes, entry


# --- the engine plays it ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(2))
def test_random_games_on_the_board_have_no_impossible_orders(seed: int) -> None:
    """Random games with every special rule in force: the board, the boxes and the King."""
    rng = Random(seed)
    position = starting_position(ROSES)
    for _ in range(40):
        orders = [
            (Power(power), parse_order(ROSES, text))
            for power in ROSES.powers
            for text in random_orders(ROSES, position, Power(power), rng)
        ]
        resolution = adjudicate(ROSES, position, orders)
        assert not [r for r in resolution.results if "illegal" in r.resolution]
        position = resolution.position
    assert position.supply_centres != ROSES.starting_ownership()
