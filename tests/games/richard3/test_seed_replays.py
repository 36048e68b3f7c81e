"""Games from seeds the other tests never use, found by ``benchmarks/seed_sweep.py`` to break a
rule (issue 32), replayed as ``judge selfplay`` plays them; and each case in a position of its own."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

from r3_setup import GAME, act, actions, events, position, refusal, where

from judge.games.registry import playable_kind
from judge.games.richard3.data import BOARD
from judge.games.selfplay import play_game

FOUND: dict[str, Any] = json.loads((Path(__file__).parent / "issue32_positions.json").read_text())
"""Each case as the sweep found it: the position before the phase and the orders given, which
the games of these seeds no longer reach now that the rules are kept."""


def test_5_21_seed_1696_no_block_crosses_dorset_somerset_back_and_forth() -> None:
    """5.21: in III-7 of seed 1696 a Force March went Dorset - Somerset - Dorset - Somerset,
    twice, and six Lancastrian blocks crossed a border that takes four."""
    record = play_game(playable_kind("richard3"), 1696, until="III-7")
    assert record.violation is None, record.violation.problems if record.violation else None
    case = FOUND["richard3 1696"]
    kind = playable_kind("richard3")
    result = kind.resolve(case["before"], case["orders"], Random(1696))
    assert [why for _, why in result.report["refused"]["Lancaster"]] == [
        "a move enters each area once, never going back the way it came (5.2, 5.21)"] * 2
    assert result.state["turn_record"]["crossings"]["Lancaster"] == {}


def test_5_2_5_21_a_move_never_goes_back_across_a_border_it_crossed() -> None:
    """5.2, 5.21: a move enters each area once, so a block crosses a border at most once a move
    and a border's limit counts blocks; going back and forth (Force March) is refused."""
    state = actions(position({"Devon": "Dorset", "French Mercenary": "Dorset", "Henry VI": "Middlesex"}),
                    "Lancaster", "Force March")
    assert "5.21" in (refusal(state, "Devon - Somerset - Dorset - Somerset") or "")
    assert "5.21" in (refusal(state, "Devon - Somerset - Wilts - Somerset") or "")
    assert "5.21" in (refusal(state, "Devon - Somerset - Dorset - Wilts") or "")
    after = act(state, ["Devon - Somerset - Wilts - Oxford", "French Mercenary - Somerset"]).state
    assert (where(after, "Devon"), where(after, "French Mercenary")) == ("Oxford", "Somerset")
    assert after["turn_record"]["crossings"]["Lancaster"]["Dorset / Somerset"] == 2


def test_9_0_6_82_seed_1532_the_plague_kills_yorks_last_heir_and_the_game_ends() -> None:
    """9.0, 6.82: in III-6 of seed 1532 (Richard III 1483) the Plague killed Gloucester, York's
    last heir, in Lancaster's action phase, and the game went on."""
    record = play_game(playable_kind("richard3-1483"), 1532, until="III-6")
    assert record.violation is None, record.violation.problems if record.violation else None
    assert record.outcome is not None and record.outcome.winners == ("Lancaster",)
    assert record.last_phase == "III-6 actions 1 Lancaster"
    case = FOUND["richard3-1483 1532"]
    kind = playable_kind("richard3-1483")
    result = kind.resolve(case["before"], case["orders"], Random(1532))
    assert kind.violations(case["before"], result) == []
    outcome = kind.outcome(result.state)
    assert outcome is not None and outcome.winners == ("Lancaster",)


def test_9_0_an_heir_killed_by_the_plague_in_player_1s_actions_ends_the_game_at_once() -> None:
    """9.0: eliminating the last enemy heir is an instant victory (an heir killed stays dead,
    6.82), even by the Plague before the other house has moved."""
    state = actions(position({"Gloucester": ("Warwick", 1), "Norfolk": "Warwick", "Richmond": "Cumbria"},
                             king="York", scenario="1483"), "Lancaster", "Plague")
    assert [b for b in BOARD.heirs_of["York"] if state["blocks"][b]["at"] not in ("dead", "out")] == ["Gloucester"]
    result = act(state, ["PLAGUE Warwick"])
    assert where(result.state, "Gloucester") == "dead"
    assert result.state["step"]["label"] == "over"
    assert GAME.outcome(result.state) is not None
    assert GAME.outcome(result.state).winners == ("Lancaster",)  # type: ignore[union-attr]
    assert [e["winner"] for e in events(result, "victory")] == ["Lancaster"]
