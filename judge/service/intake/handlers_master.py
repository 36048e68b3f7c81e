"""The master's commands beyond START and PROCESS, and two players' commands about the game's
course (SET ABSENCE, SET CONCEDE); the game settings are in ``handlers_settings``. See
``handlers.py`` for the registry: who may use a command is checked there, from ``COMMANDS``.

Each handler does its work through ``lifecycle`` and ``games``, says in plain words what it did,
and tells the game's members what they need to know. The master's replies go to the master only.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from judge.store import Game, GameStatus, Membership, Role, membership_by_power

from .. import commands as c
from ..mailing.notify import game_status, masters, phase_name, send_notice, tell_once, when
from ..mailing.reports import render
from ..play.deadlines import local_to_utc, utc_to_local
from ..play.games import (
    GameError,
    address_of,
    game_settings,
    kind_of,
    late_powers,
    read_phase,
    secret_revealed,
    taken_orders,
)
from ..play.lifecycle import (
    act_for,
    concede,
    eject,
    eject_observer,
    pause,
    power_of,
    predict,
    resume,
    resume_if_complete,
    rollback,
    set_deadline,
    set_grace,
    terminate,
)
from ..play.mastering import may_bring_forward, played_by
from .actions import is_master, process_if_ready
from .context import Context
from .handlers_settings import SETTINGS_HANDLERS
from .handlers_types import Handler

MAX_ABSENCE_DAYS = 21
"""The longest absence a player may announce; a longer one is for the master (PAUSE)."""


def _signed_on(ctx: Context) -> tuple[Game, Membership]:
    assert ctx.game is not None and ctx.membership is not None  # checked by carry_out
    return ctx.game, ctx.membership


def _tell(ctx: Context, game: Game, *paragraphs: str) -> None:
    send_notice(ctx.db, ctx.config, game, list(paragraphs), ctx.now)


# --- acting and previewing ------------------------------------------------------------------------


def become(ctx: Context, command: c.Become) -> None:
    game, master = _signed_on(ctx)
    power = act_for(game, command.power, played_by(ctx.db, game, master))
    ctx.power = power  # the membership stays the master's: submissions record who gave them
    ctx.say(f"You act for {power} in {game.name}: the order lines that follow in this mail are "
            f"{power}'s (kept as given by the master); its player is told what you did.")


def note_acted_for(ctx: Context, done: str) -> None:
    """Note what a master acting for a power (BECOME) did to its orders: its player is told at
    the end of the mail (``tell_acted_for``)."""
    game = ctx.game
    if game is None or ctx.power is None or not is_master(ctx):
        return
    assert game.id is not None
    ctx.acted_for = (*ctx.acted_for, (game.id, ctx.power, done))


def tell_acted_for(ctx: Context) -> None:
    """Tell each player whose orders a master changed in this mail (BECOME: orders given, kept or
    withdrawn for his power) what he did: in the mail this mail sent him already (the results of
    a phase the master's orders completed, say), or in one short mail of its own."""
    done: dict[tuple[int, str], list[str]] = {}
    for game_id, power, what in ctx.acted_for:
        done.setdefault((game_id, power), []).append(what)
    for (game_id, power), lines in done.items():
        game = ctx.db.get(Game, game_id)
        holder = membership_by_power(ctx.db, game_id, power)
        if game is None or holder is None:
            continue  # nobody plays the power: nobody to tell
        due = game.status in (GameStatus.ACTIVE, GameStatus.PAUSED) and \
            power in kind_of(game).pending(game.state).powers
        now = (f"Your orders for {game.phase} now: "
               f"{'; '.join(taken_orders(ctx.db, game, power).values()) or 'none'}." if due else "")
        tell_once(ctx.db, ctx.config, game, address_of(ctx.db, holder), [
            f"The master of {game.name} acted for {power} (BECOME) and changed your orders:",
            "\n".join(f"  {line}" for line in lines), *([now] if now else [])], ctx.now)


def predict_phase(ctx: Context, command: c.Predict) -> None:
    game, master = _signed_on(ctx)
    prediction = predict(ctx.db, game, played_by(ctx.db, game, master))
    result, kind = prediction.result, kind_of(game)
    ended = kind.outcome(result.state)
    outcome = ended.reason if ended is not None else None
    text = render(
        f"{kind.templates}/prediction.txt",
        game=game.name,
        phase_name=phase_name(game),
        powers=list(kind.powers()),
        late=late_powers(ctx.db, game),
        report=kind.report_view(result.report, None),  # the master reads as an observer
        outcome=outcome,
    )
    ctx.say(text.strip("\n"))
    if prediction.rolled:
        ctx.say("Its dice were thrown for this prediction alone: they are illustrative, and the "
                "phase's own dice (the game's secret decides them) may fall otherwise.")


# --- the course of the game -----------------------------------------------------------------------


def rollback_to(ctx: Context, command: c.Rollback) -> None:
    game, _ = _signed_on(ctx)
    left = game.phase
    rollback(ctx.db, game, read_phase(game, command.phase), ctx.now)
    name = phase_name(game)
    clock = (f"The deadline is {when(game, game.deadline)}." if game.status is GameStatus.ACTIVE
             else "The game stays paused: RESUME gives it a deadline.")
    ctx.say(f"{game.name} is back at the start of {name} (it was at {phase_name(game, left)}). "
            f"Orders given before now no longer count. {clock}")
    _tell(ctx, game,
          f"The master has returned {game.name} to the start of {name}. What was processed "
          "since stays in the archive, but the game goes on from here: orders given before this "
          "notice no longer count, for this phase or any later one, and draw and concession "
          f"votes are cleared. Please send your orders for {name} again.", clock)
    process_if_ready(ctx, game)  # a phase in which nobody has anything to order goes on at once


def pause_game(ctx: Context, command: c.Pause) -> None:
    game, _ = _signed_on(ctx)
    pause(game)
    ctx.say(f"{game.name} is paused: no deadline runs until RESUME.")
    _tell(ctx, game, f"The master has paused {game.name} in {phase_name(game)}: no "
          "deadline runs until the game resumes. Orders sent meanwhile are kept.")


def resume_game(ctx: Context, command: c.Resume) -> None:
    game, _ = _signed_on(ctx)
    resume(ctx.db, game, ctx.now)
    deadline = when(game, game.deadline)
    ctx.say(f"{game.name} resumes: the deadline for {phase_name(game)} is {deadline}.")
    _tell(ctx, game, f"{game.name} resumes. The deadline for {phase_name(game)} is "
          f"{deadline}.")
    process_if_ready(ctx, game)


def terminate_game(ctx: Context, command: c.Terminate) -> None:
    game, _ = _signed_on(ctx)
    terminate(ctx.db, game, ctx.now)
    ctx.say(f"{game.name} is terminated; everyone has been told, and the game's secret revealed.")
    _tell(ctx, game, f"The master has terminated {game.name}: the game ends here, without a "
          "winner or a draw.", secret_revealed(game))


def eject_power(ctx: Context, command: c.Eject) -> None:
    game, _ = _signed_on(ctx)
    power = power_of(game, command.power)
    ejected = eject(ctx.db, game, power)
    send_notice(ctx.db, ctx.config, game, [
        f"The master has removed you from {game.name}: you no longer play {power}."],
        ctx.now, to=[address_of(ctx.db, ejected)])
    ctx.say(f"{power}'s player is ejected from {game.name}; {power} is open for a new player.")
    _tell(ctx, game, f"The master has removed {power}'s player from {game.name}. {power} is open: "
          f"a new player takes it over with JOIN {game.name} <password>. Until then it is in "
          "civil disorder.")


def eject_watcher(ctx: Context, command: c.EjectObserver) -> None:
    game, _ = _signed_on(ctx)
    ejected = eject_observer(ctx.db, game, command.address)
    if ejected.confirmed:  # a forged OBSERVE's address asked for nothing: it is not written to
        send_notice(ctx.db, ctx.config, game, [
            f"The master has removed you from {game.name}'s observers: you no longer receive "
            "its reports."], ctx.now, to=[ejected.address])
    ctx.say(f"{ejected.address} no longer observes {game.name}"
            + (", and is told so." if ejected.confirmed else " (not told: its address was never "
               "confirmed)."))


def take_over(ctx: Context, game: Game, membership: Membership) -> None:
    """After a JOIN that took over an open power of a started game (``games.join_game``)."""
    power = membership.power
    assert power is not None
    ctx.power = power
    ctx.say(f"You have taken over {power} in {game.name}; it is {game_status(game)}. The order "
            f"lines that follow in this mail are {power}'s.")
    _tell(ctx, game, f"{power} in {game.name} has a new player.")
    if resume_if_complete(ctx.db, game, ctx.now):
        deadline = when(game, game.deadline)
        ctx.say(f"Every power has a player again: {game.name} resumes, deadline {deadline}.")
        _tell(ctx, game, f"Every power of {game.name} has a player again: the game resumes. The "
              f"deadline for {phase_name(game)} is {deadline}.")


# --- deadlines ------------------------------------------------------------------------------------


def set_deadline_at(ctx: Context, command: c.SetDeadline) -> None:
    game, _ = _signed_on(ctx)
    set_deadline(game, _instant(ctx, game, command), ctx.now)
    deadline = when(game, game.deadline)
    ctx.say(f"The deadline for {phase_name(game)} of {game.name} is now {deadline}.")
    _tell(ctx, game, f"The master has set the deadline for {phase_name(game)} to "
          f"{deadline}.")


def set_grace_until(ctx: Context, command: c.SetGrace) -> None:
    game, _ = _signed_on(ctx)
    set_grace(game, _instant(ctx, game, command), ctx.now)
    grace = when(game, game.grace_until)
    ctx.say(f"The grace for {phase_name(game)} of {game.name} now ends {grace}.")
    _tell(ctx, game, f"The master has set the end of grace for {phase_name(game)} to "
          f"{grace}: players late at the deadline have until then.")


def _instant(ctx: Context, game: Game, command: c.SetDeadline | c.SetGrace) -> datetime:
    zone = game_settings(game).zone
    try:
        instant = local_to_utc(command.when, zone)
    except ValueError as error:
        raise GameError(str(error)) from None
    may_bring_forward(ctx.db, game, instant)
    return instant


# --- players: absences and concessions ------------------------------------------------------------


def set_absence(ctx: Context, command: c.SetAbsence) -> None:
    game, membership = _signed_on(ctx)
    if membership.role is not Role.PLAYER:
        raise GameError("only a player's deadlines wait for an absence")
    first, last = command.from_date, command.to_date
    today = utc_to_local(ctx.now, game_settings(game).zone).date()
    if last < first:
        raise GameError(f"the absence ends ({_day(last)}) before it begins ({_day(first)})")
    if last < today:
        raise GameError(f"that absence is over already (today is {_day(today)})")
    if last - first >= timedelta(days=MAX_ABSENCE_DAYS):
        raise GameError(f"an absence is at most {MAX_ABSENCE_DAYS} days; for a longer one ask "
                        "the master")
    kept = [span for span in membership.absences if date.fromisoformat(span[1]) >= today]
    membership.absences = kept + [[first.isoformat(), last.isoformat()]]
    ctx.db.add(membership)
    current = (f" The current deadline ({when(game, game.deadline)}) does not move."
               if game.deadline is not None else "")
    ctx.say(f"Your absence from {_day(first)} to {_day(last)} is recorded: a deadline set from "
            f"now on that would fall in it moves to the first day after it.{current}")
    who = membership.power or "A player"
    notice = (f"{who} will be away from {_day(first)} to {_day(last)}: deadlines set from now on "
              "that fall in that absence move past it.")
    send_notice(ctx.db, ctx.config, game, [notice], ctx.now, to=masters(ctx.db, game))


def _day(day: date) -> str:
    return day.strftime("%a %d %b %Y")


def set_concede(ctx: Context, command: c.SetConcede) -> None:
    game, membership = _signed_on(ctx)
    to = power_of(game, command.power)
    if not concede(ctx.db, game, membership, to, ctx.now):
        ctx.say(f"Your vote to concede {game.name} to {to} is recorded. The game ends when every "
                "other surviving power concedes to it.")
        return
    ctx.say(f"Your vote to concede {game.name} to {to} is recorded: every other surviving power "
            f"has conceded, and {to} wins.")
    _tell(ctx, game, f"Every other surviving power has conceded {game.name} to {to}: {to} wins "
          "the game.", secret_revealed(game))


MASTER_HANDLERS: dict[type, Handler] = {
    c.Become: become,
    c.Predict: predict_phase,
    c.Rollback: rollback_to,
    c.Pause: pause_game,
    c.Resume: resume_game,
    c.Terminate: terminate_game,
    c.Eject: eject_power,
    c.EjectObserver: eject_watcher,
    c.SetDeadline: set_deadline_at,
    c.SetGrace: set_grace_until,
    c.SetAbsence: set_absence,
    c.SetConcede: set_concede,
    **SETTINGS_HANDLERS,
}
