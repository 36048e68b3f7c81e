"""A Plantagenet game by mail for the tests: created, joined by two players, each side's mail
sent with its SIGNON, and what the judge holds of it read back."""

from __future__ import annotations

from mail_judge import MailJudge, current_game, phase_records
from sqlmodel import col, select

from judge.store import Game, Membership, Outbox, PhaseRecord, Player

MASTER = "master@example.org"
ADDRESSES = ("first@example.org", "second@example.org")


class Table:
    """A game of ``kind`` by mail: ``send(side, *lines)`` mails as that side (with its SIGNON)."""

    def __init__(self, judge: MailJudge, kind: str = "plantagenet-ia") -> None:
        self.judge = judge
        reply = judge.enrol(MASTER, f"CREATE ?roses secret {kind}")
        assert f"Game roses ({kind}) created" in reply, reply
        judge.enrol(ADDRESSES[0], "JOIN roses pw0")
        reply = judge.enrol(ADDRESSES[1], "JOIN roses pw1")
        assert "roses has started" in reply, reply
        with judge.store.session() as db:
            rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
        self.address = {m.power: p.address for m, p in rows if m.power}
        self.signon = {side: f"SIGNON {side[0]}roses pw{ADDRESSES.index(address)}"
                       for side, address in self.address.items()}
        self.sent = {side: 0 for side in self.address}

    def send(self, side: str, *lines: str) -> str:
        self.sent[side] += 1
        return self.judge.send(self.address[side], "\n".join([self.signon[side], *lines]))

    def game(self) -> Game:
        return current_game(self.judge)

    def records(self) -> list[PhaseRecord]:
        return phase_records(self.judge)

    def mails_to(self, side: str, after: int = 0) -> list[Outbox]:
        return [mail for mail in self.judge.mail_to(self.address[side]) if (mail.id or 0) > after]

    def last_mail(self) -> int:
        with self.judge.store.session() as db:
            return db.exec(select(Outbox.id).order_by(col(Outbox.id).desc())).first() or 0
