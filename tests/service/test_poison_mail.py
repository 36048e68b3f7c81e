"""Poison mail: no single mail stops intake, on SQLite as on PostgreSQL (which refuses a NUL in any
text value, and index keys over a few kilobytes).

Mails with a NUL in a header or in the text are dropped in the inbox Maildir and read by
``judge tick`` (and by ``judge serve``'s inbox job): each is answered, its raw bytes are kept as
they came, and no reply carries a NUL. A mail that no database can store as it came (a sender
address too long for PostgreSQL's index) is set aside: kept under an id made from its bytes,
dropped unanswered, logged for the operator, and the mails after it go on; it is read once, not at
every poll.
"""

from __future__ import annotations

import logging
import secrets
from pathlib import Path

import pytest
from serve_support import delivered, drop
from sqlmodel import col, select

from judge.cli import main
from judge.mail.maildir import MaildirInbox, MaildirOutbox
from judge.service.config import Config
from judge.service.daemon.clocks import SystemClock
from judge.service.daemon.serve import Daemon
from judge.service.intake.mailroom import SET_ASIDE
from judge.store import InboundMail, InboundStatus, Outbox, open_store

NOW = "2026-01-05T12:00:00+00:00"


@pytest.fixture
def config(config_on_each_backend: Config) -> Config:
    """A new judge's settings on SQLite, then on PostgreSQL (``conftest``)."""
    return config_on_each_backend


def logged(config: Config) -> list[InboundMail]:
    store = open_store(config.database_url)
    try:
        with store.session() as db:
            return list(db.exec(select(InboundMail).order_by(col(InboundMail.id))).all())
    finally:
        store.close()


def replies(config: Config) -> list[Outbox]:
    store = open_store(config.database_url)
    try:
        with store.session() as db:
            return list(db.exec(select(Outbox).order_by(col(Outbox.id))).all())
    finally:
        store.close()


def left_in(config: Config) -> list[str]:
    """The mails still waiting in the inbox (not marked done)."""
    return sorted(path.name for path in (config.inbox / "new").iterdir())


POISON = {
    "subject": b"From: a@example.org\nSubject: orders\x00 now\nMessage-ID: <a@t>\n\nHELP\n",
    "message-id": b"From: b@example.org\nSubject: help\nMessage-ID: <b\x00id@t>\n\nHELP\n",
    "name and thread": (b"From: \"Bad\x00Name\" <c@example.org>\nSubject: help\nMessage-ID: <c@t>\n"
                        b"In-Reply-To: <r\x00@t>\nReferences: <q@t> <r\x00@t>\n\nHELP\n"),
    "text": b"From: d@example.org\nSubject: help\nMessage-ID: <d@t>\n\nHELP\nSIGN\x00OFF now\n",
    "8-bit text": (b"From: e@example.org\nSubject: =?utf-8?q?x=00y?=\nMessage-ID: <e@t>\n"
                   b"Content-Type: text/plain; charset=latin-1\n\nHELP \xe9\x00\n"),
}


def test_nul_bytes_in_headers_and_text_are_answered_and_never_come_back(config: Config) -> None:
    for number, raw in enumerate(POISON.values()):
        drop(config.inbox, raw, f"{number}.poison")
    drop(config.inbox, b"From: z@example.org\nSubject: help\nMessage-ID: <z@t>\n\nHELP\n", "9.after")

    assert main(["--config", str(config.path), "tick", "--now", NOW]) == 0

    assert left_in(config) == []
    rows = logged(config)
    assert [row.raw for row in rows] == [*POISON.values(), rows[-1].raw]  # kept as they came
    assert {row.status for row in rows} == {InboundStatus.PROCESSED}
    assert rows[0].subject == "orders\ufffd now"
    assert "\x00" not in rows[1].message_id and rows[1].message_id.endswith("@judge.invalid>")
    answers = replies(config)
    assert sorted(answer.to_address for answer in answers) == [
        "a@example.org", "b@example.org", "c@example.org", "d@example.org", "e@example.org", "z@example.org"]
    sent = delivered(config.outbox)
    assert len(sent) == 6
    for path in (config.outbox / "new").iterdir():
        assert b"\x00" not in path.read_bytes()
    [to_d] = [answer for answer in answers if answer.to_address == "d@example.org"]
    assert "SIGN\ufffdOFF now" in to_d.body  # the line quoted, its NUL replaced


def test_a_mail_no_database_can_store_is_set_aside_and_the_next_goes_on(
    config: Config, caplog: pytest.LogCaptureFixture
) -> None:
    too_long = f"{secrets.token_urlsafe(3000)}@example.org"  # random: PostgreSQL cannot compress it
    poison = f"From: {too_long}\nSubject: help\nMessage-ID: <long@t>\n\nHELP\n".encode()
    drop(config.inbox, poison, "1.poison")
    drop(config.inbox, b"From: z@example.org\nSubject: help\nMessage-ID: <z@t>\n\nHELP\n", "2.after")
    store = open_store(config.database_url)
    daemon = Daemon(config, store, MaildirInbox(config.inbox), MaildirOutbox(config.outbox), SystemClock())
    try:
        with caplog.at_level(logging.INFO, logger="judge"):
            daemon.read_inbox()  # serve's inbox job: one poll
            assert left_in(config) == []  # both marked done: the next poll does not read them again
            drop(config.inbox, poison, "3.again")  # the same mail fetched again is recognised
            daemon.read_inbox()
    finally:
        store.close()

    assert left_in(config) == []
    rows = logged(config)
    assert len(rows) == 2 and rows[0].raw == poison
    assert rows[1].message_id == "<z@t>" and rows[1].status is InboundStatus.PROCESSED
    answered = [answer.to_address for answer in replies(config)]
    if config.database_url.startswith("postgresql"):  # the sender is too long for the index
        assert rows[0].status is InboundStatus.DROPPED and rows[0].outcome.startswith(SET_ASIDE)
        assert rows[0].sender == "" and rows[0].message_id.endswith("@no-message-id.invalid>")
        assert answered == ["z@example.org"]
        assert any(record.levelno == logging.ERROR and SET_ASIDE in record.getMessage()
                   for record in caplog.records)
        assert "already processed" in caplog.text  # the second fetch
    else:  # SQLite takes it: answered like any other
        assert rows[0].status is InboundStatus.PROCESSED
        assert answered == [too_long.lower(), "z@example.org"]


def test_judge_ingest_sets_aside_what_it_cannot_store(config: Config, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``judge ingest`` (one mail, as an MTA's pipe would give it) answers 0, never a failure that
    would make the MTA hand the same mail over again and again."""
    message = tmp_path / "poison.eml"
    message.write_bytes(f"From: {secrets.token_urlsafe(3000)}@example.org\nMessage-ID: <p@t>\n\nHELP\n".encode())
    assert main(["--config", str(config.path), "ingest", str(message), "--now", NOW]) == 0
    outcome = capsys.readouterr().out
    if config.database_url.startswith("postgresql"):
        assert outcome.startswith(f"dropped: {SET_ASIDE}")
    else:
        assert outcome.startswith("answered")
    assert len(logged(config)) == 1
    nul = tmp_path / "nul.eml"
    nul.write_bytes(b"From: n@example.org\nSubject: \x00\nMessage-ID: <n\x00@t>\n\nHELP\x00\n")
    assert main(["--config", str(config.path), "ingest", str(nul), "--now", NOW]) == 0
    assert capsys.readouterr().out.startswith("answered")
