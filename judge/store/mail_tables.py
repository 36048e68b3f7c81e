"""The tables of mail: what came in, stored before it is handled, and what goes out.

An inbound mail is unique by its fingerprint (Message-ID, sender and body: ``inbound_fingerprint``):
a mail fetched twice is stored and handled once, but a mail that only borrows another's Message-ID
is a mail of its own. An outgoing mail keeps the Message-ID it was given when queued, so a resend
after a lost acknowledgement is recognisably the same mail. An outgoing mail may carry a map
picture, kept once however many carry it. A wrong password given in a SIGNON is noted
(``SignonFailure``), so that guessing is limited whatever the mails and the judge processes.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field

from judge.store.columns import (
    InboundStatus,
    InboundStatusType,
    OutboxStatus,
    OutboxStatusType,
    UTCDateTime,
    utcnow,
)
from judge.store.tables import StoreModel


class Picture(StoreModel, table=True):
    """A map picture some outgoing mails carry, kept once however many mails carry it: its SVG,
    made with the report in the phase's transaction; the sender renders it to PNG when it writes
    the mail (``daemon.ticker``), so no transaction waits on the rendering."""

    __tablename__ = "picture"

    id: int | None = Field(default=None, primary_key=True)
    digest: str = Field(unique=True)  # SHA-256 of the SVG: the same picture is kept once
    name: str  # the file name the mail gives it, without the extension: "alpha-S1901M"
    svg: str = Field(sa_type=sa.Text)


class InboundMail(StoreModel, table=True):
    """A received mail, exactly as it arrived, with what the judge made of it."""

    __tablename__ = "inbound_mail"
    __table_args__ = (
        sa.Index(None, "sender", "received_at"),  # a sender's recent mail (rate limit)
        sa.Index(None, "reply_to", "received_at"),  # the mail answered to an address (rate limit)
    )

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(index=True)
    fingerprint: str = Field(unique=True, index=True)  # inbound_fingerprint: the same mail is stored once
    raw: bytes = Field(sa_type=sa.LargeBinary)
    sender: str = ""  # From, in lower case
    reply_to: str = ""  # where the reply goes unless the sender signs on: Reply-To, else From
    subject: str = Field(default="", sa_type=sa.Text)
    received_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    status: InboundStatus = Field(default=InboundStatus.NEW, sa_type=InboundStatusType, index=True)
    outcome: str = Field(default="", sa_type=sa.Text)


class Outbox(StoreModel, table=True):
    """A mail to send, queued in the same transaction as the change it reports.

    ``next_attempt_at`` is the judge's time (its retries back off by the judge's clock);
    ``claimed_by`` and ``claimed_until`` are the sender's claim while it sends the mail: which
    judge process holds it (host and process id) and until when by the host's real clock, renewed
    while the mail is being sent (``daemon.claims``). A claim left to lapse is a dead sender's."""

    __tablename__ = "outbox"
    __table_args__ = (sa.Index(None, "status", "next_attempt_at"),)

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(unique=True, index=True)
    to_address: str
    subject: str = Field(sa_type=sa.Text)
    body: str = Field(sa_type=sa.Text)
    in_reply_to: str | None = None  # the Message-ID this answers
    game_id: int | None = Field(default=None, foreign_key="game.id")
    picture_id: int | None = Field(default=None, foreign_key="picture.id")  # attached as PNG
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    status: OutboxStatus = Field(default=OutboxStatus.PENDING, sa_type=OutboxStatusType)
    attempts: int = 0
    next_attempt_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    last_error: str = Field(default="", sa_type=sa.Text)
    claimed_by: str | None = None
    claimed_until: datetime | None = Field(default=None, sa_type=UTCDateTime)


class SignonFailure(StoreModel, table=True):
    """A SIGNON whose password was wrong (the password was hashed and did not match): what limits
    guessing (``judge.service.intake.signons``). ``target`` is the power, or "master" or
    "observer"; ``address`` is where the mail asked its reply to go (Reply-To, else From);
    ``owner``: whether that address is the target's own player's, whose failures are counted
    apart from everyone else's, so that guessing from elsewhere never locks the player out.
    ``told``: this failure reached the limit and the target's player was told of it. ``proven``:
    the password came in a held mail carried out by the code mailed to ``address`` (``HeldSignon``):
    it counts against that address alone, never toward the target's limit."""

    __tablename__ = "signon_failure"
    __table_args__ = (
        sa.Index(None, "game_id", "target", "failed_at"),
        sa.Index(None, "address", "failed_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    target: str
    address: str
    owner: bool = False
    failed_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    told: bool = False
    proven: bool = False


class HeldSignon(StoreModel, table=True):
    """A mail whose SIGNON was refused unchecked (too many wrong passwords for its target lately),
    held: the reply to it, which goes to ``address`` alone, gives ``code``; a mail from that
    address with ``CONFIRM <code>`` has it carried out, its password checked then
    (``judge.service.intake.held``). ``done``: carried out (a code works once)."""

    __tablename__ = "held_signon"
    __table_args__ = (sa.Index(None, "address", "held_at"),)

    id: int | None = Field(default=None, primary_key=True)
    address: str
    code: str
    inbound_id: int = Field(foreign_key="inbound_mail.id")
    held_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    done: bool = False
