"""The Maildir transport: read incoming mail from one Maildir, deliver outgoing mail into another.

Maildir (https://cr.yp.to/proto/maildir.html) needs no locks: a writer makes the file in ``tmp/``
and renames it into ``new/``; a reader that has dealt with a mail moves it to ``cur/`` with the
"seen" flag, so a restarted judge does not read it again. The judge stores a mail (unique by
Message-ID) before calling ``done``, so a crash between the two at worst re-reads a mail that the
store then recognises.
"""

from __future__ import annotations

import mailbox
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

_SUBDIRS = ("tmp", "new", "cur")
_COLON = mailbox.Maildir.colon  # ":" except on Windows


def _ensure(path: str | os.PathLike[str]) -> Path:
    """Create the Maildir's directories that are missing (mode 0700, as Maildir readers expect)."""
    root = Path(path)
    for sub in _SUBDIRS:
        (root / sub).mkdir(mode=0o700, parents=True, exist_ok=True)
    return root


class MaildirInbox:
    """The judge's incoming mail: the messages in ``new/`` not yet dealt with."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = _ensure(path)

    def fetch(self) -> Iterator[tuple[str, bytes]]:
        """Each new mail as ``(key, raw bytes)``, oldest first; a mail taken meanwhile is skipped."""
        new = self.path / "new"
        entries: list[tuple[float, str]] = []
        with os.scandir(new) as scan:
            for entry in scan:
                if entry.name.startswith(".") or not entry.is_file():
                    continue
                try:
                    entries.append((entry.stat().st_mtime, entry.name))
                except FileNotFoundError:
                    continue
        for _, name in sorted(entries):
            try:
                raw = (new / name).read_bytes()
            except FileNotFoundError:
                continue  # another reader moved it first
            yield name, raw

    def done(self, keys: Sequence[str]) -> None:
        """Mark fetched mails as dealt with: move each to ``cur/`` with the seen flag.

        A mail already moved (done before, or by another reader) is left as it is. A key that
        cannot be a file name in ``new/`` is a KeyError, raised before anything is moved."""
        for key in keys:
            if os.sep in key or key in ("", ".", ".."):
                raise KeyError(key)
        for key in keys:
            unique, _, info = key.partition(_COLON)
            flags = set(info[2:]) if info.startswith("2,") else set()
            target = self.path / "cur" / f"{unique}{_COLON}2,{''.join(sorted(flags | {'S'}))}"
            try:
                os.rename(self.path / "new" / key, target)
            except FileNotFoundError:
                continue

    def close(self) -> None:
        """Nothing to release: each call opens and closes what it needs (the same shape as IMAP)."""


class MaildirOutbox:
    """Outgoing mail for another program (an MTA, a test) to pick up from ``new/``."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = _ensure(path)
        self._box = mailbox.Maildir(self.path, factory=None, create=False)

    def deliver(self, raw: bytes) -> None:
        """Write one mail atomically (``tmp/``, synced, then linked into ``new/``), with LF line ends."""
        self._box.add(raw.replace(b"\r\n", b"\n"))

    def close(self) -> None:
        """Nothing to release: each mail is written and synced on its own (the same shape as SMTP)."""
