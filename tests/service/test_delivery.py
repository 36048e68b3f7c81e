"""Sending the outbox (``ticker.deliver``): a batch is claimed, sent with no transaction open,
then settled; a judge that dies between the claim and the settling has the batch sent again
once its claim lapses, under the same Message-IDs; a judge alive but slow keeps its claim
(``daemon.claims``), so the batch is never sent by another judge meanwhile."""

from __future__ import annotations

import email
import re
import time
from datetime import datetime, timedelta

import pytest
from mail_judge import START, Delivered, MailJudge
from sqlmodel import select

from judge.service.config import Config, load_config
from judge.service.daemon.claims import Claimant
from judge.service.daemon.clocks import ScaledClock
from judge.service.intake.mailroom import ingest
from judge.service.daemon.ticker import deliver
from judge.store import Outbox, OutboxStatus, open_store, queue_mail


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


def test_a_judge_killed_while_sending_has_the_claimed_batch_sent_once_its_claim_lapses(judge: MailJudge) -> None:
    for number in range(3):
        ingest(judge.store, judge.config, help_mail(number), judge.now)
    host = [datetime.now().astimezone()]  # the hosts' clock, moved by hand
    first = Claimant("first:1", timedelta(minutes=1), clock=lambda: host[0])
    second = Claimant("second:2", timedelta(minutes=1), clock=lambda: host[0])
    dying = DiesAtTheSecondMail()
    with pytest.raises(SystemExit):
        deliver(judge.store, judge.config, dying, judge.now, claimant=first)
    assert [(row.status, row.attempts, row.claimed_by) for row in rows(judge)] == [
        (OutboxStatus.PENDING, 1, "first:1")] * 3
    assert all(row.claimed_until == host[0] + timedelta(minutes=1) for row in rows(judge))

    # Claimed: not due for another judge process (or this one restarted) before the claim lapses,
    # however far the judge's own time has gone (the claim is the host's time).
    host[0] += timedelta(seconds=59)
    assert deliver(judge.store, judge.config, judge.transport, judge.now + timedelta(days=1), claimant=second) == []
    assert judge.transport.mails == []

    host[0] += timedelta(seconds=1)
    sent = deliver(judge.store, judge.config, judge.transport, judge.now, claimant=second)
    assert len(sent) == 3
    assert [(row.status, row.attempts, row.claimed_by) for row in rows(judge)] == [(OutboxStatus.SENT, 2, None)] * 3
    # The mail that went out before the kill goes out again, recognisably the same mail.
    assert message_ids(dying.mails)[0] == message_ids(judge.transport.mails)[0]
    assert message_ids(judge.transport.mails) == [row.message_id for row in rows(judge)]


CLAIM_SECONDS = 0.4
RATE = 1800.0  # the judge's time, as fast as in test_two_judges.py


def slow_judge(config: Config) -> Config:
    """The judge of ``config``, whose claims last ``CLAIM_SECONDS`` unrenewed."""
    text = re.sub(r"(?m)^claim_seconds = .*\n", "", config.path.read_text())
    config.path.write_text(text.replace("[serve]", f"[serve]\nclaim_seconds = {CLAIM_SECONDS}"))
    return load_config(config.path)


def test_a_judge_alive_but_slow_keeps_its_claim_and_no_other_judge_sends_its_mail(
    config_on_each_backend: Config,
) -> None:
    """The flaky case of test_two_judges.py made certain: a judge's first send takes three times
    its claim's length of the host's time (the machine is loaded, or the mail server slow), on a
    judge clock running 1,800 times as fast; a second judge sharing the database looks for due
    mail just then. The slow judge has kept its claim, so the second sends nothing, and each
    mail goes out once."""
    config = slow_judge(config_on_each_backend)
    clock = ScaledClock(START, time.time(), rate=RATE)
    store = open_store(config.database_url)
    second = Delivered()
    looked: list[list[str]] = []

    class Slow(Delivered):
        def deliver(self, raw: bytes) -> None:
            if not self.mails:
                time.sleep(3 * CLAIM_SECONDS)  # over half an hour of the judge's time
                looked.append(deliver(store, config, second, clock.now()))
            super().deliver(raw)

    try:
        with store.session() as db:
            for number in range(3):
                queue_mail(db, f"p{number}@example.org", "a subject", "a body", domain="localhost", now=START)
        slow = Slow()
        assert len(deliver(store, config, slow, clock.now(), clock=clock.now)) == 3
        assert looked == [[]] and second.mails == []
        assert deliver(store, config, second, clock.now() + timedelta(days=1)) == []
        with store.session() as db:
            assert {(mail.status, mail.claimed_by) for mail in db.exec(select(Outbox))} == {(OutboxStatus.SENT, None)}
    finally:
        store.close()
    assert len(slow.mails) == 3


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
