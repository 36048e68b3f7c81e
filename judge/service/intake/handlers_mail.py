"""How a member's results mails of a game come: with the map or not (SET MAP), and how often
(SET MAIL; see ``mailing/rhythm.py``). Each is the member's own, for his membership in the game
he is signed on to (see ``handlers.py`` for the registry)."""

from __future__ import annotations

from judge.games.kind import Turned

from .. import commands as c
from ..play.games import kind_of
from .context import Context
from .handlers_types import Handler


def set_map(ctx: Context, command: c.SetMap) -> None:
    assert ctx.membership is not None and ctx.game is not None
    ctx.membership.maps = command.on
    ctx.db.add(ctx.membership)
    if command.on:
        ctx.say(f"Your results mails of {ctx.game.name} carry the map of the phase (where the "
                "judge draws this game's maps).")
    else:
        ctx.say(f"Your results mails of {ctx.game.name} are text only; the report is complete "
                "without the map (SET MAP ON brings it back).")


def set_mail(ctx: Context, command: c.SetMail) -> None:
    assert ctx.membership is not None and ctx.game is not None
    ctx.membership.every_phase = command.every_phase
    ctx.db.add(ctx.membership)
    if command.every_phase:
        ctx.say(f"You are mailed the results of {ctx.game.name} each time a phase is processed "
                "(SET MAIL TURN: when you must act and at the end of each Turn).")
    elif isinstance(kind_of(ctx.game), Turned):
        ctx.say(f"You are mailed the results of {ctx.game.name} when you must act and at the end "
                "of each Turn, everything since your last mail in one (SET MAIL EVERY PHASE: "
                "each phase).")
    else:
        ctx.say(f"{ctx.game.name} has no Turns longer than a phase: every phase needs every "
                "player, so you are mailed each phase's results.")


MAIL_HANDLERS: dict[type, Handler] = {
    c.SetMap: set_map,
    c.SetMail: set_mail,
}
