"""Reading real-looking mail: MIME structures, charsets, HTML, attachments, broken and old mail."""

from __future__ import annotations

import base64
import hashlib
from datetime import datetime, timedelta, timezone

import pytest

from judge.mail import message
from judge.mail.message import NOTE_HTML, NOTE_NO_TEXT, NOTE_NOT_MIME, read_message

ATTACHMENT_NOTE = "Attachments are not read; ignored: {}."


def crlf(text: bytes) -> bytes:
    return text.replace(b"\n", b"\r\n")


def test_plain_ascii_mail_with_crlf_line_ends() -> None:
    raw = crlf(
        b"Return-Path: <alice@example.org>\n"
        b"Received: from mail.example.org (mail.example.org [192.0.2.1])\n"
        b"\tby judge.example.net with ESMTP id 4T1; Tue, 02 Jan 2024 09:15:02 +0000\n"
        b'From: "Alice Liddell" <alice@example.org>\n'
        b"Reply-To: alice.orders@example.org\n"
        b"To: judge@example.net\n"
        b"Subject: orders for\n"
        b" roses1\n"
        b"Date: Tue, 2 Jan 2024 10:15:00 +0100\n"
        b"Message-ID: <20240102091500.GA1234@mail.example.org>\n"
        b"User-Agent: Mutt/2.2.12\n"
        b"\n"
        b"SIGNON Rroses1 secret\n"
        b"A Lon - Yor\n"
        b"\n"
        b"SIGNOFF\n"
    )
    mail = read_message(raw)
    assert mail.message_id == "<20240102091500.GA1234@mail.example.org>"
    assert mail.sender == "alice@example.org"
    assert mail.sender_name == "Alice Liddell"
    assert mail.reply_to == "alice.orders@example.org"
    assert mail.reply_address == "alice.orders@example.org"
    assert mail.subject == "orders for roses1"
    assert mail.date == datetime(2024, 1, 2, 9, 15, tzinfo=timezone.utc)
    assert mail.date.utcoffset() == timedelta(hours=1)
    assert mail.references == ()
    assert mail.body_lines == ["SIGNON Rroses1 secret", "A Lon - Yor", "", "SIGNOFF"]
    assert mail.notes == []
    assert mail.never_answer is None


def test_utf8_quoted_printable_with_encoded_headers_and_threading() -> None:
    raw = (
        b"From: =?UTF-8?Q?Jos=C3=A9_Garc=C3=ADa?= <jose@example.es>\n"
        b"To: judge@example.net\n"
        b"Subject: =?UTF-8?B?w5NyZGVuZXMgcGFyYSBsYSBwcmltYXZlcmE=?=\n"
        b"  =?UTF-8?Q?_=E2=80=94_S1901M?=\n"
        b"Date: Wed, 3 Jan 2024 18:02:11 -0500\n"
        b"Message-ID: <CAF=abc123+def@mail.gmail.com>\n"
        b"In-Reply-To: <20240103.1@judge.example.net>\n"
        b"References: <20240101.9@judge.example.net>\n"
        b"\t<20240103.1@judge.example.net>\n"
        b"MIME-Version: 1.0\n"
        b'Content-Type: text/plain; charset="UTF-8"\n'
        b"Content-Transfer-Encoding: quoted-printable\n"
        b"\n"
        b"SIGNON Sstd contrase=C3=B1a\n"
        b"F Mad - Por  =E2=80=94 a very long line that the mail program has wrapped with=\n"
        b" a soft break\n"
        b"=C2=A1Hola!\n"
    )
    mail = read_message(raw)
    assert mail.sender == "jose@example.es"
    assert mail.sender_name == "José García"
    assert mail.subject == "Órdenes para la primavera — S1901M"
    assert mail.message_id == "<CAF=abc123+def@mail.gmail.com>"
    assert mail.references == ("<20240101.9@judge.example.net>", "<20240103.1@judge.example.net>")
    assert mail.body_lines == [
        "SIGNON Sstd contraseña",
        "F Mad - Por  — a very long line that the mail program has wrapped with a soft break",
        "¡Hola!",
    ]
    assert mail.notes == []


def test_in_reply_to_is_the_thread_when_references_is_missing() -> None:
    raw = b"From: a@example.org\nIn-Reply-To: <x.1@judge.example.net> (your mail)\n\nHELP\n"
    assert read_message(raw).references == ("<x.1@judge.example.net>",)


def test_latin1_base64_body() -> None:
    text = "SIGNON Gstd geheim\nA Mün - Ber\nGrüße aus Köln\n".encode("latin-1")
    raw = (
        b"From: Bernd <bernd@example.de>\n"
        b"Subject: =?ISO-8859-1?Q?Befehle_f=FCr_Fr=FChling?=\n"
        b"Message-ID: <b1@example.de>\n"
        b"MIME-Version: 1.0\n"
        b"Content-Type: text/plain; charset=ISO-8859-1\n"
        b"Content-Transfer-Encoding: base64\n"
        b"\n" + base64.encodebytes(text)
    )
    mail = read_message(raw)
    assert mail.subject == "Befehle für Frühling"
    assert mail.body_lines == ["SIGNON Gstd geheim", "A Mün - Ber", "Grüße aus Köln"]
    assert mail.notes == []


def test_cp1252_smart_quotes_labelled_latin1() -> None:
    body = "SIGNON Estd pw\n\x93Quoted\x94 press \x96 dash\n".encode("latin-1")
    raw = b"From: e@example.org\nContent-Type: text/plain; charset=iso-8859-1\n\n" + body
    assert read_message(raw).body_lines == ["SIGNON Estd pw", "\u201cQuoted\u201d press \u2013 dash"]


def test_html_only_mail_is_rendered_to_text_with_a_note() -> None:
    raw = (
        b"From: Carol <carol@example.com>\n"
        b"Subject: orders\n"
        b"Message-ID: <h1@example.com>\n"
        b"MIME-Version: 1.0\n"
        b'Content-Type: text/html; charset="utf-8"\n'
        b"Content-Transfer-Encoding: 8bit\n"
        b"\n"
        b"<html><head><meta charset=\"utf-8\"><title>orders</title>\n"
        b"<style>p { margin: 0 }</style></head>\n"
        b"<body>\n"
        b"<div dir=\"ltr\">SIGNON  Fstd&nbsp;motdepasse</div>\n"
        b"<div><br></div>\n"
        b"<div>A Par -&gt; Bur<br>F Bre <b>-</b> Mao</div>\n"
        b"<p>Pr\xc3\xa9cis: <i>no</i> &amp; yes</p>\n"
        b"<pre>  BUILD A Par\n  WAIVE</pre>\n"
        b"<script>alert('x')</script>\n"
        b"<div class=\"gmail_quote\">On Mon, 1 Jan 2024, Judge wrote:<br>\n"
        b"<blockquote class=\"gmail_quote\">Diplomacy results<br>old orders</blockquote></div>\n"
        b"</body></html>\n"
    )
    mail = read_message(raw)
    assert mail.body_lines == [
        "SIGNON Fstd motdepasse",
        "",
        "A Par -> Bur",
        "F Bre - Mao",
        "Précis: no & yes",
        "  BUILD A Par",
        "  WAIVE",
        "On Mon, 1 Jan 2024, Judge wrote:",
        "> Diplomacy results",
        "> old orders",
    ]
    assert mail.notes == [NOTE_HTML]


def test_multipart_alternative_reads_the_plain_part_only() -> None:
    raw = (
        b"From: dave@example.org\n"
        b"Subject: orders\n"
        b"MIME-Version: 1.0\n"
        b'Content-Type: multipart/alternative; boundary="000000000000abcd"\n'
        b"\n"
        b"--000000000000abcd\n"
        b'Content-Type: text/plain; charset="UTF-8"\n'
        b"\n"
        b"SIGNON Astd pw\n"
        b"A Vie H\n"
        b"\n"
        b"--000000000000abcd\n"
        b'Content-Type: text/html; charset="UTF-8"\n'
        b"\n"
        b'<div dir="ltr">SIGNON Astd pw<div>A Vie H</div><div>EXTRA</div></div>\n'
        b"\n"
        b"--000000000000abcd--\n"
    )
    mail = read_message(raw)
    assert mail.body_lines == ["SIGNON Astd pw", "A Vie H"]  # the last line end belongs to the boundary
    assert mail.notes == []


def test_attachments_are_ignored_and_named() -> None:
    png = base64.encodebytes(b"\x89PNG\r\n\x1a\n" + bytes(range(64)))
    raw = (
        b"From: erin@example.org\n"
        b"Subject: orders with a map\n"
        b"MIME-Version: 1.0\n"
        b'Content-Type: multipart/mixed; boundary="XyZ"\n'
        b"\n"
        b"This is a multi-part message in MIME format.\n"
        b"--XyZ\n"
        b"Content-Type: text/plain; charset=us-ascii\n"
        b"Content-Disposition: inline\n"
        b"\n"
        b"SIGNON Tstd pw\n"
        b"F Con - Bla\n"
        b"--XyZ\n"
        b'Content-Type: image/png; name="map.png"\n'
        b'Content-Disposition: attachment; filename="map.png"\n'
        b"Content-Transfer-Encoding: base64\n"
        b"\n" + png + b"--XyZ\n"
        b"Content-Type: application/pdf\n"
        b"Content-Disposition: attachment; filename*=utf-8''r%C3%A8gles.pdf\n"
        b"Content-Transfer-Encoding: base64\n"
        b"\n"
        b"JVBERi0xLjQK\n"
        b"--XyZ\n"
        b"Content-Type: application/octet-stream\n"
        b"Content-Transfer-Encoding: base64\n"
        b"\n"
        b"AAEC\n"
        b"--XyZ--\n"
    )
    mail = read_message(raw)
    assert mail.body_lines == ["SIGNON Tstd pw", "F Con - Bla"]
    assert mail.notes == [
        ATTACHMENT_NOTE.format(
            '"map.png" (image/png), "règles.pdf" (application/pdf), an unnamed application/octet-stream part'
        )
    ]


def test_signed_mail_and_forwarded_mail() -> None:
    raw = (
        b"From: f@example.org\n"
        b"MIME-Version: 1.0\n"
        b'Content-Type: multipart/signed; protocol="application/pgp-signature"; boundary="s"\n'
        b"\n"
        b"--s\n"
        b'Content-Type: multipart/mixed; boundary="m"\n'
        b"\n"
        b"--m\n"
        b"Content-Type: text/plain\n"
        b"\n"
        b"LIST roses1\n"
        b"--m\n"
        b"Content-Type: message/rfc822\n"
        b"\n"
        b"From: someone@example.org\n"
        b"Subject: =?utf-8?q?old_r=C3=A9sults?=\n"
        b"\n"
        b"SIGNON Xx yy\n"
        b"--m--\n"
        b"--s\n"
        b"Content-Type: application/pgp-signature\n"
        b"\n"
        b"-----BEGIN PGP SIGNATURE-----\n"
        b"--s--\n"
    )
    mail = read_message(raw)
    assert mail.body_lines == ["LIST roses1"]
    assert mail.notes == [ATTACHMENT_NOTE.format('a forwarded message ("old résults")')]


def test_old_style_non_mime_mail_with_8bit_latin1_body_and_headers() -> None:
    raw = (
        b"From oldtimer@example.fr Thu Jan  4 12:00:00 1996\n"
        b"From: Ren\xe9 <oldtimer@example.fr>\n"
        b"Subject: ordres d'\xe9t\xe9\n"
        b"Date: Thu, 4 Jan 96 12:00 MET\n"
        b"\n"
        b"SIGNON Fstd m\xf4tdepasse\n"
        b"A Par - Bou\xe9\n"
    )
    mail = read_message(raw)
    assert mail.sender == "oldtimer@example.fr"
    assert mail.sender_name == "René"
    assert mail.subject == "ordres d'été"
    assert mail.date is not None and mail.date.year == 1996
    assert mail.body_lines == ["SIGNON Fstd môtdepasse", "A Par - Boué"]
    assert mail.notes == []
    assert mail.message_id == f"<{hashlib.sha256(raw).hexdigest()}@judge.invalid>"


def test_raw_utf8_in_headers_and_unreadable_date() -> None:
    raw = "From: Zoë <zoe@example.org>\nSubject: Приказы\nDate: yesterday-ish\n\nHELP\n".encode()
    mail = read_message(raw)
    assert (mail.sender_name, mail.subject, mail.date) == ("Zoë", "Приказы", None)


def test_missing_message_id_gets_a_stable_synthetic_one() -> None:
    raw = b"From: g@example.org\nSubject: x\n\nLIST\n"
    first, again = read_message(raw), read_message(raw)
    assert first.message_id == again.message_id == f"<{hashlib.sha256(raw).hexdigest()}@judge.invalid>"
    assert read_message(raw + b"HELP\n").message_id != first.message_id


def test_message_id_without_angle_brackets_is_normalised() -> None:
    raw = b"From: g@example.org\nMessage-ID: bare-id@example.org\n\nLIST\n"
    assert read_message(raw).message_id == "<bare-id@example.org>"


def test_mail_with_no_headers_at_all() -> None:
    mail = read_message(b"\nSIGNON Rroses1 pw\n")
    assert mail.sender == "" and mail.subject == "" and mail.date is None
    assert mail.body_lines == ["SIGNON Rroses1 pw"]
    assert mail.never_answer == "no sender address"


def test_multipart_without_a_boundary_is_read_as_text() -> None:
    raw = b"From: h@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed\n\nLIST roses1\n"
    mail = read_message(raw)
    assert mail.body_lines == ["LIST roses1"]
    assert mail.notes == []


def test_utf8_label_with_a_stray_byte_replaces_it_and_says_so() -> None:
    raw = b"From: i@example.org\nContent-Type: text/plain; charset=utf-8\n\nPRESS caf\xc3\xa9 \xff ok\n"
    mail = read_message(raw)
    assert mail.body_lines == ["PRESS café \ufffd ok"]
    assert mail.notes == ["Some bytes of your mail were not valid utf-8 and were replaced by \ufffd."]


def test_utf8_label_on_latin1_text_falls_back_without_loss() -> None:
    raw = b"From: i@example.org\nContent-Type: text/plain; charset=utf-8\n\nA M\xfcn H\n"
    mail = read_message(raw)
    assert mail.body_lines == ["A Mün H"]
    assert mail.notes == []


def test_unknown_charset_and_broken_base64_do_not_crash() -> None:
    raw = (
        b"From: j@example.org\n"
        b"Content-Type: text/plain; charset=x-martian\n"
        b"Content-Transfer-Encoding: base64\n"
        b"\n"
        b"TElTVCByb3NlczE=!!\n"
    )
    assert read_message(raw).body_lines == ["LIST roses1"]


def test_format_flowed_soft_breaks_are_joined() -> None:
    raw = (
        b"From: k@example.org\n"
        b"Content-Type: text/plain; charset=UTF-8; format=flowed\n"
        b"\n"
        b"PRESS TO F\n"
        b"A long message wrapped by \n"
        b"Thunderbird at seventy-two \n"
        b"columns.\n"
        b" From the stuffed line.\n"
        b"ENDPRESS \n"
        b"-- \n"
        b"Kim\n"
        b"> quoted soft \n"
        b"> line\n"
    )
    assert read_message(raw).body_lines == [
        "PRESS TO F",
        "A long message wrapped by Thunderbird at seventy-two columns.",
        "From the stuffed line.",
        "ENDPRESS ",
        "-- ",
        "Kim",
        "> quoted soft line",
    ]


def test_format_flowed_delsp_deletes_the_soft_space() -> None:
    raw = (
        b"From: k@example.org\n"
        b"Content-Type: text/plain; charset=UTF-8; format=flowed; delsp=yes\n"
        b"\n"
        b"\xe5\xa4\xa7\xe4\xbd\xbf\xe9\xa4\xa8 \n"
        b"\xe3\x81\xb8\n"
    )
    assert read_message(raw).body_lines == ["大使館へ"]


def test_body_over_the_size_limit_is_cut_at_a_whole_line() -> None:
    line = b"A Lon H " + b"x" * 92 + b"\n"  # 101 bytes with its line end
    raw = b"From: l@example.org\nSubject: big\n\n" + line * 5000
    mail = read_message(raw, size_limit=1000)
    assert len(mail.body_lines) == 9
    assert mail.body_lines[-1] == line.decode().rstrip("\n")
    assert mail.notes == ["Your mail's text was longer than 1000 bytes; only its first 9 lines were read."]
    default = read_message(raw)
    assert len(default.body_lines) == 256 * 1024 // 101
    assert default.notes == [
        f"Your mail's text was longer than {256 * 1024} bytes; only its first {256 * 1024 // 101} lines were read."
    ]


def test_image_only_mail_has_no_text() -> None:
    raw = (
        b"From: m@example.org\n"
        b"MIME-Version: 1.0\n"
        b"Content-Type: image/jpeg; name=photo.jpg\n"
        b"Content-Transfer-Encoding: base64\n"
        b"\n"
        b"/9j/4AAQ\n"
    )
    mail = read_message(raw)
    assert mail.body_lines == []
    assert mail.notes == [ATTACHMENT_NOTE.format('"photo.jpg" (image/jpeg)'), NOTE_NO_TEXT]


def test_an_unexpected_failure_in_mime_reading_falls_back_to_the_raw_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(part: object, reading: object) -> None:
        raise RuntimeError("parser bug")

    monkeypatch.setattr(message, "_collect", broken)
    mail = read_message(b"From: n@example.org\r\nSubject: x\r\n\r\nLIST roses1\r\n")
    assert mail.body_lines == ["LIST roses1"]
    assert mail.notes == [NOTE_NOT_MIME]
