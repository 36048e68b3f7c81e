"""Wars of the Roses I, rules 3, 6, 7 and 8: victory, foreign centres, one fleet a year, the first
phase; and that standard Diplomacy is untouched by the variant's hooks.

Rule numbers are those of the variant's rules (shared/seeds/wars-of-the-roses-i-diplomacy-variant.txt).
"""

from __future__ import annotations

import json
from random import Random

import pytest

from judge.cli import adjudicate_lines
from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.roses1 import is_foreign
from judge.games.diplomacy.rules import rules_for
from judge.games.diplomacy.vocabulary import Power, Province
from judge.games.variants import load_variant

from roses_play import ROSES, messages, play, units, words

GAME = DiplomacyGame(ROSES)
ENGLISH = ("Red Rose", "White Rose", "Percies", "Nevilles", "Beauforts")


def test_rule_8_the_first_move_is_spring_1455() -> None:
    assert GAME.pending(GAME.new_game(b"")).phase == "S1455M"


# --- rule 6: foreign centres ----------------------------------------------------------------------


def test_rule_6_which_centres_are_foreign_to_whom() -> None:
    centres = set(ROSES.supply_centres)
    for power in ENGLISH:
        assert {c for c in centres if is_foreign(Power(power), c)} == {"dub", "dum", "har", "cal"}
    assert {c for c in centres if not is_foreign(Power("Scots"), c)} == {"dum"}
    assert {c for c in centres if not is_foreign(Power("French"), c)} == {"har", "cal"}


def fall(
    placed: list[str], owners: dict[str, str], orders: list[tuple[str, str]] | None = None
) -> dict[str, str]:
    """Who owns the centres after a fall movement with no retreats."""
    answer = play("F1455M", placed, orders or [], supply_centers=owners)
    assert answer["next"]["phase"] in ("W1455A", "S1456M")
    return dict(answer["next"]["supply_centers"])


def test_rule_6_an_empty_foreign_centre_reverts_to_neutral_after_the_fall() -> None:
    owners = {"dub": "Percies", "cal": "Red Rose", "har": "Beauforts", "dum": "Nevilles",
              "ncl": "Scots", "lon": "French", "ken": "Percies", "lan": "Percies"}  # fmt: skip
    after = fall(["Percies A lan", "Scots F nth"], owners)
    assert after == {"ken": "Percies", "lan": "Percies"}  # the English's own centres stay


def test_rule_6_a_foreign_centre_with_a_unit_in_it_is_kept() -> None:
    owners = {"dub": "Percies", "cal": "French", "ncl": "Scots"}
    after = fall(["Percies A dub", "Scots F ncl"], owners)
    assert after == {"dub": "Percies", "cal": "French", "ncl": "Scots"}  # Calais is French enough


def test_rule_6_a_centre_not_foreign_to_its_owner_stays_empty_or_not() -> None:
    owners = {"dum": "Scots", "har": "French", "cal": "French", "lan": "Percies"}
    assert fall([], owners) == owners


def test_rule_6_a_foreign_centre_taken_by_another_power_is_its_own_again() -> None:
    # The White Rose takes Dublin from the Percies: it is foreign to the White Rose too, but a unit
    # stands in it, so it is kept.
    after = fall(["White Rose A uls"], {"dub": "Percies"}, [("White Rose", "A uls - dub")])
    assert after == {"dub": "White Rose"}


def test_rule_6_nothing_reverts_after_the_spring() -> None:
    answer = play("S1455M", [], [], supply_centers={"dub": "Percies"})
    assert answer["next"]["supply_centers"] == {"dub": "Percies"}


def test_rule_6_reversion_comes_after_the_fall_retreats() -> None:
    dislodged = [{"power": "Percies", "type": "A", "loc": "wex", "attacker_from": "app"}]
    kept = play(
        "F1455R", ["White Rose F wex"], [("Percies", "A wex - dub")],
        dislodged=dislodged, supply_centers={"dub": "Percies"},
    )  # fmt: skip
    assert kept["next"]["supply_centers"] == {"dub": "Percies"}  # it retreated into Dublin
    lost = play(
        "F1455R", ["White Rose F wex"], [("Percies", "A wex D")],
        dislodged=dislodged, supply_centers={"dub": "Percies"},
    )  # fmt: skip
    assert lost["next"]["supply_centers"] == {}


# --- rule 7: one fleet a year ---------------------------------------------------------------------


def test_rule_7_no_power_builds_a_second_fleet_in_a_year() -> None:
    answer = play(
        "W1455A",
        [],
        [("Red Rose", "Build F lon"), ("Red Rose", "Build F roc"), ("Red Rose", "Build A can")],
        supply_centers={"lon": "Red Rose", "roc": "Red Rose", "can": "Red Rose"},
    )
    assert words(answer) == [["succeeds"], ["illegal"], ["succeeds"]]
    assert (
        messages(answer)[1]
        == "Red Rose built a fleet already this winter: one fleet a year (rule 7)"
    )
    assert {u["loc"] for u in answer["next"]["units"]} == {"lon", "can"}


def test_rule_7_a_fleet_built_in_a_box_counts_too() -> None:
    answer = play(
        "W1455A",
        [],
        [("French", "Build F france"), ("French", "Build F har"), ("French", "Build A france")],
        supply_centers={"har": "French"},
    )
    assert words(answer) == [["succeeds"], ["illegal"], ["succeeds"]]


def test_rule_7_a_refused_fleet_uses_no_build() -> None:
    answer = play(
        "W1455A",
        [],
        [("Red Rose", "Build F lon"), ("Red Rose", "Build F roc"), ("Red Rose", "Build A roc")],
        supply_centers={"lon": "Red Rose", "roc": "Red Rose"},
    )
    assert words(answer) == [["succeeds"], ["illegal"], ["succeeds"]]


def test_standard_diplomacy_builds_any_number_of_fleets() -> None:
    standard = load_variant("standard")
    assert rules_for(standard).fleet_builds is None
    game = DiplomacyGame(standard)
    state = {"phase": "W1901A", "units": [], "supply_centers": {"lon": "England", "edi": "England"}}
    result = game.resolve(state, {"England": ["Build F lon", "Build F edi"]}, Random(0))
    assert [r["resolution"] for r in result.report["results"]] == [["succeeds"], ["succeeds"]]


# --- rule 3: victory ------------------------------------------------------------------------------


def owning(power: str, count: int, *others: tuple[str, int]) -> dict[str, str]:
    centres = sorted(ROSES.supply_centres)
    owners: dict[str, str] = {}
    for who, number in ((power, count), *others):
        for _ in range(number):
            owners[centres.pop(0)] = who
    return owners


def state(
    owners: dict[str, str], phase: str = "W1460A", placed: tuple[str, ...] = ()
) -> dict[str, object]:
    return {"phase": phase, "units": units(*placed), "supply_centers": owners, "king": "lon"}


@pytest.mark.parametrize("power", ["Percies", "Nevilles", "Beauforts"])
def test_rule_3_an_english_power_wins_with_21_centres_on_the_board(power: str) -> None:
    outcome = GAME.outcome(state(owning(power, 21)))
    assert outcome is not None and outcome.winners == (power,)
    assert outcome.reason == f"{power} owns 21 supply centres on the board (rule 3)"
    assert GAME.outcome(state(owning(power, 20))) is None


@pytest.mark.parametrize("power", ["Red Rose", "White Rose"])
def test_rule_3_the_roses_must_also_hold_henry_vi(power: str) -> None:
    assert GAME.outcome(state(owning(power, 25), placed=("Percies A lon",))) is None
    assert GAME.outcome(state(owning(power, 25), placed=())) is None  # nobody holds him
    outcome = GAME.outcome(state(owning(power, 21), placed=(f"{power} A lon",)))
    assert outcome is not None and outcome.winners == (power,)
    assert (
        outcome.reason == f"{power} owns 21 supply centres on the board and holds Henry VI (rule 3)"
    )


@pytest.mark.parametrize("power", ["Scots", "French"])
def test_rule_3_the_scots_or_the_french_win_with_seven_on_the_board(power: str) -> None:
    outcome = GAME.outcome(state(owning(power, 7)))
    assert outcome is not None and outcome.winners == (power,)
    # the box centres count for builds, not for victory
    assert GAME.outcome(state(owning(power, 6))) is None


def test_rule_3_two_powers_may_qualify_at_once() -> None:
    outcome = GAME.outcome(state(owning("Nevilles", 21, ("Scots", 7))))
    assert outcome is not None and outcome.winners == ("Nevilles", "Scots")


def test_rule_3_victory_is_checked_only_at_the_end_of_a_year() -> None:
    owners = owning("Nevilles", 21)
    assert GAME.outcome(state(owners, phase="S1461M")) is not None
    for phase in ("S1461R", "F1461M", "F1461R"):
        assert GAME.outcome(state(owners, phase=phase)) is None, phase


def test_the_report_counts_centres_on_the_board_and_shows_the_king_and_the_boxes() -> None:
    """Rules 3 and 5: the count of centres is the one victory goes by, on the board; a box's
    centres are listed apart (they count for builds)."""
    result = GAME.resolve(GAME.new_game(b""), {}, Random(0))
    report = result.report
    assert report["centres"]["Scots"] == 1 and report["centres"]["French"] == 1
    assert report["centres"]["Red Rose"] == 3
    scots = next(entry for entry in report["after"]["powers"] if entry["power"] == "Scots")
    assert scots["box_centres"] == ["Edinburgh (Scotland)", "Stirling (Scotland)"]
    assert report["king"] == {
        "name": "Henry VI",
        "province": "lon",
        "place": "London",
        "held_by": "Red Rose",
    }
    assert report["boxes"] == [
        {
            "name": "Scotland",
            "power": "Scots",
            "centres": ["Edinburgh", "Stirling"],
            "units": ["A", "A"],
        },
        {"name": "France", "power": "French", "centres": ["Paris", "Rouen"], "units": ["A", "F"]},
    ]
    assert GAME.outcome(result.state) is None
    assert rules_for(ROSES).name == "roses1" and rules_for(ROSES).king_starts == Province("lon")


def test_judge_adjudicate_with_variant_roses1_starts_in_spring_1455_with_the_king_and_boxes() -> (
    None
):
    line = json.dumps({
        "units": units("Red Rose A lon", "Scots A Scotland"),
        "orders": [{"power": "Red Rose", "order": "A+K Lon-Sry"},
                   {"power": "Scots", "order": "A Scotland - Teviotdale"}],
    })  # fmt: skip
    (answer,) = [json.loads(out) for out in adjudicate_lines([line], "roses1")]
    assert [r["resolution"] for r in answer["results"]] == [["succeeds"], ["succeeds"]]
    assert answer["results"][1]["unit"] == "A scotland"
    assert answer["next"]["phase"] == "F1455M" and answer["next"]["king"] == "sry"


def test_rule_3_judge_adjudicate_says_who_has_won() -> None:
    """The ``winner`` field follows rule 3: after the fall a Neville army takes Lincoln, the
    21st centre on the board; the same move in the spring wins nothing yet (only at a year's end)."""
    nevilles = Power("Nevilles")
    english_centres = [
        c for c in sorted(ROSES.supply_centres) if not is_foreign(nevilles, c) and c != "lin"
    ]
    position = {
        "phase": "F1460M",
        "units": units("Nevilles A cam"),
        "supply_centers": {centre: "Nevilles" for centre in english_centres[:20]},
        "orders": [{"power": "Nevilles", "order": "A cam - lin"}],
    }
    (won,) = [json.loads(out) for out in adjudicate_lines([json.dumps(position)], "roses1")]
    assert won["winner"] == {
        "powers": ["Nevilles"],
        "reason": "Nevilles owns 21 supply centres on the board (rule 3)",
    }
    spring = json.dumps({**position, "phase": "S1461M"})
    (not_yet,) = [json.loads(out) for out in adjudicate_lines([spring], "roses1")]
    assert not_yet["results"][0]["resolution"] == ["succeeds"] and not_yet["winner"] is None
