"""What a game's master may not do, whatever the game's settings (issue 36):

- *PROCESS* runs a game only with its players: it is refused in a game where no power has a
  player (its phases then wait for their deadlines; nor may SET DEADLINE bring them forward
  there), and a game's master processes at most ``MOST_PROCESSED_A_DAY`` phases with it in any
  24 hours (one PROCESS a game in a mail: the handler's). Each phase kept costs the database its
  states and reports: 30 mails of ten PROCESS each on a game nobody played ran 300 phases and
  grew the database 21.7 MB from 2.9 KB of mail.
- *A master who plays* (who holds, or held, a power of the game from his own address) sees no
  more than a player: every game kind keeps a phase's orders from the other players until it is
  processed, so he may neither PREDICT (the prediction resolves everyone's orders) nor BECOME
  another power (its orders, and the answers to them, would show him what that power ordered).
  Where the rules hide more (``GameKind.hidden_information``), both are refused to every master
  (``lifecycle.predict``, ``lifecycle.act_for``).

Like ``games`` and ``lifecycle``: the caller's session, nothing committed, a ``GameError`` that
says why.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session, col, func, select

from judge.store import Game, Membership, PhaseRecord, Role

from .games import GameError, members

BY_THE_MASTER = "processed by the master"
"""The reason a phase record gives for a phase the master processed (PROCESS)."""

MOST_PROCESSED_A_DAY = 10
"""The most phases a game's master may process with PROCESS in any 24 hours (HELP PROCESS and
docs/security.md say the number)."""

_DAY = timedelta(hours=24)


def may_process(db: Session, game: Game, now: datetime) -> None:
    """Refuse the master's PROCESS of a game no player plays, or past the day's bound."""
    if not _played(db, game):
        raise GameError(f"no power of {game.name} has a player, and PROCESS runs a game only "
                        "with its players: its phases are processed at their deadlines")
    done = db.exec(select(func.count()).select_from(PhaseRecord).where(
        PhaseRecord.game_id == game.id, PhaseRecord.reason == BY_THE_MASTER,
        col(PhaseRecord.processed_at) > now - _DAY)).one()
    if done >= MOST_PROCESSED_A_DAY:
        raise GameError(f"{game.name}'s master has processed {done} phases with PROCESS in the "
                        f"last 24 hours, as many as one may: the phase is processed at its "
                        "deadline, or when all orders are in")


def may_bring_forward(db: Session, game: Game, instant: datetime) -> None:
    """Refuse SET DEADLINE (or SET GRACE) bringing a phase forward in a game no player plays:
    PROCESS's way round, a mail a phase."""
    current = game.grace_until or game.deadline
    if current is not None and instant < current and not _played(db, game):
        raise GameError(f"no power of {game.name} has a player: its deadline may be put back, "
                        "not brought forward")


def _played(db: Session, game: Game) -> bool:
    return any(m.role is Role.PLAYER and m.power is not None for m in members(db, game))


def played_by(db: Session, game: Game, master: Membership) -> list[str]:
    """The powers of the game that the master's own player holds or held, in the order he took
    them (nothing for a master who does not play)."""
    return list(dict.fromkeys(
        m.power for m in members(db, game, active=False)
        if m.player_id == master.player_id and m.role is Role.PLAYER and m.power is not None))
