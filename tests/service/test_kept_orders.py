"""Orders for a later phase (PHASE), by mail: kept, read as the phase begins, and the player told
then how they read, errors included."""

from __future__ import annotations

from alpha import as_power, game, holds, last_mail_id, mail_since, new_game
from mail_judge import MailJudge
from sqlmodel import col, select

from judge.store import SubmittedOrders


def test_orders_kept_for_a_later_phase_are_read_and_answered_when_it_begins(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    england = seats["England"][0]
    reply = as_power(judge, seats, "England", "PHASE F1901M", "F lon - eng", "A lvp - mos")
    assert "Kept for F1901M: read when that phase begins" in reply
    reply = as_power(judge, seats, "England", "PHASE Fall 1901", "F edi - nth")  # a second mail
    assert "Kept for F1901M" in reply
    before = last_mail_id(judge)
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))  # all in: S1901M processes at once
    assert game(judge).phase == "F1901M"
    assert mail_since(judge, before, "Diplomacy orders") == []  # no mail of their own: told in
    told = [mail for mail in mail_since(judge, before, "Diplomacy results alpha S1901M") if mail.to_address == england]
    assert len(told) == 1  # his results (one mail in, one mail out), for both kept mails
    body = told[0].body
    assert "Fall 1901 Movement has begun, and the orders you sent earlier for it" in body
    assert "> F lon - eng\n> A lvp - mos\nAccepted: F lon - eng\nError: A lvp - mos: " in body
    assert "> F edi - nth\nAccepted: F edi - nth\n" in body
    assert ("Your orders for F1901M are not complete yet: still to order A lvp; the deadline "
            "is Wed 07 Jan 2026 12:00 UTC.") in body  # A lvp has no order
    assert body.index("Fall 1901 Movement has begun") < body.index("Diplomacy results for alpha, Spring 1901")
    with judge.store.session() as db:
        rows = db.exec(select(SubmittedOrders).where(SubmittedOrders.phase == "F1901M",
                                                     SubmittedOrders.power == "England")
                       .order_by(col(SubmittedOrders.id))).all()
        standing = rows[-1]
        assert standing.orders == {"lon": "F lon - eng", "edi": "F edi - nth"}
        assert not standing.complete
        assert [error["text"] for row in rows for error in row.errors] == ["A lvp - mos"]
    # The player may still change them now, as any orders of the phase.
    reply = as_power(judge, seats, "England", "A lvp - yor")
    assert "Accepted: A lvp - yor" in reply and "Your orders for F1901M are complete." in reply


def test_orders_kept_by_a_player_who_resigned_are_not_read(judge: MailJudge) -> None:
    seats = new_game(judge)
    as_power(judge, seats, "England", "PHASE F1901M", "F lon - eng")
    as_power(judge, seats, "England", "RESIGN")
    before = last_mail_id(judge)
    for power in seats:
        if power != "England":
            as_power(judge, seats, power, *holds(judge, power))
    judge.advance(hours=48)  # the deadline: England (no player) is late; grace
    judge.advance(hours=24)  # the end of grace: civil disorder
    assert game(judge).phase == "F1901M"
    assert mail_since(judge, before, "Diplomacy orders alpha") == []


def test_a_phase_whose_orders_were_all_sent_ahead_is_processed_as_it_begins(
    judge: MailJudge,
) -> None:
    """Every power sends its fall orders ahead (PHASE F1901M): when the spring is processed, the
    fall does not wait for its deadline; both are reported in one mail to each reader, in order,
    with one map (the position now), and the game is in the next phase."""
    seats = new_game(judge)
    before = last_mail_id(judge)
    for power in seats:
        as_power(judge, seats, power, "PHASE Fall 1901", *holds(judge, power))
    assert game(judge).phase == "S1901M"
    for power in seats:
        reply = as_power(judge, seats, power, *holds(judge, power))
    assert "Spring 1901 Movement of alpha has been processed (all orders in)" in reply
    assert "Fall 1901 Movement of alpha has been processed (all orders in as it began)" in reply
    assert game(judge).phase == "S1902M"  # no one builds after a fall of holds
    both = mail_since(judge, before, "Diplomacy results alpha S1901M to F1901M")
    assert len(both) == 8 == len(mail_since(judge, before, "Diplomacy results"))  # 7 players, master
    body = both[0].body
    assert body.startswith("alpha: 2 phases were processed: Spring 1901 Movement, Fall "
                           "1901 Movement.")
    spring = body.index("The next phase of alpha is Fall 1901 Movement.")  # no deadline
    fall = body.index("The next phase of alpha is Spring 1902 Movement; the deadline is")
    assert spring < fall
    assert all(mail.picture_id == both[0].picture_id is not None for mail in both)  # one map


def test_a_phase_not_after_the_current_one_is_refused(judge: MailJudge) -> None:
    """PHASE keeps orders only for a phase after the current one in the kind's order: not the
    current phase, not one played, not one earlier in the cycle."""
    seats = new_game(judge)
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    assert game(judge).phase == "F1901M"
    for earlier in ("S1901M", "S1901R", "Spring 1901"):
        reply = as_power(judge, seats, "England", f"PHASE {earlier}", "F lon - eng")
        assert "is not a later phase than F1901M" in reply, reply
        assert "Kept for" not in reply
    reply = as_power(judge, seats, "England", "PHASE W1901A", "Build F lon")
    assert "Kept for W1901A" in reply


def test_orders_kept_for_a_phase_the_game_passes_over_are_dropped_and_the_player_told(
    judge: MailJudge,
) -> None:
    """Orders kept for the spring retreats, when nobody was dislodged: the game goes straight
    to the fall, so they can no longer be read; they are dropped, and England told once."""
    seats = new_game(judge)
    england = seats["England"][0]
    reply = as_power(judge, seats, "England", "PHASE S1901R", "F lon - eng")
    assert "Kept for S1901R" in reply
    before = last_mail_id(judge)
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    assert game(judge).phase == "F1901M"  # no retreat phase: nothing was dislodged
    assert mail_since(judge, before, "Diplomacy orders") == []  # told in his results
    told = [mail for mail in mail_since(judge, before, "Diplomacy results alpha S1901M") if mail.to_address == england]
    assert len(told) == 1
    assert ("your orders kept for Spring 1901 Retreat were dropped, unread: that phase can no "
            "longer come (the game is now at Fall 1901 Movement)") in told[0].body
    with judge.store.session() as db:
        assert db.exec(select(SubmittedOrders).where(SubmittedOrders.phase == "S1901R")).all() == []
    judge.advance(hours=100)  # the game goes on; nothing more is said of them
    assert mail_since(judge, told[0].id or 0, "Diplomacy orders alpha") == []
    assert not any("were dropped" in mail.body for mail in mail_since(judge, told[0].id or 0))
