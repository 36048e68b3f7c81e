"""Orders kept with PHASE for a phase that never comes are not stored for good (issue 36): they
are dropped when the game ends, when a rollback sets them aside, and when their player has left
the game as the phase begins. The notice of the end or of the rollback already tells the players
that such orders no longer count. By mail."""

from __future__ import annotations

from alpha import as_power, game, holds, master, new_game
from mail_judge import MailJudge
from sqlmodel import col, select

from judge.store import GameStatus, SubmittedOrders


def _kept(judge: MailJudge) -> list[tuple[str, str]]:
    """The order lines kept and never read: (phase, power)."""
    with judge.store.session() as db:
        rows = db.exec(select(SubmittedOrders).order_by(col(SubmittedOrders.id))).all()
        return [(row.phase, row.power) for row in rows if row.orders is None]


def test_orders_kept_for_later_years_are_dropped_when_the_game_ends(judge: MailJudge) -> None:
    seats = new_game(judge)
    as_power(judge, seats, "England", "PHASE F1905M", "F lon - eng", "PHASE S1950M", "A lvp H")
    as_power(judge, seats, "France", "PHASE Fall 1901", "F bre - mao")
    assert sorted(_kept(judge)) == [("F1901M", "France"), ("F1905M", "England"),
                                    ("S1950M", "England")]
    reply = master(judge, "TERMINATE")
    assert "alpha is terminated" in reply, reply
    assert game(judge).status is GameStatus.TERMINATED
    assert _kept(judge) == []


def test_orders_kept_before_a_rollback_are_dropped_with_it(judge: MailJudge) -> None:
    """England keeps orders for 1903, the master rolls the game back to its first phase: those
    orders no longer count (the rollback's notice says so), and are not kept."""
    seats = new_game(judge)
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    assert game(judge).phase == "F1901M"
    as_power(judge, seats, "England", "PHASE S1903M", "F lon - eng")
    assert _kept(judge) == [("S1903M", "England")]
    reply = master(judge, "ROLLBACK S1901M")
    assert "alpha is back at the start of Spring 1901 Movement" in reply, reply
    assert _kept(judge) == []
    as_power(judge, seats, "England", "PHASE S1903M", "F lon - eng")  # kept again after it
    assert _kept(judge) == [("S1903M", "England")]


def test_orders_kept_by_a_player_who_left_are_dropped_when_the_phase_comes(judge: MailJudge) -> None:
    seats = new_game(judge)
    as_power(judge, seats, "England", "PHASE F1901M", "F lon - eng")
    as_power(judge, seats, "England", "RESIGN")
    for power in seats:
        if power != "England":
            as_power(judge, seats, power, *holds(judge, power))
    judge.advance(hours=48)
    judge.advance(hours=24)  # the end of grace: England in civil disorder
    assert game(judge).phase == "F1901M"
    assert _kept(judge) == []
