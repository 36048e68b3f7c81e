"""Steps the command handlers share: finding a game, registering the sender, starting a game and
processing a phase with its reports. Each works in the mail's transaction (``Context.db``)."""

from __future__ import annotations

from judge.store import Game, GameStatus, Player, Role, game_by_name

from .games import (
    GameError,
    game_settings,
    is_ready,
    kind_of,
    members,
    process_while_ready,
    secret_published,
    start_game,
)
from .mailroom import Context
from .notify import phase_name, report_processed, send_notice, when


def find_game(ctx: Context, name: str) -> Game:
    game = game_by_name(ctx.db, name)
    if game is None:
        raise GameError(f"there is no game called {name}")
    return game


def sender_as_player(ctx: Context) -> Player:
    """The sender as a player, registered at the sender's address on first use."""
    if ctx.player is None:
        ctx.player = Player(address=ctx.reply_to.lower(), created_at=ctx.now)
        ctx.db.add(ctx.player)
        ctx.db.flush()
    return ctx.player


def is_master(ctx: Context) -> bool:
    return ctx.membership is not None and ctx.membership.role is Role.MASTER


def start_and_announce(ctx: Context, game: Game) -> None:
    start_game(ctx.db, game, ctx.now)
    ctx.db.flush()
    anonymous = game_settings(game).anonymous
    lines = []
    for membership in members(ctx.db, game):
        if membership.power:
            player = ctx.db.get(Player, membership.player_id)
            assert player is not None
            lines.append(f"{membership.power}: {'(anonymous)' if anonymous else player.address}")
    ctx.say(f"{game.name} has started: {phase_name(game)}, deadline {when(game, game.deadline)}.")
    paragraphs = [
        f"{game.name} has started. The first phase is {phase_name(game)}; "
        f"the deadline is {when(game, game.deadline)}.",
        "The powers:\n" + "\n".join(lines),
        secret_published(game),
    ]
    send_notice(ctx.db, ctx.config, game, paragraphs, ctx.now)
    for membership in members(ctx.db, game):
        if membership.power and anonymous:  # each player learns only their own power
            player = ctx.db.get(Player, membership.player_id)
            assert player is not None
            send_notice(ctx.db, ctx.config, game, [f"You play {membership.power}."], ctx.now,
                        to=[player.address])
    process_if_ready(ctx, game)


def process_if_ready(ctx: Context, game: Game) -> None:
    """Process the current phase now if it is ready (``games.is_ready``): all orders in, or
    nothing to order; and each phase after it that is ready as it begins."""
    if is_ready(ctx.db, game):
        acting = kind_of(game).pending(game.state).powers
        process_and_report(ctx, game, "all orders in" if acting else "nothing to order")


def process_and_report(ctx: Context, game: Game, reason: str) -> None:
    if game.status is not GameStatus.ACTIVE:
        raise GameError(f"{game.name} is not running")
    done = process_while_ready(ctx.db, game, ctx.now, reason)
    ctx.db.flush()
    report_processed(ctx.db, ctx.config, game, done, ctx.now)
    for processed in done:
        ctx.say(f"{phase_name(game, processed.record.phase)} of {game.name} has been processed "
                f"({processed.record.reason}).")
