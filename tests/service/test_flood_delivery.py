"""Replies under a flood: with the rate limit off, a burst of mail from one sender is read by
``judge serve``'s inbox job while its sender thread sends the replies, on SQLite and PostgreSQL.
Every mail is answered, every reply delivered exactly once (Message-IDs counted at the transport),
and replies go out while the inbox is still being read (the sender is not starved).

The judge's time runs 900 times as fast as the host's, and a claim lasts a second unrenewed
(``[serve] claim_seconds``): a reply handed over but not recorded would be sent again within the
test. SQLite's busy timeout is one second, so a sender kept waiting for the write lock fails within
the test too.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from flood_support import flood
from mail_judge import START, Delivered
from serve_support import mail
from sqlmodel import select

from judge.service.config import Config, load_config
from judge.service.daemon.clocks import ScaledClock
from judge.service.daemon.operate import init_judge
from judge.service.daemon.claims import Claimant, host_now, this_process
from judge.service.daemon.ticker import deliver
from judge.service.serve_config import FloodLimit
from judge.store import Outbox, OutboxStatus, open_store, queue_mail

MAILS = 1000


@pytest.fixture
def config(config_on_each_backend: Config) -> Config:
    """A new judge's settings on SQLite, then on PostgreSQL (``conftest``)."""
    return config_on_each_backend


def test_a_flood_is_answered_once_each_while_the_inbox_is_read(config: Config) -> None:
    config = replace(config, flood=FloodLimit(0, timedelta(minutes=10)),
                     serve=replace(config.serve, poll_seconds=0.05, claim_seconds=1.0))
    store = open_store(config.database_url, busy_timeout=1.0)
    raws = [mail("loop@example.org", "HELP", f"<flood{number}@example.org>") for number in range(MAILS)]
    try:
        result = flood(config, store, raws, ScaledClock(START, time.time(), rate=900), timeout=90)
    finally:
        store.close()
    print("\n" + "\n".join(result.lines()))
    assert result.duplicates == []
    assert result.wrong == {}
    assert result.answered == result.delivered == MAILS
    assert result.while_reading >= MAILS // 4, "the sender was starved while the inbox was read"


def test_a_reply_sent_while_the_database_is_locked_is_recorded_and_never_sent_again(
    tmp_path: Path,
) -> None:
    """Another writer holds SQLite's lock, past the sender's busy timeout, just as the replies are
    handed over: the sender waits to record them, and they are not sent again once the claim has
    lapsed, nor after a restart (the store opened again)."""
    config = load_config(init_judge(tmp_path / "judge"))
    store = open_store(config.database_url, busy_timeout=0.2)
    with store.session() as db:
        for number in range(3):
            queue_mail(db, f"p{number}@example.org", "a subject", "a body", domain="localhost", now=START)
    database = str(config.database_url).removeprefix("sqlite:///")
    released = threading.Event()

    class Locking(Delivered):
        def deliver(self, raw: bytes) -> None:
            super().deliver(raw)
            if len(self.mails) == 3:  # the last of the batch: lock the database for a second
                locker = sqlite3.connect(database, isolation_level=None, check_same_thread=False)
                locker.execute("BEGIN IMMEDIATE")

                def release() -> None:
                    time.sleep(1.0)
                    locker.execute("COMMIT")
                    locker.close()
                    released.set()

                threading.Thread(target=release).start()

    transport = Locking()
    try:
        assert len(deliver(store, config, transport, START)) == 3
        assert released.is_set()  # the settling waited for the lock
        lapsed = Claimant(this_process(), timedelta(minutes=1), clock=lambda: host_now() + timedelta(minutes=2))
        assert deliver(store, config, transport, START + timedelta(minutes=1), claimant=lapsed) == []
    finally:
        store.close()
    store = open_store(config.database_url)  # a restart
    try:
        assert deliver(store, config, transport, START + timedelta(days=2)) == []
        with store.session() as db:
            assert {mail.status for mail in db.exec(select(Outbox))} == {OutboxStatus.SENT}
    finally:
        store.close()
    assert len(transport.mails) == 3
