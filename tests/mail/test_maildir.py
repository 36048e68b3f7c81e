"""The Maildir transport: deliver, fetch, done, in a temporary directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judge.mail import maildir
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


def test_a_batch_is_on_disk_before_it_is_in_new_and_before_it_counts_as_delivered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``deliver_all`` syncs a batch together: every mail synced in ``tmp/`` before it is linked
    into ``new/``, and ``new/`` synced before it returns (what it returns, the judge records as
    sent); a mail that could not be synced is not delivered, and said so, the others are."""
    outbox = MaildirOutbox(tmp_path)
    events: list[tuple[str, str]] = []
    sync, link = maildir._sync, maildir._link

    def recorded_sync(path: Path) -> OSError | None:
        events.append(("sync", f"{path.parent.name}/{path.name}" if path.parent != tmp_path else path.name))
        if path.name in failing:
            return OSError(5, "I/O error")
        return sync(path)

    def recorded_link(path: Path, folder: Path) -> OSError | None:
        events.append(("link", f"tmp/{path.name}"))
        return link(path, folder)

    monkeypatch.setattr(maildir, "_sync", recorded_sync)
    monkeypatch.setattr(maildir, "_link", recorded_link)
    failing: set[str] = set()
    original = maildir.MaildirOutbox._write

    def write(self: MaildirOutbox, raw: bytes) -> Path | OSError:
        path = original(self, raw)
        if b"second" in raw and isinstance(path, Path):
            failing.add(path.name)
        return path

    monkeypatch.setattr(maildir.MaildirOutbox, "_write", write)
    mails = [compose("p@example.org", subject, "LIST\n", sender="judge@example.net",
                     message_id=f"<{number}@example.net>")
             for number, subject in enumerate(("first", "second", "third"))]
    outcomes = outbox.deliver_all(mails)
    assert [error is None for error in outcomes] == [True, False, True]
    assert names(tmp_path / "tmp") == []
    delivered = [read_message((tmp_path / "new" / name).read_bytes()).subject for name in names(tmp_path / "new")]
    assert sorted(delivered) == ["first", "third"]
    synced = [name for what, name in events if what == "sync" and name.startswith("tmp/")]
    linked = [name for what, name in events if what == "link"]
    assert len(synced) == 3 and len(linked) == 2
    assert max(events.index(("sync", name)) for name in synced) < min(events.index(("link", name)) for name in linked)
    assert events[-1] == ("sync", "new")  # the links themselves, last
    outbox.close()


def test_a_batch_whose_links_cannot_be_synced_counts_as_not_delivered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``new/`` itself not synced: its mails may not survive a crash, so none counts as delivered
    (the judge sends them again later, with the same Message-ID)."""
    outbox = MaildirOutbox(tmp_path)
    sync = maildir._sync
    monkeypatch.setattr(maildir, "_sync", lambda path: OSError(5, "I/O error") if path.name == "new" else sync(path))
    mails = [compose("p@example.org", "first", "LIST\n", sender="judge@example.net", message_id="<1@example.net>")]
    assert [type(error) for error in outbox.deliver_all(mails)] == [OSError]
    with pytest.raises(OSError):
        outbox.deliver(mails[0])
    outbox.close()
