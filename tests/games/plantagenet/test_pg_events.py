"""Arts of War Events that act at once when drawn (1.9.1, 3.1.3), each by its card id."""

from __future__ import annotations

from judge.games.plantagenet.events import EVENTS
from judge.games.plantagenet.levy import draw_arts_of_war
from judge.games.plantagenet.state import influence_of

from pg_helpers import Dice, board, mat


def play(state: dict, card: str) -> None:
    EVENTS[card](state, [])


def test_drawn_immediate_event_acts_3_1_3() -> None:
    """3.1.3: after the first Levy each side draws two Events and carries them out in order;
    an immediate one goes back to the deck."""
    state = board("II", Edward_IV="London", Warwick_L="Calais", box=2)
    state["decks"]["York"] = ["Y23", "Y27"]
    state["decks"]["Lancaster"] = ["L30"]
    events: list = []
    edward, warwick = mat(state, "Edward IV")["assets"]["coin"], mat(state, "Warwick L")["assets"]["coin"]
    draw_arts_of_war(state, False, Dice(), events)
    assert mat(state, "Edward IV")["assets"]["coin"] == edward + 1
    assert mat(state, "Warwick L")["assets"]["coin"] == warwick + 1
    assert sorted(state["decks"]["York"]) == ["Y23", "Y27"] and state["decks"]["Lancaster"] == ["L30"]
    assert [e["implemented"] for e in events] == [True, True, True]


def test_y17_she_wolf_shifts_yorkist_vassals_right() -> None:
    """Y17: each Yorkist Vassal's Service marker one box right."""
    state = board(York="Ely", box=3)
    mat(state, "York")["vassals"] = ["Stanley"]
    state["vassals"]["Stanley"] = {"lord": "York", "box": 4}
    play(state, "Y17")
    assert state["vassals"]["Stanley"]["box"] == 5


def test_y21_sir_richard_leigh_london() -> None:
    """Y21: Lancastrian Favour at London goes; a Neutral London turns Yorkist."""
    state = board()
    play(state, "Y21")
    assert "London" not in state["favour"]
    play(state, "Y21")
    assert state["favour"]["London"] == "York"


def test_y23_l30_subsidies() -> None:
    """Y23 (York) and L30 (Lancaster): a Coin and a Provender to each of the side's Lords on the
    map."""
    state = board(York="Ely", Henry_VI="London")
    play(state, "Y23")
    assert mat(state, "York")["assets"]["coin"] == 3 and mat(state, "Henry VI")["assets"]["coin"] == 4
    play(state, "L30")
    assert mat(state, "Henry VI")["assets"]["provender"] == 3


def test_y27_yorkist_north() -> None:
    """Y27: a point for each Yorkist Stronghold and Yorkist Lord in the North."""
    state = board(York="Carlisle")
    state["favour"].update(Carlisle="York", Hexham="York")
    play(state, "Y27")
    assert influence_of(state, "York") == 3


def test_y31_earl_rivers_and_l14_scots_add_troops() -> None:
    """Y31: two Militia to each Yorkist Lord; L14: a Men-at-Arms and a Militia to each
    Lancastrian Lord."""
    state = board(York="Ely", Henry_VI="London")
    play(state, "Y31")
    play(state, "L14")
    assert mat(state, "York")["troops"]["militia"] == 2 + 2
    assert mat(state, "Henry VI")["troops"]["men_at_arms"] == 2 + 1 and mat(state, "Henry VI")["troops"]["militia"] == 4 + 1


def test_l15_henry_pressures_parliament() -> None:
    """L15: the Yorkists lose a point per Vassal they have Mustered."""
    state = board(York="Ely", March="Ludlow")
    mat(state, "York")["vassals"] = ["Stanley", "Dudley"]
    mat(state, "March")["vassals"] = ["Worcester"]
    play(state, "L15")
    assert influence_of(state, "York") == -3


def test_l19_henrys_proclamation() -> None:
    """L19: every Yorkist Vassal's Service marker to the current box."""
    state = board(York="Ely", box=6)
    mat(state, "York")["vassals"] = ["Stanley"]
    state["vassals"]["Stanley"] = {"lord": "York", "box": 9}
    play(state, "L19")
    assert state["vassals"]["Stanley"]["box"] == 6


def test_l22_french_troops_to_a_lord_at_a_port() -> None:
    """L22: two Men-at-Arms and two Militia to a Lancastrian Lord at a Port."""
    state = board(Henry_VI="London", Somerset_1="Dover")
    play(state, "L22")
    assert mat(state, "Somerset 1")["troops"]["men_at_arms"] == 2 + 2
    assert mat(state, "Henry VI")["troops"]["men_at_arms"] == 2


def test_l26_henry_released() -> None:
    """L26: five points if London Favours the Lancastrians."""
    state = board()
    play(state, "L26")
    assert influence_of(state, "Lancaster") == 5


def test_l32_tudor_banners() -> None:
    """L32: Henry Tudor at a Friendly Stronghold turns the Strongholds next to it Lancastrian,
    those with Yorkist Lords excepted."""
    state = board("III", Henry_Tudor="Oxford", Norfolk="London")
    play(state, "L32")
    assert state["favour"]["Gloucester"] == "Lancaster" and state["favour"]["London"] == "York"
