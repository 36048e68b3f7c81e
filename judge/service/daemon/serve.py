"""``judge serve``: the daemon that runs a judge unattended.

APScheduler (3.x) paces four jobs (five with the archive). Three of them (inbox, deadline, tick) are run one at a time by
one worker thread, so they never overlap; the fourth (outbox) has a thread of its own, so that
talking to the outgoing mail server never holds up the incoming mail. No job overlaps itself
(``max_instances=1``; runs missed meanwhile are ``coalesce``d into one):

- ``inbox``, every ``[serve] poll_seconds``: the new mail of the configured inbound transport
  (Maildir or IMAP) is stored and processed, up to ``BATCH`` mails to a commit
  (``ingest_batch``), and marked done in its mailbox once committed (one command for the batch);
  the outbox job is woken for the replies, and the deadline timer is re-planned, since a mail may
  have moved a deadline (SET DEADLINE, a game starting, all orders in). Mail pushed by an MTA
  over LMTP (an ``[lmtp]`` section) is taken in by the listener's own thread as it arrives, one
  commit each;
- ``deadline``, a timer at the earliest deadline (or reminder) in the database, re-planned after
  every tick and every batch of mail: the database, not the scheduler, knows what is due, so a
  restarted daemon rebuilds its timer from it;
- ``tick``, every ``[serve] tick_seconds`` and once at start-up: the safety tick. It and the
  deadline timer first run the outage guard (``outage.guard_outage``: after an outage or a clock
  jump, overdue deadlines are extended and the players told), then the ticker
  (``ticker.process_due``: deadlines, grace, civil disorder), and wake the outbox job;
- ``outbox``, every ``[serve] poll_seconds`` and whenever another job has queued mail: due mail is
  sent (``ticker.deliver``: retries with backoff included; no transaction is open while the mail
  server is talked to, so the other jobs are not held up);
- ``archive``, every ``ARCHIVE_SECONDS`` when judge.toml has ``[archive] dir``, on a thread of its
  own: the web archive's files that changed since it last looked are written (``archive.update_archive``:
  a game's new phase, not its whole archive; it only reads the database).

SIGTERM or SIGINT: the jobs in progress finish the transaction they are in (the inbox, ticker and
outbox loops ask between batches, games and batches of mail sent), the scheduler shuts down, the
store is closed, exit status 0.
Whatever was not done is still in the database or the mailbox, and is done at the next start.

Logging (``judge.serve``, ``judge.tick``, ``judge.mail``): one line for each mail, game and sent mail,
saying what was done and why.
"""

from __future__ import annotations

import faulthandler
import functools
import logging
import signal
import sys
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from types import FrameType

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.schedulers.background import BackgroundScheduler

from judge.mail.transports import Inbox, Outbox, open_inbox, open_outbox, start_lmtp
from judge.store import Store, next_attention, open_store

from ..config import Config
from ..intake.mailroom import ingest, ingest_batch
from ..play.variants import offered
from ..web.archive import update_archive
from .clocks import Clock, SystemClock
from .outage import guard_outage
from .ticker import deliver, process_due

log = logging.getLogger("judge.serve")

ARCHIVE_SECONDS = 10
"""How often ``judge serve`` looks for games whose archive pages are out of date."""

BATCH = 20
"""The most mails the daemon commits together: enough to share the cost of a commit, few enough
that a deadline never waits long behind the inbox (and, on PostgreSQL, another judge process never
waits long for the mails both fetched)."""


class Daemon:
    """The scheduler and its jobs over one store, one inbox and one outbox."""

    def __init__(self, config: Config, store: Store, inbox: Inbox, outbox: Outbox, clock: Clock) -> None:
        self.config = config
        self.store = store
        self.inbox = inbox
        self.outbox = outbox
        self.clock = clock
        self.stopping = threading.Event()
        self._working = threading.Lock()  # held by the inbox or tick job in progress
        self._sending = threading.Lock()  # held by the outbox job in progress
        self._archiving = threading.Lock()  # held by the archive job in progress
        self._wake = threading.Lock()  # guards the two flags below
        self._send_running = False  # the outbox job is at work
        self._send_wanted = False  # there is new mail to send since it last looked
        self._inbox_trouble = ""  # the inbox's last error, logged once
        self.scheduler = BackgroundScheduler(
            executors={"default": ThreadPoolExecutor(max_workers=1),
                       "sender": ThreadPoolExecutor(max_workers=1),
                       "archive": ThreadPoolExecutor(max_workers=1)},
            job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": None},
            timezone=timezone.utc,
        )

    def start(self) -> None:
        """Start the jobs: the start-up tick (with the outage guard) first, then the inbox."""
        serve = self.config.serve
        now = _real_now()
        self.scheduler.add_job(self._job(self.safety_tick), "interval", seconds=serve.tick_seconds,
                               id="tick", next_run_time=now)
        self.scheduler.add_job(self._job(self.read_inbox), "interval", seconds=serve.poll_seconds,
                               id="inbox", next_run_time=now + timedelta(milliseconds=10))
        self.scheduler.add_job(self._job(self.send_outbox, self._sending), "interval",
                               seconds=serve.poll_seconds, id="outbox", executor="sender",
                               next_run_time=now + timedelta(seconds=serve.poll_seconds))
        if self.config.archive is not None:
            self.scheduler.add_job(self._job(self.keep_archive, self._archiving), "interval",
                                   seconds=ARCHIVE_SECONDS, id="archive", executor="archive",
                                   next_run_time=now + timedelta(seconds=1))
        self.scheduler.start()
        log.info("serving %s: inbox every %gs, safety tick every %gs, outage limit %s",
                 self.config.address, serve.poll_seconds, serve.tick_seconds, serve.outage_limit)

    def stop(self) -> None:
        """Shut the scheduler down and let the job in progress finish its transaction.

        (APScheduler 3 holds its job-store lock while it waits for running jobs, and a job may be
        about to set the deadline timer: so the scheduler is told not to wait, and the job in
        progress is waited for here. Jobs that start after this see ``stopping`` and do nothing.)"""
        self.stopping.set()
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)
        with self._working, self._sending, self._archiving:
            pass
        log.info("stopped")

    def _job(self, work: Callable[[], None], lock: threading.Lock | None = None) -> Callable[[], None]:
        """``work`` as a scheduled job: one at a time under ``lock`` (by default the lock the inbox
        and tick jobs share), and nothing once the daemon is stopping."""
        held = lock if lock is not None else self._working

        @functools.wraps(work)
        def job() -> None:
            if self.stopping.is_set():
                return
            with held:
                if not self.stopping.is_set():
                    work()

        return job

    # --- the jobs ------------------------------------------------------------------------------

    def read_inbox(self) -> None:
        """Store and process the new mail, in batches committed together (``ingest_batch``); each
        mail is marked done in its mailbox only once its batch is committed."""
        taken = 0
        try:
            batch: list[tuple[str, bytes]] = []
            for key, raw in self.inbox.fetch():
                batch.append((key, raw))
                if len(batch) >= BATCH:
                    taken += self._take_in(batch)
                    batch = []
                    if self.stopping.is_set():
                        break
            if batch and not self.stopping.is_set():
                taken += self._take_in(batch)
            self._inbox_trouble = ""
        except OSError as error:  # the mail server is away: said once, not at every poll
            if str(error) != self._inbox_trouble:
                log.warning("the inbox cannot be read: %s; trying again (said once)", error)
            self._inbox_trouble = str(error)
        except Exception:
            log.exception("reading the inbox failed; trying again in %gs", self.config.serve.poll_seconds)
        if taken:
            self.wake_sender()
            self.plan_deadline(after_tick=False)

    def _take_in(self, batch: list[tuple[str, bytes]]) -> int:
        outcomes = ingest_batch(self.store, self.config, [raw for _, raw in batch], self.clock.now())
        self.inbox.done([key for key, _ in batch])
        for (key, _), outcome in zip(batch, outcomes):
            log.info("mail %s: %s", key, outcome)
        self.wake_sender()  # the replies go out while the rest of the inbox is read
        return len(batch)

    def take_in_pushed(self, raw: bytes) -> None:
        """A mail pushed to the judge (the LMTP listener): stored and processed before this returns,
        so the mail server hears 250 only once it is committed. Replies go out at the next poll."""
        outcome = ingest(self.store, self.config, raw, self.clock.now())
        log.info("mail by LMTP: %s", outcome)
        if not self.stopping.is_set():
            self.plan_deadline(after_tick=False)
            self.wake_sender()

    def safety_tick(self) -> None:
        self._tick("safety tick")

    def deadline_tick(self) -> None:
        self._tick("deadline")

    def send_outbox(self) -> None:
        """Send the due mail, and again as long as new mail was queued meanwhile (``wake_sender``)."""
        with self._wake:
            self._send_running = True
        while True:
            with self._wake:
                self._send_wanted = False
            try:
                for line in deliver(self.store, self.config, self.outbox, self.clock.now(), self.stopping.is_set,
                                    self.clock.now):
                    log.info("%s", line)
            except Exception:
                log.exception("sending the outbox failed; trying again in %gs", self.config.serve.poll_seconds)
            with self._wake:
                if not self._send_wanted or self.stopping.is_set():
                    self._send_running = False
                    return

    def keep_archive(self) -> None:
        """Rewrite the archive's pages of the games that changed (``[archive] dir``): it only
        reads the database, so the inbox, the deadlines and the outbox go on meanwhile."""
        assert self.config.archive is not None
        try:
            with offered(self.config):
                built = update_archive(self.store, self.config.archive)
        except Exception:
            log.exception("updating the archive failed; trying again in %gs", ARCHIVE_SECONDS)
            return
        if built.games:
            log.info("archive: wrote the pages of %s", ", ".join(built.games))
        if built.failed:
            log.warning("archive: %d games could not be written (each logged); trying again in %gs",
                        len(built.failed), ARCHIVE_SECONDS)

    def wake_sender(self) -> None:
        """New mail is queued: the outbox job runs now, or, if it is at work, looks again when done."""
        with self._wake:
            self._send_wanted = True
            if self._send_running:
                return
        try:
            self.scheduler.modify_job("outbox", next_run_time=_real_now())
        except Exception:  # the scheduler is shutting down: the next start sends it
            pass

    def _tick(self, why: str) -> None:
        if self.stopping.is_set():
            return
        try:
            now = self.clock.now()
            for line in guard_outage(self.store, self.config, now):
                log.warning("outage: %s", line)
            for line in process_due(self.store, self.config, now, self.stopping.is_set):
                log.info("%s: %s", why, line)
        except Exception:
            log.exception("the %s failed; trying again soon", why)
        self.wake_sender()
        self.plan_deadline(after_tick=True)

    def plan_deadline(self, *, after_tick: bool) -> None:
        """Set the timer at the earliest deadline in the database (none: no timer).

        A deadline still due right after a tick belongs to a game another judge process holds (or
        one that failed): it is looked at again after ``poll_seconds``, not at once in a loop."""
        if self.stopping.is_set():
            return
        try:
            with self.store.session() as db:
                earliest = next_attention(db)
        except Exception:
            log.exception("reading the next deadline failed; the safety tick will find it")
            return
        if earliest is None:
            if self.scheduler.get_job("deadline") is not None:
                self.scheduler.remove_job("deadline")
            return
        wait = self.clock.real_seconds(earliest - self.clock.now())
        if wait <= 0 and after_tick:
            wait = self.config.serve.poll_seconds
        run_at = _real_now() + timedelta(seconds=max(wait, 0.0))
        self.scheduler.add_job(self._job(self.deadline_tick), "date", run_date=run_at, id="deadline",
                               replace_existing=True)
        log.debug("next deadline %s: timer in %.1fs", earliest.isoformat(), max(wait, 0.0))


def serve(config: Config, clock: Clock | None = None) -> int:
    """Run the judge of ``config`` until SIGTERM or SIGINT; return the exit status (0).

    The mail transports are the configured ones (``judge.mail.transports``); with an ``[lmtp]``
    section, the LMTP listener runs beside the scheduler and is stopped first on the way out."""
    store = open_store(config.database_url)
    inbox, outbox = open_inbox(config), open_outbox(config)
    daemon = Daemon(config, store, inbox, outbox, clock or SystemClock())

    received: list[int] = []

    def on_signal(signum: int, frame: FrameType | None) -> None:
        # Only a list append here: a handler that took a lock (Event.set does) could wait forever
        # on a lock its own thread held when the signal came.
        received.append(signum)

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    faulthandler.register(signal.SIGUSR1, all_threads=True)  # kill -USR1: every thread's stack, to the log
    listener = None
    try:
        daemon.start()
        listener = start_lmtp(config, daemon.take_in_pushed)
        while not received:
            time.sleep(0.1)
        log.info("%s received: finishing the work in progress", signal.Signals(received[0]).name)
    finally:
        daemon.stopping.set()
        if listener is not None:
            listener.stop()  # the mail being taken in is committed first
        daemon.stop()
        inbox.close()
        outbox.close()
        store.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0


def configure_logging(level: str) -> None:
    """One line per event on standard error (journald adds the time under systemd; kept anyway)."""
    logging.basicConfig(
        level=getattr(logging, level.upper()),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # The scheduler's own warnings are about runs skipped while another job ran: by design here.
    logging.getLogger("apscheduler").setLevel(max(logging.ERROR, logging.getLogger().level))
    logging.getLogger("alembic").setLevel(max(logging.WARNING, logging.getLogger().level))


def _real_now() -> datetime:
    return datetime.now(timezone.utc)
