"""A Diplomacy game run entirely by mail: creation, joining, start, orders, deadlines, reports."""

from __future__ import annotations

from sqlmodel import select

from judge.service.play.games import taken_orders
from judge.store import Game, Membership

from mail_judge import MailJudge

PLAYERS = [f"player{n}@example.org" for n in range(1, 8)]


def start_game(judge: MailJudge) -> dict[str, str]:
    """Create and fill a game; return each power's player address."""
    reply = judge.send("master@example.org", "CREATE ?alpha secret standard")
    assert "Game alpha (diplomacy/standard) created; you are its master." in reply
    for number, address in enumerate(PLAYERS, 1):
        reply = judge.send(address, f"JOIN alpha pw{number}")
        assert f"Joined alpha: {number} of 7 players." in reply
    assert "alpha has started: Spring 1901 Movement" in reply
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        powers = {m.power: m.player_id for m in db.exec(select(Membership)) if m.power}
        assert game.phase == "S1901M" and len(powers) == 7
    addresses = {}
    for number, address in enumerate(PLAYERS, 1):
        reply = judge.send(address, f"SIGNON ?alpha pw{number}\nLIST alpha")
    for power in powers:
        for number, address in enumerate(PLAYERS, 1):
            reply = judge.send(address, f"SIGNON {power}@alpha pw{number}")
            if "Signed on" in reply:
                addresses[power] = address
                break
    assert len(addresses) == 7
    return addresses


def test_create_join_start_and_everyone_is_told(judge: MailJudge) -> None:
    addresses = start_game(judge)
    for address in PLAYERS + ["master@example.org"]:
        notices = judge.mail_to(address, "Diplomacy notice: alpha")
        assert notices and "alpha has started" in notices[0].body
    assert set(addresses) == {"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}


def test_orders_are_acknowledged_and_the_phase_processes_when_all_are_in(judge: MailJudge) -> None:
    addresses = start_game(judge)
    reply = judge.send(addresses["England"], "SIGNON England@alpha pw0\nF lon - nth")
    assert "Refused: that power and password do not match" in reply
    password = {a: f"pw{n}" for n, a in enumerate(PLAYERS, 1)}
    england = addresses["England"]
    reply = judge.send(
        england, f"SIGNON Ealpha {password[england]}\nF London - North Sea, A Lvp-Yor\nF edi x"
    )
    assert "Accepted: F lon - nth" in reply and "Accepted: A lvp - yor" in reply
    assert "Error: F edi x" in reply
    assert "not complete yet" in reply
    reply = judge.send(england, f"SIGNON Ealpha {password[england]}\nF edi - nwg")
    assert "Your orders for S1901M are complete." in reply
    for power, address in addresses.items():
        if power == "England":
            continue
        letter = {"Austria": "A", "France": "F", "Germany": "G", "Italy": "I", "Russia": "R",
                  "Turkey": "T"}[power]
        with judge.store.session() as db:
            game = db.exec(select(Game)).one()
            units = [u for u in game.state["units"] if u["power"] == power]
        orders = "\n".join(f"{u['type']} {u['loc']} H" for u in units)
        reply = judge.send(address, f"SIGNON {letter}alpha {password[address]}\n{orders}")
    assert "Spring 1901 Movement of alpha has been processed (all orders in)." in reply
    report = judge.mail_to(england, "Diplomacy results alpha S1901M")
    assert len(report) == 1
    assert "F lon - nth" in report[0].body and "The next phase of alpha is Fall 1901 Movement" in report[0].body


def test_deadline_grace_and_civil_disorder(judge: MailJudge) -> None:
    start_game(judge)
    judge.advance(hours=47)
    with judge.store.session() as db:
        assert db.exec(select(Game)).one().phase == "S1901M"
    done = judge.advance(hours=1, minutes=30)  # past the 48-hour deadline
    assert any("late" in line for line in done)
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        assert game.phase == "S1901M" and game.grace_until is not None
    done = judge.advance(hours=24)  # past the grace period
    assert any("civil disorder" in line for line in done)
    with judge.store.session() as db:
        assert db.exec(select(Game)).one().phase == "F1901M"
    assert judge.mail_to(PLAYERS[0], "Diplomacy results alpha S1901M")


def test_orders_for_a_later_phase_are_read_when_it_begins(judge: MailJudge) -> None:
    addresses = start_game(judge)
    password = {a: f"pw{n}" for n, a in enumerate(PLAYERS, 1)}
    england = addresses["England"]
    sign = f"SIGNON Ealpha {password[england]}"
    reply = judge.send(england, f"{sign}\nPHASE F1901M\nF nth - nwy")
    assert "Kept for F1901M" in reply
    reply = judge.send(england, f"{sign}\nF lon - nth\nA lvp - yor\nF edi H")
    assert "complete" in reply
    judge.advance(hours=49)  # the deadline; the others are late
    judge.advance(hours=24)  # the end of grace: civil disorder for them
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        assert game.phase == "F1901M"
        assert taken_orders(db, game, "England") == {"nth": "F nth - nwy"}
