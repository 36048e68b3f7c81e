"""Mail as people and mail programs write it: greetings, sign-offs, signatures and quoted replies
around the orders; and mail of junk, answered in one short summary."""

from __future__ import annotations

import random

import pytest
from alpha import as_power, new_game
from mail_judge import MailJudge

IGNORED_ORDER = "Ignored, not an order (the greeting or closing of your mail)."
IGNORED_COMMAND = "Ignored, not a command (the greeting or closing of your mail)."
ORDERS = ("F lon - nth", "A lvp - yor")

ENDINGS = {
    "thanks": ["Thanks!"],
    "cheers with a name": ["Cheers, Anna"],
    "regards and a signature": ["Best regards,", "", "Anna Smith", "Diplomacy Club of Ghent"],
    "a name alone": ["Anna"],
    "an initial and a name": ["J. Smith"],
    "a phone's footer": ["", "Sent from my iPhone"],
    "thanks then a name": ["Thanks for running the game!", "Anna"],
    # The mail layer drops what follows: a signature after "-- ", a quoted reply, Outlook's copy.
    "a signature after the separator": ["Cheers", "-- ", "Anna Smith", "+44 20 7946 0000"],
    "a quoted reply": ["Thanks,", "Anna", "", "On Mon, 5 Jan 2026 at 12:00, The Judge "
                       "<judge@localhost> wrote:", "> Signed on to alpha as England.", "> F lon H"],
    "an Outlook reply": ["Best,", "Anna", "", "________________________________",
                         "From: The Judge <judge@localhost>", "Sent: Monday, 5 January 2026 12:00",
                         "Signed on to alpha as England.", "Your orders are not complete yet."],
}


@pytest.mark.parametrize("ending", list(ENDINGS), ids=list(ENDINGS))
def test_a_friendly_ending_is_listed_once_not_as_an_error(judge: MailJudge, ending: str) -> None:
    seats = new_game(judge)
    reply = as_power(judge, seats, "England", *ORDERS, "", *ENDINGS[ending])
    assert "Accepted: F lon - nth" in reply and "Accepted: A lvp - yor" in reply
    assert reply.count(IGNORED_ORDER) == 1, reply
    assert "Error" not in reply and "Refused" not in reply


def test_a_greeting_before_the_commands_is_listed_once(judge: MailJudge) -> None:
    seats = new_game(judge)
    address, password = seats["England"]
    reply = judge.send(address, f"Hello judge,\n\nSIGNON England@alpha {password}\nF lon - nth\n"
                                "\nThanks!")
    assert reply.count(IGNORED_COMMAND) == 1 and reply.count(IGNORED_ORDER) == 1
    assert "Accepted: F lon - nth" in reply and "Error" not in reply


def test_friendly_lines_without_a_game_are_not_commands(judge: MailJudge) -> None:
    reply = judge.send("newcomer@example.org", "Hi,\nLIST\nThanks a lot,\nAnna")
    assert reply.count(IGNORED_COMMAND) == 2 and "Error" not in reply


def test_an_order_among_friendly_lines_is_still_taken(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = as_power(judge, seats, "England", "F lon - nth", "Thanks", "A lvp - yor")
    assert "Accepted: F lon - nth" in reply and "Accepted: A lvp - yor" in reply
    assert "Ignored, not an order (the greeting or closing of your mail): Thanks." in reply


def test_a_word_alone_that_reads_as_an_order_is_taken(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = as_power(judge, seats, "England", "F lon - nth", "Army Liverpool Holds")  # as a name
    assert "Accepted: A lvp H" in reply and "Ignored" not in reply


def test_a_misspelt_last_order_is_still_an_error(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = as_power(judge, seats, "England", "F lon - nth", "A Lvp-Yrk")
    assert "Error: A Lvp-Yrk" in reply and "Ignored" not in reply


# --- junk -----------------------------------------------------------------------------------------


def test_500_junk_lines_get_one_short_summary(judge: MailJudge) -> None:
    junk = [f"lorem ipsum dolor {number} sit amet" for number in range(500)]
    reply = judge.send("someone@example.org", "\n".join(junk))
    assert len(reply.encode()) < 1000, len(reply)
    assert reply.startswith("> lorem ipsum dolor 0 sit amet\n> lorem ipsum dolor 1 sit amet\n"
                            "> lorem ipsum dolor 2 sit amet\n> (and 497 more lines)\n"
                            "Error: these 500 lines could not be read: not a command; orders must "
                            "follow SIGNON\n")
    assert "dolor 3 " not in reply


def test_500_junk_order_lines_are_answered_briefly(judge: MailJudge) -> None:
    seats = new_game(judge)
    junk = [f"lorem ipsum dolor {number} sit amet" for number in range(500)]
    reply = as_power(judge, seats, "England", *junk)
    assert len(reply.encode()) < 3000, len(reply)
    assert reply.count("Error: lorem ipsum") == 10
    assert "> (and 480 more lines)" in reply
    assert "... and 490 more orders could not be read (not answered one by one)." in reply
    assert "Your orders for S1901M are not complete yet: still to order F edi, F lon, A lvp." in reply


def test_500_lines_of_mixed_junk_stay_within_a_few_kilobytes_a_hundred_lines(
    judge: MailJudge,
) -> None:
    chance = random.Random(13)
    words = ["SET", "foo", "SIGNON", "?alpha", "BECOME", "bar", "ENDPRESS", "signn", "A", "-",
             "lorem", "HISTORY", "LIST", "x@y", "PHASE", "1901", "EJECT", "Anna", "Thanks"]
    junk = [" ".join(chance.choice(words) for _ in range(chance.randint(1, 6))) for _ in range(500)]
    reply = judge.send("someone@example.org", "\n".join(junk))
    assert len(reply.encode()) < 3 * 1024 * 5, len(reply)
    assert "more lines could not be read or were refused; they are not answered one by one" in reply
    assert reply.count("\nError: ") + reply.count("\nRefused: ") <= 12


def test_a_repeated_help_is_answered_once(judge: MailJudge) -> None:
    reply = judge.send("someone@example.org", "\n".join(["HELP"] * 50 + ["VERSION"] * 50))
    assert reply.count("How to write orders") == 1
    assert reply.count("The same as line 1: answered there.") == 49
    assert reply.count("> VERSION\njudge ") == 1
    assert reply.count("The same as line 51: answered there.") == 49


def test_a_closing_after_the_game_ended_is_only_ignored(judge: MailJudge) -> None:
    seats = new_game(judge)
    judge.send("master@example.org", "SIGNON Malpha secret\nTERMINATE")
    reply = as_power(judge, seats, "England", "Cheers, Anna")
    assert IGNORED_ORDER in reply and "Refused" not in reply
