"""Campaign (4.x) without Battle's inside: Plan (4.1), March (4.3), Supply (4.5), Sail, Forage,
Tax, Parley (4.6), Feed (4.7), End Campaign (4.8) and Victory (5.x)."""

from __future__ import annotations

from random import Random

from judge.games.plantagenet.command import command, default_plan, plan_refusal
from judge.games.plantagenet.end import disembark, grow, tides_of_war, victory, waste
from judge.games.plantagenet.march import haul
from judge.games.plantagenet.orders import read_order
from judge.games.plantagenet.state import influence_of

from pg_helpers import Dice, board, mat


def card(state: dict, lord: str, *texts: str, standing: tuple[str, ...] = (), dice: Random | None = None) -> list:
    """Carry out a Lord's Command card; the orders refused, as (order text, why)."""
    read = [read_order(t, state["scenario"]) for t in texts]
    held = [read_order(t, state["scenario"]) for t in standing]
    events: list = []
    refused = command(state, lord, read, held, dice or Dice(), events)
    state["_events"] = events
    return [(str(o), why) for o, why in refused]


def test_plan_size_and_cards_4_1_and_1_9_2() -> None:
    """4.1: a Plan of the Turn's size (box 1: 4 cards); 1.9.2: three cards a Lord, four Pass."""
    state = board(York="Ely")
    assert plan_refusal(state, "York", ("York", "York", "Pass")) is not None
    assert "only 3" in (plan_refusal(state, "York", ("York",) * 4) or "")
    assert plan_refusal(state, "York", ("York", "March", "Pass", "York")) is None
    assert "not a Lord" in (plan_refusal(state, "York", ("Henry VI", "York", "York", "York")) or "")
    state["box"] = 3
    assert default_plan(state, "York") == ("York", "York", "York", "Pass", "Pass", "Pass", "Pass")


def test_highway_march_two_for_one_action_4_3_3() -> None:
    """4.3.3 HIGHWAY: one action along a Highway, then a second Highway at once for nothing; a
    Road costs an action (Rutland has Command 1)."""
    state = board(Rutland="Ely")
    assert card(state, "Rutland", "MARCH Cambridge", "MARCH St Albans", "MARCH London") == [
        ("MARCH London", "not enough actions to March by highway (4.3.3)")]
    assert mat(state, "Rutland")["at"] == "St Albans"
    state = board(Rutland="Ely")
    refused = card(state, "Rutland", "MARCH Lynn", "MARCH Norwich")
    assert mat(state, "Rutland")["at"] == "Lynn" and refused[0][0] == "MARCH Norwich"


def test_path_takes_the_whole_card_4_3_3() -> None:
    """4.3.3 PATH: a Path takes every action of the card, so only as its first."""
    state = board(Salisbury="Chester")
    assert card(state, "Salisbury", "MARCH York", "PASS")[0][0] == "PASS"
    assert mat(state, "Salisbury")["at"] == "York"
    state = board(Salisbury="Chester")
    assert card(state, "Salisbury", "PASS", "MARCH York")[0][0] == "MARCH York"
    assert mat(state, "Salisbury")["at"] == "Chester"


def test_group_march_marshal_and_lieutenant_4_3_1() -> None:
    """4.3.1: a Marshal takes any Lords with him, a Lieutenant any but a Marshal, others none."""
    state = board(York="Ely", Rutland="Ely")
    card(state, "York", "MARCH Cambridge WITH Rutland")
    assert mat(state, "Rutland")["at"] == mat(state, "York")["at"] == "Cambridge"
    state = board(Warwick_Y="Ely", York="Ely")
    assert "Marshal" in card(state, "Warwick Y", "MARCH Cambridge WITH York")[0][1]
    state = board(March="Ely", Rutland="Ely")
    assert "moves alone" in card(state, "March", "MARCH Cambridge WITH Rutland")[0][1]


def test_haul_4_3_2_and_feed_4_7() -> None:
    """4.3.2: Provender beyond Carts is discarded before Marching; 4.7: then a Lord who Moved
    Feeds one Provender per six Troops (York's 6: one)."""
    state = board(York="Ely")
    mat(state, "York")["assets"].update(provender=5, carts=2)
    card(state, "York", "MARCH Lynn")
    assert mat(state, "York")["assets"]["provender"] == 2 - 1
    assert mat(state, "York")["moved"] is False  # the marker comes off after Feed


def test_sharing_example_1_7_carts_shared_carry_another_lords_provender_4_3_2() -> None:
    """1.7 SHARING, the rule's example: a Lord Shares his Carts with another whose Provender
    exceeds his own Transport, so the Group Marches with nothing discarded (4.3.2): Rutland's two
    Carts carry York's Provender beyond York's own one Cart."""
    state = board(York="Ely", Rutland="Ely")
    mat(state, "York")["assets"].update(provender=3, carts=1)
    mat(state, "Rutland")["assets"].update(provender=0, carts=2)
    card(state, "York", "MARCH Lynn WITH Rutland")
    assert mat(state, "York")["at"] == mat(state, "Rutland")["at"] == "Lynn"
    # nothing Hauled away; then both Lords Feed one each from York's Provender (4.7 SHARING)
    assert (mat(state, "York")["assets"]["provender"], mat(state, "Rutland")["assets"]["provender"]) == (1, 0)
    alone = board(York="Ely")
    mat(alone, "York")["assets"].update(provender=3, carts=1)
    haul(alone, ["York"])  # without Rutland's Carts, two of the three are discarded
    assert mat(alone, "York")["assets"]["provender"] == 1


def test_unfed_lord_pillages_4_7() -> None:
    """4.7 PILLAGE: a Lord who cannot Feed Pillages his Locale as if unpaid, then Feeds."""
    state = board(Rutland="Ely")
    mat(state, "Rutland")["assets"]["provender"] = 0
    card(state, "Rutland", "MARCH Lynn")
    assert state["depleted"]["Lynn"] == 2 and state["favour"]["Lynn"] == "Lancaster"
    assert mat(state, "Rutland")["assets"]["provender"] == 1 - 1  # a Fortress gives 1


def test_intercept_then_exile_on_approach_4_3_4_and_4_3_5() -> None:
    """4.3.4: a Lord next to the destination by Highway rolls at or under his Valour and gets
    there first; 4.3.5: the Marching Lord Approaches him, he goes into Exile (his standing
    order): his side loses his Influence, half his Carts and Provender (a Neutral Locale) go to
    the Approaching Lord, he Disbands marked Exile, and the card ends."""
    state = board(Rutland="Ely", Somerset_1="St Albans", box=2)
    mat(state, "Somerset 1")["assets"].update(carts=3, provender=2)
    mat(state, "Rutland")["assets"].update(carts=1, provender=1)
    refused = card(state, "Rutland", "MARCH Cambridge", "MARCH Bedford",
                   standing=("INTERCEPT Somerset", "EXILE Somerset"), dice=Dice(2))
    assert refused == [("MARCH Bedford", "the card's actions have ended (4.3.5, 4.6.1)")]
    assert mat(state, "Rutland")["at"] == "Cambridge"
    assert state["lords"]["Somerset 1"] == {"box": 2 + 6 - 5, "exile": True}
    assert influence_of(state, "Lancaster") == -5
    assert mat(state, "Rutland")["assets"]["carts"] == 1 + 2
    assert mat(state, "Rutland")["assets"]["provender"] == 1 + 1 - 1  # Fed one


def test_failed_intercept_4_3_4() -> None:
    """4.3.4: a roll above the Valour has no effect."""
    state = board(Rutland="Ely", Somerset_1="St Albans")
    card(state, "Rutland", "MARCH Cambridge", standing=("INTERCEPT Somerset",), dice=Dice(3))
    assert mat(state, "Somerset 1")["at"] == "St Albans" and mat(state, "Rutland")["at"] == "Cambridge"


def test_approach_gives_battle_by_default_4_3_5() -> None:
    """4.3.5 BATTLE: an Approached Lord who does not choose Exile Defends; afterwards the two
    sides no longer share the Stronghold."""
    state = board(York="Ely", Somerset_1="Cambridge")
    card(state, "York", "MARCH Cambridge", dice=Random(3))
    battle = [e for e in state["_events"] if e["type"] == "battle"]
    assert battle and battle[0]["attacker"] == "York"
    here = {lord for lord, e in state["lords"].items() if e.get("at") == "Cambridge"}
    assert len({"York" if lord == "York" else "Lancaster" for lord in here}) <= 1


def test_supply_example_4_5_2() -> None:
    """4.5.2 EXAMPLE: a Lord with four Carts two Ways from a Friendly Depleted City draws two
    Provender and flips the City to Exhausted."""
    state = board(York="Cambridge")
    state["favour"].update(Cambridge="York", Peterborough="York")
    state["depleted"]["Peterborough"] = 1
    mat(state, "York")["assets"].update(carts=4, provender=0)
    card(state, "York", "SUPPLY Peterborough")
    assert mat(state, "York")["assets"]["provender"] == 2
    assert state["depleted"]["Peterborough"] == 2


def test_supply_route_must_be_friendly_4_5_1() -> None:
    """4.5.1: the Route runs through Friendly Locales free of Enemy Lords."""
    state = board(York="Cambridge", Somerset_1="Ely")
    state["favour"].update(Cambridge="York", Peterborough="York")
    mat(state, "York")["assets"]["carts"] = 4
    assert "cannot Supply" in card(state, "York", "SUPPLY Peterborough")[0][1]


def test_sail_4_6_1() -> None:
    """4.6.1: Sail takes the whole card, to a Port of the same Sea free of Enemies or out to that
    or an adjacent Sea, never to a Port of another Sea; one Ship per six Forces units."""
    state = board(Warwick_Y="Calais")
    mat(state, "Warwick Y")["assets"]["ships"] = 1
    mat(state, "Warwick Y")["troops"]["militia"] += 6  # more than six Forces units
    assert "too few Ships" in card(state, "Warwick Y", "SAIL Dover")[0][1]
    state = board(Warwick_Y="Calais")
    mat(state, "Warwick Y")["assets"]["ships"] = 2
    assert "cannot Sail" in card(state, "Warwick Y", "SAIL Lynn")[0][1]
    state = board(Warwick_Y="Calais")
    mat(state, "Warwick Y")["assets"]["ships"] = 2
    refused = card(state, "Warwick Y", "SAIL North Sea", "PASS")
    assert mat(state, "Warwick Y")["at"] == "North Sea" and refused[0][0] == "PASS"
    state = board(Warwick_Y="Calais")
    mat(state, "Warwick Y")["assets"]["ships"] = 2
    assert card(state, "Warwick Y", "PASS", "SAIL Dover")[0][1] == "Sail takes every action of a card (4.6.1)"


def test_disembark_4_8_2() -> None:
    """4.8.2: at Sea at Campaign's end, 1-4 is Shipwreck (removed, the Unpaid penalty), 5-6 lands
    at a Port of that Sea free of Enemy Lords."""
    state = board(Warwick_Y="English Channel", March="North Sea")
    mat(state, "March")["vassals"].append("Stanley")
    state["vassals"]["Stanley"] = {"lord": "March", "box": 5}
    disembark(state, Dice(4, 6), [])  # March is first in the scenario's order
    assert mat(state, "Warwick Y")["at"] == "Calais"
    assert state["lords"]["March"] == {"gone": "shipwreck"}
    assert influence_of(state, "York") == -(2 + 1)


def test_forage_4_6_2() -> None:
    """4.6.2: sure at a Friendly Locale with no Enemy adjacent, 1-4 at a Neutral one, 1-3 with an
    Enemy Lord adjacent; a success Depletes the Locale."""
    state = board(York="Ely")
    card(state, "York", "FORAGE")
    assert mat(state, "York")["assets"]["provender"] == 3 and state["depleted"]["Ely"] == 1
    state = board(York="Cambridge")
    card(state, "York", "FORAGE", "FORAGE", dice=Dice(5, 4))
    assert mat(state, "York")["assets"]["provender"] == 3
    state = board(York="Ely", Somerset_1="Lynn")
    card(state, "York", "FORAGE", dice=Dice(4))
    assert mat(state, "York")["assets"]["provender"] == 2


def test_tax_4_6_3() -> None:
    """4.6.3: Tax of the Lord's own Seat needs no check; London needs one, on a Friendly Route;
    Coin by type, and the Stronghold is Depleted."""
    state = board(York="Ely")
    card(state, "York", "TAX Ely")
    assert mat(state, "York")["assets"]["coin"] == 2 + 2 and state["depleted"]["Ely"] == 1
    assert influence_of(state, "York") == 0
    state = board(Somerset_1="Wells")
    assert "cannot Tax London" in card(state, "Somerset 1", "TAX London")[0][1]  # no Friendly Route
    state = board(Somerset_1="London")
    card(state, "Somerset 1", "TAX London", dice=Dice(5))
    assert mat(state, "Somerset 1")["assets"]["coin"] == 1 + 3 and influence_of(state, "Lancaster") == -1


def test_campaign_parley_4_6_4() -> None:
    """4.6.4: at the Lord's own Locale Parley succeeds with no check or cost; an adjacent
    Stronghold takes a check costing one point and one for the Way."""
    state = board(York="Cambridge")
    card(state, "York", "PARLEY Cambridge")
    assert state["favour"]["Cambridge"] == "York" and influence_of(state, "York") == 0
    card(state, "York", "PARLEY St Albans", dice=Dice(4))
    assert state["favour"]["St Albans"] == "York" and influence_of(state, "York") == -2


def test_tides_of_war_4_8_1() -> None:
    """4.8.1: the rule's example (Favour at five Cities against one: two for the Yorkists), an
    Area with a Lord (1), London's two points (none with an Enemy Lord there), and on a Gain
    Lords Influence box each side's Lords' Influence."""
    state = board(York="Ely", Henry_VI="London", box=2)
    state["favour"] = {c: "York" for c in ("Ely", "Coventry", "Canterbury", "Bristol", "Norwich")}
    state["favour"].update(London="Lancaster", Carlisle="Lancaster")
    points = tides_of_war(state)
    assert points == {"York": 2, "Lancaster": 2}  # the most Cities; London
    state["lords"]["Rutland"] = mat(board(Rutland="London"), "Rutland")
    assert tides_of_war(state)["Lancaster"] == 0  # no London points with an Enemy Lord there
    state["box"] = 1
    assert tides_of_war(state)["York"] == 2 + 5 + 2


def test_grow_and_waste_4_8_4_and_4_8_5() -> None:
    """4.8.4: Depleted markers go, Exhausted turn Depleted; 4.8.5: Provender, Carts and Ships
    halve rounding up, Coin and Troops go back to the card (Mercenaries stay)."""
    state = board(York="Ely")
    state["depleted"] = {"Ely": 1, "Lynn": 2}
    grow(state)
    assert state["depleted"] == {"Lynn": 1}
    york = mat(state, "York")
    york["assets"].update(provender=5, carts=3, ships=1, coin=9)
    york["troops"].update(militia=7, mercenaries=2)
    waste(state)
    assert york["assets"] == {"provender": 3, "carts": 2, "ships": 1, "coin": 2}
    assert york["troops"]["militia"] == 2 and york["troops"]["mercenaries"] == 2


def test_victory_5_1_5_2_5_3() -> None:
    """5.1: a side with no Lord on the map and no Exile due next Turn loses; 5.2: a threshold
    reached wins; 5.3: at the end the side with more Influence wins, a tie is a draw."""
    state = board(York="Ely", box=4)
    found = victory(state)
    assert found is not None and found["winner"] == "York" and "5.1" in found["reason"]
    state["lords"]["Henry VI"] = {"box": 5, "exile": True}
    assert victory(state) is None
    state["influence"] = -40
    assert (victory(state) or {}).get("winner") == "York"
    state["box"] = 6
    state["lords"]["Henry VI"] = {"box": 7, "exile": True}
    state["influence"] = 35
    assert (victory(state) or {}).get("winner") == "Lancaster"
    state["influence"] = 0
    state["box"] = 15
    state["lords"]["Henry VI"] = mat(board(Henry_VI="London"), "Henry VI")
    assert victory(state) == {"winner": None, "reason": "Influence tied at the scenario's end (5.3)"}


def test_test_of_arms_ib() -> None:
    """Ib, Test of Arms: Favour at York at the end decides; nobody's, a draw."""
    state = board("Ib", March="London", Somerset_1="Newcastle")
    state["influence"] = -20
    assert (victory(state) or {})["winner"] is None
    state["favour"]["York"] = "Lancaster"
    assert (victory(state) or {})["winner"] == "Lancaster"


def test_shaky_allies_margaret_and_warwick_never_meet_ii() -> None:
    """II, Shaky Allies: Margaret and Warwick never enter the same Stronghold."""
    state = board("II", Margaret="Oxford", Warwick_L="London")
    assert "Shaky Allies" in card(state, "Margaret", "MARCH London")[0][1]
    assert mat(state, "Margaret")["at"] == "Oxford"


def test_capture_of_the_king_ia() -> None:
    """Ia, Capture of the King: a Yorkist win against Henry VI gives the Yorkists 10 points and
    puts Henry on an Unrouted Yorkist Lord's mat; when that Lord Disbands, Henry goes to the
    Calendar as if just Disbanded and the Lancastrians gain 10."""
    from judge.games.plantagenet.battle import BattleResult, LordAftermath
    from judge.games.plantagenet.fighting import after_battle, battle_start

    state = board(York="Cambridge", Henry_VI="Cambridge", box=4)
    start = battle_start(state, "York", "Cambridge")
    assert start.instead_of_death == {"Henry VI": "captured"}

    def after(name: str, side: str, fate: str) -> LordAftermath:
        return LordAftermath(name=name, side=side, fate=fate, fled=False, troops={"militia": 2}, lost={},
                             vassals=(), vassals_disbanded=(), vassals_levied=(), carts=0, provender=0)

    result = BattleResult("York", 2, (), (after("York", "York", "fought"), after("Henry VI", "Lancaster", "disbanded")), {}, ())
    after_battle(state, start, result, [])
    assert state["lords"]["Henry VI"] == {"prisoner_of": "York"} and influence_of(state, "York") == 10
    from judge.games.plantagenet.mat import disband_lord

    disband_lord(state, "York", [])
    assert state["lords"]["Henry VI"] == {"box": 5, "exile": False} and influence_of(state, "York") == 0


def test_capture_of_the_king_ia_not_when_both_sides_lose_henry_vi_checks_death_4_4_3() -> None:
    """Ia, Capture of the King (6.0) replaces Henry VI's Death check only "if Yorkists win a Battle
    against Henry VI": York Approaches Henry VI at Cambridge and both sides Rout (both lose,
    4.4.3); Henry VI rolls for Death as any Lord does, rolls a 6 and Dies; nobody captures him
    and the Yorkists gain nothing for him."""
    state = board(York="Ely", Henry_VI="Cambridge", box=4)
    card(state, "York", "MARCH Cambridge", dice=Random(17))
    [battle] = [e for e in state["_events"] if e["type"] == "battle"]
    assert battle["winner"] is None
    checks = {entry["lord"]: (entry.get("die"), entry["outcome"]) for entry in battle["report"] if entry["step"] == "death check"}
    assert checks["Henry VI"] == (6, "dead")
    assert state["lords"]["Henry VI"] == {"gone": "dead"}
    assert not any(e["type"] == "capture of the king" for e in state["_events"])
    assert influence_of(state, "York") == 0


def test_flee_as_a_standing_order_4_4_2() -> None:
    """4.4.2 Flee: a side's standing FLEE order makes its Lord Flee at the start of that Round of
    any Battle he fights (the Battle's own default: nobody Flees)."""
    state = board(York="Ely", Somerset_1="Cambridge")
    card(state, "York", "MARCH Cambridge", standing=("FLEE Somerset ROUND 1",), dice=Random(3))
    battle = next(e for e in state["_events"] if e["type"] == "battle")
    assert {"round": 1, "step": "flee", "side": "Lancaster", "lord": "Somerset 1"}.items() <= battle["report"][
        next(i for i, entry in enumerate(battle["report"]) if entry["step"] == "flee")].items()
    assert read_order("FLEE Somerset ROUND 2", "Ia").round == 2


def test_battle_told_the_map_facts_its_cards_ask() -> None:
    """The Battle is told each side's Route to a Port (4.5.1, Escape Ship) and to Carlisle (3.4.1,
    Y37 Percy's North), a Friendly English Channel Port at or next to the Stronghold (L33) and a
    Friendly Stronghold in the North (L16), the Stronghold's own enemies not blocking."""
    from judge.games.plantagenet.fighting import battle_start

    state = board("II", Northumberland_Y1="Appleby", Warwick_L="Appleby")
    state["favour"].update(Appleby="York", Carlisle="York", Newcastle="Lancaster")
    start = battle_start(state, "Lancaster", "Appleby")
    assert start.defender.route_to_carlisle and not start.attacker.route_to_carlisle
    assert start.attacker.refuge_in_north and not start.attacker.channel_port
    state = board("II", Edward_IV="Dover", Warwick_L="Dover")
    state["favour"]["Dover"] = "Lancaster"
    start = battle_start(state, "York", "Dover")
    assert start.defender.channel_port and start.defender.route_to_port and not start.attacker.channel_port


def test_held_event_played_in_battle_by_standing_order_4_4_1() -> None:
    """4.4.1 Events: a side's standing PLAY order plays its held Battle Event (Y19 Caltrops);
    once used it goes back to the deck (4.4.4)."""
    state = board(York="Ely", Somerset_1="Cambridge")
    state["decks"]["York"].remove("Y19")
    state["held"]["York"] = ["Y19"]
    state["standing"] = {"York": ["PLAY Y19"]}
    read = [read_order(t, "Ia") for t in ("MARCH Cambridge",)]
    from judge.games.plantagenet.command import command

    events: list = []
    command(state, "York", read, [], Random(4), events, [read_order("PLAY Y19", "Ia")])
    battle = next(e for e in events if e["type"] == "battle")
    assert any(entry["step"] == "event" and entry.get("outcome") == "Y19" for entry in battle["report"])
    assert state["held"]["York"] == [] and "Y19" in state["decks"]["York"]


def test_intercepting_group_4_3_4() -> None:
    """4.3.4: an Intercepting Marshal or Lieutenant may bring Lords of his side along as a Group
    (4.3.1): Somerset (Lieutenant) with Exeter; a Lord with no ring comes alone."""
    state = board(Rutland="Ely", Somerset_1="St Albans", Exeter_1="St Albans")
    card(state, "Rutland", "MARCH Cambridge",
         standing=("INTERCEPT Somerset WITH Exeter", "EXILE Somerset", "EXILE Exeter"), dice=Dice(1))
    assert state["lords"]["Exeter 1"].get("exile") is True and state["lords"]["Somerset 1"].get("exile") is True
    state = board(Rutland="Ely", Somerset_1="St Albans", Exeter_1="St Albans")
    card(state, "Rutland", "MARCH Cambridge", standing=("INTERCEPT Exeter WITH Somerset", "EXILE Exeter"), dice=Dice(1))
    assert mat(state, "Somerset 1")["at"] == "St Albans" and state["lords"]["Exeter 1"].get("exile") is True


def test_reset_discards_held_events_by_order_4_8_6() -> None:
    """4.8.6 Reset: a side may discard held Events into its deck: those its DISCARD orders name."""
    from judge.games.plantagenet.end import discard_held

    state = board(York="Ely")
    state["decks"]["York"].remove("Y1")
    state["decks"]["York"].remove("Y2")
    state["held"]["York"] = ["Y1", "Y2"]
    state["standing"] = {"York": ["DISCARD Y2"]}
    discard_held(state, [])
    assert state["held"]["York"] == ["Y1"] and "Y2" in state["decks"]["York"]


def test_vassal_levied_in_battle_changes_mats_before_his_lord_disbands() -> None:
    """For trust not him (L7): a Vassal the Battle moves to an Enemy Lord's mat goes there even
    when his first Lord then Disbands (found by the 200-game playouts of Ia)."""
    from judge.games.plantagenet.battle import BattleResult, LordAftermath
    from judge.games.plantagenet.fighting import after_battle, battle_start

    state = board(York="Cambridge", Somerset_1="Cambridge", box=3)
    mat(state, "York")["vassals"] = ["Stanley"]
    state["vassals"]["Stanley"] = {"lord": "York", "box": 5}
    start = battle_start(state, "York", "Cambridge")

    def after(name: str, side: str, fate: str, levied: tuple[str, ...] = ()) -> LordAftermath:
        return LordAftermath(name=name, side=side, fate=fate, fled=False, troops={"militia": 2}, lost={},
                             vassals=(), vassals_disbanded=(), vassals_levied=levied, carts=0, provender=0)

    result = BattleResult("Lancaster", 2, (), (after("York", "York", "disbanded"),
                                               after("Somerset 1", "Lancaster", "fought", ("Stanley",))), {}, ())
    after_battle(state, start, result, [])
    assert mat(state, "Somerset 1")["vassals"] == ["Stanley"] and state["vassals"]["Stanley"]["lord"] == "Somerset 1"
    assert "box" in state["lords"]["York"]


def test_an_intercepting_lord_hauls_and_the_report_tells_it_4_3_2_4_3_4() -> None:
    """4.3.4, 4.3.2: an Intercepting Lord moves as if Marching, so he Hauls: the Provender beyond
    his Carts is discarded, and the events tell it as a March's Haul, under the Intercept's rule."""
    state = board(Rutland="Ely", Somerset_1="St Albans", box=2)
    mat(state, "Somerset 1")["assets"].update(carts=1, provender=3)
    card(state, "Rutland", "MARCH Cambridge", standing=("INTERCEPT Somerset", "EXILE Somerset"), dice=Dice(2))
    (hauled,) = [e for e in state["_events"] if e["type"] == "haul" and e["side"] == "Lancaster"]
    assert hauled == {"type": "haul", "side": "Lancaster", "lords": ["Somerset 1"], "provender": 1, "carts": 1,
                      "left": 2, "rule": "4.3.4"}
