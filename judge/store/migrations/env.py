"""The Alembic environment of the store, run by ``judge.store.migrate`` (no alembic.ini needed).

Online, it uses the connection that ``judge.store.migrate`` put in ``config.attributes`` (or makes one
from ``sqlalchemy.url``). Offline (``--sql``), it prints the SQL for ``sqlalchemy.url``'s dialect.
"""

from __future__ import annotations

from typing import Any, Literal

import sqlalchemy as sa
from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlmodel.sql.sqltypes import AutoString

from judge.store.columns import EnumText, UTCDateTime
from judge.store.engine import create_store_engine
from judge.store.tables import metadata  # complete: judge.store imports every table module

MIGRATION_LOCK = 0x6A75646765  # "judge": the PostgreSQL advisory lock held while migrating


def render_item(type_: str, obj: Any, autogen_context: AutogenContext) -> str | Literal[False]:
    """Write the store's column types as plain SQLAlchemy types, so scripts never import our code."""
    if type_ == "type":
        if isinstance(obj, UTCDateTime):
            return "sa.DateTime(timezone=True)"
        if isinstance(obj, EnumText):
            return "sa.String(length=20)"
        if isinstance(obj, AutoString):
            return "sa.String()"
    return False


def _configure(connection: sa.Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        compare_type=True,
        render_item=render_item,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
        transactional_ddl=True,  # SQLite too: all of an upgrade commits, or none of it
    )


def _run(connection: sa.Connection) -> None:
    _configure(connection)
    if connection.dialect.name == "sqlite":
        _run_sqlite(connection)
        return
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        context.run_migrations()


def _run_sqlite(connection: sa.Connection) -> None:
    """Migrate SQLite with foreign keys off, checking them all before the commit.

    SQLite alters most tables by copying them and dropping the original, and with foreign keys on,
    dropping a table that other rows refer to fails. The pragma only takes effect outside a
    transaction, so it is set on the driver's connection before the migration's transaction begins.
    """
    if connection.in_transaction():
        raise RuntimeError("migrate SQLite through a connection that has not begun a transaction")
    driver = connection.connection.driver_connection
    assert driver is not None
    driver.execute("PRAGMA foreign_keys = OFF")
    try:
        with context.begin_transaction():
            context.run_migrations()
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
            if broken:
                raise RuntimeError(
                    f"the migration left rows whose foreign keys refer to nothing: {broken[:5]}"
                )
    finally:
        driver.execute("PRAGMA foreign_keys = ON")


def run_migrations_online() -> None:
    """Migrate through the given connection, or through a new one to ``sqlalchemy.url``."""
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection and no sqlalchemy.url: call judge.store.migrate.upgrade(url)")
    engine = create_store_engine(url)
    try:
        with engine.connect() as new_connection:
            _run(new_connection)
    finally:
        engine.dispose()


def run_migrations_offline() -> None:
    """Print the SQL of the migrations instead of running them."""
    context.configure(
        url=context.config.get_main_option("sqlalchemy.url"),
        target_metadata=metadata,
        literal_binds=True,
        render_item=render_item,
    )
    with context.begin_transaction():
        context.run_migrations()


# Alembic runs this file inside a migration context; anything else importing it (a doctest collector,
# a type checker) only gets the functions above.
if hasattr(context, "config"):
    if context.is_offline_mode():
        run_migrations_offline()
    else:
        run_migrations_online()
