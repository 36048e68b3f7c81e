"""Issue 32 by mail: the positions where random games from seeds 1696 (richard3) and 1532
(richard3-1483) broke a rule, put in a game by mail, and the orders that broke it mailed by the
house that gave them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mail_judge import MailJudge
from mail_judge import current_game as game
from sqlmodel import col, select
from test_richard3_by_mail import MASTER, WATCHER, address_of, start

from judge.store import Game, GameStatus, Outbox


FOUND: dict[str, Any] = json.loads(
    (Path(__file__).parents[1] / "games" / "richard3" / "issue32_positions.json").read_text())
"""Each case as the sweep found it: the position before the phase, and the orders."""


def put(judge: MailJudge, state: dict[str, Any], phase: str) -> None:
    with judge.store.session() as db:
        row = db.exec(select(Game)).one()
        row.state, row.phase = state, phase
        db.add(row)
        db.commit()


def test_5_21_a_force_march_back_and_forth_across_a_border_is_refused_by_mail(judge: MailJudge) -> None:
    """5.2, 5.21 (seed 1696, III-7): Lancaster's Force March took two blocks Dorset - Somerset -
    Dorset - Somerset, six crossings of a border that takes four blocks; by mail each such move
    is refused with the rule, and the straight move is taken."""
    signons = start(judge, "richard3")
    phase = FOUND["richard3 1696"]["phase"]
    put(judge, FOUND["richard3 1696"]["before"], phase)
    reply = judge.send(address_of(judge, "Lancaster"), "\n".join([
        signons["Lancaster"], "MOVE Devon - Somerset - Dorset - Somerset",
        "MOVE French Mercenary - Somerset - Dorset - Somerset"]))
    assert reply.count("never going back the way it came (5.2, 5.21)") == 2, reply
    reply = judge.send(address_of(judge, "Lancaster"),
                       f"{signons['Lancaster']}\nDevon - Somerset\nFrench Mercenary - Somerset\nDONE")
    assert "Error" not in reply, reply
    assert game(judge).phase != phase
    crossings = game(judge).state["turn_record"]["crossings"]["Lancaster"]
    assert crossings["Dorset / Somerset"] == 2


def test_9_0_the_plague_that_kills_the_last_heir_ends_the_game_by_mail(judge: MailJudge) -> None:
    """9.0, 6.82 (seed 1532, Richard III 1483, III-6): Lancaster's Plague on Warwick kills
    Gloucester, York's only heir; the game ends at once, Lancaster the winner, and York is not
    asked for his actions."""
    signons = start(judge, "richard3-1483")
    phase = FOUND["richard3-1483 1532"]["phase"]
    put(judge, FOUND["richard3-1483 1532"]["before"], phase)
    judge.send(address_of(judge, "Lancaster"), f"{signons['Lancaster']}\nPLAGUE Warwick\nDONE")
    judge.advance(minutes=1)
    finished = game(judge)
    assert finished.status is GameStatus.FINISHED, finished.phase
    assert finished.state["outcome"]["winner"] == "Lancaster"
    ended = "The game is over: Lancaster has eliminated every heir of York (9.0)."
    results = [m.body for m in judge.mail_to(address_of(judge, "York")) if "Richard III results" in m.body]
    assert len(results) == 1 and "Campaign III, turn 6: Lancaster's actions" in results[0], results
    assert results[0].count(ended) == 1, results[0]


def test_the_phase_that_ends_the_game_mails_each_reader_once_with_the_end_and_the_secret(
    judge: MailJudge,
) -> None:
    """9.0 (seed 1532, Richard III 1483, III-6): the Plague that ends the game is mailed, and
    its processing gives each reader (both houses, the observer, the master) exactly one mail:
    his results, which name the winner and reveal the game's secret (Lancaster's the answer to
    his mail); no separate notice of the end."""
    signons = start(judge, "richard3-1483")
    put(judge, FOUND["richard3-1483 1532"]["before"], FOUND["richard3-1483 1532"]["phase"])
    with judge.store.session() as db:
        before = db.exec(select(Outbox.id).order_by(col(Outbox.id).desc())).first() or 0
    judge.send(address_of(judge, "Lancaster"), f"{signons['Lancaster']}\nPLAGUE Warwick\nDONE")
    judge.advance(minutes=1)
    finished = game(judge)
    assert finished.status is GameStatus.FINISHED, finished.phase
    with judge.store.session() as db:
        sent = db.exec(select(Outbox).where(col(Outbox.id) > before)).all()
    readers = [address_of(judge, "York"), address_of(judge, "Lancaster"), WATCHER, MASTER]
    assert sorted(mail.to_address for mail in sent) == sorted(readers), [(m.to_address, m.subject) for m in sent]
    for mail in sent:
        assert mail.subject.startswith("Richard III results"), mail.subject
        assert (mail.in_reply_to is not None) is (mail.to_address == address_of(judge, "Lancaster"))
        assert "The game is over: Lancaster has eliminated every heir of York (9.0)." in mail.body, mail.body
        assert f"secret was (hexadecimal) {finished.secret.hex()}" in mail.body, mail.body
