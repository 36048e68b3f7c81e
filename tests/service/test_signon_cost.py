"""What a SIGNON costs (issue 36, item 4), attacked as it was done: one mail of 286 bytes with a
``SIGNON O<game>`` for each of 10 games of 20 observers checked the password against all 200
observers' hashes (7.5 s of CPU), and the mails behind it in the inbox waited.

A SIGNON as observer or master is checked against the one member at the mail's address (refused
unchecked when there is none), a mail's SIGNONs are checked for 3 games at most, and in a batch
the mails that hash nothing are answered (committed) before any password is hashed. The hashes
are counted by wrapping the check that SIGNON makes.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from mail_judge import MailJudge
from sqlmodel import select

import judge.store.passwords as passwords_module
from judge.service.intake import signons
from judge.service.intake.mailroom import ingest_batch
from judge.service.serve_config import Enrolment
from judge.store import Outbox

GAMES = [f"g{n}" for n in range(10)]
OBSERVERS = [f"w{n}@example.org" for n in range(20)]
ATTACKER = "mallory@example.net"


pytestmark = pytest.mark.usefixtures("cheap_passwords")  # what is counted is the number of hashes


def observed_games(judge: MailJudge) -> None:
    """Ten games, each with 20 observers (the same 20 addresses, each with its own password)."""
    judge.config = replace(judge.config, enrol=Enrolment(games=0))
    judge.enrol("master@example.org", "CREATE ?g0 secret standard")
    for game in GAMES[1:]:
        assert "created" in judge.send("master@example.org", f"CREATE ?{game} secret standard")
    for number, address in enumerate(OBSERVERS):
        for first in range(0, len(GAMES), 3):  # three passwords made a mail at most
            reply = judge.send(address, "\n".join(f"OBSERVE {game} seen{number}"
                                                  for game in GAMES[first:first + 3]))
            assert reply.count("You observe") == len(GAMES[first:first + 3]), reply


def counted(monkeypatch: pytest.MonkeyPatch, also: list[bool] | None = None,
            meanwhile: object = None) -> list[str]:
    calls: list[str] = []
    real = passwords_module.verify_password

    def counting(password: str, stored: str) -> bool:
        calls.append(password)
        if callable(meanwhile) and also is not None:
            also.append(bool(meanwhile()))
        return real(password, stored)

    monkeypatch.setattr(signons, "verify_password", counting)
    return calls


def raw(sender: str, message_id: str, body: str) -> bytes:
    return f"From: {sender}\nSubject: x\nMessage-ID: {message_id}\n\n{body}\n".encode()


def test_the_testers_mail_of_ten_observer_signons_costs_at_most_three_hashes(
    judge: MailJudge, monkeypatch: pytest.MonkeyPatch
) -> None:
    observed_games(judge)
    tester = "\n".join(f"SIGNON O{game} guess" for game in GAMES)
    assert len(tester) < 286
    calls = counted(monkeypatch)
    reply = judge.send(ATTACKER, tester)  # from no observer's address: nothing to check
    assert calls == []
    assert reply.count(f"none is at {ATTACKER}") == 3
    assert reply.count("one mail signs on to 3 games at most") == 7
    reply = judge.send(OBSERVERS[4], tester)  # from one observer's: that observer's hash alone
    assert len(calls) == 3
    assert reply.count("Refused: that power and password do not match") == 3
    # The observer signs on with his own password, from his own address, at one hash a game.
    del calls[:]
    reply = judge.send(OBSERVERS[7], "SIGNON Og3 seen7\nBOARD\nSIGNON Og4 seen7")
    assert reply.count("Signed on to g3 as observer") == 1 and "Signed on to g4 as observer" in reply
    assert len(calls) == 2


def test_in_a_batch_a_help_is_answered_before_any_password_is_hashed(
    judge: MailJudge, monkeypatch: pytest.MonkeyPatch
) -> None:
    observed_games(judge)

    def help_answered() -> bool:
        with judge.store.session() as db:
            return db.exec(select(Outbox).where(Outbox.in_reply_to == "<innocent@x>")).first() is not None

    answered: list[bool] = []
    calls = counted(monkeypatch, answered, help_answered)
    tester = "\n".join(f"SIGNON O{game} guess" for game in GAMES)
    batch = [raw(OBSERVERS[n], f"<attack{n}@x>", tester) for n in range(5)]
    batch.append(raw("innocent@example.com", "<innocent@x>", "HELP"))
    outcomes = ingest_batch(judge.store, judge.config, batch, judge.now)
    assert all(outcome.startswith("answered") for outcome in outcomes), outcomes
    assert len(calls) == 15  # five mails, three hashes each at most
    assert answered and all(answered)  # the HELP was answered before the first hash
