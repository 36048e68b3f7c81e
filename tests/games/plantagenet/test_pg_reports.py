"""What the Plantagenet reports say (issue 33): the rule lines as the rulebook numbers and words
them, rendered from the engine's events and views as a reader's mail shows them."""

from __future__ import annotations

from typing import Any

from pg_helpers import board

from judge.games.plantagenet.battle import BattleResult, LordAftermath
from judge.games.plantagenet.data import SIDES
from judge.games.plantagenet.fighting import after_battle, battle_start
from judge.games.plantagenet.view import report_for, view
from judge.service.mailing.reports import render


def told(events: list[dict[str, Any]], reader: str | None) -> str:
    return render("plantagenet/events.txt", report=report_for({"events": events}, reader), outcome=None)


def position(state: dict[str, Any], reader: str | None) -> str:
    return render("plantagenet/board.txt", board=view(state, reader), powers=list(SIDES))


def test_pay_lords_is_cited_as_3_2_2() -> None:
    """3.2.2 Pay Lords: the Influence paid for the Lords on the map is told with its rule."""
    assert "York pays its Lords: 2 Influence (3.2.2)." in told(
        [{"type": "pay lords", "side": "York", "influence": 2}], "York")


def test_a_captured_king_is_held_not_disbanded_6_0_ia() -> None:
    """Ia, Capture of the King (6.0): Henry VI taken in a Yorkist win is not told as Disbanding
    to the Calendar; the capture tells who holds him, and his captor's line on the board says so."""
    state = board(York="Cambridge", Henry_VI="Cambridge", box=4)
    start = battle_start(state, "York", "Cambridge")

    def after(name: str, side: str, fate: str) -> LordAftermath:
        return LordAftermath(name=name, side=side, fate=fate, fled=False, troops={"militia": 2}, lost={},
                             vassals=(), vassals_disbanded=(), vassals_levied=(), carts=0, provender=0)

    events: list[dict[str, Any]] = []
    result = BattleResult("York", 2, (), (after("York", "York", "fought"), after("Henry VI", "Lancaster", "disbanded")), {}, ())
    after_battle(state, start, result, events)
    for reader in (*SIDES, None):
        text = told(events, reader)
        assert "Henry VI Disbands" not in text and "The King is captured, held by York: 10 Influence." in text, text
        assert "York at Cambridge" in (shown := position(state, reader))
        assert "; holds Henry VI captive (Capture of the King)" in shown.split("York at Cambridge")[1].splitlines()[0], shown
    battle = [{"type": "battle", "at": "Cambridge", "attacker": "York", "report": [
        {"round": 0, "step": "death check", "side": "Lancaster", "lord": "Henry VI", "outcome": "disbanded"}]}]
    assert "        Death check: Henry VI: none, Capture of the King (6.0 Ia).\n" in told(battle, None)


def test_the_events_in_effect_are_listed_with_how_long_they_last_3_1_3() -> None:
    """3.1.3: an Event played "this Levy" or "this Campaign" stays in effect until then: every
    reader's board lists it, its side and how long."""
    state = board(York="Ely", Henry_VI="London")
    state["lasting"] = ["Y4", "Y6"]
    for reader in (*SIDES, None):
        assert ("Events in effect: Y4 (Jack Cade), York's, this levy; Y6 (Seamanship), York's, "
                "this campaign (3.1.3).") in position(state, reader)


def test_a_held_levy_event_playable_now_is_among_the_muster_choices_3_1_3() -> None:
    """3.1.3: a held Event a side may play in its Muster now is offered among its choices there
    (Aspielles, Y13); one it may not play now is not (Yorkist Parade, Y20, without London), nor
    the other side's."""
    from judge.games.plantagenet.game import PlantagenetGame

    state = board(York="Ely", Henry_VI="London")
    state["held"]["York"] = ["Y13", "Y20"]
    state["held"]["Lancaster"] = ["L13"]
    choices = PlantagenetGame("Ia").choices(state, "York")
    assert "PLAY Y13" in choices and not any("Y20" in line or "L13" in line for line in choices), choices


def test_the_tides_of_war_are_told_award_by_award_4_8_1() -> None:
    """4.8.1: the Tides of War line tells each side's points award by award, their sum its total."""
    from random import Random

    from judge.games.plantagenet.end import end_campaign, tides_awards

    state = board(York="Ely", Henry_VI="London", box=2)
    awards = tides_awards(state)
    events: list[dict[str, Any]] = []
    end_campaign(state, Random(1), events)
    (tides,) = [e for e in events if e["type"] == "tides of war"]
    assert all(tides["points"][side] == sum(points for _, points in awards[side]) for side in SIDES)
    line = next(line for line in told(events, None).splitlines() if "Tides of War" in line)
    york = ", ".join(f"{what} {points}" for what, points in awards["York"])
    lancaster = ", ".join(f"{what} {points}" for what, points in awards["Lancaster"])
    assert (f"The Tides of War (4.8.1): York {tides['points']['York']} ({york}), Lancaster "
            f"{tides['points']['Lancaster']} ({lancaster});") in line, line
    assert lancaster == "London 2" and york == "most Fortresses 1", line


def test_feed_and_pay_are_told_with_their_cost_to_their_owner_alone_with_hidden_mats_4_7_3_2_1() -> None:
    """4.7 Feed, 3.2.1 Pay Troops: the report tells who Fed or Paid and what it cost; with
    Hidden Mats (1.5.3) the enemy reads who, never the figure."""
    from judge.games.plantagenet.command import feed
    from judge.games.plantagenet.levy import pay

    state = board(York="Ely", Henry_VI="London")
    state["hidden_mats"] = True
    state["lords"]["York"]["moved"] = True
    events: list[dict[str, Any]] = []
    feed(state, events)
    pay(state, {}, events)
    own = render("plantagenet/events.txt", report=report_for({"events": events, "hidden_mats": True}, "York"), outcome=None)
    enemy = render("plantagenet/events.txt", report=report_for({"events": events, "hidden_mats": True}, "Lancaster"), outcome=None)
    assert "    York Feeds: 1 Provender (4.7)." in own and "  York pays its Troops: 1 Coin (York; 3.2.1)." in own, own
    assert "    York Feeds (4.7)." in enemy and "  York pays its Troops (York; 3.2.1)." in enemy, enemy
    assert "  Lancaster pays its Troops: 2 Coin (Henry VI; 3.2.1)." in enemy, enemy


def test_a_lord_who_could_not_pay_is_flagged_with_the_pay_choices_and_warned_3_2_1() -> None:
    """3.2.1: in the Pay step York (6 Troops, so 1 Coin) has no Coin: his side's board flags it
    beside the Pay choices, and its orders accepted warn of it (a Disband chosen comes after the
    Troops are Paid, 3.2.2); the other side and observers read no such flag."""
    from judge.games.plantagenet.game import PlantagenetGame

    state = board(York="Ely", Henry_VI="London")
    state["step"] = {"name": "pay"}
    state["lords"]["York"]["assets"]["coin"] = 0
    flag = "    Cannot Pay his Troops: needs 1 Coin, has 0; he would Pillage or Disband (3.2.1)"
    assert flag in position(state, "York")
    assert "Cannot Pay" not in position(state, "Lancaster") + position(state, None)
    said = PlantagenetGame("Ia").cautions(state, "York", ["DISBAND York"])
    assert said == ["York cannot Pay his Troops: he needs 1 Coin and has 0; he will Pillage where he stands, "
                    "or Disband Unpaid (3.2.1)"], said
    assert PlantagenetGame("Ia").cautions(state, "Lancaster", ["PASS"]) == []


def test_a_march_is_told_with_what_its_group_hauls_4_3_2() -> None:
    """4.3.2: before a card's March the Group Hauls the Provender its Carts carry and leaves the
    rest: the report says how much, to its side; with Hidden Mats the enemy reads the Haul alone."""
    from random import Random

    from judge.games.plantagenet.command import command
    from judge.games.plantagenet.orders import read_order

    state = board(York="Ely")
    state["hidden_mats"] = True
    state["lords"]["York"]["assets"].update(carts=2, provender=5)
    events: list[dict[str, Any]] = []
    command(state, "York", [read_order("MARCH Cambridge", "Ia")], [], Random(1), events)
    own = render("plantagenet/events.txt", report=report_for({"events": events, "hidden_mats": True}, "York"), outcome=None)
    enemy = render("plantagenet/events.txt", report=report_for({"events": events, "hidden_mats": True}, "Lancaster"), outcome=None)
    assert "    York Hauls 2 Provender on 2 Carts, leaving 3 (4.3.2).\n    York Marches Ely - Cambridge" in own, own
    assert "    York Hauls (4.3.2).\n    York Marches Ely - Cambridge" in enemy, enemy
