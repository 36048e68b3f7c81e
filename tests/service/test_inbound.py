"""The inbound path beyond one mail at a time: group commit of a batch (``ingest_batch``), mail
from internationalised addresses, and mail the reader cannot take apart."""

from __future__ import annotations

import email
import mailbox
from collections.abc import Iterator
from contextlib import contextmanager
from email.policy import default

import pytest
from alpha import as_power, game, holds, new_game
from mail_judge import MailJudge
from sqlalchemy import event
from sqlmodel import Session, select

from judge.service import commands as c
from judge.service.intake import handlers
from judge.service.daemon import operate
from judge.service.intake.mailroom import ingest, ingest_batch
from judge.service.daemon.ticker import deliver
from judge.store import InboundMail, InboundStatus, Outbox, OutboxStatus, SubmittedOrders


def raw(number: int, sender: str, body: str, extra: str = "") -> bytes:
    return (f"From: {sender}\nSubject: orders\nMessage-ID: <b{number}@test.invalid>\n{extra}\n"
            f"{body}\n").encode()


def replies_to(judge: MailJudge, message_id: str) -> list[Outbox]:
    with judge.store.session() as db:
        return list(db.exec(select(Outbox).where(Outbox.in_reply_to == message_id)))


def logged(judge: MailJudge) -> dict[str, InboundStatus]:
    with judge.store.session() as db:
        return {row.message_id: row.status for row in db.exec(select(InboundMail))}


def test_a_batch_answers_every_mail_once_with_two_commits(judge: MailJudge) -> None:
    seats = new_game(judge)
    england, password = seats["England"]
    first = raw(1, england, f"SIGNON England@alpha {password}\n" + "\n".join(holds(judge, "England")))
    batch = [
        first,
        raw(2, "someone@example.org", "LIST"),
        b"Received: from mx2 by mx1\n" + first,  # a second copy of mail 1, delivered again: not read
        raw(3, "robot@example.org", "LIST", "Auto-Submitted: auto-replied"),
        raw(4, "someone@example.org", "VERSION"),
    ]
    commits: list[object] = []
    with counting_commits(judge, commits):
        outcomes = ingest_batch(judge.store, judge.config, batch, judge.now)
    assert len(commits) == 2  # the mails that hash nothing, then the one with a SIGNON
    assert outcomes[0].startswith("answered") and outcomes[1].startswith("answered")
    assert outcomes[2] == "already processed: <b1@test.invalid>"
    assert outcomes[3] == "dropped: Auto-Submitted: auto-replied"
    assert outcomes[4].startswith("answered")
    for number, expected in ((1, 1), (2, 1), (3, 0), (4, 1)):
        assert len(replies_to(judge, f"<b{number}@test.invalid>")) == expected
    assert "Your orders for S1901M are complete." in replies_to(judge, "<b1@test.invalid>")[0].body
    # The same mails again (a crash before the mailbox was told): nothing is done twice.
    again = ingest_batch(judge.store, judge.config, batch, judge.now)
    assert all(o.startswith("already processed") for o in again)


@contextmanager
def counting_commits(judge: MailJudge, commits: list[object]) -> Iterator[None]:
    """Note each COMMIT the database is sent (savepoints are not commits)."""

    def note(connection: object) -> None:
        commits.append(connection)

    event.listen(judge.store.engine, "commit", note)
    try:
        yield
    finally:
        event.remove(judge.store.engine, "commit", note)


def test_a_mail_that_fails_in_a_batch_rolls_back_alone(
    judge: MailJudge, monkeypatch: pytest.MonkeyPatch,
) -> None:
    seats = new_game(judge)
    france, password = seats["France"]

    def broken(ctx: object, command: object) -> None:
        raise RuntimeError("a bug in VERSION")

    monkeypatch.setitem(handlers.HANDLERS, c.Version, broken)
    orders = f"SIGNON France@alpha {password}\n" + "\n".join(holds(judge, "France"))
    batch = [raw(1, france, orders + "\nVERSION"), raw(2, france, orders)]
    outcomes = ingest_batch(judge.store, judge.config, batch, judge.now)
    assert outcomes[0] == "failed: a bug in VERSION" and outcomes[1].startswith("answered")
    assert logged(judge)["<b1@test.invalid>"] is InboundStatus.FAILED
    assert "could not process this mail" in replies_to(judge, "<b1@test.invalid>")[0].body
    with judge.store.session() as db:  # the failed mail's orders were rolled back, the other's kept
        submitted = db.exec(select(SubmittedOrders).where(SubmittedOrders.power == "France")).all()
        assert len(submitted) == 1


def test_a_batch_the_database_refuses_is_taken_in_mail_by_mail(
    judge: MailJudge, monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened = judge.store.session
    refused = []

    @contextmanager
    def failing_once() -> Iterator[Session]:
        with opened() as db:
            yield db
            if not refused:
                refused.append(True)
                raise OSError("disk full")  # the commit of the batch fails: all rolled back

    monkeypatch.setattr(judge.store, "session", failing_once)
    outcomes = ingest_batch(judge.store, judge.config,
                            [raw(1, "a@example.org", "LIST"), raw(2, "b@example.org", "HELP")],
                            judge.now)
    assert refused and all(outcome.startswith("answered") for outcome in outcomes)
    assert [len(replies_to(judge, f"<b{n}@test.invalid>")) for n in (1, 2)] == [1, 1]


def test_mail_from_an_internationalised_address_is_answered_in_utf8(judge: MailJudge) -> None:
    sender = "jörg@exämple.org"
    judge.send(sender, "VERSION")
    [reply] = judge.mail_to(sender)
    assert reply.subject == "Re: orders"
    deliver(judge.store, judge.config, judge.transport, judge.now)
    [mail] = judge.transport.mails
    assert "To: jörg@exämple.org".encode() in mail  # UTF-8 headers (RFC 6532), no encoded word
    parsed = email.message_from_bytes(mail, policy=default)
    assert parsed["To"] == sender and "judge" in parsed.get_content()
    with judge.store.session() as db:
        assert db.exec(select(Outbox)).one().status is OutboxStatus.SENT


def test_mail_from_an_address_that_cannot_be_written_is_logged_and_dropped(
    judge: MailJudge,
) -> None:
    outcome = ingest(judge.store, judge.config, raw(1, "a\u0085b@example.org", "LIST"), judge.now)
    assert outcome == "dropped: the sender address cannot be written in a reply"
    assert logged(judge)["<b1@test.invalid>"] is InboundStatus.DROPPED
    assert replies_to(judge, "<b1@test.invalid>") == []


def test_an_unreadable_mail_from_a_player_is_answered_and_changes_nothing(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    england, password = seats["England"]
    body = f"SIGNON England@alpha {password}\n" + "\n".join(holds(judge, "England"))
    nested = "".join(f"Content-Type: multipart/mixed; boundary=b{n}\n\n--b{n}\n" for n in range(1000))
    mail = (f"From: {england}\nSubject: my orders\nMessage-ID: <deep@test.invalid>\n{nested}"
            f"Content-Type: text/plain\n\n{body}\n").encode()
    assert ingest(judge.store, judge.config, mail, judge.now) == "answered: unreadable"
    [reply] = replies_to(judge, "<deep@test.invalid>")
    assert reply.to_address == england and reply.subject == "Re: my orders"
    assert "The judge could not read this mail" in reply.body and "plain text" in reply.body
    assert game(judge).phase == "S1901M"
    with judge.store.session() as db:
        assert db.exec(select(SubmittedOrders)).all() == []
    assert "complete" in as_power(judge, seats, "England", *holds(judge, "England"))


def test_the_inbox_is_read_in_batches_each_mail_marked_done_after_its_commit(
    judge: MailJudge, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(operate, "MAX_BATCH", 2)
    box = mailbox.Maildir(judge.config.inbox, create=False)
    for number in range(5):
        box.add(raw(number, f"p{number}@example.org", "VERSION"))
    box.add(raw(0, "p0@example.org", "VERSION"))  # fetched twice: answered once
    done = operate.read_inbox(judge.config, judge.now)
    assert sorted(done)[:1] == ["already processed: <b0@test.invalid>"]
    assert sum(line.startswith("answered") for line in done) == 5
    assert list(box.iterkeys()) and not any((judge.config.inbox / "new").iterdir())
    assert [len(replies_to(judge, f"<b{n}@test.invalid>")) for n in range(5)] == [1] * 5
