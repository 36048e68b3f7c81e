"""The grand scenario's first War played alone (6.0-6.3, War I): Heirs and Succession, the
mandatory Capability, Automatic War Victory and the end of the War."""

from __future__ import annotations

from judge.games.plantagenet.end import victory
from judge.games.plantagenet.mat import disband_lord, remove_lord
from judge.games.plantagenet.orders import read_order
from judge.games.plantagenet.muster import muster
from judge.games.plantagenet.setup import new_state

from pg_helpers import Dice, board, mat


def test_war_i_sets_up_as_ia_6_3() -> None:
    """6.3 War I: set up as Ia, threshold 40 throughout, Margaret and Somerset (2) not yet in."""
    state = new_state("I")
    ia = new_state("Ia")
    assert state["lords"] == ia["lords"] and state["favour"] == ia["favour"]
    assert "Margaret" not in state["lords"] and "L27" not in state["decks"]["Lancaster"]


def test_henry_vi_removed_brings_margaret_and_changes_cards_6_3() -> None:
    """6.3 Lancastrian Succession: Henry VI's removal adds Margaret to the next box, takes L15 and
    L17 out of play wherever they are, and adds L27 and L31 to the Lancastrian deck."""
    state = board("I", Henry_VI="London", Somerset_1="Wells", box=4)
    state["decks"]["Lancaster"].remove("L15")
    state["held"]["Lancaster"] = ["L15"]
    remove_lord(state, "Henry VI", [], "dead")
    assert state["lords"]["Margaret"] == {"box": 5, "exile": False}
    assert "L15" not in state["held"]["Lancaster"] and "L17" not in state["decks"]["Lancaster"]
    assert {"L15", "L17"} <= set(state["aside"])
    assert {"L27", "L31"} <= set(state["decks"]["Lancaster"])
    assert state["outcome"] is None


def test_somerset_removed_brings_somerset_2_6_3() -> None:
    """6.3: Somerset (1)'s removal adds Somerset (2) to the next box."""
    state = board("I", Henry_VI="London", Somerset_1="Wells", box=7)
    remove_lord(state, "Somerset 1", [], "shipwreck")
    assert state["lords"]["Somerset 2"] == {"box": 8, "exile": False}


def test_margaret_musters_with_l26_and_sets_it_aside_6_3() -> None:
    """6.3: Margaret Musters with L26 Edward at her mat, free and mandatory; when she Disbands
    the card is set aside, and comes back when she Musters anew."""
    state = board("I", Somerset_1="Wells", box=5)
    state["lords"]["Margaret"] = {"box": 5, "exile": False}
    muster(state, "Lancaster", [read_order("Somerset (1) LEVY LORD Margaret", "I")], Dice(2), [])
    assert mat(state, "Margaret")["caps"] == ["L26"]
    disband_lord(state, "Margaret", [])
    assert "L26" in state["aside"] and "L26" not in state["decks"]["Lancaster"]


def test_automatic_war_victory_6_3() -> None:
    """6.3 Automatic War Victory: removing Henry VI and Somerset (1) wins the War for the
    Yorkists (Disband is not removal)."""
    state = board("I", York="Ely", Henry_VI="London", Somerset_1="Wells", box=4)
    disband_lord(state, "Henry VI", [])
    remove_lord(state, "Somerset 1", [], "dead")
    assert state["outcome"] is None
    state["lords"]["Henry VI"] = mat(board("I", Henry_VI="London"), "Henry VI")
    remove_lord(state, "Henry VI", [], "dead")
    assert state["outcome"]["winner"] == "York"


def test_war_ends_tied_for_the_king_errata() -> None:
    """Errata FAQ #5 (campaign game): a War that ends with Influence at 0 goes to the King's side;
    the single scenarios keep 5.3's draw."""
    state = board("I", York="Ely", Henry_VI="London", box=15)
    assert victory(state) == {"winner": "Lancaster", "reason": "Influence tied at the War's end: the King's side (errata FAQ #5)"}
    state = board("Ia", York="Ely", Henry_VI="London", box=15)
    assert (victory(state) or {})["winner"] is None
