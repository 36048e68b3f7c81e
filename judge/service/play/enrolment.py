"""What one address may take on (``[enrol]``), and what lapses when its address never confirms.

A From can be forged, so a CREATE or an OBSERVE from an address not confirmed (CONFIRM) may be
someone else's doing, made to fill the victim's or a game's places. The caps count confirmed
addresses only (``games_mastered``, ``confirmed_observers``), and what an address not confirmed
took on lapses once ``[enrol] held_for`` has passed (the time its held mail is kept):

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
from sqlmodel import Session, col, func, select

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
    players_of,
)

from .games import NOT_OVER, observers


def games_mastered(db: Session, player: Player) -> int:
    """How many games the player masters that are not over (forming, running or paused), as
    the cap ``[enrol] games`` counts them: none while the player's address is not confirmed (its
    CREATEs may be forged; the games nobody joined lapse)."""
    if not player.confirmed:
        return 0
    statement = (
        select(func.count())
        .select_from(Membership)
        .join(Game, col(Game.id) == col(Membership.game_id))
        .where(
            Membership.player_id == player.id,
            Membership.role == Role.MASTER,
            Membership.status == MembershipStatus.ACTIVE,
            col(Game.status).in_(NOT_OVER),
        )
    )
    return db.exec(statement).one()


def confirmed_observers(db: Session, game: Game) -> list[Membership]:
    """The game's active observers whose address is confirmed: those the cap ``[enrol]
    observers`` counts (an OBSERVE may be forged; the others lapse)."""
    watching = observers(db, game)
    players = players_of(db, [m.player_id for m in watching]) if watching else {}
    return [m for m in watching if players[m.player_id].confirmed]


@dataclass(frozen=True)
class Lapsed:
    """What lapsed: the names of the games removed, with the confirmed addresses that observed
    each (to be told), and how many observers stopped observing."""

    games: dict[str, list[str]] = field(default_factory=dict)
    observers: int = 0


def lapse_enrolments(db: Session, before: datetime, most: int) -> Lapsed:
    """Remove at most ``most`` of the forming games created before ``before`` whose master never
    confirmed and that nobody joined, and end the observers that joined before ``before`` and
    never confirmed. A few statements, whatever the number of rows."""
    games = list(db.exec(_UNCONFIRMED_GAMES, params={"before": before, "most": most}).all())
    ids = [game.id for game in games]
    told: dict[int, list[str]] = {game_id: [] for game_id in ids if game_id is not None}
    if ids:
        for game_id, address in db.exec(_CONFIRMED_OBSERVERS, params={"ids": ids}).all():
            told[game_id].append(address)
        db.execute(sa.update(Outbox).where(col(Outbox.game_id).in_(ids)).values(game_id=None))
        for table in (SignonFailure, Press, SubmittedOrders, PhaseRecord, Membership):
            db.execute(sa.delete(table).where(col(table.game_id).in_(ids)))
        db.execute(sa.delete(Game).where(col(Game.id).in_(ids)))
        for game in games:
            db.expunge(game)
    observing: int = db.execute(_LAPSE_OBSERVERS, {"before": before}).rowcount  # type: ignore[attr-defined]
    forget(db)
    return Lapsed({game.name: told[game.id] for game in games if game.id is not None}, observing)


# Built once, with bound parameters: building them cost the tick more than running them.
_player = aliased(Membership)
_UNCONFIRMED_GAMES = (
    select(Game)
    .join(Membership, col(Membership.game_id) == col(Game.id))
    .join(Player, col(Player.id) == col(Membership.player_id))
    .where(Game.status == GameStatus.FORMING, col(Game.created_at) < sa.bindparam("before"),
           Membership.role == Role.MASTER, Membership.status == MembershipStatus.ACTIVE,
           col(Player.confirmed).is_(False),
           ~sa.exists(select(_player.id).where(_player.game_id == Game.id, _player.role == Role.PLAYER,
                                               _player.status == MembershipStatus.ACTIVE)))
    .order_by(col(Game.id))
    .limit(sa.bindparam("most"))
    .with_for_update(of=Game, skip_locked=True)  # a game a JOIN is writing to now is left
)

_LAPSE_OBSERVERS = (
    sa.update(Membership)
    .where(col(Membership.role) == Role.OBSERVER, col(Membership.status) == MembershipStatus.ACTIVE,
           col(Membership.joined_at) < sa.bindparam("before"),
           col(Membership.player_id).in_(select(Player.id).where(col(Player.confirmed).is_(False))))
    .values(status=MembershipStatus.LAPSED)
)

_CONFIRMED_OBSERVERS = (  # of the games removed: they are told
    select(Membership.game_id, Player.address)
    .join(Player, col(Player.id) == col(Membership.player_id))
    .where(col(Membership.game_id).in_(sa.bindparam("ids", expanding=True)),
           Membership.role == Role.OBSERVER, Membership.status == MembershipStatus.ACTIVE,
           col(Player.confirmed).is_(True))
    .order_by(col(Membership.id))
)
