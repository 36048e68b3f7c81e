"""Amplification through a password the forger chose (issue 36, item 2), attacked as it was done:
a forged ``OBSERVE <game> known`` for the victim's address, then 100 forged ``SIGNON O<game>
known / BOARD / HISTORY <game>`` mails: 14 KB in, 7.7 MB to the victim, because a mail with the
right password was never rate-limited.

A password proves nothing about who reads the replies: an address not confirmed gets no board,
map or reports (a short answer, with the code that confirms it at its top, in the reply itself),
and a mail that signs on counts toward the rate limit like any other (past it, it is carried out
unanswered). The confirmed observer still gets the whole BOARD and HISTORY. On SQLite and
PostgreSQL.
"""

from __future__ import annotations

import email

import pytest
from alpha import as_power, holds, new_game
from mail_judge import MailJudge
from sqlmodel import select

from judge.service.intake.mailroom import ingest
from judge.store import Outbox

VICTIM = "victim@example.net"
WATCHER = "watcher@example.org"
ATTACK = "SIGNON Oalpha known\nBOARD\nHISTORY alpha"


pytestmark = pytest.mark.usefixtures("cheap_passwords")  # the hashing is not what is tested here


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    return judge_on_each_backend


def forged(judge: MailJudge, number: int, body: str) -> int:
    """Mail the judge as the victim (From forged); return the mail's size."""
    raw = (f"From: {VICTIM}\nTo: judge@localhost\nSubject: r3\nMessage-ID: <forged{number}@x>\n\n"
           f"{body}\n").encode()
    ingest(judge.store, judge.config, raw, judge.now)
    return len(raw)


def test_a_chosen_password_and_a_hundred_board_and_history_mails_send_the_victim_little(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    for _ in range(8):  # four game years of history
        for power in seats:
            as_power(judge, seats, power, *holds(judge, power))
    judge.enrol(WATCHER, "OBSERVE alpha seen")
    sent = judge.advance(minutes=1)
    assert sent
    before = len(judge.transport.mails)
    bytes_in = forged(judge, 0, "OBSERVE alpha known")
    bytes_in += sum(forged(judge, number, ATTACK) for number in range(1, 101))
    judge.advance(minutes=1)
    to_victim = [raw for raw in judge.transport.mails[before:]
                 if email.message_from_bytes(raw)["To"] == VICTIM]
    bytes_out = sum(len(raw) for raw in to_victim)
    assert bytes_in < 15_000
    parsed = [email.message_from_bytes(raw) for raw in to_victim]
    assert all(mail["In-Reply-To"] for mail in parsed)  # replies alone: no mail of a code
    assert len(to_victim) <= judge.config.flood.mails + 1  # signed on or not, past the limit: unanswered
    assert bytes_out < 3 * bytes_in, (bytes_in, bytes_out)  # it was 543 times
    text = b"".join(to_victim)
    assert b"History of alpha" not in text and b"The board of alpha" not in text
    assert b"image/png" not in text
    assert b"BOARD: not sent: the judge sends victim@example.net short answers only until the " \
           b"address is confirmed" in text
    # The observer whose address is confirmed gets the whole answer, with the map.
    reply = judge.send(WATCHER, "SIGNON Oalpha seen\nBOARD\nHISTORY alpha")
    assert "The board of alpha" in reply and "History of alpha: 8 phases" in reply
    with judge.store.session() as db:
        rows = db.exec(select(Outbox).where(Outbox.to_address == WATCHER)).all()
        assert any(row.picture_id is not None and "The board of alpha" in row.body for row in rows)
