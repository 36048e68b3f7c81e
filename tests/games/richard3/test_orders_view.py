"""Reading orders as players write them, and fog of war (what each side may see)."""

from __future__ import annotations

from random import Random

import pytest
from r3_setup import GAME, actions, position

from judge.games.richard3.orders import OrderError, read_order
from judge.games.richard3.playout import play

OWN = ["Warwick/Y", "Salisbury/Y", "York", "York (church)/Y", "March", "London (levy)", "Norfolk"]
ENEMY = ["Henry VI", "Stanley/L", "Somerset"]

READINGS = [
    ("warwick - kent", "MOVE Warwick - Kent"),
    ("Warw-Mid-Oxf", "MOVE Warwick - Middlesex - Oxford"),
    ("move sal to n yorks", "MOVE Salisbury - North Yorks"),
    ("York - London", "MOVE York - Middlesex"),
    ("york church - s yorks", "MOVE York Church - South Yorks"),
    ("Edward IV - e anglia", "MOVE March - East Anglia"),
    ("sea warwick kent", "SEA Warwick - Kent"),
    ("recruit norfolk east anglia", "RECRUIT Norfolk - East Anglia"),
    ("play force", "PLAY Force March"),
    ("play 4", "PLAY AP 4"),
    ("retreat warwick after round 2", "RETREAT Warwick AFTER ROUND 2"),
    ("RETREAT all after round 1 to kent", "RETREAT ALL AFTER ROUND 1 TO Kent"),
    ("charge march at somerset", "CHARGE March AT Somerset"),
    ("no treachery", "NO TREACHERY"),
    ("treachery on stanley", "TREACHERY ON Stanley"),
    ("main sussex from kent", "MAIN Sussex FROM Kent"),
    ("battles kent, sussex", "BATTLES Kent, Sussex"),
    ("home norfolk - pool", "HOME Norfolk - pool"),
]


@pytest.mark.parametrize(("text", "canonical"), READINGS)
def test_orders_read_forgivingly(text: str, canonical: str) -> None:
    """Names in full, by another name, or by an unambiguous prefix, in any case."""
    assert str(read_order(text, OWN, ENEMY)) == canonical


@pytest.mark.parametrize(("text", "reason"), [("Yo - Kent", "could be"), ("Warwick - Atlantis", "no area"), ("frobnicate", "expected")])
def test_orders_refused_say_why(text: str, reason: str) -> None:
    with pytest.raises(OrderError, match=reason):
        read_order(text, OWN, ENEMY)


def test_a_refused_order_gets_its_reason() -> None:
    """5.2: the judge says why an order cannot be carried out."""
    state = actions(position({"Henry VI": "Middlesex", "York": "Ireland"}), "Lancaster", "AP 2")
    line = GAME.read_orders(state, "Lancaster", ["Henry VI - Kent - Calais"])[0]
    assert "enemy exile area (2.7)" in (line.error or "")


def test_fog_of_war_enemy_blocks_are_counts() -> None:
    """3.0 (fog of war): a side sees its own blocks, and of the enemy only counts per area."""
    state = GAME.new_game(b"fog")
    york = GAME.view(state, "York")
    assert "Warwick" in york["blocks"] and "Somerset" not in york["blocks"]
    assert york["counts"]["Lancaster"]["Cornwall"] == 2
    observer = GAME.view(state, None)
    assert "blocks" not in observer and "hand" not in observer


def test_reports_hide_enemy_moves_but_not_battles() -> None:
    """6.1: a battle reveals its blocks; moves and recruits show the enemy only where."""
    record = play(GAME, 5, limit=12)
    assert not record.problems
    rng = Random(5)
    state = GAME.new_game(b"5")
    seen_hidden = 0
    for _ in range(12):
        pending = GAME.pending(state)
        orders = {p: GAME.random_orders(state, p, rng) for p in sorted(pending.powers)}
        result = GAME.resolve(state, orders, rng)
        for side in ("York", "Lancaster"):
            shown = GAME.report_view(result.report, side)
            for event in shown["events"]:
                if event["type"] in ("move", "recruit", "sea move") and event["side"] != side:
                    assert event["block"] is None
                    seen_hidden += 1
        state = result.state
    assert seen_hidden > 0
