"""A second game kind through the real service by mail: the toy Duel (``duel.py``), with its own
phases, timing classes, reports, hidden information and dice, from CREATE to its end. What the
service knows of a game is only what ``judge/games/kind.py`` says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from duel_play import MASTER, SIDES, duel_judge, order, results, started
from mail_judge import MailJudge
from mail_judge import current_game as game
from sqlmodel import select

from judge.store import GameStatus, PhaseRecord


@pytest.fixture
def judge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MailJudge]:
    yield from duel_judge(tmp_path, monkeypatch)


def test_a_duel_is_played_by_mail_with_its_own_phases_timings_and_reports(judge: MailJudge) -> None:
    signons = started(judge, "SET BID DEADLINE 24h", "SET CHOICES 2h GRACE 1h")
    judge.send("watcher@example.org", "OBSERVE duel secret")
    notice = judge.mail_to("a@example.org", "Duel notice: duel")
    assert notice and "The first phase is Round 1 bid of the duel" in notice[0].body
    assert (game(judge).deadline - judge.now).total_seconds() == 24 * 3600  # SET BID DEADLINE

    reply = order(judge, signons, "North", "BID 4")
    assert "Accepted: BID 4" in reply and "Your orders for Round 1 bid are complete" in reply
    assert "Refused" not in order(judge, signons, "South", "BID 2")
    assert game(judge).phase == "Round 1 choice"  # all orders in: processed at once
    assert (game(judge).deadline - judge.now).total_seconds() == 2 * 3600  # SET CHOICES 2h

    north, south = results(judge, SIDES["North"])[0].body, results(judge, SIDES["South"])[0].body
    watcher = results(judge, "watcher@example.org")[0].body
    assert "Your bid: North bid 4; your reserve is now 2." in north and "South bid" not in north
    assert "Your bid: South bid 2; your reserve is now 4." in south and "North bid" not in south
    assert "Your bid" not in watcher and "reserve" not in watcher
    assert "North leads the round." in north and "North leads the round." in watcher
    master = results(judge, MASTER)[0].body
    assert master == watcher  # the master reads as an observer

    assert "Refused" not in order(judge, signons, "North", "ATTACK")
    # The choice processed; the roll phase, with nobody to order, processed at once after it.
    assert game(judge).phase == "Round 2 bid"
    with judge.store.session() as db:
        reasons = [r.reason for r in db.exec(select(PhaseRecord).order_by(PhaseRecord.id))]
    assert reasons == ["all orders in", "all orders in", "nothing to order"]
    rolled = results(judge, "watcher@example.org")[-1]  # the chain of two phases: one mail
    assert rolled.subject == "Duel results duel Round 1 choice to Round 1 roll"
    assert rolled.body.index("North chose") < rolled.body.index("North scores")


def test_timing_classes_are_the_kinds_own(judge: MailJudge) -> None:
    started(judge)
    reply = judge.send(MASTER, "SIGNON Mduel secret\nSET MOVEMENT DEADLINE 24h\nSET ROLL 2h")
    assert ("Refused: duel has no MOVEMENT phases: the timings of toy/duel are BID, CHOICE, ROLL"
            in reply)
    assert "Roll phases of duel: deadline at least 2h after the phase begins" in reply
    reply = judge.send(MASTER, "SIGNON Mduel secret\nSET DAYS mon-fri")
    assert "Bid phases of duel: deadline" in reply and "Choice phases of duel" in reply


def test_a_phase_complete_when_it_begins_is_processed_at_once(judge: MailJudge) -> None:
    """Orders sent ahead (PHASE) for every side that acts: the phase does not wait for its
    deadline, and neither does the next one while it is ready as it begins."""
    signons = started(judge)
    reply = order(judge, signons, "South", "PHASE round 2 bid", "BID 1")
    assert "Kept for Round 2 bid: read when that phase begins" in reply
    reply = order(judge, signons, "North", "PHASE r2 bids", "BID 0", "PHASE Round 3 bid", "BID 0")
    assert reply.count("Kept for Round") == 2
    reply = order(judge, signons, "South", "PHASE Round 3 bids", "BID 0", "PHASE Rond 4 bid",
                  "BID 1")
    assert 'Refused: cannot read "Rond 4 bid" as a phase of duel; expected e.g. Round 2 bid' in reply
    order(judge, signons, "North", "BID 3")
    order(judge, signons, "South", "BID 0")  # Round 1: North leads
    order(judge, signons, "North", "DEFEND")
    # Round 1 choice, roll, and the whole of round 2's bid (both sides' bids were kept) went at
    # once; round 2's choice is South's (North bid 0, South 1), and South has not chosen.
    assert game(judge).phase == "Round 2 choice"
    kept = [mail for mail in judge.mail_to(SIDES["South"]) if "Round 2 bid are complete." in mail.body]
    assert len(kept) == 1 and kept[0].subject.startswith("Duel results duel"), kept  # in his results
    assert "Your orders for Round 2 bid are complete." in kept[0].body
    order(judge, signons, "South", "DEFEND")
    # Round 2's roll, then round 3's bid (kept for both) processed at once.
    assert game(judge).phase == "Round 3 choice"


def test_deadlines_rollback_history_and_the_end(judge: MailJudge) -> None:
    signons = started(judge)
    judge.advance(hours=13)  # past the 12-hour bid deadline, no grace: both in civil disorder
    assert game(judge).phase == "Round 1 choice"  # a tie of nothing: South leads
    reply = judge.send(MASTER, "SIGNON Mduel secret\nROLLBACK round 1 bid")
    assert "duel is back at the start of Round 1 bid of the duel" in reply
    assert game(judge).phase == "Round 1 bid"

    for _ in range(3):  # North leads every round and attacks: 3 points at most in 3 rounds
        if game(judge).status is GameStatus.FINISHED:
            break
        order(judge, signons, "North", "BID 2")
        order(judge, signons, "South", "BID 0")
        order(judge, signons, "North", "ATTACK")
    assert game(judge).status is GameStatus.FINISHED
    over = results(judge, SIDES["South"])[-1].body  # the end and the secret in the results mail
    assert "The game is over: North" in over and "secret was (hexadecimal)" in over
    assert "North wins the duel" in over
    assert not [m for m in judge.mail_to(SIDES["South"], "Duel notice: duel") if "secret was" in m.body]

    reply = judge.send(MASTER, "SIGNON Mduel secret\nROLLBACK Round 1 choice")
    assert "Refused: duel has ended and its secret is revealed: it cannot go on." in reply

    reply = judge.send("anyone@example.net", "HISTORY duel FROM Round 2 bid")
    assert "=== Round 2 bid of the duel (Round 2 bid)" in reply and "Your bid" not in reply
    reply = order(judge, signons, "North", "HISTORY duel FROM round 2 bid")
    assert "Your bid: North bid 2" in reply and "South bid" not in reply
    reply = judge.send("anyone@example.net", "HISTORY duel FROM the start")
    assert 'Refused: cannot read "the start" as a phase of duel' in reply

    reply = judge.send("anyone@example.net", "SUMMARY duel")
    # Duel hides the bids: its table shows the points only as each roll told them to everyone
    heading = "Points each time the rules count it openly (the round that counted it):\n"
    table = reply.split(heading)[1].split("\n\n")[0].splitlines()
    assert table[0].split() == ["Round", "North", "South"]  # the kind's period
    assert table[1].split()[0] == "1" and table[1].split()[2] == "0"  # no "start": no roll told it
    assert table[-1].split()[1] in ("3", "4") and table[-1].split()[2] == "0"


def test_a_standing_order_set_once_by_mail_is_used_phases_later(judge: MailJudge) -> None:
    """Issue 19, point 4: a standing order (``OrderLine.standing``) holds from phase to phase. South
    sets SHIELD in a phase where it is not due to act; the orders of the phases after it do not
    touch it; when North attacks rounds later, ``resolve`` is given it (South acts in neither the
    choice nor the roll) and the attack scores a point less. NO SHIELD cancels it."""
    signons = started(judge)
    order(judge, signons, "North", "BID 2")
    order(judge, signons, "South", "BID 0")  # North leads round 1
    reply = order(judge, signons, "South", "SHIELD")  # the choice is North's: South is not due
    assert "Accepted: SHIELD (a standing order: it holds from phase to phase" in reply, reply
    assert "Your standing orders: SHIELD." in reply and "Your orders for" not in reply
    reply = order(judge, signons, "South", "ATTACK")  # not his choice: refused, SHIELD kept
    assert "Error" in reply and "North chooses this round" in reply
    order(judge, signons, "North", "DEFEND")  # round 1: nothing scored
    for _ in range(2):  # rounds 2 and 3: bids and choices, South's standing order untouched
        assert game(judge).phase.endswith("bid")
        order(judge, signons, "North", "BID 1")
        order(judge, signons, "South", "BID 0")
        order(judge, signons, "North", "ATTACK")
    with judge.store.session() as db:
        rolls = [r for r in db.exec(select(PhaseRecord).order_by(PhaseRecord.id))
                 if r.phase.endswith("roll")]
    assert [r.resolution["shielded"] for r in rolls] == [False, True, True]
    assert all(r.orders["South"] == {"shield": "SHIELD"} for r in rolls)
    assert [r.resolution["scored"] for r in rolls[1:]] == [
        (2 if r.resolution["roll"] == 6 else 1) - 1 for r in rolls[1:]]

    reply = order(judge, signons, "South", "NO SHIELD", "BID 0")
    assert "Accepted: NO SHIELD (SHIELD stands no longer)\n" in reply and "Your standing orders: none." in reply, reply
    order(judge, signons, "North", "BID 1")
    order(judge, signons, "North", "ATTACK")
    with judge.store.session() as db:
        last = db.exec(select(PhaseRecord).order_by(PhaseRecord.id.desc())).first()  # type: ignore[union-attr]
    assert last is not None and last.phase == "Round 4 roll" and last.resolution["shielded"] is False
