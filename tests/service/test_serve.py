"""``judge serve``: the README's main command as a real process, the deadline timer, and the
daemon's settings."""

from __future__ import annotations

import signal
import smtplib
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from serve_support import delivered, drop, mail, new_game, start_judge, wait_for
from sqlmodel import col, select

from judge.service.daemon.clocks import ScaledClock, SystemClock
from judge.service.config import ConfigError, load_config, write_default_config
from judge.service.intake.mailroom import ingest
from judge.service.daemon.serve import Daemon
from judge.service.serve_config import parse_length
from judge.mail.maildir import MaildirInbox, MaildirOutbox
from judge.store import Game, Outbox, OutboxStatus, PhaseRecord, open_store, queue_mail


def fast(config: Path, poll: float = 0.2, tick: float = 60) -> None:
    """Make the judge at ``config`` read its inbox every ``poll`` seconds."""
    text = config.read_text()
    text = text.replace("poll_seconds = 2 ", f"poll_seconds = {poll} ").replace(
        "tick_seconds = 60 ", f"tick_seconds = {tick} ")
    config.write_text(text)


def test_a_mail_dropped_in_the_inbox_is_answered_and_sigterm_stops_cleanly(tmp_path: Path) -> None:
    made = subprocess.run([sys.executable, "-m", "judge.cli", "init", str(tmp_path / "myjudge")],
                          capture_output=True, text=True, check=True)
    assert "A new judge in" in made.stdout
    config = tmp_path / "myjudge" / "judge.toml"
    fast(config)
    log = tmp_path / "serve.log"
    judge = start_judge(config, log=log)
    try:
        drop(tmp_path / "myjudge" / "inbox", mail("player@example.org", "HELP", "<help-1@t>"), "1.eml")
        outbox = tmp_path / "myjudge" / "outbox"
        wait_for(lambda: any((outbox / "new").iterdir()), 20, "the reply in the outbox")
        [reply] = delivered(outbox)
        assert reply["To"] == "player@example.org" and reply["In-Reply-To"] == "<help-1@t>"
        assert reply["Subject"] == "Re: orders"
        assert list((tmp_path / "myjudge" / "inbox" / "new").iterdir()) == []  # marked done
    finally:
        judge.send_signal(signal.SIGTERM)
        status = judge.wait(timeout=20)
    text = log.read_text()
    assert status == 0, text
    assert "mail 1.eml: answered 1 line(s)" in text
    assert "SIGTERM received: finishing the work in progress" in text and "stopped" in text


def test_the_timer_fires_at_the_deadline_without_waiting_for_the_safety_tick(tmp_path: Path) -> None:
    config = load_config(write_default_config(tmp_path / "judge"))
    config = config.__class__(**{**config.__dict__, "serve": config.serve.__class__(
        poll_seconds=0.2, tick_seconds=3600)})  # the safety tick only once, at the start
    store = open_store(config.database_url)
    origin = datetime(2026, 1, 5, 12, tzinfo=timezone.utc)
    clock = ScaledClock(origin, time.time(), rate=3600)  # an hour of the judge's time each second
    new_game(lambda raw: ingest(store, config, raw, clock.now()), store, "alpha",
             "SET MOVES 1h GRACE 30m")
    with store.session() as db:
        deadline = db.exec(select(Game)).one().deadline
    assert deadline is not None
    daemon = Daemon(config, store, MaildirInbox(config.inbox), MaildirOutbox(config.outbox), clock)
    daemon.start()
    try:
        def processed() -> list[PhaseRecord]:
            with store.session() as db:
                return list(db.exec(select(PhaseRecord).order_by(col(PhaseRecord.id))).all())

        wait_for(lambda: len(processed()) >= 2, 15, "two phases processed at their deadlines")
    finally:
        daemon.stop()
    first, second = processed()[:2]
    assert (first.phase, second.phase) == ("S1901M", "F1901M")
    assert first.reason.startswith("end of grace: civil disorder")
    # processed within moments (a third of a second: 20 minutes of the judge's time) of the end of
    # grace, half an hour after the deadline; the safety tick was an hour of the host's time away
    end_of_grace = deadline + timedelta(minutes=30)
    assert end_of_grace <= first.processed_at <= end_of_grace + timedelta(minutes=20)
    with store.session() as db:
        assert db.exec(select(Game)).one().phase in ("S1902M", "F1901M")
    assert delivered(config.outbox)  # the reports went out
    store.close()


@pytest.mark.parametrize(("text", "seconds"), [
    ("90s", 90), ("10m", 600), ("6h", 21600), ("1h30m", 5400), ("2d", 172800), (45, 45), ("0.5s", 0.5),
])
def test_lengths_of_time_in_the_configuration(text: str | int, seconds: float) -> None:
    assert parse_length(text, "here") == timedelta(seconds=seconds)


@pytest.mark.parametrize(("section", "line", "message"), [
    ("serve", "poll_seconds = 0", "poll_seconds must be a number of seconds above 0"),
    ("serve", 'claim_seconds = "1m"', "claim_seconds must be a number of seconds above 0"),
    ("serve", 'outage_limit = "soon"', "'soon' is not a length of time"),
    ("serve", 'outage_limit = "0s"', "outage_limit must be longer than nothing"),
    ("flood", "mails = -1", "mails must be a whole number"),
    ("enrol", "observers = -1", r"\[enrol\] observers must be a whole number"),
    ("enrol", 'games = "many"', r"\[enrol\] games must be a whole number"),
    ("enrol", 'held_for = "0s"', "held_for must be longer than nothing"),
])
def test_bad_daemon_settings_are_refused_with_their_name(
    tmp_path: Path, section: str, line: str, message: str
) -> None:
    path = write_default_config(tmp_path)
    text = path.read_text()
    key = line.split(" = ")[0]
    lines = [
        line if raw.startswith(f"{key} = ") and current == section else raw
        for current, raw in _with_sections(text.splitlines())
    ]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ConfigError, match=message):
        load_config(path)


def test_a_configuration_without_the_daemon_sections_gets_the_defaults(tmp_path: Path) -> None:
    path = write_default_config(tmp_path)
    text = path.read_text()
    path.write_text(text[: text.index("[serve]")])
    config = load_config(path)
    assert config.serve.poll_seconds == 2 and config.serve.outage_limit == timedelta(hours=6)
    assert config.serve.claim_seconds == 60
    assert config.flood.mails == 30
    assert (config.enrol.held_for, config.enrol.observers, config.enrol.games) == (timedelta(days=7), 20, 3)


def _with_sections(lines: list[str]) -> list[tuple[str, str]]:
    section = ""
    tagged = []
    for raw in lines:
        if raw.startswith("["):
            section = raw[1: raw.index("]")]
        tagged.append((section, raw))
    return tagged


def test_with_an_lmtp_section_serve_takes_mail_from_the_mta_and_answers_it(tmp_path: Path) -> None:
    path = write_default_config(tmp_path / "judge")
    fast(path)
    with socket.socket() as probe:  # a free port for the listener
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    path.write_text(path.read_text() + f'\n[lmtp]\nhost = "127.0.0.1"\nport = {port}\n')
    log = tmp_path / "serve.log"
    judge = start_judge(path, log=log)
    try:
        wait_for(lambda: "LMTP listener on" in log.read_text(), 20, "the LMTP listener")
        with smtplib.LMTP("127.0.0.1", port) as client:
            refused = client.sendmail("player@example.org", ["judge@localhost"],
                                      mail("player@example.org", "HELP", "<by-lmtp@t>"))
        assert refused == {}
        outbox = tmp_path / "judge" / "outbox"
        wait_for(lambda: (outbox / "new").exists() and any((outbox / "new").iterdir()), 20, "the reply")
        [reply] = delivered(outbox)
        assert reply["In-Reply-To"] == "<by-lmtp@t>"
    finally:
        judge.send_signal(signal.SIGTERM)
        status = judge.wait(timeout=20)
    assert status == 0, log.read_text()
    assert "mail by LMTP: answered 1 line(s)" in log.read_text()


class SlowOutbox:
    """An outbox that takes its time, and says when the first mail is being handed over."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.mails: list[bytes] = []

    def deliver(self, raw: bytes) -> None:
        self.started.set()
        time.sleep(0.3)
        self.mails.append(raw)

    def close(self) -> None:
        pass


def test_stopping_lets_the_transaction_in_progress_finish(tmp_path: Path) -> None:
    config = load_config(write_default_config(tmp_path / "judge"))
    store = open_store(config.database_url)
    with store.session() as db:
        for number in range(3):
            queue_mail(db, f"p{number}@example.org", "a subject", "a body", domain="localhost")
    outbox = SlowOutbox()
    daemon = Daemon(config, store, MaildirInbox(config.inbox), outbox, SystemClock())
    daemon.start()
    assert outbox.started.wait(10)
    daemon.stop()  # while the first of the three is being handed over
    assert len(outbox.mails) == 3  # the batch in hand was finished, and committed
    with store.session() as db:
        assert {mail.status for mail in db.exec(select(Outbox))} == {OutboxStatus.SENT}
    assert not daemon.scheduler.running
    store.close()
