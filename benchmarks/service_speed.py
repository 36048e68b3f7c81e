"""How fast the judge takes order mails in, and processes deadlines that fall together.

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/service_speed.py [--mails 600] [--repeat 3] [--batch 50] [--games 1000]
                                       [--positions] [--outbox discard|maildir]

Ingest: a judge on SQLite in a temporary folder runs one standard game; each of the seven powers
mails its full set of orders over and over (SIGNON, then an order for every unit), while one
power's SET WAIT keeps the phase open. Each mail is stored, read, carried out and answered (the
reply queued in the outbox), and the per-sender rate limit is checked (a player mails about once a
minute). Two figures, in mails per second in one process: one mail a transaction, as ``judge
ingest`` (the MTA pipe) does, and ``--batch`` mails a transaction, each in its own savepoint, as
the inbox and ``judge serve`` take them (``ingest_batch``: one commit, and one disk sync, a batch).
Each is also given by the process's CPU time, a steadier figure on a loaded machine.

Deadlines: ``--games`` standard games, all started and all falling due in the same minute, with no
orders in and no grace, so every one processes in civil disorder; one ``tick`` at a time past the
deadline processes them all and queues every member's turn report, then sends them. The figures
are the wall time of the tick's two halves: processing (games per second), and sending the
reports (each carrying its game's map, one PNG rendered per game), then the CPU time of each (a
steadier figure on a loaded machine). ``--mails 0`` or ``--games 0`` leaves that half out.
By default every game stands at the opening position, so every game's map is the same picture;
``--positions`` gives each game its own: a spring position of a random game (random legal orders
for every power, as ``judge selfplay`` plays), its 1902 to 1910, so every game's map is another
picture to draw (making them takes about a minute, not counted). ``--outbox maildir`` writes the reports into the judge's outbox Maildir, as a
judge does (each mail synced to disk); by default they are handed to a transport that drops them.
Sending's CPU time is also given without the PNGs' (the sender's rendering of each picture, timed
apart), the part of sending that is not the picture.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from random import Random
from typing import Any

from sqlmodel import func, select

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.diplomacy.random_orders import random_orders
from judge.games.diplomacy.vocabulary import Power
from judge.games.registry import game_kind
from judge.games.variants import load_variant
from judge.mail.maildir import MaildirOutbox
from judge.service.config import load_config
from judge.service.play.games import create_game, start_game
from judge.service.intake.mailroom import ingest, ingest_batch
from judge.service.daemon.operate import init_judge
from judge.service.mailing import attached
from judge.service.daemon.ticker import deliver, process_due
from judge.store import (
    Game,
    InboundMail,
    InboundStatus,
    Membership,
    Outbox,
    Player,
    Role,
    hash_password,
    open_store,
)

START = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)


def mail(number: int, sender: str, body: str) -> bytes:
    return (f"From: {sender}\nTo: judge@localhost\nSubject: orders\n"
            f"Message-ID: <b{number}@bench.invalid>\n\n{body}\n").encode()


def ingest_speed(folder: Path, count: int, repeat: int, batch: int = 1) -> None:
    config = load_config(init_judge(folder / f"ingest-{batch}"))
    store = open_store(config.database_url)
    ingest(store, config, mail(0, "gm@example.org", "CREATE ?bench pw standard"), START)
    for n in range(1, 8):
        ingest(store, config, mail(n, f"p{n}@example.org", f"JOIN bench pw{n}"), START)
    kind = game_kind("standard")
    with store.session() as db:
        game = db.exec(select(Game)).one()
        state = game.state
        powers = {m.power: m.player_id for m in db.exec(select(Membership)) if m.power}
        address = {p.id: p.address for p in db.exec(select(Player))}
    bodies = []
    rng = Random(1)
    position = kind.position(state)  # type: ignore[attr-defined]
    for power, player in sorted(powers.items()):
        orders = random_orders(kind.map, position, Power(power), rng)  # type: ignore[attr-defined]
        sender = address[player]
        password = f"pw{sender[1]}"
        bodies.append((sender, "\n".join([f"SIGNON {power}@bench {password}", *orders])))
    first = bodies[0]
    ingest(store, config, mail(8, first[0], first[1] + "\nSET WAIT"), START)
    number = 100
    rates, cpu_rates = [], []
    for _ in range(repeat):
        started, cpu = time.perf_counter(), time.process_time()
        waiting: list[bytes] = []
        for i in range(count):
            sender, body = bodies[i % len(bodies)]
            number += 1
            now = START + timedelta(seconds=10 * number)  # a player mails every 70 s or so,
            if batch == 1:                             # well within the per-sender rate limit
                ingest(store, config, mail(number, sender, body), now)
                continue
            waiting.append(mail(number, sender, body))
            if len(waiting) == batch or i == count - 1:
                ingest_batch(store, config, waiting, now)
                waiting = []
        rates.append(count / (time.perf_counter() - started))
        cpu_rates.append(count / (time.process_time() - cpu))
    with store.session() as db:
        replies = db.exec(select(func.count()).select_from(Outbox)).one()
        assert db.exec(select(Game)).one().phase == "S1901M"
        answered = db.exec(select(func.count()).select_from(InboundMail)
                           .where(InboundMail.status == InboundStatus.PROCESSED)).one()
    sent = 9 + repeat * count  # CREATE, seven JOINs, SET WAIT, and the order mails
    assert answered == sent, (answered, sent)  # every mail answered, none dropped
    store.close()
    how = "one by one (ingest)" if batch == 1 else f"in batches of {batch} (ingest_batch)"
    print(f"ingest {how}: {count} order mails a run ({len(bodies[0][1].splitlines())} lines "
          f"each), {replies} mails queued in all")
    print(f"  median {statistics.median(rates):.0f} mails/s (min {min(rates):.0f}, "
          f"max {max(rates):.0f}, {repeat} runs); by CPU time of this process "
          f"{statistics.median(cpu_rates):.0f} mails/s")


def spring_positions(count: int) -> list[dict[str, Any]]:
    """``count`` different positions of the standard map, each at a spring movement phase: those
    of random games (random legal orders for every power), from 1902 to 1910."""
    kind = DiplomacyGame(load_variant("standard"))
    found: list[dict[str, Any]] = []
    seed = 0
    while len(found) < count:
        rng = Random(seed)
        seed += 1
        state = kind.new_game(b"")
        while len(found) < count and kind.standing(state).period <= 1910:
            pending = kind.pending(state)
            if pending.phase.startswith("S") and pending.timing == "movement" and kind.standing(state).period > 1901:
                found.append(state)
            orders = {power: kind.random_orders(state, power, rng) for power in sorted(pending.powers)}
            result = kind.resolve(state, orders, rng)
            if kind.outcome(result.state) is not None:
                break
            state = result.state
    return found


def deadline_speed(folder: Path, games: int, positions: bool = False, outbox: str = "discard") -> None:
    config = load_config(init_judge(folder / "deadlines"))
    store = open_store(config.database_url)
    stored = hash_password("pw")  # one hash for every member: setting up is not what is measured
    own = spring_positions(games) if positions else []
    with store.session() as db:
        players = [Player(address=f"p{n}@example.org", confirmed=True) for n in range(8)]
        db.add_all(players)
        db.flush()
        for number in range(games):
            game = create_game(db, f"g{number}", "diplomacy/standard", players[0], "pw", START)
            game.settings = {"timing": {kind: {"grace_minutes": 0}
                                        for kind in ("movement", "retreat", "adjustment")}}
            db.flush()
            for player in players[1:]:
                db.add(Membership(game_id=game.id, player_id=player.id, role=Role.PLAYER,
                                  password_hash=stored))
            db.flush()
            start_game(db, game, START)
            if own:
                game.state = own[number]
                game.phase = game_kind("standard").pending(game.state).phase
                db.add(game)
        phases = {game.id: game.phase for game in db.exec(select(Game))}
    due = START + timedelta(hours=48, minutes=1)
    started, cpu = time.perf_counter(), time.process_time()
    done = process_due(store, config, due)
    elapsed, elapsed_cpu = time.perf_counter() - started, time.process_time() - cpu
    sending, cpu = time.perf_counter(), time.process_time()
    transport = MaildirOutbox(config.outbox) if outbox == "maildir" else _Discard()
    with _PictureClock() as pictures:
        done += deliver(store, config, transport, due)
    sent, sent_cpu = time.perf_counter() - sending, time.process_time() - cpu
    with store.session() as db:
        moved = sum(1 for game in db.exec(select(Game)) if game.phase != phases[game.id])
        reports = db.exec(select(func.count()).select_from(Outbox)
                          .where(Outbox.subject.startswith("Diplomacy results"))).one()  # type: ignore[attr-defined]
    store.close()
    assert moved == games and reports == games * 8, (moved, reports)
    written = len(list((config.outbox / "new").iterdir())) if outbox == "maildir" else reports
    assert written == reports, (written, reports)
    where = "written to the outbox Maildir" if outbox == "maildir" else "handed to a transport that drops them"
    maps = "each game its own position" if positions else "every game the same position"
    print(f"deadlines: {games} games due in the same minute ({maps}), {moved} processed, "
          f"{reports} reports queued and delivered ({len(done)} actions), {where}")
    print(f"  one tick: processing {elapsed:.1f} s wall, {games / elapsed:.0f} games/s; then "
          f"sending {sent:.1f} s (each results mail carrying its game's map as a PNG); "
          f"in all {elapsed + sent:.1f} s")
    print(f"  CPU time of this process: processing {elapsed_cpu:.1f} s, sending {sent_cpu:.1f} s, "
          f"in all {elapsed_cpu + sent_cpu:.1f} s")
    print(f"  sending's PNGs {pictures.cpu:.1f} s CPU ({pictures.count} pictures); sending without them "
          f"{sent_cpu - pictures.cpu:.1f} s; processing and sending without the PNGs "
          f"{elapsed_cpu + sent_cpu - pictures.cpu:.1f} s")


class _PictureClock:
    """The CPU time the sender spends rendering PNGs (``mailing.attached.png``, timed while in use)."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.count = 0

    def __enter__(self) -> _PictureClock:
        self._png = attached.png

        def timed(svg: str) -> bytes:
            started = time.process_time()
            try:
                return self._png(svg)
            finally:
                self.cpu += time.process_time() - started
                self.count += 1

        attached.png = timed  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        attached.png = self._png  # type: ignore[assignment]


class _Discard:
    def deliver(self, raw: bytes) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--batch", type=int, default=50,
                        help="mails per commit for the inbox figure (group commit)")
    parser.add_argument("--positions", action="store_true",
                        help="each game at its own position (its own map picture)")
    parser.add_argument("--outbox", choices=("discard", "maildir"), default="discard",
                        help="where the reports go: dropped, or the judge's outbox Maildir")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if args.mails:
            ingest_speed(Path(folder), args.mails, args.repeat)
            ingest_speed(Path(folder), args.mails, args.repeat, args.batch)
        if args.games:
            deadline_speed(Path(folder), args.games, args.positions, args.outbox)


if __name__ == "__main__":
    main()
