"""What deploy/ gives operators works with this judge: the example settings load, the commands in
the systemd unit and the Postfix snippets are ones the judge knows, and the pipe's exit status tells
Postfix to keep a mail that could not be stored."""

from __future__ import annotations

import configparser
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from serve_support import mail

from sqlmodel import select

from judge.cli import EX_TEMPFAIL, build_parser, main
from judge.service.config import load_config
from judge.service.daemon.operate import init_judge
from judge.store import InboundMail, migrate, open_store

DEPLOY = Path(__file__).resolve().parent.parent.parent / "deploy"


def test_the_imap_and_smtp_example_loads(tmp_path: Path) -> None:
    shutil.copy(DEPLOY / "judge-imap-smtp.toml", tmp_path / "judge.toml")
    for name in ("imap.password", "smtp.password"):
        (tmp_path / name).write_text("secret\n")
    config = load_config(tmp_path / "judge.toml")
    chosen = config.transports
    assert (chosen.inbound, chosen.outbound) == ("imap", "smtp")
    assert chosen.imap is not None and chosen.imap.password == "secret" and chosen.imap.port == 993
    assert chosen.smtp is not None and chosen.smtp.port == 587
    assert config.serve.poll_seconds == 15


def test_the_postgresql_example_loads(tmp_path: Path) -> None:
    shutil.copy(DEPLOY / "judge-postgresql.toml", tmp_path / "judge.toml")
    config = load_config(tmp_path / "judge.toml")
    assert config.database_url == "postgresql://judge@/judge"
    assert config.transports.lmtp is not None and config.transports.lmtp.port == 2424
    assert config.transports.outbound == "smtp"


def test_the_systemd_unit_runs_judge_serve_and_stops_it_with_sigterm() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(DEPLOY / "judge.service")
    service = unit["Service"]
    assert service["KillSignal"] == "SIGTERM" and service["Restart"] == "on-failure"
    assert service["User"] == "judge"
    argv = shlex.split(service["ExecStart"])
    assert argv[0].endswith("/judge")
    args = build_parser().parse_args(argv[1:])
    assert args.command == "serve" and args.config.endswith("judge.toml")


def test_the_postfix_pipe_runs_judge_ingest() -> None:
    text = (DEPLOY / "postfix" / "master.cf").read_text()
    argv = shlex.split(text.split("argv=", 1)[1])
    assert build_parser().parse_args(argv[1:]).command == "ingest"
    assert "flags=R" in text  # Return-Path, so that bounces are recognised
    assert "lmtp:inet:127.0.0.1:2424" in (DEPLOY / "postfix" / "lmtp.cf").read_text()


@pytest.mark.parametrize("broken", ["database", "settings"])
def test_judge_ingest_asks_the_mta_to_try_again_when_the_mail_is_not_stored(tmp_path: Path, broken: str) -> None:
    path = init_judge(tmp_path / "judge")
    if broken == "database":  # nothing listens on port 1
        path.write_text(path.read_text().replace('url = "sqlite:///judge.sqlite"',
                                                 'url = "postgresql://judge@127.0.0.1:1/judge"'))
    else:
        path.write_text(path.read_text().replace("[store]", "[store"))
    result = subprocess.run(
        [sys.executable, "-m", "judge.cli", "--config", str(path), "ingest"],
        input=mail("player@example.org", "HELP", "<kept@t>"), capture_output=True, timeout=60,
    )
    assert result.returncode == EX_TEMPFAIL, result.stderr
    assert b"the mail was not stored; try again later" in result.stderr


def test_backup_copies_a_running_judges_database_and_upgrade_brings_an_old_one_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = init_judge(tmp_path / "judge")
    config = load_config(path)
    store = open_store(config.database_url)  # a judge with the database open, as serve has it
    try:
        assert main(["--config", str(path), "ingest", str(_write(tmp_path / "1.eml"))]) == 0
        assert main(["--config", str(path), "backup", str(tmp_path / "copy.sqlite")]) == 0
    finally:
        store.close()
    copy = open_store(f"sqlite:///{tmp_path / 'copy.sqlite'}")
    with copy.session() as db:
        assert [row.message_id for row in db.exec(select(InboundMail))] == ["<kept@t>"]
    copy.close()
    assert main(["--config", str(path), "backup", str(tmp_path / "copy.sqlite")]) == 2  # never overwritten

    old = tmp_path / "old"
    old_path = init_judge(old)
    (old / "judge.sqlite").unlink()
    migrate.upgrade(load_config(old_path).database_url, "0001")  # a database from the first release
    capsys.readouterr()
    assert main(["--config", str(old_path), "games"]) == 2
    assert "judge --config FILE upgrade" in capsys.readouterr().err
    assert main(["--config", str(old_path), "upgrade"]) == 0
    assert "upgraded the database from schema revision 0001 to " in capsys.readouterr().out
    assert main(["--config", str(old_path), "upgrade"]) == 0
    assert "already: nothing to do" in capsys.readouterr().out


def _write(path: Path) -> Path:
    path.write_bytes(mail("player@example.org", "HELP", "<kept@t>"))
    return path
