"""What the results tell each house (issue 37, item 3): the standing orders that did nothing
when the game ends mid-turn (9.0), a block that changed sides (6.9), and the Plague's steps
named to their owner only (the Plague card)."""

from __future__ import annotations

from typing import Any

from r3_setup import GAME, Dice, act, actions, events, position

from judge.games.kind import PhaseResult
from judge.service.mailing.reports import render

MISS = 6


def unused(result: PhaseResult, side: str) -> dict[str, list[str]]:
    groups = [g for e in events(result, "orders unused") if e["side"] == side for g in e["groups"]]
    return {g["why"]: g["orders"] for g in groups}


def told(result: PhaseResult, reader: str | None) -> str:
    return render("richard3/events.txt", report=GAME.report_view(result.report, reader), outcome=None)


def test_9_0_the_orders_that_did_nothing_are_told_when_the_game_ends_mid_turn() -> None:
    """9.0: Richmond, Lancaster's last heir (1483), dies in battle and York wins at once, before
    the supply phase; York's retreat for round 3 never applied, and York is told so, as in any
    other turn; Lancaster's execution of the defected Clarence (9.1), due at the supply phase,
    never came."""
    blocks = {"Gloucester": "Warwick", "Norfolk": "Warwick", "Richmond": ("Derby", 1), "Clarence/L": "Kent"}
    state = actions(position(blocks, king="York", scenario="1483"), "York", "AP 4")
    after = act(state, ["Gloucester - Derby", "Norfolk - Derby", "NO TREACHERY",
                        "RETREAT Norfolk AFTER ROUND 3"]).state
    result = act(after, ["NO TREACHERY", "EXECUTE Clarence"], Dice(*[MISS] * 2, *[1] * 20))
    assert result.state["outcome"]["winner"] == "York"
    assert unused(result, "York") == {"the battle ended before it applied": ["RETREAT Norfolk AFTER ROUND 3"]}
    assert unused(result, "Lancaster") == {"the game ended first (9.0)": ["EXECUTE Clarence"]}  # 9.1
    assert "Your orders that did nothing this turn:" in told(result, "York")
    assert "RETREAT Norfolk" not in told(result, "Lancaster") + told(result, None)  # York's alone
    assert "EXECUTE" not in told(result, "York") + told(result, None)


def test_6_9_a_block_that_changed_sides_is_told_so_not_eliminated() -> None:
    """6.9 (and the Treason card, whose roll is the same): Stanley defects to York in round 1;
    Lancaster's retreat order for him did nothing because he changed sides, not because he was
    eliminated."""
    blocks = {"York": "Warwick", "Stanley/L": "Derby", "Clifford": "Derby", "Henry VI": "Middlesex"}
    state = actions(position(blocks), "York", "AP 4")
    after = act(state, ["York - Derby"]).state
    result = act(after, ["NO TREACHERY", "RETREAT Stanley AFTER ROUND 2"], Dice(*[MISS] * 3, 4, *[MISS] * 30))
    assert events(result, "treachery")[0]["defects"]
    assert unused(result, "Lancaster") == {"Stanley changed sides (6.9)": ["RETREAT Stanley AFTER ROUND 2"]}


def test_the_plague_names_each_block_that_lost_a_step_to_its_owner_alone() -> None:
    """The Plague card: every block in the enemy city area loses a step. Lancaster, whose blocks
    they are, is told which lost one; York, who played it, and the observers, that a block did,
    as many times as blocks were struck (the blocks stand face down to them)."""
    blocks: dict[str, Any] = {"York": "Ireland", "Henry VI": "Middlesex", "Clifford": "Middlesex"}
    state = actions(position(blocks), "York", "Plague")
    result = act(state, ["PLAGUE Middlesex"])
    assert [e["block"] for e in events(result, "plague loss")] == ["Henry VI", "Clifford"]
    owner = told(result, "Lancaster")
    assert "Lancaster: Henry VI in Middlesex loses a step to the Plague." in owner, owner
    assert "Lancaster: Clifford in Middlesex loses a step to the Plague." in owner, owner
    for reader in ("York", None):
        text = told(result, reader)
        assert text.count("Lancaster: a block in Middlesex loses a step to the Plague.") == 2, text
        assert "Clifford" not in text, text
