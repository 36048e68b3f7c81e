"""Capabilities outside Battle (1.9.1, 3.4.6), each by its card id: what they change in the
Levy and the Campaign."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

from judge.games.plantagenet import battle as battle_package
from judge.games.plantagenet.command import Card
from judge.games.plantagenet.data import BOARD
from judge.games.plantagenet.held import standing_refusal
from judge.games.plantagenet.game import PlantagenetGame
from judge.games.plantagenet.levy import pay
from judge.games.plantagenet.orders import read_order
from judge.games.plantagenet.muster import muster
from judge.games.plantagenet.state import influence_of, king
from judge.games.plantagenet.turns import after_muster
from judge.games.plantagenet.view import report_for

from pg_helpers import Dice, board, mat
from test_pg_campaign import card

BATTLE_DIR = Path(battle_package.__file__).parent


def levy(state: dict, side: str, *texts: str, dice: Dice | None = None) -> list:
    return muster(state, side, [read_order(t, state["scenario"]) for t in texts], dice or Dice(), [])


def test_y20_yorks_favoured_son_influence_and_command() -> None:
    """Y20: Influence +1 and Command +1 (Rutland: Influence 2 checks at 3, Command 1 becomes 2)."""
    state = board(Rutland="Ely", box=2)
    state["lords"]["Salisbury"] = {"box": 2, "exile": False}
    mat(state, "Rutland")["caps"] = ["Y20"]
    levy(state, "York", "Rutland LEVY LORD Salisbury", dice=Dice(3))
    assert "at" in state["lords"]["Salisbury"]
    assert Card(state, "Rutland").actions == 2


def test_y22_fair_arbiter_only_at_a_friendly_locale() -> None:
    """Y22: Influence +1 and Lordship +1 while at a Friendly Locale (March: Lordship 2 -> 3)."""
    state = board(March="Ludlow")
    mat(state, "March")["caps"] = ["Y22"]
    assert levy(state, "York", *["March LEVY CARTS"] * 4)[0][1].startswith("March has used all his Lordship (3")
    state = board(March="Cambridge")
    mat(state, "March")["caps"] = ["Y22"]
    refused = levy(state, "York", "March PARLEY Cambridge", "March PARLEY Cambridge", "March PARLEY Cambridge",
                   dice=Dice(5, 5))
    assert len(refused) == 1 and "Lordship (2" in refused[0][1]  # Neutral: no bonus, rating 2 fails twice


def test_l11_in_the_name_of_the_king_for_parley_only() -> None:
    """L11: Influence +1 for Parley (Exeter, 2, Parleys his Locale at 3)."""
    state = board(Exeter_1="Oxford")
    mat(state, "Exeter 1")["caps"] = ["L11"]
    levy(state, "Lancaster", "Exeter PARLEY Oxford", dice=Dice(3))
    assert state["favour"]["Oxford"] == "Lancaster"


def test_l13_expert_counsellors_valour_for_intercept() -> None:
    """L13: Valour +2, so Somerset (Valour 2) Intercepts on a 4."""
    state = board(Rutland="Ely", Somerset_1="St Albans")
    mat(state, "Somerset 1")["caps"] = ["L13"]
    card(state, "Rutland", "MARCH Cambridge", standing=("INTERCEPT Somerset", "EXILE Somerset"), dice=Dice(4))
    assert state["lords"]["Somerset 1"].get("exile") is True


def test_y7_l7_harbingers_double_supply() -> None:
    """Y7 (and L7): Supply draws twice the usual Provender (a City at the Lord's Locale: 4)."""
    state = board(York="Ely")
    mat(state, "York")["caps"] = ["Y7"]
    mat(state, "York")["assets"]["provender"] = 0
    card(state, "York", "SUPPLY Ely")
    assert mat(state, "York")["assets"]["provender"] == 4


def test_l8_hay_wains_carts_count_double() -> None:
    """L8: Carts count double for Supply (one Cart brings two Provender one Way from a City) and
    for Haul."""
    state = board(Somerset_1="Bristol")
    state["favour"].update(Bristol="Lancaster", Wells="Lancaster")
    somerset = mat(state, "Somerset 1")
    somerset["caps"] = ["L8"]
    somerset["assets"].update(carts=1, provender=0)
    card(state, "Somerset 1", "SUPPLY Wells")  # one Way: one Cart brings one Provender, two with Hay Wains
    assert somerset["assets"]["provender"] == 2
    state = board(Somerset_1="Wells")
    somerset = mat(state, "Somerset 1")
    somerset["caps"] = ["L8"]
    somerset["assets"].update(carts=1, provender=4)
    card(state, "Somerset 1", "MARCH Bristol")
    assert somerset["assets"]["provender"] == 2 - 1  # two kept by one Cart counting double; one eaten


def test_y13_scourers_forage_plus_one() -> None:
    """Y13: a successful Forage adds one more Provender."""
    state = board(York="Ely")
    mat(state, "York")["caps"] = ["Y13"]
    card(state, "York", "FORAGE")
    assert mat(state, "York")["assets"]["provender"] == 2 + 2


def test_l9_quartermasters_and_l10_chamberlains_do_not_deplete() -> None:
    """L9: Levy Troops does not Deplete; L10: nor Supply or Levy Troops at his Vassals' Seats."""
    state = board(Henry_VI="London")
    mat(state, "Henry VI")["caps"] = ["L9"]
    levy(state, "Lancaster", "Henry VI LEVY TROOPS", "Henry VI LEVY TROOPS")
    assert "London" not in state["depleted"] and mat(state, "Henry VI")["troops"]["militia"] == 4 + 2
    state = board(Exeter_1="Shrewsbury")
    state["favour"]["Shrewsbury"] = "Lancaster"
    exeter = mat(state, "Exeter 1")
    exeter["caps"] = ["L10"]
    exeter["vassals"] = ["Shrewsbury"]
    state["vassals"]["Shrewsbury"] = {"lord": "Exeter 1", "box": 5}
    levy(state, "Lancaster", "Exeter LEVY TROOPS")
    assert "Shrewsbury" not in state["depleted"]


def test_y12_soldiers_of_fortune_mercenaries_for_a_coin() -> None:
    """Y12: a Levy Troops may add 2 Mercenaries for 1 Coin (taken whenever the Coin is there)."""
    state = board(York="Ely")
    york = mat(state, "York")
    york["caps"] = ["Y12"]
    levy(state, "York", "York LEVY TROOPS")
    assert york["troops"]["mercenaries"] == 2 and york["assets"]["coin"] == 2 - 1


def test_y6_l6_great_ships_double_and_link_all_ports() -> None:
    """Y6 (and L6): Ships count double for Sail and Supply, and link every Port of every Sea for
    Tax Routes (Warwick at Calais Taxes London? no: London is no Port; he Taxes Harlech, a Port
    of the Irish Sea, with Favour)."""
    state = board(Warwick_Y="Calais")
    warwick = mat(state, "Warwick Y")
    state["favour"].update(Calais="York", Harlech="York")
    warwick["assets"]["ships"] = 1
    assert "cannot Tax" in card(state, "Warwick Y", "TAX Harlech")[0][1]
    warwick["caps"] = ["Y6"]
    card(state, "Warwick Y", "TAX Harlech", dice=Dice(2))
    assert warwick["assets"]["coin"] > 0 and influence_of(state, "York") == -1
    state = board(Warwick_Y="Calais")
    warwick = mat(state, "Warwick Y")
    warwick["caps"] = ["Y6"]
    warwick["assets"].update(ships=1, provender=0)
    warwick["troops"]["militia"] += 2  # 9 Forces units: two Ships' worth
    assert card(state, "Warwick Y", "SAIL Dover") == []
    assert warwick["at"] == "Dover"


def test_tides_of_war_capabilities_y28_l18_l17_l16() -> None:
    """Y28 and L18: a point to the side each Tides of War; L17: two while its Lord is at a
    Stronghold other than London; L16 Northmen: Lancastrians Dominate the North with the Lord
    there and three Friendly Strongholds."""
    from judge.games.plantagenet.end import tides_of_war

    state = board(York="Ely", Somerset_1="Carlisle", box=2)
    state["favour"] = {}
    base = tides_of_war(state)
    mat(state, "York")["caps"] = ["Y28"]
    mat(state, "Somerset 1")["caps"] = ["L18", "L17"]
    assert tides_of_war(state) == {"York": base["York"] + 1, "Lancaster": base["Lancaster"] + 1 + 2}
    state["favour"].update(Carlisle="Lancaster", Hexham="Lancaster", Appleby="Lancaster")
    without = tides_of_war(state)["Lancaster"]
    mat(state, "Somerset 1")["caps"] = ["L18", "L16"]
    assert tides_of_war(state)["Lancaster"] == without - 2 + 2


def test_y4_deeds_of_charity() -> None:
    """Y4: at Tides of War its Lord pays up to two Provender for a point each."""
    from judge.games.plantagenet.end import charity

    state = board(York="Ely")
    mat(state, "York")["caps"] = ["Y4"]
    mat(state, "York")["assets"]["provender"] = 5
    charity(state, [])
    assert mat(state, "York")["assets"]["provender"] == 3 and influence_of(state, "York") == 2


def test_y16_beloved_warwick_five_militia() -> None:
    """Y16: Levy Troops may bring five Militia instead of the Stronghold's Troops."""
    state = board(Warwick_Y="Ely")
    mat(state, "Warwick Y")["caps"] = ["Y16"]
    before = mat(state, "Warwick Y")["troops"]["militia"]
    levy(state, "York", "Warwick LEVY TROOPS")
    assert mat(state, "Warwick Y")["troops"]["militia"] == before + 5


def test_y26_fallen_brother_and_l24_married_to_a_neville() -> None:
    """Y26: with Clarence Dead, Influence +2 and Lordship +1; L24: at a Friendly Locale with
    Warwick, Influence +2 and Command +1."""
    from judge.games.plantagenet.capabilities import command, influence, lordship

    state = board("II", Gloucester_1="London", Clarence="London", Warwick_L="London")
    mat(state, "Gloucester 1")["caps"] = ["Y26"]
    assert lordship(state, "Gloucester 1") == 2
    state["lords"]["Clarence"] = {"gone": "dead"}
    assert lordship(state, "Gloucester 1") == 3 and influence(state, "Gloucester 1") == 2 + 2
    state["favour"]["London"] = "Lancaster"
    state["lords"]["Clarence"] = mat(board("II", Clarence="London"), "Clarence")
    mat(state, "Clarence")["caps"] = ["L24"]
    assert command(state, "Clarence") == 1 + 1 and influence(state, "Clarence") == 1 + 2
    mat(state, "Warwick L")["at"] = "Oxford"
    assert command(state, "Clarence") == 1


def test_y29_stafford_branch_and_y34_so_wise_so_young() -> None:
    """Y29: one more Coin from Tax (or Provender from Supply) at Exeter and next to it; Y34: one
    more Coin from each Tax as Gloucester."""
    state = board("II", Devon="Exeter")
    state["favour"]["Exeter"] = "York"
    mat(state, "Devon")["caps"] = ["Y29"]
    coin = mat(state, "Devon")["assets"]["coin"]
    card(state, "Devon", "TAX Exeter")
    assert mat(state, "Devon")["assets"]["coin"] == coin + 2 + 1
    state = board("II", Gloucester_1="Gloucester")
    state["favour"]["Gloucester"] = "York"
    mat(state, "Gloucester 1")["caps"] = ["Y34"]
    coin = mat(state, "Gloucester 1")["assets"]["coin"]
    card(state, "Gloucester 1", "TAX Gloucester")
    assert mat(state, "Gloucester 1")["assets"]["coin"] == coin + 2 + 1


def test_special_vassal_capabilities_1_5_4_y24_l19() -> None:
    """1.5.4, Y24 Hastings: the Capability brings its Special Vassal to the mat, free, with two
    Men-at-Arms and Command +1; the Vassal's Disband discards the card. L19: Valour +1."""
    from judge.games.plantagenet.mat import disband_vassal

    state = board("II", Edward_IV="London")
    before = mat(state, "Edward IV")["troops"]["men_at_arms"]
    levy(state, "York", "Edward IV LEVY CAPABILITY Y24")
    assert mat(state, "Edward IV")["vassals"] == ["Hastings"] and state["vassals"]["Hastings"] == {"lord": "Edward IV"}
    assert mat(state, "Edward IV")["troops"]["men_at_arms"] == before + 2
    assert Card(state, "Edward IV").actions == 2 + 1
    events: list[dict] = []
    disband_vassal(state, "Hastings", events)
    assert mat(state, "Edward IV")["caps"] == [] and "Y24" in state["decks"]["York"]
    assert events[-1] == {"type": "capability lost", "side": "York", "lord": "Edward IV", "card": "Y24", "rule": "1.5.4"}
    told = {reader: [e["type"] for e in report_for({"events": events}, reader)["events"]] for reader in ("York", "Lancaster", None)}
    assert "capability lost" in told["York"] and all("capability lost" not in told[r] for r in ("Lancaster", None))
    from judge.games.plantagenet.capabilities import valour

    state = board("Ia", Somerset_1="Wells")
    levy(state, "Lancaster", "Somerset LEVY CAPABILITY L19")
    assert valour(state, "Somerset 1") == 2 + 1 and "Trollope" in mat(state, "Somerset 1")["vassals"]


def test_y30_captain_y8_england_is_my_home_l35_thomas_stanley_l28() -> None:
    """Y30: a Marshal where no Friendly Marshal or Lieutenant is; Y8: going into Exile, he
    Disbands to the next box instead (the Exile's cost paid); L35: one Levy Troops a Levy costs
    no Lordship; L28: with Margaret, Influence +1 and Valour +1."""
    from judge.games.plantagenet.capabilities import influence, valour

    state = board(March="Ely", Rutland="Ely")
    mat(state, "March")["caps"] = ["Y30"]
    assert card(state, "March", "MARCH Cambridge WITH Rutland") == []
    assert mat(state, "Rutland")["at"] == "Cambridge"
    state = board(Rutland="Ely", Somerset_1="Cambridge", box=3)
    mat(state, "Somerset 1")["caps"] = ["Y8"]
    card(state, "Rutland", "MARCH Cambridge", standing=("EXILE Somerset",))
    assert state["lords"]["Somerset 1"] == {"box": 4, "exile": False} and influence_of(state, "Lancaster") == -5
    state = board("III", Henry_Tudor="Oxford")
    state["favour"]["Oxford"] = "Lancaster"
    mat(state, "Henry Tudor")["caps"] = ["L35"]
    assert levy(state, "Lancaster", "Henry Tudor LEVY TROOPS", "Henry Tudor LEVY CARTS", "Henry Tudor LEVY CARTS") == []
    state = board("II", Somerset_2="London", Margaret="London")
    mat(state, "Somerset 2")["caps"] = ["L28"]
    assert influence(state, "Somerset 2") == 3 + 1 and valour(state, "Somerset 2") == 1 + 1
    mat(state, "Margaret")["at"] = "Oxford"
    assert valour(state, "Somerset 2") == 1


# The Capabilities added for issue #20's remaining cards (pg-capabilities).


def test_y31_woodvilles_levy_troops_without_depleting_3_4_4() -> None:
    """Y31 (3.4.4): Levy Troops Depletes nothing (Ely stays as it was, twice over)."""
    state = board(York="Ely")
    mat(state, "York")["caps"] = ["Y31"]
    assert levy(state, "York", "York LEVY TROOPS", "York LEVY TROOPS") == []
    assert "Ely" not in state["depleted"]
    state = board(York="Ely")
    levy(state, "York", "York LEVY TROOPS")
    assert state["depleted"]["Ely"] == 1


def test_l32_two_roses_vassal_levy_always_succeeds_3_4_3() -> None:
    """L32 (3.4.3): the Vassal comes whatever the roll (a 6 here); the check is still paid."""
    state = board(Exeter_1="Shrewsbury")
    state["favour"]["Shrewsbury"] = "Lancaster"
    mat(state, "Exeter 1")["caps"] = ["L32"]
    levy(state, "Lancaster", "Exeter LEVY VASSAL Shrewsbury", dice=Dice(6))
    assert mat(state, "Exeter 1")["vassals"] == ["Shrewsbury"] and influence_of(state, "Lancaster") == -1


def test_y17_alice_montagu_vassal_service_plus_one_3_4_3() -> None:
    """Y17 (3.4.3): a Vassal Levied by the Lord serves one box longer (Shrewsbury, Service 2:
    box 1 + 2 + 1)."""
    state = board(Salisbury="Shrewsbury")
    state["favour"]["Shrewsbury"] = "York"
    mat(state, "Salisbury")["caps"] = ["Y17"]
    levy(state, "York", "Salisbury LEVY VASSAL Shrewsbury", dice=Dice(1))
    assert state["vassals"]["Shrewsbury"] == {"lord": "Salisbury", "box": 4}


def test_y18_irishmen_five_militia_in_ireland_or_an_irish_sea_port_3_4_4() -> None:
    """Y18 (3.4.4): in Ireland, or at a Port of the Irish Sea, Levy Troops brings 5 Militia and
    Depletes nothing; elsewhere the table's Troops, as usual."""
    state = board(York="Ireland")
    mat(state, "York")["caps"] = ["Y18"]
    assert levy(state, "York", "York LEVY TROOPS") == []
    assert mat(state, "York")["troops"]["militia"] == 2 + 5 and "Ireland" not in state["depleted"]
    state = board(York="Bristol")
    state["favour"]["Bristol"] = "York"
    mat(state, "York")["caps"] = ["Y18"]
    levy(state, "York", "York LEVY TROOPS")
    assert mat(state, "York")["troops"]["militia"] == 2 + 5 and "Bristol" not in state["depleted"]
    state = board(York="Ely")
    mat(state, "York")["caps"] = ["Y18"]
    levy(state, "York", "York LEVY TROOPS")
    assert mat(state, "York")["troops"]["militia"] == 2 + 1 and state["depleted"]["Ely"] == 1
    state = board(Rutland="Ireland")
    assert "Exile box" in levy(state, "York", "Rutland LEVY TROOPS")[0][1]


def test_y14_y23_burgundians_at_a_port_once() -> None:
    """Y14 (Levied at a Port, 3.4.6) and Y23 (Marching into one, 4.3): the Lord receives the two
    Burgundians (Handgunners) once only."""
    state = board(York="Lynn")
    state["favour"]["Lynn"] = "York"
    assert levy(state, "York", "York LEVY CAPABILITY Y14") == []
    assert mat(state, "York")["troops"]["burgundians"] == 2
    state = board(Edward_IV="Ely")
    mat(state, "Edward IV")["caps"] = ["Y23"]
    card(state, "Edward IV", "MARCH Lynn")
    assert mat(state, "Edward IV")["troops"]["burgundians"] == 2
    mat(state, "Edward IV")["troops"]["burgundians"] = 0
    card(state, "Edward IV", "MARCH Ely", "MARCH Lynn")
    assert mat(state, "Edward IV")["troops"]["burgundians"] == 0  # once, at most


def test_l14_percys_power_free_pay_in_the_north_3_2() -> None:
    """L14 (3.2): with Northumberland in the North, the Lancastrian Lords there Pay nothing
    (Troops, Lords, their Vassals); a Lancastrian elsewhere pays."""
    state = board(Northumberland_L="Carlisle", Exeter_1="Newcastle", Buckingham="Coventry", box=2)
    mat(state, "Northumberland L")["caps"] = ["L14"]
    mat(state, "Exeter 1")["vassals"].append("Westmoreland")
    state["vassals"]["Westmoreland"] = {"lord": "Exeter 1", "box": 2}
    for lord in ("Northumberland L", "Exeter 1"):
        mat(state, lord)["assets"]["coin"] = 0
    pay(state, {}, [])
    assert "at" in state["lords"]["Exeter 1"] and "at" in state["lords"]["Northumberland L"]
    assert influence_of(state, "Lancaster") == -1  # Buckingham's Pay Lords only
    assert state["vassals"]["Westmoreland"]["box"] == 3
    state = board(Northumberland_L="Coventry", Exeter_1="Newcastle", box=2)
    mat(state, "Northumberland L")["caps"] = ["L14"]
    pay(state, {}, [])
    assert influence_of(state, "Lancaster") == -2  # not in the North: both pay


def test_l37_madame_la_grande_coin_near_a_friendly_channel_port_3_2() -> None:
    """L37 (3.2): at each Pay, a Coin to the Lord at or next to a Friendly English Channel Port
    (Wells, next to Exeter); none where no such Port is near."""
    spent = {}
    for place, favour, cap in (("Wells", "Lancaster", "L37"), ("Wells", "Lancaster", None), ("Wells", None, "L37")):
        state = board(Jasper_Tudor_1=place, box=2)
        if favour:
            state["favour"]["Exeter"] = favour
        if cap:
            mat(state, "Jasper Tudor 1")["caps"] = [cap]
        pay(state, {}, [])
        spent[(favour, cap)] = mat(state, "Jasper Tudor 1")["assets"]["coin"]
    assert spent[("Lancaster", "L37")] == spent[("Lancaster", None)] + 1 == spent[(None, "L37")] + 1


def test_l22_stafford_estates_at_each_campaigns_outset_4_0() -> None:
    """L22: when the Levy ends and the Campaign begins, a Coin and a Provender to the Lord."""
    state = board(Buckingham="Coventry")
    mat(state, "Buckingham")["caps"] = ["L22"]
    after_muster(state, king(state), [])
    assert mat(state, "Buckingham")["assets"] == {"carts": 2, "provender": 3, "coin": 3, "ships": 0}
    assert state["step"]["name"] == "plan"


def test_y10_agitators_deplete_then_exhaust_a_neighbour_4_2_2() -> None:
    """Y10: one Command action Depletes a Neutral or Enemy Stronghold next to the Lord, or
    Exhausts it if Depleted; not a Friendly one, nor one already Exhausted."""
    state = board(York="Ely")
    mat(state, "York")["caps"] = ["Y10"]
    assert card(state, "York", "AGITATE Cambridge", "AGITATE Cambridge") == []
    assert state["depleted"]["Cambridge"] == 2
    refused = card(state, "York", "AGITATE Cambridge", "AGITATE London")
    assert [why.split(":")[0] for _, why in refused] == ["York cannot Agitate Cambridge", "York cannot Agitate London"]
    state = board(York="Ely")
    assert card(state, "York", "AGITATE Cambridge")  # without the card


def test_l30_merchants_remove_two_markers_on_a_check_4_2_2() -> None:
    """L30: one action and an Influence check; success takes two Depleted or Exhausted markers
    off the Lord's Locale and those next to it (Friendly first, by default); failure nothing."""
    state = board(Exeter_1="Exeter")
    state["favour"]["Exeter"] = "Lancaster"
    state["depleted"].update({"Exeter": 2, "Wells": 1, "Dorchester": 1})
    mat(state, "Exeter 1")["caps"] = ["L30"]
    assert card(state, "Exeter 1", "MERCHANTS", dice=Dice(6)) == []
    assert len(state["depleted"]) == 3
    assert card(state, "Exeter 1", "MERCHANTS", dice=Dice(2)) == []
    assert state["depleted"] == {"Dorchester": 1}  # Exeter and Wells (both Lancastrian) first
    assert influence_of(state, "Lancaster") == 2 * -1


def test_l4_heralds_whole_card_check_brings_a_lord_to_next_turn_4_2_2() -> None:
    """L4: at a Port, the whole card for an Influence check; on success a Friendly Lord's
    cylinder on the Calendar goes to the next Turn's box."""
    state = board(Exeter_1="Exeter", box=2)
    mat(state, "Exeter 1")["caps"] = ["L4"]
    state["lords"]["Somerset 1"] = {"box": 7, "exile": False}
    refused = card(state, "Exeter 1", "HERALDS Somerset", "PASS", dice=Dice(2))
    assert state["lords"]["Somerset 1"] == {"box": 3, "exile": False}
    assert len(refused) == 1 and "no actions left" in refused[0][1]
    assert "whole card" in card(state, "Exeter 1", "PASS", "HERALDS Somerset")[0][1]
    state = board(Exeter_1="Wells", box=2)
    mat(state, "Exeter 1")["caps"] = ["L4"]
    state["lords"]["Somerset 1"] = {"box": 7, "exile": False}
    assert "at a Port" in card(state, "Exeter 1", "HERALDS Somerset")[0][1]


def test_l12_commission_of_array_levy_troops_from_a_neighbour_3_4_4() -> None:
    """L12 (3.4.4): Levy Troops from a Friendly Stronghold next to the Lord, free of Enemy
    Lords: that Stronghold's Troops (Cambridge, a Town), and it is the one Depleted."""
    state = board(York="Ely")
    state["favour"]["Cambridge"] = "York"
    mat(state, "York")["caps"] = ["L12"]
    assert levy(state, "York", "York LEVY TROOPS FROM Cambridge") == []
    assert state["depleted"] == {"Cambridge": 1}
    state = board(York="Ely", Exeter_1="Cambridge")
    state["favour"]["Cambridge"] = "York"
    mat(state, "York")["caps"] = ["L12"]
    assert "free of Enemy Lords" in levy(state, "York", "York LEVY TROOPS FROM Cambridge")[0][1]
    state = board(York="Ely")
    state["favour"]["Cambridge"] = "York"
    assert "only where he stands" in levy(state, "York", "York LEVY TROOPS FROM Cambridge")[0][1]


def test_l15_kings_parley_cancels_an_approach_4_3_5() -> None:
    """L15 (4.3.5): upon a Yorkist Approach to Henry VI, the standing PLAY L15 discards the card:
    the March does not happen and the Yorkist card ends."""
    state = board(York="Cambridge", Henry_VI="Ely")
    mat(state, "Henry VI")["caps"] = ["L15"]
    refused = card(state, "York", "MARCH Ely", "PASS", standing=("PLAY L15",))
    assert mat(state, "York")["at"] == "Cambridge" and mat(state, "Henry VI")["caps"] == []
    assert "L15" in state["decks"]["Lancaster"] and "ended" in refused[0][1]
    assert standing_refusal("L15", "Lancaster") is None  # the order is accepted


def test_l29_high_admiral_sails_into_an_approach_4_6_1() -> None:
    """L29 (4.6.1, 4.3.5): the Lord may Sail to a Port held by Enemy Lords, which Approaches
    them (York, by his standing order, goes into Exile); without the card he may not."""
    state = board(Exeter_1="Exeter", York="Dover")
    mat(state, "Exeter 1")["assets"]["ships"] = 1
    assert "cannot Sail" in card(state, "Exeter 1", "SAIL Dover")[0][1]
    mat(state, "Exeter 1")["caps"] = ["L29"]
    assert card(state, "Exeter 1", "SAIL Dover", standing=("EXILE York",)) == []
    assert mat(state, "Exeter 1")["at"] == "Dover" and state["lords"]["York"].get("exile") is True


def test_y15_naval_blockade_cancels_lancastrian_sail_and_port_supply_unless_1_2_4_6_1() -> None:
    """Y15 (4.6.1, 4.5): with Warwick at a Port of the English Channel, a Lancastrian Sail from or
    to its Ports, or Supply by Ships from one, is cancelled on a 3-6 (the action spent) and goes
    on with a 1-2."""
    def setup() -> dict:
        state = board(Warwick_Y="Dover", Exeter_1="Exeter")
        mat(state, "Warwick Y")["caps"] = ["Y15"]
        mat(state, "Exeter 1")["assets"]["ships"] = 1
        state["favour"].update({"Exeter": "Lancaster", "Southampton": "Lancaster"})
        return state
    state = setup()
    assert "ended" in card(state, "Exeter 1", "SAIL Plymouth", "PASS", dice=Dice(3))[0][1]
    assert mat(state, "Exeter 1")["at"] == "Exeter"
    state = setup()
    card(state, "Exeter 1", "SAIL Plymouth", dice=Dice(2))
    assert mat(state, "Exeter 1")["at"] == "Plymouth"
    state = setup()
    assert card(state, "Exeter 1", "SUPPLY Southampton", "SUPPLY Southampton", dice=Dice(5, 1)) == []
    assert mat(state, "Exeter 1")["assets"]["provender"] == 1 + 1  # the first cancelled
    state = setup()
    mat(state, "Warwick Y")["at"] = "Coventry"  # not at a Port: no Blockade, no roll
    card(state, "Exeter 1", "SAIL Plymouth")
    assert mat(state, "Exeter 1")["at"] == "Plymouth"


def test_y5_thomas_bourchier_starts_in_a_friendly_city_3_4_6() -> None:
    """Y5 (3.4.6): the Lord taking the card may start in any Friendly City free of Enemy Lords
    (``LEVY CAPABILITY Y5 TO <City>``), and has Command +1; not in a Town, nor with another card."""
    state = board(York="Ely")
    state["favour"]["Coventry"] = "York"
    assert "not a City" in levy(state, "York", "York LEVY CAPABILITY Y5 TO Cambridge")[0][1]
    assert "only Thomas Bourchier" in levy(state, "York", "York LEVY CAPABILITY Y4 TO Coventry")[0][1]
    state = board(York="Ely")
    state["favour"]["Coventry"] = "York"
    assert levy(state, "York", "York LEVY CAPABILITY Y5 TO Coventry") == []
    assert mat(state, "York")["at"] == "Coventry" and Card(state, "York").actions == 2 + 1


# The Battle's Capabilities that its code names rather than its data (battle.json), each with the
# module that applies it.
BATTLE_CODE_CAPABILITIES = {"Y33": "ending.py", "Y36": "fight.py", "L31": "strike.py"}


def test_every_cards_capability_is_applied_1_9_1() -> None:
    """1.9.1: each of the 74 Arts of War cards has its Capability in the engine's table
    (``capability_effects``) or in the Battle's (battle.json, or named in a Battle module), so
    that none is forgotten."""
    battle = json.loads((BATTLE_DIR / "battle.json").read_text())
    in_battle = {row["card"] for row in battle["battle_troops_cards"]}
    in_battle |= {card for key, value in battle.items() if key.endswith("_cards") and key != "battle_troops_cards"
                  for card in value}
    in_battle |= {battle["final_charge"]["card"], *battle["for_trust_not_him"]["immune_with"],
                  *battle["special_vassals"].values()}
    for card, module in BATTLE_CODE_CAPABILITIES.items():
        assert f'"{card}"' in (BATTLE_DIR / module).read_text(), card
    in_battle |= set(BATTLE_CODE_CAPABILITIES)
    cards = [card.id for card in BOARD.cards.values()]
    assert len(cards) == 74
    forgotten = [card for card in cards if card not in BOARD.capability_effects and card not in in_battle]
    assert forgotten == []


def test_l29_high_admiral_does_not_approach_lords_at_sea_4_6_1() -> None:
    """L29 (4.6.1): a Sea is no Locale, so Sailing out to Enemy Lords at Sea Approaches nobody."""
    state = board(Exeter_1="Exeter", York="English Channel")
    mat(state, "Exeter 1")["assets"]["ships"] = 1
    mat(state, "Exeter 1")["caps"] = ["L29"]
    assert card(state, "Exeter 1", "SAIL English Channel") == []
    assert mat(state, "Exeter 1")["at"] == mat(state, "York")["at"] == "English Channel"


def test_capability_effects_hidden_with_hidden_mats_1_5_3() -> None:
    """1.5.3 (Hidden Mats): what a Capability puts on an enemy mat (Y14's Burgundians, L22's
    Coin and Provender) is told without the card or the figures; King's Parley, played openly,
    is told in full."""
    report = {"hidden_mats": True, "events": [
        {"type": "capability effect", "lord": "York", "card": "Y14", "troops": {"burgundians": 2}},
        {"type": "capability effect", "side": "Lancaster", "lord": "Henry VI", "card": "L15", "cancels": "approach"},
    ]}
    seen = report_for(report, "Lancaster")["events"]
    assert seen[0] == {"type": "capability effect", "lord": "York"}
    by_york = report_for(report, "York")["events"]
    assert by_york[0]["card"] == "Y14" and by_york[1]["card"] == "L15"


def test_capability_commands_read_by_mail_in_a_command_step_4_2_2() -> None:
    """4.2.2: the Capabilities' Commands (Y10, L30, L4) are read as the acting side's Command
    orders, with SPEND on the two checks, and checked against the position as they are read (York
    holds none of the three: each refusal names its card); King's Parley's PLAY L15 as a standing
    order."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"4")
    state["step"] = {"name": "plan"}
    state = game.resolve(state, {"Lancaster": ["PLAN Henry VI, Pass, Pass, Pass", "PLAY L15"]}, Random(1)).state
    assert state["standing"]["Lancaster"] == ["PLAY L15"]
    read = game.read_orders(state, "York", ["AGITATE Cambridge", "MERCHANTS SPEND 1", "HERALDS Rutland SPEND 3"])
    assert ["(Y10)" in str(read[0].error), "(L30)" in str(read[1].error), "(L4:" in str(read[2].error)] == [True] * 3
    assert str(game.parse(state, "HERALDS Rutland SPEND 3")) == "HERALDS Rutland SPEND 3"
