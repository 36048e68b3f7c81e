"""Silencing a player by forged mail (issue 17, point 4), attacked as it was done: a flood written
"From: the player" to use up the player's rate limit, and a mail sent first with the Message-ID the
player's own mail will carry.

A mail that signs on with a right password counts toward the rate limit, and past it is carried
out unanswered (issue 36: a password proves nothing about who reads the replies); a mail is a
duplicate only when its Message-ID, sender and body are the same (a true second fetch still is
processed once); the rate limit counts the reply address as well as From. On SQLite and PostgreSQL
(``judge_on_each_backend``).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from alpha import holds, new_game
from mail_judge import MailJudge
from sqlmodel import col, select

from judge.service.intake.flood import ANSWERED, DROPPED
from judge.service.intake.mailroom import ingest
from judge.service.serve_config import FloodLimit
from judge.store import InboundMail, InboundStatus, Outbox, SubmittedOrders


pytestmark = pytest.mark.usefixtures("cheap_passwords")  # the hashing is not what is tested here


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    return judge_on_each_backend


def raw(sender: str, message_id: str, body: str, headers: str = "") -> bytes:
    return f"From: {sender}\nSubject: orders\nMessage-ID: {message_id}\n{headers}\n{body}\n".encode()


def replies_to(judge: MailJudge, message_id: str) -> list[Outbox]:
    with judge.store.session() as db:
        return list(db.exec(select(Outbox).where(Outbox.in_reply_to == message_id).order_by(col(Outbox.id))))


def england_orders(judge: MailJudge) -> list[SubmittedOrders]:
    with judge.store.session() as db:
        return list(db.exec(select(SubmittedOrders).where(SubmittedOrders.power == "England")).all())


def test_a_flood_forged_from_a_player_does_not_silence_the_player(judge: MailJudge) -> None:
    seats = new_game(judge)
    address, password = seats["England"]
    outcomes: list[str] = []  # forged until the limit (30 in 10m, the player's JOIN and CONFIRM
    while not (outcomes and outcomes[-1].startswith(f"dropped: {ANSWERED}")):  # counted too)
        assert len(outcomes) < 31, outcomes[-1]
        outcomes.append(ingest(judge.store, judge.config, raw(address, f"<forged{len(outcomes)}@x>",
                                                              "HELP"), judge.now))
    assert len(outcomes) >= 28
    assert ingest(judge.store, judge.config, raw(address, "<forged-more@x>", "LIST"), judge.now).startswith(
        f"dropped: {DROPPED}")
    # The player's own orders: applied, not answered (a right password counts toward the limit
    # too, issue 36: it was told once, above, that his mail is not answered until then).
    orders = "\n".join([f"SIGNON England@alpha {password}", *holds(judge, "England")])
    outcome = ingest(judge.store, judge.config, raw(address, "<real@x>", orders), judge.now)
    assert outcome.startswith(DROPPED) and outcome.endswith("signed on: carried out 2 line(s), not answered"), outcome
    assert not replies_to(judge, "<real@x>")
    assert england_orders(judge)
    [told] = judge.mail_to(address, "Re: orders")[-1:]
    assert "nothing in it is done but\nin mail that signs on with the right password (SIGNON): that is " \
           "carried out, unanswered." in told.body
    # A forger who puts a SIGNON line in, without the password, is still dropped.
    forged = f"SIGNON England@alpha guess\n{holds(judge, 'England')[0]}"
    assert ingest(judge.store, judge.config, raw(address, "<forged32@x>", forged), judge.now).startswith(
        f"dropped: {DROPPED}")
    assert not replies_to(judge, "<forged32@x>")


def test_a_forged_mail_with_the_players_message_id_does_not_make_theirs_a_duplicate(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    address, password = seats["England"]
    first = ingest(judge.store, judge.config, raw(address, "<victim@mua.example>", "HELP"), judge.now)
    assert first.startswith("answered")
    orders = "\n".join([f"SIGNON England@alpha {password}", *holds(judge, "England")])
    real = raw(address, "<victim@mua.example>", orders)
    assert ingest(judge.store, judge.config, real, judge.now).startswith("answered")
    replies = replies_to(judge, "<victim@mua.example>")
    assert len(replies) == 2 and "Your orders for S1901M are complete." in replies[1].body
    assert england_orders(judge)
    # The same from another sender is another mail too; a true second fetch (a trace header
    # more) is processed once.
    other = raw("someone@example.org", "<victim@mua.example>", orders)
    assert ingest(judge.store, judge.config, other, judge.now).startswith("answered")
    again = b"Received: from mx2.example.org by mx1.example.org\r\n" + real
    assert ingest(judge.store, judge.config, again, judge.now) == "already processed: <victim@mua.example>"
    assert len(replies_to(judge, "<victim@mua.example>")) == 3
    with judge.store.session() as db:
        rows = db.exec(select(InboundMail).where(InboundMail.message_id == "<victim@mua.example>")
                       .order_by(col(InboundMail.id))).all()
    assert [row.status for row in rows] == [InboundStatus.PROCESSED] * 3


def test_the_rate_limit_counts_the_address_the_replies_go_to(judge: MailJudge) -> None:
    judge.config = replace(judge.config, flood=FloodLimit(5, timedelta(minutes=10)))
    target = "victim@example.org"
    outcomes = [ingest(judge.store, judge.config, raw(f"sender{n}@example.net", f"<r{n}@x>", "HELP",
                                                       f"Reply-To: {target}\n"), judge.now)
                for n in range(12)]
    assert [o.startswith("answered") for o in outcomes] == [True] * 5 + [False] * 7
    assert outcomes[5].startswith(f"dropped: {ANSWERED}")
    with judge.store.session() as db:
        sent_to = db.exec(select(Outbox.to_address)).all()
    assert sent_to.count(target) == 6  # five replies and the one notice
    # Mail from the address itself counts with the mail answered to it.
    assert ingest(judge.store, judge.config, raw(target, "<self@x>", "HELP"), judge.now).startswith(
        f"dropped: {DROPPED}")
