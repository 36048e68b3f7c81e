"""The judge's LMTP listener, spoken to by an LMTP client: one answer per recipient, 250 only once
the mail is stored, 451 when storing failed (so the MTA keeps it and tries again)."""

from __future__ import annotations

import smtplib
import threading
from collections.abc import Iterator

import pytest
from servers import DOMAIN, free_port

from judge.mail.lmtp import LmtpListener, serve_lmtp
from judge.mail.settings import LmtpSettings

MAIL = (f"From: player@{DOMAIN}\r\nTo: judge@{DOMAIN}\r\nSubject: orders\r\n"
        f"Message-ID: <lmtp-1@{DOMAIN}>\r\n\r\nA Par - Bur\r\n").encode()


class Ingest:
    """The callback: keeps each mail, or raises while ``failing`` (a database that is down)."""

    def __init__(self) -> None:
        self.mails: list[bytes] = []
        self.failing = False
        self.threads: set[str] = set()

    def __call__(self, raw: bytes) -> None:
        self.threads.add(threading.current_thread().name)
        if self.failing:
            raise RuntimeError("the database is down")
        self.mails.append(raw)


@pytest.fixture
def ingest() -> Ingest:
    return Ingest()


@pytest.fixture
def listener(ingest: Ingest) -> Iterator[LmtpListener]:
    with LmtpListener(LmtpSettings(host="127.0.0.1", port=free_port()), ingest, hostname="judge") as running:
        yield running


def send(listener: LmtpListener, recipients: list[str], sender: str = f"player@{DOMAIN}") -> list[tuple[int, bytes]]:
    """Speak LMTP by hand (smtplib reads one answer after DATA; LMTP sends one per recipient)."""
    client = smtplib.LMTP(listener.settings.host, listener.settings.port, timeout=10)
    try:
        code, _ = client.ehlo_or_helo_if_needed() or (250, b"")
        code, _ = client.mail(sender)
        assert code == 250
        for recipient in recipients:
            code, _ = client.rcpt(recipient)
            assert code == 250
        answers = [client.data(MAIL)]
        answers += [client.getreply() for _ in recipients[1:]]
        return answers
    finally:
        client.quit()


def test_each_recipient_gets_250_once_the_mail_is_stored(listener: LmtpListener, ingest: Ingest) -> None:
    answers = send(listener, [f"judge@{DOMAIN}", f"orders@{DOMAIN}"])
    assert [code for code, _ in answers] == [250, 250]
    assert b"judge@example.test" in answers[0][1] and b"orders@example.test" in answers[1][1]
    [raw] = ingest.mails  # one mail to the judge, however many of its addresses it went to
    assert raw.startswith(b"Return-Path: <player@example.test>\r\n")
    assert raw.endswith(MAIL)
    assert ingest.threads == {"judge-lmtp-ingest_0"}  # not in the event loop's thread


def test_a_failure_to_store_is_451_for_every_recipient(listener: LmtpListener, ingest: Ingest) -> None:
    ingest.failing = True
    answers = send(listener, [f"judge@{DOMAIN}", f"orders@{DOMAIN}"])
    assert [code for code, _ in answers] == [451, 451]
    ingest.failing = False
    assert [code for code, _ in send(listener, [f"judge@{DOMAIN}"])] == [250]  # the MTA's retry
    assert len(ingest.mails) == 1


def test_a_bounce_keeps_its_empty_return_path(listener: LmtpListener, ingest: Ingest) -> None:
    assert [code for code, _ in send(listener, [f"judge@{DOMAIN}"], sender="")] == [250]
    assert ingest.mails[0].startswith(b"Return-Path: <>\r\n")


def test_lhlo_is_the_greeting(listener: LmtpListener) -> None:
    client = smtplib.SMTP(listener.settings.host, listener.settings.port, timeout=10)
    try:
        assert client.ehlo()[0] == 500  # EHLO is SMTP's: an LMTP server refuses it
        assert client.docmd("LHLO", "mta.example.test")[0] == 250
    finally:
        client.close()


def test_serve_lmtp_starts_and_stop_waits(ingest: Ingest) -> None:
    running = serve_lmtp(LmtpSettings(host="127.0.0.1", port=free_port()), ingest)
    try:
        assert [code for code, _ in send(running, [f"judge@{DOMAIN}"])] == [250]
    finally:
        running.stop()
    with pytest.raises(OSError):
        smtplib.LMTP(running.settings.host, running.settings.port, timeout=2)
