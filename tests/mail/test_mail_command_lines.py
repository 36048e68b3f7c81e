"""Cutting a body down to what the player wrote: signatures and quoted replies go."""

from __future__ import annotations

from judge.mail.message import command_lines, read_message


def test_signature_and_quoted_reply_in_a_real_mail() -> None:
    raw = (
        b"From: Nina <nina@example.org>\n"
        b"Subject: Re: Diplomacy notice: roses1\n"
        b"Content-Type: text/plain; charset=utf-8\n"
        b"\n"
        b"SIGNON Yroses1 secret\n"
        b"A Yor - Lon\n"
        b"\n"
        b"On Tue, 2 Jan 2024 at 10:15, Judge <judge@example.net> wrote:\n"
        b"> Diplomacy notice: roses1\n"
        b">\n"
        b"> SIGNON Lroses1 other\n"
        b"\n"
        b"F Lon H\n"
        b"SIGNOFF\n"
        b"-- \n"
        b"Nina, who plays York\n"
        b"A Yor H\n"
    )
    lines = read_message(raw).body_lines
    assert command_lines(lines) == ["SIGNON Yroses1 secret", "A Yor - Lon", "", "", "F Lon H", "SIGNOFF"]


def test_bare_double_dash_ends_the_text_but_longer_dashes_do_not() -> None:
    assert command_lines(["LIST", "---", "HELP", "--", "VERSION"]) == ["LIST", "---", "HELP"]
    assert command_lines(["LIST", "--  ", "HELP"]) == ["LIST", "--  ", "HELP"]


def test_wrapped_attribution_is_dropped_with_its_quote() -> None:
    lines = [
        "HISTORY roses1",
        "On Tue, 2 Jan 2024 at 10:15, A Very Long Name Indeed <",
        "judge@example.net> wrote:",
        "",
        "> old text",
    ]
    assert command_lines(lines) == ["HISTORY roses1"]


def test_attribution_is_kept_when_no_quote_follows() -> None:
    lines = ["PRESS TO F", "My friend wrote:", "ENDPRESS"]
    assert command_lines(lines) == lines


def test_inline_replies_keep_the_players_lines() -> None:
    lines = ["> what are your orders?", "A Par H", "  > indented quote", "F Bre - Mao"]
    assert command_lines(lines) == ["A Par H", "F Bre - Mao"]


def test_outlook_original_message_ends_the_text() -> None:
    lines = ["A Mos - Sev", "", "-----Original Message-----", "From: judge@example.net", "SIGNON x y"]
    assert command_lines(lines) == ["A Mos - Sev", ""]


def test_signoff_is_not_ours_to_handle() -> None:
    assert command_lines(["SIGNOFF", "garbage"]) == ["SIGNOFF", "garbage"]


def test_outlook_reply_header_ends_the_text() -> None:
    """Outlook puts the message replied to below a line of underscores and its header, unquoted."""
    lines = ["A Mos - Sev", "", "________________________________", "From: The Judge <judge@example.net>",
             "Sent: Monday, 5 January 2026 12:00", "SIGNON x y"]
    assert command_lines(lines) == ["A Mos - Sev", ""]
    lines = ["A Mos - Sev", "From: The Judge <judge@example.net>", "Date: Mon, 5 Jan 2026", "LIST"]
    assert command_lines(lines) == ["A Mos - Sev"]


def test_a_from_line_alone_is_kept() -> None:
    lines = ["PRESS TO F", "From: your friend in Moscow", "ENDPRESS"]
    assert command_lines(lines) == lines
