"""Steps the command handlers share: finding a game, registering the sender, starting a game and
processing a phase with its reports. Each works in the mail's transaction (``Context.db``)."""

from __future__ import annotations

from judge.store import Game, GameStatus, Player, Role, game_by_name

from .games import (
    GameError,
    is_ready,
    kind_of,
    members,
    process_phase,
    secret_published,
    start_game,
)
from .mailroom import Context
from .notify import phase_name, recipients, report_processed, send_notice, when
from .reports import render
from .settings import with_defaults


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


def game_status(game: Game) -> str:
    if game.status is GameStatus.ACTIVE:
        return f"in {phase_name(game.phase)}, deadline {when(game, game.deadline)}"
    return game.status.value


def start_and_announce(ctx: Context, game: Game) -> None:
    start_game(ctx.db, game, ctx.now)
    ctx.db.flush()
    anonymous = bool(with_defaults(game.settings)["anonymous"])
    lines = []
    for membership in members(ctx.db, game):
        if membership.power:
            player = ctx.db.get(Player, membership.player_id)
            assert player is not None
            lines.append(f"{membership.power}: {'(anonymous)' if anonymous else player.address}")
    ctx.say(f"{game.name} has started: {phase_name(game.phase)}, deadline {when(game, game.deadline)}.")
    board = kind_of(game).board(game.state)
    paragraphs = [
        f"{game.name} has started. The first phase is {phase_name(game.phase)}; "
        f"the deadline is {when(game, game.deadline)}.",
        "The powers:\n" + "\n".join(lines),
        render("diplomacy/board.txt", title="The starting position:", board=board).rstrip(),
        secret_published(game),
    ]
    letters = {entry["power"]: entry["letter"] for entry in board["powers"]}
    players: set[str] = set()
    for membership in members(ctx.db, game):
        if membership.power:  # each player learns his power, and how to sign on as it
            player = ctx.db.get(Player, membership.player_id)
            assert player is not None
            players.add(player.address)
            you = (f"You play {membership.power}: sign on with SIGNON {letters[membership.power]}"
                   f"{game.name} <password> (or SIGNON {membership.power.replace(' ', '')}@"
                   f"{game.name} <password>), with the password you joined with.")
            send_notice(ctx.db, ctx.config, game, [you, *paragraphs], ctx.now, to=[player.address])
    others = [address for address in recipients(ctx.db, game) if address not in players]
    send_notice(ctx.db, ctx.config, game, paragraphs, ctx.now, to=others)


def process_if_ready(ctx: Context, game: Game) -> None:
    if is_ready(ctx.db, game):
        process_and_report(ctx, game, "all orders in")


def process_and_report(ctx: Context, game: Game, reason: str) -> None:
    if game.status is not GameStatus.ACTIVE:
        raise GameError(f"{game.name} is not running")
    processed = process_phase(ctx.db, game, ctx.now, reason)
    ctx.db.flush()
    report_processed(ctx.db, ctx.config, game, processed, ctx.now)
    ctx.say(f"{phase_name(processed.record.phase)} of {game.name} has been processed ({reason}).")
