"""Makes the databases of an earlier judge that ``test_upgrade_by_mail.py`` upgrades and plays on.

Run it with the Python of an EARLIER judge (a worktree of an old commit with its own venv), from
anywhere; it writes into this folder:

    git worktree add /tmp/old44 44fb01b          # the code of 2026-11-25, schema 0004
    (cd /tmp/old44 && python3 -m venv .venv && .venv/bin/pip install -q -e .)
    /tmp/old44/.venv/bin/python tests/service/upgrade_fixtures/make_fixtures.py

and the same with 1fd9fdc (schema 0006, the last code before 2026-11-29's migrations). Each run makes
``<revision>.sqlite`` (an SQLite judge, compacted with VACUUM INTO) and ``<revision>.sql`` (the
same games played on PostgreSQL at ``JUDGE_TEST_POSTGRES_URL`` or postgres@127.0.0.1:5432, dumped
by ``pg_dump --no-owner --no-acl`` as plain SQL), ``<revision>`` being the old judge's schema
head. Everything goes by mail, as players would: a master creates a standard game, a Wars of the
Roses I game and a Richard III game; players join (confirming their addresses where that judge
asks); the Diplomacy games play their first phase and have some orders in for the next one; the
Richard III game plays two phases. The clock is given (``START`` on), so only the games' secrets
(and so the powers drawn and the Richard III deal) differ from one run to the next.

This file only uses what every judge since 44fb01b has (``ingest``, ``tick``, the store's tables,
the game kinds' ``random_orders``), and the test imports its names (the games, the passwords,
``END``) to play on.
"""

from __future__ import annotations

import os
import re
import secrets
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from random import Random
from tempfile import TemporaryDirectory
from typing import Any

HERE = Path(__file__).resolve().parent
START = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)  # a Monday
END = START + timedelta(hours=2)
"""The old judge's last mail is before this; the test plays on from here."""

MASTER, MASTER_PASSWORD = "master@example.org", "crownless"
OBSERVER, OBSERVER_PASSWORD = "watcher@example.org", "onlooker"
GAMES = {"stdgame": "standard", "wars": "roses1", "crown": "richard3"}
"""The games, and the kind each is created as."""
PLAYERS = {
    "stdgame": [f"std{n}@example.org" for n in range(1, 8)],
    "wars": [f"wars{n}@example.org" for n in range(1, 8)],
    "crown": ["white@example.org", "red@example.org"],
}
CODE = re.compile(r"^(?!> ).*\bCONFIRM ([a-z0-9]{8})\b", re.MULTILINE)


def password(address: str) -> str:
    """Each player's password for his one game."""
    return "pw-" + address.split("@")[0]


def signon(power: str, game: str, address: str) -> str:
    """The SIGNON line of a player (``SIGNON RedRose@wars pw-wars3``: every judge reads it)."""
    return f"SIGNON {power.replace(' ', '')}@{game} {password(address)}"


class OldJudge:
    """The earlier judge, driven by mail through its own ``ingest`` and ``tick``."""

    def __init__(self, folder: Path, database_url: str | None) -> None:
        from judge.service.config import load_config
        from judge.service.daemon.operate import init_judge
        from judge.store import open_store

        path = init_judge(folder)
        if database_url:
            text = path.read_text()
            path.write_text(text.replace('url = "sqlite:///judge.sqlite"', f'url = "{database_url}"'))
        self.config = load_config(path)
        self.store = open_store(self.config.database_url)
        self.now = START
        self.sent = 0

    def send(self, sender: str, body: str) -> str:
        from judge.service.intake.mailroom import ingest
        from judge.store import Outbox
        from sqlmodel import select

        self.sent += 1
        self.now += timedelta(seconds=10)
        message_id = f"<old{self.sent}@fixtures.invalid>"
        raw = f"From: {sender}\nTo: judge@localhost\nSubject: orders\nMessage-ID: {message_id}\n\n{body}\n"
        ingest(self.store, self.config, raw.encode(), self.now)
        with self.store.session() as db:
            return db.exec(select(Outbox).where(Outbox.in_reply_to == message_id)).one().body

    def enrol(self, sender: str, body: str) -> str:
        """A first mail from an address; its confirmation code sent back where the judge asks."""
        reply = self.send(sender, body)
        if found := CODE.search(reply):
            assert "Confirmed" in self.send(sender, f"CONFIRM {found[1]}")
        return reply

    def game(self, name: str) -> Any:
        from judge.store import Game
        from sqlmodel import select

        with self.store.session() as db:
            return db.exec(select(Game).where(Game.name == name)).one()

    def powers(self, name: str) -> dict[str, str]:
        """Each power of the game and its player's address."""
        from judge.store import Membership, Player
        from sqlmodel import select

        game = self.game(name)
        with self.store.session() as db:
            rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)
                           .where(Membership.game_id == game.id)).all()
        return {m.power: p.address for m, p in rows if m.power}

    def order(self, name: str, power: str, address: str, orders: list[str]) -> str:
        reply = self.send(address, "\n".join([signon(power, name, address), *orders]))
        assert "Signed on" in reply, reply
        return reply

    def deliver(self) -> None:
        from judge.service.daemon.ticker import tick

        class Dropped:
            def deliver(self, raw: bytes) -> None:
                pass

        tick(self.store, self.config, Dropped(), self.now)


def play(judge: OldJudge) -> None:
    """Everything the fixtures hold, by mail."""
    from judge.games.registry import game_kind

    rng = Random(34)
    for name, kind in GAMES.items():
        reply = judge.enrol(MASTER, f"CREATE ?{name} {MASTER_PASSWORD} {kind}")
        assert "created" in reply, reply
        for address in PLAYERS[name]:
            judge.enrol(address, f"JOIN {name} {password(address)}")
        assert judge.game(name).phase, f"{name} has not started"
    judge.enrol(OBSERVER, f"OBSERVE crown {OBSERVER_PASSWORD}\nOBSERVE stdgame {OBSERVER_PASSWORD}")

    for name in ("stdgame", "wars"):  # the first phase, every power's orders in, then some
        engine = game_kind(GAMES[name])
        powers = judge.powers(name)
        first = judge.game(name).phase
        for power, address in sorted(powers.items()):
            judge.order(name, power, address, engine.random_orders(judge.game(name).state, power, rng))
        assert judge.game(name).phase != first, f"{name}: {first} was not processed"
        state = judge.game(name).state
        for power in sorted(engine.pending(state).powers)[:3]:
            judge.order(name, power, powers[power], engine.random_orders(state, power, rng))

    engine = game_kind(GAMES["crown"])
    houses = judge.powers("crown")
    for _ in range(2):  # the cards, then the first house's actions
        state = judge.game("crown").state
        pending = engine.pending(state)
        for house in sorted(pending.powers):
            orders = engine.random_orders(state, house, rng)
            orders += [] if pending.timing == "cards" else ["DONE"]
            judge.order("crown", house, houses[house], orders)
    judge.deliver()
    assert judge.now < END


def main() -> None:
    from judge.store.migrate import head_revisions

    revision = head_revisions()[0]
    with TemporaryDirectory() as scratch:
        judge = OldJudge(Path(scratch) / "judge", None)
        play(judge)
        judge.store.close()
        target = HERE / f"{revision}.sqlite"
        target.unlink(missing_ok=True)
        with sqlite3.connect(Path(scratch) / "judge" / "judge.sqlite") as source:
            source.execute("VACUUM INTO ?", (str(target),))
        source.close()

    admin = os.environ.get("JUDGE_TEST_POSTGRES_URL") or "postgresql://postgres@127.0.0.1:5432/postgres"
    admin = admin.replace("postgresql+psycopg://", "postgresql://")
    database = f"judge_fixture_{secrets.token_hex(4)}"
    url = admin.rsplit("/", 1)[0] + "/" + database
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", admin, "-c", f'CREATE DATABASE "{database}"'],
                   check=True)
    try:
        with TemporaryDirectory() as scratch:
            judge = OldJudge(Path(scratch) / "judge", url.replace("postgresql://", "postgresql+psycopg://"))
            play(judge)
            judge.store.close()
        dump = subprocess.run(["pg_dump", "--no-owner", "--no-acl", url], check=True,
                              capture_output=True, text=True).stdout
        (HERE / f"{revision}.sql").write_text(dump)
    finally:
        subprocess.run(["psql", "-q", admin, "-c", f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'],
                       check=True)
    print(f"made {revision}.sqlite and {revision}.sql with the judge at {Path(sys.modules['judge'].__file__).parent}")


if __name__ == "__main__":
    main()
