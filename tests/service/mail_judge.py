"""A judge in a temporary folder, driven by mail, with time given explicitly (for the tests)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from sqlmodel import col, select

from judge.service.config import Config
from judge.service.intake.mailroom import ingest
from judge.service.daemon.ticker import tick
from judge.store import Game, Outbox, PhaseRecord, Store

START = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)  # a Monday
CODE = re.compile(r"^(?!> ).*\bCONFIRM ([a-z0-9]{8})\b", re.MULTILINE)
"""A confirmation code the judge gives in a mail (not a quoted line of the mail it answers)."""


class Delivered:
    """A transport that keeps what it is given."""

    def __init__(self) -> None:
        self.mails: list[bytes] = []

    def deliver(self, raw: bytes) -> None:
        self.mails.append(raw)


@dataclass
class MailJudge:
    config: Config
    store: Store
    now: datetime = START
    transport: Delivered = field(default_factory=Delivered)
    _ids: Iterator[int] = field(default_factory=itertools.count)

    def send(self, sender: str, body: str, subject: str = "orders") -> str:
        """Mail the judge; return the body of its reply to this mail."""
        number = next(self._ids)
        message_id = f"<t{number}@test.invalid>"
        raw = (
            f"From: {sender}\nTo: judge@localhost\nSubject: {subject}\n"
            f"Message-ID: {message_id}\n\n{body}\n"
        ).encode()
        ingest(self.store, self.config, raw, self.now)
        with self.store.session() as db:
            reply = db.exec(select(Outbox).where(Outbox.in_reply_to == message_id)).one()
            return reply.body

    def confirm(self, address: str) -> str:
        """Confirm an address as a person would: read the code in the judge's latest mail to it
        that gives one, and send it back from there; return the judge's reply."""
        for mail in reversed(self.mail_to(address)):
            if found := CODE.search(mail.body):
                return self.send(address, f"CONFIRM {found[1]}", subject=f"Re: {mail.subject}")
        raise AssertionError(f"no mail to {address} gives a confirmation code")

    def enrol(self, address: str, body: str) -> str:
        """Send a mail (the first JOIN, OBSERVE or CREATE from an address) and, when the reply
        asks for it, confirm the address with the code it gives, as a person would; return the
        reply to the mail."""
        reply = self.send(address, body)
        if CODE.search(reply):
            assert "Confirmed:" in self.confirm(address)
        return reply

    def mail_to(self, address: str, subject_starts: str = "") -> list[Outbox]:
        with self.store.session() as db:
            rows = db.exec(
                select(Outbox).where(Outbox.to_address == address.lower()).order_by(Outbox.id)
            ).all()
            return [row for row in rows if row.subject.startswith(subject_starts)]

    def advance(self, **delta: float) -> list[str]:
        self.now += timedelta(**delta)
        return tick(self.store, self.config, self.transport, self.now)


def current_game(judge: MailJudge) -> Game:
    """The judge's one game as it stands."""
    with judge.store.session() as db:
        return db.exec(select(Game)).one()


def phase_records(judge: MailJudge) -> list[PhaseRecord]:
    """Every phase the judge has recorded, in order."""
    with judge.store.session() as db:
        return list(db.exec(select(PhaseRecord).order_by(col(PhaseRecord.id))).all())
