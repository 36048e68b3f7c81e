"""A complete standard-map game played only through mail by seven players and a master: creation,
joining, start, years of orders with retreats and builds, press of each kind, a player who misses a
deadline and goes into civil disorder, a takeover, a draw vote, and the end."""

from __future__ import annotations

from random import Random

from mail_judge import MailJudge
from sqlmodel import select

from judge.games.diplomacy.random_orders import random_orders
from judge.games.diplomacy.vocabulary import Power
from judge.games.registry import game_kind
from judge.store import Game, GameStatus, Membership, MembershipStatus, Player, Press

KIND = game_kind("standard")
MASTER = "master@example.org"


def game_row(judge: MailJudge) -> Game:
    with judge.store.session() as db:
        return db.exec(select(Game)).one()


def holders(judge: MailJudge) -> dict[str, str]:
    """Each power's current player address."""
    with judge.store.session() as db:
        rows = db.exec(
            select(Membership, Player)
            .where(Membership.player_id == Player.id)
            .where(Membership.status == MembershipStatus.ACTIVE)
        ).all()
        return {m.power: p.address for m, p in rows if m.power}


def play_phase(judge: MailJudge, passwords: dict[str, str], rng: Random, skip: str = "") -> str:
    """Every power that must act sends random possible orders (``skip`` sends none)."""
    game = game_row(judge)
    position = KIND.position(game.state)  # type: ignore[attr-defined]
    acting = sorted(KIND.pending(game.state).powers)
    reply = ""
    for power in acting:
        if power == skip:
            continue
        orders = random_orders(KIND.map, position, Power(power), rng)  # type: ignore[attr-defined]
        address = holders(judge)[power]
        body = "\n".join([f"SIGNON {power}@alpha {passwords[address]}", *orders]) or ""
        if not orders:
            body += "\nSET NOWAIT"
        reply = judge.send(address, body)
        assert "Error" not in reply, reply
    return reply


def test_a_whole_game_by_mail(judge: MailJudge) -> None:
    rng = Random(1455)
    assert "created" in judge.send(MASTER, "CREATE ?alpha secret standard\nSET PRESS BOTH FAKE")
    passwords = {f"p{n}@example.org": f"pw{n}" for n in range(1, 8)}
    for address, password in passwords.items():
        judge.send(address, f"JOIN alpha {password}")
    assert game_row(judge).status is GameStatus.ACTIVE
    owner = holders(judge)

    # Press of each kind: white to one power, grey to two, fake, and a broadcast.
    england, france = owner["England"], owner["France"]
    sign = f"SIGNON England@alpha {passwords[england]}"
    reply = judge.send(england, f"{sign}\nPRESS TO France\nAlliance?\nENDPRESS\n"
                                f"PRESS TO Germany Russia GREY\nBeware France.\nENDPRESS\n"
                                f"PRESS TO Italy FAKE France\nFrance hates you.\nENDPRESS\n"
                                f"BROADCAST\nGood luck all.\nENDBROADCAST")
    assert "Refused" not in reply, reply
    assert any("Alliance?" in m.body for m in judge.mail_to(france, "Diplomacy press alpha"))
    assert any("Beware France." in m.body for m in judge.mail_to(owner["Germany"], "Diplomacy press"))
    with judge.store.session() as db:
        assert len(db.exec(select(Press)).all()) == 4

    # Spring 1901: Turkey sends nothing, is late, and goes into civil disorder after the grace.
    play_phase(judge, passwords, rng, skip="Turkey")
    assert game_row(judge).phase == "S1901M"
    judge.advance(hours=49)
    assert game_row(judge).grace_until is not None
    assert judge.mail_to(owner["Turkey"], "Diplomacy notice: alpha")[-1].body.count("not complete")
    judge.advance(hours=24)
    assert game_row(judge).phase != "S1901M"
    turkish_report = judge.mail_to(owner["Turkey"], "Diplomacy results alpha S1901M")[0].body
    assert "(no order)" in turkish_report

    # The master ejects Turkey's player; a newcomer takes the power over.
    reply = judge.send(MASTER, "SIGNON Malpha secret\nEJECT Turkey")
    assert "Refused" not in reply, reply
    passwords["new@example.org"] = "fresh"
    reply = judge.send("new@example.org", "JOIN alpha fresh")
    assert "Turkey" in reply, reply
    assert holders(judge)["Turkey"] == "new@example.org"

    # Play on until the game has seen retreats and adjustments, and three game years at least.
    seen_phases: set[str] = set()
    while int(game_row(judge).phase[1:5]) < 1904 or seen_phases != {"M", "R", "A"}:
        assert int(game_row(judge).phase[1:5]) < 1912, seen_phases
        phase = game_row(judge).phase
        seen_phases.add(phase[-1])
        play_phase(judge, passwords, rng)
        if game_row(judge).phase == phase:  # somebody had nothing to order: the deadline does it
            judge.advance(hours=49)
        assert game_row(judge).status is GameStatus.ACTIVE
    assert seen_phases == {"M", "R", "A"}, seen_phases  # movement, retreats and adjustments
    reports = judge.mail_to(england, "Diplomacy results alpha")
    assert len(reports) >= 8

    # Everyone votes for a draw: the game ends, and the secret is revealed to all.
    for power, address in holders(judge).items():
        judge.send(address, f"SIGNON {power}@alpha {passwords[address]}\nSET DRAW")
    assert game_row(judge).status is GameStatus.FINISHED
    final = judge.mail_to(MASTER, "Diplomacy notice: alpha")[-1].body
    assert "draw" in final and game_row(judge).secret.hex() in final
