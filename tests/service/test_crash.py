"""Nothing lost, nothing twice: ``judge serve`` killed with SIGKILL at random moments, many times,
under a stream of order mails and deadlines, and restarted each time.

The judge runs on a scaled clock (``--clock-rate``): its time runs 1,800 times as fast as the
host's, so a one-hour movement phase with half an hour of grace passes in three seconds, and
deadlines, grace and civil disorder come thick and fast. Every process is given the same origin
and epoch, so the judge's time carries on across kills exactly as the host's time would; nothing
else is changed for the test. Four games run at once, their players' order mails dropped into the
inbox Maildir by a thread of the test while the judge is killed and restarted.

Afterwards (the masters pause their games, and a last judge drains the mail and stops on SIGTERM):
- every mail was processed exactly once: each is in the inbound log, processed, with one reply;
- every phase was processed once: each game's phase records are unique and consecutive;
- no order was lost: each order mail left exactly one orders submission for its power;
- every queued mail was delivered at least once, and a mail delivered twice (a kill between the
  delivery and its commit) carries the same Message-ID both times: the mail a killed judge was
  sending is sent by the next judge once its claim lapses (``[serve] claim_seconds``, two seconds
  here, against a minute by default).
"""

from __future__ import annotations

import os
import random
import signal
import time
from datetime import datetime, timezone
from pathlib import Path

from serve_support import (
    Players,
    check_nothing_lost_nothing_twice,
    clock_options,
    drained,
    pause_all,
    setup_games,
    start_judge,
    wait_for,
)

from judge.service.config import load_config
from judge.service.daemon.operate import init_judge
from judge.store import open_store

SEED = int(os.environ.get("JUDGE_CRASH_SEED", "1455"))  # the year of the first battle of St Albans
KILLS = 15
RATE = 1800.0
GAMES = {"bosworth": 0.45, "towton": 0.3, "barnet": 0.2, "tewkesbury": 0.05}  # share of the mail
ORIGIN = datetime(2026, 1, 5, 12, tzinfo=timezone.utc)
CLAIM_SECONDS = 2  # of the host's time: how long the mail a killed judge was sending waits


def test_sigkill_at_random_moments_loses_nothing_and_repeats_nothing(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    path = init_judge(tmp_path / "judge")
    text = path.read_text().replace("poll_seconds = 2 ", "poll_seconds = 0.1 ")
    text = text.replace("tick_seconds = 60 ", "tick_seconds = 0.5 ").replace('"6h"', '"12h"')
    text = text.replace("claim_seconds = 60 ", f"claim_seconds = {CLAIM_SECONDS} ")
    path.write_text(text)
    config = load_config(path)
    seats, orders = setup_games(config, ORIGIN, GAMES, "SET MOVES 1h GRACE 30m")
    epoch = time.time()  # the judge's time is ORIGIN now, and runs RATE times as fast from here

    options = clock_options(ORIGIN, epoch, RATE)
    log = tmp_path / "serve.log"
    players = Players(config.inbox, seats, orders, GAMES, SEED + 1)
    players.start()
    try:
        for _ in range(KILLS):
            started = log.read_text().count(" serving ") if log.exists() else 0
            judge = start_judge(path, *options, log=log)
            # Killed while at work: after it has started (its imports take a second or two, and a
            # kill then would test nothing), at a random moment of its first 1.2 seconds.
            wait_for(lambda: log.read_text().count(" serving ") > started, 30, "the judge to start")
            time.sleep(rng.uniform(0.0, 1.2))
            judge.send_signal(signal.SIGKILL)
            judge.wait()
            if rng.random() < 0.3:
                time.sleep(rng.uniform(0.0, 0.5))  # down a moment; mail piles up
    finally:
        players.halt.set()
        players.join()
    expected = len(players.sent) + pause_all(config.inbox, GAMES)

    judge = start_judge(path, *options, log=log)
    store = open_store(config.database_url)
    try:
        wait_for(drained(config, store, expected, len(GAMES)), 30,
                 "the last judge to take in every mail and send every reply")
    finally:
        judge.send_signal(signal.SIGTERM)
        status = judge.wait(timeout=30)
        store.close()
    assert status == 0

    figures = check_nothing_lost_nothing_twice(config, players, expected)
    refetched = log.read_text().count("already processed")
    print(f"\ncrash test (seed {SEED}): {KILLS} kills; {figures}; {refetched} mails fetched again")
