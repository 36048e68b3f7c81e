"""Reminders before the deadline, by mail: who is reminded, when, and never twice a phase."""

from __future__ import annotations

from datetime import timedelta

from alpha import MASTER, NOTICE, as_power, game, holds, last_mail_id, mail_since, master, new_game
from mail_judge import START, MailJudge

from judge.store import next_attention

DEADLINE = START + timedelta(hours=48)  # a movement phase's default length


def games_done(done: list[str]) -> list[str]:
    """What a tick did for games (without the mail it delivered)."""
    return [line for line in done if not line.startswith("sent ")]


def reminded(judge: MailJudge, since: int) -> dict[str, str]:
    """The reminders queued after mail ``since``, by address."""
    found = {m.to_address: m.body for m in mail_since(judge, since, NOTICE) if "Reminder:" in m.body}
    return found


def test_late_players_are_reminded_once_a_day_before_the_deadline(judge: MailJudge) -> None:
    seats = new_game(judge)
    assert game(judge).remind_at == DEADLINE - timedelta(hours=24)
    with judge.store.session() as db:
        assert next_attention(db) == DEADLINE - timedelta(hours=24)  # when a daemon must wake
    as_power(judge, seats, "England", *holds(judge, "England"))  # complete
    as_power(judge, seats, "France", holds(judge, "France")[0])  # one unit of three
    as_power(judge, seats, "Germany", "SET WAIT")  # holds the phase for its deadline
    as_power(judge, seats, "Italy", "SET ABSENCE 2026-01-06 TO 2026-01-07")  # away on Tuesday
    before = last_mail_id(judge)
    assert games_done(judge.advance(hours=23)) == [] and reminded(judge, before) == {}
    done = games_done(judge.advance(hours=1))  # 24 hours before the deadline
    assert done == ["alpha: reminded Austria, France, Russia, Turkey of the S1901M deadline"]
    sent = reminded(judge, before)
    assert sorted(sent) == sorted(seats[power][0] for power in ("Austria", "France", "Russia",
                                                                 "Turkey"))
    assert ("Reminder: You have sent orders, but they are not complete yet for Spring 1901 "
            "Movement (France). The deadline is Wed 07 Jan 2026 12:00 UTC") in sent[seats["France"][0]]
    assert "The judge has no orders from you yet" in sent[seats["Russia"][0]]
    assert game(judge).remind_at is None
    # Never twice for the phase: not at the next tick, nor after the master moves the deadline.
    before = last_mail_id(judge)
    assert "The deadline for Spring 1901 Movement of alpha is now" in master(
        judge, "SET DEADLINE 2026-01-09 12:00")
    assert game(judge).remind_at is None
    judge.advance(hours=12)
    assert reminded(judge, before) == {}


def test_each_phase_gets_its_own_reminder(judge: MailJudge) -> None:
    seats = new_game(judge)
    judge.advance(hours=24)  # the S1901M reminder
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))  # all in: processed at once
    assert game(judge).phase == "F1901M"
    assert game(judge).remind_at == judge.now + timedelta(hours=24)
    before = last_mail_id(judge)
    judge.advance(hours=24)
    assert len(reminded(judge, before)) == 7


def test_the_master_sets_the_reminder_period_or_turns_it_off(judge: MailJudge) -> None:
    new_game(judge)
    reply = master(judge, "SET REMINDER 6h")
    assert ("Players of alpha whose orders are not complete are reminded 6h before each deadline "
            "(once a phase, and only when the phase is longer than that). The next one goes out "
            "Wed 07 Jan 2026 06:00 UTC.") in reply
    assert game(judge).remind_at == DEADLINE - timedelta(hours=6)
    before = last_mail_id(judge)
    judge.advance(hours=41)
    assert reminded(judge, before) == {}
    judge.advance(hours=1)
    assert len(reminded(judge, before)) == 7
    # Off: no reminder in the next phase either.
    reply = master(judge, "SET REMINDER OFF")
    assert "Players of alpha get no reminder before a deadline." in reply
    judge.advance(hours=6)  # the deadline: late notices, and the grace
    judge.advance(hours=24)  # the end of grace: processed in civil disorder
    assert game(judge).phase == "F1901M" and game(judge).remind_at is None
    before = last_mail_id(judge)
    judge.advance(hours=47)
    assert reminded(judge, before) == {}


def test_a_phase_shorter_than_the_reminder_period_gets_none(judge: MailJudge) -> None:
    new_game(judge, "SET REMINDER 3 days")
    assert game(judge).remind_at is None  # 48 hours long: a reminder would come with its start
    master(judge, "SET REMINDER 47h")
    assert game(judge).remind_at == START + timedelta(hours=1)


def test_nobody_is_reminded_for_a_power_without_a_player(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = master(judge, "EJECT England")
    assert "England's player is ejected" in reply
    before = last_mail_id(judge)
    judge.advance(hours=24)
    assert seats["England"][0] not in reminded(judge, before)
    assert len(reminded(judge, before)) == 6
    assert MASTER not in reminded(judge, before)
