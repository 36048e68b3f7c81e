"""What the operator's commands do (``judge init``, ``ingest``, ``tick``, ``games``, ``show``).

The command line only reads arguments; this is where they meet the store, the mail transports and
the service, each call opening the store, doing its work in transactions, and closing it.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from sqlmodel import select

from judge.mail.maildir import MaildirInbox, MaildirOutbox
from judge.store import Game, Player, open_store

from .config import Config, load_config, write_default_config
from .games import late_powers, members
from .mailroom import ingest
from .ticker import tick


def init_judge(directory: Path) -> Path:
    """A new judge: its settings file, its database (schema made), and its two Maildirs."""
    path = write_default_config(directory)
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
    """Process every new mail in the inbox Maildir, each marked done once it is stored."""
    inbox = MaildirInbox(config.inbox)
    store = open_store(config.database_url)
    done = []
    try:
        for key, raw in inbox.fetch():
            done.append(ingest(store, config, raw, now))
            inbox.done(key)
    finally:
        store.close()
    return done


def tick_once(config: Config, now: datetime) -> list[str]:
    """Read the inbox, then do everything due at ``now`` and deliver the outbox."""
    done = read_inbox(config, now)
    store = open_store(config.database_url)
    try:
        return done + tick(store, config, MaildirOutbox(config.outbox), now)
    finally:
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


def show_game(config: Config, name: str) -> dict[str, Any]:
    store = open_store(config.database_url)
    try:
        with store.session() as db:
            game = db.exec(select(Game).where(Game.name == name.lower())).first()
            if game is None:
                raise SystemExit(f"judge: there is no game called {name}")
            late = set(late_powers(db, game)) if game.phase and game.state else set()
            return {
                "name": game.name,
                "kind": game.kind,
                "status": game.status.value,
                "phase": game.phase,
                "deadline": game.deadline.isoformat() if game.deadline else None,
                "grace_until": game.grace_until.isoformat() if game.grace_until else None,
                "members": [
                    {
                        "role": m.role.value,
                        "power": m.power,
                        "address": db.get(Player, m.player_id).address,  # type: ignore[union-attr]
                        "complete": m.power is not None and m.power not in late,
                        "wait": m.wait,
                    }
                    for m in members(db, game)
                ],
                "state": game.state,
            }
    finally:
        store.close()
