"""The master's commands, the game settings, absences and concessions, each carried out by mail:
the replies, what the database then holds, and the notices the game's members receive."""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime, timedelta

from alpha import MASTER, NOTICE, PLAYERS, Seats, as_power, game, holds, master
from mail_judge import MailJudge
from mail_judge import phase_records as records
from sqlmodel import col, select

from judge.store import (
    GameStatus,
    Membership,
    MembershipStatus,
    Player,
    Role,
    SubmittedOrders,
)

def new_game(judge: MailJudge, *setup: str, start: bool = True) -> Seats:
    """Create alpha (the master's ``setup`` lines run first) and, with ``start``, fill it."""
    reply = judge.send(MASTER, "\n".join(["CREATE ?alpha secret standard", *setup]))
    assert "Game alpha (diplomacy/standard) created" in reply
    if not start:
        return {}
    for number, address in enumerate(PLAYERS, 1):
        judge.send(address, f"JOIN alpha pw{number}")
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
    seats = {m.power: (p.address, f"pw{PLAYERS.index(p.address) + 1}") for m, p in rows if m.power}
    assert len(seats) == 7 and game(judge).status is GameStatus.ACTIVE
    return seats


def membership_of(judge: MailJudge, power: str) -> list[Membership]:
    with judge.store.session() as db:
        return list(db.exec(select(Membership).where(Membership.power == power)
                            .order_by(col(Membership.id))).all())


def last_notice(judge: MailJudge, address: str) -> str:
    notices = judge.mail_to(address, NOTICE)
    assert notices, f"no notice to {address}"
    return notices[-1].body


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


# --- BECOME and PREDICT ---------------------------------------------------------------------------


def test_become_orders_for_a_power_recorded_as_the_masters(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = master(judge, "BECOME England", "F lon - nth", "A lvp - yor")
    assert "You act for England in alpha" in reply
    assert "Accepted: F lon - nth" in reply and "Accepted: A lvp - yor" in reply
    with judge.store.session() as db:
        rows = db.exec(select(SubmittedOrders).order_by(col(SubmittedOrders.id))).all()
        givers = {giver.role for row in rows if (giver := db.get(Membership, row.membership_id))}
    assert [row.power for row in rows] == ["England"] and givers == {Role.MASTER}  # one per mail
    assert rows[-1].orders == {"lon": "F lon - nth", "lvp": "A lvp - yor"}
    assert "Refused: alpha has no power 'narnia'" in master(judge, "BECOME Narnia")
    address, password = seats["France"]
    reply = judge.send(address, f"SIGNON France@alpha {password}\nBECOME England\nF lon - wal")
    assert "BECOME: only the game's master may do that." in reply


def test_become_refused_before_the_start(judge: MailJudge) -> None:
    new_game(judge, start=False)
    assert "Refused: alpha has not started" in master(judge, "BECOME England")


def test_predict_shows_the_outcome_and_changes_nothing(judge: MailJudge) -> None:
    seats = new_game(judge)
    as_power(judge, seats, "France", "A par - bur")
    as_power(judge, seats, "Germany", "A mun - bur")
    as_power(judge, seats, "England", "F lon - nth")
    before = game(judge)
    judge.confirm(MASTER)  # PREDICT is answered to a confirmed address only
    mail_before = len(judge.mail_to(seats["France"][0]))
    reply = master(judge, "PREDICT")
    assert "Prediction for alpha, Spring 1901 Movement" in reply
    assert "Nothing has been processed or changed" in reply
    assert re.search(r"A par - bur +\(\*bounce\*\)", reply)
    assert re.search(r"A mun - bur +\(\*bounce\*\)", reply)
    assert re.search(r"F lon - nth\s*\n", reply)
    assert "(no order)" in reply and "England: (orders not complete)" in reply
    after = game(judge)
    assert (after.phase, after.state, after.deadline, after.version) == (
        before.phase, before.state, before.deadline, before.version)
    assert records(judge) == []
    assert len(judge.mail_to(seats["France"][0])) == mail_before  # only the master hears of it
    assert "PREDICT: only the game's master may do that." in as_power(judge, seats, "France",
                                                                      "PREDICT")


# --- ROLLBACK -------------------------------------------------------------------------------------


def test_rollback_returns_to_the_phase_and_old_orders_no_longer_count(judge: MailJudge) -> None:
    seats = new_game(judge)
    as_power(judge, seats, "England", "F lon - nth")
    assert "has been processed" in master(judge, "PROCESS")
    as_power(judge, seats, "England", "F nth - nwy")  # F1901M, given before the rollback
    first = records(judge)[0]
    judge.advance(hours=1)
    reply = master(judge, "ROLLBACK S1901M")
    assert ("alpha is back at the start of Spring 1901 Movement (it was at Fall 1901 Movement)"
            in reply)
    now = game(judge)
    assert now.phase == "S1901M" and now.state == first.state_before
    assert now.status is GameStatus.ACTIVE and now.deadline == judge.now + timedelta(hours=48)
    for address in PLAYERS + [MASTER]:
        assert "The master has returned alpha to the start of Spring 1901 Movement" in \
            last_notice(judge, address)
    # Replayed without new orders: England's order from before the rollback does not count.
    master(judge, "PROCESS")
    replay = records(judge)[-1]
    assert (replay.phase, replay.sequence) == ("S1901M", 2) and replay.orders == {}
    assert {"power": "England", "type": "F", "loc": "lon"} in game(judge).state["units"]
    # Nor does its F1901M order, given before the rollback, in the replayed F1901M.
    master(judge, "PROCESS")
    assert records(judge)[-1].phase == "F1901M" and records(judge)[-1].orders == {}
    assert [(r.phase, r.sequence) for r in records(judge)] == [  # every record is kept
        ("S1901M", 1), ("S1901M", 2), ("F1901M", 1)]


def test_orders_after_a_rollback_count_even_in_the_same_instant(judge: MailJudge) -> None:
    seats = new_game(judge)
    as_power(judge, seats, "England", "F lon - nth")
    master(judge, "PROCESS")
    master(judge, "ROLLBACK spring 1901 movement")
    reply = as_power(judge, seats, "England", "F lon - eng")
    assert "Accepted: F lon - eng" in reply
    master(judge, "PROCESS")
    assert records(judge)[-1].orders == {"England": {"lon": "F lon - eng"}}


def test_rollback_refusals(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = master(judge, "ROLLBACK F1905M")
    assert ("Refused: alpha has no processed phase F1905M to return to (processed: none yet)"
            in reply)
    assert "ROLLBACK: only the game's master may do that." in as_power(
        judge, seats, "Italy", "ROLLBACK S1901M")


# --- PAUSE, RESUME, TERMINATE ---------------------------------------------------------------------


def test_pause_stops_the_clock_and_resume_gives_a_fresh_deadline(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = master(judge, "PAUSE")
    assert "alpha is paused: no deadline runs until RESUME." in reply
    paused = game(judge)
    assert paused.status is GameStatus.PAUSED and paused.deadline is None
    assert "The master has paused alpha in Spring 1901 Movement" in last_notice(judge, PLAYERS[0])
    assert "Refused: alpha is paused already." in master(judge, "PAUSE")
    assert not [line for line in judge.advance(hours=200) if "alpha" in line]
    assert game(judge).phase == "S1901M"
    assert "Accepted: F lon - nth" in as_power(judge, seats, "England", "F lon - nth")
    reply = master(judge, "RESUME")
    assert ("alpha resumes: the deadline for Spring 1901 Movement is Thu 15 Jan 2026 20:00 UTC"
            in reply)
    resumed = game(judge)
    assert resumed.status is GameStatus.ACTIVE
    assert resumed.deadline == judge.now + timedelta(hours=48)
    assert "alpha resumes." in last_notice(judge, PLAYERS[3])
    assert "Refused: alpha is not paused." in master(judge, "RESUME")
    master(judge, "PROCESS")
    assert records(judge)[-1].orders["England"] == {"lon": "F lon - nth"}  # kept while paused


def test_terminate_ends_the_game_and_reveals_its_secret(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = master(judge, "TERMINATE")
    assert "alpha is terminated" in reply
    ended = game(judge)
    assert ended.status is GameStatus.TERMINATED and ended.deadline is None
    for address in PLAYERS + [MASTER]:
        notice = last_notice(judge, address)
        assert "The master has terminated alpha" in notice
    found = re.search(r"secret was \(hexadecimal\) ([0-9a-f]+)\. Its SHA-256 hash, published "
                      r"when the game started, is ([0-9a-f]+)\.", " ".join(notice.split()))
    assert found is not None and bytes.fromhex(found[1]) == ended.secret
    assert hashlib.sha256(bytes.fromhex(found[1])).hexdigest() == found[2]
    assert "Refused: alpha has ended already (terminated)." in master(judge, "TERMINATE")
    assert "Refused: alpha is not running" in as_power(judge, seats, "England", "F lon - nth")
    assert "Refused: alpha is terminated: there is nothing to roll back" in master(
        judge, "ROLLBACK S1901M")


# --- EJECT and taking over ------------------------------------------------------------------------


def test_eject_and_a_new_player_takes_the_power_over(judge: MailJudge) -> None:
    seats = new_game(judge)
    ejected_address = seats["England"][0]
    reply = master(judge, "EJECT England")
    assert "England's player is ejected from alpha; England is open for a new player." in reply
    assert [m.status for m in membership_of(judge, "England")] == [MembershipStatus.EJECTED]
    assert "The master has removed you from alpha" in last_notice(judge, ejected_address)
    assert "England is open" in last_notice(judge, seats["France"][0])
    assert "Refused: England has no player to eject." in master(judge, "EJECT England")
    reply = judge.send(ejected_address, "JOIN alpha again")
    assert "Refused: the master ejected you from alpha" in reply
    reply = judge.send("newcomer@example.org", "JOIN alpha fresh\nF lon - nth")
    assert "You have taken over England in alpha" in reply and "Accepted: F lon - nth" in reply
    statuses = [(m.status, m.player_id) for m in membership_of(judge, "England")]
    assert [s for s, _ in statuses] == [MembershipStatus.EJECTED, MembershipStatus.ACTIVE]
    assert "Signed on to alpha as England" in judge.send("newcomer@example.org",
                                                         "SIGNON England@alpha fresh")
    assert "England in alpha has a new player." in last_notice(judge, seats["Italy"][0])
    reply = judge.send("late@example.org", "JOIN alpha pw")
    assert "Refused: alpha has started and every power in it has a player." in reply


def test_an_abandoned_power_taken_over_resumes_the_game(judge: MailJudge) -> None:
    seats = new_game(judge, "SET NMR abandon")
    for power in seats:
        if power != "England":
            as_power(judge, seats, power, *holds(judge, power))
    judge.advance(hours=49)  # the deadline: England is late, grace begins
    done = judge.advance(hours=24)  # the end of grace: England is abandoned
    assert any("abandoned England; paused" in line for line in done)
    assert game(judge).status is GameStatus.PAUSED
    reply = judge.send("rescuer@example.org", "JOIN alpha rescue")
    assert "You have taken over England in alpha; it is paused." in reply
    assert "Every power has a player again: alpha resumes" in reply
    resumed = game(judge)
    assert resumed.status is GameStatus.ACTIVE and resumed.phase == "S1901M"
    assert resumed.deadline == judge.now + timedelta(hours=48)
    assert "Every power of alpha has a player again: the game resumes." in last_notice(
        judge, seats["Turkey"][0])


def test_a_power_without_a_player_is_in_civil_disorder_even_under_abandon(judge: MailJudge) -> None:
    seats = new_game(judge, "SET NMR abandon")
    master(judge, "EJECT England")
    for power in seats:
        if power != "England":
            as_power(judge, seats, power, *holds(judge, power))
    judge.advance(hours=49)
    done = judge.advance(hours=24)
    assert any("civil disorder for England" in line for line in done)
    assert game(judge).phase == "F1901M" and game(judge).status is GameStatus.ACTIVE


def test_a_master_pause_is_not_lifted_by_a_takeover(judge: MailJudge) -> None:
    new_game(judge)
    master(judge, "EJECT Turkey", "PAUSE")
    reply = judge.send("newcomer@example.org", "JOIN alpha fresh")
    assert "You have taken over Turkey" in reply and "resumes" not in reply
    assert game(judge).status is GameStatus.PAUSED


# --- SET DEADLINE and SET GRACE -------------------------------------------------------------------


def test_set_deadline_in_the_games_zone(judge: MailJudge) -> None:
    seats = new_game(judge, "SET TIMEZONE America/New_York")
    reply = master(judge, "SET DEADLINE 2026-01-10 20:00")
    assert "is now Sat 10 Jan 2026 20:00 America/New_York" in reply
    assert game(judge).deadline == utc(2026, 1, 11, 1, 0)
    assert "The master has set the deadline for Spring 1901 Movement to Sat 10 Jan 2026 20:00" \
        in last_notice(judge, seats["Russia"][0])
    reply = master(judge, "SET DEADLINE 2026-01-05 06:00")  # 11:00 UTC, before START (12:00)
    assert "Refused: that moment has passed: a deadline must be in the future." in reply
    assert game(judge).deadline == utc(2026, 1, 11, 1, 0)
    judge.advance(hours=24 * 5 + 12, minutes=59)  # 2026-01-11 00:59 UTC
    assert game(judge).grace_until is None
    judge.advance(minutes=1)
    assert game(judge).grace_until == utc(2026, 1, 12, 1, 0)  # the deadline, then 24h of grace


def test_set_grace_ends_the_grace_when_the_master_says(judge: MailJudge) -> None:
    new_game(judge, "SET MOVEMENT GRACE 0h")
    reply = master(judge, "SET GRACE 2026-01-07 11:00")
    assert "Refused: the grace must end after the deadline." in reply
    reply = master(judge, "SET GRACE 2026-01-08 18:00")
    assert ("The grace for Spring 1901 Movement of alpha now ends Thu 08 Jan 2026 18:00 UTC."
            in reply)
    assert "players late at the deadline have until then" in last_notice(judge, PLAYERS[0])
    judge.advance(hours=48)  # the deadline: players are late, the master's grace begins
    now = game(judge)
    assert now.phase == "S1901M" and now.deadline == now.grace_until == utc(2026, 1, 8, 18, 0)
    reply = master(judge, "SET GRACE 2026-01-09 18:00")  # in grace: moves its end
    assert game(judge).deadline == game(judge).grace_until == utc(2026, 1, 9, 18, 0)
    judge.advance(hours=53, minutes=59)  # Fri 9 Jan 17:59
    assert game(judge).phase == "S1901M"
    done = judge.advance(minutes=1)
    assert any("civil disorder" in line for line in done) and game(judge).phase == "F1901M"


def test_deadlines_of_a_paused_game_cannot_be_set(judge: MailJudge) -> None:
    new_game(judge)
    reply = master(judge, "PAUSE", "SET DEADLINE 2026-02-01 12:00")
    assert "Refused: alpha is paused: RESUME gives it a deadline." in reply


# --- settings -------------------------------------------------------------------------------------


def test_set_variant_before_the_start_only(judge: MailJudge) -> None:
    new_game(judge, start=False)
    reply = master(judge, "SET VARIANT standard")
    assert "alpha will be played as diplomacy/standard, 7 powers: Austria, England" in reply
    assert "Refused: unknown variant 'roses9'" in master(judge, "SET VARIANT roses9")
    for number, address in enumerate(PLAYERS, 1):
        judge.send(address, f"JOIN alpha pw{number}")
    reply = master(judge, "SET VARIANT standard")
    assert "Refused: alpha has started: its variant was decided before the start." in reply


def test_set_press_nmr_draw_rule_and_timezone(judge: MailJudge) -> None:
    new_game(judge, start=False)
    reply = master(judge, "SET PRESS grey FAKE", "SET NMR abandon", "SET DRAW RULE dias",
                   "SET TIMEZONE europe/london")
    assert "Press in alpha: grey press only (unsigned), and fake press." in reply
    assert "now is abandoned: the game pauses until a new player takes it over" in reply
    assert "The draw rule of alpha is now DIAS: draws include all survivors (the same as ALL)" in reply
    assert "The deadlines of alpha are now given in Europe/London" in reply
    settings = game(judge).settings
    assert (settings["press"], settings["fake_press"], settings["nmr"], settings["draw_rule"],
            settings["zone"]) == ("grey", True, "abandon", "dias", "Europe/London")
    reply = master(judge, "SET TIMEZONE Mars/Olympus")
    assert 'cannot read "Mars/Olympus" as a time zone' in reply
    reply = master(judge, "SET NMR civil disorder")
    assert "now is in civil disorder" in reply and game(judge).settings["nmr"] == "civil_disorder"


def test_gunboat_and_anonymity(judge: MailJudge) -> None:
    new_game(judge, start=False)
    reply = master(judge, "SET GUNBOAT on")
    assert "alpha is a gunboat game: anonymous, and without press." in reply
    settings = game(judge).settings
    assert (settings["gunboat"], settings["anonymous"], settings["press"]) == (True, True, "none")
    assert "Refused: alpha is a gunboat game, without press" in master(judge, "SET PRESS white")
    reply = master(judge, "SET ANONYMOUS off")
    assert "Refused: alpha is a gunboat game, always anonymous" in reply
    reply = master(judge, "SET GUNBOAT off", "SET ANONYMOUS off", "SET PRESS white")
    assert "Press stays NONE and the game stays anonymous" in reply
    assert "alpha is not anonymous" in reply and "Press in alpha: white press only" in reply
    for number, address in enumerate(PLAYERS, 1):
        judge.send(address, f"JOIN alpha pw{number}")
    assert "Refused: alpha has started: its anonymity was decided before the start." in master(
        judge, "SET ANONYMOUS on")


def test_timing_changes_do_not_move_the_running_deadline(judge: MailJudge) -> None:
    new_game(judge)
    deadline = game(judge).deadline
    reply = master(judge, "SET MOVEMENT DEADLINE 24h AT 20:00 DAYS mon-fri GRACE 12h")
    assert ("Movement phases of alpha: deadline at least 24h after the phase begins, at 20:00, "
            "on Mon Tue Wed Thu Fri; grace 12h.") in reply
    assert "The current deadline (Wed 07 Jan 2026 12:00 UTC) is not moved" in reply
    assert game(judge).deadline == deadline
    assert game(judge).settings["timing"]["movement"] == {
        "minutes": 24 * 60, "at": "20:00", "days": [0, 1, 2, 3, 4], "grace_minutes": 12 * 60}
    reply = master(judge, "SET DAYS sat,sun")
    assert reply.count("on Sat Sun") == 3
    master(judge, "SET DAYS mon-fri", "PROCESS")  # Monday 12:00: the next movement phase begins
    assert game(judge).deadline == utc(2026, 1, 6, 20, 0)  # Tuesday 20:00, the new timing


# --- SET ABSENCE and SET CONCEDE ------------------------------------------------------------------


def test_an_absence_pushes_the_next_deadline_not_the_current_one(judge: MailJudge) -> None:
    seats = new_game(judge)
    current = game(judge).deadline
    assert current == utc(2026, 1, 7, 12, 0)
    reply = as_power(judge, seats, "England", "SET ABSENCE 2026-01-07 TO 2026-01-09")
    assert "Your absence from Wed 07 Jan 2026 to Fri 09 Jan 2026 is recorded" in reply
    assert "The current deadline (Wed 07 Jan 2026 12:00 UTC) does not move." in reply
    assert membership_of(judge, "England")[0].absences == [["2026-01-07", "2026-01-09"]]
    assert game(judge).deadline == current
    assert "England will be away from Wed 07 Jan 2026" in last_notice(judge, MASTER)
    master(judge, "PROCESS")  # F1901M would be due Wed 7 Jan 12:00, within England's absence
    assert game(judge).deadline == utc(2026, 1, 10, 12, 0)
    assert "Refused: that absence is over already" in as_power(
        judge, seats, "England", "SET ABSENCE 2026-01-01 TO 2026-01-02")
    assert "Refused: an absence is at most 21 days" in as_power(
        judge, seats, "England", "SET ABSENCE 2026-02-01 TO 2026-03-01")
    assert "Refused: only a player's deadlines wait for an absence" in master(
        judge, "SET ABSENCE 2026-02-01 TO 2026-02-02")


def test_every_other_power_conceding_ends_the_game(judge: MailJudge) -> None:
    seats = new_game(judge)
    assert "Refused: a power cannot concede to itself" in as_power(
        judge, seats, "England", "SET CONCEDE England")
    assert "Refused: only a power's player concedes" in master(judge, "SET CONCEDE England")
    others = [power for power in seats if power != "England"]
    for power in others[:-1]:
        reply = as_power(judge, seats, power, "SET CONCEDE E")
        assert "Your vote to concede alpha to England is recorded. The game ends when" in reply
    assert game(judge).status is GameStatus.ACTIVE
    reply = as_power(judge, seats, others[-1], "SET CONCEDE england")
    assert "every other surviving power has conceded, and England wins" in reply
    ended = game(judge)
    assert ended.status is GameStatus.FINISHED and ended.deadline is None
    assert ended.settings["bookkeeping"]["ended"]["winners"] == ["England"]
    notice = last_notice(judge, seats["England"][0])
    assert "conceded alpha to England: England wins the game" in notice
    assert ended.secret.hex() in "".join(notice.split())
    assert not [line for line in judge.advance(hours=100) if "alpha" in line]


def test_a_new_player_votes_afresh(judge: MailJudge) -> None:
    seats = new_game(judge)
    as_power(judge, seats, "France", "SET CONCEDE England")
    master(judge, "EJECT France")
    judge.send("newcomer@example.org", "JOIN alpha fresh")
    for power in seats:
        if power not in ("England", "France"):
            as_power(judge, seats, power, "SET CONCEDE England")
    assert game(judge).status is GameStatus.ACTIVE  # the new French player has not conceded
