"""A mail with a refused line never completes a phase by itself (issue 18, point 3): its player may
correct it until the deadline; a later mail of his without a refused line (a correction, the
order sent again, Richard III's DONE) completes his orders, and the phase is processed when all
are in, as before."""

from __future__ import annotations

from alpha import as_power, game, new_game
from mail_judge import MailJudge

STANDARD_ORDERS = {
    "Austria": ("A vie H", "A bud H", "F tri H"),
    "England": ("F lon H", "F edi H", "A lvp H"),
    "France": ("F bre H", "A par H", "A mar H"),
    "Germany": ("F kie H", "A ber H", "A mun H"),
    "Italy": ("F nap H", "A rom H", "A ven H"),
    "Russia": ("F stp/sc H", "A mos H", "A war H", "F sev H"),
    "Turkey": ("F ank H", "A con H", "A smy H"),
}


def test_orders_complete_but_for_a_refused_line_are_held_until_a_mail_without_one(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    for power, orders in STANDARD_ORDERS.items():
        if power != "England":
            as_power(judge, seats, power, *orders)
    reply = as_power(judge, seats, "England", *STANDARD_ORDERS["England"], "A lvp - Paris")
    assert "Error" in reply and "Accepted: F lon H" in reply
    assert "Your orders for S1901M are on hold: a line was refused" in reply, reply
    assert game(judge).phase == "S1901M"  # every unit has an order, yet the phase waits

    reply = as_power(judge, seats, "England", "A lvp - yor")  # the correction
    assert "Your orders for S1901M are complete" in reply, reply
    assert game(judge).phase == "F1901M"


def test_a_refused_line_earlier_in_the_mail_holds_the_orders_after_it(judge: MailJudge) -> None:
    """Orders, a command, then more orders: the refused line of the first group holds the
    whole mail's orders, though the last group reads well."""
    seats = new_game(judge)
    for power, orders in STANDARD_ORDERS.items():
        if power != "England":
            as_power(judge, seats, power, *orders)
    reply = as_power(judge, seats, "England", "F lon - Moscow", "F edi H", "LIST alpha",
                     "F lon H", "A lvp H")
    assert "are on hold" in reply and "are complete" not in reply, reply
    assert game(judge).phase == "S1901M"
    assert "are complete" in as_power(judge, seats, "England", "F lon H")
    assert game(judge).phase == "F1901M"


def test_orders_in_the_grace_period_are_marked_late(judge: MailJudge) -> None:
    """Issue 18, point 6: orders taken after the deadline, in the grace period, say so."""
    seats = new_game(judge)
    reply = as_power(judge, seats, "France", *STANDARD_ORDERS["France"])
    assert "are complete." in reply and "late" not in reply
    judge.advance(hours=49)  # past the movement deadline (48 h): the others are late, in grace
    assert game(judge).grace_until is not None
    reply = as_power(judge, seats, "England", *STANDARD_ORDERS["England"])
    assert "Your orders for S1901M are complete (late: after the deadline, in the grace period)." \
        in reply, reply
