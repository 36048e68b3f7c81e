"""Schema migrations with Alembic, configured from code: an installed judge needs no alembic.ini.

The migration scripts live in ``judge/store/migrations/versions/`` and are installed with the package.
A new database gets its schema from them (never from ``metadata.create_all``), so every database,
new or old, has been through the same scripts.

To write a new migration after changing a table, against a scratch database at head::

    python -c "from judge.store.migrate import revision; revision('sqlite:///scratch.sqlite', 'add x')"

then read and correct the generated file before committing it.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.script.revision import RevisionError
from alembic.util import CommandError
from sqlalchemy.engine import URL, Engine

from judge.store.engine import create_store_engine
from judge.store.tables import metadata

_ALEMBIC = threading.Lock()  # Alembic keeps the running migration's context in module globals

SCRIPT_LOCATION = str(Path(__file__).with_name("migrations"))
"""Where the migration environment and scripts are (tests point it at a copy with extra scripts)."""


class SchemaError(RuntimeError):
    """The database's schema is not one this judge can use as it is."""


class SchemaOutOfDate(SchemaError):
    """The database is at an older revision than this judge: it needs ``upgrade``."""


class SchemaStatus(enum.Enum):
    """How a database's schema stands against this judge's migrations."""

    EMPTY = "empty"  # none of our tables: a new database
    CURRENT = "current"  # at the head revision
    BEHIND = "behind"  # at an older revision: upgrade will bring it to head
    AHEAD = "ahead"  # at a revision this judge does not know: written by a newer judge
    UNMANAGED = "unmanaged"  # has our tables but no revision: not created by the migrations


@dataclass(frozen=True)
class SchemaState:
    """A database's revision(s), the head revision(s) of the scripts, and what that means."""

    status: SchemaStatus
    current: tuple[str, ...]
    head: tuple[str, ...]


def alembic_config(connection: sa.Connection | None = None, url: str | URL | None = None) -> Config:
    """An Alembic configuration for the store's migrations, bound to a connection or a URL."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    if url is not None:
        rendered = url.render_as_string(hide_password=False) if isinstance(url, URL) else url
        config.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revisions() -> tuple[str, ...]:
    """The head revision(s) of the migration scripts: what ``upgrade`` brings a database to."""
    return tuple(ScriptDirectory.from_config(alembic_config()).get_heads())


def schema_state(engine: Engine) -> SchemaState:
    """Where the database behind ``engine`` stands against the migration scripts."""
    script = ScriptDirectory.from_config(alembic_config())
    head = tuple(script.get_heads())
    with engine.connect() as connection:
        # Tables first, revision second: a judge migrating at the same moment commits both together, so
        # tables seen here mean the revision read next is there too (read the other way round, a commit
        # falling between the two reads would look like tables without a revision).
        tables = set(sa.inspect(connection).get_table_names())
        current = tuple(MigrationContext.configure(connection).get_current_heads())
    if not current:
        status = SchemaStatus.UNMANAGED if tables & set(metadata.tables) else SchemaStatus.EMPTY
    elif set(current) == set(head):
        status = SchemaStatus.CURRENT
    elif any(_unknown(script, revision) for revision in current):
        status = SchemaStatus.AHEAD
    else:
        status = SchemaStatus.BEHIND
    return SchemaState(status, current, head)


def _unknown(script: ScriptDirectory, revision: str) -> bool:
    try:
        return script.get_revision(revision) is None
    except (RevisionError, CommandError):
        return True


def upgrade(target: str | URL | Engine, revision: str = "head") -> None:
    """Bring the database at ``target`` (a URL or an engine) up to ``revision``; harmless when there.

    On PostgreSQL the migrations run under an advisory lock, so two judges starting together on a new
    database do not both create it; on SQLite the ``BEGIN IMMEDIATE`` lock does the same.
    """
    _run(target, lambda config: command.upgrade(config, revision))


def downgrade(target: str | URL | Engine, revision: str) -> None:
    """Take the database at ``target`` down to ``revision`` ("base": no tables). For operators and tests."""
    _run(target, lambda config: command.downgrade(config, revision))


def revision(url: str | URL, message: str) -> None:
    """Write a new migration script comparing the tables with the database at ``url`` (a developer aid)."""
    _run(url, lambda config: command.revision(config, message=message, autogenerate=True))


def _run(target: str | URL | Engine, action: Callable[[Config], object]) -> None:
    engine = target if isinstance(target, Engine) else create_store_engine(target)
    try:
        with _ALEMBIC, engine.connect() as connection:
            action(alembic_config(connection))
    finally:
        if engine is not target:
            engine.dispose()
