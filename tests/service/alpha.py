"""A standard game "alpha" on a MailJudge, and the mail its master and players send (helpers for
the tests of reminders, kept orders, draws and the inbound path)."""

from __future__ import annotations

from mail_judge import MailJudge
from mail_judge import current_game as game
from sqlmodel import select

from judge.store import GameStatus, Membership, Outbox, Player

MASTER = "master@example.org"
PLAYERS = [f"player{n}@example.org" for n in range(1, 8)]
NOTICE = "Diplomacy notice: alpha"

Seats = dict[str, tuple[str, str]]  # power -> (address, password)


def new_game(judge: MailJudge, *setup: str) -> Seats:
    """Create alpha (the master's ``setup`` lines run first), fill it and so start it; everyone
    confirms their address as they join (``MailJudge.enrol``)."""
    reply = judge.enrol(MASTER, "\n".join(["CREATE ?alpha secret standard", *setup]))
    assert "Game alpha (diplomacy/standard) created" in reply, reply
    for number, address in enumerate(PLAYERS, 1):
        judge.enrol(address, f"JOIN alpha pw{number}")
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
    seats = {m.power: (p.address, f"pw{PLAYERS.index(p.address) + 1}") for m, p in rows if m.power}
    assert len(seats) == 7 and game(judge).status is GameStatus.ACTIVE
    return seats


def master(judge: MailJudge, *lines: str) -> str:
    return judge.send(MASTER, "\n".join(["SIGNON Malpha secret", *lines]))


def as_power(judge: MailJudge, seats: Seats, power: str, *lines: str) -> str:
    address, password = seats[power]
    return judge.send(address, "\n".join([f"SIGNON {power}@alpha {password}", *lines]))


def holds(judge: MailJudge, power: str) -> list[str]:
    """An order for each of the power's units that keeps it where it stands."""
    return [f"{u['type']} {u['loc']} H" for u in game(judge).state["units"] if u["power"] == power]


def mail_since(judge: MailJudge, first_id: int, subject_starts: str = "") -> list[Outbox]:
    """The mail queued after the one with id ``first_id``, oldest first."""
    with judge.store.session() as db:
        rows = db.exec(select(Outbox).where(Outbox.id > first_id).order_by(Outbox.id)).all()  # type: ignore[operator]
        return [row for row in rows if row.subject.startswith(subject_starts)]


def last_mail_id(judge: MailJudge) -> int:
    with judge.store.session() as db:
        rows = db.exec(select(Outbox.id).order_by(Outbox.id.desc())).first()  # type: ignore[union-attr]
        return rows or 0
