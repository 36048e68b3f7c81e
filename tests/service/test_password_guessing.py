"""Password guessing by mail (issue 17, point 2), attacked as it was done: one mail of a thousand
SIGNON guesses, and guesses spread over many mails and addresses.

A mail gets one SIGNON per game; wrong passwords are limited per power and per address (5 in 10
minutes here, the default), past which SIGNON is refused unchecked and the power's player is told
once; the hashing is done with no transaction open. Every test runs on SQLite and on PostgreSQL.
Passwords are hashed with a tiny scrypt cost (the cost is not what is tested); the hashes are
counted by wrapping the check that SIGNON makes.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from alpha import game, holds, new_game
from mail_judge import MailJudge
from sqlmodel import select

import judge.service.intake.handlers as handlers_module
import judge.service.play.games as games_module
import judge.store.passwords as passwords_module
from judge.service.config import ConfigError, load_config
from judge.service.intake import signons
from judge.service.intake.mailroom import ingest, ingest_batch
from judge.service.serve_config import SignonLimit
from judge.store import Membership, Player, SignonFailure, SubmittedOrders, open_store

ATTACKER = "mallory@example.net"


pytestmark = pytest.mark.usefixtures("cheap_passwords")  # the hashing is not what is tested here


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    return judge_on_each_backend


class Hashes:
    """The passwords SIGNON checks (each a full scrypt where it is not remembered)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = passwords_module.verify_password

        def counted(password: str, stored: str) -> bool:
            self.count += 1
            return real(password, stored)

        monkeypatch.setattr(signons, "verify_password", counted)


@pytest.fixture
def hashes(monkeypatch: pytest.MonkeyPatch) -> Hashes:
    return Hashes(monkeypatch)


def england(judge: MailJudge) -> tuple[Membership, Player]:
    with judge.store.session() as db:
        membership = db.exec(select(Membership).where(Membership.power == "England")).one()
        player = db.get(Player, membership.player_id)
        assert player is not None
        return membership, player


def failures(judge: MailJudge) -> list[SignonFailure]:
    with judge.store.session() as db:
        return list(db.exec(select(SignonFailure)).all())


def test_a_thousand_guesses_in_one_mail_cost_one_hash_and_take_nothing_over(
    judge: MailJudge, hashes: Hashes
) -> None:
    seats = new_game(judge)
    address, password = seats["England"]
    before, _player = england(judge)
    hashes.count = 0
    guesses = [f"SIGNON England@alpha guess{n}" for n in range(999)] + [f"SIGNON England@alpha {password}"]
    reply = judge.send(ATTACKER, "\n".join([*guesses, "SET PASSWORD mine-now", f"SET ADDRESS {ATTACKER}"]))
    assert hashes.count == 1
    assert "Refused: that power and password do not match" in reply
    assert "Not read: the SIGNON for alpha on line 1 failed" in reply
    assert "(the next 1001 lines)" in reply and len(reply) < 2_000, reply
    after, player = england(judge)
    assert after.password_hash == before.password_hash and player.address == address
    assert [f.address for f in failures(judge)] == [ATTACKER]
    # A second SIGNON for the game in one mail is refused unchecked, even after a right one.
    hashes.count = 0
    reply = judge.send(address, f"SIGNON England@alpha {password}\nSIGNON France@alpha {seats['France'][1]}\nLIST")
    assert "Signed on to alpha as England" in reply
    assert "one SIGNON per game in a mail: this one for alpha is not checked" in reply
    assert hashes.count == 1


def test_guessing_over_many_mails_and_addresses_is_limited_and_the_player_told_once(
    judge: MailJudge, hashes: Hashes
) -> None:
    seats = new_game(judge)
    address, _password = seats["England"]
    hashes.count = 0
    for number in range(5):  # five addresses, a guess each: the power's limit, not an address's
        reply = judge.send(f"guesser{number}@example.net", f"SIGNON England@alpha guess{number}")
        assert "Refused: that power and password do not match" in reply
    assert hashes.count == 5
    told = judge.mail_to(address, "Wrong passwords for England in alpha")
    assert len(told) == 1
    assert "Someone gave 5 wrong passwords for England in alpha in the last 10m" in told[0].body
    assert "guesser0@example.net, guesser1@example.net" in told[0].body
    assert "from any address but yours\nis not checked at once: the mail is held" in told[0].body
    assert "Your own mail signs on as usual." in told[0].body
    for number in range(5, 30):
        reply = judge.send(f"guesser{number}@example.net", f"SIGNON England@alpha guess{number}")
        assert "Held: too many wrong passwords for England in alpha lately (maybe from someone writing " \
               "as you), so SIGNON for it is not checked until 12:10 UTC" in reply, reply
    assert hashes.count == 5 and len(failures(judge)) == 5
    assert len(judge.mail_to(address, "Wrong passwords")) == 1  # told once
    # Other powers are not touched; after the window, guesses are checked again.
    assert "Signed on to alpha as France" in judge.send(seats["France"][0], f"SIGNON France@alpha {seats['France'][1]}")
    judge.now += timedelta(minutes=11)
    hashes.count = 0
    assert "do not match" in judge.send("guesser99@example.net", "SIGNON England@alpha guess99")
    assert hashes.count == 1


def test_a_right_guess_after_wrong_ones_is_held_unchecked_and_the_player_keeps_the_power(
    judge: MailJudge, hashes: Hashes
) -> None:
    """Held, not checked: the guesser must answer a code from his own mailbox to have it checked
    (tests/service/test_lockout.py), at his address's own limit."""
    seats = new_game(judge)
    address, password = seats["England"]
    before, _player = england(judge)
    for number in range(5):
        judge.send(ATTACKER, f"SIGNON England@alpha guess{number}\nSET PASSWORD mine")
    hashes.count = 0
    reply = judge.send(ATTACKER, f"SIGNON England@alpha {password}\nSET PASSWORD mine\nSET ADDRESS {ATTACKER}")
    assert "Held: too many wrong passwords for England" in reply and hashes.count == 0
    after, player = england(judge)
    assert after.password_hash == before.password_hash and player.address == address
    # The player, from their own address, signs on and orders as usual meanwhile.
    reply = judge.send(address, "\n".join([f"SIGNON England@alpha {password}", *holds(judge, "England")]))
    assert "Signed on to alpha as England" in reply and "Your orders for S1901M are complete." in reply


def test_one_address_guessing_many_powers_is_limited(judge: MailJudge, hashes: Hashes) -> None:
    seats = new_game(judge)
    hashes.count = 0
    powers = [power for power in seats if power != "England"]
    for power in powers[:5]:
        assert "do not match" in judge.send(ATTACKER, f"SIGNON {power}@alpha guess")
    reply = judge.send(ATTACKER, f"SIGNON {powers[5]}@alpha guess")
    assert f"Held: too many wrong passwords for {powers[5]} in alpha lately" in reply
    assert hashes.count == 5
    # Their players are not locked out, nor told (no power had five).
    address, password = seats[powers[5]]
    assert f"Signed on to alpha as {powers[5]}" in judge.send(address, f"SIGNON {powers[5]}@alpha {password}")
    assert not judge.mail_to(address, "Wrong passwords")


def test_a_batch_of_guesses_is_limited_like_mails_one_by_one(judge: MailJudge, hashes: Hashes) -> None:
    seats = new_game(judge)
    hashes.count = 0
    batch = [(f"From: g{n}@example.net\nMessage-ID: <g{n}@x>\n\nSIGNON England@alpha guess{n}\n").encode()
             for n in range(12)]
    outcomes = ingest_batch(judge.store, judge.config, batch, judge.now)
    assert all(outcome.startswith("answered") for outcome in outcomes)
    assert hashes.count == 5 and len(failures(judge)) == 5
    assert len(judge.mail_to(seats["England"][0], "Wrong passwords")) == 1


def test_guesses_in_mail_the_rate_limit_drops_or_already_processed_still_count(
    judge: MailJudge, hashes: Hashes
) -> None:
    new_game(judge)
    raw = f"From: {ATTACKER}\nMessage-ID: <same@x>\n\nSIGNON England@alpha guess\n".encode()
    outcomes = [ingest(judge.store, judge.config, raw, judge.now) for _ in range(8)]
    assert outcomes[0].startswith("answered") and outcomes[1] == "already processed: <same@x>"
    assert hashes.count == 5 and len(failures(judge)) == 5


def test_passwords_are_hashed_with_no_transaction_open(judge: MailJudge, monkeypatch: pytest.MonkeyPatch) -> None:
    seats = new_game(judge)
    address, password = seats["England"]
    seen: list[str] = []
    real = passwords_module.verify_password

    def while_hashing(guess: str, stored: str) -> bool:
        # No connection of the judge's is in use (so no transaction is open), and another
        # judge process takes a mail in meanwhile without waiting (SQLite: its write lock is free).
        assert judge.store.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
        other = open_store(judge.config.database_url, busy_timeout=0.05)
        try:
            raw = f"From: someone@example.org\nMessage-ID: <meanwhile{len(seen)}@x>\n\nHELP\n".encode()
            seen.append(ingest(other, judge.config, raw, judge.now))
        finally:
            other.close()
        return real(guess, stored)

    monkeypatch.setattr(signons, "verify_password", while_hashing)
    assert "do not match" in judge.send(ATTACKER, "SIGNON England@alpha guess")
    reply = judge.send(address, "\n".join([f"SIGNON England@alpha {password}", *holds(judge, "England")]))
    assert "Your orders for S1901M are complete." in reply
    assert len(seen) == 2 and all(outcome.startswith("answered") for outcome in seen), seen
    with judge.store.session() as db:
        assert db.exec(select(SubmittedOrders).where(SubmittedOrders.power == "England")).first() is not None
    assert game(judge).phase == "S1901M"


def test_the_limit_is_five_in_ten_minutes_by_default_and_zero_means_none(
    judge: MailJudge, hashes: Hashes
) -> None:
    assert load_config(judge.config.path).signon == SignonLimit(5, timedelta(minutes=10))
    path = judge.config.path
    path.write_text(path.read_text().replace("failures = 5 ", "failures = 0 "))
    judge.config = load_config(path)
    assert judge.config.signon.failures == 0
    new_game(judge)
    hashes.count = 0
    for number in range(8):
        assert "do not match" in judge.send(ATTACKER, f"SIGNON England@alpha guess{number}")
    assert hashes.count == 8
    path.write_text(path.read_text().replace("failures = 0 ", 'failures = "many" '))
    with pytest.raises(ConfigError, match=r"\[signon\] failures must be a whole number"):
        load_config(path)


def test_guesses_written_from_the_players_own_address_are_counted_apart(
    judge: MailJudge, hashes: Hashes
) -> None:
    """What the limit cannot tell apart: guesses forged from the player's own address hold his
    SIGNONs from that address until he answers a code (the player is told so), and leave mail
    from elsewhere alone."""
    seats = new_game(judge)
    address, password = seats["England"]
    for number in range(5):
        assert "do not match" in judge.send(address, f"SIGNON England@alpha guess{number}")
    [told] = judge.mail_to(address, "Wrong passwords for England in alpha")
    assert "from your own address\nis not checked at once" in told.body
    assert "The guesses came from your address: someone may be writing as you." in told.body
    hashes.count = 0
    assert "Held: too many wrong passwords for England" in judge.send(address, f"SIGNON England@alpha {password}")
    assert hashes.count == 0
    reply = judge.send("england-on-the-road@example.org", f"SIGNON England@alpha {password}")
    assert "Signed on to alpha as England" in reply


def test_a_mail_makes_at_most_three_passwords_whatever_it_asks(judge: MailJudge) -> None:
    """Each CREATE, JOIN, OBSERVE or SET PASSWORD hashes a password in the mail's transaction: a
    mail of a thousand SET PASSWORD lines makes three, and the rest are refused unhashed."""
    calls: list[str] = []
    real = passwords_module.hash_password

    def counting(password: str) -> str:
        calls.append(password)
        return real(password)

    seats = new_game(judge)
    address, password = seats["England"]
    lines = [f"SIGNON England@alpha {password}", *(f"SET PASSWORD new{n}" for n in range(1000))]
    with pytest.MonkeyPatch.context() as patch:
        for module in (handlers_module, games_module):
            patch.setattr(module, "hash_password", counting)
        reply = judge.send(address, "\n".join(lines))
    assert len(calls) == 3
    assert reply.count("Password changed.") == 3
    assert "SET PASSWORD: refused: one mail may set at most 3 passwords" in reply
    assert "Signed on to alpha as England" in judge.send(address, "SIGNON England@alpha new2")
