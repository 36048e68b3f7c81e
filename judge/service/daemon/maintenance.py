"""The operator's upkeep of a judge's database: ``judge backup FILE`` and ``judge upgrade``.

A newer judge never changes an older database by itself (``judge.store.database``): the operator
backs it up, then upgrades it, and only then starts the newer judge. Both are commands so that the
operator's guide (docs/operators.md) needs nothing but the judge and, for PostgreSQL, ``pg_dump``.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy.engine import make_url

from sqlmodel import col, select

from judge.games.registry import UnknownGameKind
from judge.store import Game, GameStatus, Store, open_store, schema_state
from judge.store.engine import create_store_engine

from ..config import Config, ConfigError
from ..play.games import kind_of
from .rule_changes import check_lines, played_by, running_games


def backup_database(config: Config, destination: Path) -> str:
    """Copy an SQLite judge's database to ``destination`` with SQLite's online backup: a consistent
    copy even while ``judge serve`` runs and writes. PostgreSQL has ``pg_dump`` for this."""
    url = make_url(config.database_url)
    if url.get_backend_name() != "sqlite" or not url.database:
        raise ConfigError(f"{config.path}: the database is not an SQLite file: back it up with pg_dump")
    if destination.exists():
        raise ConfigError(f"{destination} exists already: give a new file for the backup")
    source = sqlite3.connect(f"file:{url.database}?mode=ro", uri=True)
    try:
        target = sqlite3.connect(destination)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()
    return f"backed up {url.database} to {destination}"


def upgrade_database(config: Config) -> str:
    """Bring the database to the schema this judge needs (its migrations), giving each running
    game that has none the rules version its schema revision tells (``rule_changes``); say what
    was done."""
    engine = create_store_engine(config.database_url)
    try:
        before = schema_state(engine)
    finally:
        engine.dispose()
    store = open_store(config.database_url, upgrade=True)
    try:
        after = schema_state(store.engine)
        _record_rules_versions(store, before.current)
    finally:
        store.close()
    was, now = ", ".join(before.current) or "empty", ", ".join(after.current)
    if before.current == after.current:
        return f"the database is at schema revision {now} already: nothing to do"
    return f"upgraded the database from schema revision {was} to {now}"


def check_upgrade(config: Config) -> list[str]:
    """``judge upgrade --check``: the running games whose rules version is older than this
    judge's, each with the changes between; the database is only read, whatever its revision."""
    engine = create_store_engine(config.database_url)
    try:
        state = schema_state(engine)
        if not state.current:
            return ["the database holds no games yet"]
        with engine.connect() as connection:
            return check_lines(running_games(connection, state.current))
    finally:
        engine.dispose()


def _record_rules_versions(store: Store, revisions: tuple[str, ...]) -> None:
    """Each running game without a rules version (stored by an older judge) given the one its
    schema revision before the upgrade tells: its next results tell its players what changed."""
    with store.session() as db:
        for game in db.exec(select(Game).where(col(Game.rules_version).is_(None),
                                               col(Game.status).in_((GameStatus.ACTIVE, GameStatus.PAUSED)))):
            try:
                game.rules_version = played_by(kind_of(game), None, revisions)
            except UnknownGameKind:
                continue
            db.add(game)
