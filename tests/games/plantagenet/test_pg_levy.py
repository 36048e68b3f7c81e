"""Levy (3.x): Influence checks (1.4.2), Pay, Pillage and Disband (3.2), Exiles and Vassals
(3.3), Muster (3.4)."""

from __future__ import annotations

from judge.games.plantagenet.data import BOARD
from judge.games.plantagenet.levy import draw_arts_of_war, pay, ready_vassals
from judge.games.plantagenet.muster import muster
from judge.games.plantagenet.orders import Order, read_order
from judge.games.plantagenet.state import influence_of
from judge.games.plantagenet.view import report_for
from judge.service.mailing.reports import render

from pg_helpers import Dice, board, mat


def levy(state: dict, side: str, *texts: str, dice: Dice | None = None) -> list:
    return muster(state, side, [read_order(t, state["scenario"]) for t in texts], dice or Dice(), [])


def test_parley_example_1_4_2_costs_check_way_and_extra() -> None:
    """1.4.2 EXAMPLE: a Yorkist Lord of Influence 3 Parleys an adjacent Stronghold in Levy
    spending three points (check, Way, +1 rating to 4); a roll of 5 fails."""
    state = board(Salisbury="Ely")
    refused = levy(state, "York", "Salisbury PARLEY Cambridge SPEND 1", dice=Dice(5))
    assert refused == []
    assert influence_of(state, "York") == -3
    assert "Cambridge" not in state["favour"]
    levy(state, "York", "Salisbury PARLEY Cambridge SPEND 1", dice=Dice(4))
    assert state["favour"]["Cambridge"] == "York"


def test_check_1_4_2_one_always_succeeds_six_always_fails() -> None:
    """1.4.2: a 1 succeeds whatever the rating, a 6 fails whatever it is."""
    state = board(Rutland="Ely")  # Influence 2; the Vassal Beaumont's Loyalty -2 (red) leaves 0
    state["favour"]["Lincoln"] = "York"
    levy(state, "York", "Rutland LEVY VASSAL Beaumont", dice=Dice(1))
    assert mat(state, "Rutland")["vassals"] == ["Beaumont"]
    state = board(York="Ely")
    state["box"] = 5
    state["lords"]["Rutland"] = {"box": 5, "exile": False}
    levy(state, "York", "York LEVY LORD Rutland SPEND 3", dice=Dice(6))
    assert "box" in state["lords"]["Rutland"] and influence_of(state, "York") == -4


def test_levy_vassal_loyalty_3_4_3() -> None:
    """3.4.3, 1.5.4: the Vassal's Loyalty is added to a Levying Lord of its colour and taken from
    one of the other: Shrewsbury (red 1) makes a Lancastrian Lord of 2 roll at 3, a Yorkist at 1."""
    state = board(Exeter_1="Shrewsbury")
    state["favour"]["Shrewsbury"] = "Lancaster"
    levy(state, "Lancaster", "Exeter LEVY VASSAL Shrewsbury", dice=Dice(3))
    assert state["vassals"]["Shrewsbury"] == {"lord": "Exeter 1", "box": 1 + 2}  # Service 2
    state = board(March="Shrewsbury")
    state["favour"]["Shrewsbury"] = "York"
    levy(state, "York", "March LEVY VASSAL Shrewsbury", dice=Dice(2))
    assert state["vassals"]["Shrewsbury"] == {"seat": True}


def test_levy_vassal_needs_friendly_seat_free_of_enemies_3_4_3() -> None:
    """3.4.3: the Vassal's Seat must be Friendly to the Levying side and free of Enemy Lords."""
    state = board(March="Ludlow", Exeter_1="Shrewsbury")
    state["favour"]["Shrewsbury"] = "York"
    refused = levy(state, "York", "March LEVY VASSAL Shrewsbury")
    assert "free of Enemy Lords" in refused[0][1]
    state = board(March="Ludlow")
    assert "not Friendly" in levy(state, "York", "March LEVY VASSAL Shrewsbury")[0][1]


def test_levy_lord_at_seat_or_other_friendly_seat_3_4_2() -> None:
    """3.4.2: a Ready Lord Musters at his Seat, which turns Friendly; if Enemy Lords hold it, at a
    Friendly Seat of another Lord of his side free of them. He takes no Levy action himself."""
    state = board(York="Ely", box=2)
    state["lords"]["Salisbury"] = {"box": 2, "exile": False}
    refused = levy(state, "York", "York LEVY LORD Salisbury", "Salisbury LEVY CARTS", dice=Dice(4))
    assert mat(state, "Salisbury")["at"] == "York" and state["favour"]["York"] == "York"
    assert "since the start of Muster" in refused[0][1]
    state = board(York="Ely", Somerset_1="York", box=2)
    state["lords"]["Salisbury"] = {"box": 2, "exile": False}
    levy(state, "York", "York LEVY LORD Salisbury", dice=Dice(4))
    assert mat(state, "Salisbury")["at"] == "Ely"


def test_levy_lord_not_ready_3_4_2() -> None:
    """3.4.2: only a Lord whose cylinder is in the current or an earlier box is Ready."""
    state = board(York="Ely", box=1)
    state["lords"]["Salisbury"] = {"box": 2, "exile": False}
    assert "not Ready" in levy(state, "York", "York LEVY LORD Salisbury")[0][1]


def test_levy_troops_depletes_then_exhausts_3_4_4() -> None:
    """3.4.4: Troops by the Stronghold's type (a City: 1 Longbowmen, 1 Militia), then Depleted,
    then Exhausted, and no more from it; never in an Exile box."""
    state = board(York="Ely")
    before = dict(mat(state, "York")["troops"])
    refused = levy(state, "York", "York LEVY TROOPS", "York LEVY TROOPS", "York LEVY TROOPS")
    after = mat(state, "York")["troops"]
    assert after["longbowmen"] == before["longbowmen"] + 2 and after["militia"] == before["militia"] + 2
    assert state["depleted"]["Ely"] == 2 and "Exhausted" in refused[0][1]
    state = board(York="Ireland")
    assert "Exile box" in levy(state, "York", "York LEVY TROOPS")[0][1]


def test_lordship_limits_levy_actions_3_4() -> None:
    """3.4: a Lord takes Levy actions up to his Lordship (March: 2)."""
    state = board(March="Ludlow")
    refused = levy(state, "York", "March LEVY CARTS", "March LEVY CARTS", "March LEVY CARTS")
    assert mat(state, "March")["assets"]["carts"] == 1 + 4
    assert "Lordship" in refused[0][1]


def test_only_parley_at_an_unfriendly_stronghold_3_4() -> None:
    """3.4: at an Enemy or Neutral Stronghold a Lord may only Parley there; once it is Friendly he
    may use what Lordship he has left."""
    state = board(York="Cambridge")
    refused = levy(state, "York", "York LEVY CARTS", "York PARLEY Cambridge", "York LEVY CARTS", dice=Dice(2))
    assert "only Parley" in refused[0][1] and len(refused) == 1
    assert mat(state, "York")["assets"]["carts"] == 2 + 2


def test_levy_ship_limits_3_4_5_and_1_7_3() -> None:
    """3.4.5: a Ship only at a Friendly Port or in an Exile box, at most two a Lord (1.7.3)."""
    state = board(March="Ludlow", Warwick_Y="Calais")
    state["favour"]["Calais"] = "York"
    assert "neither a Port" in levy(state, "York", "March LEVY SHIP")[0][1]
    refused = levy(state, "York", "Warwick LEVY SHIP", "Warwick LEVY SHIP")
    assert mat(state, "Warwick Y")["assets"]["ships"] == 2 and "two Ships" in refused[0][1]


def test_levy_capability_3_4_6() -> None:
    """3.4.6: a Capability of the side's unused cards, for a Lord its badges name, two at most."""
    state = board(York="Ely", March="Ludlow")
    assert "not for March" in levy(state, "York", "March LEVY CAPABILITY Y15")[0][1]
    refused = levy(state, "York", "York LEVY CAPABILITY Y4", "York LEVY CAPABILITY Y5", "York LEVY CAPABILITY Y7")
    assert mat(state, "York")["caps"] == ["Y4", "Y5"] and "two Capabilities" in refused[0][1]
    assert "Y4" not in state["decks"]["York"]


def test_pay_troops_shares_coin_at_a_locale_3_2_1() -> None:
    """3.2.1 SHARING: a Lord short of Coin is paid by his side's Lords at the same Locale."""
    state = board(York="Ely", Rutland="Ely", box=2)
    mat(state, "Rutland")["troops"] = {"men_at_arms": 3, "longbowmen": 0, "militia": 10, "mercenaries": 0, "burgundians": 0}
    mat(state, "York")["assets"]["coin"] = 4  # York's 6 Troops need 1, Rutland's 13 need 3
    mat(state, "Rutland")["assets"]["coin"] = 1
    pay(state, {}, [])
    assert mat(state, "York")["assets"]["coin"] == 1 and mat(state, "Rutland")["assets"]["coin"] == 0
    assert "Ely" not in state["depleted"] and "at" in state["lords"]["Rutland"]


def test_unpaid_lords_pillage_3_2_1() -> None:
    """3.2.1 PILLAGE: an unpaid Lord Pillages his Stronghold: Coin and Provender by its type, the
    side loses twice the Assets, it is Exhausted and turns Enemy, its neighbours shift toward
    the Enemy; then he Pays."""
    state = board(York="Ely", box=2)
    mat(state, "York")["assets"]["coin"] = 0
    state["favour"]["Cambridge"] = "York"
    pay(state, {}, [])
    assert state["depleted"]["Ely"] == 2 and state["favour"]["Ely"] == "Lancaster"
    assert "Cambridge" not in state["favour"] and state["favour"]["Lynn"] == "Lancaster"
    city = BOARD.strongholds["city"]["pillage"]
    assert mat(state, "York")["assets"]["coin"] == city - 1
    assert influence_of(state, "York") == -(2 * 2 * city) - 1  # and one for Pay Lords (3.2.2)


def test_unpaid_disband_example_3_2_1() -> None:
    """3.2.1 EXAMPLE: Salisbury and Rutland, each with a Vassal, still unpaid, Disband; the
    Yorkists lose seven: five for their Influence ratings and two for the Vassals. By mail, the
    Influence each Disband costs is told with it."""
    state = board(Salisbury="Ely", Rutland="Ely", box=2)
    state["depleted"]["Ely"] = 2
    for lord, vassal in (("Salisbury", "Stanley"), ("Rutland", "Dudley")):
        mat(state, lord)["assets"]["coin"] = 0
        mat(state, lord)["vassals"].append(vassal)
        state["vassals"][vassal] = {"lord": lord, "box": 9}
    events: list = []
    pay(state, {}, events)
    assert influence_of(state, "York") == -7
    lines = told(events)
    assert "Salisbury Disbands, to Calendar box 5: unpaid (3.2.1); York loses 4 Influence." in lines, lines
    assert "Rutland Disbands, to Calendar box 6: unpaid (3.2.1); York loses 3 Influence." in lines, lines
    assert state["lords"]["Salisbury"] == {"box": 2 + 6 - 3, "exile": False}
    assert state["vassals"]["Stanley"] == {"box": 2 + 6 - 1}


def test_pay_lords_and_exile_boxes_3_2_2_and_disband_3_2_4() -> None:
    """3.2.2: one point a Lord at a Stronghold, two a Lord in an Exile box; a Lord Disbanded by
    choice first goes six minus his Influence boxes right (3.2.4), marked Exile from an Exile box."""
    state = board(York="Ely", Rutland="Ireland", March="Ludlow", box=3)
    pay(state, {"York": [Order("DISBAND", target="March")]}, [])
    assert influence_of(state, "York") == -(1 + 2)
    assert state["lords"]["March"] == {"box": 3 + 6 - 2, "exile": False}


def test_pay_vassals_3_2_3() -> None:
    """3.2.3: a Vassal whose Service marker is in the current box is paid one point and shifts
    one box right, or, dismissed, Disbands face down six minus his Service boxes right."""
    state = board(York="Ely", box=4)
    for vassal in ("Stanley", "Worcester"):
        mat(state, "York")["vassals"].append(vassal)
        state["vassals"][vassal] = {"lord": "York", "box": 4}
    pay(state, {"York": [Order("DISMISS", target="Worcester")]}, [])
    assert state["vassals"]["Stanley"] == {"lord": "York", "box": 5}
    assert state["vassals"]["Worcester"] == {"box": 4 + 6 - 3}
    assert influence_of(state, "York") == -(1 + 1)


def test_a_vassal_dismissed_is_told_as_disbanding_3_2_4() -> None:
    """3.2.3, 3.2.4: the mail tells the pay of a Vassal kept under 3.2.3 and, of one left
    unpaid, his Disband under 3.2.4 (the rule that says where he goes)."""
    state = board(York="Ely", box=4)
    for vassal in ("Stanley", "Worcester"):
        mat(state, "York")["vassals"].append(vassal)
        state["vassals"][vassal] = {"lord": "York", "box": 4}
    events: list = []
    pay(state, {"York": [Order("DISMISS", target="Worcester")]}, events)
    lines = told(events, "York")
    assert "York pays the Vassal Stanley (3.2.3)." in lines, lines
    assert "The Vassal Worcester leaves York: he Disbands (3.2.4)." in lines, lines


def test_ready_vassals_3_3_2() -> None:
    """3.3.2: Disbanded Vassals in the current box go back to their Seats."""
    state = board(box=6)
    state["vassals"]["Stanley"] = {"box": 6}
    state["vassals"]["Dudley"] = {"box": 7}
    ready_vassals(state, [])
    assert state["vassals"]["Stanley"] == {"seat": True} and state["vassals"]["Dudley"] == {"box": 7}


def test_muster_exiles_allied_networks_3_3_1() -> None:
    """3.3.1: an Exiled Lord Ready on the Calendar Musters into an Exile box of his side, free;
    in Ia only his Allied Network's box."""
    state = board(box=4)
    state["lords"]["Henry VI"] = {"box": 3, "exile": True}
    assert "only into Scotland" in levy(state, "Lancaster", "EXILE Henry VI TO France")[0][1]
    assert levy(state, "Lancaster", "EXILE Henry VI") == []
    assert mat(state, "Henry VI")["at"] == "Scotland" and influence_of(state, "York") == 0


def test_first_levy_capabilities_3_1_2_then_events_3_1_3() -> None:
    """3.1.2: at the first Levy each side's two cards become Capabilities at Mustered Lords who
    may take them; 3.1.3: later, held Events are kept, the others revealed."""
    state = board(York="Ely", March="Ludlow", Henry_VI="London")
    events: list = []
    draw_arts_of_war(state, True, Dice(), events)
    placed = [e for e in events if e["type"] == "capability"]
    assert all(e["card"] in mat(state, e["lord"])["caps"] for e in placed)
    assert len([e for e in events if e["type"].startswith("capability")]) == 4
    events = []
    draw_arts_of_war(state, False, Dice(), events)
    assert len(events) == 4
    for event in events:
        if event["type"] == "event held":
            assert event["card"] in state["held"][event["side"]]


def test_king_richard_scenario_iii() -> None:
    """III, King Richard: in a Muster with Gloucester (2) at London the Yorkists may put Richard
    III in his place, with his mat; elsewhere they may not."""
    state = board("III", Gloucester_2="London", box=3)
    mat(state, "Gloucester 2")["troops"]["militia"] = 9
    assert levy(state, "York", "CROWN Richard III", "Richard III LEVY CARTS") == []
    assert state["lords"]["Gloucester 2"] == {"gone": "crowned"}
    assert mat(state, "Richard III")["troops"]["militia"] == 9 and mat(state, "Richard III")["at"] == "London"
    state = board("III", Gloucester_2="Arundel", box=3)
    assert "not at London" in levy(state, "York", "CROWN Richard III")[0][1]


def test_king_richard_is_crowned_by_the_yorkists_alone_scenario_iii() -> None:
    """III, King Richard: the Lancastrians' Muster cannot crown him (the random player once
    tried it for them, and the judge by mail refused the order it had chosen)."""
    state = board("III", Gloucester_2="London", box=3)
    assert "only the Yorkists" in levy(state, "Lancaster", "CROWN Richard III")[0][1]
    assert state["lords"]["Gloucester 2"]["at"] == "London"


def test_shaky_allies_margaret_to_france_removes_clarence_ii() -> None:
    """II, Shaky Allies: placing Margaret in France removes Clarence for good."""
    state = board("II", Clarence="York", box=9)
    state["lords"]["Margaret"] = {"box": 9, "exile": True}
    levy(state, "Lancaster", "EXILE Margaret")
    assert mat(state, "Margaret")["at"] == "France"
    assert state["lords"]["Clarence"] == {"gone": "removed"}


def test_shaky_allies_margaret_never_musters_where_warwick_stands_ii_and_3_4_2() -> None:
    """II, Shaky Allies: Margaret and Warwick never enter the same Stronghold, Muster included:
    with Warwick at London, her Seat, Margaret Levied Musters at another Friendly Seat (3.4.2);
    with none left, the Levy is refused."""
    state = board("II", Warwick_L="London", box=3)
    state["step"] = {"name": "muster", "side": "Lancaster"}
    state["favour"]["London"] = "Lancaster"
    state["lords"]["Margaret"] = {"box": 1, "exile": False}
    assert levy(state, "Lancaster", "Warwick LEVY LORD Margaret", dice=Dice(1)) == []
    assert mat(state, "Margaret")["at"] == "Calais"  # the first Friendly Seat of the Lancastrians
    for seat in ("Calais", "York", "Harlech", "Wells"):
        state["favour"][seat] = "York"
    state["lords"]["Margaret"] = {"box": 1, "exile": False}
    refused = levy(state, "Lancaster", "Warwick LEVY LORD Margaret", dice=Dice(1))
    assert [why for _, why in refused] == [
        "Margaret has no Friendly Seat to Muster at where Warwick L is not (II, Shaky Allies)"]


def test_each_lord_completes_his_levy_before_the_next_3_4() -> None:
    """3.4: a Lord's Levy actions are all taken before the next Lord's."""
    state = board(York="Ely", March="Ludlow")
    refused = levy(state, "York", "York LEVY CARTS", "March LEVY CARTS", "York LEVY CARTS")
    assert refused[0][0] == read_order("York LEVY CARTS", "Ia") and "completes" in refused[0][1]
    assert mat(state, "York")["assets"]["carts"] == 2 + 2


def told(events: list, reader: str | None = None) -> list[str]:
    """The lines a results mail tells of these events, as ``reader`` reads them."""
    text = render("plantagenet/events.txt", report=report_for({"events": events}, reader))
    return [line.strip() for line in text.splitlines() if line.strip()]


def test_a_pillage_tells_the_influence_it_costs_and_the_favour_it_turns_3_2_1() -> None:
    """3.2.1 PILLAGE, by mail: the mail tells the Influence the Pillage costs (twice the Assets
    added) and each Stronghold whose Favour it changes, so that a reader can follow the
    Influence track and the Favour list from one mail to the next."""
    state = board(York="Ely", box=2)
    mat(state, "York")["assets"]["coin"] = 0
    state["favour"]["Cambridge"] = "York"
    state["favour"].pop("Ely", None)
    events: list = []
    pay(state, {}, events)
    lines = told(events, "Lancaster")
    assert "York Pillages Ely: 2 Coin, 2 Provender; York loses 8 Influence (3.2.1)." in lines, lines
    assert "Ely is now Friendly to Lancaster." in lines
    assert "Cambridge is now Neutral." in lines and "Lynn is now Friendly to Lancaster." in lines



def test_a_parley_at_a_stronghold_already_friendly_says_so_3_4_1() -> None:
    """3.4.1: Parley makes a Stronghold Friendly; one that is Friendly already (a second Parley
    after a first that succeeded) is refused with that reason, not for want of a Route."""
    state = board(Salisbury="Ely")
    state["favour"]["Cambridge"] = "York"
    refused = levy(state, "York", "Salisbury PARLEY Cambridge")
    assert [why for _, why in refused] == ["Cambridge is Friendly already (3.4.1)"], refused


def test_a_lord_removed_for_good_is_not_told_as_going_to_the_calendar_4_8_2() -> None:
    """4.4.3, 4.8.2: a Lord who dies or is Shipwrecked leaves the game for good; the mail says
    so (with a Shipwreck's Influence lost), not that he Disbands to a Calendar box."""
    from judge.games.plantagenet.mat import remove_lord

    state = board(York="Ely", box=2)
    events: list = []
    remove_lord(state, "York", events, "shipwreck", penalty=True)
    lines = told(events)
    assert "York is removed from the game (shipwreck); York loses 5 Influence." in lines, lines
    assert not [line for line in lines if "Calendar" in line], lines
