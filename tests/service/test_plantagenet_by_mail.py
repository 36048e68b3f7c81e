"""Plantagenet by mail (issue 22): each scenario created with ``CREATE ?game password
plantagenet-ia`` (``-ib``, ``-ic``, ``-ii``, ``-iii``, ``-war-i``, ``plantagenet`` for the grand
scenario, ``plantagenet-bosworth`` for III(B)), joined by two players, and played through
``ingest`` and ``tick``: the Levy (Pay, each side's Muster, 3.2-3.4), the Plan both at once (4.1),
each revealed card's actions from its side (4.2), the other side's reactions from its standing
orders; now and then a side sends nothing and the deadline passes. The orders are the engine's
random player's, mailed as text. Then:

- the secret the last mail reveals recomputes every roll of the record (``judge verify``);
- no mail to a side, an observer or the master shows the enemy's Plan before its cards are
  revealed (4.1.2), his held Events, or his standing orders;
- the archive is built, and shows the observers' view only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random
from typing import Any

import pytest
from mail_judge import MailJudge
from sqlmodel import select

from judge.games.plantagenet.data import SIDES
from judge.games.plantagenet.game import PlantagenetGame
from judge.games.record_check import check_record
from judge.games.registry import game_kind
from judge.service.mailing.reports import render
from judge.service.web.archive import build_archive
from judge.service.web.records import game_record
from judge.store import Game, GameStatus, Membership, PhaseRecord, Player

MASTER = "master@example.org"
ADDRESSES = ("white@example.org", "red@example.org")
WATCHER = "watcher@example.org"
MOST_PHASES = 400
"""The most phases a game by mail is played here: a short scenario's whole game is fewer."""


def game(judge: MailJudge) -> Game:
    with judge.store.session() as db:
        return db.exec(select(Game)).one()


def start(judge: MailJudge, kind: str) -> dict[str, str]:
    """Create and fill the game; each side's SIGNON line. Everyone asks for text only (SET MAP
    OFF: these tests read the reports)."""
    deadlines = ("SET BATTLE DEADLINE 24h" if game_kind(kind).name == "plantagenet-iiib" else
                 "SET LEVY DEADLINE 24h\nSET PLAN DEADLINE 24h\nSET COMMAND DEADLINE 24h")
    reply = judge.enrol(MASTER, f"CREATE ?roses secret {kind}\n{deadlines}")
    assert f"Game roses ({game_kind(kind).name}) created" in reply, reply
    judge.enrol(WATCHER, "OBSERVE roses seen")
    judge.enrol(ADDRESSES[0], "JOIN roses pw0")
    reply = judge.enrol(ADDRESSES[1], "JOIN roses pw1")
    assert "roses has started" in reply, reply
    signons = {}
    for side in SIDES:
        number = ADDRESSES.index(address_of(judge, side))
        signons[side] = f"SIGNON {side[0]}roses pw{number}"
        judge.send(address_of(judge, side), f"{signons[side]}\nSET MAP OFF")
    judge.send(WATCHER, "SIGNON observer@roses seen\nSET MAP OFF")
    judge.send(MASTER, "SIGNON Mroses secret\nSET MAP OFF")
    return signons


def address_of(judge: MailJudge, side: str) -> str:
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
    return next(player.address for membership, player in rows if membership.power == side)


def play(judge: MailJudge, kind: str, seed: int, phases: int = MOST_PHASES) -> dict[str, str]:
    """The game by mail, up to its end or ``phases`` phases: each side due gives the random
    player's orders or, one time in ten (or when it has nothing to order), nothing: the deadline
    and its grace pass."""
    signons = start(judge, kind)
    engine = game_kind(kind)
    rng = Random(seed)
    for _ in range(phases):
        current = game(judge)
        if current.status is GameStatus.FINISHED:
            return signons
        pending = engine.pending(current.state)
        for side in sorted(pending.powers):
            if game(judge).phase != current.phase:
                break
            orders = engine.random_orders(current.state, side, rng)  # type: ignore[attr-defined]
            if not orders or rng.random() < 0.1:
                continue
            reply = judge.send(address_of(judge, side), "\n".join([signons[side], *orders]))
            assert "Error" not in reply, (current.phase, orders, reply)
        if game(judge).phase == current.phase and game(judge).status is not GameStatus.FINISHED:
            judge.advance(hours=49)  # a side was silent: the deadline and the grace pass
            assert game(judge).phase != current.phase or game(judge).status is GameStatus.FINISHED
        judge.advance(minutes=1)  # the outbox goes out
    return signons


def finished_record(judge: MailJudge) -> tuple[dict[str, Any], list[PhaseRecord]]:
    with judge.store.session() as db:
        record = game_record(db, game(judge))
        phases = list(db.exec(select(PhaseRecord).order_by(PhaseRecord.id)).all())
    return record, phases


def hidden_words(phases: list[PhaseRecord], engine: Any, reader: str | None) -> set[str]:
    """What the rules hide from ``reader`` in this game and no view of his ever showed: each
    enemy standing order (a line of his), each held Event's id, as words a mail could carry."""
    shown = "\n".join(json.dumps([engine.report_view(p.resolution, reader), engine.view(p.state_after, reader),
                                  engine.view(p.state_before, reader)]) for p in phases)
    hidden: set[str] = set()
    for p in phases:
        for side in SIDES:
            if side == reader:
                continue
            hidden |= {order for order in p.state_after.get("standing", {}).get(side, [])}
            hidden |= {f"PLAN {', '.join(plan)}" for plan in [p.state_after["plans"][side]] if plan}
            hidden |= set(p.state_after["held"][side])
    return {word for word in hidden if word not in shown}


@pytest.mark.parametrize(("kind", "seed"), [
    ("plantagenet-ia", 1), ("plantagenet-ib", 2), ("plantagenet-ic", 3), ("plantagenet-ii", 4),
    ("plantagenet-iii", 5), ("plantagenet-war-i", 6), ("plantagenet-ib-hidden", 7),
])
def test_a_whole_game_by_mail_keeps_the_plans_secret_and_its_dice_check(
    judge: MailJudge, kind: str, seed: int, tmp_path: Path
) -> None:
    play(judge, kind, seed)
    finished = game(judge)
    assert finished.status is GameStatus.FINISHED

    # Dice anyone can check: the last mail reveals the secret, and the record recomputes.
    for address in [*ADDRESSES, WATCHER, MASTER]:
        revealing = [m for m in judge.mail_to(address) if finished.secret.hex() in m.body]
        assert len(revealing) == 1 and "is over" in revealing[0].subject + revealing[0].body
    record, phases = finished_record(judge)
    checked = check_record(record)
    assert checked.problems == [] and checked.phases == len(phases) >= 4

    # Nothing hidden from a reader reaches him: enemy standing orders, Plans, held Events.
    engine = game_kind(kind)
    for reader, address in [("York", address_of(judge, "York")),
                            ("Lancaster", address_of(judge, "Lancaster")), (None, WATCHER), (None, MASTER)]:
        hidden = hidden_words(phases, engine, reader)
        for mail in judge.mail_to(address):
            leaked = [word for word in hidden if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", mail.body)]
            assert not leaked, (mail.subject, leaked)

    results = judge.mail_to(ADDRESSES[0], "Plantagenet results roses")
    assert results and any("You are to act." in mail.body for mail in results)
    site = tmp_path / "site"
    build_archive(judge.store, site)
    page = (site / "games" / "roses.html").read_text(encoding="utf-8")
    assert "Plantagenet" in page and len(phases) <= page.count("Plantagenet results for roses")
