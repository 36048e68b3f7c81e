"""The IMAP transport: the judge polls a mailbox on a mail server, as a player's mail program would.

It has the same shape as the Maildir inbox: ``fetch()`` yields ``(key, raw bytes)`` of the mail not
yet dealt with, ``done(keys)`` after the judge has stored them. ``done`` flags the mails ``\\Seen``
and, when a done folder is configured, moves them there, so the mailbox shows what is left to do.

Where the judge is in the mailbox survives a restart: the mailbox's UIDVALIDITY and the highest UID
below which every mail is done are kept in a small state file. IMAP promises that UIDs only grow
while UIDVALIDITY stays the same; when the server changes UIDVALIDITY (the mailbox was rebuilt or
restored) the old UIDs mean nothing, so the judge reads the whole mailbox again. That is safe
because the store keeps each mail once by Message-ID: a mail read twice is processed once.

A lost connection (a server restart, an idle timeout, a network outage) is retried with
exponential backoff (:class:`Backoff`): a few quick tries within the call, then, while the server
stays away, ``fetch`` and ``done`` raise :class:`ImapUnavailable` (an ``OSError``) at once until a
pause that doubles each time has passed, so a polling daemon is neither blocked nor hammering.
"""

from __future__ import annotations

import json
import logging
import os
import ssl
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from imapclient import SEEN, IMAPClient
from imapclient.exceptions import IMAPClientAbortError, IMAPClientError, LoginError

from .settings import ImapSettings, client_context

log = logging.getLogger("judge.imap")

T = TypeVar("T")

_FETCH_BATCH = 25  # mails fetched per round trip: bounded memory, few round trips


class ImapUnavailable(OSError):
    """The IMAP server could not be reached, or refused the judge's login, after every retry."""


class _MailboxRebuilt(Exception):
    """UIDVALIDITY changed while a fetch was under way: its UIDs are no longer valid."""


@dataclass(frozen=True)
class Backoff:
    """How the inbox waits for a server that went away.

    Within one call it tries ``attempts`` times, sleeping ``first``, then twice that, and so on
    between tries (by default 1 s and 2 s: a server restart is usually over by then). When the
    server is still away the call raises, and the following calls raise at once, without touching
    the network, until a pause has passed that keeps doubling with each call that failed (4 s,
    8 s, 16 s ... up to ``limit``). A polling daemon thus never blocks for long on a dead server,
    and does not hammer it either."""

    first: float = 1.0
    limit: float = 300.0
    attempts: int = 3

    def delay(self, step: int) -> float:
        """The ``step``-th wait (from 1): ``first`` doubled ``step - 1`` times, at most ``limit``."""
        return float(min(self.first * 2 ** (step - 1), self.limit))


@dataclass
class _Place:
    """Where the judge is in one mailbox (what the state file holds)."""

    mailbox: str  # user@host:port/folder: a state file moved to another mailbox is not trusted
    uidvalidity: int | None = None
    last_uid: int = 0  # every mail with a UID up to this one is done


def _load_place(path: Path, mailbox: str) -> _Place:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return _Place(mailbox)
    except (OSError, ValueError) as error:
        log.warning("IMAP state %s unreadable (%s): reading the mailbox from the start", path, error)
        return _Place(mailbox)
    if not isinstance(data, dict) or data.get("mailbox") != mailbox:
        return _Place(mailbox)
    validity, last = data.get("uidvalidity"), data.get("last_uid")
    if not isinstance(validity, int) or not isinstance(last, int):
        return _Place(mailbox)
    return _Place(mailbox, validity, last)


def _save_place(path: Path, place: _Place) -> None:
    """Replace the state file atomically (write, sync, rename): a crash leaves the old or the new."""
    text = json.dumps(
        {"mailbox": place.mailbox, "uidvalidity": place.uidvalidity, "last_uid": place.last_uid}
    )
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(text + "\n")
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


class ImapInbox:
    """The judge's incoming mail in one folder of an IMAP mailbox."""

    def __init__(
        self,
        settings: ImapSettings,
        *,
        backoff: Backoff = Backoff(),
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        self.backoff = backoff
        self._sleep = sleep
        self._clock = clock
        self._outages = 0  # calls in a row that gave up on the server
        self._resume_at: float | None = None  # no new attempt before this (clock) time
        mailbox = f"{settings.user}@{settings.host}:{settings.port}/{settings.folder}"
        self._place = _load_place(settings.state_file, mailbox)
        self._client: IMAPClient | None = None
        self._pending: list[int] = []  # UIDs yielded by fetch and not yet done, oldest first
        self._done: set[int] = set()  # done since the last UIDVALIDITY: never yielded again

    # -- reading ------------------------------------------------------------------------------

    def fetch(self) -> Iterator[tuple[str, bytes]]:
        """Each mail after the last one done, oldest first, as ``("UIDVALIDITY:UID", raw)``.

        Fetching does not mark a mail read (``BODY.PEEK``): only ``done`` does, once it is stored.
        """
        try:
            # Selecting again each time asks the server for the folder's current UIDVALIDITY.
            validity = self._call(self._select)
            after = self._place.last_uid
            found = self._call(lambda client: client.search(["UID", f"{after + 1}:*"]), validity)
            # "N:*" always includes the newest mail, even below N (RFC 3501 6.4.8): filter.
            uids = sorted(int(uid) for uid in found if int(uid) > after and int(uid) not in self._done)
            self._pending = [uid for uid in self._pending if uid in uids]  # gone: not waited for
            for start in range(0, len(uids), _FETCH_BATCH):
                batch = uids[start:start + _FETCH_BATCH]
                got = self._call(lambda client: client.fetch(batch, ["BODY.PEEK[]"]), validity)
                for uid in batch:
                    raw = got.get(uid, {}).get(b"BODY[]")
                    if not isinstance(raw, bytes):
                        continue  # expunged meanwhile by someone else
                    if uid not in self._pending:
                        self._pending.append(uid)
                    yield f"{validity}:{uid}", raw
        except _MailboxRebuilt:
            return  # the next fetch reads the rebuilt mailbox from its start

    def done(self, keys: Sequence[str]) -> None:
        """Flag fetched mails ``\\Seen``, move them to the done folder if there is one (one command
        each for the whole batch), and keep the judge's place. Keys from before a UIDVALIDITY
        change are ignored: their UIDs may now name other mails, and the mailbox is being read
        again anyway. A key that is not ``"UIDVALIDITY:UID"`` is a KeyError, raised before
        anything is done."""
        by_validity: dict[int, list[int]] = {}
        for key in keys:
            try:
                validity_text, uid_text = key.split(":")
                by_validity.setdefault(int(validity_text), []).append(int(uid_text))
            except ValueError:
                raise KeyError(key) from None
        for validity, uids in by_validity.items():
            try:
                self._call(lambda client: self._file_away(client, uids), validity)
            except _MailboxRebuilt:
                log.info("%d mails were in a mailbox since rebuilt: they will be read again", len(uids))
                continue
            self._done.update(uids)
            self._pending = [uid for uid in self._pending if uid not in self._done]
        if not self._done:
            return
        # Every mail below the oldest one still pending is done: the place moves up to there.
        done_up_to = self._pending[0] - 1 if self._pending else max(self._done)
        if done_up_to > self._place.last_uid:
            self._place.last_uid = done_up_to
            _save_place(self.settings.state_file, self._place)

    def close(self) -> None:
        """Log out (a server that is already gone is not waited for)."""
        client, self._client = self._client, None
        if client is None:
            return
        try:
            client.logout()
        except (OSError, IMAPClientError):
            _shutdown(client)

    # -- the connection -------------------------------------------------------------------------

    def _call(self, operation: Callable[[IMAPClient], T], validity: int | None = None) -> T:
        """Run one IMAP command, reconnecting with backoff when the connection is lost.

        ``validity`` is the UIDVALIDITY the command's UIDs belong to: if a reconnection finds
        another, the command is not run (:class:`_MailboxRebuilt`)."""
        where = f"IMAP server {self.settings.host}:{self.settings.port}"
        if self._resume_at is not None and self._clock() < self._resume_at:
            wait = self._resume_at - self._clock()
            raise ImapUnavailable(f"{where} unreachable; next attempt in {wait:.0f} s")
        tries = 0
        while True:
            try:
                client = self._connected()
                if validity is not None and self._place.uidvalidity != validity:
                    raise _MailboxRebuilt()
                result = operation(client)
            except (OSError, IMAPClientAbortError) as error:
                self._drop()
                if isinstance(error, ImapUnavailable):
                    raise
                if isinstance(error, ssl.SSLCertVerificationError):  # waiting will not mend it
                    raise ImapUnavailable(f"{where}: {error}") from error
                tries += 1
                if tries >= self.backoff.attempts:
                    self._outages += 1
                    pause = self.backoff.delay(self.backoff.attempts + self._outages - 1)
                    self._resume_at = self._clock() + pause
                    raise ImapUnavailable(
                        f"{where} unreachable: {error}; next attempt in {pause:g} s"
                    ) from error
                delay = self.backoff.delay(tries)
                log.warning("IMAP connection lost (%s); again in %g s", error, delay)
                self._sleep(delay)
            else:
                self._outages, self._resume_at = 0, None
                return result

    def _connected(self) -> IMAPClient:
        if self._client is None:
            self._client = self._connect()
        return self._client

    def _connect(self) -> IMAPClient:
        """Connect, secure, log in and select the folder; check UIDVALIDITY against the state."""
        settings = self.settings
        context = client_context(settings.ca_file) if settings.tls != "none" else None
        client = IMAPClient(
            settings.host,
            port=settings.port,
            ssl=settings.tls == "implicit",
            ssl_context=context,
            timeout=settings.timeout,
        )
        try:
            if settings.tls == "starttls":
                client.starttls(context)
            client.login(settings.user, settings.password)
            if settings.done_folder and not client.folder_exists(settings.done_folder):
                client.create_folder(settings.done_folder)
            self._select(client)
        except LoginError as error:
            _shutdown(client)
            raise ImapUnavailable(f"IMAP login as {settings.user} refused: {error}") from error
        except IMAPClientAbortError:
            _shutdown(client)
            raise
        except IMAPClientError as error:
            _shutdown(client)
            raise ImapUnavailable(f"IMAP folder {settings.folder}: {error}") from error
        except BaseException:
            _shutdown(client)
            raise
        return client

    def _select(self, client: IMAPClient) -> int:
        """Select the folder; adopt and return its UIDVALIDITY."""
        selected = client.select_folder(self.settings.folder)
        validity = int(selected[b"UIDVALIDITY"])
        self._adopt(validity)
        return validity

    def _adopt(self, validity: int) -> None:
        """Take the server's UIDVALIDITY: a new one means the mailbox must be read from its start."""
        place = self._place
        if place.uidvalidity == validity:
            return
        if place.uidvalidity is not None:
            log.warning(
                "UIDVALIDITY of %s changed (%s -> %s): reading the mailbox again",
                place.mailbox, place.uidvalidity, validity,
            )
        place.uidvalidity, place.last_uid = validity, 0
        self._pending.clear()
        self._done.clear()
        _save_place(self.settings.state_file, place)

    def _file_away(self, client: IMAPClient, uids: list[int]) -> None:
        """Flag the mails seen and, with a done folder, move them there."""
        client.add_flags(uids, [SEEN], silent=True)
        if self.settings.done_folder:
            self._move(client, uids)

    def _move(self, client: IMAPClient, uids: list[int]) -> None:
        """MOVE (RFC 6851) where the server has it; else copy, flag deleted, expunge those UIDs."""
        folder = self.settings.done_folder
        if client.has_capability("MOVE"):
            client.move(uids, folder)
            return
        client.copy(uids, folder)
        client.delete_messages(uids, silent=True)
        if client.has_capability("UIDPLUS"):
            client.uid_expunge(uids)
        else:
            client.expunge()

    def _drop(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            _shutdown(client)


def _shutdown(client: Any) -> None:
    try:
        client.shutdown()
    except (OSError, IMAPClientError):
        pass
