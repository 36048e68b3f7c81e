"""The judge's own clock record: when it last ticked, and which deadlines are overdue.

A daemon that was down, or whose clock jumped, must not treat every deadline that passed meanwhile
as missed by the players. To tell, it needs the instant of its last tick, kept where it survives a
crash or a restart: here, in one row of ``judge_clock``. The row is read under a row lock (on
PostgreSQL ``FOR UPDATE``; on SQLite the transaction holds the write lock anyway), so that of two
judge processes starting together, one decides about an outage and the other sees its decision.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Field, Session, col, select

from judge.store.columns import GameStatus, UTCDateTime
from judge.store.tables import Game, StoreModel, metadata

CLOCK_ROW = 1
"""The id of the one row of ``judge_clock``."""


class JudgeClock(StoreModel, table=True):
    """The one row recording the judge's last tick (absent until the first tick)."""

    __tablename__ = "judge_clock"

    id: int | None = Field(default=None, primary_key=True)
    last_tick: datetime = Field(sa_type=UTCDateTime)


def last_tick(session: Session) -> datetime | None:
    """The instant of the last recorded tick, the row locked for this transaction; None if never."""
    row = session.exec(
        select(JudgeClock).where(JudgeClock.id == CLOCK_ROW).with_for_update()
    ).first()
    return row.last_tick if row is not None else None


def record_tick(session: Session, now: datetime) -> None:
    """Record ``now`` as the instant of the last tick (creating the row on the first tick).

    Two processes recording their first tick at once cannot both insert: the insert does nothing
    on a conflict, and the update that follows writes the later writer's instant.
    """
    table = metadata.tables["judge_clock"]
    if session.get_bind().dialect.name == "postgresql":
        session.execute(postgresql.insert(table).values(id=CLOCK_ROW, last_tick=now).on_conflict_do_nothing())
    else:
        session.execute(sqlite.insert(table).values(id=CLOCK_ROW, last_tick=now).on_conflict_do_nothing())
    session.execute(sa.update(table).where(table.c.id == CLOCK_ROW).values(last_tick=now))


def overdue_games(session: Session, now: datetime) -> list[Game]:
    """Running games whose deadline has passed at ``now``, locked for this transaction."""
    statement = (
        select(Game)
        .where(Game.status == GameStatus.ACTIVE, col(Game.deadline).is_not(None), col(Game.deadline) <= now)
        .order_by(col(Game.id))
        .with_for_update()
    )
    return list(session.exec(statement).all())
