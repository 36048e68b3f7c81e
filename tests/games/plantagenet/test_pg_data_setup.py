"""The components (1.2-1.9), the Calendar (2.2) and the scenario setups (6.0)."""

from __future__ import annotations

import json

import pytest

from judge.games.plantagenet.command import plan_size
from judge.games.plantagenet.data import BOARD
from judge.games.plantagenet.game import SCENARIOS, PlantagenetGame
from judge.games.plantagenet.setup import new_state
from judge.games.plantagenet.state import OFF_RIGHT, gain, influence_of, shift


def test_components_1_2_counts() -> None:
    """1.2, 1.3.1, 1.9.1: 54 Strongholds, 4 Exile boxes, 3 Seas, 28 Lord cards, 19 Vassals (6
    Special), 74 Arts of War cards, and the Troop pools of 35/40/45/6/2 (1.6)."""
    assert len(BOARD.locales) == 54
    assert set(BOARD.exile_boxes) == {"Burgundy", "France", "Ireland", "Scotland"}
    assert len(BOARD.seas) == 3
    assert len(BOARD.lords) == 28
    assert len(BOARD.vassals) == 19 and sum(v.special for v in BOARD.vassals.values()) == 6
    assert len(BOARD.cards) == 74
    assert BOARD.pools == {"men_at_arms": 35, "longbowmen": 40, "militia": 45, "mercenaries": 6, "burgundians": 2}


def test_ways_1_3_1_run_both_ways() -> None:
    """1.3.1: Ways link Strongholds both ways, with the same type; only Scotland's Paths are
    one-way (EXILE BOXES)."""
    for name, locale in BOARD.locales.items():
        for near, way in locale.ways.items():
            assert BOARD.locales[near].ways[name] == way
    assert BOARD.ways("Scotland") == {"Carlisle": "path", "Bamburgh": "path"}
    assert "Scotland" not in BOARD.locales["Carlisle"].ways


def test_calendar_1_3_2_plan_sizes_4_1() -> None:
    """4.1: Plans of 4, 6, 7, 6, 4 cards through each year's boxes."""
    state = new_state("Ia")
    sizes = []
    for box in range(1, 16):
        state["box"] = box
        sizes.append(plan_size(state))
    assert sizes == [4, 6, 7, 6, 4] * 3


def test_calendar_end_2_2_3() -> None:
    """2.2.3 CALENDAR'S END: past box 15 a marker waits just off the Calendar; further shifts that
    way are ignored; the first shift back puts it in box 15 (and likewise at box 1)."""
    assert shift(14, 3) == OFF_RIGHT
    assert shift(OFF_RIGHT, 2) == OFF_RIGHT
    assert shift(OFF_RIGHT, -3) == 15
    assert shift(2, -5) == 0 and shift(0, 4) == 1
    assert shift(10, 1) == 11 and shift(11, -1) == 10  # the rule's example


def test_influence_1_4_1_one_net_track() -> None:
    """1.4.1: one net track; the rule's example: Yorkists at 3 spend 4 and the marker shows 1
    Lancastrian; it never exceeds 45."""
    state = new_state("Ia")
    gain(state, "York", 3)
    gain(state, "York", -4)
    assert influence_of(state, "Lancaster") == 1
    gain(state, "Lancaster", 60)
    assert influence_of(state, "Lancaster") == 45


def test_setup_ia_6_0() -> None:
    """6.0 Ia: Henry VI and Somerset at London, York at Ely, March at Ludlow; Northumberland and
    Salisbury in box 2, Exeter and Warwick in 3, Buckingham and Rutland in 5; Favour at London and
    Wells (red), Ely and Ludlow (white); the 13 regular Vassals at their Seats; 22 cards a side."""
    state = new_state("Ia")
    places = {lord: e.get("at", e.get("box")) for lord, e in state["lords"].items()}
    assert places == {"York": "Ely", "March": "Ludlow", "Henry VI": "London", "Somerset 1": "London",
                      "Northumberland L": 2, "Salisbury": 2, "Exeter 1": 3, "Warwick Y": 3,
                      "Buckingham": 5, "Rutland": 5}
    assert state["favour"] == {"London": "Lancaster", "Wells": "Lancaster", "Ely": "York", "Ludlow": "York"}
    assert len(state["vassals"]) == 13 and all(v == {"seat": True} for v in state["vassals"].values())
    assert len(state["decks"]["York"]) == len(state["decks"]["Lancaster"]) == 22
    assert state["lords"]["York"]["troops"]["militia"] == 2 and state["lords"]["York"]["assets"]["coin"] == 2
    assert BOARD.scenarios["Ia"].threshold(5) == 40 and BOARD.scenarios["Ia"].threshold(6) == 35


def test_setup_ib_ic_ii_iii_6_0() -> None:
    """6.0: Ib's Fauconberg on March's mat (Service to box 4); Ic starts in box 5 with Henry VI
    Exiled in box 5, Warwick with L23 Montagu and its Special Vassal, Lancaster 6 Influence; II's
    Exiles in box 9; III starts in box 3 with Tudors in France."""
    ib = new_state("Ib")
    assert ib["lords"]["March"]["vassals"] == ["Fauconberg"] and ib["vassals"]["Fauconberg"] == {"lord": "March", "box": 4}
    ic = new_state("Ic")
    assert ic["box"] == 5 and ic["lords"]["Henry VI"] == {"box": 5, "exile": True}
    assert ic["lords"]["Warwick Y"]["caps"] == ["L23"] and ic["lords"]["Warwick Y"]["vassals"] == ["Montagu"]
    assert influence_of(ic, "Lancaster") == 6 and "L23" not in ic["decks"]["Lancaster"]
    ii = new_state("II")
    assert ii["lords"]["Margaret"] == {"box": 9, "exile": True}
    assert ii["exile_boxes"] == {"France": "Lancaster", "Burgundy": "York"}
    iii = new_state("III")
    assert iii["box"] == 3 and iii["lords"]["Henry Tudor"]["at"] == "France"
    assert len(iii["decks"]["York"]) == 19


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_new_game_is_plain_json_and_starts_with_the_first_levy_3_1_2(scenario: str) -> None:
    """2.1.2, 3.1.2: a new game is a JSON value at the first Levy, each side having drawn two
    Capabilities (placed at its Mustered Lords or returned)."""
    game = PlantagenetGame(scenario)
    state = game.new_game(b"seed")
    assert json.loads(json.dumps(state)) == state
    assert state["step"]["name"] == "muster"
    caps = [c for e in state["lords"].values() if "at" in e for c in e["caps"]]
    setup = BOARD.scenarios[state["scenario"]]  # the first War's, in the grand scenario
    start = {card for _, card in setup.capabilities}
    assert all(c in setup.cards or c in start for c in caps)
    assert game.new_game(b"seed") == state
