"""Enrolments that lapse: what a mail from an address the judge never heard back from left behind.

A From can be forged, so a CREATE or an OBSERVE from an address not confirmed (CONFIRM) may be
someone else's doing, made to fill the victim's or a game's places. The caps count confirmed
addresses only (``games.games_mastered``, ``games.confirmed_observers``), and what an address not
confirmed took on lapses once ``[enrol] held_for`` has passed (the time its held mail is kept):

- a forming game whose master's address is still not confirmed, and that no player has joined,
  is removed with its memberships, so its name is free again; its confirmed observers are told;
- an observer whose address is still not confirmed stops observing (its membership lapses).

Like ``games``, this works in the caller's session, commits nothing and sends no mail.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from judge.store import (
    Game,
    GameStatus,
    Membership,
    MembershipStatus,
    Outbox,
    PhaseRecord,
    Player,
    Press,
    Role,
    SignonFailure,
    SubmittedOrders,
    forget,
)


@dataclass(frozen=True)
class Lapsed:
    """What lapsed: the names of the games removed, with the confirmed addresses that observed
    each (to be told), and how many observers stopped observing."""

    games: dict[str, list[str]] = field(default_factory=dict)
    observers: int = 0


def lapse_enrolments(db: Session, before: datetime) -> Lapsed:
    """Remove the forming games created before ``before`` whose master never confirmed and that
    nobody joined, and end the observers that joined before ``before`` and never confirmed."""
    games = {game.name: _remove(db, game) for game in db.exec(_unconfirmed_games(before)).all()}
    observing = db.exec(_UNCONFIRMED_OBSERVERS, params={"before": before}).all()
    for membership in observing:
        membership.status = MembershipStatus.LAPSED
        db.add(membership)
    forget(db)
    return Lapsed(games, len(observing))


def _unconfirmed_games(before: datetime) -> SelectOfScalar[Game]:
    player = aliased(Membership)
    joined = select(player.id).where(player.game_id == Game.id, player.role == Role.PLAYER,
                                     player.status == MembershipStatus.ACTIVE)
    return (
        select(Game)
        .join(Membership, col(Membership.game_id) == col(Game.id))
        .join(Player, col(Player.id) == col(Membership.player_id))
        .where(Game.status == GameStatus.FORMING, col(Game.created_at) < before,
               Membership.role == Role.MASTER, Membership.status == MembershipStatus.ACTIVE,
               col(Player.confirmed).is_(False), ~sa.exists(joined))
        .order_by(col(Game.id))
        .with_for_update(of=Game, skip_locked=True)  # a game a JOIN is writing to now is left
    )


_UNCONFIRMED_OBSERVERS = (
    select(Membership)
    .join(Player, col(Player.id) == col(Membership.player_id))
    .where(Membership.role == Role.OBSERVER, Membership.status == MembershipStatus.ACTIVE,
           col(Membership.joined_at) < sa.bindparam("before"), col(Player.confirmed).is_(False))
)


def _remove(db: Session, game: Game) -> list[str]:
    """Delete a game that lapsed and everything kept for it (a forming game has little: its
    memberships, maybe wrong SIGNONs and press); the mail about it is kept, as the log of what
    was sent. The confirmed addresses that observed it, to be told."""
    told = list(db.exec(
        select(Player.address)
        .join(Membership, col(Membership.player_id) == col(Player.id))
        .where(Membership.game_id == game.id, Membership.role == Role.OBSERVER,
               Membership.status == MembershipStatus.ACTIVE, col(Player.confirmed).is_(True))
        .order_by(col(Membership.id))
    ).all())
    db.execute(sa.update(Outbox).where(col(Outbox.game_id) == game.id).values(game_id=None))
    for table in (SignonFailure, Press, SubmittedOrders, PhaseRecord, Membership):
        db.execute(sa.delete(table).where(col(table.game_id) == game.id))
    db.execute(sa.delete(Game).where(col(Game.id) == game.id))
    db.expunge(game)
    return told
