"""Opening the store: an engine, a session per unit of work, and a schema that matches the code.

``open_store`` decides what to do with the schema:

- a new (empty) database gets the schema by running every migration;
- a database at the head revision is used as it is;
- a database at an older revision is upgraded only when ``upgrade=True`` was asked for, and otherwise
  refused with :class:`SchemaOutOfDate`. Upgrading is an operator's decision (``judge db upgrade``,
  after a backup), not a side effect of starting a newer judge, and it keeps two judge processes of
  different versions from fighting over one database;
- a database written by a newer judge, or holding our tables without a revision, is refused with
  :class:`SchemaError`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from sqlalchemy.engine import URL, Engine
from sqlalchemy.orm import sessionmaker
from sqlmodel import Session

from judge.store.engine import DEFAULT_BUSY_TIMEOUT, READ_ONLY, create_store_engine
from judge.store.migrate import SchemaError, SchemaOutOfDate, SchemaStatus, schema_state
from judge.store.migrate import upgrade as run_upgrade


class Store:
    """The judge's database: an engine and the sessions made from it.

    >>> store = open_store("sqlite://")
    >>> with store.session() as session:
    ...     pass  # add, query; committed at the end of the block, rolled back on an exception
    >>> store.close()
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # Objects stay readable after the commit, so the service can render mail from them.
        self._sessions = sessionmaker(engine, class_=Session, expire_on_commit=False)
        self._turns = Turns() if engine.dialect.name == "sqlite" else None
        self._readers = sessionmaker(engine.execution_options(**{READ_ONLY: True}), class_=Session)

    @property
    def backend(self) -> str:
        """The database's kind: "sqlite" or "postgresql"."""
        return self.engine.dialect.name

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session for one unit of work: committed when the block ends, rolled back if it raises.

        On SQLite every transaction holds the database's one write lock, and the threads of this
        process take it in turns, in the order they asked (``Turns``)."""
        with self._turns.turn() if self._turns is not None else nullcontext():
            with self._sessions.begin() as session:
                yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session that only reads, for work that must not hold the writers up (the checks made
        before a mail's transaction): rolled back when the block ends, never committed. On SQLite
        its transaction is a plain deferred ``BEGIN``, which in WAL mode neither takes nor waits
        for the write lock (``engine``)."""
        session = self._readers()
        try:
            yield session
        finally:
            session.close()

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


class Turns:
    """The threads of one process take SQLite's write lock first come, first served.

    SQLite's own waiting is not fair: a writer that waits polls for the lock with growing sleeps,
    so a thread that commits a batch of mail and at once begins the next one takes the lock again
    before the waiting thread wakes. Left to it, the sender starved behind a flood in the inbox
    (minutes without sending) until its wait ran out ("database is locked"). With turns, the
    sender's claim and its settling each come after at most one inbox batch. A thread that already
    has the turn (a session opened inside another) keeps it."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._issued = 0  # tickets given out
        self._serving = 0  # the ticket whose turn it is
        self._gone: set[int] = set()  # tickets whose threads stopped waiting (an interrupt)
        self._holder: int | None = None
        self._depth = 0

    @contextmanager
    def turn(self) -> Iterator[None]:
        me = threading.get_ident()
        with self._changed:
            if self._holder != me:
                ticket = self._issued
                self._issued += 1
                try:
                    self._changed.wait_for(lambda: self._serving == ticket)
                except BaseException:
                    self._gone.add(ticket)
                    self._pass_on()
                    raise
                self._holder = me
            self._depth += 1
        try:
            yield
        finally:
            with self._changed:
                self._depth -= 1
                if self._depth == 0:
                    self._holder = None
                    self._gone.add(self._serving)
                    self._pass_on()

    def _pass_on(self) -> None:
        """Give the turn to the next ticket still waiting (called holding ``_changed``)."""
        while self._serving in self._gone:
            self._gone.discard(self._serving)
            self._serving += 1
        self._changed.notify_all()


def open_store(url: str | URL, *, upgrade: bool = False, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> Store:
    """Open the database at ``url``, creating or checking its schema as the module docstring says.

    ``url`` is ``sqlite:///path/judge.sqlite`` or ``postgresql+psycopg://user@host/db`` (plain
    ``postgresql://`` means psycopg 3 too). ``busy_timeout`` is how many seconds an SQLite writer waits
    for another to finish.
    """
    engine = create_store_engine(url, busy_timeout=busy_timeout)
    try:
        _prepare_schema(engine, upgrade=upgrade)
    except BaseException:
        engine.dispose()
        raise
    return Store(engine)


def _prepare_schema(engine: Engine, *, upgrade: bool) -> None:
    state = schema_state(engine)
    where = engine.url.render_as_string(hide_password=True)
    if state.status is SchemaStatus.CURRENT:
        return
    if state.status is SchemaStatus.EMPTY or (state.status is SchemaStatus.BEHIND and upgrade):
        run_upgrade(engine)
        return
    if state.status is SchemaStatus.BEHIND:
        raise SchemaOutOfDate(
            f"the database {where} is at schema revision {', '.join(state.current)} but this judge needs "
            f"{', '.join(state.head)}: back it up, then upgrade it (open_store(..., upgrade=True))"
        )
    if state.status is SchemaStatus.AHEAD:
        raise SchemaError(
            f"the database {where} is at schema revision {', '.join(state.current)}, which this judge does "
            "not know: it was written by a newer judge"
        )
    raise SchemaError(
        f"the database {where} has judge tables but no schema revision: it was not created by the "
        "judge's migrations"
    )
