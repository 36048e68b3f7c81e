"""The tables of mail: what came in, stored before it is handled, and what goes out.

Both are unique by Message-ID. An inbound mail fetched twice is stored and handled once; an outgoing
mail keeps the Message-ID it was given when queued, so a resend after a lost acknowledgement is
recognisably the same mail. An outgoing mail may carry a map picture, kept once however many carry it.
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
    __table_args__ = (sa.Index(None, "sender", "received_at"),)  # a sender's recent mail (rate limit)

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(unique=True, index=True)
    raw: bytes = Field(sa_type=sa.LargeBinary)
    sender: str = ""
    subject: str = Field(default="", sa_type=sa.Text)
    received_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    status: InboundStatus = Field(default=InboundStatus.NEW, sa_type=InboundStatusType, index=True)
    outcome: str = Field(default="", sa_type=sa.Text)


class Outbox(StoreModel, table=True):
    """A mail to send, queued in the same transaction as the change it reports."""

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
