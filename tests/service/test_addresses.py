"""Who the judge writes to (issue 17, fan-out): an address is one address, and a new one gets
nothing but replies until a mail from it gives back the code the judge mailed there (CONFIRM).

Every attack is made by mail, through ``ingest`` and ``tick``, on SQLite and on PostgreSQL: a
forged JOIN or OBSERVE enrols nobody (the victim gets one reply a mail, nothing more); SET ADDRESS
takes one plain address, and moves the player only once confirmed from there; a wrong code is
refused, and after five the code is replaced; held mail is released by the confirmation, dropped
if it never comes; confirmed observers per game and games mastered per confirmed address are
capped (tests/service/test_enrol_abuse.py attacks the caps).
"""

from __future__ import annotations

import email
from dataclasses import replace
from datetime import timedelta

import pytest
from mail_judge import CODE, MailJudge
from sqlmodel import select

from judge.service.daemon.ticker import deliver
from judge.service.intake.handlers_address import MAX_WRONG_CODES
from judge.service.serve_config import Enrolment
from judge.store import Game, Outbox, OutboxStatus, Player

MASTER = "master@example.org"
VICTIM = "victim@example.net"
PLAYERS = [f"player{n}@example.org" for n in range(1, 8)]
RESULTS = "Diplomacy results alpha"


pytestmark = pytest.mark.usefixtures("cheap_passwords")  # the hashing is not what is tested here


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    """A judge on SQLite, then on PostgreSQL (``conftest``)."""
    return judge_on_each_backend


def delivered_to(judge: MailJudge, address: str) -> list[email.message.Message]:
    """The mails the transport was handed for ``address``."""
    parsed = [email.message_from_bytes(raw) for raw in judge.transport.mails]
    return [mail for mail in parsed if mail["To"] == address]


def code_in(reply: str) -> str:
    found = CODE.search(reply)
    assert found is not None, reply
    return found[1]


def forming(judge: MailJudge, joined: int = 6) -> None:
    """alpha, forming, its master and ``joined`` players confirmed."""
    judge.enrol(MASTER, "CREATE ?alpha secret standard")
    for number, address in enumerate(PLAYERS[:joined], 1):
        judge.enrol(address, f"JOIN alpha pw{number}")


def held_to(judge: MailJudge, address: str) -> list[Outbox]:
    return [mail for mail in judge.mail_to(address) if mail.status is OutboxStatus.HELD]


# --- forged enrolment ------------------------------------------------------------------------------


def test_a_forged_join_sends_the_victim_one_reply_and_nothing_more_until_confirmed(judge: MailJudge) -> None:
    forming(judge)
    reply = judge.send(VICTIM, "JOIN alpha forged")  # From: forged; the game starts with the victim in it
    assert reply.startswith(f"The judge mails {VICTIM} nothing but replies until it is confirmed: "
                            "reply with the line CONFIRM ")
    assert "alpha has started" in reply
    judge.send(VICTIM, "OBSERVE alpha forged")  # and again, another forged mail
    judge.advance(minutes=1)
    assert [mail["In-Reply-To"] for mail in delivered_to(judge, VICTIM)] == ["<t14@test.invalid>",
                                                                              "<t15@test.invalid>"]
    held = held_to(judge, VICTIM)
    assert held and all(mail.subject == "Diplomacy notice: alpha" for mail in held)
    for number, address in enumerate(PLAYERS[:6], 1):  # the game runs; the victim's power is late
        power = next(m for m in judge.mail_to(address, "Diplomacy notice") if "You play" in m.body)
        assert power.status is OutboxStatus.SENT
    judge.advance(hours=48, minutes=1)  # the deadline: late notices, grace
    judge.advance(hours=24)  # the end of grace: civil disorder, results
    assert judge.mail_to(MASTER, RESULTS)[0].status is OutboxStatus.SENT
    assert len(delivered_to(judge, VICTIM)) == 2  # still the two replies alone
    assert {mail.status for mail in held_to(judge, VICTIM)} == {OutboxStatus.HELD}
    assert any(mail.subject.startswith(RESULTS) for mail in held_to(judge, VICTIM))


def test_confirming_releases_the_held_mail_in_order(judge: MailJudge) -> None:
    forming(judge)
    code = code_in(judge.send(VICTIM, "JOIN alpha mine"))
    held = [mail.message_id for mail in held_to(judge, VICTIM)]
    assert held  # the notice that the game started, with the victim's power
    judge.advance(minutes=1)
    reply = judge.send(VICTIM, f"CONFIRM {code.upper()}")  # as a person types it
    assert f"Confirmed: the judge writes to {VICTIM} from now on; the {len(held)} mails held for you " \
           "are on their way." in reply
    assert "CONFIRM " + code not in reply.replace(f"> CONFIRM {code.upper()}", "")
    judge.advance(minutes=1)
    sent = [mail["Message-ID"] for mail in delivered_to(judge, VICTIM) if mail["In-Reply-To"] is None]
    assert sent == held
    assert "is confirmed already" in judge.send(VICTIM, f"CONFIRM {code}")
    # From now on the address is as any other: results go out at once.
    before = len(delivered_to(judge, VICTIM))
    judge.send(MASTER, "SIGNON Malpha secret\nPROCESS")
    judge.advance(minutes=1)
    assert any(str(mail["Subject"]).startswith(RESULTS) for mail in delivered_to(judge, VICTIM)[before:])


def test_a_wrong_code_is_refused_and_after_five_the_code_is_a_new_one(judge: MailJudge) -> None:
    forming(judge)
    code = code_in(judge.send(VICTIM, "JOIN alpha forged"))
    wrong = "zzzzzzzz" if code != "zzzzzzzz" else "yyyyyyyy"
    for _ in range(MAX_WRONG_CODES - 1):
        reply = judge.send(VICTIM, f"CONFIRM {wrong}")
        assert "Refused: that is not the code the judge mailed to this address." in reply
    reply = judge.send(VICTIM, f"CONFIRM {wrong}")
    assert reply.startswith(f"After {MAX_WRONG_CODES} wrong codes, the code that confirms {VICTIM} is "
                            "a new one: reply with the line CONFIRM ")
    assert f"{MAX_WRONG_CODES} wrong codes were given: the code is a new one" in reply
    renewed = code_in(reply)
    assert renewed != code
    assert "Refused: that is not the code" in judge.send(VICTIM, f"CONFIRM {code}")  # the old one is void
    assert held_to(judge, VICTIM)  # nothing released by the guesses
    assert "Confirmed:" in judge.send(VICTIM, f"CONFIRM {renewed}")
    assert held_to(judge, VICTIM) == []


def test_one_code_is_tried_a_mail(judge: MailJudge) -> None:
    forming(judge)
    code = code_in(judge.send(VICTIM, "JOIN alpha forged"))
    guesses = "\n".join(f"CONFIRM guess{n:03d}" for n in range(100))
    reply = judge.send(VICTIM, f"{guesses}\nCONFIRM {code}")
    assert reply.count("Refused: that is not the code") == 1
    assert "Refused: one CONFIRM a mail: this one is not tried." in reply
    assert "Confirmed" not in reply and held_to(judge, VICTIM)  # not even the right code, last
    assert len(reply) < 4000
    with judge.store.session() as db:
        assert db.exec(select(Player).where(Player.address == VICTIM)).one().wrong_codes == 1
    assert "Confirmed:" in judge.send(VICTIM, f"CONFIRM {code}")


def test_a_new_code_is_never_written_to_another_address(judge: MailJudge) -> None:
    """A player who forges the victim's From and signs on as himself in the same mail would get
    the replies: CONFIRM is then refused untried, so no code for the victim reaches him."""
    forming(judge, joined=7)
    judge.send(VICTIM, "OBSERVE alpha forged")
    power = next(m for m in judge.mail_to(PLAYERS[0], "Diplomacy notice") if "You play" in m.body)
    signon = power.body.split("sign on with ")[1].split(" <password>")[0].replace("alpha", "alpha pw1")
    for _ in range(MAX_WRONG_CODES + 1):
        reply = judge.send(VICTIM, f"{signon}\nCONFIRM wrongcode")
        assert "Refused: send CONFIRM in a mail of its own" in reply, reply
        assert CODE.search(reply) is None
    with judge.store.session() as db:
        assert db.exec(select(Player).where(Player.address == VICTIM)).one().wrong_codes == 0


def test_a_confirm_from_an_address_with_nothing_to_confirm_is_refused(judge: MailJudge) -> None:
    reply = judge.send("stranger@example.org", "CONFIRM abcdefgh")
    assert "Refused: no code is waiting to confirm stranger@example.org." in reply
    with judge.store.session() as db:
        assert db.exec(select(Player)).all() == []


def test_mail_held_too_long_is_dropped_never_sent(judge: MailJudge) -> None:
    forming(judge)
    judge.send(VICTIM, "JOIN alpha forged")
    first = {mail.id for mail in held_to(judge, VICTIM)}  # the notices of the start
    assert first
    judge.advance(days=6)
    assert first <= {mail.id for mail in held_to(judge, VICTIM)}  # still kept: the owner may yet confirm
    judge.advance(days=1, minutes=1)  # past [enrol] held_for (7 days) since the start
    dropped = [mail for mail in judge.mail_to(VICTIM) if mail.id in first]
    assert {(m.status, m.attempts, m.last_error) for m in dropped} == {
        (OutboxStatus.FAILED, 0, "held: the address was never confirmed")}
    later = held_to(judge, VICTIM)  # what the game sent since is held for its own seven days
    assert later and all(mail.created_at > judge.now - timedelta(days=7) for mail in later)
    assert all(mail["In-Reply-To"] for mail in delivered_to(judge, VICTIM))


def test_the_sender_sends_no_held_mail(judge: MailJudge) -> None:
    forming(judge)
    judge.send(VICTIM, "JOIN alpha forged")
    held = held_to(judge, VICTIM)
    assert held
    assert deliver(judge.store, judge.config, judge.transport, judge.now + timedelta(days=1)) != []
    after = {mail.id: mail for mail in judge.mail_to(VICTIM)}
    assert all((after[mail.id].status, after[mail.id].attempts) == (OutboxStatus.HELD, 0) for mail in held)
    assert {mail.status for mail in after.values() if mail.in_reply_to} == {OutboxStatus.SENT}


# --- SET ADDRESS ------------------------------------------------------------------------------------


def test_set_address_with_a_list_is_refused_and_nobody_is_mailed(judge: MailJudge) -> None:
    forming(judge)
    for line in ("SET ADDRESS a@example.net,b@example.net", "SET ADDRESS a@example.net b@example.net",
                 "SET ADDRESS a@example.net;b@example.net", "SET ADDRESS Anna <a@example.net>"):
        reply = judge.send(MASTER, f"SIGNON Malpha secret\n{line}")
        assert "Signed on to alpha as master" in reply and "Error: SET ADDRESS: cannot read" in reply, reply
    for address in ("a@example.net", "b@example.net"):
        assert judge.mail_to(address) == []
    with judge.store.session() as db:
        player = db.exec(select(Player).where(Player.address == MASTER)).one()
        assert player.pending_address is None


def test_set_address_moves_the_player_once_confirmed_from_the_new_address(judge: MailJudge) -> None:
    forming(judge, joined=7)
    new = "Anna@Elsewhere.example"
    reply = judge.send(MASTER, f"SET ADDRESS {new}")
    assert "SET ADDRESS: sign on to a game first" in reply
    reply = judge.send(MASTER, f"SIGNON Malpha secret\nSET ADDRESS {new}")
    assert f"A code has gone to {new.lower()}: send CONFIRM with it from there. Until then the judge " \
           f"writes to you at {MASTER}." in reply
    (asked,) = judge.mail_to(new)
    assert asked.in_reply_to is None and asked.status is OutboxStatus.PENDING
    assert f"{MASTER} asked the judge to write to {new.lower()} from now on" in asked.body
    code = code_in(asked.body)
    # Nothing changes until then: the master's mail still goes to the old address.
    judge.send(MASTER, "SIGNON Malpha secret\nPROCESS")
    assert judge.mail_to(MASTER, RESULTS) and judge.mail_to(new, RESULTS) == []
    # The code is good only from the new address.
    assert "Refused: no code is waiting to confirm" in judge.send("thief@example.org", f"CONFIRM {code}")
    assert f"{MASTER} is confirmed already." in judge.send(MASTER, f"CONFIRM {code}")
    assert judge.mail_to(MASTER, "Your address at the judge") == []  # nothing moved
    reply = judge.send(new, f"CONFIRM {code}")
    assert f"Confirmed: the judge writes to you at {new.lower()} from now on, no longer at {MASTER}." in reply
    told = judge.mail_to(MASTER, "Your address at the judge")
    assert len(told) == 1 and f"The judge writes to you at {new.lower()} from now on" in told[0].body
    judge.send(new, "SIGNON Malpha secret\nPROCESS")
    assert len(judge.mail_to(new, RESULTS)) == 1 and len(judge.mail_to(MASTER, RESULTS)) == 1
    judge.advance(minutes=1)
    assert {mail.status for mail in judge.mail_to(new)} == {OutboxStatus.SENT}


def test_one_set_address_a_mail(judge: MailJudge) -> None:
    forming(judge)
    lines = "\n".join(f"SET ADDRESS target{n}@example.net" for n in range(50))
    reply = judge.send(MASTER, f"SIGNON Malpha secret\n{lines}")
    assert "A code has gone to target0@example.net" in reply
    assert "Refused: one SET ADDRESS a mail" in reply
    assert judge.mail_to("target0@example.net") != []
    assert all(judge.mail_to(f"target{n}@example.net") == [] for n in range(1, 50))
    assert len(reply) < 4000


def test_set_address_to_another_players_address_is_refused(judge: MailJudge) -> None:
    forming(judge)
    reply = judge.send(MASTER, f"SIGNON Malpha secret\nSET ADDRESS {PLAYERS[1]}")
    assert f"Refused: {PLAYERS[1]} is another player's address." in reply


# --- caps ---------------------------------------------------------------------------------------------


def test_creating_two_hundred_games_in_one_mail_creates_as_many_as_the_cap(judge: MailJudge) -> None:
    lines = "\n".join(f"CREATE ?game{n} secret standard" for n in range(200))
    reply = judge.send(VICTIM, lines)
    assert reply.count("created; you are its master") == 3
    assert "CREATE: refused: one mail may set at most 3 passwords" in reply  # the 4th and on
    assert "187 more lines could not be read or were refused" in reply
    assert len(reply) < 6000
    with judge.store.session() as db:
        assert len(db.exec(select(Game)).all()) == 3
    assert "Confirmed:" in judge.confirm(VICTIM)  # the cap counts the games of a confirmed address
    reply = judge.send(VICTIM, "CREATE ?game3 secret standard")  # the next mail: the cap
    assert ("Refused: you master 3 games already, as many as this judge allows at once (a game "
            "that ends or is terminated makes room).") in reply
    # A game that ends makes room.
    judge.send(VICTIM, "SIGNON Mgame0 secret\nTERMINATE")
    assert "Game game200 (diplomacy/standard) created" in judge.send(VICTIM, "CREATE ?game200 secret")


def test_observers_of_a_game_are_capped(judge: MailJudge) -> None:
    judge.config = replace(judge.config, enrol=Enrolment(observers=3))
    forming(judge, joined=1)
    for number in range(3):  # the cap counts confirmed observers
        assert "You observe alpha" in judge.enrol(f"watcher{number}@example.org", "OBSERVE alpha seen")
    reply = judge.send("watcher3@example.org", "OBSERVE alpha seen")
    assert "Refused: alpha has 3 observers, as many as this judge allows." in reply
    assert "Refused: you observe alpha already." in judge.send("watcher0@example.org", "OBSERVE alpha seen")


def test_the_default_caps_allow_twenty_observers(judge: MailJudge) -> None:
    forming(judge, joined=1)
    for number in range(20):
        assert "You observe alpha" in judge.enrol(f"w{number}@example.org", "OBSERVE alpha seen")
    assert "as many as this judge allows" in judge.send("w20@example.org", "OBSERVE alpha seen")
