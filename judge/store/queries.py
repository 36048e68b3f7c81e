"""The queries the service needs beyond ``session.get``: each one named for what it is for.

Every function takes the caller's session and runs inside its transaction; none commits.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from judge.store.columns import (
    GameStatus,
    InboundStatus,
    MembershipStatus,
    OutboxStatus,
    UTCDateTime,
    text_value,
    utcnow,
)
from judge.store.mail_tables import InboundMail, Outbox, Picture
from judge.store.memo import player_at
from judge.store.tables import Game, Membership, PhaseRecord, Player, metadata


# The queries every order mail makes are built once, with bound parameters: building a statement
# costs as much as running it on SQLite.
# A game found by name is locked for the rest of the transaction (a no-op on SQLite, whose write lock
# already serialises everything) and read afresh: see game_by_name.
_GAME_BY_NAME = (
    select(Game).where(Game.name == sa.bindparam("name")).with_for_update()
    .execution_options(populate_existing=True)
)
_PLAYER_BY_ADDRESS = select(Player).where(Player.address == sa.bindparam("address"))


def game_by_name(session: Session, name: str) -> Game | None:
    """The game called ``name`` (in any case), or None; locked for the caller's transaction.

    Every command a mail gives for a game finds it here, so on PostgreSQL a mail's work on a game
    and a tick processing the same game (``claim_due_games``) never interleave: orders are never
    taken for a phase that another judge process is processing meanwhile, and two mails completing
    a phase at once do not both process it."""
    return session.exec(_GAME_BY_NAME, params={"name": name.lower()}).first()


def player_by_address(session: Session, address: str) -> Player | None:
    """The player registered at ``address`` (in any case), or None."""
    return session.exec(_PLAYER_BY_ADDRESS, params={"address": address.lower()}).first()


def membership_by_power(session: Session, game_id: int, power: str) -> Membership | None:
    """The active membership holding ``power`` in the game, or None when the power is vacant."""
    statement = select(Membership).where(
        Membership.game_id == game_id,
        Membership.power == power,
        Membership.status == MembershipStatus.ACTIVE,
    )
    return session.exec(statement).first()


def claim_due_games(session: Session, now: datetime, limit: int = 10,
                    among: Sequence[int] | None = None) -> list[Game]:
    """Active games with something due at or before ``now`` (the deadline, or the reminder before
    it: ``remind_at``), the earliest first, locked for this transaction; given ``among``, only
    games of those ids (found by :func:`due_game_ids`: still due, and not taken meanwhile).

    On PostgreSQL the rows are locked ``FOR UPDATE SKIP LOCKED``: a second judge process claiming at
    the same moment gets other games, never these. On SQLite the transaction already holds the
    database's write lock (see ``judge.store.engine``), so the second process waits and then sees
    the games as no longer due. Either way, commit the new deadline (or the reminder done) with
    what was done.
    """
    statement = select(Game).where(Game.status == GameStatus.ACTIVE, _due(now))
    if among is not None:
        statement = statement.where(col(Game.id).in_(among))
    statement = statement.order_by(_next_attention(), col(Game.id)).limit(limit).with_for_update(skip_locked=True)
    return list(session.exec(statement).all())


def claim_due_game(session: Session, now: datetime, game_id: int) -> Game | None:
    """The game of this id if it is still due at ``now`` and not taken (found by
    :func:`due_game_ids`), locked as :func:`claim_due_games` locks: ``claim_due_games`` for one
    game, by a statement built once."""
    return session.exec(_CLAIM_GAME, params={"now": now, "game_id": game_id}).first()


def due_game_ids(session: Session, now: datetime, limit: int) -> list[int]:
    """The ids of the next ``limit`` games :func:`claim_due_games` would take, read without
    locking: one sort of the due games for several, each then claimed by its id
    (:func:`claim_due_game`)."""
    found = session.exec(_DUE_GAME_IDS, params={"now": now, "limit": limit}).all()
    return [game_id for game_id in found if game_id is not None]


def _due(now: datetime | sa.BindParameter[datetime]) -> sa.ColumnElement[bool]:
    return sa.or_(
        sa.and_(col(Game.deadline).is_not(None), col(Game.deadline) <= now),
        sa.and_(col(Game.remind_at).is_not(None), col(Game.remind_at) <= now),
    )


def _next_attention() -> sa.ColumnElement[datetime]:
    """The earlier of a game's reminder and deadline (either may be NULL)."""
    return sa.case(
        (col(Game.remind_at).is_(None), col(Game.deadline)),
        (col(Game.deadline).is_(None), col(Game.remind_at)),
        (col(Game.remind_at) < col(Game.deadline), col(Game.remind_at)),
        else_=col(Game.deadline),
    )


_CLAIM_GAME = (
    select(Game).where(Game.status == GameStatus.ACTIVE, _due(sa.bindparam("now")),
                       Game.id == sa.bindparam("game_id"))
    .with_for_update(skip_locked=True)
)
_DUE_GAME_IDS = (
    select(Game.id).where(Game.status == GameStatus.ACTIVE, _due(sa.bindparam("now")))
    .order_by(_next_attention(), col(Game.id)).limit(sa.bindparam("limit"))
)


def next_attention(session: Session) -> datetime | None:
    """The next moment a running game has something due (a deadline or a reminder), or None: when
    a daemon next needs to tick."""
    statement = sa.select(
        sa.func.min(col(Game.deadline)), sa.func.min(col(Game.remind_at))
    ).where(col(Game.status) == GameStatus.ACTIVE)
    dialect = session.get_bind().dialect
    moments = [
        UTCDateTime().process_result_value(value, dialect)
        for value in session.execute(statement).one()
        if value is not None
    ]
    return min((moment for moment in moments if moment is not None), default=None)


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


class DueMail(NamedTuple):
    """What sending one outbox mail needs, read as it was claimed (``claim_outbox``)."""

    id: int
    message_id: str
    to_address: str
    subject: str
    body: str
    in_reply_to: str | None
    created_at: datetime
    attempts: int  # this attempt counted
    picture: tuple[str, str, str] | None  # (digest, name, SVG) of the map it carries


def _unclaimed(at: datetime | sa.BindParameter[datetime]) -> sa.ColumnElement[bool]:
    """No sender holds the mail at ``at`` (the host's instant): never claimed, settled, or its
    claim lapsed (its sender died)."""
    return sa.or_(col(Outbox.claimed_until).is_(None), col(Outbox.claimed_until) <= at)


_DUE_MAIL = (
    sa.select(col(Outbox.id), col(Outbox.message_id), col(Outbox.to_address), col(Outbox.subject),
              col(Outbox.body), col(Outbox.in_reply_to), col(Outbox.created_at), col(Outbox.attempts),
              col(Outbox.picture_id))
    .where(col(Outbox.status) == OutboxStatus.PENDING, col(Outbox.next_attempt_at) <= sa.bindparam("now"),
           _unclaimed(sa.bindparam("at")))
    .order_by(col(Outbox.next_attempt_at), col(Outbox.id))
    .limit(sa.bindparam("limit"))
    .with_for_update(skip_locked=True)
)


def claim_outbox(session: Session, now: datetime, claimant: str, at: datetime, until: datetime,
                 limit: int) -> list[DueMail]:
    """The next ``limit`` mails due at ``now`` (the judge's time) that no sender holds at ``at``
    (the host's time), locked as ``due_outbox`` locks them, claimed: each attempt counted and each
    mail held by ``claimant`` until ``until`` (the host's time), in one statement; each with the
    picture it carries, each picture read once. The claimant renews its claim while it sends
    (:func:`renew_claim`) and clears it when it settles the mail (:func:`settle_sent`)."""
    rows = session.execute(_DUE_MAIL, {"now": now, "at": at, "limit": limit}).all()
    if not rows:
        return []
    session.execute(sa.update(Outbox).where(col(Outbox.id).in_([row.id for row in rows]))
                    .values(attempts=col(Outbox.attempts) + 1, claimed_by=claimant, claimed_until=until)
                    .execution_options(synchronize_session=False))
    wanted = {row.picture_id for row in rows if row.picture_id is not None}
    pictures = {id_: (digest, name, svg) for id_, digest, name, svg in session.execute(
        sa.select(col(Picture.id), col(Picture.digest), col(Picture.name), col(Picture.svg))
        .where(col(Picture.id).in_(wanted)))} if wanted else {}
    return [DueMail(row.id, row.message_id, row.to_address, row.subject, row.body, row.in_reply_to,
                    row.created_at, row.attempts + 1, pictures.get(row.picture_id))
            for row in rows]


def renew_claim(session: Session, claimant: str, ids: Sequence[int], until: datetime) -> set[int]:
    """Hold the mails of ``ids`` that ``claimant`` still holds until ``until`` (the host's time):
    the ids it holds. A mail it no longer holds (its claim lapsed and another sender took it, or it
    was settled or purged) is left alone."""
    held = sa.and_(col(Outbox.id).in_(ids), col(Outbox.claimed_by) == claimant,
                   col(Outbox.status) == OutboxStatus.PENDING)
    session.execute(sa.update(Outbox).where(held).values(claimed_until=until)
                    .execution_options(synchronize_session=False))
    return {id_ for id_, in session.execute(sa.select(col(Outbox.id)).where(held))}


def settle_sent(session: Session, ids: Sequence[int]) -> None:
    """Record the mails of ``ids`` as sent, their claim ended (a mail purged meanwhile is simply
    not there), in one statement."""
    session.execute(sa.update(Outbox).where(col(Outbox.id).in_(ids))
                    .values(status=OutboxStatus.SENT, last_error="", claimed_by=None, claimed_until=None)
                    .execution_options(synchronize_session=False))


def due_pictures(session: Session, now: datetime, at: datetime, limit: int) -> list[tuple[str, str]]:
    """The pictures (digest, SVG) that the next ``limit`` due mails carry (as ``claim_outbox``
    would take them at ``now`` and ``at``), each once; read without locking, for the sender to
    draw ahead."""
    due = (
        select(Outbox.picture_id)
        .where(Outbox.status == OutboxStatus.PENDING, col(Outbox.next_attempt_at) <= now, _unclaimed(at))
        .order_by(col(Outbox.next_attempt_at), col(Outbox.id))
        .limit(limit)
        .subquery()
    )
    statement = select(Picture.digest, Picture.svg).where(col(Picture.id).in_(select(due.c.picture_id)))
    return [(digest, svg) for digest, svg in session.exec(statement).all()]


def synthetic_message_id(raw: bytes) -> str:
    """A stable Message-ID for a mail that came without one: the same bytes give the same ID."""
    return f"<{hashlib.sha256(raw).hexdigest()}@no-message-id.invalid>"


def inbound_fingerprint(message_id: str, sender: str, raw: bytes) -> str:
    """What makes two received mails the same mail: its Message-ID, its sender (From, in any case)
    and its body (the bytes after the headers, which a second fetch or delivery leaves alone while
    it may add trace headers). A mail that borrows another's Message-ID, from another sender or
    saying something else, is not the same mail: it is stored and answered on its own, and cannot
    make the first (sent later) look "already processed". Migration 0006 computes it too."""
    split = _HEADERS_END.search(raw)
    body = raw[split.end():] if split is not None else b""
    key = b"\0".join((message_id.encode("utf-8", "surrogatepass"),
                       sender.lower().encode("utf-8", "surrogatepass"), body))
    return hashlib.sha256(key).hexdigest()


_HEADERS_END = re.compile(rb"\r?\n\r?\n")


def store_inbound(
    session: Session,
    raw: bytes,
    message_id: str | None,
    sender: str = "",
    subject: str = "",
    received_at: datetime | None = None,
    *,
    status: InboundStatus = InboundStatus.NEW,
    outcome: str = "",
    reply_to: str = "",
) -> int | None:
    """Store a received mail unless the same mail is already stored (``inbound_fingerprint``): the
    new row's id, or None when the mail was stored before (it must not be handled again).

    A mail without a Message-ID gets :func:`synthetic_message_id`. The insert cannot fail on a
    duplicate, even when two processes store the same mail at once (``ON CONFLICT DO NOTHING``), so
    the caller's transaction is never spoiled by a mail fetched twice. One statement: the mail's
    handling then settles it with :func:`settle_inbound`. The sender and the reply address
    (``reply_to``: Reply-To, else From) are kept in lower case, as players' addresses are, so that
    the rate limit counts an address's mail whatever its case (the raw mail keeps them as written).
    Every text value is cleaned (``text_value``): the raw bytes keep the mail as it came.
    """
    message_id = text_value((message_id or "").strip()) or synthetic_message_id(raw)
    values = {
        "message_id": message_id,
        "fingerprint": inbound_fingerprint(message_id, sender, raw),
        "raw": raw,
        "sender": text_value(sender.lower()),
        "reply_to": text_value((reply_to or sender).lower()),
        "subject": text_value(subject),
        "received_at": received_at or utcnow(),
        "status": status,
        "outcome": text_value(outcome),
    }
    backend = session.get_bind().dialect.name
    statement = _STORE_INBOUND.get(backend)
    if statement is None:
        raise NotImplementedError(f"store_inbound does not know the {backend} dialect")
    inserted: int | None = session.execute(statement, values).scalar_one_or_none()
    return inserted


_INBOUND = metadata.tables["inbound_mail"]  # Core, not the ORM's bulk insert, to see what was inserted
_STORE_INBOUND = {
    name: dialect.insert(_INBOUND)
    .on_conflict_do_nothing(index_elements=["fingerprint"])
    .returning(_INBOUND.c.id)
    for name, dialect in (("postgresql", postgresql), ("sqlite", sqlite))
}
_SETTLE_INBOUND = (
    sa.update(_INBOUND)
    .where(_INBOUND.c.id == sa.bindparam("inbound_id"))
    .values(status=sa.bindparam("status"), outcome=sa.bindparam("outcome"))
)


def settle_inbound(session: Session, inbound_id: int, status: InboundStatus, outcome: str) -> None:
    """Record what became of a stored mail (one UPDATE, no read; the outcome cleaned as
    :func:`store_inbound` cleans it)."""
    session.execute(_SETTLE_INBOUND, {"inbound_id": inbound_id, "status": status, "outcome": text_value(outcome)})


def record_inbound(
    session: Session,
    raw: bytes,
    message_id: str | None,
    sender: str = "",
    subject: str = "",
    received_at: datetime | None = None,
) -> tuple[InboundMail, bool]:
    """Store a received mail unless the same mail is already stored: ``(row, True if new)``, the
    row read back (:func:`store_inbound` without the read, for callers that need the row)."""
    message_id = text_value((message_id or "").strip()) or synthetic_message_id(raw)
    created = store_inbound(session, raw, message_id, sender, subject, received_at) is not None
    fingerprint = inbound_fingerprint(message_id, sender, raw)
    row = session.exec(select(InboundMail).where(InboundMail.fingerprint == fingerprint)).one()
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
    picture_id: int | None = None,
) -> Outbox:
    """Add a mail to the outbox, due at once, with a new Message-ID it keeps through every retry
    (and, given ``picture_id``, the map picture it carries: ``keep_picture``). Its text is cleaned
    (``text_value``): no reply ever carries a NUL, whatever the mail it answers quoted.

    A mail that answers none (no ``in_reply_to``) to a player whose address is not confirmed is
    held instead: kept, and sent once the address is confirmed (``release_held``). A reply always
    goes: it answers a mail from that very address, one reply a mail."""
    now = now or utcnow()
    player = player_at(session, to_address.lower()) if in_reply_to is None else None
    held = player is not None and not player.confirmed
    mail = Outbox(
        message_id=new_message_id(domain),
        to_address=text_value(to_address),
        subject=text_value(subject),
        body=text_value(body),
        in_reply_to=in_reply_to,
        game_id=game_id,
        created_at=now,
        next_attempt_at=now,
        picture_id=picture_id,
        status=OutboxStatus.HELD if held else OutboxStatus.PENDING,
    )
    session.add(mail)
    queued_to(session).append(to_address)
    return mail


class Letter(NamedTuple):
    """One of several mails queued together (``queue_mails``): to whom, what, and the map
    picture it carries, if any."""

    to_address: str
    subject: str
    body: str
    picture_id: int | None = None


def queue_mails(
    session: Session, letters: Sequence[Letter], *, domain: str, game_id: int | None = None,
    now: datetime | None = None,
) -> list[str]:
    """Add several mails that answer none to the outbox, as ``queue_mail`` adds each (held for an
    address not confirmed, each with its own Message-ID), in one statement: a game's results
    go to every member at once, and one insert of eight rows costs what one row costs the ORM.
    What was added before is written first, so the mails queue after it. Their Message-IDs, in
    the letters' order."""
    if not letters:
        return []
    now = now or utcnow()
    rows = []
    ids = [new_message_id(domain) for _ in letters]
    for letter, message_id in zip(letters, ids):
        player = player_at(session, letter.to_address.lower())
        held = player is not None and not player.confirmed
        rows.append({
            "message_id": message_id,
            "to_address": text_value(letter.to_address),
            "subject": text_value(letter.subject),
            "body": text_value(letter.body),
            "in_reply_to": None,
            "game_id": game_id,
            "picture_id": letter.picture_id,
            "created_at": now,
            "status": OutboxStatus.HELD if held else OutboxStatus.PENDING,
            "attempts": 0,
            "next_attempt_at": now,
            "last_error": "",
        })
        queued_to(session).append(letter.to_address)
    session.flush()  # the mails queued before these (``queue_mail``) keep the lower ids
    session.execute(_OUTBOX.insert(), rows)
    return ids


_OUTBOX = metadata.tables["outbox"]


def queued_to(session: Session) -> list[str]:
    """The addresses of the mails queued in this session so far, oldest first (``queue_mail``
    notes each, whether or not its savepoint is later rolled back): the service counts with it
    what one mail in causes."""
    queued: list[str] = session.info.setdefault("queued_to", [])
    return queued


def release_held(session: Session, address: str, now: datetime, *, to: str | None = None) -> int:
    """Make the mail held for ``address`` due at ``now`` (its player has confirmed it), sent to
    ``to`` instead when given (the player's new address); how many mails that was."""
    statement = (
        sa.update(Outbox)
        .where(col(Outbox.to_address) == address.lower(), col(Outbox.status) == OutboxStatus.HELD)
        .values(status=OutboxStatus.PENDING, next_attempt_at=now, to_address=(to or address).lower())
    )
    released: int = session.execute(statement).rowcount  # type: ignore[attr-defined]
    return released


def drop_held(session: Session, before: datetime) -> int:
    """Give up the mail held since before ``before`` (its address was never confirmed): marked
    failed, and kept as the log of what was not sent; how many mails that was."""
    statement = (
        sa.update(Outbox)
        .where(col(Outbox.status) == OutboxStatus.HELD, col(Outbox.created_at) < before)
        .values(status=OutboxStatus.FAILED, last_error="held: the address was never confirmed")
    )
    dropped: int = session.execute(statement).rowcount  # type: ignore[attr-defined]
    return dropped


def keep_picture(session: Session, name: str, svg: str) -> int:
    """The id of the picture with this SVG, kept now if it was not already (one row however many
    mails carry it). Two judges keeping the same picture at once (the same position in two games)
    never spoil each other's transaction: the insert does nothing when the row is there. A new
    picture (the usual case) costs the one statement, an old one a second to find it."""
    digest = hashlib.sha256(svg.encode()).hexdigest()
    statement = _KEEP_PICTURE.get(session.get_bind().dialect.name)
    if statement is None:
        raise NotImplementedError("keep_picture does not know this database's dialect")
    inserted: int | None = session.execute(statement, {"digest": digest, "name": name, "svg": svg}).scalar_one_or_none()
    if inserted is not None:
        return inserted
    kept = session.exec(select(Picture.id).where(Picture.digest == digest)).one()
    assert kept is not None
    return kept


_PICTURE = metadata.tables["picture"]
_KEEP_PICTURE = {
    name: dialect.insert(_PICTURE).on_conflict_do_nothing(index_elements=["digest"]).returning(_PICTURE.c.id)
    for name, dialect in (("postgresql", postgresql), ("sqlite", sqlite))
}


def next_phase_sequence(session: Session, game_id: int, phase: str) -> int:
    """The ``sequence`` for a new record of ``phase``: 1, or one more than the last after a rollback."""
    last = session.execute(_LAST_SEQUENCE, {"game_id": game_id, "phase": phase}).scalar_one_or_none()
    return 1 if last is None else last + 1


_LAST_SEQUENCE = sa.select(sa.func.max(col(PhaseRecord.sequence))).where(
    col(PhaseRecord.game_id) == sa.bindparam("game_id"), col(PhaseRecord.phase) == sa.bindparam("phase")
)
