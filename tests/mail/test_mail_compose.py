"""Writing mail, and reading back what was written."""

from __future__ import annotations

import email
import re
from datetime import datetime, timezone
from email.message import EmailMessage
from email.policy import SMTP, default

import pytest

from judge.mail.compose import Attachment, compose, make_message_id
from judge.mail.message import read_message

JUDGE = "Roses Judge <judge@example.net>"
WHEN = datetime(2024, 3, 1, 12, 30, tzinfo=timezone.utc)
OUTLOOK_ID = "<DB9PR10MB5234ABCD5678EF90A1B2C3D4E5F6A7B8C9@DB9PR10MB5234.EURPRD10.PROD.OUTLOOK.COM>"


def test_reply_round_trip_keeps_body_subject_and_threading() -> None:
    body = "Diplomacy results roses1 S1455M\n\nYork: A Yor -> Lon (*bounce*)\nLancaster: Grüße, Ænglisc, 大使館\n"
    raw = compose(
        "Player One <p1@example.org>",
        "Re: Ordres d'été — Königsberg",
        body,
        sender=JUDGE,
        message_id="<20240301T123000.aa@example.net>",
        in_reply_to=OUTLOOK_ID,
        references=["<first@example.org>"],
        date=WHEN,
    )
    mail = read_message(raw)
    assert mail.subject == "Re: Ordres d'été — Königsberg"
    assert mail.body_lines == body.splitlines()
    assert mail.message_id == "<20240301T123000.aa@example.net>"
    assert mail.references == ("<first@example.org>", OUTLOOK_ID)
    assert mail.sender == "judge@example.net" and mail.sender_name == "Roses Judge"
    assert mail.date == WHEN
    assert mail.notes == []
    # The judge must never answer its own mail: that is how loops between two judges start.
    assert mail.never_answer == "Auto-Submitted: auto-replied"

    parsed = email.message_from_bytes(raw, policy=default)
    assert parsed["In-Reply-To"] == OUTLOOK_ID  # a long id is written as is, not as an encoded word
    assert parsed["To"] == "Player One <p1@example.org>"
    assert parsed["X-Auto-Response-Suppress"] == "All"
    assert parsed.get_content_type() == "text/plain"
    assert parsed.get_content_charset() == "utf-8"


def test_output_is_crlf_with_short_lines() -> None:
    long_line = "PRESS " + "é" * 3000
    raw = compose("p@example.org", "x", "short\n" + long_line, sender=JUDGE, message_id="<a@b>", date=WHEN)
    assert b"\n" not in raw.replace(b"\r\n", b"")
    assert max(len(line) for line in raw.split(b"\r\n")) <= 78
    assert b"Content-Transfer-Encoding: quoted-printable" in raw
    assert read_message(raw).body_lines == ["short", long_line]


def test_ascii_body_goes_as_7bit() -> None:
    raw = compose("p@example.org", "Diplomacy notice: roses1", "Deadline moved.", sender=JUDGE,
                  message_id="<n@example.net>", date=WHEN)
    assert b"Content-Transfer-Encoding: 7bit\r\n" in raw
    assert raw.endswith(b"\r\n\r\nDeadline moved.\r\n")
    mail = read_message(raw)
    assert mail.never_answer == "Auto-Submitted: auto-generated"
    assert mail.references == ()
    assert b"In-Reply-To" not in raw and b"References" not in raw


def test_headers_as_written() -> None:
    raw = compose(
        ["a@example.org", "B <b@example.org>"],
        "Diplomacy results roses1 S1455M",
        "text",
        sender=JUDGE,
        message_id="<m@example.net>",
        headers={"X-Judge-Game": "roses1"},
        auto_submitted="auto-generated",
        in_reply_to="<q@example.org>",
        date=WHEN,
    )
    head = raw.split(b"\r\n\r\n", 1)[0].decode("ascii")
    assert "\r\nTo: a@example.org, B <b@example.org>\r\n" in head
    assert "\r\nDate: Fri, 01 Mar 2024 12:30:00 +0000\r\n" in head
    assert "\r\nMessage-ID: <m@example.net>\r\n" in head
    assert "\r\nIn-Reply-To: <q@example.org>\r\nReferences: <q@example.org>\r\n" in head
    assert "\r\nAuto-Submitted: auto-generated\r\n" in head
    assert "\r\nX-Judge-Game: roses1" in head


def test_long_threads_are_trimmed_and_folded() -> None:
    refs = [f"<{n}.{'x' * 40}@example.org>" for n in range(30)]
    raw = compose("p@example.org", "Re: x", "ok", sender=JUDGE, message_id="<r@example.net>",
                  in_reply_to=OUTLOOK_ID, references=refs, date=WHEN)
    kept = read_message(raw).references
    assert kept == (refs[0], *refs[-8:], OUTLOOK_ID)
    assert max(len(line) for line in raw.split(b"\r\n")) <= 998


def test_malformed_ids_from_players_are_left_out() -> None:
    raw = compose("p@example.org", "Re: x", "ok", sender=JUDGE, message_id="<r@example.net>",
                  in_reply_to="<bad id>", references=["<ok@example.org>", "<€@example.org>", "no-brackets"])
    assert read_message(raw).references == ("<ok@example.org>",)
    assert b"In-Reply-To" not in raw


@pytest.mark.parametrize("bad", ["no-brackets@example.net", "<two words@example.net>", "<x@y>\r\nBcc: z@w"])
def test_our_own_message_id_must_be_well_formed(bad: str) -> None:
    with pytest.raises(ValueError):
        compose("p@example.org", "x", "y", sender=JUDGE, message_id=bad)


def test_header_injection_is_refused() -> None:
    with pytest.raises(ValueError):
        compose("p@example.org", "hello\r\nBcc: victim@example.org", "y", sender=JUDGE, message_id="<a@b>")
    with pytest.raises(ValueError):
        compose("p@example.org", "x", "y", sender=JUDGE, message_id="<a@b>", headers={"X-Game": "a\nBcc: v@x"})


def test_make_message_id() -> None:
    ids = {make_message_id("judge.example.net") for _ in range(1000)}
    assert len(ids) == 1000
    assert all(re.fullmatch(r"<\d{8}T\d{6}\.[0-9a-f]{20}@judge\.example\.net>", i) for i in ids)
    with pytest.raises(ValueError):
        make_message_id("bad domain")
    with pytest.raises(ValueError):
        make_message_id("")


@pytest.mark.parametrize("address", ["jörg@exämple.org", "用户@例子.广告", "ñ@example.org"])
def test_a_mail_to_an_internationalised_address_has_utf8_headers(address: str) -> None:
    raw = compose(address, "Re: ordres d'été", "Bonjour", sender=JUDGE,
                  message_id="<i18n@example.net>", date=WHEN)
    head = raw.split(b"\r\n\r\n", 1)[0].decode("utf-8")
    assert f"To: {address}\r\n" in head and "=?" not in head  # RFC 6532: no encoded words
    assert "Subject: Re: ordres d'été" in head
    parsed = email.message_from_bytes(raw, policy=default)
    assert parsed["To"] == address and parsed.get_content().strip() == "Bonjour"


def test_a_mail_to_an_ascii_address_keeps_ascii_headers() -> None:
    raw = compose("p1@example.org", "Re: ordres d'été", "Bonjour", sender=JUDGE,
                  message_id="<ascii@example.net>", date=WHEN)
    assert raw.split(b"\r\n\r\n", 1)[0].isascii()


def test_a_map_attachment_is_written_as_the_email_package_writes_it() -> None:
    """The attachment's base64 is put in once written (and encoded once for every mail that carries
    it): the mail is, byte for byte, the one the email package writes whole, boundary aside."""
    picture = bytes(range(256)) * 300 + b"\x89PNG tail"  # lines of 76, and a short last one
    body = "Diplomacy results g1 S1902M\n\nA Par -> Bur\nGrüße\n"
    raw = compose("p1@example.org", "Diplomacy results g1 S1902M", body, sender=JUDGE,
                  message_id="<m1@example.net>", date=WHEN,
                  attachments=[Attachment("g1-S1902M.png", "image/png", picture),
                               Attachment("g1-S1902M-b.png", "image/png", picture[:100])])
    boundary = re.search(rb'boundary="([^"]+)"', raw)
    assert boundary is not None
    whole = EmailMessage(policy=SMTP)
    for name, value in (("From", JUDGE), ("To", "p1@example.org"), ("Subject", "Diplomacy results g1 S1902M"),
                        ("Date", "Fri, 01 Mar 2024 12:30:00 +0000"), ("Message-ID", "<m1@example.net>"),
                        ("Auto-Submitted", "auto-generated"), ("X-Auto-Response-Suppress", "All")):
        whole[name] = value
    whole.set_content(body, charset="utf-8", cte="quoted-printable")
    whole.add_attachment(picture, maintype="image", subtype="png", filename="g1-S1902M.png")
    whole.add_attachment(picture[:100], maintype="image", subtype="png", filename="g1-S1902M-b.png")
    whole.set_boundary(boundary[1].decode())
    assert raw == whole.as_bytes()
    parts = [part for part in email.message_from_bytes(raw, policy=default).iter_attachments()]
    assert [part.get_content() for part in parts] == [picture, picture[:100]]


@pytest.mark.parametrize("pictures", [0, 1, 2])
def test_a_mail_written_with_lf_is_the_crlf_mail_with_each_line_end_made_lf(
    pictures: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the Maildir keeps (``linesep="\\n"``): the same bytes as the mail SMTP sends with every
    CR LF made LF, its picture's parts written once for each line end."""
    picture = bytes(range(256)) * 300 + b"\x89PNG tail"
    attachments = [Attachment(f"g1-S1902M-{n}.png", "image/png", picture[: 1000 * (n + 1)]) for n in range(pictures)]
    monkeypatch.setattr("judge.mail.compose._boundary", lambda text_part: "===============0123456789012345678==")
    for body in ("Diplomacy results g1 S1902M\n\nA Par -> Bur\r\nGrüße\n", "LIST\n", "x" * 1200 + "\n"):
        written = {linesep: compose("p1@example.org", "Diplomacy results g1 S1902M", body, sender=JUDGE,
                                    message_id="<m1@example.net>", in_reply_to="<m0@example.org>",
                                    date=WHEN, attachments=attachments, linesep=linesep)
                   for linesep in ("\r\n", "\n")}
        assert written["\n"] == written["\r\n"].replace(b"\r\n", b"\n")
        assert b"\r" not in written["\n"]
    with pytest.raises(ValueError):
        compose("p1@example.org", "s", "b", sender=JUDGE, message_id="<m1@example.net>", linesep="\r")
