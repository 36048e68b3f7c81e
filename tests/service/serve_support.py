"""What the daemon's tests share: mail made up for them, games made by mail, Maildirs, and
``judge serve`` run as a real process."""

from __future__ import annotations

import email
import os
import random
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from mail_judge import CODE
from sqlmodel import col, select

from judge.service.config import Config
from judge.service.intake.mailroom import ingest
from judge.store import (
    Game,
    GameStatus,
    InboundMail,
    InboundStatus,
    Membership,
    Outbox,
    OutboxStatus,
    PhaseRecord,
    Player,
    Store,
    SubmittedOrders,
    open_store,
)

def master_of(game: str) -> str:
    """Each game has a master of its own (a judge lets one address master a few games at once)."""
    return f"{game}-master@example.org"
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")

Seats = dict[str, tuple[str, str]]  # power -> (address, password)
AllSeats = dict[str, Seats]  # game -> its seats
AllOrders = dict[str, dict[str, str]]  # game -> power -> hold orders


def mail(sender: str, body: str, message_id: str, subject: str = "orders") -> bytes:
    return (
        f"From: {sender}\nTo: judge@localhost\nSubject: {subject}\n"
        f"Message-ID: {message_id}\n\n{body}\n"
    ).encode()


def new_game(ingest: Callable[[bytes], str], store: Store, name: str, *setup: str) -> Seats:
    """Create a standard game (the master's ``setup`` lines run first) and fill it with seven
    players, which starts it, everyone confirming their address as they join; return each
    power's player address and password."""
    players = [f"{name}-p{number}@example.org" for number in range(1, 8)]
    ingest(mail(master_of(name), "\n".join([f"CREATE ?{name} secret standard", *setup]),
                f"<create-{name}@t>"))
    confirm(ingest, store, master_of(name))
    for number, address in enumerate(players, 1):
        ingest(mail(address, f"JOIN {name} pw{number}", f"<join-{name}-{number}@t>"))
        confirm(ingest, store, address)
    with store.session() as db:
        game = db.exec(select(Game).where(Game.name == name)).one()
        assert game.status is GameStatus.ACTIVE, game.status
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id,
                                                        Membership.game_id == game.id)).all()
    return {m.power: (p.address, f"pw{players.index(p.address) + 1}") for m, p in rows if m.power}


def confirm(ingest: Callable[[bytes], str], store: Store, address: str) -> None:
    """Confirm an address as a person would: send back the code of the judge's reply."""
    with store.session() as db:
        replies = db.exec(select(Outbox.body).where(Outbox.to_address == address)
                          .order_by(col(Outbox.id).desc())).all()
    code = next(found[1] for body in replies if (found := CODE.search(body)))
    ingest(mail(address, f"CONFIRM {code}", f"<confirm-{address}@t>"))


def hold_orders(state: dict[str, object], power: str) -> list[str]:
    units = state["units"]
    assert isinstance(units, list)
    return [f"{u['type']} {u['loc']} H" for u in units if u["power"] == power]


def drop(maildir: Path, raw: bytes, name: str) -> None:
    """Deliver a mail into a Maildir as an MTA does: written in tmp/, then renamed into new/."""
    temporary = maildir / "tmp" / name
    temporary.write_bytes(raw)
    os.rename(temporary, maildir / "new" / name)


def delivered(maildir: Path) -> list[email.message.Message]:
    """The mails in a Maildir's new/ (the judge's outbox), oldest first."""
    files = sorted((maildir / "new").iterdir(), key=lambda path: path.stat().st_mtime)
    return [email.message_from_bytes(path.read_bytes()) for path in files]


def start_judge(config: Path, *options: str, log: Path | None = None) -> subprocess.Popen[bytes]:
    """``judge --config CONFIG serve OPTIONS``, as a process of its own."""
    output = open(log, "ab") if log is not None else subprocess.DEVNULL
    return subprocess.Popen(
        [sys.executable, "-m", "judge.cli", "--config", str(config), "serve", *options],
        stdout=output, stderr=output,
    )


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout}s for {what}")
        time.sleep(0.05)


def clock_options(origin: datetime, epoch: float, rate: float) -> list[str]:
    return ["--clock-origin", origin.isoformat(), "--clock-epoch", repr(epoch), "--clock-rate", str(rate)]


# --- a stream of order mails, and what must hold after it ---------------------------------------


def next_phase(phase: str) -> str:
    """The phase after a movement phase when every unit always holds (no retreats, no builds)."""
    season, year = phase[0], int(phase[1:5])
    return f"F{year}M" if season == "S" else f"S{year + 1}M"


def setup_games(config: Config, at: datetime, names: Iterable[str], *setup: str) -> tuple[AllSeats, AllOrders]:
    """Start the games (in this process, all at the instant ``at``); each power's hold orders."""
    store = open_store(config.database_url)
    seats, orders = {}, {}
    try:
        for name in names:
            seats[name] = new_game(lambda raw: ingest(store, config, raw, at), store, name, *setup)
            with store.session() as db:
                state = db.exec(select(Game).where(Game.name == name)).one().state
            orders[name] = {power: "\n".join(hold_orders(state, power)) for power in seats[name]}
    finally:
        store.close()
    return seats, orders


class Players(threading.Thread):
    """The players: order mails for random powers of the games (``shares``: each game's share of
    the mail), dropped into the inbox every 50 to 200 ms until ``halt`` is set."""

    def __init__(self, inbox: Path, seats: AllSeats, orders: AllOrders, shares: dict[str, float],
                 seed: int, gap: tuple[float, float] = (0.05, 0.2)) -> None:
        super().__init__(daemon=True)
        self.inbox, self.seats, self.orders, self.shares, self.gap = inbox, seats, orders, shares, gap
        self.random = random.Random(seed)
        self.sent: dict[str, tuple[str, str]] = {}  # message id -> (game, power)
        self.halt = threading.Event()

    def run(self) -> None:
        number = 0
        while not self.halt.wait(self.random.uniform(*self.gap)):
            game = self.random.choices(list(self.shares), weights=list(self.shares.values()))[0]
            power = self.random.choice(sorted(self.seats[game]))
            address, password = self.seats[game][power]
            message_id = f"<order-{number}@stream.test>"
            body = f"SIGNON {power}@{game} {password}\n{self.orders[game][power]}"
            drop(self.inbox, mail(address, body, message_id), f"order-{number}.eml")
            self.sent[message_id] = (game, power)
            number += 1


def pause_all(inbox: Path, games: Iterable[str]) -> int:
    """The masters pause their games by mail (so that no deadline makes new mail); how many."""
    names = list(games)
    for number, game in enumerate(names):
        drop(inbox, mail(master_of(game), f"SIGNON M{game} secret\nPAUSE", f"<pause-{number}@stream.test>"),
             f"pause-{number}.eml")
    return len(names)


def drained(config: Config, store: Store, expected: int, games: int) -> Callable[[], bool]:
    """Whether every mail of the stream is taken in, every game paused and every reply sent."""

    def check() -> bool:
        if any((config.inbox / "new").iterdir()):
            return False
        with store.session() as db:
            stored = db.exec(select(InboundMail).where(col(InboundMail.message_id).like("%stream.test>"))).all()
            pending = db.exec(select(Outbox).where(Outbox.status == OutboxStatus.PENDING)).first()
            paused = db.exec(select(Game).where(Game.status == GameStatus.PAUSED)).all()
        return len(stored) == expected and pending is None and len(paused) == games

    return check


def check_nothing_lost_nothing_twice(config: Config, players: Players, expected: int) -> dict[str, int]:
    """The stream's promises, checked in the store and the outbox Maildir; returns figures."""
    store = open_store(config.database_url)
    try:
        with store.session() as db:
            inbound = {row.message_id: row for row in db.exec(select(InboundMail))}
            outbox = list(db.exec(select(Outbox)))
            records = list(db.exec(select(PhaseRecord).order_by(col(PhaseRecord.id))))
            games = {game.id: game for game in db.exec(select(Game))}
            submissions = list(db.exec(select(SubmittedOrders)))
            powers = {m.id: m.power for m in db.exec(select(Membership))}
    finally:
        store.close()

    # Every mail processed exactly once, with exactly one reply.
    ours = {key: row for key, row in inbound.items() if key.endswith("@stream.test>")}
    assert len(ours) == expected
    assert {row.status for row in ours.values()} == {InboundStatus.PROCESSED}, Counter(
        row.outcome for row in ours.values() if row.status is not InboundStatus.PROCESSED)
    replies = Counter(mail.in_reply_to for mail in outbox if mail.in_reply_to)
    assert all(replies[key] == 1 for key in ours), [key for key in ours if replies[key] != 1]

    # No order lost (or counted twice): one submission per order mail, for its power, when it came.
    came = Counter((ours[key].received_at, power) for key, (_, power) in players.sent.items())
    submitted = Counter((row.received_at, powers[row.membership_id]) for row in submissions)
    assert came == submitted

    # No order came too late for its phase: each submission for a phase was read when it was
    # processed (two processes must not let a mail order for a phase being processed meanwhile).
    read = {(record.game_id, record.phase): set(record.orders) for record in records}
    unread = [(games[row.game_id].name, row.phase, powers[row.membership_id]) for row in submissions
              if (row.game_id, row.phase) in read and powers[row.membership_id] not in read[(row.game_id, row.phase)]]
    assert unread == [], unread

    # Every phase processed once, in order.
    by_game: dict[int, list[PhaseRecord]] = {}
    for record in records:
        by_game.setdefault(record.game_id, []).append(record)
    assert set(by_game) == set(games), [(g.name, g.phase, g.deadline, g.status) for g in games.values()]
    for game_id, played in by_game.items():
        assert {record.sequence for record in played} == {1}
        phases = [record.phase for record in played]
        assert phases[0] == "S1901M"
        assert all(next_phase(a) == b for a, b in zip(phases, phases[1:])), phases
        assert games[game_id].phase == next_phase(phases[-1])

    # Every mail queued was delivered at least once; a repeat is the same mail (same Message-ID).
    assert {mail.status for mail in outbox} == {OutboxStatus.SENT}
    in_maildir = Counter(message["Message-ID"] for message in delivered(config.outbox))
    assert set(in_maildir) == {mail.message_id for mail in outbox}
    reasons = Counter(record.reason.split(":")[0] for record in records)
    return {
        "order mails": len(players.sent),
        "phases": len(records),
        **{f"phases ({reason})": count for reason, count in reasons.items()},
        "mails out": len(outbox),
        "delivered twice": sum(count - 1 for count in in_maildir.values()),
    }
