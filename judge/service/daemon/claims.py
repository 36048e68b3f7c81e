"""The sender's claim on the batch of mail it is sending: which judge process holds it, and for how
long of the host's real time, renewed while the batch is being sent.

A claim keeps a second judge process (sharing the database) from sending the same mail, and lets
it send the mail of a judge that died while sending. So it must last as long as the sender lives,
however slow the mail server or the machine, and end soon after it dies:

- it is measured on the host's clock, not the judge's (which tests and demonstrations run faster:
  a slow send takes real seconds, whatever the judge's time does meanwhile);
- it lasts ``[serve] claim_seconds`` (a minute by default), and a thread of the sender renews it
  every quarter of that while the batch is out, through each send, however long, and until the
  batch is settled (:class:`HeldClaim`);
- a judge killed renews nothing: its claim lapses within ``claim_seconds`` and the mail is due to
  any judge again (sent again under the same Message-IDs);
- a mail is handed over only while at least half the claim's length is left on it
  (:meth:`HeldClaim.holds`): a sender cut off from the database, whose renewals fail, stops
  sending before its claim can lapse and let another judge send the same mail.

Judges that share a database keep their hosts' clocks in step (NTP), as any two hosts do.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

import sqlalchemy as sa

from judge.store import Store, renew_claim

log = logging.getLogger("judge.tick")


def host_now() -> datetime:
    """The host's present instant: what claims are measured by."""
    return datetime.now(timezone.utc)


def this_process() -> str:
    """The name this judge process claims mail under: its host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


@dataclass(frozen=True)
class Claimant:
    """A sender: its name, how long a claim lasts unrenewed, and the host's clock (a test's own)."""

    name: str
    length: timedelta
    clock: Callable[[], datetime] = field(default=host_now)

    def until(self) -> datetime:
        """When a claim made or renewed now lapses."""
        return self.clock() + self.length


@dataclass
class HeldClaim:
    """A batch's claim, renewed by a thread of its own from :meth:`keep` until :meth:`end`."""

    store: Store
    claimant: Claimant
    ids: Sequence[int]
    held_until: datetime
    lost: set[int] = field(default_factory=set)
    _ended: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def keep(self) -> HeldClaim:
        """Start renewing the claim every quarter of its length."""
        self._thread = threading.Thread(target=self._renew_until_ended, name="claim", daemon=True)
        self._thread.start()
        return self

    def end(self) -> None:
        """Stop renewing (the batch is settled, or the sender is going)."""
        self._ended.set()
        if self._thread is not None:
            self._thread.join()

    def __enter__(self) -> HeldClaim:
        return self.keep()

    def __exit__(self, *exc: object) -> None:
        self.end()

    def holds(self, mail_id: int) -> bool:
        """Whether the mail may be handed over now: still this sender's, with at least half the
        claim's length left on it."""
        return mail_id not in self.lost and self.claimant.clock() + self.claimant.length / 2 <= self.held_until

    def renew(self) -> None:
        """Hold the batch for the claim's length from now; note the mails found taken by another
        sender (after a lapse). A database out of reach is tried again at the next renewal."""
        until = self.claimant.until()
        try:
            with self.store.session() as db:
                kept = renew_claim(db, self.claimant.name, self.ids, until)
        except (sa.exc.OperationalError, sa.exc.InterfaceError) as error:
            log.warning("renewing the claim on %d mail(s) failed (%s); trying again in %.2gs", len(self.ids),
                        str(error).splitlines()[0], self.claimant.length.total_seconds() / 4)
            return
        self.lost = self.lost | (set(self.ids) - kept)
        self.held_until = until

    def _renew_until_ended(self) -> None:
        while not self._ended.wait(self.claimant.length.total_seconds() / 4):
            self.renew()
