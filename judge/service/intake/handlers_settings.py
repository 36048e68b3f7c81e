"""The master's SET commands for a game's settings (see ``settings.py`` for what each means).

Each stores the new value in ``game.settings`` (a new dict: a JSON column is saved only when
assigned) and replies with it. The variant, anonymity and gunboat are decided before the start;
the rest may change during the game. A timing change never moves the deadline already running:
it applies from the next phase (SET DEADLINE moves the current one), and the reply says so.
"""

from __future__ import annotations

from datetime import time, timedelta
from typing import Any

from judge.games.kind import TimingClass
from judge.games.registry import UnknownGameKind, game_kind
from judge.store import Game, GameStatus, Role

from .. import commands as c
from ..mailing.notify import when
from ..play.deadlines import utc_to_local
from ..play.games import GameError, game_settings, kind_of, members, plan_reminder
from ..play.settings import describe_timing, length_words, set_timing, timing_named
from .context import Context
from .handlers_types import Handler

_PRESS_WORDS = {
    "none": "no press at all",
    "white": "white press only (signed by its writer)",
    "grey": "grey press only (unsigned)",
    "both": "white and grey press",
}
def _nmr_words(game: Game, policy: c.NmrPolicy) -> str:
    if policy is c.NmrPolicy.ABANDON:
        return "is abandoned: the game pauses until a new player takes it over (JOIN)"
    return f"is in civil disorder: {kind_of(game).wording.civil_disorder}"


def _game(ctx: Context) -> Game:
    game = ctx.game
    assert game is not None  # carry_out lets only a signed-on master through
    if game.status in (GameStatus.FINISHED, GameStatus.TERMINATED):
        raise GameError(f"{game.name} has ended: its settings can no longer change")
    return game


def _before_start(game: Game, what: str) -> None:
    if game.status is not GameStatus.FORMING:
        raise GameError(f"{game.name} has started: its {what} was decided before the start")


def _store(game: Game, **values: Any) -> None:
    game.settings = {**game.settings, **values}


def _current_deadline(game: Game) -> str:
    """What the reply to a timing change adds about the deadline already running."""
    if game.status is GameStatus.ACTIVE and game.deadline is not None:
        return (f" The current deadline ({when(game, game.deadline)}) is not moved: the change "
                "applies from the next phase (SET DEADLINE moves this one).")
    if game.status is GameStatus.PAUSED:
        return " It applies from the deadline the game gets when it resumes."
    return ""


def set_variant(ctx: Context, command: c.SetVariant) -> None:
    game = _game(ctx)
    _before_start(game, "variant")
    try:
        kind = game_kind(command.variant)
    except UnknownGameKind as error:
        raise GameError(str(error)) from None
    players = sum(1 for m in members(ctx.db, game) if m.role is Role.PLAYER)
    powers = list(kind.powers())
    if players > len(powers):
        raise GameError(f"{kind.name} has {len(powers)} powers and {game.name} has {players} "
                        "players already")
    game.kind = kind.name
    full = " The game is full: START begins it." if players == len(powers) else ""
    ctx.say(f"{game.name} will be played as {kind.name}, {len(powers)} powers: "
            f"{', '.join(powers)}.{full}")


def set_press(ctx: Context, command: c.SetPress) -> None:
    game = _game(ctx)
    if game_settings(game).gunboat and command.mode != c.PressMode.NONE:
        raise GameError(f"{game.name} is a gunboat game, without press: SET GUNBOAT OFF first")
    _store(game, press=command.mode.value, fake_press=command.fake)
    fake = ", and fake press" if command.fake else ""
    ctx.say(f"Press in {game.name}: {_PRESS_WORDS[command.mode.value]}{fake}.")


def set_nmr(ctx: Context, command: c.SetNmr) -> None:
    game = _game(ctx)
    policy = command.policy
    _store(game, nmr=policy.value)
    ctx.say(f"In {game.name}, a power with no complete orders at the end of grace now "
            f"{_nmr_words(game, policy)}.")


def set_timing_of(ctx: Context, command: c.SetTiming) -> None:
    game = _game(ctx)
    kind = kind_of(game)
    timing = timing_named(kind, command.kind)
    if timing is None:
        names = ", ".join(t.name.upper() for t in kind.timings)
        raise GameError(f"{game.name} has no {command.kind.upper()} phases: the timings of "
                        f"{kind.name} are {names}")
    game.settings = _timing(game.settings, timing, minimum=command.minimum, at=command.at,
                            days=command.days, grace=command.grace)
    ctx.say(f"{timing.name.capitalize()} phases of {game.name}: deadline "
            f"{describe_timing(game_settings(game).timing(timing.name))}.{_current_deadline(game)}")


def set_days(ctx: Context, command: c.SetDays) -> None:
    game = _game(ctx)
    settings = game.settings
    for timing in kind_of(game).timings:
        settings = _timing(settings, timing, days=command.days)
    game.settings = settings
    for name, spec in game_settings(game).timings.items():
        ctx.say(f"{name.capitalize()} phases of {game.name}: deadline {describe_timing(spec)}.")
    ctx.say(_current_deadline(game).strip() or "Deadlines fall on those days from now on.")


def _timing(
    settings: dict[str, Any],
    kind: TimingClass,
    *,
    minimum: timedelta | None = None,
    at: time | None = None,
    days: tuple[int, ...] | None = None,
    grace: timedelta | None = None,
) -> dict[str, Any]:
    try:
        return set_timing(settings, kind, minimum=minimum, at=at, grace=grace,
                          days=frozenset(days) if days is not None else None)
    except ValueError as error:
        raise GameError(str(error)) from None


def set_timezone(ctx: Context, command: c.SetTimezone) -> None:
    game = _game(ctx)
    try:
        local = utc_to_local(ctx.now, command.zone)
    except ValueError as error:
        raise GameError(str(error)) from None
    _store(game, zone=command.zone)
    ctx.say(f"The deadlines of {game.name} are now given in {command.zone} (it is "
            f"{local.strftime('%a %d %b %Y %H:%M')} there now); deadline times of day are read "
            f"in it.{_current_deadline(game)}")


def set_anonymous(ctx: Context, command: c.SetAnonymous) -> None:
    game = _game(ctx)
    _before_start(game, "anonymity")
    if not command.on and game_settings(game).gunboat:
        raise GameError(f"{game.name} is a gunboat game, always anonymous: SET GUNBOAT OFF first")
    _store(game, anonymous=command.on)
    if command.on:
        ctx.say(f"{game.name} is anonymous: no one is told who plays which power.")
    else:
        ctx.say(f"{game.name} is not anonymous: the players of the powers are known.")


def set_gunboat(ctx: Context, command: c.SetGunboat) -> None:
    game = _game(ctx)
    _before_start(game, "gunboat setting")
    if command.on:
        _store(game, gunboat=True, anonymous=True, press="none", fake_press=False)
        ctx.say(f"{game.name} is a gunboat game: anonymous, and without press.")
        return
    _store(game, gunboat=False)
    settings = game_settings(game)
    ctx.say(f"{game.name} is not a gunboat game. Press stays {settings.press.upper()} and the "
            f"game stays {'anonymous' if settings.anonymous else 'open'}: SET PRESS and "
            "SET ANONYMOUS change them.")


def set_draw_rule(ctx: Context, command: c.SetDrawRule) -> None:
    game = _game(ctx)
    rule = command.rule.value
    _store(game, draw_rule=rule)
    ctx.say(f"The draw rule of {game.name} is now {rule.upper()}: {_DRAW_WORDS[rule]}")


_DRAW_WORDS = {
    "all": "a draw is shared by every surviving power, and ends the game when every surviving "
           "power with a player has voted SET DRAW.",
    "dias": "draws include all survivors (the same as ALL): a draw ends the game when every "
            "surviving power with a player has voted SET DRAW.",
    "any": "a draw may be shared by any of the surviving powers: SET DRAW names them (SET DRAW "
           "alone: all of them), and the draw ends the game when every surviving power with a "
           "player has voted for the same powers.",
}


def set_reminder(ctx: Context, command: c.SetReminder) -> None:
    game = _game(ctx)
    minutes = int(command.before.total_seconds() // 60) if command.before is not None else 0
    _store(game, remind_minutes=minutes)
    plan_reminder(game, ctx.now)
    if minutes <= 0:
        ctx.say(f"Players of {game.name} get no reminder before a deadline.")
        return
    when_next = (f" The next one goes out {when(game, game.remind_at)}."
                 if game.remind_at is not None else "")
    ctx.say(f"Players of {game.name} whose orders are not complete are reminded "
            f"{length_words(timedelta(minutes=minutes))} before each deadline (once a phase, and "
            f"only when the phase is longer than that).{when_next}")


def settings_lines(game: Game) -> list[str]:
    """A game's settings, a line each, as LIST shows them."""
    settings = game_settings(game)
    fake = ", and fake press" if settings.fake_press else ""
    remind = f"{length_words(settings.remind)} before a deadline" if settings.remind else "none"
    two_sides = len(kind_of(game).powers()) == 2  # a draw is both sides': no rule to choose
    lines = [
        f"Press:      {_PRESS_WORDS[settings.press.value]}{fake}",
        f"Anonymous:  {'yes' if settings.anonymous else 'no'}"
        f"{' (a gunboat game)' if settings.gunboat else ''}",
        *([] if two_sides else [f"Draw rule:  {settings.draw_rule.value.upper()}"]),
        f"No orders:  a power with no complete orders at the end of grace "
        f"{_nmr_words(game, settings.nmr)}",
        f"Reminders:  {remind}",
        f"Time zone:  {settings.zone}",
    ]
    for name, timing in settings.timings.items():
        lines.append(f"{(name.capitalize() + ':'):<11} deadline {describe_timing(timing)}")
    return lines


SETTINGS_HANDLERS: dict[type, Handler] = {
    c.SetVariant: set_variant,
    c.SetPress: set_press,
    c.SetNmr: set_nmr,
    c.SetTiming: set_timing_of,
    c.SetDays: set_days,
    c.SetTimezone: set_timezone,
    c.SetAnonymous: set_anonymous,
    c.SetGunboat: set_gunboat,
    c.SetDrawRule: set_draw_rule,
    c.SetReminder: set_reminder,
}
