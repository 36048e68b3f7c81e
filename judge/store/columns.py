"""Column types and vocabularies shared by the store's tables.

Two rules hold for every table:

- Instants are timezone-aware ``datetime`` values in UTC. :class:`UTCDateTime` refuses naive values
  on the way in and hands back aware UTC values on the way out, on SQLite (which has no time zones)
  as on PostgreSQL (``timestamp with time zone``).
- Closed vocabularies (a game's status, a member's role, ...) are :class:`enum.StrEnum` members in
  Python and short strings in the database, never database-native enum types, so that adding a
  value is a code change and not a schema migration.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Generic, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

from judge.storable import storable

E = TypeVar("E", bound=StrEnum)


def utcnow() -> datetime:
    """The current instant, timezone-aware, in UTC."""
    return datetime.now(UTC)


def text_value(text: str) -> str:
    """``text`` as every database takes it in a text column (``judge.storable``). The mail reader
    already cleans what it reads; the inbound log and the outbox clean again what they are given
    (headers, outcomes quoting an error). The raw bytes column keeps the mail as it came."""
    return storable(text)


class UTCDateTime(TypeDecorator[datetime]):
    """An instant: stored in UTC, always read back as an aware ``datetime`` in UTC."""

    impl = sa.DateTime
    cache_ok = True

    def __init__(self) -> None:
        super().__init__(timezone=True)

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: the store keeps only timezone-aware instants")
        value = value.astimezone(UTC)
        # SQLite stores text without an offset; the value is UTC by the rule above.
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class EnumText(TypeDecorator[E], Generic[E]):
    """A :class:`StrEnum` kept as its string value in a ``VARCHAR(20)``.

    Subclass it once per vocabulary, setting :attr:`enum`. Plain strings equal to a member's value are
    accepted on the way in; anything else raises ``ValueError`` before it reaches the database.
    """

    impl = sa.String
    cache_ok = True
    enum: type[E]

    def __init__(self) -> None:
        super().__init__(length=20)

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        if value is None:
            return None
        return self.enum(value).value

    def process_result_value(self, value: str | None, dialect: Dialect) -> E | None:
        if value is None:
            return None
        return self.enum(value)


class GameStatus(StrEnum):
    """Where a game is in its life."""

    FORMING = "forming"  # waiting for players to join
    ACTIVE = "active"  # phases are being played; deadlines run
    PAUSED = "paused"  # deadlines stopped by the master
    FINISHED = "finished"  # ended by victory or an agreed draw
    TERMINATED = "terminated"  # ended by the master or the judge without an outcome


class Role(StrEnum):
    """What a member of a game is allowed to do in it."""

    PLAYER = "player"
    OBSERVER = "observer"
    MASTER = "master"


class MembershipStatus(StrEnum):
    """Whether a member still takes part; old memberships are kept as the game's history."""

    ACTIVE = "active"
    RESIGNED = "resigned"  # left of their own will
    ABANDONED = "abandoned"  # missed orders often enough for the game's policy to drop them
    EJECTED = "ejected"  # removed by the master
    LAPSED = "lapsed"  # an observer whose address was not confirmed in time ([enrol] held_for)


class PressKind(StrEnum):
    """How a press message is attributed."""

    WHITE = "white"  # signed by the real sender
    GREY = "grey"  # anonymous
    FAKE = "fake"  # signed as another power
    BROADCAST = "broadcast"  # to everyone in the game


class InboundStatus(StrEnum):
    """What became of a received mail."""

    NEW = "new"  # stored, not yet handled
    PROCESSED = "processed"  # handled; `outcome` says how
    DROPPED = "dropped"  # deliberately ignored (bounce, loop, spam)
    FAILED = "failed"  # handling raised; `outcome` has the error


class OutboxStatus(StrEnum):
    """Where an outgoing mail is on its way out."""

    PENDING = "pending"  # waiting for its next attempt
    HELD = "held"  # to an address not yet confirmed: sent once it is, dropped if it never is
    SENT = "sent"
    FAILED = "failed"  # given up after too many attempts


class GameStatusType(EnumText[GameStatus]):
    enum = GameStatus
    cache_ok = True


class RoleType(EnumText[Role]):
    enum = Role
    cache_ok = True


class MembershipStatusType(EnumText[MembershipStatus]):
    enum = MembershipStatus
    cache_ok = True


class PressKindType(EnumText[PressKind]):
    enum = PressKind
    cache_ok = True


class InboundStatusType(EnumText[InboundStatus]):
    enum = InboundStatus
    cache_ok = True


class OutboxStatusType(EnumText[OutboxStatus]):
    enum = OutboxStatus
    cache_ok = True
