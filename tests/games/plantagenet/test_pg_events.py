"""Arts of War Events that act at once when drawn (1.9.1, 3.1.3), each by its card id."""

from __future__ import annotations

from random import Random

from judge.games.plantagenet.events import EVENTS
from judge.games.plantagenet.levy import draw_arts_of_war
from judge.games.plantagenet.state import influence_of

from pg_helpers import Dice, board, mat


def play(state: dict, card: str, dice: Dice | None = None) -> None:
    EVENTS[card](state, dice or Dice(), [])


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


def test_a_side_draws_two_different_events_3_1_3() -> None:
    """3.1.3: each side draws two cards; an immediate Event goes back to its deck only once both
    are drawn, so the second card is never the first again, whatever the draw."""
    class LastCard(Dice):
        def randrange(self, *bounds: int) -> int:  # type: ignore[override]
            return bounds[-1] - 1  # always the deck's last card

    state = board("II", Edward_IV="London", Warwick_L="Calais", box=2)
    state["decks"]["York"] = ["Y23", "Y27"]
    state["decks"]["Lancaster"] = ["L30", "L26"]
    events: list = []
    draw_arts_of_war(state, False, LastCard(), events)
    drawn = [(e["side"], e["card"]) for e in events if e["type"] in ("event", "event held")]
    assert sorted(drawn) == [("Lancaster", "L26"), ("Lancaster", "L30"), ("York", "Y23"), ("York", "Y27")]
    assert sorted(state["decks"]["York"]) == ["Y23", "Y27"]


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


def lasting(state: dict, *cards: str) -> None:
    state["lasting"] = list(cards)


def test_lasting_levy_events_y7_l9_y35_l34_l37_y33() -> None:
    """This Levy (3.1.3): Y7 no Lancastrian Levy Vassal; L9 a Coin for each Yorkist Levy Troops;
    Y35 Yorkist Influence +1; L34 Yorkist Vassal Levy two points dearer; L37 Lancastrian Vassal
    Levy always succeeds; Y33 Gloucester Lordship +3."""
    from test_pg_levy import levy

    state = board(Exeter_1="Shrewsbury")
    state["favour"]["Shrewsbury"] = "Lancaster"
    lasting(state, "Y7")
    assert "Block Parliament" in levy(state, "Lancaster", "Exeter LEVY VASSAL Shrewsbury")[0][1]
    lasting(state, "L37")
    levy(state, "Lancaster", "Exeter LEVY VASSAL Shrewsbury", dice=Dice(6))
    assert state["vassals"]["Shrewsbury"]["lord"] == "Exeter 1"
    state = board(York="Ely")
    lasting(state, "L9")
    mat(state, "York")["assets"]["coin"] = 1
    refused = levy(state, "York", "York LEVY TROOPS", "York LEVY TROOPS")
    assert mat(state, "York")["assets"]["coin"] == 0 and "Rising Wages" in refused[0][1]
    state = board(Rutland="Ely", box=2)
    state["lords"]["Salisbury"] = {"box": 2, "exile": False}
    lasting(state, "Y35")
    levy(state, "York", "Rutland LEVY LORD Salisbury", dice=Dice(3))
    assert "at" in state["lords"]["Salisbury"]
    state = board(York="Ely")
    state["favour"]["Derby"] = "York"
    lasting(state, "L34")
    levy(state, "York", "York LEVY VASSAL Stanley", dice=Dice(1))
    assert influence_of(state, "York") == -3
    state = board("III", Gloucester_2="London", box=3)
    lasting(state, "Y33")
    assert levy(state, "York", *["Gloucester LEVY CARTS"] * 6) == []


def test_lasting_campaign_events_y6_l8_l10_l21_y25_y34() -> None:
    """This Campaign (3.1.3): Y6 Seamanship (Sail for one action); L8 Forced Marches (lone
    Lancastrians take Roads as Highways); L10 a Yorkist Parley takes the whole card; L21 no
    Yorkist Sail; Y25 no Lancastrian March into Wales; Y34 Lancastrian Parley a point dearer."""
    from test_pg_campaign import card

    state = board(Warwick_Y="Calais")
    mat(state, "Warwick Y")["assets"]["ships"] = 2
    lasting(state, "Y6")
    assert card(state, "Warwick Y", "SAIL Dover", "MARCH Canterbury") == []
    assert mat(state, "Warwick Y")["at"] == "Canterbury"
    lasting(state, "L21")
    mat(state, "Warwick Y")["at"] = "Calais"
    assert "French Fleet" in card(state, "Warwick Y", "SAIL Dover")[0][1]
    state = board(Exeter_1="Ely")
    lasting(state, "L8")
    assert card(state, "Exeter 1", "MARCH Lynn", "MARCH Norwich") == []  # Command 2: one left
    state = board(York="Cambridge")
    lasting(state, "L10")
    assert "whole card" in card(state, "York", "PASS", "PARLEY Cambridge")[0][1]
    state = board(Exeter_1="Worcester")
    lasting(state, "Y25")
    assert "Owain Glyndwr" in card(state, "Exeter 1", "MARCH Ludlow")[0][1]
    state = board(Exeter_1="Oxford")
    state["favour"]["Oxford"] = "Lancaster"
    lasting(state, "Y34")
    card(state, "Exeter 1", "PARLEY Gloucester", dice=Dice(1))
    assert influence_of(state, "Lancaster") == -3


def test_y11_yorkists_never_wait_capability() -> None:
    """Y11 Capability: this Lord Marching alone takes Roads as Highways."""
    from test_pg_campaign import card

    state = board(Rutland="Ely")
    mat(state, "Rutland")["caps"] = ["Y11"]
    assert card(state, "Rutland", "MARCH Lynn", "MARCH Norwich") == []
    assert mat(state, "Rutland")["at"] == "Norwich"


def test_y26_dubious_clarence() -> None:
    """Y26: Edward IV on the map checks Influence; success Disbands Clarence."""
    state = board("II", Edward_IV="London", Clarence="York", box=2)
    play(state, "Y26", Dice(6))
    assert "at" in state["lords"]["Clarence"] and influence_of(state, "York") == -1
    play(state, "Y26", Dice(5))
    assert state["lords"]["Clarence"] == {"box": 2 + 6 - 1, "exile": False}


def test_l25_welsh_rebellion() -> None:
    """L25: two Troops off each Yorkist Lord in Wales, or without one there two Yorkist Favour
    off Wales."""
    state = board("II", Pembroke="Pembroke", Edward_IV="London")
    before = sum(mat(state, "Pembroke")["troops"].values())
    play(state, "L25")
    assert sum(mat(state, "Pembroke")["troops"].values()) == before - 2
    state = board("II", Edward_IV="London")
    state["favour"].update(Ludlow="York", Cardiff="York", Harlech="York")
    play(state, "L25")
    assert [p for p in ("Pembroke", "Harlech", "Cardiff", "Ludlow") if state["favour"].get(p) == "York"] == ["Cardiff", "Ludlow"]


def test_l29_to_wilful_disobedience() -> None:
    """L29: Yorkist Favour off two Strongholds at or next to a Lancastrian Lord and away from
    Yorkist Lords."""
    state = board(Henry_VI="Cambridge", York="Lynn")
    state["favour"].update(Cambridge="York", Bedford="York", Ely="York", Peterborough="York")
    play(state, "L29")
    assert "Bedford" not in state["favour"] and "Cambridge" not in state["favour"]
    assert state["favour"]["Ely"] == "York"  # next to York at Lynn


def test_l27_universelle_aragne() -> None:
    """L27: two Yorkist Vassals' Lords check Influence; a failure Disbands the Vassal."""
    state = board(York="Ely", box=3)
    mat(state, "York")["vassals"] = ["Stanley", "Dudley"]
    state["vassals"].update(Stanley={"lord": "York", "box": 5}, Dudley={"lord": "York", "box": 5})
    play(state, "L27", Dice(6, 2))
    assert state["vassals"]["Stanley"] == {"box": 3 + 6 - 1} and state["vassals"]["Dudley"]["lord"] == "York"


def test_parliaments_truce_y12_l20_as_a_standing_order() -> None:
    """Y12/L20 Parliament's Truce (Hold): the inactive side's standing TRUCE plays it when the
    enemy would Approach: that March does not happen, and for the rest of the Campaign there is
    no Approach and no Intercept; the card goes back at the Campaign's end (4.8.6)."""
    from judge.games.plantagenet.levy import end_lasting
    from test_pg_campaign import card

    state = board(York="Ely", Somerset_1="Cambridge", Henry_VI="St Albans")
    state["decks"]["Lancaster"].remove("L20")
    state["held"]["Lancaster"] = ["L20"]
    assert card(state, "York", "MARCH Cambridge", "MARCH Lynn", standing=("TRUCE",)) == []
    assert mat(state, "York")["at"] == "Lynn" and state["lasting"] == ["L20"]
    assert "Truce" in card(state, "York", "MARCH Ely", "MARCH Cambridge")[0][1]
    end_lasting(state, "this_campaign")
    assert "L20" in state["decks"]["Lancaster"] and state["lasting"] == []
    state = board(Rutland="Ely", Henry_VI="St Albans")
    lasting(state, "L20")
    card(state, "Rutland", "MARCH Cambridge", standing=("INTERCEPT Henry VI",))  # no die is rolled
    assert mat(state, "Rutland")["at"] == "Cambridge" and mat(state, "Henry VI")["at"] == "St Albans"


def test_lasting_levy_events_l4_l17_y28_y16() -> None:
    """This Levy (3.1.3): L4 Be sent for (Lancastrian Exiles Muster from anywhere on the
    Calendar); L17 Henry VI Parleys twice for no Lordship; Y28 Gloucester three times; Y16 each
    Yorkist Levy Troops adds two Militia more."""
    from test_pg_levy import levy

    state = board(box=2)
    state["lords"]["Henry VI"] = {"box": 9, "exile": True}
    assert "not an Exile Ready" in levy(state, "Lancaster", "EXILE Henry VI")[0][1]
    lasting(state, "L4")
    assert levy(state, "Lancaster", "EXILE Henry VI") == []
    state = board(Henry_VI="Oxford")
    lasting(state, "L17")
    refused = levy(state, "Lancaster", *["Henry VI PARLEY Oxford"] * 5, dice=Dice(6, 6, 6, 6))
    assert len(refused) == 1 and "Lordship (2" in refused[0][1]  # 2 free + 2 of his Lordship
    state = board("II", Gloucester_1="Gloucester")
    state["favour"]["Gloucester"] = "York"
    lasting(state, "Y28")
    assert levy(state, "York", *["Gloucester PARLEY Bristol"] * 5, dice=Dice(6, 6, 6, 6, 6)) == []
    state = board(York="Ely")
    lasting(state, "Y16")
    levy(state, "York", "York LEVY TROOPS")
    assert mat(state, "York")["troops"]["militia"] == 2 + 1 + 2


def test_sure_parleys_y18_l18_y29() -> None:
    """Y18 Succession (and L18): each Yorkist Lord's first Parley of the Levy costs a point less
    and succeeds; Y29 Dorset: this Campaign Devon at Exeter Parleys for nothing and succeeds."""
    from test_pg_campaign import card
    from test_pg_levy import levy

    state = board(Salisbury="Ely")
    lasting(state, "Y18")
    levy(state, "York", "Salisbury PARLEY Cambridge", "Salisbury PARLEY Bury St Edmunds", dice=Dice(6))
    assert state["favour"]["Cambridge"] == "York" and "Bury St Edmunds" not in state["favour"]
    assert influence_of(state, "York") == -1 - (1 + 1)  # the sure one: its Way; the other: check and Way
    state = board("II", Devon="Exeter")
    state["favour"]["Exeter"] = "York"
    lasting(state, "Y29")
    card(state, "Devon", "PARLEY Plymouth")
    assert state["favour"]["Plymouth"] == "York" and influence_of(state, "York") == 0


def test_y22_loyalty_and_trust_one_lord() -> None:
    """Y22: this Levy one Yorkist Lord (by default the one of highest Lordship) has Lordship +3."""
    from judge.games.plantagenet.capabilities import lordship

    state = board(York="Ely", March="Ludlow", box=2)
    state["decks"]["York"] = ["Y22"]
    state["decks"]["Lancaster"] = []
    draw_arts_of_war(state, False, Dice(), [])
    assert lordship(state, "York") == 3 + 3 and lordship(state, "March") == 2


def test_blocked_ford_y11_prevents_exile() -> None:
    """Y11 Blocked Ford (Hold): the Approaching side's standing PLAY order plays it upon Approach:
    the Lords there may not go into Exile, and all Battle."""
    from judge.games.plantagenet.command import command
    from judge.games.plantagenet.orders import read_order

    state = board(York="Ely", Somerset_1="Cambridge")
    state["decks"]["York"].remove("Y11")
    state["held"]["York"] = ["Y11"]
    events: list = []
    command(state, "York", [read_order("MARCH Cambridge", "Ia")], [read_order("EXILE Somerset", "Ia")],
            Random(2), events, [read_order("PLAY Y11", "Ia")])
    assert any(e["type"] == "battle" for e in events) and "Y11" in state["decks"]["York"]
    assert not any(e["type"] == "disband" and e.get("exile") and e["lord"] == "Somerset 1" and "Approach" in e["why"]
                   for e in events)


def test_flank_attack_l2_intercepts_without_rolling_and_attacks() -> None:
    """L2 Flank Attack (Hold): the inactive side's standing PLAY order plays it to Intercept
    without rolling, and its Lords Attack in the Battle that follows."""
    from test_pg_campaign import card

    state = board(York="Ely", Somerset_1="St Albans")
    state["decks"]["Lancaster"].remove("L2")
    state["held"]["Lancaster"] = ["L2"]
    card(state, "York", "MARCH Cambridge", standing=("INTERCEPT Somerset", "PLAY L2"), dice=Random(5))
    intercept = next(e for e in state["_events"] if e["type"] == "intercept")
    battle = next(e for e in state["_events"] if e["type"] == "battle")
    assert intercept["success"] and intercept["roll"] == 0 and battle["attacker"] == "Lancaster"
    assert "L2" in state["decks"]["Lancaster"] and state["held"]["Lancaster"] == []
