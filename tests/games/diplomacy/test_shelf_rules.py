"""The special rules of the shipped variants from MILA's maps, each as its map file states it in
DPjudge's format: ``PORT`` (ancmed.map line 121: a fleet in Baleares convoys), ``RULE BUILD_ANY``
(modern.map line 2, the age of empires maps: builds in any owned supply centre) and ``DUMMY``
(known_world_901.map line 95: the neutral states, a power nobody plays). Each is switched by the
variant's data; the same position on a map without it is played by the standard rules."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from judge.games.diplomacy.adjustments import buildable_sites
from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.wire import adjudicate_object, read_position
from judge.games.variants import load_variant


def _adjudicate(game_map: Map, phase: str, units: list[tuple[str, str, str]],
                orders: list[tuple[str, str]], centres: dict[str, str] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "variant": game_map.name,
        "phase": phase,
        "units": [{"power": p, "type": t, "loc": loc} for p, t, loc in units],
        "orders": [{"power": p, "order": o} for p, o in orders],
    }
    if centres is not None:
        data["supply_centers"] = centres
    return adjudicate_object(data, lambda name: game_map)


def _results(answer: dict[str, Any]) -> dict[str, list[str]]:
    return {r["order"]: [str(word) for word in r["resolution"]] for r in answer["results"]}


# --- PORT ------------------------------------------------------------------------------------

ANCMED = load_variant("ancmed")
CONVOY_THROUGH_BALEARES = (
    [("Carthage", "A", "sag"), ("Carthage", "F", "bal"), ("Carthage", "F", "lig")],
    [("Carthage", "A sag - mas via convoy"), ("Carthage", "F bal C A sag - mas"),
     ("Carthage", "F lig C A sag - mas")],
)


def test_a_fleet_in_a_port_convoys_as_one_at_sea() -> None:
    """ancmed.map line 121, PORT BAL: Saguntum to Massilia by Baleares and the Ligurian Sea."""
    answer = _adjudicate(ANCMED, "F1M", *CONVOY_THROUGH_BALEARES)
    assert _results(answer) == {"A sag - mas via convoy": ["succeeds"],
                                "F bal C A sag - mas": ["available"],
                                "F lig C A sag - mas": ["available"]}
    assert {"power": "Carthage", "type": "A", "loc": "mas"} in answer["next"]["units"]


def test_without_the_port_a_fleet_in_baleares_cannot_convoy() -> None:
    """The same position where Baleares is a plain coast (DATC 6.F.1: only fleets at sea convoy)."""
    plain = replace(ANCMED, convoying=ANCMED.seas,
                    seas_touching={p: s - {"bal"} for p, s in ANCMED.seas_touching.items()})
    answer = _adjudicate(plain, "F1M", *CONVOY_THROUGH_BALEARES)
    results = _results(answer)
    assert results["F bal C A sag - mas"][0] == "illegal"
    assert answer["results"][1]["message"] == "only a fleet in a sea can convoy (DATC 6.F.1)"
    assert results["A sag - mas via convoy"][0] == "illegal"


def test_a_fleet_on_a_plain_coast_of_ancmed_cannot_convoy() -> None:
    answer = _adjudicate(ANCMED, "F1M", [("Rome", "A", "rom"), ("Rome", "F", "nea")],
                         [("Rome", "F nea C A rom - sic")])
    assert answer["results"][0]["message"] == "only a fleet in a sea or a port can convoy (DATC 6.F.1)"


def test_an_army_lands_in_a_port_and_a_fleet_there_is_attacked_as_on_a_coast() -> None:
    """A port is a coast: an army convoyed to it lands there (MILA: a convoy's end is a COAST or
    PORT)."""
    answer = _adjudicate(ANCMED, "F1M", [("Rome", "A", "mas"), ("Rome", "F", "lig")],
                         [("Rome", "A mas - bal via convoy"), ("Rome", "F lig C A mas - bal")])
    assert _results(answer) == {"A mas - bal via convoy": ["succeeds"],
                                "F lig C A mas - bal": ["available"]}
    assert {"power": "Rome", "type": "A", "loc": "bal"} in answer["next"]["units"]


# --- RULE BUILD_ANY --------------------------------------------------------------------------

AGE = load_variant("standard_age_of_empires")
STANDARD = load_variant("standard")
AUSTRIA_OWNS_SERBIA = {"vie": "Austria", "ser": "Austria", "bud": "Austria"}


def test_build_any_builds_in_an_owned_centre_that_is_no_home() -> None:
    """RULE BUILD_ANY (standard_age_of_empires.map line 7): Austria, whose one home is Vienna,
    builds in Serbia and Budapest, which it owns."""
    answer = _adjudicate(AGE, "W1901A", [("Austria", "A", "vie")],
                         [("Austria", "Build A ser"), ("Austria", "Build A bud")],
                         AUSTRIA_OWNS_SERBIA)
    assert _results(answer) == {"Build A ser": ["succeeds"], "Build A bud": ["succeeds"]}
    position = read_position(AGE, {"phase": "W1901A", "units": [], "supply_centers":
                                   AUSTRIA_OWNS_SERBIA})
    assert sorted(buildable_sites(AGE, position, "Austria")) == ["bud", "ser", "vie"]


def test_build_any_still_needs_a_supply_centre_the_power_owns() -> None:
    answer = _adjudicate(AGE, "W1901A", [], [("Austria", "Build A gal"), ("Austria", "Build A tri")],
                         AUSTRIA_OWNS_SERBIA)
    results = {r["order"]: ([str(w) for w in r["resolution"]], r["message"]) for r in answer["results"]}
    assert results["Build A gal"] == (["illegal"], "gal is not a supply centre")
    assert results["Build A tri"] == (["illegal"], "Austria does not own tri")


def test_without_build_any_only_home_centres_take_builds() -> None:
    """The standard rules (rule of builds: home supply centres only), on the standard map."""
    answer = _adjudicate(STANDARD, "W1901A", [("Austria", "A", "vie")], [("Austria", "Build A ser")],
                         AUSTRIA_OWNS_SERBIA)
    assert _results(answer) == {"Build A ser": ["illegal"]}
    assert answer["results"][0]["message"] == "ser is not a home centre of Austria"


# --- DUMMY -----------------------------------------------------------------------------------

KNOWN_WORLD = DiplomacyGame(load_variant("known_world_901"))


def test_a_dummy_is_a_power_of_the_game_that_never_has_to_act() -> None:
    """known_world_901.map line 95: DUMMY. Neutral-State's 49 armies stand in its centres; no
    phase waits for it."""
    state = KNOWN_WORLD.new_game(b"")
    assert KNOWN_WORLD.dummies() == ["Neutral-State"]
    assert "Neutral-State" in KNOWN_WORLD.powers()
    assert "Neutral-State" not in KNOWN_WORLD.pending(state).powers
    assert len(KNOWN_WORLD.pending(state).powers) == 15
    result = KNOWN_WORLD.resolve(state, {}, Random(0))
    neutral = [r for r in result.report["results"] if r["power"] == "Neutral-State"]
    assert len(neutral) == 49 and all(r["order"].endswith(" H") and r["default"] for r in neutral)


def test_a_dummys_builds_are_waived_and_its_removals_made_by_civil_disorder() -> None:
    """A dummy gives no orders: in an adjustment phase it builds nothing and loses the units it
    must, as any power in civil disorder (the judge's 2023 rule)."""
    game_map = KNOWN_WORLD.map
    state = {"phase": "W901A",
             "units": [{"power": "Neutral-State", "type": "A", "loc": "arm"},
                       {"power": "Neutral-State", "type": "A", "loc": "aze"}],
             "supply_centers": {"arm": "Neutral-State", "bas": "Neutral-State",
                                "bja": "Neutral-State"}}
    assert "Neutral-State" not in KNOWN_WORLD.pending(state).powers  # one build due: waived
    result = KNOWN_WORLD.resolve(state, {}, Random(0))
    assert len(result.state["units"]) == 2
    state = {**state, "supply_centers": {"arm": "Neutral-State"}}  # states are values: a new one
    assert "Neutral-State" not in KNOWN_WORLD.pending(state).powers  # one removal due
    result = KNOWN_WORLD.resolve(state, {}, Random(0))
    assert [a["action"] for a in result.report["automatic"]] == ["remove"]
    assert len(result.state["units"]) == 1 and game_map.dummies == {"Neutral-State"}
