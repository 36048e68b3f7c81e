"""Database URLs and engines: SQLite by default, PostgreSQL (psycopg 3) at scale.

SQLite connections are set up for one writer at a time, which is what makes the judge safe on SQLite
without row locks:

- ``PRAGMA foreign_keys = ON`` (SQLite leaves them off by default);
- ``PRAGMA journal_mode = WAL`` for file databases, so readers never block the writer;
- ``PRAGMA busy_timeout``, so a second writer waits instead of failing at once;
- every transaction starts with ``BEGIN IMMEDIATE``: it takes the write lock when it begins, so two
  judge processes cannot both read a due game and then both process it. The second waits (up to the
  busy timeout) until the first has committed, and then no longer sees the game as due. Only a
  connection marked ``READ_ONLY`` (``Store.reading``: reads that decide nothing, rolled back) starts
  a plain ``BEGIN``, which takes no write lock and waits for none.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import URL, Connection, Engine, make_url

DEFAULT_BUSY_TIMEOUT = 30.0  # seconds a SQLite writer waits for the lock
READ_ONLY = "judge_read_only"
"""The execution option of a connection whose transactions only read (``Store.reading``)."""


def normalise_url(url: str | URL) -> URL:
    """``url`` as a SQLAlchemy URL, with plain ``postgresql://`` meaning psycopg 3.

    >>> normalise_url("postgresql://judge@db/judge").drivername
    'postgresql+psycopg'
    >>> normalise_url("sqlite:///judge.sqlite").database
    'judge.sqlite'
    """
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def is_sqlite_file(url: URL) -> bool:
    """Whether ``url`` names an SQLite database in a file (not in memory)."""
    database = url.database or ""
    return (
        url.get_backend_name() == "sqlite"
        and database not in ("", ":memory:")
        and not database.startswith("file::memory:")
    )


def create_store_engine(url: str | URL, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> Engine:
    """An engine for ``url``, with the SQLite settings above when it is SQLite."""
    parsed = normalise_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = sa.create_engine(parsed, connect_args={"timeout": busy_timeout})
        _configure_sqlite(engine, wal=is_sqlite_file(parsed), busy_timeout=busy_timeout)
        return engine
    return sa.create_engine(parsed, pool_pre_ping=True)


def _configure_sqlite(engine: Engine, *, wal: bool, busy_timeout: float) -> None:
    """Install the connection settings and the ``BEGIN IMMEDIATE`` described in the module docstring."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, connection_record: Any) -> None:
        # Let SQLAlchemy's "begin" event below open transactions, instead of the sqlite3 module
        # opening its own deferred ones behind our back.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            if wal:
                _use_wal(cursor, busy_timeout)
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        read_only = connection.get_execution_options().get(READ_ONLY, False)
        connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


def _use_wal(cursor: Any, busy_timeout: float) -> None:
    """Switch the database file to WAL (it stays so), retrying while another connection holds it.

    Changing the journal mode needs the file to itself and does not always wait on the busy handler,
    so two judges opening a new file at once could otherwise fail.
    """
    deadline = time.monotonic() + busy_timeout
    while True:
        try:
            if cursor.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)
