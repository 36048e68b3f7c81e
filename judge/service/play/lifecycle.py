"""The master's hand on a game's course: pause and resume, end it, eject a player or an
observer, move its deadline, return it to an earlier phase, preview a phase; and the players'
concession votes.

Like ``games``, every function works in the caller's session, commits nothing, sends no mail (the
handlers say what happened and tell the players) and refuses with a ``GameError`` that says why.

Decisions kept here, once:
- *Paused* means no deadline at all (``deadline`` and ``grace_until`` are None, so no tick touches
  the game); RESUME gives the phase a fresh deadline from the moment of resuming. The bookkeeping
  says who paused it: the master (PAUSE) or the NMR policy (abandonment); a game paused for
  abandonment resumes by itself once every open power is taken over, one paused by the master
  only at RESUME.
- *In grace* means the deadline has passed with players late: ``deadline`` then equals
  ``grace_until``. SET DEADLINE ends a grace in progress (at the new deadline late players get the
  phase's grace again); SET GRACE before the deadline sets when that grace will end.
- *Rollback* restores the state before the latest record of the phase (records are never deleted:
  a replay gets the next ``sequence``) and sets aside every order submission made until then:
  only orders submitted after the rollback count (``orders_after`` in the bookkeeping: an id, not
  an instant, so that a clock set back or two mails in the same second cannot let old orders in).
  Votes (draw, concession, wait) are about the position left behind: they are cleared. A game
  that has ended, however it ended (``games.end_game``), cannot be rolled back: the final notice
  revealed its secret, so its chance would be known in advance.
- *Draw*: under the draw rules ALL and DIAS (the default; "draws include all survivors") a draw is
  shared by every surviving power; under ANY by the survivors the votes name (SET DRAW England
  France), which must agree. Either way it needs the vote of every surviving power that has a
  player, the powers left out included (as in a concession, a power without a player has no
  vote). Votes stand until withdrawn (SET NODRAW), a new player takes the power over, or a
  rollback clears them.
- *Concession*: a surviving power's player concedes to another surviving power; when every other
  surviving power that has a player concedes to the same one, it wins (a power without a player
  has no vote). A new player of a power votes afresh.
- *Hidden information* (``GameKind.hidden_information``, Richard III): what the rules hide stays
  hidden from masters too, whether or not they play. A master acts for no power there (BECOME,
  ``act_for``) and PREDICT is refused: either would answer from more than the master may see. In
  every kind a phase's orders are hidden until it is processed: a master who plays is refused
  both everywhere (``mastering``).
  Where nothing is hidden, PREDICT resolves what observers see (the whole position) with dice of
  its own, never the phase's: those are the game's secret until the phase is processed.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from random import Random

import sqlalchemy as sa
from sqlmodel import Session, col, select

from judge.games.kind import PhaseResult
from judge.store import (
    Game,
    GameStatus,
    Membership,
    MembershipStatus,
    PhaseRecord,
    Player,
    Role,
    SubmittedOrders,
    membership_by_power,
    players_of,
)

from .games import (
    GameError,
    drop_kept,
    end_game,
    fresh_deadline,
    game_settings,
    kind_of,
    members,
    open_powers,
    orders_to_resolve,
    plan_reminder,
    survivors,
)
from .settings import bookkeeping_of, with_bookkeeping

_STARTED = (GameStatus.ACTIVE, GameStatus.PAUSED)


def power_of(game: Game, name: str) -> str:
    """The power a player names (``England``, ``eng``, ``E``), or a refusal naming the powers."""
    kind = kind_of(game)
    power = kind.power_named(name)
    if power is None:
        raise GameError(f"{game.name} has no power {name!r}: its powers are "
                        f"{', '.join(kind.powers())}")
    return power


def require_started(game: Game, doing: str) -> None:
    """Refuse ``doing`` unless the game is running or paused."""
    if game.status is GameStatus.FORMING:
        raise GameError(f"{game.name} has not started: there is no {doing} yet")
    if game.status not in _STARTED:
        raise GameError(f"{game.name} has ended ({game.status.value})")


def in_grace(game: Game) -> bool:
    """Whether the deadline has passed and late players are in their grace period."""
    return (game.grace_until is not None and game.deadline is not None
            and game.deadline >= game.grace_until)


# --- the clock ------------------------------------------------------------------------------------


def pause(game: Game) -> None:
    """Stop the clock: the game keeps its phase and orders but has no deadline until RESUME."""
    paused_by = bookkeeping_of(game.settings).get("paused_by")
    if game.status is GameStatus.PAUSED and paused_by == "master":
        raise GameError(f"{game.name} is paused already")
    if game.status not in _STARTED:
        require_started(game, "clock to stop")
    game.status = GameStatus.PAUSED
    game.deadline = game.grace_until = game.remind_at = None
    game.settings = with_bookkeeping(game.settings, paused_by="master")


def resume(db: Session, game: Game, now: datetime) -> None:
    """Restart the clock: the current phase gets a fresh deadline from ``now``."""
    if game.status is not GameStatus.PAUSED:
        require_started(game, "clock to restart")
        raise GameError(f"{game.name} is not paused")
    game.status = GameStatus.ACTIVE
    game.deadline = fresh_deadline(db, game, now)
    game.grace_until = None
    game.settings = with_bookkeeping(game.settings, paused_by=None)
    plan_reminder(game, now)


def resume_if_complete(db: Session, game: Game, now: datetime) -> bool:
    """Resume a game paused for abandonment once no power is open; whether it resumed."""
    paused_by = bookkeeping_of(game.settings).get("paused_by")
    if game.status is not GameStatus.PAUSED or paused_by != "abandonment" or open_powers(db, game):
        return False
    resume(db, game, now)
    return True


def set_deadline(game: Game, instant: datetime, now: datetime) -> None:
    """Move the current phase's deadline to ``instant`` (UTC); a grace in progress ends."""
    _require_running(game)
    if instant <= now:
        raise GameError("that moment has passed: a deadline must be in the future")
    if in_grace(game) or (game.grace_until is not None and game.grace_until <= instant):
        game.grace_until = None
    game.deadline = instant
    plan_reminder(game, now)


def set_grace(game: Game, instant: datetime, now: datetime) -> None:
    """Set when the current phase's grace ends (UTC): after the deadline, in the future."""
    _require_running(game)
    assert game.deadline is not None
    if instant <= now:
        raise GameError("that moment has passed: the end of grace must be in the future")
    if in_grace(game):
        game.grace_until = game.deadline = instant
        return
    if instant <= game.deadline:
        raise GameError("the grace must end after the deadline")
    game.grace_until = instant


def _require_running(game: Game) -> None:
    if game.status is GameStatus.PAUSED:
        raise GameError(f"{game.name} is paused: RESUME gives it a deadline")
    require_started(game, "deadline")


# --- the end --------------------------------------------------------------------------------------


def terminate(db: Session, game: Game, now: datetime) -> None:
    """End the game without an outcome."""
    if game.status in (GameStatus.FINISHED, GameStatus.TERMINATED):
        raise GameError(f"{game.name} has ended already ({game.status.value})")
    end_game(db, game, GameStatus.TERMINATED, now, by="master", winners=[])


def concede(db: Session, game: Game, membership: Membership, to: str, now: datetime) -> bool:
    """Record the membership's power conceding the game to ``to``; whether the game ends with
    it: when every other surviving power with a player concedes to the same power, it wins."""
    require_started(game, "game to concede")
    if membership.power is None:
        raise GameError("only a power's player concedes")
    alive = survivors(game)
    if membership.power not in alive:
        raise GameError(f"{membership.power} is out of the game: only surviving powers concede")
    if to == membership.power:
        raise GameError("a power cannot concede to itself")
    if to not in alive:
        raise GameError(f"{to} is out of the game: concede to one of {', '.join(alive)}")
    concessions = {**bookkeeping_of(game.settings).get("concessions", {}), membership.power: to}
    game.settings = with_bookkeeping(game.settings, concessions=concessions)
    held = {m.power for m in members(db, game) if m.power is not None}
    voters = [power for power in alive if power != to and power in held]
    if not voters or not all(concessions.get(power) == to for power in voters):
        return False
    end_game(db, game, GameStatus.FINISHED, now, by="concession", winners=[to])
    return True


def vote_draw(
    db: Session, game: Game, membership: Membership, named: Sequence[str], now: datetime
) -> list[str] | None:
    """Record the membership's vote for a draw: among ``named`` powers (the draw rule ANY only),
    or every survivor when none are named. The powers sharing the draw, in the game kind's order,
    when this vote ends the game (see ``draw_agreed``); None while it does not."""
    if membership.power is None:
        raise GameError("only a power votes on a draw")
    if game.status in (GameStatus.FINISHED, GameStatus.TERMINATED):
        raise GameError(f"{game.name} has ended ({game.status.value})")
    rule = game_settings(game).draw_rule.value
    chosen: list[str] | None = None
    if named:
        if rule != "any":
            raise GameError(f"in {game.name} a draw includes every surviving power (draw rule "
                            f"{rule.upper()}): vote with SET DRAW alone")
        chosen = _draw_set(game, named)
    membership.draw_vote = True
    db.add(membership)
    sets = dict(bookkeeping_of(game.settings).get("draw_sets", {}))
    sets.pop(str(membership.id), None)
    if chosen is not None:
        sets[str(membership.id)] = chosen
    game.settings = with_bookkeeping(game.settings, draw_sets=sets or None)
    return draw_agreed(db, game, now)


def withdraw_draw(game: Game, membership: Membership) -> None:
    """SET NODRAW: the membership's draw vote is withdrawn."""
    if membership.power is None:
        raise GameError("only a power votes on a draw")
    membership.draw_vote = False
    sets = dict(bookkeeping_of(game.settings).get("draw_sets", {}))
    sets.pop(str(membership.id), None)
    game.settings = with_bookkeeping(game.settings, draw_sets=sets or None)


def _draw_set(game: Game, named: Sequence[str]) -> list[str]:
    powers = {power_of(game, name) for name in named}
    alive = survivors(game)
    out = sorted(power for power in powers if power not in alive)
    if out:
        raise GameError(f"{', '.join(out)} {'is' if len(out) == 1 else 'are'} out of the game: a "
                        f"draw is shared by surviving powers ({', '.join(alive)})")
    if len(powers) < 2:
        raise GameError("a draw is shared by two powers or more (to let one power win, SET "
                        "CONCEDE to it)")
    return [power for power in alive if power in powers]


def draw_agreed(db: Session, game: Game, now: datetime) -> list[str] | None:
    """End a running game in a draw if its surviving powers agree on one: every surviving power
    that has a player has voted SET DRAW, all for the same powers (every survivor, under the draw
    rules ALL and DIAS; under ANY, the powers each vote named, the survivors among them). A power
    without a player has no vote, as in a concession. The powers sharing the draw, or None."""
    if game.status is not GameStatus.ACTIVE:
        return None
    alive = survivors(game)
    voters = [m for m in members(db, game) if m.power in alive]
    if not voters or not all(m.draw_vote for m in voters):
        return None
    sets = bookkeeping_of(game.settings).get("draw_sets", {})
    wanted = {tuple(p for p in sets.get(str(m.id)) or alive if p in alive) for m in voters}
    if len(wanted) != 1:
        return None
    sharing = list(wanted.pop())
    if len(sharing) < 2:
        return None
    end_game(db, game, GameStatus.FINISHED, now, by="draw", winners=sharing)
    return sharing


def conceding(game: Game, to: str) -> list[str]:
    """The powers whose standing vote concedes the game to ``to``."""
    concessions = bookkeeping_of(game.settings).get("concessions", {})
    return sorted(power for power, winner in concessions.items() if winner == to)


# --- players --------------------------------------------------------------------------------------


def eject(db: Session, game: Game, power: str) -> Membership:
    """Remove the player of ``power``: the membership is ejected and the power left open."""
    require_started(game, "power to eject")
    holder = membership_by_power(db, game.id, power)  # type: ignore[arg-type]
    if holder is None:
        raise GameError(f"{power} has no player to eject")
    holder.status = MembershipStatus.EJECTED
    holder.wait = False
    db.add(holder)
    concessions = dict(bookkeeping_of(game.settings).get("concessions", {}))
    concessions.pop(power, None)
    game.settings = with_bookkeeping(game.settings, concessions=concessions or None)
    return holder


def eject_observer(db: Session, game: Game, address: str) -> Player:
    """Remove the observer at ``address`` (any game but one that has ended): the membership is
    ejected, and the observer may not observe the game again (``games.was_ejected``); one whose
    address was never confirmed lapses instead (the OBSERVE may have been forged in the name of
    someone who would observe: he is not barred for it)."""
    if game.status not in (GameStatus.FORMING, *_STARTED):
        raise GameError(f"{game.name} has ended ({game.status.value})")
    watching = [m for m in members(db, game) if m.role is Role.OBSERVER]
    players = players_of(db, [m.player_id for m in watching]) if watching else {}
    for membership in watching:
        if players[membership.player_id].address == address.lower():
            observer = players[membership.player_id]
            membership.status = MembershipStatus.EJECTED if observer.confirmed else MembershipStatus.LAPSED
            db.add(membership)
            return observer
    raise GameError(f"{address} does not observe {game.name}")


# --- phases ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Prediction:
    """What PREDICT found: the phase resolved, and whether that drew on chance (its dice are then
    the prediction's own: illustrative, not the phase's)."""

    result: PhaseResult
    rolled: bool


def predict(db: Session, game: Game, playing: Sequence[str] = ()) -> Prediction:
    """What processing the current phase now would give with the orders standing, the same
    defaults, resolved on a copy of what observers see (the whole position: a kind with hidden
    information is refused, as no reader may see it whole) with dice thrown for the prediction
    alone: never the phase's own, which the game's secret decides and nobody may know ahead.
    Nothing is recorded or changed. ``playing``: the powers the master asking holds or held
    (``mastering.played_by``): he is refused, as the prediction would show him the others' orders."""
    require_started(game, "phase to predict")
    kind = kind_of(game)
    if kind.hidden_information:
        raise GameError(f"PREDICT is not offered in {game.name}: {kind.wording.title} hides part of the "
                        "game from each reader, masters included, and a prediction would need "
                        "what the rules hide (and show the phase ahead of its players); the "
                        "phase is processed at its deadline, or now with PROCESS")
    if playing:
        raise GameError(f"you hold or held {', '.join(playing)} in {game.name}: a master who plays "
                        "may not PREDICT, as a prediction shows the other powers' orders before "
                        "the deadline")
    orders = {power: list(slots.values()) for power, slots in orders_to_resolve(db, game).items()}
    dice = Random()  # seeded by the system, not from the game's secret
    unused = dice.getstate()
    result = kind.resolve(copy.deepcopy(kind.view(game.state, None)), orders, dice)
    return Prediction(result, dice.getstate() != unused)


def act_for(game: Game, name: str, playing: Sequence[str] = ()) -> str:
    """The power a master acts for (BECOME): refused in a game whose kind hides information, where
    the answers to its orders (accepted, refused, the choices left) would show him what the rules
    hide from him; and to a master who holds or held a power of the game (``playing``), as its
    orders would show him what another power ordered."""
    require_started(game, "power to act for")
    power = power_of(game, name)
    kind = kind_of(game)
    if kind.hidden_information:
        raise GameError(f"no master acts for a power in {game.name}: {kind.wording.title} hides part of "
                        "the game from each reader, masters included, and the answers to "
                        f"{power}'s orders would show you what the rules hide. A power without a "
                        f"player is in civil disorder ({kind.wording.civil_disorder}) until a new player "
                        f"takes it over (JOIN {game.name} <password>)")
    if playing:
        raise GameError(f"you hold or held {', '.join(playing)} in {game.name}: a master who plays "
                        f"acts for no power, as {power}'s orders would show you what another power "
                        "ordered. "
                        f"A power without a player is in civil disorder until a new player takes "
                        f"it over (JOIN {game.name} <password>)")
    return power


def rollback(db: Session, game: Game, phase: str, now: datetime) -> PhaseRecord:
    """Return the game to the start of ``phase``, as its latest record found it (see the module's
    decisions); a paused game stays paused, any other gets a fresh deadline from ``now``."""
    if game.status in (GameStatus.FORMING, GameStatus.TERMINATED):
        raise GameError(f"{game.name} is {game.status.value}: there is nothing to roll back")
    if game.status is GameStatus.FINISHED or bookkeeping_of(game.settings).get("secret_revealed"):
        raise GameError(f"{game.name} has ended and its secret is revealed: it cannot go on")
    record = db.exec(
        select(PhaseRecord)
        .where(PhaseRecord.game_id == game.id, PhaseRecord.phase == phase)
        .order_by(col(PhaseRecord.sequence).desc())
    ).first()
    if record is None:
        done = db.exec(select(PhaseRecord.phase).where(PhaseRecord.game_id == game.id)
                       .order_by(col(PhaseRecord.id))).all()
        listed = ", ".join(dict.fromkeys(done)) or "none yet"
        raise GameError(f"{game.name} has no processed phase {phase} to return to "
                        f"(processed: {listed})")
    last_submission = db.execute(
        sa.select(sa.func.max(col(SubmittedOrders.id))).where(
            col(SubmittedOrders.game_id) == game.id)
    ).scalar_one_or_none()
    drop_kept(db, game, upto=last_submission or 0)  # kept before the rollback: they count no longer
    left = game.phase
    game.state = copy.deepcopy(record.state_before)
    game.phase = kind_of(game).pending(game.state).phase
    game.settings = with_bookkeeping(
        game.settings,
        orders_after=last_submission or 0,
        last_rollback={"phase": phase, "from": left, "at": now.isoformat()},
        concessions=None,
        ended=None,
        reminded=None,
        draw_sets=None,
    )
    if game.status is GameStatus.PAUSED:
        game.deadline = game.grace_until = game.remind_at = None
    else:
        game.status = GameStatus.ACTIVE
        game.deadline = fresh_deadline(db, game, now)
        game.grace_until = None
        plan_reminder(game, now)
    for membership in members(db, game):
        if membership.wait or membership.draw_vote is not None:
            membership.wait, membership.draw_vote = False, None
            db.add(membership)
    return record
