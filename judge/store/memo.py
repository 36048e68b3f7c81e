"""Reads that one transaction repeats, made once: a game's memberships, each power's latest
orders for a phase, and the player at each address the judge mails.

Handling an order mail asks "who plays in this game?" and "what orders stand?" several times
(signing on, reading the orders, deciding whether the phase is ready); so does processing a phase.
The answers are kept in the session's ``info`` for the rest of its transaction, and the session's
own events keep them true:

- a new membership added to the session drops the memberships kept (the next read queries again);
  a membership changed in place is the very object kept, so the change is seen at once;
- a new order submission added to the session becomes its power's latest for that phase at once
  (a new row always gets the highest id, which is what "latest" means);
- a new player added to the session, or a player loaded by any query (the members' players a
  report is addressed to, say), becomes the player at its address at once; a player changed in
  place is the very object kept (a confirmed address is seen at once), and whoever changes a
  player's address calls ``forget``;
- any rollback, a savepoint's included, drops everything kept: objects may have been expired.

Each store session is one transaction (``Store.session``), so nothing is kept past a commit.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlmodel import Session, col, func, select

from judge.store.tables import Membership, Player, SubmittedOrders

# Built once, with bound parameters (building a statement costs as much as running it on SQLite).
_MEMBERSHIPS = (
    select(Membership)
    .where(Membership.game_id == sa.bindparam("game_id"))
    .order_by(col(Membership.id))
)
STANDING = "*standing*"
"""The ``SubmittedOrders.phase`` of standing orders: kept from phase to phase, not for one (no
game kind names a phase so). Asked for with every phase's orders, in the same query."""

_LATEST = select(SubmittedOrders).where(
    col(SubmittedOrders.id).in_(
        select(func.max(SubmittedOrders.id))
        .where(
            SubmittedOrders.game_id == sa.bindparam("game_id"),
            col(SubmittedOrders.phase).in_([sa.bindparam("phase"), STANDING]),
            col(SubmittedOrders.id) > sa.bindparam("after_id"),
        )
        .group_by(col(SubmittedOrders.phase), col(SubmittedOrders.power))
    )
)

_PLAYER_AT = select(Player).where(Player.address == sa.bindparam("address"))
_PLAYERS_OF = select(Player).where(col(Player.id).in_(sa.bindparam("ids", expanding=True)))

_MEMBERS = "judge.memberships"  # session.info key: {game id: [Membership, ...] by id}
_ORDERS = "judge.latest_orders"  # session.info key: {(game id, phase, after id): {power: row}}
_PLAYERS = "judge.players"  # session.info key: {address: Player or None}


def memberships(session: Session, game_id: int) -> list[Membership]:
    """Every membership of the game, whatever its status, oldest first (a list to read, not to
    change: add memberships to the session instead)."""
    kept: dict[int, list[Membership]] = session.info.setdefault(_MEMBERS, {})
    rows = kept.get(game_id)
    if rows is None:
        rows = list(session.exec(_MEMBERSHIPS, params={"game_id": game_id}).all())
        kept[game_id] = rows
    return rows


def latest_orders(
    session: Session, game_id: int, phase: str, after_id: int = 0
) -> dict[str, SubmittedOrders]:
    """Each power's most recent orders submission for the phase, by power, among those with an id
    above ``after_id`` (the service passes the last id before a rollback). One query per
    transaction, whatever the number of submissions (a new dict each call); the same query reads
    the standing orders (``STANDING``), kept for when they are asked for."""
    kept: dict[tuple[int, str, int], dict[str, SubmittedOrders]] = session.info.setdefault(
        _ORDERS, {}
    )
    key = (game_id, phase, after_id)
    if key not in kept:
        found = session.exec(
            _LATEST, params={"game_id": game_id, "phase": phase, "after_id": after_id}
        )
        rows: dict[str, SubmittedOrders] = {}
        standing: dict[str, SubmittedOrders] = {}
        for row in found:
            (standing if row.phase == STANDING != phase else rows)[row.power] = row
        kept[key] = rows
        kept.setdefault((game_id, STANDING, after_id), standing)
    return dict(kept[key])


def player_at(session: Session, address: str) -> Player | None:
    """The player registered at ``address`` (lower case), or None: asked once per transaction
    for each address mailed (without flushing the session first, so that mails queued one after
    the other are still inserted together)."""
    kept: dict[str, Player | None] = session.info.setdefault(_PLAYERS, {})
    if address not in kept:
        with session.no_autoflush:
            kept[address] = session.exec(_PLAYER_AT, params={"address": address}).first()
    return kept[address]


def players_of(session: Session, ids: Iterable[int]) -> dict[int, Player]:
    """The players of these ids, by id, read in one query; each noted under its address for
    :func:`player_at` (a game's results go to every member: one query, not two a member)."""
    kept: dict[str, Player | None] = session.info.setdefault(_PLAYERS, {})
    with session.no_autoflush:
        found = session.exec(_PLAYERS_OF, params={"ids": list(ids)}).all()
    for player in found:
        kept[player.address] = player
    return {player.id: player for player in found if player.id is not None}


def forget(session: Session) -> None:
    """Drop everything kept, so that the next reads see what others committed since.

    Within one mail's handling the kept answers are as fresh as the transaction's own reads. A
    transaction that handles several mails (``ingest_batch``) calls this between them on
    PostgreSQL, where other judge processes commit meanwhile; on SQLite the transaction holds the
    database's write lock from its first statement (``BEGIN IMMEDIATE``), so nothing changes
    beneath it and what was read stays true.
    """
    session.info.pop(_MEMBERS, None)
    session.info.pop(_ORDERS, None)
    session.info.pop(_PLAYERS, None)


@event.listens_for(Session, "transient_to_pending")
def _added(session: Session, instance: Any) -> None:
    if isinstance(instance, Membership):
        session.info.pop(_MEMBERS, None)
    elif isinstance(instance, Player):
        session.info.get(_PLAYERS, {})[instance.address.lower()] = instance
    elif isinstance(instance, SubmittedOrders):
        kept = session.info.get(_ORDERS, {})
        for (game_id, phase, _), rows in kept.items():
            if game_id == instance.game_id and phase == instance.phase:
                rows[instance.power] = instance


@event.listens_for(Player, "load")
def _loaded(player: Player, context: Any) -> None:
    session = context.session
    if session is not None:
        session.info.setdefault(_PLAYERS, {})[player.address] = player


@event.listens_for(Session, "after_soft_rollback")
def _rolled_back(session: Session, previous_transaction: Any) -> None:
    forget(session)
