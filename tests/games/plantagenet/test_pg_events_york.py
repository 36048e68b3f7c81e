"""The Yorkist Arts of War Events played outside Battle that act in Muster, by order or while in
effect (3.1.3), each by its card id: Jack Cade (Y4), Exile Pact (Y8), Tax Collectors (Y10),
Aspielles (Y13), London for York (Y15), Yorkist Parade (Y20), Sun in Splendour (Y24) and The
King's Name (Y32)."""

from __future__ import annotations

from judge.games.plantagenet import capabilities
from judge.games.plantagenet.data import BOARD
from judge.games.plantagenet.events import EVENTS
from judge.games.plantagenet.levy import end_lasting
from judge.games.plantagenet.mat import pillage
from judge.games.plantagenet.muster import muster, muster_lord
from judge.games.plantagenet.routes import parley_targets
from judge.games.plantagenet.orders import read_order
from judge.games.plantagenet.state import exile_boxes_for, influence_of
from judge.games.plantagenet.turns import powers
from judge.games.plantagenet.view import report_for

from pg_helpers import Dice, board, mat
from test_pg_campaign import card
from test_pg_levy import levy


def hold(state: dict, side: str, *cards: str) -> None:
    for c in cards:
        state["decks"][side].remove(c)
    state["held"][side] = list(cards)


def test_y4_jack_cade_two_free_sure_parleys_near_a_dominated_area() -> None:
    """Y4 Jack Cade (this Levy, 3.1.3): a Yorkist Lord in or next to an Area the Yorkists
    Dominate (1.3.1) adds two Parleys that take no Lordship, cost no point and succeed; a Lord
    away from such an Area has none."""
    state = board(York="London", Rutland="Ely")
    state["favour"].update({p: "York" for p in BOARD.areas["South"]}, London="York")
    state["lasting"] = ["Y4"]
    before = state["influence"]
    refused = levy(state, "York", "York PARLEY Oxford", "York PARLEY St Albans", *["York LEVY CARTS"] * 4)
    assert state["favour"]["Oxford"] == state["favour"]["St Albans"] == "York" and state["influence"] == before
    assert len(refused) == 1 and "Lordship" in refused[0][1]  # his three Levy actions were all left
    assert capabilities.bonus(state, "Rutland", "free_sure_parleys") == 0
    levy(state, "York", "Rutland PARLEY Cambridge", dice=Dice(6))
    assert state["influence"] == before + 2  # a check and a Way, paid


def test_y8_exile_pact_a_command_action_to_a_friendly_exile_box() -> None:
    """Y8 Exile Pact (this Campaign): a Yorkist Lord uses one Command action to go, mat and all,
    to a Friendly Exile box he may use, at no Influence cost; without the Event there is no such
    order."""
    state = board(York="Ely")
    assert "Exile Pact" in card(state, "York", "EXILE York")[0][1]
    state["lasting"] = ["Y8"]
    troops = dict(mat(state, "York")["troops"])
    assert "not a Friendly Exile box" in card(state, "York", "EXILE York TO Burgundy")[0][1]  # Ia: his is Ireland
    assert card(state, "York", "EXILE York", "EXILE York") == [("EXILE York", "York has no other Friendly Exile box to go to (1.3.1)")]
    assert mat(state, "York")["at"] == exile_boxes_for(state, "York")[0] == "Ireland"
    assert mat(state, "York")["troops"] == troops and state["influence"] == 0


def test_y10_tax_collectors_each_yorkist_lord_taxes_for_double() -> None:
    """Y10 Tax Collectors: each Yorkist Lord Taxes at once for twice the Coin (4.6.3), by
    default at his own Seat (no check), and the Stronghold is Depleted."""
    state = board(York="Ely")
    coin = mat(state, "York")["assets"]["coin"]
    EVENTS["Y10"](state, Dice(), [])
    assert mat(state, "York")["assets"]["coin"] == coin + 2 * BOARD.strongholds[BOARD.locales["Ely"].type]["tax"]
    assert state["depleted"]["Ely"] == 1


def test_y13_aspielles_shows_the_enemy_held_cards_and_a_mat_to_its_side_alone() -> None:
    """Y13 Aspielles (Hold, played in the Yorkist Muster): the Yorkists see the Lancastrian held
    Events and one Lancastrian mat (1.5.3, the Lord named); the card goes back to the deck; the
    Lancastrians and observers are told it was played, not what it showed."""
    state = board(York="Ely", Somerset_1="Cambridge", Henry_VI="London")
    state["hidden_mats"] = True
    hold(state, "York", "Y13")
    state["decks"]["Lancaster"].remove("L2")
    state["held"]["Lancaster"] = ["L2"]
    events: list = []
    assert muster(state, "York", [read_order("PLAY Y13 ON Somerset", "Ia")], Dice(), events) == []
    spied = next(e for e in events if e["type"] == "aspielles")
    assert spied["held"] == ["L2"] and spied["inspected"] == "Somerset 1" and "troops" in spied["mat"]
    assert "Y13" in state["decks"]["York"] and state["held"]["York"] == []
    report = {"events": events, "hidden_mats": True}
    assert "held" in next(e for e in report_for(report, "York")["events"] if e["type"] == "aspielles")
    for reader in ("Lancaster", None):
        shown = next(e for e in report_for(report, reader)["events"] if e["type"] == "aspielles")
        assert "held" not in shown and "mat" not in shown


def test_y15_london_for_york_only_event_or_pillage_changes_london() -> None:
    """Y15 London for York: with Yorkist Favour at London, a second one: no Parley targets
    London and a Lancastrian Mustering at his Seat there leaves its Favour; Pillage changes it,
    and the second Favour goes."""
    state = board(Henry_VI="Oxford", York="Ely")
    state["favour"].update(London="York", Oxford="Lancaster")
    assert "London" in parley_targets(state, "Henry VI")
    EVENTS["Y15"](state, Dice(), [])
    assert "London" not in parley_targets(state, "Henry VI")
    state["lords"]["Henry VI"] = {"box": 1, "exile": False}
    muster_lord(state, "Henry VI")
    assert state["favour"]["London"] == "York" and mat(state, "Henry VI")["at"] == "London"
    state = board(York="London")
    state["favour"]["London"] = "York"
    events: list = []
    EVENTS["Y15"](state, Dice(), events)
    assert events == [{"type": "second favour", "at": "London", "side": "York"}]
    pillage(state, "York", [], "3.2.1")
    assert state["favour"]["London"] == "Lancaster" and "london_for_york" not in state
    state = board()
    EVENTS["Y15"](state, Dice(), [])  # London not Yorkist: no effect
    assert "london_for_york" not in state


def test_y20_yorkist_parade_influence_plus_two_this_levy() -> None:
    """Y20 Yorkist Parade (Hold): with London Friendly and York (or Warwick) there, played in
    the Yorkist Muster, Yorkist Influence ratings +2 for the rest of the Levy (3.1.3)."""
    state = board(York="London", March="Ludlow")
    hold(state, "York", "Y20")
    assert "Parade" in levy(state, "York", "PLAY Y20")[0][1]  # London not Friendly
    state["favour"]["London"] = "York"
    assert levy(state, "York", "PLAY Y20") == []
    assert state["lasting"] == ["Y20"] and capabilities.influence(state, "March") == BOARD.lords["March"].influence + 2
    end_lasting(state, "this_levy")
    assert state["lasting"] == [] and "Y20" in state["decks"]["York"]


def test_y24_sun_in_splendour_musters_edward_iv() -> None:
    """Y24 Sun in Splendour (Hold, in the Levy): Edward IV on the Calendar, even as an Exile,
    Musters at a Friendly Locale free of Lancastrian Lords (London by default); the Yorkists are
    asked for their Muster for it even with no Lord on the map; he takes no Levy action in that
    Muster (3.4)."""
    state = board("II", Warwick_L="London", box=3)
    state["lords"]["Edward IV"] = {"box": 6, "exile": True}
    hold(state, "York", "Y24")
    assert powers(state) == ["York"]
    refused = levy(state, "York", "PLAY Y24", "Edward IV LEVY CARTS")
    first = next(p for p in BOARD.locales if state["favour"].get(p) == "York" and p != "London")
    assert mat(state, "Edward IV")["at"] == first  # London holds Warwick: the first Friendly one free
    assert "since the start of Muster" in refused[0][1] and "Y24" in state["decks"]["York"]
    state = board("II", box=3)
    state["lords"]["Edward IV"] = {"box": 6, "exile": False}
    hold(state, "York", "Y24")
    assert levy(state, "York", "PLAY Y24 ON Ludlow") == [] and mat(state, "Edward IV")["at"] == "Ludlow"


def test_y32_the_kings_name_cancels_lancastrian_levy_successes() -> None:
    """Y32 The King's Name (this Levy): with Gloucester (not Richard III) on the map, each
    successful Lancastrian Levy Lord, Levy Vassal or Parley is cancelled (the default) for a
    Yorkist point; Levy Troops is not."""
    state = board("III", Gloucester_2="London", Henry_Tudor="Oxford")
    state["favour"]["Oxford"] = "Lancaster"
    state["lasting"] = ["Y32"]
    before = state["influence"]
    levy(state, "Lancaster", "Henry Tudor PARLEY Newbury", "Henry Tudor LEVY TROOPS", dice=Dice(1))
    assert "Newbury" not in state["favour"] and state["influence"] == before - 2 + 1  # check and Way; York's point
    assert mat(state, "Henry Tudor")["troops"] != BOARD.lords["Henry Tudor"].forces
    state["lords"]["Gloucester 2"] = {"gone": "crowned"}
    levy(state, "Lancaster", "Henry Tudor PARLEY Newbury", dice=Dice(1))
    assert state["favour"]["Newbury"] == "Lancaster"


def test_play_order_reads_on_and_refuses_what_cannot_be_played() -> None:
    """PLAY <card> ON <Lord or Locale>: the Lord or Locale a held Event is played on (3.1.3)."""
    assert str(read_order("play y24 on ludlow", "II")) == "PLAY Y24 ON Ludlow"
    assert str(read_order("PLAY L13 ON Edward IV", "II")) == "PLAY L13 ON Edward IV"
    state = board(York="Ely")
    assert "hold no Y13" in levy(state, "York", "PLAY Y13")[0][1]
    assert "not an Event of yours" in levy(state, "York", "PLAY Y1")[0][1]


def test_orders_of_the_events_in_their_steps() -> None:
    """The orders of the Events, read in their steps: PLAY of a Levy Event in the Muster (Y20),
    EXILE as a Command action of the active side (Y8, one slot per action), a standing PLAY of
    L28 with the Plan; a Battle's Event is not played in the Muster: its PLAY there is a standing
    order, for the next Battle (4.4.1)."""
    from judge.games.plantagenet.game import PlantagenetGame

    game = PlantagenetGame("Ia")
    state = board(York="London")
    hold(state, "York", "Y20")
    state["favour"]["London"] = "York"
    lines = game.read_orders(state, "York", ["PLAY Y20", "PLAY Y1"])
    assert lines[0].canonical == "PLAY Y20" and not lines[0].standing
    assert lines[1].canonical == "PLAY Y1" and lines[1].standing
    state["step"] = {"name": "command", "side": "York", "card": 0}
    state["plans"] = {"York": ["York"], "Lancaster": ["Pass"]}
    lines = game.read_orders(state, "York", ["EXILE York", "PASS"])
    assert "Exile Pact (Y8)" in str(lines[0].error)  # read as the card's action: none without Y8
    assert lines[1].slot == "action 2"
    state["step"] = {"name": "plan"}
    game = PlantagenetGame("II")
    assert not game.read_orders(state, "Lancaster", ["PLAY L28"])[0].error
    assert game.read_orders(state, "Lancaster", ["PLAY L13"])[0].error
