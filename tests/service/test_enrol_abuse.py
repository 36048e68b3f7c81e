"""Enrolment and SET ADDRESS abused by mail (issue 36, items 6 and 8), each attack made by mail
through ``ingest`` and ``tick`` as it was filed:

- three CREATEs forged from a victim's address no longer stop his own CREATE: the cap on games
  mastered counts confirmed addresses, and a forming game that its master never confirmed and
  nobody joined lapses after ``[enrol] held_for`` (its name is free again);
- twenty forged OBSERVEs no longer fill a game's observer seats: the cap counts confirmed
  observers, unconfirmed ones lapse, and the master can eject an observer (EJECT OBSERVER);
- SET ADDRESS is no relay: an address gets one code at a time, and a player at most
  ``MOST_ADDRESS_CODES`` codes a day, however many mails ask.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from mail_judge import CODE, MailJudge
from sqlmodel import select

from judge.service.intake.handlers_address import ADDRESS_CODES_WINDOW, MOST_ADDRESS_CODES
from judge.service.web.archive import update_archive
from judge.store import Game, Membership, MembershipStatus, Player

MASTER = "master@example.org"
VICTIM = "victim@example.net"
STRANGER = "stranger@example.com"
WATCHER = "watcher@example.org"
PLAYERS = [f"player{n}@example.org" for n in range(1, 8)]
CODE_MAIL = "Confirm your address at the judge"

pytestmark = pytest.mark.usefixtures("cheap_passwords")  # the hashing is not what is tested here


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    """A judge on SQLite, then on PostgreSQL (``conftest``)."""
    return judge_on_each_backend


def forming(judge: MailJudge, joined: int = 1) -> None:
    """alpha, forming, its master and ``joined`` players confirmed."""
    judge.enrol(MASTER, "CREATE ?alpha secret standard")
    for number, address in enumerate(PLAYERS[:joined], 1):
        judge.enrol(address, f"JOIN alpha pw{number}")


# --- SET ADDRESS (item 8) ---------------------------------------------------------------------------


def test_sixty_set_address_mails_send_the_third_party_one_code(judge: MailJudge) -> None:
    """A signed-on player sent 60 mails, each asking to move to a stranger's address: the
    stranger gets one code, and each later mail is told that no new code was mailed."""
    forming(judge)
    replies = []
    for _ in range(60):
        replies.append(judge.send(MASTER, f"SIGNON Malpha secret\nSET ADDRESS {STRANGER}"))
        judge.advance(hours=2)  # five days in all: the code is still waiting
    assert len(judge.mail_to(STRANGER)) == 1
    assert f"A code has gone to {STRANGER}" in replies[0]
    for reply in replies[1:]:
        assert f"A code went to {STRANGER} already, on 05 Jan 12:00 UTC: send CONFIRM with it " \
               "from there. No new code is mailed (a new one may be asked for after 12 Jan 12:00 " \
               "UTC)." in reply, reply
    assert "Confirmed:" in judge.confirm(STRANGER)  # the one code still works


def test_set_address_codes_are_capped_per_player_whatever_the_addresses(judge: MailJudge) -> None:
    forming(judge)
    replies = []
    for n in range(60):  # 20 minutes apart, within the flood limit (signed-on mail counts too)
        replies.append(judge.send(MASTER, f"SIGNON Malpha secret\nSET ADDRESS target{n}@example.net"))
        judge.advance(minutes=20)
    mailed = [n for n in range(60) if judge.mail_to(f"target{n}@example.net")]
    assert mailed == list(range(MOST_ADDRESS_CODES))
    assert all(len(judge.mail_to(f"target{n}@example.net")) == 1 for n in mailed)
    assert (f"Refused: the judge has mailed {MOST_ADDRESS_CODES} codes for your SET ADDRESS within 24 "
            "hours, as many as it mails for one player: ask again after 06 Jan 12:00 UTC.") in replies[-1]
    judge.advance(seconds=ADDRESS_CODES_WINDOW.total_seconds() + 60)
    reply = judge.send(MASTER, "SIGNON Malpha secret\nSET ADDRESS late@example.net")
    assert "A code has gone to late@example.net" in reply
    assert len(judge.mail_to("late@example.net")) == 1


def test_an_address_waiting_for_one_players_code_gets_no_other_players_code(judge: MailJudge) -> None:
    forming(judge)
    judge.enrol(WATCHER, "OBSERVE alpha seen")
    judge.send(MASTER, f"SIGNON Malpha secret\nSET ADDRESS {STRANGER}")
    reply = judge.send(WATCHER, f"SIGNON Oalpha seen\nSET ADDRESS {STRANGER}")
    assert (f"Refused: a code went to {STRANGER} lately, and the judge mails an address one code at "
            "a time: a new one may be asked for after 12 Jan 12:00 UTC.") in reply
    assert len(judge.mail_to(STRANGER)) == 1
    judge.advance(days=7, minutes=1)  # the first code has lapsed: the address may be asked again
    assert f"A code has gone to {STRANGER}" in judge.send(
        WATCHER, f"SIGNON Oalpha seen\nSET ADDRESS {STRANGER}")
    assert len(judge.mail_to(STRANGER)) == 2
    code = CODE.search(judge.mail_to(STRANGER)[-1].body)
    assert code is not None
    assert f"no longer at {WATCHER}" in judge.send(STRANGER, f"CONFIRM {code[1]}")


# --- CREATE: forged games lapse, the cap counts confirmed masters (item 6) ---------------------------


def games(judge: MailJudge) -> list[str]:
    with judge.store.session() as db:
        return sorted(game.name for game in db.exec(select(Game)).all())


def test_three_forged_creates_do_not_stop_the_victims_own_create_thirty_days_later(judge: MailJudge) -> None:
    for name in ("alpha", "beta", "gamma"):  # From: forged; the victim gets the replies, ignores them
        assert "created; you are its master" in judge.send(VICTIM, f"CREATE ?{name} forged standard")
    for _ in range(30):
        judge.advance(days=1)
    assert games(judge) == []  # never confirmed, nobody joined: lapsed, names free
    reply = judge.enrol(VICTIM, "CREATE ?alpha mine standard")
    assert "Game alpha (diplomacy/standard) created; you are its master." in reply
    for name in ("beta", "gamma"):
        assert "created; you are its master" in judge.send(VICTIM, f"CREATE ?{name} mine standard")
    assert ("Refused: you master 3 games already, as many as this judge allows at once"
            in judge.send(VICTIM, "CREATE ?delta mine standard"))  # the cap holds for him
    judge.advance(days=8)
    assert games(judge) == ["alpha", "beta", "gamma"]  # his address is confirmed: nothing lapses


def test_forged_creates_do_not_count_against_the_victims_own_create_the_next_day(judge: MailJudge) -> None:
    judge.send(VICTIM, "CREATE ?alpha forged\nCREATE ?beta forged\nCREATE ?gamma forged")
    judge.advance(days=1)
    reply = judge.send(VICTIM, "CREATE ?mine mine standard")
    assert "Game mine (diplomacy/standard) created; you are its master." in reply


def test_a_game_someone_joined_or_confirmed_does_not_lapse(judge: MailJudge) -> None:
    judge.send(VICTIM, "CREATE ?alpha forged standard")
    judge.send(VICTIM, "CREATE ?beta forged standard")
    judge.enrol(PLAYERS[0], "JOIN beta pw1")  # a player joined beta: it stays
    judge.enrol(MASTER, "CREATE ?gamma secret standard")  # a confirmed master: it stays
    judge.enrol(WATCHER, "OBSERVE alpha seen")  # a confirmed observer of alpha is told
    judge.advance(days=6)
    assert games(judge) == ["alpha", "beta", "gamma"]
    judge.advance(days=1, minutes=1)
    assert games(judge) == ["beta", "gamma"]
    (told,) = judge.mail_to(WATCHER, "alpha removed")
    assert told.body.startswith("alpha is removed: its master never confirmed the address it was "
                                "created from, and nobody joined it within 7 days.")
    judge.advance(days=1)
    assert len(judge.mail_to(WATCHER, "alpha removed")) == 1
    with judge.store.session() as db:
        assert all(m.game_id != 1 for m in db.exec(select(Membership)).all())
    assert "Game alpha (diplomacy/standard) created" in judge.send(MASTER, "CREATE ?alpha again")


def test_a_game_that_lapsed_leaves_the_archive_index(judge: MailJudge, tmp_path: Path) -> None:
    judge.send(VICTIM, "CREATE ?forged forged standard")
    judge.enrol(MASTER, "CREATE ?alpha secret standard")
    update_archive(judge.store, tmp_path)
    assert "forged" in (tmp_path / "index.html").read_text()
    judge.advance(days=7, minutes=1)
    update_archive(judge.store, tmp_path)
    index = (tmp_path / "index.html").read_text()
    assert "forged" not in index and "alpha" in index
    assert not list((tmp_path / "games").glob("forged*"))  # its pages gone with it


# --- OBSERVE: forged observers fill no seats; the master ejects an observer (item 6) -----------------


def test_twenty_forged_observes_leave_the_seats_to_a_real_observer_and_the_master_ejects(
        judge: MailJudge) -> None:
    forming(judge)
    for number in range(20):  # From: forged, twenty strangers' addresses
        assert "You observe alpha" in judge.send(f"w{number}@example.org", "OBSERVE alpha forged")
    reply = judge.enrol(WATCHER, "OBSERVE alpha seen")
    assert "You observe alpha: you will receive its reports and broadcasts." in reply
    listed = judge.send(MASTER, "SIGNON Malpha secret\nLIST alpha")
    assert f"Observers:  21: w0@example.org (not confirmed), " in listed
    assert f"w19@example.org (not confirmed), {WATCHER}\n" in listed
    reply = judge.send(MASTER, "SIGNON Malpha secret\nEJECT OBSERVER w0@example.org")
    assert ("w0@example.org no longer observes alpha (not told: its address was never confirmed)."
            in reply)
    assert [mail.in_reply_to is not None for mail in judge.mail_to("w0@example.org")] == [True]
    reply = judge.send(MASTER, f"SIGNON Malpha secret\nEJECT OBSERVER {WATCHER.upper()}")
    assert f"{WATCHER} no longer observes alpha, and is told so." in reply
    (told,) = [mail for mail in judge.mail_to(WATCHER) if mail.in_reply_to is None]
    assert told.body.startswith("alpha:\n\nThe master has removed you from alpha's observers: you "
                                "no longer receive its reports.")
    assert "Refused: the master removed you from alpha's observers: you cannot observe it again." \
        in judge.send(WATCHER, "OBSERVE alpha again")
    assert f"Refused: {WATCHER} does not observe alpha." in judge.send(
        MASTER, f"SIGNON Malpha secret\nEJECT OBSERVER {WATCHER}")
    assert "EJECT OBSERVER: only the game's master may do that." in judge.send(
        PLAYERS[1], "OBSERVE alpha pw\nEJECT OBSERVER w1@example.org")
    with judge.store.session() as db:
        statuses = {judge_address(db, m): m.status for m in db.exec(select(Membership)).all()}
    assert statuses["w0@example.org"] is MembershipStatus.LAPSED  # perhaps forged: not barred
    assert statuses[WATCHER] is MembershipStatus.EJECTED
    assert "You observe alpha" in judge.send("w0@example.org", "OBSERVE alpha mine")


def test_the_observer_cap_counts_confirmed_observers_and_the_others_lapse(judge: MailJudge) -> None:
    forming(judge)
    for number in range(19):
        judge.enrol(f"real{number}@example.org", "OBSERVE alpha seen")
    assert "You observe alpha" in judge.send("new@example.org", "OBSERVE alpha seen")  # not confirmed
    assert "You observe alpha" in judge.enrol("real19@example.org", "OBSERVE alpha seen")
    assert "Refused: alpha has 20 observers, as many as this judge allows." in judge.send(
        "late@example.org", "OBSERVE alpha seen")
    judge.advance(days=7, minutes=1)
    with judge.store.session() as db:
        statuses = {judge_address(db, m): m.status for m in db.exec(select(Membership)).all()}
    assert statuses["new@example.org"] is MembershipStatus.LAPSED
    assert {statuses[f"real{n}@example.org"] for n in range(20)} == {MembershipStatus.ACTIVE}


def judge_address(db: object, membership: Membership) -> str:
    from sqlmodel import Session
    assert isinstance(db, Session)
    player = db.get(Player, membership.player_id)
    assert player is not None
    return player.address
