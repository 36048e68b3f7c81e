"""The Lancastrian Arts of War Events played outside Battle added with the Events' step, each by
its card id: Aspielles (L13), Warwick's Propaganda (L23, L24), Rebel Supply Depot (L28), Robin's
Rebellion (L31), Surprise Landing (L33) and Margaret Beaufort (L35)."""

from __future__ import annotations

from judge.games.plantagenet.command import command
from judge.games.plantagenet.data import BOARD
from judge.games.plantagenet.events import EVENTS
from judge.games.plantagenet.held import standing_refusal
from judge.games.plantagenet.muster import muster
from judge.games.plantagenet.orders import read_order

from pg_helpers import Dice, board, mat
from test_pg_events_york import hold
from test_pg_levy import levy


def orders(*texts: str) -> list:
    return [read_order(t, "Ia") for t in texts]


def test_l13_aspielles_by_default_the_largest_enemy_mat() -> None:
    """L13 Aspielles (Hold, in the Lancastrian Muster): the Yorkist held Events and, with no
    Lord named, the mat of the Yorkist Lord on the map with most Forces units (1.5.3)."""
    state = board(Henry_VI="London", York="Ely", Rutland="Ludlow")
    hold(state, "Lancaster", "L13")
    mat(state, "Rutland")["troops"]["militia"] += 9
    events: list = []
    muster(state, "Lancaster", orders("PLAY L13"), Dice(), events)
    spied = next(e for e in events if e["type"] == "aspielles")
    assert spied["held"] == [] and spied["inspected"] == "Rutland" and "L13" in state["decks"]["Lancaster"]


def test_l23_l24_warwicks_propaganda_pay_or_lose_favour() -> None:
    """L23, L24 Warwick's Propaganda: three Yorkist Strongholds are chosen (Tides of War's own
    first, 4.8.1); the Yorkists pay two points to keep those (by default), and lose the others'
    Favour."""
    for card in ("L23", "L24"):
        state = board()
        state["favour"].update(London="York", Ely="York", Ludlow="York", Lincoln="York")
        before = state["influence"]
        EVENTS[card](state, Dice(), [])
        others = [p for p in BOARD.locales if p in ("Ely", "Ludlow", "Lincoln")]
        assert state["favour"]["London"] == "York" and state["influence"] == before + 2
        assert [p for p in others if state["favour"].get(p) == "York"] == others[2:]


def test_l28_rebel_supply_depot_after_a_march_to_a_port() -> None:
    """L28 Rebel Supply Depot (Hold, the active side's standing PLAY): after a Lancastrian March
    to a Port free of Enemy Lords, four Provender to the Lord, and his next Feed (4.7) is
    skipped."""
    for own in ((), ("PLAY L28",)):
        state = board("II", Somerset_2="Canterbury")
        hold(state, "Lancaster", "L28")
        mat(state, "Somerset 2")["assets"]["provender"] = 1
        command(state, "Somerset 2", orders("MARCH Dover"), [], Dice(), [], orders(*own))
        assert mat(state, "Somerset 2")["at"] == "Dover"
        assert mat(state, "Somerset 2")["assets"]["provender"] == (1 + 4 if own else 1 - 1)
    assert state["held"]["Lancaster"] == [] and "L28" in state["decks"]["Lancaster"] and "no_feed" not in state


def test_l31_robins_rebellion_three_favour_in_the_north() -> None:
    """L31 Robin's Rebellion: three Favour placed or removed in the North, by default Yorkist
    Favour off first, then Lancastrian Favour on Neutral Strongholds (the Area's order)."""
    state = board()
    for place in BOARD.areas["North"]:
        state["favour"].pop(place, None)
    state["favour"].update(Carlisle="York", Hexham="York")
    EVENTS["L31"](state, Dice(), [])
    north = BOARD.areas["North"]
    assert "Carlisle" not in state["favour"] and "Hexham" not in state["favour"]
    assert [p for p in north if state["favour"].get(p) == "Lancaster"] == [north[0]]


def test_l33_surprise_landing_a_free_march_after_sailing() -> None:
    """L33 Surprise Landing (Hold, standing PLAY): after Sailing to a Port (which ends the card,
    4.6.1) one free March action: a Road here; with no second action after it."""
    for own in (("PLAY L33",), ()):
        state = board("III", Oxford="Dover")
        mat(state, "Oxford")["assets"]["ships"] = 2
        hold(state, "Lancaster", "L33")
        refused = command(state, "Oxford", orders("SAIL Hastings", "MARCH Rochester", "MARCH London"), [], Dice(),
                          [], orders(*own))
        assert mat(state, "Oxford")["at"] == ("Rochester" if own else "Hastings")
        assert len(refused) == 1 + (not own) and ("L33" in state["decks"]["Lancaster"]) == bool(own)


def test_l35_margaret_beaufort_henry_tudor_levies_any_vassal() -> None:
    """L35 Margaret Beaufort (this Levy): Henry Tudor may Levy a Vassal at any Seat on the map,
    Friendly or not, Enemy Lords there or not (3.4.3 otherwise asks a Friendly Seat free of
    them)."""
    state = board("III", Henry_Tudor="Oxford", Norfolk="Derby")
    state["favour"].update(Oxford="Lancaster", Derby="York")
    assert "Seat Derby is not Friendly" in levy(state, "Lancaster", "Henry Tudor LEVY VASSAL Stanley")[0][1]
    state["lasting"] = ["L35"]
    assert levy(state, "Lancaster", "Henry Tudor LEVY VASSAL Stanley", dice=Dice(1)) == []
    assert state["vassals"]["Stanley"]["lord"] == "Henry Tudor"


def test_held_events_played_by_standing_order() -> None:
    """Which held Events a standing PLAY may name: Battle's, Flank Attack (Y2, L2), Blocked Ford
    (Y11, L11), and after one's own March or Sail L28 and L33; not a Levy Event."""
    assert standing_refusal("L28", "Lancaster") is None and standing_refusal("L2", "Lancaster") is None
    assert standing_refusal("L13", "Lancaster") is not None and standing_refusal("L28", "York") is not None


def test_every_arts_of_war_event_is_played_1_9_1() -> None:
    """1.9.1, 3.1.3: each of the 74 cards' Events acts: at once when drawn (``EVENTS``), while in
    effect (the ``event_effects`` table), or, held, when its side plays it: in the Levy, after
    its own March or Sail, to Intercept, upon Approach, in Battle (``standing_refusal``), or
    Parliament's Truce (Y12, L20) by the standing TRUCE."""
    from judge.games.plantagenet.held import LEVY_PLAYS

    for card in BOARD.cards.values():
        if card.when == "hold":
            assert card.id in (*LEVY_PLAYS, "Y12", "L20") or standing_refusal(card.id, card.side) is None, card.id
        else:
            assert card.id in EVENTS or card.id in BOARD.event_effects, card.id
