"""A flood of mail through ``judge serve``'s own jobs, counted at both ends: for the load test
(test_flood_delivery.py) and the benchmark (benchmarks/flood_intake.py).

The mails are dropped in the inbox Maildir first; the daemon (its scheduler, its inbox job and its
sender thread, in this process) reads them in batches while its sender hands the replies to a
transport that notes each one: when, its Message-ID, and the mail it answers. The inbox notes when
each mail was marked done. From both and the inbound log: how many replies went out while the
inbox was still being read, which Message-ID was delivered twice, and whether each mail got the
replies it should (one for a mail answered, one for the mail a flood's answer went to, none for a
mail dropped).
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.parser import BytesHeaderParser
from email.policy import compat32
from statistics import median

from serve_support import drop
from sqlmodel import func, select

from judge.mail.maildir import MaildirInbox
from judge.service.config import Config
from judge.service.daemon.clocks import Clock
from judge.service.daemon.serve import Daemon
from judge.service.intake.flood import ANSWERED
from judge.store import InboundMail, InboundStatus, Outbox, OutboxStatus, Store


class Counted:
    """The outgoing transport: every mail handed over, with when and what it answers."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.mails: list[tuple[float, str, str]] = []  # (monotonic time, Message-ID, In-Reply-To)

    def deliver(self, raw: bytes) -> None:
        headers = BytesHeaderParser(policy=compat32).parsebytes(raw)
        with self.lock:
            self.mails.append((time.monotonic(), str(headers["Message-ID"]), str(headers["In-Reply-To"])))

    def close(self) -> None:
        pass


class Watched(MaildirInbox):
    """The inbox Maildir, noting when each mail was marked done (its batch committed)."""

    def __init__(self, path: object) -> None:
        super().__init__(path)  # type: ignore[arg-type]
        self.done_at: dict[str, float] = {}

    def done(self, keys: Sequence[str]) -> None:
        super().done(keys)
        now = time.monotonic()
        self.done_at.update((key, now) for key in keys)


@dataclass
class Flood:
    """What a flood through the daemon came to."""

    mails: int
    seconds: float  # from the start until the last reply
    inbox_seconds: float  # from the start until the last mail was marked done
    delivered: int
    while_reading: int  # replies delivered before the inbox was empty
    duplicates: list[str]  # Message-IDs delivered more than once
    wrong: dict[str, tuple[int, int]] = field(default_factory=dict)  # mail -> (replies due, delivered)
    answered: int = 0  # mails answered (processed, or told of the flood)
    dropped: int = 0
    latency: tuple[float, float] = (0.0, 0.0)  # a reply's wait after its mail's commit: median, max

    def lines(self) -> list[str]:
        return [
            f"{self.mails} mails read in {self.inbox_seconds:.1f} s ({self.mails / self.inbox_seconds:.0f} mails/s); "
            f"all replies out after {self.seconds:.1f} s",
            f"replies delivered: {self.delivered} ({self.while_reading} while the inbox was still being read)",
            f"mails answered: {self.answered}, dropped by the flood limit: {self.dropped}",
            f"a reply's wait after its mail was committed: median {self.latency[0]:.2f} s, max {self.latency[1]:.2f} s",
            f"duplicates: {len(self.duplicates)}; mails without exactly the replies due: {len(self.wrong)}",
        ]


def flood(config: Config, store: Store, raws: Sequence[bytes], clock: Clock, timeout: float) -> Flood:
    """Drop ``raws`` in the inbox, run the daemon until every mail is read and every reply is out
    (or ``timeout`` seconds), and count."""
    keys = [f"{number:06d}.flood" for number in range(len(raws))]
    for key, raw in zip(keys, raws):
        drop(config.inbox, raw, key)
    inbox, transport = Watched(config.inbox), Counted()
    daemon = Daemon(config, store, inbox, transport, clock)
    start = time.monotonic()
    daemon.start()
    try:
        while time.monotonic() - start < timeout:
            time.sleep(0.2)
            if len(inbox.done_at) == len(raws) and _pending(store) == 0:
                break
    finally:
        daemon.stop()
    return _count(store, raws, keys, inbox, transport, start)


def _pending(store: Store) -> int:
    with store.session() as db:
        return db.exec(select(func.count()).select_from(Outbox).where(Outbox.status == OutboxStatus.PENDING)).one()


def _count(store: Store, raws: Sequence[bytes], keys: list[str], inbox: Watched, transport: Counted,
           start: float) -> Flood:
    with store.session() as db:
        rows = [(row.message_id, row.status, row.outcome) for row in db.exec(select(InboundMail))]
    with transport.lock:
        mails = list(transport.mails)
    inbox_done = max(inbox.done_at.values(), default=start)
    times = Counter(message_id for _, message_id, _ in mails)
    replies = Counter(in_reply_to for _, _, in_reply_to in mails)
    due = {message_id: int(status is InboundStatus.PROCESSED or outcome.startswith(ANSWERED))
           for message_id, status, outcome in rows}
    wrong = {message_id: (count, replies.get(message_id, 0)) for message_id, count in due.items()
             if replies.get(message_id, 0) != count}
    committed = {_message_id(raw): inbox.done_at[key] for key, raw in zip(keys, raws) if key in inbox.done_at}
    waits = [at - committed[answers] for at, _, answers in mails if answers in committed]
    return Flood(
        mails=len(raws),
        seconds=max((at for at, _, _ in mails), default=start) - start,
        inbox_seconds=inbox_done - start,
        delivered=len(mails),
        while_reading=sum(1 for at, _, _ in mails if at < inbox_done),
        duplicates=sorted(message_id for message_id, count in times.items() if count > 1),
        wrong=wrong,
        answered=sum(due.values()),
        dropped=sum(1 for _, status, _ in rows if status is InboundStatus.DROPPED),
        latency=(median(waits), max(waits)) if waits else (0.0, 0.0),
    )


def _message_id(raw: bytes) -> str:
    return str(BytesHeaderParser(policy=compat32).parsebytes(raw)["Message-ID"])
