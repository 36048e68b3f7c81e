"""The Maildir transport: read incoming mail from one Maildir, deliver outgoing mail into another.

Maildir (https://cr.yp.to/proto/maildir.html) needs no locks: a writer makes the file in ``tmp/``
and renames it into ``new/``; a reader that has dealt with a mail moves it to ``cur/`` with the
"seen" flag, so a restarted judge does not read it again. The judge stores a mail (unique by
Message-ID) before calling ``done``, so a crash between the two at worst re-reads a mail that the
store then recognises.
"""

from __future__ import annotations

import itertools
import mailbox
import os
import secrets
import socket
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

_SUBDIRS = ("tmp", "new", "cur")
_COLON = mailbox.Maildir.colon  # ":" except on Windows
_SYNCING = 16
"""Threads that sync a batch's files to disk together: the file system then commits them in a
few journal writes rather than one each (on the development machine 0.3 to 0.4 ms a mail, where
one at a time took 3 to 4)."""


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
    """Outgoing mail for another program (an MTA, a test) to pick up from ``new/``.

    A mail is in ``new/`` only once it is on disk whole: written in ``tmp/`` and synced, then
    linked into ``new/``, and ``new/`` synced, before ``deliver`` or ``deliver_all`` returns. So a
    mail the judge records as sent survives a crash of the machine, and a reader never finds half
    of one, even after a crash."""

    linesep = "\n"
    """The line ends a mail is kept with: a sender that writes them so (``compose``'s ``linesep``)
    spares the outbox going over the whole mail to change them."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = _ensure(path)
        self._numbers = itertools.count(1)
        self._host = socket.gethostname().replace("/", r"\057").replace(_COLON, r"\072")
        self._syncing: ThreadPoolExecutor | None = None

    def deliver(self, raw: bytes) -> None:
        """Write one mail (with LF line ends, whichever it was given); an OSError when it could not be."""
        error = self.deliver_all([raw])[0]
        if error is not None:
            raise error

    def deliver_all(self, raws: Sequence[bytes]) -> list[OSError | None]:
        """Write several mails (with LF line ends), synced to disk together: what went wrong with
        each (None: it is in ``new/``, on disk). A batch costs about one disk sync, not one a mail."""
        written: list[Path | OSError] = [self._write(raw) for raw in raws]
        paths = [path for path in written if isinstance(path, Path)]
        if self._syncing is None:
            self._syncing = ThreadPoolExecutor(_SYNCING, thread_name_prefix="maildir-sync")
        synced = dict(zip(paths, self._syncing.map(_sync, paths)))
        outcomes: list[OSError | None] = []
        for path in written:
            if isinstance(path, OSError):
                outcomes.append(path)
                continue
            outcomes.append(synced[path] or _link(path, self.path / "new"))
            path.unlink(missing_ok=True)  # linked into new/ (or not to be), no longer wanted here
        if any(error is None for error in outcomes):
            failed = _sync(self.path / "new")  # the links themselves
            if failed is not None:  # in new/, perhaps not on disk: to be sent again
                outcomes = [failed if outcome is None else outcome for outcome in outcomes]
        return outcomes

    def _write(self, raw: bytes) -> Path | OSError:
        """One mail written in ``tmp/`` (not yet synced), under a name no other writer uses."""
        now = time.time()
        name = (f"{int(now)}.M{int(now % 1 * 1e6)}P{os.getpid()}Q{next(self._numbers)}"
                f"R{secrets.token_hex(4)}.{self._host}")
        path = self.path / "tmp" / name
        try:
            with open(path, "xb") as file:
                file.write(raw.replace(b"\r\n", b"\n") if b"\r" in raw else raw)
        except OSError as error:
            path.unlink(missing_ok=True)
            return error
        return path

    def close(self) -> None:
        """Stop the threads that sync (made again if the outbox is used after)."""
        if self._syncing is not None:
            self._syncing.shutdown()
            self._syncing = None


def _sync(path: Path) -> OSError | None:
    """Sync a file or a directory to disk: what went wrong, if anything."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
    except OSError as error:
        return error
    return None


def _link(path: Path, folder: Path) -> OSError | None:
    """Link a written file into ``folder`` under its name (never over another file)."""
    try:
        os.link(path, folder / path.name)
    except OSError as error:
        return error
    return None
