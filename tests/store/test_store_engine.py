"""Database URLs and the SQLite connection settings the store relies on."""

from __future__ import annotations

import pytest
from sqlmodel import select

from judge.store import Player, Store
from judge.store.engine import create_store_engine, is_sqlite_file, normalise_url


@pytest.mark.parametrize(
    ("url", "driver"),
    [
        ("postgresql://judge@db/judge", "postgresql+psycopg"),
        ("postgres://judge@db/judge", "postgresql+psycopg"),
        ("postgresql+psycopg://judge@db/judge", "postgresql+psycopg"),
        ("sqlite:///judge.sqlite", "sqlite"),
    ],
)
def test_plain_postgresql_urls_mean_psycopg_3(url: str, driver: str) -> None:
    assert normalise_url(url).drivername == driver


def test_only_sqlite_files_count_as_files() -> None:
    assert is_sqlite_file(normalise_url("sqlite:////var/lib/judge/judge.sqlite"))
    assert not is_sqlite_file(normalise_url("sqlite://"))
    assert not is_sqlite_file(normalise_url("sqlite:///:memory:"))
    assert not is_sqlite_file(normalise_url("postgresql://judge@db/judge"))


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_sqlite_connections_enforce_foreign_keys_and_use_wal(store: Store) -> None:
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30_000


def test_an_in_memory_sqlite_database_is_not_switched_to_wal() -> None:
    engine = create_store_engine("sqlite://", busy_timeout=2.5)
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "memory"
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 2500
    finally:
        engine.dispose()


def test_the_store_knows_its_backend(store: Store, database_url: str) -> None:
    assert store.backend == ("sqlite" if database_url.startswith("sqlite") else "postgresql")


def test_a_session_commits_on_success_and_rolls_back_on_error(store: Store) -> None:
    with store.session() as session:
        session.add(Player(address="kept@example.org"))
    with pytest.raises(RuntimeError), store.session() as session:
        session.add(Player(address="lost@example.org"))
        session.flush()
        raise RuntimeError("the service failed half-way")
    with store.session() as session:
        assert session.exec(select(Player.address)).all() == ["kept@example.org"]
