"""What the operator's commands do (``judge init``, ``ingest``, ``tick``, ``games``; ``show`` is
in ``showing``).

The command line only reads arguments; this is where they meet the store, the mail transports and
the service, each call opening the store, doing its work in transactions, and closing it.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from sqlmodel import select

from judge.mail.maildir import MaildirInbox, MaildirOutbox
from judge.mail.transports import open_inbox, open_outbox
from judge.store import Game, open_store

from ..config import Config, load_config, write_default_config
from ..intake.mailroom import MAX_BATCH, ingest, ingest_batch
from .ticker import tick

GITIGNORE = """\
# Made by `judge init`: this folder is a judge's own (its settings, perhaps with mail passwords,
# its database and its mail), never part of a repository. Git ignores all of it, this file too.
*
"""


def init_judge(directory: Path) -> Path:
    """A new judge: its settings file, its database (schema made), and its two Maildirs. A
    folder made here (or found empty) gets a ``.gitignore`` that makes git ignore all of it, so
    a judge made inside a working tree is never committed with it."""
    fresh = not directory.exists() or (directory.is_dir() and not any(directory.iterdir()))
    path = write_default_config(directory)
    if fresh:
        (directory / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
    config = load_config(path)
    open_store(config.database_url).close()
    MaildirInbox(config.inbox)
    MaildirOutbox(config.outbox)
    return path


def ingest_file(config: Config, raw: bytes, now: datetime) -> str:
    store = open_store(config.database_url)
    try:
        return ingest(store, config, raw, now)
    finally:
        store.close()


def read_inbox(config: Config, now: datetime) -> list[str]:
    """Process every new mail of the inbound transport (the inbox Maildir, or the IMAP folder),
    in batches committed together (``ingest_batch``), each mail marked done once its batch is
    committed: a crash before leaves the whole batch to be read again, and the store's Message-ID
    check keeps any mail of it from being handled twice."""
    inbox = open_inbox(config)
    store = open_store(config.database_url)
    done: list[str] = []
    batch: list[tuple[str, bytes]] = []

    def take_in() -> None:
        done.extend(ingest_batch(store, config, [raw for _, raw in batch], now))
        inbox.done([key for key, _ in batch])
        batch.clear()

    try:
        for fetched in inbox.fetch():
            batch.append(fetched)
            if len(batch) >= MAX_BATCH:
                take_in()
        if batch:
            take_in()
    finally:
        inbox.close()
        store.close()
    return done


def tick_once(config: Config, now: datetime) -> list[str]:
    """Read the inbox, then do everything due at ``now`` and deliver the outbox."""
    done = read_inbox(config, now)
    store = open_store(config.database_url)
    outbox = open_outbox(config)
    try:
        return done + tick(store, config, outbox, now)
    finally:
        outbox.close()
        store.close()


def list_games(config: Config) -> list[str]:
    store = open_store(config.database_url)
    try:
        with store.session() as db:
            games = db.exec(select(Game).order_by(Game.name)).all()
            return [
                f"{g.name}\t{g.kind}\t{g.status.value}\t{g.phase or '-'}\t"
                f"{g.deadline.isoformat() if g.deadline else '-'}"
                for g in games
            ]
    finally:
        store.close()
