"""The outage guard: deadlines that passed while the judge was down are extended, not processed.

A judge that comes back after a day down finds every deadline of that day passed. Processing them
all at once would put every player who could not reach the judge meanwhile into grace or civil
disorder, through no fault of theirs; a clock that jumps forward (a bad NTP step, a restored
virtual machine) would do the same to every game at once. So before each tick the daemon compares
the instant of the last tick (kept in the store: ``judge.store.clock``) with the clock. When the
gap is longer than ``[serve] outage_limit``, either way, every running game whose deadline has
passed gets a new one, a fresh deadline from now by the timing of its phase (or ``now`` plus
``[serve] outage_extension``), and its players, observers and master are told why. Orders already
in stand. Then the tick goes on as usual, with nothing overdue left to burst.

The guard and its record run in one transaction, under a lock on the clock's row (PostgreSQL) or
the database's write lock (SQLite): of two judges starting together, one extends the deadlines and
the other sees a tick that has just happened.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from judge.store import Store, last_tick, overdue_games, record_tick

from ..config import Config
from ..mailing.notify import phase_name, send_notice, when
from ..play.deadlines import clock_jump_guard, deadline_for, extended_deadline
from ..play.games import game_settings, kind_of, plan_reminder
from ..play.variants import offered


def guard_outage(store: Store, config: Config, now: datetime) -> list[str]:
    """Record a tick at ``now``; if the last one was longer ago (or later) than the outage limit,
    first extend every overdue deadline. Returns a line for each game extended (for the log)."""
    done: list[str] = []
    with offered(config), store.session() as db:  # the games on the judge's added variants too
        previous = last_tick(db)
        if clock_jump_guard(previous, now, config.serve.outage_limit):
            for game in overdue_games(db, now):
                settings = game_settings(game)
                timing = settings.timing(kind_of(game).pending(game.state).timing)
                zone = settings.zone
                extension = config.serve.outage_extension
                if extension is None:
                    new = extended_deadline(now, timing, zone)
                else:
                    new = deadline_for(now, replace(timing, minimum=extension), zone)
                old = game.deadline
                game.deadline = new
                game.grace_until = None
                plan_reminder(game, now)
                db.add(game)
                words = _explanation(phase_name(game), previous, now, when(game, old), when(game, new))
                send_notice(db, config, game, [words], now)
                done.append(
                    f"{game.name}: deadline {old.isoformat() if old else '-'} passed during an outage "
                    f"(last tick {previous.isoformat() if previous else 'never'}); extended to {new.isoformat()}"
                )
        record_tick(db, now)
    return done


def _explanation(phase_name: str, previous: datetime | None, now: datetime, old_words: str, new_words: str) -> str:
    if previous is None:
        gap = "The judge has no record of when it last ran"
    elif previous > now:
        gap = (f"The judge's clock jumped back: its last tick was recorded at {previous:%Y-%m-%d %H:%M} UTC, "
               f"later than now ({now:%Y-%m-%d %H:%M} UTC)")
    else:
        gap = (f"The judge was not running (or its clock jumped) from {previous:%Y-%m-%d %H:%M} UTC "
               f"to {now:%Y-%m-%d %H:%M} UTC")
    return (f"{gap}, and the deadline for {phase_name} ({old_words}) passed meanwhile. "
            f"So that nobody is late through no fault of their own, the deadline is now {new_words}. "
            "Orders already sent stand; you may still send or change them.")
