"""The per-sender rate limit: a flood is answered once, then stored and dropped unanswered until
the time the answer gave; other senders are not affected. Time is given explicitly."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from mail_judge import START, MailJudge
from serve_support import mail
from sqlmodel import col, select

from judge.service.config import load_config
from judge.service.intake.flood import ANSWERED, DROPPED
from judge.service.intake.mailroom import ingest
from judge.service.serve_config import FloodLimit
from judge.store import InboundMail, InboundStatus, Outbox

LOOPY = "loopy@example.org"


def limited(judge: MailJudge, mails: int = 5, minutes: int = 10) -> MailJudge:
    judge.config = replace(judge.config, flood=FloodLimit(mails, timedelta(minutes=minutes)))
    return judge


def send(judge: MailJudge, sender: str, number: int, at_minute: float, headers: str = "") -> str:
    raw = mail(sender, "HELP", f"<m{number}-{sender}@t>")
    if headers:
        raw = headers.encode() + b"\n" + raw
    return ingest(judge.store, judge.config, raw, START + timedelta(minutes=at_minute))


def answers_to(judge: MailJudge, sender: str) -> list[Outbox]:
    with judge.store.session() as db:
        return list(db.exec(select(Outbox).where(Outbox.to_address == sender).order_by(col(Outbox.id))).all())


def logged(judge: MailJudge, sender: str) -> list[InboundMail]:
    with judge.store.session() as db:
        rows = db.exec(select(InboundMail).where(InboundMail.sender == sender).order_by(col(InboundMail.id)))
        return list(rows.all())


def test_a_flood_is_answered_once_then_stored_and_dropped(judge: MailJudge) -> None:
    limited(judge)
    for number in range(5):
        assert send(judge, LOOPY, number, number * 0.5).startswith("answered")
    outcome = send(judge, LOOPY, 5, 3)
    assert outcome == f"dropped: {ANSWERED}2026-01-05T12:13:00+00:00"
    for number in range(6, 40):  # the loop goes on, faster
        assert send(judge, LOOPY, number, 3 + number * 0.1).startswith(f"dropped: {DROPPED}")
    answers = answers_to(judge, LOOPY)
    assert len(answers) == 6  # five replies and the one answer to the flood
    notice = answers[-1]
    assert notice.in_reply_to == f"<m5-{LOOPY}@t>"
    assert "The judge has received 6 mails from loopy@example.org in the last 10m, more than" in notice.body
    assert "the 5 it answers in that time" in notice.body
    assert "until Mon 05 Jan 2026 12:13 UTC" in notice.body
    rows = logged(judge, LOOPY)
    assert len(rows) == 40 and {row.status for row in rows[5:]} == {InboundStatus.DROPPED}
    assert all(row.raw for row in rows)  # every mail is kept in the log


def test_a_sender_is_counted_whatever_the_case_of_its_address(judge: MailJudge) -> None:
    limited(judge, mails=3)
    for number, sender in enumerate(("loopy@example.org", "Loopy@Example.org", "LOOPY@EXAMPLE.ORG")):
        assert send(judge, sender, number, number).startswith("answered")
    assert send(judge, "loopy@EXAMPLE.org", 3, 4).startswith(f"dropped: {ANSWERED}")
    assert len(logged(judge, LOOPY)) == 4  # the log keeps the sender in lower case


def test_other_senders_are_answered_during_a_flood(judge: MailJudge) -> None:
    limited(judge)
    for number in range(12):
        send(judge, LOOPY, number, 0)
    assert send(judge, "calm@example.org", 0, 0).startswith("answered")
    assert len(answers_to(judge, "calm@example.org")) == 1


def test_after_the_time_given_mail_is_read_again(judge: MailJudge) -> None:
    limited(judge)
    for number in range(8):
        send(judge, LOOPY, number, number * 0.1)
    assert send(judge, LOOPY, 8, 10.4).startswith(f"dropped: {DROPPED}")  # told at 12:00:30: until 12:10:30
    assert send(judge, LOOPY, 9, 10.8).startswith("answered")  # the flood stopped: counted afresh
    assert len(answers_to(judge, LOOPY)) == 7


def test_a_flood_that_goes_on_is_answered_once_per_window(judge: MailJudge) -> None:
    limited(judge)
    outcomes = [send(judge, LOOPY, number, number * 0.25) for number in range(120)]  # 30 minutes
    told = [outcome for outcome in outcomes if outcome.startswith(f"dropped: {ANSWERED}")]
    assert len(told) == 3  # at 1.25, 11.5 and 21.75 minutes: one answer per ten minutes
    assert len(answers_to(judge, LOOPY)) == 5 + 3


def test_automatic_mail_is_never_answered_not_even_to_say_it_is_dropped(judge: MailJudge) -> None:
    limited(judge)
    for number in range(20):
        assert send(judge, LOOPY, number, 0, "Auto-Submitted: auto-replied").startswith("dropped")
    assert answers_to(judge, LOOPY) == []


def test_a_new_judge_limits_thirty_mails_in_ten_minutes_and_zero_means_no_limit(judge: MailJudge) -> None:
    assert load_config(judge.config.path).flood == FloodLimit(30, timedelta(minutes=10))
    limited(judge, mails=0)
    for number in range(50):
        assert send(judge, LOOPY, number, 0).startswith("answered")
