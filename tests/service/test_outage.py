"""The outage guard: deadlines that passed while the judge was down, or while its clock jumped,
are extended and everyone told, never processed in one burst. Time is given explicitly."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from mail_judge import START, MailJudge
from mail_judge import current_game as game
from serve_support import master_of, new_game
from sqlmodel import select

from judge.service.intake.mailroom import ingest
from judge.service.daemon.outage import guard_outage
from judge.service.serve_config import ServeSettings
from judge.service.daemon.ticker import tick
from judge.store import JudgeClock, PhaseRecord

NOTICE = "Diplomacy notice: alpha"
MASTER = master_of("alpha")


def started(judge: MailJudge, *setup: str) -> dict[str, tuple[str, str]]:
    seats = new_game(lambda raw: ingest(judge.store, judge.config, raw, judge.now), judge.store, "alpha", *setup)
    assert guard_outage(judge.store, judge.config, judge.now) == []  # the first tick, on record
    return seats


def tick_at(judge: MailJudge, **delta: float) -> tuple[list[str], list[str]]:
    """The daemon's tick at ``delta`` after START: the guard, then the ticker."""
    judge.now = START + timedelta(**delta)
    guarded = guard_outage(judge.store, judge.config, judge.now)
    return guarded, tick(judge.store, judge.config, judge.transport, judge.now)


def test_deadlines_missed_during_an_outage_are_extended_and_everyone_is_told(judge: MailJudge) -> None:
    seats = started(judge)
    assert game(judge).deadline == START + timedelta(hours=48)
    guarded, ticked = tick_at(judge, hours=50)  # down from START until two hours past the deadline
    assert len(guarded) == 1 and "passed during an outage" in guarded[0]
    assert not [line for line in ticked if "alpha:" in line]  # nothing processed, nobody late
    now = START + timedelta(hours=50)
    after = game(judge)
    assert after.phase == "S1901M" and after.grace_until is None
    assert after.deadline == now + timedelta(hours=48)  # a fresh deadline by the phase's timing
    for address in [MASTER, *(address for address, _ in seats.values())]:
        notice = judge.mail_to(address, NOTICE)[-1].body
        assert "The judge was not running (or its clock jumped) from 2026-01-05 12:00 UTC" in notice
        assert "to 2026-01-07 14:00 UTC" in notice
        assert "the deadline for Spring 1901 Movement (Wed 07 Jan 2026 12:00 UTC) passed" in notice
        assert "the deadline is now Fri 09 Jan 2026 14:00 UTC" in notice
    with judge.store.session() as db:
        assert db.exec(select(JudgeClock)).one().last_tick == now
    for hour in range(55, 98, 5):  # the judge runs from now on
        assert tick_at(judge, hours=hour)[0] == []
    guarded, ticked = tick_at(judge, hours=98, minutes=1)  # the new deadline passes as usual
    assert guarded == [] and any("alpha: late" in line for line in ticked)


def test_normal_ticks_let_a_deadline_pass_as_usual(judge: MailJudge) -> None:
    started(judge)
    for hour in range(1, 49):
        guarded, ticked = tick_at(judge, hours=hour)
        assert guarded == []
    assert any("alpha: late" in line for line in ticked)
    assert game(judge).grace_until == START + timedelta(hours=72)


def test_a_clock_jumping_a_week_forward_puts_no_game_in_civil_disorder(judge: MailJudge) -> None:
    started(judge, "SET MOVES 2h GRACE 1h")
    tick_at(judge, hours=1)
    guarded, ticked = tick_at(judge, hours=1, days=7)  # an NTP step, a restored machine
    assert len(guarded) == 1
    assert not any("civil disorder" in line or "late" in line for line in ticked)
    with judge.store.session() as db:
        assert db.exec(select(PhaseRecord)).all() == []
    assert game(judge).deadline == START + timedelta(days=7, hours=3)


def test_a_clock_jumping_back_extends_nothing_that_is_not_overdue(judge: MailJudge) -> None:
    started(judge)
    tick_at(judge, hours=40)
    guarded, _ = tick_at(judge, hours=20)  # back twenty hours: more than the limit, nothing overdue
    assert guarded == [] and game(judge).deadline == START + timedelta(hours=48)
    with judge.store.session() as db:
        assert db.exec(select(JudgeClock)).one().last_tick == START + timedelta(hours=20)


def test_a_judge_with_no_tick_on_record_treats_overdue_deadlines_as_missed(judge: MailJudge) -> None:
    new_game(lambda raw: ingest(judge.store, judge.config, raw, judge.now), judge.store, "alpha")
    guarded, _ = tick_at(judge, hours=49)  # e.g. the first start of an upgraded judge
    assert len(guarded) == 1
    assert "The judge has no record of when it last ran" in judge.mail_to(MASTER, NOTICE)[-1].body


def test_the_configured_extension_and_limit_are_used(judge: MailJudge) -> None:
    serve = ServeSettings(outage_limit=timedelta(hours=1), outage_extension=timedelta(hours=12))
    judge.config = replace(judge.config, serve=serve)
    started(judge)
    tick_at(judge, hours=47, minutes=30)  # more than an hour since the last tick: an outage
    guarded, _ = tick_at(judge, hours=48, minutes=45)
    assert len(guarded) == 1
    assert game(judge).deadline == START + timedelta(hours=60, minutes=45)
