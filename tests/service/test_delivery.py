"""Sending the outbox (``ticker.deliver``): a batch is claimed, sent with no transaction open,
then settled; a judge that dies between the claim and the settling sends the batch again later,
under the same Message-IDs."""

from __future__ import annotations

import email
from datetime import timedelta

import pytest
from mail_judge import MailJudge
from sqlmodel import select

from judge.service.intake.mailroom import ingest
from judge.service.daemon.ticker import CLAIM, deliver
from judge.store import Outbox, OutboxStatus, open_store


def help_mail(number: int) -> bytes:
    return (f"From: player{number}@example.org\nSubject: help\nMessage-ID: <h{number}@test.invalid>\n\n"
            "HELP\n").encode()


def message_ids(mails: list[bytes]) -> list[str]:
    return [str(email.message_from_bytes(raw)["Message-ID"]) for raw in mails]


def rows(judge: MailJudge) -> list[Outbox]:
    with judge.store.session() as db:
        found = list(db.exec(select(Outbox).order_by(Outbox.id)))
        db.expunge_all()
        return found


class DiesAtTheSecondMail:
    """A transport that takes one mail, then the process dies (SystemExit is no Exception)."""

    def __init__(self) -> None:
        self.mails: list[bytes] = []

    def deliver(self, raw: bytes) -> None:
        if self.mails:
            raise SystemExit("killed")
        self.mails.append(raw)


def test_a_judge_killed_while_sending_sends_the_claimed_batch_again_after_the_claim(judge: MailJudge) -> None:
    for number in range(3):
        ingest(judge.store, judge.config, help_mail(number), judge.now)
    dying = DiesAtTheSecondMail()
    with pytest.raises(SystemExit):
        deliver(judge.store, judge.config, dying, judge.now)
    assert [(row.status, row.attempts) for row in rows(judge)] == [(OutboxStatus.PENDING, 1)] * 3
    assert all(row.next_attempt_at == judge.now + CLAIM for row in rows(judge))

    # Claimed: not due for anyone (another judge process, or this one restarted) before the claim runs out.
    assert deliver(judge.store, judge.config, judge.transport, judge.now + CLAIM - timedelta(seconds=1)) == []
    assert judge.transport.mails == []

    sent = deliver(judge.store, judge.config, judge.transport, judge.now + CLAIM)
    assert len(sent) == 3
    assert [(row.status, row.attempts) for row in rows(judge)] == [(OutboxStatus.SENT, 2)] * 3
    # The mail that went out before the kill goes out again, recognisably the same mail.
    assert message_ids(dying.mails)[0] == message_ids(judge.transport.mails)[0]
    assert message_ids(judge.transport.mails) == [row.message_id for row in rows(judge)]


class WritesWhileSending:
    """A transport that, while it sends, has another connection write to the store, as the inbox
    job does in the daemon: with a transaction of the sender's still open, SQLite's writer lock
    would make that write wait out its busy timeout and fail."""

    def __init__(self, judge: MailJudge) -> None:
        self.judge = judge
        self.mails: list[bytes] = []

    def deliver(self, raw: bytes) -> None:
        if len(self.mails) < 2:  # while sending the first two replies (their answers are sent too)
            other = open_store(self.judge.config.database_url, busy_timeout=0.05)
            try:
                ingest(other, self.judge.config, help_mail(100 + len(self.mails)), self.judge.now)
            finally:
                other.close()
        self.mails.append(raw)


def test_no_transaction_is_held_while_the_mail_server_is_talked_to(judge: MailJudge) -> None:
    for number in range(2):
        ingest(judge.store, judge.config, help_mail(number), judge.now)
    writer = WritesWhileSending(judge)
    deliver(judge.store, judge.config, writer, judge.now)
    # The two replies, then the replies to the two mails taken in meanwhile (due in the same run).
    assert len(writer.mails) == 4
    assert {row.status for row in rows(judge)} == {OutboxStatus.SENT}


def test_a_mail_that_cannot_be_written_fails_for_good_and_the_rest_of_its_batch_goes_out(judge: MailJudge) -> None:
    ingest(judge.store, judge.config, help_mail(1), judge.now)
    with judge.store.session() as db:  # a header with a line break would be a header injection
        db.add(Outbox(message_id="<broken@test.invalid>", to_address="a@example.org\nBcc: b@example.org",
                      subject="x", body="x", next_attempt_at=judge.now))
    ingest(judge.store, judge.config, help_mail(2), judge.now)

    sent = deliver(judge.store, judge.config, judge.transport, judge.now)

    assert len(sent) == 2 and len(judge.transport.mails) == 2
    broken = next(row for row in rows(judge) if row.message_id == "<broken@test.invalid>")
    assert (broken.status, broken.attempts) == (OutboxStatus.FAILED, 1)
    assert broken.last_error.startswith("cannot compose: ")
    # Never tried again.
    assert deliver(judge.store, judge.config, judge.transport, judge.now + timedelta(days=1)) == []
