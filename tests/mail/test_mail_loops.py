"""Mail that must never be answered: bounces, auto-replies, list mail, reports."""

from __future__ import annotations

import pytest

from judge.mail.message import read_message

PLAIN = b"To: judge@example.net\nSubject: re: orders\nMessage-ID: <r@example.org>\n"


def mail(headers: bytes, sender: bytes = b"From: Player <player@example.org>\n") -> bytes:
    return sender + PLAIN + headers + b"\nI am away until Monday.\n"


@pytest.mark.parametrize(
    ("headers", "reason"),
    [
        (b"Auto-Submitted: auto-replied\n", "Auto-Submitted: auto-replied"),
        (b"Auto-Submitted: Auto-Generated; owner-email=x@y.org\n", "Auto-Submitted: auto-generated"),
        (b"Auto-Submitted: auto-notified\n", "Auto-Submitted: auto-notified"),
        (b"Precedence: bulk\n", "Precedence: bulk"),
        (b"Precedence: junk\n", "Precedence: junk"),
        (b"Precedence: List\n", "Precedence: list"),
        (b"Precedence: auto_reply\n", "Precedence: auto_reply"),
        (b"X-Autoreply: yes\n", "X-Autoreply: yes"),
        (b"X-Autorespond: Out of office\n", "X-Autorespond: Out of office"),
        (b"List-Id: Diplomacy players <dip.lists.example.org>\n", "List-Id header (mailing-list mail)"),
        (b"List-Unsubscribe: <mailto:leave@lists.example.org>\n", "List-Unsubscribe header (mailing-list mail)"),
        (b"Return-Path: <>\n", "Return-Path is <> (a bounce or other automatic mail)"),
        (b"Return-Path: <MAILER-DAEMON@mx.example.org>\n",
         "Return-Path is <MAILER-DAEMON@mx.example.org> (a mail system address)"),
        (b"X-Failed-Recipients: gone@example.org\n", "X-Failed-Recipients header (a bounce)"),
    ],
)
def test_automatic_mail_is_never_answered(headers: bytes, reason: str) -> None:
    assert read_message(mail(headers)).never_answer == reason


@pytest.mark.parametrize(
    ("sender", "reason"),
    [
        (b"From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\n",
         "sent by MAILER-DAEMON@mx.example.org (a mail system address)"),
        (b"From: postmaster@example.org\n", "sent by postmaster@example.org (a mail system address)"),
        (b"From: mailer-daemon\n", "sent by mailer-daemon (a mail system address)"),
        (b"From: <>\n", "no sender address"),
        (b"", "no sender address"),
    ],
)
def test_mail_system_and_empty_senders_are_never_answered(sender: bytes, reason: str) -> None:
    assert read_message(mail(b"", sender=sender)).never_answer == reason


@pytest.mark.parametrize(
    "headers",
    [
        b"",
        b"Auto-Submitted: no\n",
        b"Precedence: first-class\n",
        b"Return-Path: <player@example.org>\n",
        b"X-Mailer: Microsoft Outlook 16.0\n",
    ],
)
def test_mail_from_a_person_is_answered(headers: bytes) -> None:
    assert read_message(mail(headers)).never_answer is None


def test_bounce_from_mailer_daemon_with_a_delivery_status_report() -> None:
    raw = (
        b"Return-Path: <>\n"
        b"From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\n"
        b"To: judge@example.net\n"
        b"Subject: Undelivered Mail Returned to Sender\n"
        b"Auto-Submitted: auto-replied\n"
        b"Message-ID: <20240105.ABC@mx.example.org>\n"
        b"MIME-Version: 1.0\n"
        b"Content-Type: multipart/report; report-type=delivery-status;\n"
        b'\tboundary="B0UNCE"\n'
        b"\n"
        b"--B0UNCE\n"
        b"Content-Description: Notification\n"
        b"Content-Type: text/plain; charset=us-ascii\n"
        b"\n"
        b"This is the mail system at host mx.example.org.\n"
        b"<gone@example.org>: host mx said: 550 5.1.1 User unknown\n"
        b"\n"
        b"--B0UNCE\n"
        b"Content-Description: Delivery report\n"
        b"Content-Type: message/delivery-status\n"
        b"\n"
        b"Reporting-MTA: dns; mx.example.org\n"
        b"\n"
        b"Final-Recipient: rfc822; gone@example.org\n"
        b"Action: failed\n"
        b"Status: 5.1.1\n"
        b"\n"
        b"--B0UNCE\n"
        b"Content-Description: Undelivered Message\n"
        b"Content-Type: message/rfc822\n"
        b"\n"
        b"From: judge@example.net\n"
        b"Subject: Diplomacy results roses1 S1455M\n"
        b"Auto-Submitted: auto-generated\n"
        b"\n"
        b"SIGNON Rroses1 secret\n"
        b"\n"
        b"--B0UNCE--\n"
    )
    mail = read_message(raw)
    assert mail.never_answer == "Return-Path is <> (a bounce or other automatic mail)"
    assert mail.sender == "MAILER-DAEMON@mx.example.org"
    assert mail.body_lines == [
        "This is the mail system at host mx.example.org.",
        "<gone@example.org>: host mx said: 550 5.1.1 User unknown",
    ]
    assert mail.notes == []
    # Without the null Return-Path (a relay may drop it), the sender and the report still tell.
    assert read_message(raw.replace(b"Return-Path: <>\n", b"")).never_answer == (
        "sent by MAILER-DAEMON@mx.example.org (a mail system address)"
    )
    relayed = raw.replace(b"Return-Path: <>\n", b"").replace(b"MAILER-DAEMON@", b"bounces@")
    assert read_message(relayed).never_answer == "a delivery-status report (multipart/report)"


def test_read_receipt_is_never_answered() -> None:
    raw = (
        b"From: Player <player@example.org>\n"
        b"Subject: Read: Diplomacy results\n"
        b"MIME-Version: 1.0\n"
        b'Content-Type: multipart/report; report-type=disposition-notification; boundary="r"\n'
        b"\n"
        b"--r\n"
        b"Content-Type: text/plain\n"
        b"\n"
        b"Your message was read.\n"
        b"--r--\n"
    )
    assert read_message(raw).never_answer == "a disposition-notification report (multipart/report)"
