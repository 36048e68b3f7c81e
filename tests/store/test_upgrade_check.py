"""``judge upgrade --check`` (issue 34): before an upgrade, the operator is told which running
games a rule change of the newer judge touches, with each change; the database is only read.
Then ``judge upgrade`` gives those games the rules version their schema revision tells, so that
their next results tell the players (tests/service/test_rule_changes_by_mail.py). Each test runs
on SQLite and on PostgreSQL, the database at the schema of the judge of 2026-11-25 (``0004``,
commit 44fb01b: the issue's judge)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from judge.cli import main
from judge.games.registry import game_kind
from judge.service.daemon.operate import init_judge
from judge.store import migrate, schema_state
from judge.store.engine import create_store_engine


def _old_judge(database_url: str, tmp_path: Path) -> Path:
    """A judge's settings on a database at revision 0004 holding four games: Richard III (1483)
    and standard Diplomacy running, Richard III finished, Wars of the Roses I forming."""
    migrate.upgrade(database_url, "0004")
    engine = create_store_engine(database_url)
    rows = [("roses", "richard3-1483", "active"), ("alpha", "diplomacy/standard", "active"),
            ("ended", "richard3-1483", "finished"), ("later", "diplomacy/roses1", "forming")]
    try:
        with engine.begin() as connection:
            for name, kind, status in rows:
                connection.execute(
                    sa.text("INSERT INTO game (name, kind, status, settings, state, phase, secret, "
                            "created_at, version) VALUES (:name, :kind, :status, '{}', :state, '', "
                            ":secret, :now, 1)"),
                    {"name": name, "kind": kind, "status": status, "state": json.dumps({}),
                     "secret": b"\x00" * 32, "now": datetime(2026, 11, 25, tzinfo=UTC)})
    finally:
        engine.dispose()
    config = init_judge(tmp_path / "judge")
    text = config.read_text(encoding="utf-8")
    config.write_text(re.sub(r'^url = ".*"', f'url = "{database_url}"', text, count=1, flags=re.M),
                      encoding="utf-8")
    return config


def _revision(database_url: str) -> tuple[str, ...]:
    engine = create_store_engine(database_url)
    try:
        return schema_state(engine).current
    finally:
        engine.dispose()


def test_upgrade_check_lists_the_running_games_a_rule_change_touches_and_changes_nothing(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    config = _old_judge(database_url, tmp_path)
    assert main(["--config", str(config), "upgrade", "--check"]) == 0
    said = capsys.readouterr().out.splitlines()
    history = game_kind("richard3-1483").rules_history
    assert said[0] == f"roses (richard3-1483): rules version 1 -> {history.version}"
    assert said[1:-1] == [f"  {change.rule} {change.what}" for change in history.changes]
    assert "  5.21 a move enters each area once" in said
    assert said[-1] == ("1 running game(s) touched: their players are told each change with "
                        "their next results")
    assert _revision(database_url) == ("0004",)  # nothing changed

    assert main(["--config", str(config), "upgrade"]) == 0
    capsys.readouterr()
    engine = create_store_engine(database_url)
    try:
        with engine.connect() as connection:
            versions = dict(connection.execute(sa.text("SELECT name, rules_version FROM game")).all())
    finally:
        engine.dispose()
    assert versions == {"roses": 1, "alpha": 1, "ended": None, "later": None}
    assert main(["--config", str(config), "upgrade", "--check"]) == 0  # told until a phase is played
    assert capsys.readouterr().out.splitlines()[0] == f"roses (richard3-1483): rules version 1 -> {history.version}"


def test_upgrade_check_on_a_database_of_this_judge_says_no_game_is_touched(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    config = _old_judge(database_url, tmp_path)
    assert main(["--config", str(config), "upgrade"]) == 0
    engine = create_store_engine(database_url)
    try:
        with engine.begin() as connection:
            connection.execute(sa.text("UPDATE game SET rules_version = :now WHERE name = 'roses'"),
                               {"now": game_kind("richard3-1483").rules_history.version})
    finally:
        engine.dispose()
    capsys.readouterr()
    assert main(["--config", str(config), "upgrade", "--check"]) == 0
    assert capsys.readouterr().out == "no running game is touched by a rule change of this judge\n"
