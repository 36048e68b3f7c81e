"""Enrolment and SET ADDRESS abused by mail (issue 36, items 6 and 8), each attack made by mail
through ``ingest`` and ``tick`` as it was filed:

- three CREATEs forged from a victim's address no longer stop his own CREATE: the cap on games
  mastered counts confirmed addresses, and a forming game that its master never confirmed and
  nobody joined lapses after ``[enrol] held_for`` (its name is free again);
- twenty forged OBSERVEs no longer fill a game's observer seats: the cap counts confirmed
  observers, unconfirmed ones lapse, and the master can eject an observer (EJECT OBSERVER);
- SET ADDRESS is no relay: an address gets one code at a time, and a player at most
  ``MOST_ADDRESS_CODES`` codes a day, however many mails ask.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from mail_judge import CODE, MailJudge
from sqlmodel import select

from judge.service.intake.handlers_address import ADDRESS_CODES_WINDOW, MOST_ADDRESS_CODES
from judge.store import Game, Membership, MembershipStatus, Player

MASTER = "master@example.org"
VICTIM = "victim@example.net"
STRANGER = "stranger@example.com"
WATCHER = "watcher@example.org"
PLAYERS = [f"player{n}@example.org" for n in range(1, 8)]
CODE_MAIL = "Confirm your address at the judge"

pytestmark = pytest.mark.usefixtures("cheap_passwords")  # the hashing is not what is tested here


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    """A judge on SQLite, then on PostgreSQL (``conftest``)."""
    return judge_on_each_backend


def forming(judge: MailJudge, joined: int = 1) -> None:
    """alpha, forming, its master and ``joined`` players confirmed."""
    judge.enrol(MASTER, "CREATE ?alpha secret standard")
    for number, address in enumerate(PLAYERS[:joined], 1):
        judge.enrol(address, f"JOIN alpha pw{number}")


# --- SET ADDRESS (item 8) ---------------------------------------------------------------------------


def test_sixty_set_address_mails_send_the_third_party_one_code(judge: MailJudge) -> None:
    """A signed-on player sent 60 mails, each asking to move to a stranger's address: the
    stranger gets one code, and each later mail is told that no new code was mailed."""
    forming(judge)
    replies = []
    for _ in range(60):
        replies.append(judge.send(MASTER, f"SIGNON Malpha secret\nSET ADDRESS {STRANGER}"))
        judge.advance(hours=2)  # five days in all: the code is still waiting
    assert len(judge.mail_to(STRANGER)) == 1
    assert f"A code has gone to {STRANGER}" in replies[0]
    for reply in replies[1:]:
        assert f"A code went to {STRANGER} already, on 05 Jan 12:00 UTC: send CONFIRM with it " \
               "from there. No new code is mailed (a new one may be asked for after 12 Jan 12:00 " \
               "UTC)." in reply, reply
    assert "Confirmed:" in judge.confirm(STRANGER)  # the one code still works


def test_set_address_codes_are_capped_per_player_whatever_the_addresses(judge: MailJudge) -> None:
    forming(judge)
    replies = [judge.send(MASTER, f"SIGNON Malpha secret\nSET ADDRESS target{n}@example.net")
               for n in range(60)]
    mailed = [n for n in range(60) if judge.mail_to(f"target{n}@example.net")]
    assert mailed == list(range(MOST_ADDRESS_CODES))
    assert all(len(judge.mail_to(f"target{n}@example.net")) == 1 for n in mailed)
    assert (f"Refused: the judge has mailed {MOST_ADDRESS_CODES} codes for your SET ADDRESS within 1 "
            "day, as many as it mails for one player: ask again after 06 Jan 12:00 UTC.") in replies[-1]
    judge.advance(seconds=ADDRESS_CODES_WINDOW.total_seconds() + 60)
    reply = judge.send(MASTER, "SIGNON Malpha secret\nSET ADDRESS late@example.net")
    assert "A code has gone to late@example.net" in reply
    assert len(judge.mail_to("late@example.net")) == 1


def test_an_address_waiting_for_one_players_code_gets_no_other_players_code(judge: MailJudge) -> None:
    forming(judge)
    judge.enrol(WATCHER, "OBSERVE alpha seen")
    judge.send(MASTER, f"SIGNON Malpha secret\nSET ADDRESS {STRANGER}")
    reply = judge.send(WATCHER, f"SIGNON Oalpha seen\nSET ADDRESS {STRANGER}")
    assert (f"Refused: a code went to {STRANGER} lately, and the judge mails an address one code at "
            "a time: a new one may be asked for after 12 Jan 12:00 UTC.") in reply
    assert len(judge.mail_to(STRANGER)) == 1
    judge.advance(days=7, minutes=1)  # the first code has lapsed: the address may be asked again
    assert f"A code has gone to {STRANGER}" in judge.send(
        WATCHER, f"SIGNON Oalpha seen\nSET ADDRESS {STRANGER}")
    assert len(judge.mail_to(STRANGER)) == 2
    code = CODE.search(judge.mail_to(STRANGER)[-1].body)
    assert code is not None
    assert f"no longer at {WATCHER}" in judge.send(STRANGER, f"CONFIRM {code[1]}")
