"""The components (2.0-3.26, 5.1) and the card phase (1.1, 5.1) of Richard III."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from r3_setup import GAME, card

from judge.games.richard3.cards import MULLIGAN_AP, hand_ap, lowest_card, player_one
from judge.games.richard3.data import BOARD
from judge.games.richard3.turns import new_state, set_step


def test_2_1_map_areas_and_borders() -> None:
    """2.1, 2.7, 2.8: 33 areas of land, exile and island (with the 3 sea zones, the 36 of the
    map) and 62 land borders, each yellow 4, blue 3 or red 2 (5.21)."""
    assert len(BOARD.areas) == 33
    assert {s for a in BOARD.areas.values() for s in a.seas} == {"Irish Sea", "North Sea", "English Channel"}
    assert len(BOARD.borders) == 62
    assert {(b.colour, b.limit) for b in BOARD.borders.values()} == {("yellow", 4), ("blue", 3), ("red", 2)}
    assert [a for a, area in BOARD.areas.items() if area.exile_of] == ["Ireland", "Scotland", "France", "Calais"]


def test_3_0_blocks_and_5_1_cards() -> None:
    """3.0: 63 blocks, 31 a house and the Rebel; 5.1: 6 AP2, 7 AP3, 6 AP4 and 6 events."""
    assert Counter(b.side for b in BOARD.blocks.values()) == {"York": 31, "Lancaster": 31, "Rebel": 1}
    kinds = Counter(c.event is not None or c.ap for c in BOARD.cards.values())
    assert kinds == {2: 6, 3: 7, 4: 6, True: 6}


def test_3_21_each_house_has_five_heirs() -> None:
    """3.21: five heirs a house, ranked 1 to 5."""
    for side in ("York", "Lancaster"):
        ranks = sorted(b.heir for b in BOARD.blocks.values() if b.side == side and b.heir)
        assert ranks == [1, 2, 3, 4, 5]


PLAYER_ONE = [
    # (York's card, Lancaster's card, King, player 1): 1.1
    ("AP 4", "AP 3", "Lancaster", "York"),
    ("AP 2", "AP 3", "Lancaster", "Lancaster"),
    ("AP 3", "AP 3", "Lancaster", "York"),  # a tie goes to the Pretender
    ("AP 3", "AP 3", "York", "Lancaster"),
    ("Muster", "AP 4", "Lancaster", "York"),  # an event card is always player 1, even AP 0
    ("Piracy", "Surprise", "York", "York"),  # two events: the higher AP
    ("Surprise", "Treason", "York", "Lancaster"),  # still tied: the Pretender
]


@pytest.mark.parametrize(("york", "lancaster", "king", "first"), PLAYER_ONE)
def test_1_1_player_one(york: str, lancaster: str, king: str, first: str) -> None:
    """1.1: the higher card is player 1, events first, ties to the Pretender."""
    state = {"king": king}
    assert player_one(state, {"York": card(york), "Lancaster": card(lancaster)}) == first


def test_1_0_a_campaign_deals_seven_cards_each() -> None:
    """1.0: seven cards to each player, the rest unused this campaign."""
    state = new_state("1460", Random(3))
    hands = state["cards"]["hands"]
    assert len(hands["York"]) == len(hands["Lancaster"]) == 7
    assert len(state["cards"]["undealt"]) == 11


def test_1_1_card_phase_reveals_and_makes_player_one() -> None:
    """1.1: both play a card; the cards are revealed and player 1 acts first."""
    state = new_state("1460", Random(3))
    set_step(state, "cards", ["Lancaster", "York"])
    york = max(state["cards"]["hands"]["York"], key=lambda n: BOARD.cards[n].ap if not BOARD.cards[n].event else -1)
    result = GAME.resolve(state, {"York": [f"PLAY {BOARD.cards[york].name}"], "Lancaster": []}, Random(0))
    after = result.state
    assert after["cards"]["played"]["York"] == york
    assert after["cards"]["played"]["Lancaster"] == lowest_card(state, "Lancaster")
    assert after["step"] == {"label": "actions 1", "powers": [after["player1"]]}
    assert GAME.view(after, "Lancaster")["cards_played"]["York"] == BOARD.cards[york].name


def test_1_1_a_missing_player_plays_his_lowest_action_card() -> None:
    """1.1 (a card must be played); the judge's passive player plays his lowest action card."""
    state = new_state("1460", Random(0))
    state["cards"]["hands"]["York"] = [card("Muster"), card("AP 2"), card("AP 4")]
    assert BOARD.cards[lowest_card(state, "York")].name == "AP 2"


def _weak_deal() -> tuple[object, int]:
    for seed in range(200):
        state = new_state("1460", Random(seed))
        if state["step"]["label"] == "redeal":
            return state, seed
    raise AssertionError("no mulligan in 200 deals")


def test_5_1_a_weak_hand_may_be_redealt_once() -> None:
    """5.1: a hand of 13 AP or less may be shown and redealt, once a campaign; the opponent
    may give his back too."""
    state, _ = _weak_deal()
    assert isinstance(state, dict)
    asking = state["step"]["powers"]
    for side in asking:
        assert hand_ap(state["cards"]["hands"][side]) <= MULLIGAN_AP
    side = asking[0]
    result = GAME.resolve(state, {side: ["REDEAL"]}, Random(1))
    after = result.state
    if len(asking) == 1:
        assert after["step"]["label"] == "redeal answer"
        result = GAME.resolve(after, {after["step"]["powers"][0]: ["KEEP"]}, Random(1))
        after = result.state
    assert after["step"]["label"] == "cards"
    assert after["cards"]["redealt"]
    assert len(after["cards"]["hands"][side]) == 7
    assert sorted(after["cards"]["hands"]["York"] + after["cards"]["hands"]["Lancaster"] + after["cards"]["undealt"]) == list(range(1, 26))
    assert any(e["type"] == "mulligan" for e in result.report["events"]) or any(
        e["type"] == "redeal" for e in result.report["events"]
    )
