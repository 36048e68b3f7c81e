"""Steps the command handlers share: finding a game, registering the sender, starting a game and
processing a phase with its reports. Each works in the mail's transaction (``Context.db``)."""

from __future__ import annotations

import secrets

from judge.games.kind import Lettered
from judge.store import Game, GameStatus, Player, Role, game_by_name

from ..mailing.notify import (
    game_picture,
    phase_name,
    readers,
    recipients,
    report_processed,
    send_notice,
    when,
)
from ..mailing.reports import opening, position
from ..play.games import (
    GameError,
    game_settings,
    is_ready,
    kind_of,
    members,
    process_while_ready,
    secret_published,
    start_game,
)
from ..web.showing import holdings_lines
from .context import Context


def find_game(ctx: Context, name: str) -> Game:
    game = game_by_name(ctx.db, name)
    if game is None:
        raise GameError(f"there is no game called {name}")
    return game


def sender_as_player(ctx: Context) -> Player:
    """The sender as a player, registered at the sender's address on first use: not confirmed
    (its From may be forged), with the code that confirms it (CONFIRM), which the reply gives."""
    if ctx.player is None:
        ctx.player = Player(address=ctx.reply_to.lower(), created_at=ctx.now,
                            confirm_code=confirmation_code())
        ctx.db.add(ctx.player)
        ctx.db.flush()
    return ctx.player


_CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no letters or digits that look alike


def confirmation_code() -> str:
    """A fresh code for CONFIRM: 8 letters and digits, about 40 bits, guessed by nobody in the
    few tries allowed (``handlers_address.MAX_WRONG_CODES``)."""
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(8))


def is_master(ctx: Context) -> bool:
    return ctx.membership is not None and ctx.membership.role is Role.MASTER


def start_and_announce(ctx: Context, game: Game) -> None:
    """Start the game and tell everyone: the first phase and its deadline, who plays which power
    (no addresses in an anonymous game), the starting position as each reader may see it, and
    the commitment to the game's secret. Each player's notice begins with his power and how to
    sign on as it."""
    start_game(ctx.db, game, ctx.now)
    ctx.db.flush()
    kind = kind_of(game)
    anonymous = game_settings(game).anonymous
    lines = []
    for membership in members(ctx.db, game):
        if membership.power:
            player = ctx.db.get(Player, membership.player_id)
            assert player is not None
            lines.append(f"{membership.power}: {'(anonymous)' if anonymous else player.address}")
    ctx.say(f"{game.name} has started: {phase_name(game)}, deadline {when(game, game.deadline)}.")

    def paragraphs(reader: str | None) -> list[str]:
        seen = kind.view(game.state, reader)
        board = [{"power": power, **kind.holdings(seen, power)} for power in kind.powers()]
        shown = position(kind, seen, reader)
        told = opening(kind, game.secret, reader)
        return [
            f"{game.name} has started. The first phase is {phase_name(game)}; "
            f"the deadline is {when(game, game.deadline)}.",
            "The powers:\n" + "\n".join(lines),
            *([told] if told else []),
            "\n".join(["The starting position:",
                       *(shown.splitlines() if shown is not None else
                         holdings_lines(board, list(kind.holdings(seen, kind.powers()[0])))),
                       *([kind.wording.score_note] if kind.wording.score_note else [])]),
            secret_published(game),
        ]

    reading = readers(ctx.db, game)

    def reads_maps(address: str) -> bool:
        return address not in reading or reading[address].maps

    def picture(reader: str | None) -> int | None:  # the start as this reader may see it
        return game_picture(ctx.db, game, game.phase or "start", reader, None,
                            kind.view(game.state, reader))

    players: set[str] = set()
    for membership in members(ctx.db, game):
        if membership.power:  # each player learns his power, and how to sign on as it
            player = ctx.db.get(Player, membership.player_id)
            assert player is not None
            players.add(player.address)
            by_name = f"{membership.power.replace(' ', '')}@{game.name} <password>"
            signon = (f"SIGNON {kind.letter(membership.power)}{game.name} <password> (or SIGNON "
                      f"{by_name})" if isinstance(kind, Lettered) else f"SIGNON {by_name}")
            you = (f"You play {membership.power}: sign on with {signon}, with the password you "
                   "joined with.")
            due = kind.waiting(game.state, membership.power, [])
            to_order = (f"For {phase_name(game)}, you are to order: {', '.join(due)} (HELP ORDERS "
                        "shows how)." if due else f"You have nothing to order in {phase_name(game)}.")
            send_notice(ctx.db, ctx.config, game, [you, to_order, *paragraphs(membership.power)],
                        ctx.now, to=[player.address],
                        picture=picture(membership.power) if reads_maps(player.address) else None)
    others = [address for address in recipients(ctx.db, game) if address not in players]
    for maps in (True, False):  # the observers' view: with the map, or text alone (SET MAP OFF)
        to = [address for address in others if reads_maps(address) is maps]
        if to:
            send_notice(ctx.db, ctx.config, game, paragraphs(None), ctx.now, to=to,
                        picture=picture(None) if maps else None)
    process_if_ready(ctx, game)


def process_if_ready(ctx: Context, game: Game) -> None:
    """Process the current phase now if it is ready (``games.is_ready``): all orders in, or
    nothing to order; and each phase after it that is ready as it begins."""
    if is_ready(ctx.db, game):
        acting = kind_of(game).pending(game.state).powers
        process_and_report(ctx, game, "all orders in" if acting else "nothing to order")


def process_and_report(ctx: Context, game: Game, reason: str) -> None:
    """Process the phase now, and each after it ready as it begins; their reports go out once
    the whole mail has been carried out (``report_mail``)."""
    if game.status is not GameStatus.ACTIVE:
        raise GameError(f"{game.name} is not running")
    done = process_while_ready(ctx.db, game, ctx.now, reason)
    ctx.db.flush()
    assert game.id is not None
    ctx.ran.setdefault(game.id, (game, []))[1].extend(done)
    for processed in done:
        ctx.say(f"{phase_name(game, processed.record.phase)} of {game.name} has been processed "
                f"({processed.record.reason}).")


def report_mail(ctx: Context) -> None:
    """The reports of every phase one mail let run, in one go for each game: each reader gets at
    most one results mail for the mail, however many phases it ran (``notify.report_processed``);
    the sender's, if he gets one, is noted for the answer to carry (``ctx.results``)."""
    for game, done in ctx.ran.values():
        if done:
            mailed = report_processed(ctx.db, ctx.config, game, done, ctx.now)
            if ctx.reply_to in mailed and ctx.results is None:
                ctx.results = mailed[ctx.reply_to]
    ctx.ran.clear()
