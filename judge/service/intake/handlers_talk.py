"""Press, broadcasts, and the game's history and summary (see ``handlers.py`` for the registry).

PRESS and BROADCAST need a SIGNON (the registry's ``Who.PLAYER``); the rules of press are in
``press.py``. One mail sends each reader at most one PRESS and one BROADCAST in a game: a press to
someone who had one of its kind from the same mail is refused, so that a mail of two hundred
BROADCAST blocks is not two hundred mails to each member (PRESS TO France, PRESS TO Germany and a
BROADCAST in one mail are still all sent, the master's copies of them in one mail). HISTORY and SUMMARY are for anyone, signed on or not; they are told from the phase
records (``history.py``). Each handler says what it did, or refuses with a ``GameError``.
"""

from __future__ import annotations

from datetime import date

from judge.store import Game, GameStatus, PressKind

from .. import commands as c
from ..mailing.history import line_of_play, past_reports, summary_values
from ..mailing.notify import game_status
from ..mailing.press import Sent, Writer, listed, send_press
from ..mailing.reports import render
from ..play.games import GameError, game_settings, read_phase
from .actions import find_game
from .context import Context
from .handlers_types import Handler


def press(ctx: Context, command: c.Press) -> None:
    game = _signed_on_game(ctx)
    sent = send_press(ctx.db, ctx.config, game, _writer(ctx), command.recipients,
                      command.body_lines, ctx.now, grey=command.grey, fake_as=command.fake_as,
                      pressed=_pressed(ctx, game, False), earlier=_earlier(ctx, game, False))
    _noted(ctx, game, False, sent)
    _tell(ctx, "Press", sent)


def broadcast(ctx: Context, command: c.Broadcast) -> None:
    game = _signed_on_game(ctx)
    sent = send_press(ctx.db, ctx.config, game, _writer(ctx), None, command.body_lines, ctx.now,
                      grey=command.grey, pressed=_pressed(ctx, game, True),
                      earlier=_earlier(ctx, game, True))
    _noted(ctx, game, True, sent)
    _tell(ctx, "Broadcast", sent)


def history(ctx: Context, command: c.History) -> None:
    game = find_game(ctx, command.game)
    if game.status is GameStatus.FORMING:
        raise GameError(f"{game.name} has not started: it has no history yet")
    line = line_of_play(ctx.db, game)
    if not line:
        raise GameError(f"no phase of {game.name} has been processed yet")
    since: str | date | None = command.from_date
    if command.from_phase is not None:
        since = read_phase(game, command.from_phase)
    # Each reader sees what the rules let them see: a power's view only to its signed-on player
    # (a mail's From line proves nothing), everyone else the observers' view.
    signed_on = ctx.game is not None and ctx.game.id == game.id
    reader = ctx.power if signed_on else None
    try:
        told = past_reports(game, line, since, command.to_date, reader, ctx.room.left - _HISTORY_WORDS)
    except LookupError:
        played = ", ".join(record.phase for record in line)
        raise GameError(f"{game.name} has no processed phase {since} (processed: "
                        f"{played})") from None
    span = _span(since, command.to_date)
    zone = game_settings(game).zone
    if not told.reports:
        raise GameError(f"no phase of {game.name} was processed{span} (dates in {zone})")
    count = len(told.reports)
    ctx.say(f"History of {game.name}{span}: {count} phase{'' if count == 1 else 's'} "
            f"(times in {zone}).")
    for report in told.reports:
        ctx.say(f"\n{report.heading}\n\n{report.report}")
    if told.resume_from is not None:
        until = "" if command.to_date is None else f" TO {command.to_date.isoformat()}"
        ctx.say(f"\n{told.left_out} more phase{'' if told.left_out == 1 else 's'} in this range "
                f"{'was' if told.left_out == 1 else 'were'} left out (one reply holds at most "
                f"{told.limit}, and what fits in its length): send HISTORY {game.name} FROM "
                f"{told.resume_from}{until} for the rest.")


_HISTORY_WORDS = 512
"""Bytes HISTORY keeps, of the reply's room, for what it says around the reports."""


def summary(ctx: Context, command: c.Summary) -> None:
    game = find_game(ctx, command.game)
    values = summary_values(ctx.db, game, line_of_play(ctx.db, game), game_status(game))
    ctx.say(render("summary.txt", **values).rstrip("\n"))


# --- helpers ------------------------------------------------------------------------------------


def _signed_on_game(ctx: Context) -> Game:
    if ctx.game is None or ctx.membership is None:
        raise GameError("sign on to a game first (SIGNON)")
    return ctx.game


def _pressed(ctx: Context, game: Game, broadcast: bool) -> frozenset[str]:
    """The addresses this mail has sent a press (or a broadcast) of the game to already."""
    return frozenset(address for game_id, kind, address in ctx.pressed
                     if game_id == game.id and kind == broadcast)


def _earlier(ctx: Context, game: Game, broadcast: bool) -> dict[str, int]:
    """The press mail of this kind this mail sent each address in the game already."""
    return {address: mail for game_id, kind, address, mail in ctx.press_mails
            if game_id == game.id and kind == broadcast}


def _noted(ctx: Context, game: Game, broadcast: bool, sent: Sent) -> None:
    """Note who received the press, and its mail to each (``carry_out`` forgets both if the
    command is refused)."""
    assert game.id is not None
    ctx.pressed = ctx.pressed | {(game.id, broadcast, address) for address in sent.addresses}
    ctx.press_mails = ctx.press_mails | {(game.id, broadcast, address, mail)
                                         for address, mail in sent.mails.items()}


def _writer(ctx: Context) -> Writer:
    """The sender as press sees them: the role and power they signed on with (a master who
    BECOMEs a power still writes as the master)."""
    assert ctx.membership is not None
    address = ctx.player.address if ctx.player is not None else ctx.reply_to
    return Writer(ctx.membership.role, ctx.membership.power, address.lower())


def _tell(ctx: Context, what: str, sent: Sent) -> None:
    """Say who received a press, how they read it signed, and who did not get it."""
    how = {PressKind.GREY: " (grey press)", PressKind.FAKE: " (fake press)"}.get(sent.kind, "")
    ctx.say(f"{what} sent to {listed(sent.delivered)}: they read it as from {sent.signed}{how}.")
    if sent.missed:
        ctx.say(f"Not sent to {listed(sent.missed)}.")
    if sent.master_copy:
        ctx.say("The master receives a copy that shows who wrote it.")


def _span(first: date | str | None, last: date | None) -> str:
    since = first.isoformat() if isinstance(first, date) else first
    if since is not None and last is not None:
        return f" from {since} to {last.isoformat()}"
    if since is not None:
        return f" from {since}"
    if last is not None:
        return f" up to {last.isoformat()}"
    return ""


TALK_HANDLERS: dict[type, Handler] = {
    c.Press: press,
    c.Broadcast: broadcast,
    c.History: history,
    c.Summary: summary,
}
