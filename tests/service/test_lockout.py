"""Lock-out by forgery (issue 36, item 1), attacked as it was done: five mails forged from a
player's own address with wrong passwords, and five from other addresses, every ten minutes, kept
his power's SIGNON refused from wherever he wrote, and he missed the deadline.

A SIGNON refused for its target's wrong passwords holds the mail instead; the reply, to the
mail's own address alone, gives a code, and ``CONFIRM <code>`` from there has the mail carried
out, its password checked then, and its wrong passwords counted against that address alone. The
player loses one round trip, never his turn; a forger never sees the code; a guesser writing from
his own mailbox pays a round trip per guess and his address's limit. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import pytest
from alpha import new_game
from mail_judge import CODE, MailJudge, current_game, phase_records
from plantagenet_mail import Table
from sqlmodel import select

from judge.store import HeldSignon, SignonFailure

FORGERS = [f"forger{n}@example.net" for n in range(5)]
ORDERS = ["F lon - nth", "F edi - nwg", "A lvp - yor"]


pytestmark = pytest.mark.usefixtures("cheap_passwords")  # the hashing is not what is tested here


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    return judge_on_each_backend


def forge(judge: MailJudge, owner: str, power: str, game: str) -> None:
    """One round of the attack: five wrong passwords forged from the owner's address, five from
    others, each with orders after it (a blind guesser needs no replies)."""
    for number in range(5):
        judge.send(owner, f"SIGNON {power}@{game} wrong{number}\nF lon - eng")
    for number, forger in enumerate(FORGERS):
        judge.send(forger, f"SIGNON {power}@{game} wrong{number}\nF lon - eng")


def code_in(reply: str) -> str:
    found = CODE.search(reply)
    assert found is not None, reply
    return found[1]


def test_forged_wrong_passwords_every_ten_minutes_never_cost_the_player_his_turn(judge: MailJudge) -> None:
    seats = new_game(judge)
    address, password = seats["England"]
    forge(judge, address, "England", "alpha")
    orders = "\n".join([f"SIGNON England@alpha {password}", *ORDERS])
    # From his own address: held, not refused; the code is in the reply, to him alone.
    reply = judge.send(address, orders)
    assert "Held: too many wrong passwords for England in alpha lately" in reply, reply
    assert "Held with the SIGNON for alpha on line 1: done when the code comes back" in reply
    own_code = code_in(reply)
    judge.advance(minutes=10)
    forge(judge, address, "England", "alpha")  # the attack goes on meanwhile
    reply = judge.send(address, f"CONFIRM {own_code}")
    assert "held for this code, is carried out below" in reply
    assert "Signed on to alpha as England" in reply
    assert "Your orders for S1901M are complete." in reply
    assert "The same" not in judge.send(address, f"CONFIRM {own_code}")  # a code is good once
    # From a new address too (the others' five lock it as any address but his).
    judge.advance(minutes=10)
    forge(judge, address, "England", "alpha")
    road = "england-on-the-road@example.org"
    reply = judge.send(road, "\n".join([f"SIGNON England@alpha {password}", "F lon - nth"]))
    assert "Held: too many wrong passwords for England in alpha lately" in reply
    reply = judge.send(road, f"CONFIRM {code_in(reply)}")
    assert "Signed on to alpha as England" in reply and "Accepted: F lon - nth" in reply
    # The forgers' held mails stay held: their codes went to the player's address, or to
    # addresses whose owners never confirm.
    with judge.store.session() as db:
        done = [row.address for row in db.exec(select(HeldSignon)).all() if row.done]
    assert sorted(done) == sorted([address, road])
    # The deadline: England's orders are his own.
    judge.advance(minutes=10)
    forge(judge, address, "England", "alpha")
    judge.advance(hours=48)  # the deadline: the others are late, a grace period
    judge.advance(hours=24)
    assert current_game(judge).phase == "F1901M"
    [record] = phase_records(judge)
    assert "F lon - nth" in str(record.orders["England"]) and "A lvp - yor" in str(record.orders["England"])
    units = {(unit["power"], unit["loc"]) for unit in current_game(judge).state["units"]}
    assert ("England", "nth") in units and ("England", "yor") in units


def test_a_guesser_with_his_own_mailbox_pays_a_round_trip_a_guess_and_his_address_s_limit(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    guesser = FORGERS[0]
    for number in range(5):  # his five, and the power's limit for any address but its player's
        assert "do not match" in judge.send(guesser, f"SIGNON England@alpha guess{number}")
    for number in range(5, 10):  # each guess now held: a round trip, then checked
        reply = judge.send(guesser, f"SIGNON England@alpha guess{number}\nSET PASSWORD mine")
        assert "Held:" in reply
        reply = judge.send(guesser, f"CONFIRM {code_in(reply)}")
        assert "Refused: that power and password do not match" in reply, reply
    reply = judge.send(guesser, "SIGNON England@alpha guess10")
    reply = judge.send(guesser, f"CONFIRM {code_in(reply)}")
    assert f"Refused: too many wrong passwords from {guesser} lately" in reply
    # His guesses made that way count against his address alone, never toward England's limit
    # (its player was told once, of the first five).
    address, password = seats["England"]
    assert len(judge.mail_to(address, "Wrong passwords for England")) == 1
    with judge.store.session() as db:
        rows = db.exec(select(SignonFailure)).all()
    assert sorted((row.address, row.proven) for row in rows) == [(guesser, False)] * 5 + [(guesser, True)] * 5
    assert "Signed on to alpha as England" in judge.send(address, f"SIGNON England@alpha {password}")


def test_a_forger_cannot_carry_out_his_held_mail(judge: MailJudge) -> None:
    seats = new_game(judge)
    address, password = seats["England"]
    forge(judge, address, "England", "alpha")
    judge.send(address, f"SIGNON England@alpha {password}\nSET PASSWORD forged")  # forged: held
    for guess in ("aaaaaaaa", "bbbbbbbb"):
        reply = judge.send(address, f"CONFIRM {guess}")
        assert "carried out" not in reply and "Signed on" not in reply
    reply = judge.send("forger1@example.net", f"CONFIRM {code_in(judge.mail_to(address)[-3].body)}")
    assert "carried out" not in reply
    with judge.store.session() as db:
        assert not any(row.done for row in db.exec(select(HeldSignon)).all())


def test_a_plantagenet_plan_goes_in_despite_forged_wrong_passwords(judge: MailJudge) -> None:
    """4.1: the Plan, both sides at once; the attack made on York, whose player's Plan (not the
    default one) is the one played."""
    table = Table(judge)
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    assert table.game().phase == "T1 plan"
    york = table.address["York"]
    forge(judge, york, "York", "roses")
    reply = judge.send(york, f"{table.signon['York']}\nPLAN March, York, March, Pass")
    assert "Held: too many wrong passwords for York in roses lately" in reply, reply
    reply = judge.send(york, f"CONFIRM {code_in(reply)}")
    assert "Signed on to roses as York" in reply and "complete" in reply, reply
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    plan = next(record for record in table.records() if record.phase == "T1 plan")
    assert "March, York, March, Pass" in str(plan.orders["York"]), plan.orders
