"""The Maildir transport: deliver, fetch, done, in a temporary directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judge.mail.compose import compose
from judge.mail.maildir import MaildirInbox, MaildirOutbox
from judge.mail.message import read_message


def names(path: Path) -> list[str]:
    return sorted(os.listdir(path))


def test_round_trip_through_a_maildir(tmp_path: Path) -> None:
    box = tmp_path / "var" / "judge" / "Maildir"  # parents are created too
    outbox, inbox = MaildirOutbox(box), MaildirInbox(box)
    for sub in ("tmp", "new", "cur"):
        assert (box / sub).is_dir()

    first = compose("p@example.org", "first", "LIST\n", sender="judge@example.net", message_id="<1@example.net>")
    second = compose("p@example.org", "second", "HELP\n", sender="judge@example.net", message_id="<2@example.net>")
    outbox.deliver(first)
    outbox.deliver(second)
    assert names(box / "tmp") == []

    fetched = list(inbox.fetch())  # two mails written within a clock tick may come in either order
    assert sorted(raw for _, raw in fetched) == [first.replace(b"\r\n", b"\n"), second.replace(b"\r\n", b"\n")]
    assert sorted(read_message(raw).subject for _, raw in fetched) == ["first", "second"]

    inbox.done([key for key, _ in fetched])
    assert names(box / "new") == []
    assert names(box / "cur") == sorted(f"{key}:2,S" for key, _ in fetched)
    assert list(inbox.fetch()) == []
    assert list(MaildirInbox(box).fetch()) == []  # a restarted judge does not read them again

    inbox.done([fetched[0][0], "never-delivered"])  # done twice, or never there: nothing happens
    assert names(box / "cur") == sorted(f"{key}:2,S" for key, _ in fetched)
    with pytest.raises(KeyError):  # not a file name in new/: refused before anything moves
        inbox.done([fetched[1][0], "../escape"])


def test_mail_left_by_another_program(tmp_path: Path) -> None:
    inbox = MaildirInbox(tmp_path)
    (tmp_path / "tmp" / "1700000000.P1.host").write_bytes(b"From: a@b.c\n\nhalf written\n")
    (tmp_path / "new" / "1700000001.P2.host:2,F").write_bytes(b"From: a@b.c\n\nLIST\n")
    (tmp_path / "new" / ".hidden").write_bytes(b"not mail")
    fetched = list(inbox.fetch())
    assert fetched == [("1700000001.P2.host:2,F", b"From: a@b.c\n\nLIST\n")]
    inbox.done([fetched[0][0]])
    assert names(tmp_path / "cur") == ["1700000001.P2.host:2,FS"]


def test_fetch_is_oldest_first(tmp_path: Path) -> None:
    inbox = MaildirInbox(tmp_path)
    for name, mtime in (("b", 300), ("a", 200), ("c", 100)):
        path = tmp_path / "new" / name
        path.write_bytes(name.encode())
        os.utime(path, (mtime, mtime))
    assert [key for key, _ in inbox.fetch()] == ["c", "a", "b"]
