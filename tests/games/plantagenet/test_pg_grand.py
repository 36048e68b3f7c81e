"""The grand scenario, the Wars of the Roses (6.0-6.3), as ``plantagenet``: Renewed War
(6.1.2), the setups of IIY, IIL, IIIY and IIIL from the Heirs left, Succession in the second War
(6.2.2), Natural Causes, Surrender (6.1.1), War, Dynastic and Final Victory."""

from __future__ import annotations

from random import Random
from typing import Any

from judge.games.plantagenet.battle import Entry, LordAftermath
from judge.games.plantagenet.battle.model import BattleResult
from judge.games.plantagenet.command import default_plan, plan_refusal
from judge.games.plantagenet.game import PlantagenetGame
from judge.games.plantagenet.mat import remove_lord
from judge.games.plantagenet.orders import Order
from judge.games.plantagenet.state import new_mat
from judge.games.plantagenet.succession import heir_cards, surrender
from judge.games.plantagenet.war_setups import setup_iiil, setup_iiiy, setup_iil, setup_iiy
from judge.games.plantagenet.wars import natural_causes, new_wars, note_gloucester, renew
from judge.games.registry import playable_kind

from pg_helpers import Dice

RANKS = {"York": 1, "March": 2, "Edward IV": 2, "Rutland": 3, "Gloucester 1": 4, "Henry VI": 1, "Margaret": 2,
         "Somerset 1": 3, "Somerset 2": 4}
SIDE = {"York": "York", "March": "York", "Edward IV": "York", "Rutland": "York", "Gloucester 1": "York",
        "Henry VI": "Lancaster", "Margaret": "Lancaster", "Somerset 1": "Lancaster", "Somerset 2": "Lancaster"}


def record(war: str, *removed: str, y28: bool = False) -> dict[str, Any]:
    """What the earlier Wars leave (``state["wars"]``): these Heirs removed by Death."""
    gone: dict[str, dict[str, str]] = {"York": {}, "Lancaster": {}}
    for lord in removed:
        gone[SIDE[lord]][str(RANKS[lord])] = "dead"
    return {"war": war, "won": [], "removed": gone, "turns": 15, "y28": y28, "warwick": None, "heirs": {}}


def at(state: dict[str, Any], lord: str) -> Any:
    entry = state["lords"][lord]
    return entry.get("at", entry.get("box"))


def deck(state: dict[str, Any], side: str) -> set[str]:
    return set(state["decks"][side])


def test_renewed_war_sets_up_iiy_or_iil_by_the_first_war_winner_6_1_2() -> None:
    """6.1.2: after the first War, IIY if the Yorkists won it, IIL if the Lancastrians did; the
    winner is noted and the new War's first Levy begins."""
    for winner, war in (("York", "IIY"), ("Lancaster", "IIL")):
        state = new_wars()
        state["box"] = 7
        state["outcome"] = {"winner": winner, "reason": "test"}
        events: list[dict[str, Any]] = []
        assert renew(state, Random(1), events)
        assert state["scenario"] == war and state["wars"]["won"] == [["I", winner]]
        assert state["outcome"] is None and state["wars"]["turns"] == 7 and state["box"] == 1
        assert state["step"]["name"] == "muster" and {"type": "war", "war": war} in events


def test_iiy_setup_with_every_heir_6_3() -> None:
    """6.3 IIY: York King at London with Y14, Y18, Y19, Y20; March at Ludlow; Rutland at
    Canterbury with its Favour; Henry VI and Somerset (1) in box 9 marked Exile with Henry's L17,
    L18, L20, L21; Devon box 1, Gloucester (1) and Northumberland box 9; no Pembroke."""
    state = setup_iiy(record("IIY"))
    assert at(state, "York") == "London" and at(state, "March") == "Ludlow" and at(state, "Rutland") == "Canterbury"
    assert state["favour"]["Canterbury"] == "York"
    assert state["lords"]["Henry VI"] == {"box": 9, "exile": True} and state["lords"]["Somerset 1"] == {"box": 9, "exile": True}
    assert "Margaret" not in state["lords"] and "Somerset 2" not in state["lords"] and "Pembroke" not in state["lords"]
    assert at(state, "Devon") == 1 and at(state, "Gloucester 1") == 9 and at(state, "Warwick L") == "Calais"
    assert {"Y14", "Y18", "Y19", "Y20", "Y25", "Y30"} <= deck(state, "York") and "Y23" not in deck(state, "York")
    assert {"L17", "L18", "L20", "L21", "L36"} <= deck(state, "Lancaster") and "L4" not in deck(state, "Lancaster")
    assert "L27" not in deck(state, "Lancaster")


def test_iiy_setup_after_york_and_henry_removed_6_3() -> None:
    """6.3 IIY: York removed, Edward IV is King at London with Y23, Y24, Y28, Y31; Henry VI
    removed, Margaret in box 9 marked Exile with L27, L28, L31; with two Heirs left, Pembroke
    Musters at Pembroke."""
    state = setup_iiy(record("IIY", "York", "Rutland", "Henry VI"))
    assert at(state, "Edward IV") == "London" and "March" not in state["lords"]
    assert at(state, "Pembroke") == "Pembroke" and "Rutland" not in state["lords"]
    assert {"Y23", "Y24", "Y28", "Y31"} <= deck(state, "York") and "Y14" not in deck(state, "York")
    assert state["lords"]["Margaret"] == {"box": 9, "exile": True}
    assert {"L27", "L28", "L31"} <= deck(state, "Lancaster") and "L17" not in deck(state, "Lancaster")


def test_iiy_succession_in_play_6_2_2() -> None:
    """6.3 IIY Succession in play: York removed, March is replaced in place by Edward IV (his
    mat and Plan cards), York's cards leave play and Edward IV's come in; two Heirs left bring
    Pembroke to the next box; Henry VI removed brings Margaret to the next box (6.2.2)."""
    state = setup_iiy(record("IIY", "Rutland"))
    state["box"] = 4
    state["plans"]["York"] = ["March", "Pass", "York"]
    state["held"]["York"] = []
    march = dict(state["lords"]["March"])
    remove_lord(state, "York", [], "dead")
    assert "March" not in state["lords"] and state["lords"]["Edward IV"]["at"] == "Ludlow"
    assert state["lords"]["Edward IV"]["troops"] == march["troops"]
    assert state["plans"]["York"] == ["Edward IV", "Pass", "York"]
    assert {"Y14", "Y18", "Y19", "Y20"} <= set(state["aside"]) and {"Y23", "Y24", "Y28", "Y31"} <= deck(state, "York")
    assert state["lords"]["Pembroke"] == {"box": 5, "exile": False}
    assert state["wars"]["removed"]["York"] == {"3": "dead", "1": "dead"}
    state["lords"]["Henry VI"] = new_mat("Henry VI", "Coventry")
    remove_lord(state, "Henry VI", [], "dead")
    assert state["lords"]["Margaret"] == {"box": 5, "exile": False} and {"L27", "L28", "L31"} <= deck(state, "Lancaster")
    assert state["outcome"] is None


def test_plans_use_the_command_cards_of_lords_in_the_war_6_2_2() -> None:
    """1.9.2, 6.2.2 ADD: a side plans with the Command cards of the Lords its War has brought in:
    with York removed, Edward IV's, not March's."""
    state = setup_iiy(record("IIY", "York"))
    state["box"] = 1
    assert plan_refusal(state, "York", ("Edward IV", "Pass", "Pass", "Pass")) is None
    assert plan_refusal(state, "York", ("March", "Pass", "Pass", "Pass"))
    assert "March" not in default_plan(state, "York")


def test_iil_setup_6_3() -> None:
    """6.3 IIL: Henry VI King at London (L15, L17), Somerset (1) at Wells, Jasper Tudor at
    Harlech; Warwick, Salisbury and Pembroke Mustered; the Yorkist Heirs in box 7 marked Exile;
    York as highest Heir adds Y14, Y20. With Henry VI removed Margaret (King: L27, L31) comes to
    box 1 (the reading taken); with Somerset the last, he is King at London."""
    state = setup_iil(record("IIL"))
    assert at(state, "Henry VI") == "London" and at(state, "Somerset 1") == "Wells" and at(state, "Jasper Tudor 1") == "Harlech"
    assert at(state, "Warwick Y") == "Calais" and at(state, "Pembroke") == "Pembroke"
    assert all(state["lords"][lord] == {"box": 7, "exile": True} for lord in ("York", "March", "Rutland", "Gloucester 1"))
    assert {"L15", "L17", "L34"} <= deck(state, "Lancaster") and {"Y14", "Y20", "Y34"} <= deck(state, "York")
    assert "Y21" not in deck(state, "York")
    state = setup_iil(record("IIL", "Henry VI", "York"))
    assert state["lords"]["Margaret"] == {"box": 1, "exile": False}
    assert {"L27", "L31"} <= deck(state, "Lancaster") and "L15" not in deck(state, "Lancaster")
    assert {"Y20", "Y21"} <= deck(state, "York") and "York" not in state["lords"]
    state = setup_iil(record("IIL", "Henry VI", "Margaret", "Somerset 1"))
    assert at(state, "Somerset 2") == "London" and {"L16", "L27"} <= deck(state, "Lancaster")


def test_natural_causes_after_the_second_war_6_3() -> None:
    """6.3 Wars II, Natural Causes: two dice for Henry VI and York still present, removed on a roll
    less than the last Turn played; in IIY one die for Edward IV, removed on a 6."""
    state = setup_iiy(record("IIY"))
    state["lords"]["Edward IV"] = state["lords"].pop("March")
    state["box"] = 8
    events: list[dict[str, Any]] = []
    natural_causes(state, Dice(4, 4, 3, 4, 6), events)
    assert [(e["lord"], e["roll"], e["removed"]) for e in events] == [
        ("Henry VI", 8, False), ("York", 7, True), ("Edward IV", 6, True)]
    assert state["wars"]["removed"]["York"] == {"1": "natural", "2": "natural"}


def test_iiiy_setup_edward_king_gloucester_heir_margaret_6_3() -> None:
    """6.3 IIIY: Edward IV King at London (Y23, Y24), Gloucester (1) his Heir at Gloucester (Y34,
    Y28), Norfolk at Arundel (no Northumberland: two of York, March, Gloucester left); Margaret the
    Lancastrian Heir in France (L27, L31, L26 at her mat) with Oxford and Jasper Tudor; Favour at
    London and the Lords' Seats; 8 Influence off per Heir lost before."""
    state = setup_iiiy(record("IIIY", "York", "Rutland", "Henry VI"))
    assert at(state, "Edward IV") == "London" and at(state, "Gloucester 1") == "Gloucester"
    assert "Northumberland Y2" not in state["lords"] and at(state, "Norfolk") == "Arundel"
    assert {"Y23", "Y24", "Y34", "Y28", "Y36"} <= deck(state, "York") and "Y37" not in deck(state, "York")
    assert at(state, "Margaret") == "France" and state["lords"]["Margaret"]["caps"] == ["L26"]
    assert at(state, "Oxford") == "France" and at(state, "Jasper Tudor 2") == "France"
    assert {"L27", "L31", "L37"} <= deck(state, "Lancaster")
    assert state["favour"] == {"London": "York", "Gloucester": "York", "Arundel": "York",
                               "Oxford": "Lancaster", "Pembroke": "Lancaster"}
    assert state["influence"] == 16 - 8  # two Yorkist Heirs lost, one Lancastrian
    assert state["box"] == 3 and state["wars"]["heirs"] == {"Lancaster": ["Edward IV", "Gloucester 1"], "York": ["Margaret"]}


def test_iiiy_setup_rutland_king_with_gloucester_and_northumberland_6_3() -> None:
    """6.3 IIIY: Rutland King at London (Y20, Y21) with Gloucester (2) his Heir at London (Y34);
    one of York, March and Gloucester left brings Northumberland (2) to Carlisle with Y37."""
    state = setup_iiiy(record("IIIY", "York", "March"))
    assert at(state, "Rutland") == "London" and at(state, "Gloucester 2") == "London"
    assert at(state, "Northumberland Y2") == "Carlisle"
    assert {"Y20", "Y21", "Y34", "Y37"} <= deck(state, "York")


def test_iiiy_setup_rutland_alone_gives_warwick_the_crown_6_3() -> None:
    """6.3 IIIY: Rutland the only Heir left is removed and Warwick is King at London with
    Salisbury at York and Y16, Y17, Y22; with no Margaret and a King other than Edward IV, Henry
    Tudor is the Lancastrian Heir (L32, L35)."""
    wars = record("IIIY", "York", "March", "Gloucester 1", "Margaret")
    state = setup_iiiy(wars)
    assert at(state, "Warwick Y") == "London" and at(state, "Salisbury") == "York" and "Rutland" not in state["lords"]
    assert wars["warwick"] == "York" and wars["removed"]["York"]["3"] == "setup"
    assert {"Y16", "Y17", "Y22"} <= deck(state, "York")
    assert at(state, "Henry Tudor") == "France" and {"L32", "L35"} <= deck(state, "Lancaster")


def test_iiiy_setup_gloucester_as_heir_removes_rutland_and_warwick_faces_edward_6_3() -> None:
    """6.3 IIIY: Gloucester as Heir (Y28) played in the second War with Rutland and Gloucester
    left removes Rutland; Edward IV King with Margaret gone: Warwick the Lancastrian Heir at
    Calais (L23, L30), Oxford and Jasper Tudor with him."""
    wars = record("IIIY", "York", "Margaret", y28=True)
    state = setup_iiiy(wars)
    assert wars["removed"]["York"]["3"] == "setup" and "Rutland" not in state["lords"]
    assert at(state, "Edward IV") == "London" and at(state, "Gloucester 1") == "Gloucester"
    assert at(state, "Warwick L") == "Calais" and at(state, "Oxford") == "Calais" and wars["warwick"] == "Lancaster"
    assert {"L23", "L30"} <= deck(state, "Lancaster")


def test_iiil_setup_6_3() -> None:
    """6.3 IIIL: the highest Lancastrian Heir King at London (Margaret with L26, L27, L31), the
    others removed; York with March his Heir in Burgundy (Y14, Y18, Y20) with Norfolk; Oxford at
    Oxford, Jasper Tudor at Pembroke; boxes 4-9."""
    wars = record("IIIL", "Henry VI")
    state = setup_iiil(wars)
    assert at(state, "Margaret") == "London" and state["lords"]["Margaret"]["caps"] == ["L26"]
    assert "Somerset 1" not in state["lords"] and wars["removed"]["Lancaster"]["3"] == "setup"
    assert at(state, "York") == "Burgundy" and at(state, "March") == "Burgundy" and at(state, "Norfolk") == "Burgundy"
    assert "Rutland" not in state["lords"] and wars["removed"]["York"]["3"] == "setup"
    assert {"Y14", "Y18", "Y20", "Y36"} <= deck(state, "York") and {"L27", "L31", "L25"} <= deck(state, "Lancaster")
    assert at(state, "Oxford") == "Oxford" and at(state, "Jasper Tudor 2") == "Pembroke" and state["box"] == 4
    assert state["favour"]["London"] == "Lancaster" and state["favour"]["Ely"] == "York"


def test_iiil_setup_without_york_or_gloucester_brings_warwick_6_3() -> None:
    """6.3 IIIL: neither York nor Gloucester highest: every Yorkist Heir is removed, Warwick is
    the Heir (Y16) with Salisbury (Y17, Y22) and Norfolk at Calais; Somerset (2) as King sets up
    as Somerset (1) (L18, L20, L27)."""
    wars = record("IIIL", "York", "Henry VI", "Margaret", "Somerset 1")
    state = setup_iiil(wars)
    assert at(state, "Somerset 1") == "London" and {"L18", "L20", "L27"} <= deck(state, "Lancaster")
    assert at(state, "Warwick Y") == "Calais" and at(state, "Salisbury") == "Calais" and at(state, "Norfolk") == "Calais"
    assert not {"March", "Rutland", "Gloucester 1"} & set(state["lords"]) and wars["warwick"] == "York"
    assert {"Y16", "Y17", "Y22"} <= deck(state, "York")


def test_iiil_gloucester_alone_after_gloucester_as_heir_6_3() -> None:
    """6.3 IIIL: Gloucester as Heir (Y28) played in the second War and Gloucester (2) left: the
    other Yorkist Heirs are removed and Y35 added; one Heir brings Salisbury (Y17, Y22)."""
    state = setup_iiil(record("IIIL", y28=True))
    assert at(state, "Gloucester 2") == "Burgundy" and at(state, "Salisbury") == "Burgundy"
    assert not {"York", "March", "Rutland"} & set(state["lords"]) and {"Y35", "Y17", "Y22"} <= deck(state, "York")


def test_war_victory_counts_heirs_removed_in_earlier_wars_6_0() -> None:
    """6.0 War Victory: a side with all its Heirs listed for the current War removed, in this War
    or earlier ones, loses it at once; the next War follows."""
    state = setup_iiy(record("IIY", "Henry VI", "Somerset 1"))
    state["wars"]["heirs"] = {"York": ["Henry VI", "Margaret", "Somerset 1", "Somerset 2"],
                              "Lancaster": ["York", "March", "Rutland", "Gloucester 1"]}
    state["lords"]["Margaret"] = new_mat("Margaret", "Coventry")
    state["lords"]["Somerset 2"] = new_mat("Somerset 2", "Wells")
    remove_lord(state, "Margaret", [], "dead")
    assert state["outcome"] is None
    remove_lord(state, "Somerset 2", [], "shipwreck")
    assert (state["outcome"] or {}).get("winner") == "York"
    assert renew(state, Random(0), []) and state["scenario"] == "IIIY"


def test_a_war_lost_at_its_setup_goes_on_to_the_next_6_0() -> None:
    """6.0 War Victory (removed by setup): the Lancastrians, every Heir of the second War lost in
    the first, lose IIY at its setup; the third War follows at once."""
    state = new_wars()
    for rank in ("1", "2", "3", "4"):
        state["wars"]["removed"]["Lancaster"][rank] = "dead"
    state["outcome"] = {"winner": "York", "reason": "test"}
    events: list[dict[str, Any]] = []
    assert renew(state, Random(0), events) and state["scenario"] == "IIY"
    assert state["outcome"]["winner"] == "York"
    assert renew(state, Random(0), events) and state["scenario"] == "IIIY"
    assert state["wars"]["won"] == [["I", "York"], ["IIY", "York"]]


def test_dynastic_victory_ends_the_wars_of_the_roses_6_0() -> None:
    """6.0 Dynastic Victory: the Yorkists with York, March, Rutland and Gloucester all removed
    lose the whole Wars of the Roses at once, not only the second War."""
    state = setup_iiy(record("IIY", "York", "March", "Rutland"))
    state["lords"]["Gloucester 1"] = new_mat("Gloucester 1", "Coventry")
    events: list[dict[str, Any]] = []
    remove_lord(state, "Gloucester 1", events, "dead")
    assert state["outcome"]["winner"] == "Lancaster" and "Dynastic" in state["outcome"]["reason"]
    assert state["wars"]["over"] and not renew(state, Random(0), events)


def test_the_third_war_decides_the_wars_of_the_roses_6_0() -> None:
    """6.0 Final Victory: the winner of the third War wins the Wars of the Roses; the game ends."""
    state = setup_iiil(record("IIIL"))
    state["outcome"] = {"winner": "York", "reason": "10 Influence at the scenario's end (5.3)"}
    assert not renew(state, Random(0), [])
    assert state["outcome"]["winner"] == "York" and "third War" in state["outcome"]["reason"]


def _death_check(lord: str, side: str) -> BattleResult:
    after = LordAftermath(lord, side, "dead", False, {}, {}, (), (), (), 0, 0)
    entry = Entry(1, "death check", side, lord=lord, die=1, target=2, outcome="dead")
    return BattleResult("Lancaster", 2, (entry,), (after,), {}, ())


def test_surrender_before_the_last_heirs_death_check_6_1_1() -> None:
    """6.1.1 Surrender: with ``SURRENDER`` standing, a side concedes the War just before its last
    Heir present in it rolls for Death; he is then not removed. Without it, he rolls."""
    state = new_wars()
    state["wars"]["removed"]["York"] = {"2": "dead", "3": "dead"}
    result = surrender(state, _death_check("York", "York"), {"York": [Order("SURRENDER")]}, [])
    assert state["outcome"]["winner"] == "Lancaster" and "6.1.1" in state["outcome"]["reason"]
    assert result.lords[0].fate == "disbanded"
    state = new_wars()
    state["wars"]["removed"]["York"] = {"2": "dead"}  # Rutland left too: York is not the last
    result = surrender(state, _death_check("York", "York"), {"York": [Order("SURRENDER")]}, [])
    assert state["outcome"] is None and result.lords[0].fate == "dead"


def test_gloucester_as_heir_set_aside_in_the_second_war_6_3() -> None:
    """6.3 Wars II, Gloucester: once Y28 has been played it is set aside (its Capability
    unavailable) and noted for the third War; Edward IV's Succession cards never bring it back."""
    state = setup_iiy(record("IIY", "York"))
    state["decks"]["York"].remove("Y28")
    state["lasting"].append("Y28")
    note_gloucester(state)
    assert state["wars"]["y28"]
    state["lasting"].remove("Y28")
    state["decks"]["York"].append("Y28")
    note_gloucester(state)
    assert "Y28" in state["aside"] and "Y28" not in state["decks"]["York"]
    heir_cards(state)  # Succession after it never brings it back
    assert "Y28" in state["aside"] and "Y28" not in state["decks"]["York"]


def test_phases_and_turns_across_wars_6_0() -> None:
    """The grand scenario's phases carry their War (a later War's phases come after), and its
    Turns are counted across the Wars (36 or 37 at most, 6.0)."""
    game = PlantagenetGame("wars")
    state = game.new_game(b"1")
    assert game.phase(state) == "I T1 muster York" and game.standing(state).period == 1
    assert game.read_phase("war iiy t3 plan") == "IIY T3 plan" and game.read_phase("t3 plan") is None
    assert game.phase_order("IIY T1 pay") > game.phase_order("I T15 card 7 Lancaster")
    assert game.phase_order("IIY T2 plan") == game.phase_order("IIL T2 plan")
    assert game.phase_title("IIIY T3 plan").startswith("War IIIY, Turn 3 (") and "1484" in game.phase_title("IIIY T3 plan")
    state["outcome"] = {"winner": "Lancaster", "reason": "test"}
    state["box"] = 15
    renew(state, Random(0), [])
    assert game.phase(state) == "IIL T1 muster York" and game.standing(state).period == 16


def test_wars_registered_and_played_to_the_end() -> None:
    """The grand scenario is played at random as ``plantagenet``, to the third War's end or a
    Dynastic Victory, the invariants holding after every phase."""
    kind = playable_kind("plantagenet")
    rng = Random(5)
    state = kind.new_game(b"5")
    while kind.outcome(state) is None:
        orders = {side: kind.random_orders(state, side, rng) for side in sorted(kind.pending(state).powers)}
        result = kind.resolve(state, orders, rng)
        assert kind.violations(state, result) == []
        state = result.state
    assert state["wars"]["over"] and len(state["wars"]["won"]) in (1, 2)
