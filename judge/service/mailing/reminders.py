"""Reminders before the deadline: one mail to each player whose orders are not complete.

A game's setting ``remind_minutes`` (SET REMINDER, 24 hours by default, OFF for none) says how
long before the deadline the reminder goes. Decisions kept here, once:

- The reminder's moment is ``game.remind_at``, planned (``games.plan_reminder``) whenever a phase
  gets a fresh deadline (the phase begins, the game resumes or is rolled back, the master moves
  the deadline or changes the setting). The ticker claims a game when its reminder or its deadline is due
  (``claim_due_games``), so a daemon wakes for either.
- A phase shorter than the reminder period gets none: its reminder would go out with the results
  that opened it, which give the deadline already. Nor does a phase whose deadline has passed:
  late players then get the late notice of the grace period instead.
- Never twice for a phase: the bookkeeping's ``reminded`` names the phase reminded, and moving
  the deadline afterwards plans no second one (a rollback, which replays the phase, clears it).
- Who is reminded: the player of each power that must act and has no complete orders in
  (``late_powers``), except a player who SET WAIT (who has asked the phase to wait for this very
  deadline) and a player away that day (SET ABSENCE: the reminder would find no one). A power
  without a player has nobody to remind.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlmodel import Session

from judge.store import Game, Membership

from ..config import Config
from ..play.deadlines import utc_to_local
from ..play.games import (address_of, current_orders, game_settings, kind_of, late_powers, members,
                          orders_to_resolve)
from ..play.settings import with_bookkeeping
from .notify import phase_name, send_notice, when


def remind_late_players(db: Session, config: Config, game: Game, now: datetime) -> str:
    """Send the phase's reminder (the ticker calls this at ``game.remind_at``); what was done."""
    game.remind_at = None
    game.settings = with_bookkeeping(game.settings, reminded=game.phase)
    db.add(game)
    late = set(late_powers(db, game))
    submitted = current_orders(db, game)
    today = utc_to_local(now, game_settings(game).zone).date()
    told = []
    for membership in members(db, game):
        power = membership.power
        if power is None or power not in late or membership.wait or _away(membership, today):
            continue
        status = ("You have sent orders, but they are not complete yet"
                  if power in submitted and submitted[power].orders else
                  "The judge has no orders from you yet")
        send_notice(db, config, game, [
            f"Reminder: {status} for {phase_name(game)} ({power}). The deadline is "
            f"{when(game, game.deadline)}; a power without complete orders then is late."
            f"{still_to_order(db, game, power)}"],
            now, to=[address_of(db, membership)])
        told.append(power)
    return f"{game.name}: reminded {', '.join(sorted(told)) or 'nobody'} of the {game.phase} deadline"


def still_to_order(db: Session, game: Game, power: str) -> str:
    """What the power's orders in leave to order, as the kind says it (for a card, the hand it
    is played from), as a sentence to end a reminder or a late notice; empty if nothing."""
    given = orders_to_resolve(db, game).get(power, {})
    due = kind_of(game).waiting(game.state, power, list(given.values()))
    return f" Still to order: {'; '.join(due)}." if due else ""


def _away(membership: Membership, day: date) -> bool:
    return any(date.fromisoformat(first) <= day <= date.fromisoformat(last)
               for first, last in membership.absences)
