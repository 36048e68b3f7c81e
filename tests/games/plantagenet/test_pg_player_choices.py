"""Issue 33: the choices the rules give are the player's, and orders mean what he wrote: a Group
stays together (4.3.1, 4.3.3), a Lord is named by his title when he is the one of it in play, a
refused Levy or Parley says why (3.4.1, 3.4.2); who Pillages (3.2.1, 4.7), where a Lord
Disembarks (4.8.2) and at which Seat a Lord Levied Musters (3.4.2) are the owner's choice."""

from __future__ import annotations

from judge.games.plantagenet.command import command
from judge.games.plantagenet.data import BOARD
from judge.games.plantagenet.end import disembark
from judge.games.plantagenet.game import PlantagenetGame
from judge.games.plantagenet.mat import pay_or_feed
from judge.games.plantagenet.muster import levy_lord_refusal, muster_seat, muster_seats
from judge.games.plantagenet.orders import read_order
from judge.games.plantagenet.routes import parley_refusal

from pg_helpers import Dice, board, mat


def card(state: dict, lord: str, *texts: str) -> list[tuple[str, str]]:
    """Carry out a Lord's Command card; the orders refused, as (order text, why)."""
    refused = command(state, lord, [read_order(t, state["scenario"]) for t in texts], [], Dice(), [])
    return [(str(o), why) for o, why in refused]


def test_a_group_goes_on_together_until_its_marshal_drops_a_lord_4_3_1() -> None:
    """4.3.1: York Marches with Rutland; his next March names no Group and takes Rutland on (the
    free second Highway, 4.3.3); ``ALONE`` leaves him behind."""
    state = board(York="Ely", Rutland="Ely")
    assert card(state, "York", "MARCH Cambridge WITH Rutland", "MARCH St Albans", "MARCH London ALONE") == []
    assert mat(state, "Rutland")["at"] == "St Albans" and mat(state, "York")["at"] == "London"


def test_the_free_second_highway_moves_the_group_whole_or_not_at_all_4_3_3() -> None:
    """4.3.3 HIGHWAY: the second Highway is free to the Lord or Group that took the first; a Group
    that leaves a Lord behind Marches anew, for an action: York (Command 2) then has none left for
    the Road to Rochester, though his own second Highway, to London, is free."""
    state = board(York="Ely", Rutland="Ely")
    assert card(state, "York", "MARCH Cambridge WITH Rutland", "MARCH St Albans ALONE", "MARCH London",
                "MARCH Rochester") == [("MARCH Rochester", "not enough actions to March by road (4.3.3)")]
    assert mat(state, "York")["at"] == "London" and mat(state, "Rutland")["at"] == "Cambridge"


def test_a_title_names_the_one_lord_of_it_in_play_1_5_1() -> None:
    """War I (6.3) has Somerset (1) and Somerset (2), only the first in play at the start:
    ``Somerset`` names him; a title two Lords in play share still needs the number."""
    game = PlantagenetGame("I")
    state = game.new_game(b"title")
    assert "Somerset 2" not in state["lords"]
    assert game.parse(state, "Somerset LEVY TROOPS").lord == "Somerset 1"
    assert read_order("Somerset 1 LEVY TROOPS", "I").lord == "Somerset 1"


def test_a_levy_lord_without_the_levying_lord_says_he_is_not_ready_3_4_2() -> None:
    """3.4.2: only a Ready Lord is Levied; the line missing its Levying Lord says that too."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"ready")
    [line] = game.read_orders(state, "York", ["LEVY LORD Salisbury"])
    assert line.error == ("Salisbury is not Ready on the Calendar (3.4.2); LEVY needs the Levying Lord first: "
                          "York LEVY LORD Salisbury")


def test_a_refused_parley_says_what_stands_in_its_way_3_4_1_and_4_6_4() -> None:
    """3.4.1: a Route free of Enemy Lords, Friendly but for the target; the Lord's own Locale
    only when it is not Friendly; 4.6.4: on Campaign no further than one Way."""
    state = board(York="Ely", Henry_VI="London")
    assert "Enemy Lords are at London" in (parley_refusal(state, "York", "London") or "")
    assert "no Route from Ely to Coventry" in (parley_refusal(state, "York", "Coventry") or "")
    assert "Ely is Friendly already (3.4.1)" == parley_refusal(state, "York", "Ely")
    state["favour"]["Ely"] = "Lancaster"
    assert "he may Parley only there (3.4.1)" in (parley_refusal(state, "York", "Cambridge") or "")
    state = board(York="Ely")
    assert "on Campaign a Parley reaches one Way at most (4.6.4)" in (
        parley_refusal(state, "York", "Coventry", campaign=True) or "")


def test_the_owner_chooses_which_short_lord_pillages_3_2_1_and_4_7() -> None:
    """3.2.1 PILLAGE (4.7 as for Pay): one Lord Pillages a Stronghold where several are short; his
    side's standing ``PILLAGE`` names who (by default the first short one, York here)."""
    for chosen, pillager in ((None, "York"), ("PILLAGE Rutland, York", "Rutland")):
        state = board(York="Lynn", Rutland="Lynn")
        for lord in ("York", "Rutland"):
            mat(state, lord)["assets"]["provender"] = 0
        if chosen:
            state["standing"] = {"York": [chosen]}
        events: list = []
        pay_or_feed(state, ["York", "Rutland"], "provender", events, "unfed (4.7)")
        assert [e["lord"] for e in events if e["type"] == "pillage"] == [pillager]


def test_a_lord_disembarks_at_the_port_his_side_names_4_8_2() -> None:
    """4.8.2: landing, a Lord goes to a Port of that Sea free of Enemy Lords: the one his side's
    standing ``DISEMBARK`` names; by default (or if that Port holds Enemy Lords) the first."""
    for standing, enemy_at, port in (([], None, "Calais"), (["DISEMBARK Warwick Y TO Dover"], None, "Dover"),
                                     (["DISEMBARK Warwick Y TO Dover"], "Dover", "Calais")):
        state = board(Warwick_Y="English Channel", **({"Henry_VI": enemy_at} if enemy_at else {}))
        state["standing"] = {"York": standing}
        disembark(state, Dice(6), [])
        assert mat(state, "Warwick Y")["at"] == port


def test_a_lord_levied_musters_at_the_seat_the_levy_names_3_4_2() -> None:
    """3.4.2 MUSTERING: Enemy Lords at his own Seat, the Lord Levied Musters at a Friendly Seat of
    another of his side's Lords free of them: ``TO`` names which (by default the first); while his
    own Seat is free, only there."""
    state = board(York="Ely", Henry_VI="York", box=2)
    state["lords"]["Salisbury"] = {"box": 2, "exile": False}  # Ready (3.4.2)
    state["favour"].update({"Ely": "York", "Ludlow": "York"})
    seats = muster_seats(state, "Salisbury")
    assert BOARD.lords["Salisbury"].seat == "York" and len(seats) > 1 and "Ludlow" in seats
    assert muster_seat(state, "Salisbury") == seats[0]
    assert muster_seat(state, "Salisbury", "Ludlow") == "Ludlow"
    assert "is not a Friendly Seat" in (levy_lord_refusal(state, "York", "Salisbury", "Coventry") or "")
    del state["lords"]["Henry VI"]
    assert "at his own Seat, York" in (levy_lord_refusal(state, "York", "Salisbury", "Ludlow") or "")


def test_a_refusal_lists_only_what_is_still_open_to_that_lord_3_4_and_4_2_1() -> None:
    """3.4: a Lord whose Lordship is spent is told so, with no choices (he has none left); an
    order sent again that was taken already changes nothing; a PASS after a card is spent changes
    nothing (4.2.1)."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"left")
    lines = game.read_orders(state, "York", ["York LEVY CARTS"] * 3 + ["York LEVY TROOPS"])
    assert lines[3].error == "York has used all his Lordship (3, 3.4)"
    again = game.read_orders(state, "York", ["York LEVY CARTS"], {"action 1": "York LEVY CARTS",
                                                                   "action 2": "York LEVY CARTS",
                                                                   "action 3": "York LEVY CARTS"})
    assert again[0].error is None and (again[0].note or "").startswith("taken already, and not twice")


def test_a_card_s_actions_are_its_lord_s_4_2() -> None:
    """4.2: an action written for another Lord on a card is refused, saying whether he is off the
    map or acts on his own cards."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"card")
    state["step"] = {"name": "command", "side": "Lancaster", "card": 0}
    state["plans"] = {"York": ["Pass"] * 4, "Lancaster": ["Henry VI", "Pass", "Pass", "Pass"]}
    off, own, other = game.read_orders(state, "Lancaster", ["Buckingham MARCH Cambridge", "Henry VI MARCH St Albans",
                                                            "Somerset TAX London"])
    assert off.error == "this card is Henry VI's: Buckingham is not on the map (4.2)"
    assert own.canonical == "Henry VI MARCH St Albans"
    assert other.error == "this card is Henry VI's: Somerset 1 acts on his own cards (4.2)"
