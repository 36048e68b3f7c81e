"""Two ``judge serve`` processes on one PostgreSQL database, reading one Maildir inbox side by side:
no mail and no deadline is processed twice, and no mail is delivered twice.

Both fetch the same mail files, so each mail is taken in by whichever stores it first (its
Message-ID is unique in the log) and the other finds it processed; both tick the same games, which
row locks (``FOR UPDATE``: a game being processed or ordered for is never touched by the other
process at the same time) keep apart; each sends the mail it has claimed, its claim renewed while
it sends, however long the send takes (``daemon.claims``). The judge's time runs 1,800 times as
fast as the host's, as in the crash test, so deadlines come every few seconds. The database is made for the test on the
local server (see tests/store/conftest.py) and dropped after it.
"""

from __future__ import annotations

import importlib.util
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import ModuleType

import pytest
from serve_support import (
    Players,
    mail,
    check_nothing_lost_nothing_twice,
    clock_options,
    drained,
    pause_all,
    setup_games,
    start_judge,
    wait_for,
)

from sqlmodel import select

from judge.service.config import load_config
from judge.service.play.games import process_phase
from judge.service.intake.mailroom import ingest
from judge.service.daemon.operate import init_judge
from judge.service.daemon.ticker import process_due
from judge.store import PhaseRecord, SubmittedOrders, claim_due_games, open_store

RATE = 1800.0
GAMES = {"bosworth": 0.3, "towton": 0.2, "barnet": 0.2, "tewkesbury": 0.1, "mortimer": 0.1, "hexham": 0.1}
ORIGIN = datetime(2026, 1, 5, 12, tzinfo=timezone.utc)
SECONDS = 8.0  # of the host's time, with both judges running
CLAIM_SECONDS = 2  # a sender's claim, renewed every half second while it sends


def _store_fixtures() -> ModuleType:
    """tests/store/conftest.py, which knows how to reach the test server (another conftest module
    than this folder's, so loaded under its own name)."""
    path = Path(__file__).resolve().parent.parent / "store" / "conftest.py"
    spec = importlib.util.spec_from_file_location("store_conftest", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new, empty PostgreSQL database (skipped, or failed under JUDGE_REQUIRE_SERVERS=1, without
    a server), dropped after the test."""
    with _store_fixtures().new_postgres_database() as url:
        yield url


def test_two_judges_on_one_database_never_process_anything_twice(tmp_path: Path, postgres_url: str) -> None:
    path = init_judge(tmp_path / "judge")
    text = path.read_text().replace('url = "sqlite:///judge.sqlite"', f'url = "{postgres_url}"')
    text = text.replace("poll_seconds = 2 ", "poll_seconds = 0.05 ").replace("tick_seconds = 60 ", "tick_seconds = 0.3 ")
    text = text.replace("claim_seconds = 60 ", f"claim_seconds = {CLAIM_SECONDS} ")
    path.write_text(text)
    config = load_config(path)
    assert config.database_url.startswith("postgresql")
    seats, orders = setup_games(config, ORIGIN, GAMES, "SET MOVES 1h GRACE 30m")
    epoch = time.time() + 3  # the judge's time is ORIGIN once both judges have started

    options = clock_options(ORIGIN, epoch, RATE)
    logs = [tmp_path / "first.log", tmp_path / "second.log"]
    judges = [start_judge(path, *options, log=log) for log in logs]
    wait_for(lambda: all(log.exists() and "serving" in log.read_text() for log in logs), 30, "the judges to start")
    players = Players(config.inbox, seats, orders, GAMES, seed=1471, gap=(0.03, 0.1))
    players.start()
    store = open_store(config.database_url)
    try:
        time.sleep(SECONDS)
        players.halt.set()
        players.join()
        expected = len(players.sent) + pause_all(config.inbox, GAMES)
        wait_for(drained(config, store, expected, len(GAMES)), 30, "the judges to take in and answer every mail")
    finally:
        players.halt.set()
        for judge in judges:
            judge.send_signal(signal.SIGTERM)
        statuses = [_stopped(judge) for judge in judges]
        store.close()
    assert statuses == [0, 0], [log.read_text()[-3000:] for log in logs]

    figures = check_nothing_lost_nothing_twice(config, players, expected)
    assert figures["delivered twice"] == 0  # no kills: each mail was sent by one judge, once
    texts = [log.read_text() for log in logs]
    taken = [text.count(": answered") for text in texts]
    assert all(count > 0 for count in taken), "both judges took in mail"
    assert not any("Traceback" in text for text in texts), texts
    print(f"\ntwo judges: {figures}; mail taken in by each: {taken}; "
          f"found processed by the other: {[text.count('already processed') for text in texts]}")


def _stopped(judge: subprocess.Popen[bytes]) -> int | None:
    """The exit status of a judge sent SIGTERM; one that does not stop in 30 seconds writes every
    thread's stack to its log (SIGUSR1) and is killed."""
    try:
        return judge.wait(timeout=30)
    except subprocess.TimeoutExpired:
        judge.send_signal(signal.SIGUSR1)
        time.sleep(0.5)
        judge.kill()
        judge.wait()
        return None


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_an_order_for_a_game_being_processed_waits_and_goes_to_the_next_phase(
    tmp_path: Path, request: pytest.FixtureRequest, backend: str
) -> None:
    """The race the side-by-side test looks for, made to happen: a judge process holds a due game
    (as its tick does) while another takes in an order mail for it. The mail must wait, then find
    the phase processed and order for the next one; it must never add orders to the phase being
    processed, where nobody would read them."""
    path = init_judge(tmp_path / "judge")
    if backend == "postgresql":
        url = request.getfixturevalue("postgres_url")
        path.write_text(path.read_text().replace('url = "sqlite:///judge.sqlite"', f'url = "{url}"'))
    config = load_config(path)
    seats, orders = setup_games(config, ORIGIN, ["bosworth"], "SET MOVES 1h GRACE 0m")
    address, password = seats["bosworth"]["England"]
    order = mail(address, f"SIGNON England@bosworth {password}\n{orders['bosworth']['England']}", "<late@t>")
    later = ORIGIN + timedelta(hours=2)
    ticking, taking = open_store(config.database_url), open_store(config.database_url)
    outcome: list[str] = []
    try:
        with ticking.session() as db:
            [game] = claim_due_games(db, later, limit=1)  # locked, as the ticker locks it
            taker = threading.Thread(target=lambda: outcome.append(ingest(taking, config, order, later)))
            taker.start()
            taker.join(0.8)
            assert taker.is_alive(), f"the mail did not wait for the game: {outcome}"
            process_phase(db, game, later, "deadline (test)")
        taker.join(20)
        assert outcome and outcome[0].startswith("answered")
        with taking.session() as db:
            submitted = db.exec(select(SubmittedOrders)).one()
            record = db.exec(select(PhaseRecord)).one()
        assert (record.phase, submitted.phase) == ("S1901M", "F1901M")
    finally:
        ticking.close()
        taking.close()


def test_a_game_held_by_a_slow_judge_is_left_alone_by_the_other_however_late_its_clock(
    tmp_path: Path, postgres_url: str
) -> None:
    """The game's claim is its row lock, not a length of time: a judge at work on a due game
    for as long as it likes keeps it, while the other judge's tick, a day later by the judge's
    clock (run fast, as in the side-by-side test), processes nothing."""
    path = init_judge(tmp_path / "judge")
    path.write_text(path.read_text().replace('url = "sqlite:///judge.sqlite"', f'url = "{postgres_url}"'))
    config = load_config(path)
    setup_games(config, ORIGIN, ["bosworth"], "SET MOVES 1h GRACE 0m")
    later = ORIGIN + timedelta(hours=2)
    slow, other = open_store(config.database_url), open_store(config.database_url)
    try:
        with slow.session() as db:
            [game] = claim_due_games(db, later, limit=1)
            assert process_due(other, config, later + timedelta(days=1)) == []
            process_phase(db, game, later, "deadline (test)")
        with other.session() as db:
            assert [record.phase for record in db.exec(select(PhaseRecord))] == ["S1901M"]
    finally:
        slow.close()
        other.close()
