"""The migrations: they build exactly the tables of the models, and they bring old databases up to date."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlmodel import select

from judge.store import (
    InboundMail,
    Player,
    SchemaError,
    SchemaOutOfDate,
    SchemaStatus,
    Store,
    metadata,
    migrate,
    open_store,
    schema_state,
    store_inbound,
)
from judge.store.engine import create_store_engine

if TYPE_CHECKING:
    from conftest import Rows

# A further migration, as a later release of the judge would ship it (after today's head).
TODAY = migrate.head_revisions()[0]
REVISION_LATER = '''
"""Test only: games get a motto (and SQLite copies the game table, which others refer to)."""

import sqlalchemy as sa
from alembic import op

revision = "later"
down_revision = "%s"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # On SQLite, copy the table as most changes need (this one alone could be done in place).
    recreate = "always" if op.get_bind().dialect.name == "sqlite" else "auto"
    with op.batch_alter_table("game", recreate=recreate) as batch:
        batch.add_column(sa.Column("motto", sa.String(), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("motto")
''' % TODAY


def differences(store: Store) -> list[object]:
    """What autogenerate would change to make the database match the models: nothing, we hope."""
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return list(compare_metadata(context, metadata))


def test_a_new_database_has_exactly_the_tables_and_columns_of_the_models(store: Store) -> None:
    assert differences(store) == []
    assert set(sa.inspect(store.engine).get_table_names()) == set(metadata.tables) | {"alembic_version"}
    assert schema_state(store.engine).status is SchemaStatus.CURRENT


def test_upgrading_a_database_at_head_is_harmless(store: Store, database_url: str) -> None:
    with store.session() as session:
        session.add(Player(address="kept@example.org"))
    migrate.upgrade(database_url)
    migrate.upgrade(store.engine)
    reopened = open_store(database_url, upgrade=True)
    try:
        assert schema_state(reopened.engine).status is SchemaStatus.CURRENT
        assert differences(reopened) == []
        with reopened.session() as session:
            assert session.exec(select(Player.address)).all() == ["kept@example.org"]
    finally:
        reopened.close()


def test_a_database_taken_down_to_base_is_new_again(store: Store, database_url: str) -> None:
    migrate.downgrade(store.engine, "base")
    assert schema_state(store.engine).status is SchemaStatus.EMPTY
    assert set(sa.inspect(store.engine).get_table_names()) <= {"alembic_version"}
    reopened = open_store(database_url)
    try:
        assert differences(reopened) == []
    finally:
        reopened.close()


def test_an_older_database_is_refused_until_upgraded_and_keeps_its_rows(
    store: Store, rows: type[Rows], database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with store.session() as session:
        rows.member(session, rows.game(session, "Tewkesbury"), "ENGLAND")
    store.close()
    newer = tmp_path / "migrations"
    shutil.copytree(migrate.SCRIPT_LOCATION, newer, ignore=shutil.ignore_patterns("__pycache__"))
    (newer / "versions" / "9999_motto.py").write_text(REVISION_LATER, encoding="utf-8")
    monkeypatch.setattr(migrate, "SCRIPT_LOCATION", str(newer))  # this judge is the later release

    with pytest.raises(SchemaOutOfDate, match=f"revision {TODAY} but this judge needs later"):
        open_store(database_url)
    upgraded = open_store(database_url, upgrade=True)
    try:
        state = schema_state(upgraded.engine)
        assert (state.status, state.current) == (SchemaStatus.CURRENT, ("later",))
        with upgraded.engine.connect() as connection:
            kept = connection.execute(sa.text("SELECT name, motto FROM game")).all()
            members = connection.execute(sa.text("SELECT power FROM membership")).scalars().all()
        assert [tuple(row) for row in kept] == [("tewkesbury", "")]
        assert members == ["ENGLAND"]
    finally:
        upgraded.close()


def test_members_of_a_database_before_map_pictures_get_the_map_after_upgrading(
    store: Store, rows: type[Rows], database_url: str
) -> None:
    """Revision 0004 (map pictures on results mails): everyone already in a game has SET MAP ON."""
    with store.session() as session:
        rows.member(session, rows.game(session, "Bosworth"), "ENGLAND")
    migrate.downgrade(store.engine, "0003")
    assert "picture" not in sa.inspect(store.engine).get_table_names()
    migrate.upgrade(store.engine)
    with store.engine.connect() as connection:
        kept = connection.execute(sa.text("SELECT power, maps FROM membership")).all()
    assert [tuple(row) for row in kept] == [("ENGLAND", True)]
    assert differences(store) == []


def test_players_of_a_database_before_confirmed_addresses_are_confirmed_after_upgrading(
    store: Store, rows: type[Rows], database_url: str
) -> None:
    """Revision 0005 (confirmed addresses): everyone already known has played by mail at that
    address, and is confirmed, but for an address that is a list; a player added afterwards is
    not, until CONFIRM."""
    with store.session() as session:
        bosworth = rows.game(session, "Bosworth")
        rows.member(session, bosworth, "ENGLAND", "henry@example.org")
        rows.member(session, bosworth, "FRANCE", "a@example.org,b@example.org")  # SET ADDRESS took lists
    migrate.downgrade(store.engine, "0004")
    assert "confirmed" not in {column["name"] for column in sa.inspect(store.engine).get_columns("player")}
    migrate.upgrade(store.engine)
    with store.session() as session:
        session.add(Player(address="new@example.org"))
    with store.engine.connect() as connection:
        kept = connection.execute(sa.text(
            "SELECT address, confirmed, wrong_codes, pending_address FROM player ORDER BY id")).all()
    assert [tuple(row) for row in kept] == [("henry@example.org", True, 0, None),
                                             ("a@example.org,b@example.org", False, 0, None),
                                             ("new@example.org", False, 0, None)]
    assert differences(store) == []


def test_mail_taken_in_before_fingerprints_is_still_known_after_upgrading(store: Store) -> None:
    """Revision 0006: the mails already logged get their fingerprint (and their sender as the reply
    address), so a second copy of one fetched after the upgrade is still "already processed";
    going back keeps the first mail of each Message-ID."""
    migrate.downgrade(store.engine, "0005")
    mail = b"From: a@example.org\nMessage-ID: <old@x>\n\nSIGNON Ealpha pw\n"
    with store.engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO inbound_mail (message_id, raw, sender, subject, received_at, status, outcome) "
            "VALUES ('<old@x>', :raw, 'a@example.org', 'orders', :at, 'processed', 'answered')"),
            {"raw": mail, "at": "2026-01-05 12:00:00+00:00"})
    migrate.upgrade(store.engine)
    assert differences(store) == []
    with store.session() as session:
        assert store_inbound(session, b"Received: by mx\n" + mail, "<old@x>", "A@example.org") is None
        assert store_inbound(session, mail.replace(b"pw", b"guess"), "<old@x>", "a@example.org") is not None
        row = session.exec(select(InboundMail).where(InboundMail.id == 1)).one()
        assert row.reply_to == "a@example.org"
    migrate.downgrade(store.engine, "0004")
    with store.engine.connect() as connection:
        kept = connection.execute(sa.text("SELECT id, message_id FROM inbound_mail")).all()
    assert [tuple(row) for row in kept] == [(1, "<old@x>")]
    migrate.upgrade(store.engine)


def test_a_database_from_a_newer_judge_is_refused(store: Store, database_url: str) -> None:
    with store.engine.begin() as connection:
        connection.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
    assert schema_state(store.engine).status is SchemaStatus.AHEAD
    with pytest.raises(SchemaError, match="9999, which this judge does not know"):
        open_store(database_url, upgrade=True)


def test_a_database_not_made_by_the_migrations_is_refused(database_url: str) -> None:
    engine = create_store_engine(database_url)
    try:
        metadata.create_all(engine)  # what the judge itself never does
        assert schema_state(engine).status is SchemaStatus.UNMANAGED
    finally:
        engine.dispose()
    with pytest.raises(SchemaError, match="no schema revision"):
        open_store(database_url)


def test_the_migrations_can_be_printed_as_sql_for_a_dba(capsys: pytest.CaptureFixture[str]) -> None:
    config = migrate.alembic_config(url="postgresql+psycopg://judge@db.invalid/judge")
    command.upgrade(config, "head", sql=True)
    printed = capsys.readouterr().out
    assert "CREATE TABLE game" in printed and "CREATE UNIQUE INDEX uq_membership_active_power" in printed


def test_judges_starting_together_on_a_new_database_all_open_it(database_url: str) -> None:
    opener = "import sys; from judge.store import open_store; open_store(sys.argv[1]).close()"
    judges = [
        subprocess.Popen([sys.executable, "-c", opener, database_url], stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    errors = [judge.communicate(timeout=120)[1] for judge in judges]
    assert [judge.returncode for judge in judges] == [0, 0, 0], errors
    engine = create_store_engine(database_url)
    try:
        assert schema_state(engine).status is SchemaStatus.CURRENT
    finally:
        engine.dispose()
