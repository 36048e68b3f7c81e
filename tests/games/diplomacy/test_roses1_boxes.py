"""Wars of the Roses I, the off-board boxes (rules 2 and 5): units waiting off the board, coming onto
it across the edge, never supporting or supported, never dislodged; builds and removals there.

Rule numbers are those of the variant's rules (shared/seeds/wars-of-the-roses-i-diplomacy-variant.txt).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from judge.games.diplomacy.turns import starting_position
from judge.games.diplomacy.vocabulary import Power
from judge.games.diplomacy.wire import WireError
from judge.games.variants import load_variant

from roses_play import messages, placed, play, units, words

S = "Scots"
F = "French"
P = "Percies"


def test_rule_2_the_scots_and_french_start_with_units_in_their_boxes() -> None:
    position = starting_position(load_variant("roses1"))
    assert sorted(str(u) for u in position.off_board if u.power == S) == [
        "A scotland",
        "A scotland",
    ]
    assert sorted(str(u) for u in position.off_board if u.power == F) == ["A france", "F france"]
    assert str(position.units["dum"]) == "F dum" and str(position.units["har"]) == "F har"


def test_rule_5_an_army_comes_on_across_the_north_edge_and_the_other_waits() -> None:
    answer = play(
        "S1455M", ["Scots A scotland", "Scots A scotland"], [(S, "A Scotland - Teviotdale")]
    )
    assert words(answer) == [["succeeds"]]  # the second army has no order: it holds
    assert placed(answer) == {"Scots A tev", "Scots A scotland"}


@pytest.mark.parametrize("entry", ["dum", "tev", "bwk"])
def test_rule_5_every_army_entry_of_scotland(entry: str) -> None:
    answer = play("S1455M", ["Scots A scotland"], [(S, f"A scotland - {entry}")])
    assert words(answer) == [["succeeds"]] and placed(answer) == {f"Scots A {entry}"}


@pytest.mark.parametrize("entry", ["nth", "nch", "bwk", "dum"])
def test_rule_5_every_fleet_entry_of_scotland(entry: str) -> None:
    answer = play("S1455M", ["Scots F scotland"], [(S, f"F scotland - {entry}")])
    assert words(answer) == [["succeeds"]] and placed(answer) == {f"Scots F {entry}"}


def test_rule_5_armies_enter_only_at_the_edge() -> None:
    answer = play(
        "S1455M", ["Scots A scotland"], [(S, "A scotland - car"), (S, "A scotland - ncl")]
    )
    assert words(answer) == [["illegal"], ["illegal"]]
    assert "only at bwk, dum, tev (rule 5)" in messages(answer)[0]
    assert placed(answer) == {"Scots A scotland"}


def test_rule_5_the_french_army_enters_at_harfleur_or_picardy() -> None:
    answer = play("S1455M", ["French A france", "French F france"], [(F, "A France - Picardy")])
    assert words(answer) == [["succeeds"]]
    assert placed(answer) == {"French A pic", "French F france"}
    answer = play("S1455M", ["French A france"], [(F, "A france - cal")])
    assert words(answer) == [["illegal"]]


def test_rule_5_french_fleets_never_straight_into_harfleur_or_picardy() -> None:
    for entry in ("sei", "wch"):
        answer = play("S1455M", ["French F france"], [(F, f"F france - {entry}")])
        assert words(answer) == [["succeeds"]] and placed(answer) == {f"French F {entry}"}
    for coast in ("har", "pic", "eng", "dov", "app"):
        answer = play("S1455M", ["French F france"], [(F, f"F france - {coast}")])
        assert words(answer) == [["illegal"]], coast
        assert messages(answer) == [
            "fleets come onto the board from France only at sei, wch (rule 5)"
        ]


def test_rule_5_two_units_from_one_box_bounce_off_each_other() -> None:
    answer = play(
        "S1455M",
        ["Scots A scotland", "Scots A scotland"],
        [(S, "A scotland - tev"), (S, "A scotland - tev")],
    )
    assert words(answer) == [["fails"], ["fails"]]
    assert placed(answer) == {"Scots A scotland", "Scots A scotland"}  # both still wait
    assert [u["loc"] for u in answer["next"]["units"]] == ["scotland", "scotland"]


def test_rule_5_a_box_unit_bounces_with_a_unit_on_the_board() -> None:
    answer = play(
        "S1455M",
        ["Scots A scotland", "Percies A ncl"],
        [(S, "A scotland - tev"), (P, "A ncl - tev")],
    )
    assert words(answer) == [["fails"], ["fails"]]
    assert placed(answer) == {"Scots A scotland", "Percies A ncl"}


def test_rule_5_orders_are_matched_to_a_boxs_armies_in_turn_and_one_too_many_is_refused() -> None:
    answer = play(
        "S1455M",
        ["Scots A scotland", "Scots A scotland"],
        [(S, "A scotland - tev"), (S, "A scotland - bwk"), (S, "A scotland - dum")],
    )
    assert words(answer) == [["succeeds"], ["succeeds"], ["illegal"]]
    assert messages(answer)[2] == (
        "one order too many: each of the 2 armies of Scots in Scotland has its order already"
    )
    assert placed(answer) == {"Scots A tev", "Scots A bwk"}


def test_rule_5_an_impossible_order_takes_no_unit_from_the_box() -> None:
    answer = play(
        "S1455M",
        ["Scots A scotland"],
        [(S, "A scotland - car"), (S, "A scotland - tev")],
    )
    assert words(answer) == [["illegal"], ["succeeds"]]
    assert placed(answer) == {"Scots A tev"}


def test_an_order_without_the_unit_type_names_a_box_of_one_type_only() -> None:
    answer = play("S1455M", ["Scots A scotland"], [(S, "Scotland - Berwick")])
    assert words(answer) == [["succeeds"]]
    answer = play("S1455M", ["French A france", "French F france"], [(F, "france - pic")])
    assert words(answer)[0] == ["illegal"]
    assert messages(answer)[0] == "France holds armies and fleets: say which (A or F)"


def test_rule_5_only_the_boxs_power_orders_its_units() -> None:
    answer = play("S1455M", ["Scots A scotland"], [(P, "A scotland - tev")])
    assert words(answer)[0] == ["illegal"]
    assert messages(answer)[0] == "the units in Scotland belong to Scots (rule 5)"
    answer = play("S1455M", ["Scots A scotland"], [(S, "F scotland - nth")])
    assert messages(answer)[0] == "there is no fleet in Scotland"


def test_rule_5_nothing_moves_into_a_box() -> None:
    answer = play(
        "S1455M",
        ["Scots F dum", "Scots A tev", "French F eng"],
        [(S, "F dum - Scotland"), (S, "A tev - scotland"), (F, "F eng - France")],
    )
    assert words(answer) == [["illegal"]] * 3
    assert set(messages(answer)) == {
        "nothing moves into a box: a unit on the board never leaves it (rule 5)"
    }
    assert placed(answer) == {"Scots F dum", "Scots A tev", "French F eng"}
    answer = play(
        "S1455M", ["Scots F dum", "Scots A tev", "Scots F nch"],
        [(S, "A tev S F dum - scotland"), (S, "F nch C A tev - scotland")],
    )  # fmt: skip
    assert words(answer) == [["illegal"]] * 2


def test_rule_5_units_in_a_box_do_not_support_or_convoy() -> None:
    answer = play(
        "S1455M",
        ["Scots A scotland", "Scots F scotland", "Scots F dum", "Percies A car"],
        [
            (S, "A scotland S F dum"),
            (S, "F scotland C A scotland - dum"),
            (S, "A scotland S F dum - car"),
            (S, "F dum - car"),
            (P, "A car H"),
        ],
    )
    assert words(answer)[:3] == [["illegal"]] * 3
    assert set(messages(answer)[:3]) == {"units in a box may not support or convoy (rule 5)"}
    assert words(answer)[3] == ["fails"]  # unsupported: it bounces off the army in Carlisle


def test_rule_5_a_unit_moving_in_from_a_box_cannot_be_supported() -> None:
    answer = play(
        "S1455M",
        ["Scots A scotland", "Scots F dum", "Percies A ncl"],
        [(S, "A scotland - tev"), (S, "F dum S A scotland - tev"), (P, "A ncl - tev")],
    )
    assert words(answer) == [["fails"], ["illegal"], ["fails"]]  # one to one: a standoff
    assert messages(answer)[1] == (
        "a unit in a box, or moving onto the board from it, cannot be supported (rule 5)"
    )


def test_rule_5_a_unit_in_a_box_cannot_be_supported_holding_nor_convoyed() -> None:
    answer = play(
        "S1455M",
        ["Scots A scotland", "Scots F dum", "Scots F nch"],
        [
            (S, "F dum S A scotland"),
            (S, "F nch C A scotland - uls"),
            (S, "A scotland - uls via convoy"),
        ],
    )
    assert words(answer) == [["illegal"], ["illegal"], ["illegal"]]
    assert messages(answer)[1] == "a unit in a box cannot be convoyed (rule 5)"
    assert messages(answer)[2] == "a unit cannot be convoyed out of Scotland (rule 5)"


def test_rule_5_a_box_unit_entering_cuts_a_support_there_like_any_attack() -> None:
    answer = play(
        "S1455M",
        ["Scots A scotland", "Percies A tev", "Percies A ncl", "White Rose A bwk"],
        [(S, "A scotland - tev"), (P, "A tev S A ncl - bwk"), (P, "A ncl - bwk")],
    )
    assert words(answer) == [["fails"], ["cut"], ["fails"]]


def test_rule_5_a_box_unit_follows_a_unit_leaving_its_entry() -> None:
    answer = play(
        "S1455M",
        ["Scots A scotland", "Scots F dum"],
        [(S, "F dum - sol"), (S, "A scotland - dum")],
    )
    assert words(answer) == [["succeeds"], ["succeeds"]]
    assert placed(answer) == {"Scots F sol", "Scots A dum"}


def test_the_box_units_stay_in_the_box_through_retreats_and_the_fall() -> None:
    answer = play(
        "F1455M",
        ["Scots A scotland", "Percies A lid", "Percies A ncl", "Scots A tev"],
        [(P, "A lid - tev"), (P, "A ncl S A lid - tev")],
    )
    following = answer["next"]
    assert following["phase"] == "F1455R"
    assert {"power": "Scots", "type": "A", "loc": "scotland"} in following["units"]
    retreat = play(
        following["phase"],
        [f"{u['power']} {u['type']} {u['loc']}" for u in following["units"]],
        [(S, "A tev - dum")],
        dislodged=following["dislodged"],
        supply_centers=following["supply_centers"],
    )
    assert "Scots A scotland" in placed(retreat) and "Scots A dum" in placed(retreat)


# --- builds and removals ------------------------------------------------------------------------


def test_rule_5_box_centres_count_for_supply_and_builds_go_into_the_box() -> None:
    # The Scots own Dumfries and Newcastle on the board, and Edinburgh and Stirling in the box: four
    # centres for one unit, so three builds; any number may go into the box.
    answer = play(
        "W1455A",
        ["Scots F nth"],
        [(S, "Build A Scotland"), (S, "Build F scotland"), (S, "Build A dum")],
        supply_centers={"dum": "Scots", "ncl": "Scots"},
    )
    assert words(answer) == [["succeeds"]] * 3
    assert placed(answer) == {"Scots F nth", "Scots A scotland", "Scots F scotland", "Scots A dum"}
    assert [r["unit"] for r in answer["results"]][:2] == ["A scotland", "F scotland"]


def test_rule_5_only_the_boxs_power_builds_there_and_says_the_type() -> None:
    answer = play(
        "W1455A",
        [],
        [(P, "Build A scotland"), (S, "Build scotland")],
        supply_centers={"dum": "Scots", "lan": "Percies"},
    )
    assert words(answer) == [["illegal"], ["illegal"]]
    assert messages(answer) == ["only Scots build in Scotland", "say which unit to build: A or F"]


def test_rule_5_removals_from_a_box_and_civil_disorder_takes_the_board_first() -> None:
    # The French own no centre on the board: Paris and Rouen supply two of their four units.
    answer = play(
        "W1455A",
        ["French A france", "French F france", "French F eng", "French A pic"],
        [(F, "Remove F France")],
        supply_centers={},
    )
    assert words(answer) == [["succeeds"]]
    # Both units on the board are one move from the box; a fleet goes before an army (2023 rules).
    assert answer["automatic"] == [
        {"power": "French", "type": "F", "loc": "eng", "action": "remove"}
    ]
    assert placed(answer) == {"French A france", "French A pic"}


def test_civil_disorder_keeps_units_in_the_box_last() -> None:
    answer = play(
        "W1455A",
        ["French A france", "French F france", "French F eng", "French A pic"],
        [],
        supply_centers={},
    )
    assert sorted(a["loc"] for a in answer["automatic"]) == ["eng", "pic"]
    assert placed(answer) == {"French A france", "French F france"}


# --- the JSON form ------------------------------------------------------------------------------


def test_box_units_are_read_by_name_and_written_by_key() -> None:
    answer = play("S1455M", ["Scots A Scotland", "French F FRANCE"], [])
    assert placed(answer) == {"Scots A scotland", "French F france"}


def test_a_unit_stands_only_in_its_own_powers_box() -> None:
    with pytest.raises(WireError, match="Percies units cannot stand in Scotland"):
        play("S1455M", ["Percies A scotland"], [])
    assert Power("Scots") in load_variant("roses1").powers


def test_judge_adjudicate_gives_every_order_for_a_box_a_result_line_naming_its_unit() -> None:
    """Rule 5 through ``judge adjudicate --variant roses1``: an impossible order for a unit in a
    box, or for a unit on the board into a box, is answered as any illegal order is: one result
    line, naming the unit, which holds (and a unit on the board may then be dislodged)."""
    orders = [
        (S, "A scotland - car"),  # not on the north edge
        (S, "A scotland S F dum"),  # no support from a box
        (S, "A scotland - tev"),
        (S, "A scotland - bwk"),
        (S, "A scotland - dum"),  # both armies have their orders already
        (F, "F france - har"),  # not straight into Harfleur
        (F, "france H"),  # armies and fleets there: which?
        (S, "F dum - scotland"),  # nothing moves into a box: it holds, and is dislodged
        (P, "A lid - dum"),
        (P, "F sol S A lid - dum"),
    ]
    line = json.dumps({
        "units": units("Scots A scotland", "Scots A scotland", "Scots F dum", "French A france",
                       "French F france", "Percies A lid", "Percies F sol"),
        "orders": [{"power": power, "order": text} for power, text in orders],
    })  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "judge.cli", "adjudicate", "--variant", "roses1"],
        input=line + "\n", capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    (answer,) = [json.loads(out) for out in done.stdout.splitlines()]
    assert [(r["power"], r["order"]) for r in answer["results"]] == orders
    assert [(r["unit"], r["resolution"]) for r in answer["results"]] == [
        ("A scotland", ["illegal"]),
        ("A scotland", ["illegal"]),
        ("A scotland", ["succeeds"]),
        ("A scotland", ["succeeds"]),
        ("A scotland", ["illegal"]),
        ("F france", ["illegal"]),
        (None, ["illegal"]),  # no one unit: there is no unit it names
        ("F dum", ["illegal", "dislodged"]),
        ("A lid", ["succeeds"]),
        ("F sol", ["given"]),
    ]
    assert all(r["message"] for r in answer["results"] if "illegal" in r["resolution"])
    assert placed(answer) >= {"French A france", "French F france", "Scots A tev", "Scots A bwk"}
    assert [(d["type"], d["loc"]) for d in answer["next"]["dislodged"]] == [("F", "dum")]
