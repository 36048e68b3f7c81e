"""Upgrading as an operator does: a judge's database made by an EARLIER judge, with games under way,
brought to this judge's schema by the real ``judge upgrade`` command, then played on by mail.

The databases are in ``upgrade_fixtures/``: made by the judge of 2026-11-25 (44fb01b, schema
0004) and by the last before 2026-11-29's migrations (1fd9fdc, schema 0006), each on SQLite (the file) and on
PostgreSQL (a plain ``pg_dump``, restored here with ``psql`` into a fresh database);
``upgrade_fixtures/make_fixtures.py`` says how, and remakes them. Each holds a standard game and a
Wars of the Roses I game with their first phase played and some orders in for the next, and a
Richard III game two phases in, with an observer.

After the upgrade the players mail on with the passwords they chose under the old judge: the
Diplomacy games' next phase resolves with the orders kept from before the upgrade, the Richard III
game plays on until both houses, the observer and the master have had a results mail, no mail
names a block its reader was never shown (the fog of war, 5.x and the view rules), and the
master's TERMINATE reveals the secret from which ``judge verify`` recomputes every phase, those
the old judge played and the new. A downgrade (``judge.store.migrate.downgrade``) takes the
played-on database back to the old revision's tables and columns.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from random import Random
from types import ModuleType

import pytest
import sqlalchemy as sa
from mail_judge import MailJudge
from sqlmodel import col, select

from judge.cli import main as judge_command
from judge.games.registry import game_kind
from judge.games.richard3.data import BOARD, SIDES
from judge.service.config import Config, load_config
from judge.store import Game, Membership, Outbox, PhaseRecord, Player, SchemaOutOfDate, migrate, open_store

FIXTURES = Path(__file__).parent / "upgrade_fixtures"
REVISIONS = ["0004", "0006"]  # the schema heads of 44fb01b and 1fd9fdc


def _made_by() -> ModuleType:
    """upgrade_fixtures/make_fixtures.py: the games, addresses and passwords of the fixtures."""
    spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


OLD = _made_by()


@pytest.fixture
def restored(config_on_each_backend: Config, revision: str) -> Path:
    """A new judge's settings whose database is the old one restored from its backup: the SQLite
    file copied in, or the SQL dump loaded with psql into the fresh PostgreSQL database."""
    url = sa.make_url(config_on_each_backend.database_url)
    if url.get_backend_name() == "sqlite":
        assert url.database is not None
        for path in Path(url.database).parent.glob("judge.sqlite*"):
            path.unlink()
        shutil.copy(FIXTURES / f"{revision}.sqlite", url.database)
    else:
        libpq = url.set(drivername="postgresql").render_as_string(hide_password=False)
        subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", "-f", str(FIXTURES / f"{revision}.sql"),
                        libpq], check=True, capture_output=True)
    return config_on_each_backend.path


def upgrade(settings: Path) -> str:
    """``judge upgrade``, the real command in a process of its own, as the operator runs it."""
    done = subprocess.run([sys.executable, "-m", "judge.cli", "--config", str(settings), "upgrade"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def game(judge: MailJudge, name: str) -> Game:
    with judge.store.session() as db:
        return db.exec(select(Game).where(Game.name == name)).one()


def powers(judge: MailJudge, name: str) -> dict[str, str]:
    """Each power of the game and its player's address."""
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)
                       .join(Game, col(Game.id) == Membership.game_id).where(Game.name == name)).all()
    return {m.power: p.address for m, p in rows if m.power}


def order(judge: MailJudge, name: str, power: str, address: str, orders: list[str]) -> None:
    reply = judge.send(address, "\n".join([OLD.signon(power, name, address), *orders]))
    assert f"Signed on to {name} as {power}" in reply and "Error" not in reply, reply


def new_mail(judge: MailJudge, address: str, subject_starts: str, after: int) -> list[Outbox]:
    return [m for m in judge.mail_to(address, subject_starts) if m.id is not None and m.id > after]


def hidden_names(reader: str | None) -> set[str]:
    """The names of the blocks hidden from ``reader`` (a house, or None for an observer) that can
    only mean those blocks (not an area, a house, a card, or a block of the reader's own)."""
    own = {b.name for b in BOARD.blocks.values() if b.side == reader}
    words = own | set(BOARD.areas) | set(SIDES) | {c.name for c in BOARD.cards.values()}
    words |= {alias for area in BOARD.areas.values() for alias in area.aliases}
    return {b.name for b in BOARD.blocks.values() if b.side not in (reader, None)} - words


@pytest.mark.parametrize("revision", REVISIONS)
def test_a_judge_of_an_earlier_schema_upgraded_plays_its_games_on_by_mail(
    restored: Path, revision: str, tmp_path: Path
) -> None:
    settings = restored
    config = load_config(settings)
    with pytest.raises(SchemaOutOfDate):  # the newer judge refuses the old database...
        open_store(config.database_url)
    head = migrate.head_revisions()[0]
    said = upgrade(settings)  # ...until the operator upgrades it
    assert said.strip() == f"upgraded the database from schema revision {revision} to {head}", said
    assert "nothing to do" in upgrade(settings)

    store = open_store(config.database_url)
    judge = MailJudge(config, store, now=OLD.END)
    try:
        with store.session() as db:
            mark = max(db.exec(select(Outbox.id)).all(), default=0) or 0
            crown_id = db.exec(select(Game.id).where(Game.name == "crown")).one()
            old_phases = len(db.exec(select(PhaseRecord).where(PhaseRecord.game_id == crown_id)).all())

        # Diplomacy: the powers whose orders were not in before the upgrade send them; those
        # kept from before count, and the phase resolves at once.
        rng = Random(3)
        for name in ("stdgame", "wars"):
            engine, before = game_kind(OLD.GAMES[name]), game(judge, name)
            pending = sorted(engine.pending(before.state).powers)
            players = powers(judge, name)
            for power in pending[3:]:  # the first three sent theirs to the old judge
                order(judge, name, power, players[power], engine.random_orders(before.state, power, rng))
            assert game(judge, name).phase != before.phase, f"{name} {before.phase} did not resolve"
            judge.advance(minutes=1)
            subject = f"Diplomacy results {name} {before.phase}"
            for address in players.values():
                assert len(new_mail(judge, address, subject, mark)) == 1, (address, subject)
        assert new_mail(judge, OLD.OBSERVER, "Diplomacy results stdgame", mark)

        # Richard III: both houses, the observer and the master get results, and nothing hidden.
        engine = game_kind("richard3")
        houses = powers(judge, "crown")
        readers = [*houses.values(), OLD.OBSERVER, OLD.MASTER]
        for _ in range(30):
            if all(new_mail(judge, a, "Richard III results crown", mark) for a in readers):
                break
            state = game(judge, "crown").state
            pending = engine.pending(state)
            for house in sorted(pending.powers):
                orders = engine.random_orders(state, house, rng)
                order(judge, "crown", house, houses[house],
                      orders + ([] if pending.timing == "cards" else ["DONE"]))
                if game(judge, "crown").phase != pending.phase:
                    break
            judge.advance(minutes=1)
        else:
            raise AssertionError("a reader of crown had no results mail in 30 phases")
        with store.session() as db:
            crown = db.exec(select(Game).where(Game.name == "crown")).one()
            phases = db.exec(select(PhaseRecord).where(PhaseRecord.game_id == crown.id)
                             .order_by(col(PhaseRecord.id))).all()
        for house, address in [*((h, a) for a, h in zip(houses.values(), houses)), (None, OLD.OBSERVER)]:
            shown = "\n".join(json.dumps([engine.report_view(p.resolution, house),
                                          engine.view(p.state_after, house),
                                          engine.view(p.state_before, house)]) for p in phases)
            for mail in judge.mail_to(address):
                for name in hidden_names(house):
                    if re.search(rf"\b{re.escape(name)}\b", mail.body) and name not in shown:
                        raise AssertionError(f"{mail.subject} names {name}, hidden from {house}")

        # The record holds the phases of both judges; the secret, revealed by TERMINATE,
        # recomputes those this judge played (the old judge's are its rules' to answer for).
        reply = judge.send(OLD.MASTER, f"SIGNON Mcrown {OLD.MASTER_PASSWORD}\nTERMINATE")
        assert "crown is terminated" in reply, reply
        record = tmp_path / "crown.json"
        assert judge_command(["--config", str(settings), "record", "crown", "--out", str(record)]) == 0
        whole = json.loads(record.read_text())
        assert len(whole["phases"]) == len(phases) > old_phases
        record.write_text(json.dumps({**whole, "phases": whole["phases"][old_phases:]}))
        out = subprocess.run([sys.executable, "-m", "judge.cli", "verify", "--part", str(record)],
                             capture_output=True, text=True)
        assert out.returncode == 0 and "MISMATCH" not in out.stdout, out.stdout
        assert f"{len(phases) - old_phases} phases" in out.stdout, out.stdout
    finally:
        store.close()


@pytest.mark.parametrize("revision", REVISIONS)
def test_a_downgrade_takes_an_upgraded_database_back_to_the_old_tables(
    restored: Path, revision: str
) -> None:
    """What docs/operators.md says of going back: the migrations' downgrades run on a database
    with games in it and leave exactly the tables and columns of the old schema (what the newer
    judge alone keeps, such as held mail or SET MAIL, is dropped with its columns)."""
    settings = restored
    url = load_config(settings).database_url

    def tables() -> dict[str, set[str]]:
        engine = sa.create_engine(url)
        try:
            inspector = sa.inspect(engine)
            return {t: {c["name"] for c in inspector.get_columns(t)} for t in inspector.get_table_names()}
        finally:
            engine.dispose()

    old = tables()
    upgrade(settings)
    assert tables() != old
    migrate.downgrade(url, revision)
    assert tables() == old
