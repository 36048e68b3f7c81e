"""The queries the service needs beyond ``session.get``: each one named for what it is for.

Every function takes the caller's session and runs inside its transaction; none commits.
"""

from __future__ import annotations

import hashlib
import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, func, select

from judge.store.columns import GameStatus, InboundStatus, MembershipStatus, OutboxStatus, utcnow
from judge.store.mail_tables import InboundMail, Outbox
from judge.store.tables import Game, Membership, PhaseRecord, SubmittedOrders, metadata


def game_by_name(session: Session, name: str) -> Game | None:
    """The game called ``name`` (in any case), or None."""
    return session.exec(select(Game).where(Game.name == name.lower())).first()


def membership_by_power(session: Session, game_id: int, power: str) -> Membership | None:
    """The active membership holding ``power`` in the game, or None when the power is vacant."""
    statement = select(Membership).where(
        Membership.game_id == game_id,
        Membership.power == power,
        Membership.status == MembershipStatus.ACTIVE,
    )
    return session.exec(statement).first()


def claim_due_games(session: Session, now: datetime, limit: int = 10) -> list[Game]:
    """Active games whose deadline is at or before ``now``, earliest first, locked for this transaction.

    On PostgreSQL the rows are locked ``FOR UPDATE SKIP LOCKED``: a second judge process claiming at
    the same moment gets other games, never these. On SQLite the transaction already holds the
    database's write lock (see ``judge.store.engine``), so the second process waits and then sees
    the games as no longer due. Either way, commit the new deadline with the phase it processed.
    """
    statement = (
        select(Game)
        .where(Game.status == GameStatus.ACTIVE, col(Game.deadline).is_not(None), col(Game.deadline) <= now)
        .order_by(col(Game.deadline), col(Game.id))
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return list(session.exec(statement).all())


def due_outbox(session: Session, now: datetime, limit: int = 100) -> list[Outbox]:
    """Pending mails due at ``now``, oldest first, locked like :func:`claim_due_games`."""
    statement = (
        select(Outbox)
        .where(Outbox.status == OutboxStatus.PENDING, col(Outbox.next_attempt_at) <= now)
        .order_by(col(Outbox.next_attempt_at), col(Outbox.id))
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return list(session.exec(statement).all())


def synthetic_message_id(raw: bytes) -> str:
    """A stable Message-ID for a mail that came without one: the same bytes give the same ID."""
    return f"<{hashlib.sha256(raw).hexdigest()}@no-message-id.invalid>"


def record_inbound(
    session: Session,
    raw: bytes,
    message_id: str | None,
    sender: str = "",
    subject: str = "",
    received_at: datetime | None = None,
) -> tuple[InboundMail, bool]:
    """Store a received mail unless its Message-ID is already stored: ``(row, True if new)``.

    A mail without a Message-ID gets :func:`synthetic_message_id`. The insert cannot fail on a
    duplicate, even when two processes store the same mail at once (``ON CONFLICT DO NOTHING``), so
    the caller's transaction is never spoiled by a mail fetched twice.
    """
    message_id = (message_id or "").strip() or synthetic_message_id(raw)
    values = {
        "message_id": message_id,
        "raw": raw,
        "sender": sender,
        "subject": subject,
        "received_at": received_at or utcnow(),
        "status": InboundStatus.NEW,
        "outcome": "",
    }
    backend = session.get_bind().dialect.name
    dialect_insert = postgresql.insert if backend == "postgresql" else sqlite.insert
    if backend not in ("postgresql", "sqlite"):
        raise NotImplementedError(f"record_inbound does not know the {backend} dialect")
    table = metadata.tables["inbound_mail"]  # Core, not the ORM's bulk insert, to see what was inserted
    statement = (
        dialect_insert(table)
        .values(values)
        .on_conflict_do_nothing(index_elements=["message_id"])
        .returning(table.c.id)
    )
    created = session.execute(statement).scalar_one_or_none() is not None
    row = session.exec(select(InboundMail).where(InboundMail.message_id == message_id)).one()
    return row, created


def new_message_id(domain: str) -> str:
    """A fresh, globally unique Message-ID in ``domain``."""
    return f"<{uuid.uuid4().hex}@{domain}>"


def queue_mail(
    session: Session,
    to_address: str,
    subject: str,
    body: str,
    *,
    domain: str,
    in_reply_to: str | None = None,
    game_id: int | None = None,
    now: datetime | None = None,
) -> Outbox:
    """Add a mail to the outbox, due at once, with a new Message-ID it keeps through every retry."""
    now = now or utcnow()
    mail = Outbox(
        message_id=new_message_id(domain),
        to_address=to_address,
        subject=subject,
        body=body,
        in_reply_to=in_reply_to,
        game_id=game_id,
        created_at=now,
        next_attempt_at=now,
    )
    session.add(mail)
    return mail


def next_phase_sequence(session: Session, game_id: int, phase: str) -> int:
    """The ``sequence`` for a new record of ``phase``: 1, or one more than the last after a rollback."""
    statement = sa.select(sa.func.max(col(PhaseRecord.sequence))).where(
        col(PhaseRecord.game_id) == game_id, col(PhaseRecord.phase) == phase
    )
    last = session.execute(statement).scalar_one_or_none()
    return 1 if last is None else last + 1


def latest_orders(
    session: Session, game_id: int, phase: str, after_id: int = 0
) -> dict[str, SubmittedOrders]:
    """Each power's most recent orders submission for the phase, by power, among those with an id
    above ``after_id`` (the service passes the last id before a rollback). One query, whatever the
    number of submissions."""
    latest = (
        select(func.max(SubmittedOrders.id))
        .where(
            SubmittedOrders.game_id == game_id,
            SubmittedOrders.phase == phase,
            col(SubmittedOrders.id) > after_id,
        )
        .group_by(col(SubmittedOrders.power))
    )
    rows = session.exec(select(SubmittedOrders).where(col(SubmittedOrders.id).in_(latest)))
    return {row.power: row for row in rows}
