"""Everything due at an instant: deadlines, ends of grace, and mail delivery (``judge tick``).

The instant is always given (``--now`` on the command line; the daemon passes the clock), so a
test or a replay decides what time it is.

At a deadline a game with every order in processes; otherwise its late players are told and get
the grace period (the game's ``deadline`` then moves to the end of grace, the next moment it needs
attention). The grace ends after the phase kind's grace length, or when the master said (SET GRACE:
``grace_until`` is then already set, later than the deadline). At the end of grace the game's NMR
policy applies: *civil disorder* processes the phase with default orders for what is missing;
*abandon* pauses the game until someone takes over each abandoned power (JOIN), and the phase then
gets a new deadline. A power that has no player at all (never taken, resigned, ejected) is in
civil disorder under either policy: there is no one to abandon it.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Protocol

from sqlmodel import Session

from judge.mail.compose import compose
from judge.store import (
    Game,
    GameStatus,
    MembershipStatus,
    OutboxStatus,
    Store,
    claim_due_games,
    due_outbox,
)

from .config import Config
from .deadlines import grace_end
from .games import address_of, kind_of, late_powers, members, process_phase, secret_revealed
from .notify import masters, phase_name, send_notice, send_results, when
from .settings import timing_of, with_bookkeeping, with_defaults

log = logging.getLogger("judge.tick")

MAX_ATTEMPTS = 8  # then a mail is marked failed (about a day of retries)


class Transport(Protocol):
    def deliver(self, raw: bytes) -> None: ...


def tick(store: Store, config: Config, transport: Transport, now: datetime) -> list[str]:
    """Do everything due at ``now``; return a line for each thing done (for the log)."""
    done: list[str] = []
    while True:
        with store.session() as db:
            games = claim_due_games(db, now, limit=1)
            if not games:
                break
            done.append(_deadline(db, config, games[0], now))
    done.extend(deliver(store, config, transport, now))
    return done


def _deadline(db: Session, config: Config, game: Game, now: datetime) -> str:
    late = late_powers(db, game)
    if not late:
        return _process(db, config, game, now, "deadline: all orders in")
    timing = timing_of(game.settings, kind_of(game).pending(game.state).timing)
    assert game.deadline is not None
    end_of_grace = None
    if game.grace_until is None and timing.grace > timedelta(0):
        end_of_grace = grace_end(game.deadline, timing)
    elif game.grace_until is not None and game.grace_until > game.deadline:  # set by SET GRACE
        end_of_grace = game.grace_until
    if end_of_grace is not None:
        game.grace_until = game.deadline = end_of_grace
        db.add(game)
        for membership in members(db, game):
            if membership.power in late:
                send_notice(db, config, game, [
                    f"Your orders for {phase_name(game.phase)} were not complete at the deadline. "
                    f"You have until {when(game, game.grace_until)} (the grace period); after that "
                    f"{_policy_words(game)}."], now, to=[address_of(db, membership)])
        send_notice(db, config, game, [f"Late for {phase_name(game.phase)}: {', '.join(late)}."],
                    now, to=masters(db, game))
        return f"{game.name}: late {', '.join(late)}; grace until {game.grace_until}"
    held = [m for m in members(db, game) if m.power in late]
    if with_defaults(game.settings)["nmr"] == "abandon" and held:
        late = sorted(m.power for m in held if m.power)
        for membership in held:
            membership.status = MembershipStatus.ABANDONED
            db.add(membership)
        game.status = GameStatus.PAUSED
        game.deadline = game.grace_until = None
        game.settings = with_bookkeeping(game.settings, paused_by="abandonment")
        db.add(game)
        send_notice(db, config, game, [
            f"{', '.join(late)} gave no complete orders by the end of grace and "
            f"{'is' if len(late) == 1 else 'are'} abandoned. The game waits until a new player "
            f"takes over (JOIN {game.name} <password>)."], now)
        return f"{game.name}: abandoned {', '.join(late)}; paused"
    return _process(db, config, game, now, f"end of grace: civil disorder for {', '.join(late)}")


def _policy_words(game: Game) -> str:
    if with_defaults(game.settings)["nmr"] == "abandon":
        return "the power is abandoned and the game waits for a new player"
    return "the power is in civil disorder: units hold, retreats disband, builds are waived"


def _process(db: Session, config: Config, game: Game, now: datetime, reason: str) -> str:
    record = process_phase(db, game, now, reason)
    db.flush()
    send_results(db, config, game, record, now)
    if game.status is GameStatus.FINISHED:
        send_notice(db, config, game, ["The game is over.", secret_revealed(game)], now)
    return f"{game.name}: processed {record.phase} ({reason})"


def deliver(store: Store, config: Config, transport: Transport, now: datetime) -> list[str]:
    """Send the outbox's due mail; a failure is retried with exponential backoff."""
    done: list[str] = []
    while True:
        with store.session() as db:
            batch = due_outbox(db, now, limit=50)
            if not batch:
                return done
            for mail in batch:
                mail.attempts += 1
                try:
                    raw = compose(
                        mail.to_address,
                        mail.subject,
                        mail.body,
                        sender=f"{config.name} <{config.address}>",
                        message_id=mail.message_id,
                        in_reply_to=mail.in_reply_to,
                        date=mail.created_at,
                    )
                except Exception as error:  # not a mail that can be written: never retried
                    mail.status = OutboxStatus.FAILED
                    mail.last_error = f"cannot compose: {error}"
                    db.add(mail)
                    log.warning("mail %s cannot be sent: %s", mail.message_id, error)
                    continue
                try:
                    transport.deliver(raw)
                except OSError as error:
                    mail.last_error = str(error)
                    if mail.attempts >= MAX_ATTEMPTS:
                        mail.status = OutboxStatus.FAILED
                    else:
                        mail.next_attempt_at = now + timedelta(minutes=2 ** mail.attempts)
                    log.warning("delivering %s failed: %s", mail.message_id, error)
                else:
                    mail.status = OutboxStatus.SENT
                    done.append(f"sent {mail.message_id} to {mail.to_address}")
                db.add(mail)
