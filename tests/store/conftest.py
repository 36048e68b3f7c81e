"""Fixtures for tests that need a database: each test runs once on SQLite and once on PostgreSQL.

SQLite is a file in the test's tmp_path. PostgreSQL is a fresh database, ``judge_test_<random>``,
created on the server of ``JUDGE_TEST_POSTGRES_URL`` (default: user postgres, no password, at
127.0.0.1:5432) and dropped after the test. Without a reachable server the PostgreSQL half is
skipped, or fails when ``JUDGE_REQUIRE_SERVERS=1`` (as in CI, where a skip would hide a gap).
"""

from __future__ import annotations

import contextlib

import functools
import os
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from judge.store import Game, Membership, Player, Store, hash_password, open_store
from judge.store.engine import normalise_url

DEFAULT_POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
BACKENDS = ["sqlite", "postgresql"]  # test ids end in [sqlite] or [postgresql]: select with -k


def postgres_admin_url() -> sa.URL:
    """A database on the test server from which the fixtures may create and drop others."""
    return normalise_url(os.environ.get("JUDGE_TEST_POSTGRES_URL") or DEFAULT_POSTGRES_URL)


@functools.cache
def _postgres_unreachable() -> str | None:
    """Why the test server cannot be used, or None when it can (asked once per test run)."""
    try:
        engine = sa.create_engine(postgres_admin_url(), connect_args={"connect_timeout": 3})
    except ModuleNotFoundError as error:
        return f"the driver is not installed ({error}): pip install 'psycopg[binary]'"
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql("SELECT 1")
    except sa.exc.OperationalError as error:
        return str(error.orig or error).strip().splitlines()[0]
    finally:
        engine.dispose()
    return None


def require_postgres() -> None:
    """Skip the test (or fail it, under JUDGE_REQUIRE_SERVERS=1) when PostgreSQL is not reachable."""
    reason = _postgres_unreachable()
    if reason is None:
        return
    where = postgres_admin_url().render_as_string(hide_password=True)
    if os.environ.get("JUDGE_REQUIRE_SERVERS") == "1":
        pytest.fail(f"JUDGE_REQUIRE_SERVERS=1 but PostgreSQL is not reachable at {where}: {reason}")
    pytest.skip(
        "PostgreSQL not reachable at 127.0.0.1:5432: install the Debian package postgresql "
        f"(or set JUDGE_TEST_POSTGRES_URL) [{where}: {reason}]"
    )


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped after the test."""
    with new_postgres_database() as url:
        yield url


@contextlib.contextmanager
def new_postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database for the block (skipped, or failed under
    JUDGE_REQUIRE_SERVERS=1, without a server), dropped after it; for other folders' tests too."""
    require_postgres()
    admin_url = postgres_admin_url()
    name = f"judge_test_{secrets.token_hex(6)}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield admin_url.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> str:
    """The URL of a new, empty database: an SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{os.path.join(tmp_path, 'judge.sqlite')}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """A store opened on a new database, so with the schema of the migrations."""
    opened = open_store(database_url)
    try:
        yield opened
    finally:
        opened.close()


class Rows:
    """Makers of the rows most tests need, flushed so that their ids are set."""

    @staticmethod
    def game(session: Session, name: str = "roses", **fields: Any) -> Game:
        game = Game(name=name, kind="diplomacy/standard", secret=b"\x00" * 32, **fields)
        session.add(game)
        session.flush()
        return game

    @staticmethod
    def member(session: Session, game: Game, power: str | None, address: str = "") -> Membership:
        """A new player holding ``power`` (None: an observer) in ``game``."""
        player = Player(address=address or f"{power or 'someone'}-{game.name}@example.org")
        session.add(player)
        session.flush()
        assert game.id is not None and player.id is not None
        member = Membership(
            game_id=game.id, player_id=player.id, power=power, password_hash=hash_password("x")
        )
        session.add(member)
        session.flush()
        return member


@pytest.fixture
def rows() -> type[Rows]:
    """The row makers above (a fixture, so that test modules need not import this one)."""
    return Rows
