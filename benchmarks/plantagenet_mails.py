"""How many mails a Turn of Plantagenet costs each player by mail (issue 22: one per Levy, one per
Plan, one per own card, fewer with orders sent ahead, none for reactions).

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/plantagenet_mails.py [--scenarios Ia,II,III] [--games 3] [--turns 6]
                                           [--no-ahead] [--seed 1]

A judge on SQLite in a temporary folder runs each game by mail through ``ingest`` and ``tick``,
as a judge does: created, joined by two players. Each player is a bot that mails only when the
judge waits for him (he is due and his orders are not complete), answering with random legal
orders as ``judge selfplay`` plays (the bot reads the whole state: it plays at random, so it
learns nothing it could use):

- at a Pay (3.2), his Pay choices (or PASS) and, after ``PHASE``, his Muster, made on a copy of
  the game played on with the enemy silent; at a Muster with nothing sent ahead, his Muster;
- at the Plan (4.1), his Plan with his standing orders (Intercept, Exile, Truce, Flee, held
  Events, the Battle's choices) and, after ``PHASE T<n> card <k> <side>``, the actions of each of
  his cards, made the same way;
- when the judge asks for a card (nothing sent ahead for it, or an action sent ahead has become
  illegal), ``CLEAR`` and that card's actions. A mail with a refused line is answered with
  ``CLEAR`` and PASS (the line's cause is counted).

``--no-ahead`` sends nothing ahead: a mail for every step a side is due. A side due when the
deadline comes (never, unless a bot's mail was refused twice) is counted. The figures, per side
and Turn played: the mails sent at a Levy (Pay and Muster), at the Plan, for own cards, and as
beside the own cards played (Command cards of a Lord on the map, each a step that asked
him) and the card actions not carried out (refused as their turn came: after a roll went
otherwise than the bot's copy of the game, or the enemy Intercepted or Approached; they cost
nothing). Reactions cost no mail: the judge waits only for the side whose step it is (the other
side's reactions come from its standing orders), so the bots never send one.
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from random import Random
from typing import Any

from sqlmodel import col, select

from judge.games.plantagenet.game import PlantagenetGame
from judge.games.registry import game_kind
from judge.service.config import Config, load_config
from judge.service.daemon.operate import init_judge
from judge.service.daemon.ticker import tick
from judge.service.intake.mailroom import ingest
from judge.service.play.games import late_powers
from judge.store import Game, GameStatus, Membership, Outbox, PhaseRecord, Player, Store, open_store

START = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)
CODE = re.compile(r"^(?!> ).*\bCONFIRM ([a-z0-9]{8})\b", re.MULTILINE)


class Dropped:
    """A transport that drops what it is given (the mails stay in the outbox to be read)."""

    def deliver(self, raw: bytes) -> None:
        pass


class ByMail:
    """One game by mail: the judge, the clock, and the two players' SIGNONs."""

    def __init__(self, folder: Path, kind: str) -> None:
        self.config: Config = load_config(init_judge(folder))
        self.store: Store = open_store(self.config.database_url)
        self.now = START
        self.number = 0
        self.send("master@example.org", f"CREATE ?bench secret {kind}")
        self.send("a@example.org", "JOIN bench pw0")
        self.send("b@example.org", "JOIN bench pw1")
        with self.store.session() as db:
            rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
            self.address = {m.power: p.address for m, p in rows if m.power}
        assert len(self.address) == 2, "the game did not start"
        self.signon = {side: f"SIGNON {side[0]}bench pw{'ab'.index(a[0])}" for side, a in self.address.items()}

    def send(self, sender: str, body: str) -> str:
        """Mail the judge (a minute later than the last mail: within every rate limit); its reply.
        A first mail that asks for an address's confirmation is confirmed."""
        self.number += 1
        self.now += timedelta(minutes=1)
        message_id = f"<m{self.number}@bench.invalid>"
        raw = f"From: {sender}\nTo: judge@localhost\nSubject: orders\nMessage-ID: {message_id}\n\n{body}\n"
        ingest(self.store, self.config, raw.encode(), self.now)
        with self.store.session() as db:
            reply = db.exec(select(Outbox).where(Outbox.in_reply_to == message_id)).one().body
        found = CODE.search(reply)
        if found and not body.startswith("CONFIRM"):
            self.send(sender, f"CONFIRM {found[1]}")
        return reply

    def as_side(self, side: str, lines: list[str]) -> str:
        return self.send(self.address[side], "\n".join([self.signon[side], *lines]))

    def game(self) -> Game:
        with self.store.session() as db:
            return db.exec(select(Game)).one()

    def late(self) -> list[str]:
        with self.store.session() as db:
            return late_powers(db, db.exec(select(Game)).one())

    def records(self) -> list[PhaseRecord]:
        with self.store.session() as db:
            return list(db.exec(select(PhaseRecord).order_by(col(PhaseRecord.id))).all())

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)
        tick(self.store, self.config, Dropped(), self.now)


def ahead(kind: PlantagenetGame, state: dict[str, Any], side: str, orders: list[str], rng: Random,
          stop: tuple[str, ...]) -> list[str]:
    """``PHASE`` blocks for the side's next steps after these orders, up to a step named in
    ``stop``: the game played on on a copy, the enemy silent, the side's orders random."""
    lines: list[str] = []
    turn = state["box"]
    scratch = kind.resolve(state, {side: orders}, rng).state
    for _ in range(40):
        if kind.outcome(scratch) is not None or scratch["box"] != turn or scratch["step"]["name"] in stop:
            break
        pending = kind.pending(scratch)
        mine = kind.random_orders(scratch, side, rng) if side in pending.powers else []
        if side in pending.powers:
            lines += [f"PHASE {pending.phase}", *(mine or ["PASS"])]
        scratch = kind.resolve(scratch, {side: mine}, rng).state
    return lines


def play(folder: Path, scenario: str, turns: int, seed: int, send_ahead: bool) -> tuple[Counter[str], int, int]:
    """One game by mail for ``turns`` Turns (or to its end): the mails each kind, the Turns played
    (their Plans), and the deadlines that passed with a side due."""
    kind_name = PlantagenetGame(scenario).name
    table = ByMail(folder, kind_name)
    kind = game_kind(kind_name)
    assert isinstance(kind, PlantagenetGame)
    rng = Random(seed)
    counts: Counter[str] = Counter()
    first_turn = table.game().state["box"]
    refused: Counter[str] = Counter()
    deadlines = 0
    while True:
        game = table.game()
        state = game.state
        if game.status is GameStatus.FINISHED or state["box"] - first_turn >= turns:
            break
        step = state["step"]["name"]
        late = table.late()
        if not late:
            table.advance(hours=1)
            continue
        side = late[0]
        what = {"pay": "levy", "muster": "levy", "plan": "plan"}.get(step, "card")
        if refused[game.phase + side] >= 2:  # refused twice: the deadline decides
            deadlines += 1
            table.advance(hours=80)
            continue
        orders = kind.random_orders(state, side, rng)
        lines = ["CLEAR", *(orders or ["PASS"])]
        if send_ahead and step in ("pay", "plan"):
            lines += ahead(kind, state, side, orders, Random(rng.getrandbits(32)),
                           ("plan",) if step == "pay" else ("pay", "muster"))
        if refused[game.phase + side]:
            lines = ["CLEAR", "PASS"]
        reply = table.as_side(side, lines)
        counts[f"{side} {what}"] += 1
        if "Error" in reply.split("> PHASE")[0] and table.game().phase == game.phase and side in table.late():
            refused[game.phase + side] += 1
            print(*(f"  ({side}) {line}" for line in reply.splitlines() if line.startswith("Error")), sep="\n")
            counts["refused"] += 1
    played = 0
    for record in table.records():
        words = record.phase.split()
        if "card" in words:
            counts[f"{words[-1]} own card"] += 1
            counts[f"{words[-1]} not done"] += len(record.resolution.get("refused", {}).get(words[-1], []))
        played += words[-1] == "plan"  # one Plan a Turn (4.1)
    table.store.close()
    return counts, played, deadlines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", default="Ia,Ib,II,III")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-ahead", action="store_true")
    args = parser.parse_args()
    print(f"mails a player sends per Turn, {args.games} games of at most {args.turns} Turns a scenario, "
          f"orders {'never sent' if args.no_ahead else 'sent'} ahead:")
    print(f"{'scenario':9} {'side':10} {'Levy':>5} {'Plan':>5} {'cards':>6} {'all':>5} {'own cards':>10} "
          f"{'not done':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for scenario in args.scenarios.split(","):
            total: Counter[str] = Counter()
            turns = deadlines = 0
            for number in range(args.games):
                counts, played, missed = play(Path(tmp) / f"{scenario}-{number}", scenario, args.turns,
                                              args.seed * 1000 + number, not args.no_ahead)
                total.update(counts)
                turns += played
                deadlines += missed
            for side in ("York", "Lancaster"):
                levy, plan, cards = (total[f"{side} {w}"] / turns for w in ("levy", "plan", "card"))
                own, undone = total[f"{side} own card"] / turns, total[f"{side} not done"] / turns
                print(f"{scenario:9} {side:10} {levy:5.2f} {plan:5.2f} {cards:6.2f} {levy + plan + cards:5.2f} "
                      f"{own:10.2f} {undone:9.2f}")
            print(f"{'':9} ({turns} Turns; {total['refused']} mails with a refused line; "
                  f"{deadlines} deadlines passed with a side due)")
    print("Reactions: none asked for. The judge waits only for the side whose step it is; the other "
          "side's reactions come from its standing orders, sent with its Plan.")


if __name__ == "__main__":
    main()
