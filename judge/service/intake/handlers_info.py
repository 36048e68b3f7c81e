"""The commands that tell rather than change: HELP, LIST, BOARD and VERSION, for anyone, signed
on or not (see ``handlers.py`` for the registry).

HELP is written from the command registry (``COMMANDS``: usage, who may use it, what it does,
an example) and from each game kind's order help (``<templates>/orders.txt``): plain HELP
gives the orders of the game the sender is signed on to or plays, or of the game or variant
named. LIST of a game gives its settings, phase and deadline and whose orders are in, with the
players' addresses only where the game is not anonymous. BOARD gives the position, as the game
kind lets the sender see it.
"""

from __future__ import annotations

import difflib
import textwrap
from dataclasses import replace
from typing import Any

from sqlmodel import col, select

from judge import __version__
from judge.games.kind import GameKind
from judge.games.registry import UnknownGameKind, entries, game_kind, player_names
from judge.store import (
    Game,
    GameStatus,
    Membership,
    MembershipStatus,
    Picture,
    Role,
    game_by_name,
    player_at,
)

from .. import commands as c
from ..mailing.attached import map_size
from ..mailing.notify import game_picture, game_status, phase_name, readers, when
from ..mailing.reports import position, render
from ..play.games import GameError, game_settings, kind_of, members, played_powers
from ..web.showing import game_shown, holdings_lines
from .actions import find_game, is_master
from .context import Context
from .handlers_settings import settings_lines
from .handlers_types import Handler

WIDTH = 96
"""The width HELP wraps its paragraphs to."""

DEFAULT_VARIANT = "standard"
"""Whose orders plain HELP explains to a sender in no game."""

_ALIASES = {
    "SET NO WAIT": "SET NOWAIT", "SET NO DRAW": "SET NODRAW",
    "SET ZONE": "SET TIMEZONE", "SET TZ": "SET TIMEZONE", "SET REMIND": "SET REMINDER",
    "ENDPRESS": "PRESS", "ENDBROADCAST": "BROADCAST",
}
"""Other names of commands; ``SET <timing class>`` (``SET MOVES``, ``SET ACTIONS``: any game kind's
word for a class of its phases) names SET TIMING too (``commands.timing_words``)."""
_WHO = {
    c.Who.ANYONE: "anyone",
    c.Who.PLAYER: "a player, observer or master signed on to the game (SIGNON)",
    c.Who.MASTER: "the game's master (SIGNON M<game> <password>)",
}
_SECTIONS = {
    c.Who.ANYONE: "For anyone:",
    c.Who.PLAYER: "After SIGNON to a game:",
    c.Who.MASTER: "For a game's master (SIGNON M<game> <password>):",
}


# --- HELP -----------------------------------------------------------------------------------------


def help_text(ctx: Context, command: c.Help) -> None:
    topic = (command.topic or "").upper()
    if not topic:
        _commands_and_orders(ctx, _sender_kind(ctx))
    elif topic == "SET":
        ctx.say("The settings (HELP SET <setting> explains one):")
        for name, info in c.COMMANDS.items():
            if name.startswith("SET "):
                ctx.say(_entry(_worded(info, _sender_kind(ctx))))
    elif (command_name := _command_named(topic)) is not None:
        _one_command(ctx, command_name)
    elif topic == "ORDERS" or topic.startswith("ORDERS "):
        named = topic.removeprefix("ORDERS").strip()
        ctx.say(_orders_help(_kind_named(ctx, named) if named else _sender_kind(ctx)))
    else:
        _commands_and_orders(ctx, _kind_named(ctx, topic))


def _command_named(topic: str) -> str | None:
    """The registry's name for a topic (``SET DEADLINE``, ``set movement``), or None."""
    words = topic.split()
    for length in range(len(words), 0, -1):
        name = " ".join(words[:length])
        if name in c.COMMANDS:
            return name
        if name in _ALIASES:
            return _ALIASES[name]
        if name.startswith("SET ") and name.removeprefix("SET ").lower() in c.timing_words():
            return "SET TIMING"
    return None


def _timing_classes(kind: GameKind) -> str:
    """A kind's timing classes as HELP SET TIMING lists them: ``ACTIONS (or ACTION, MOVES)``."""
    return ", ".join(timing.name.upper() + (f" (or {', '.join(a.upper() for a in timing.aliases)})"
                                            if timing.aliases else "") for timing in kind.timings)


def _worded(info: c.CommandInfo, kind: GameKind) -> c.CommandInfo:
    """A command as HELP shows it to a game of ``kind``: its phases, its scores and its timing
    classes in that game's words, never another game's (a Plantagenet game's HELP does not speak
    of Diplomacy's F1901M or supply centres)."""
    words = kind.wording
    if info.command is c.Phase:
        first = words.phase_example.removeprefix("e.g. ").split(",")[0].split(" or ")[0]
        return replace(info, usage=f"PHASE <phase>  ({words.phase_example})", example=f"PHASE {first}")
    if info.command is c.Summary:
        return replace(info, help=f"{info.help} {words.title}: its {words.score} by {words.period}.")
    if info.command is c.SetTiming:
        example = f"SET {kind.timings[0].name.upper()} DEADLINE 48h AT 20:00 DAYS mon-fri GRACE 24h"
        return replace(info, help=f"{info.help} E.g. {example}.", example=example)
    return info


def _one_command(ctx: Context, name: str) -> None:
    info = _worded(c.COMMANDS[name], _sender_kind(ctx))
    example = "\n".join(f"    {line}" for line in info.example.splitlines())
    ctx.say(f"{info.usage}\n\n{textwrap.fill(info.help, WIDTH)}\n\nWho may use it: "
            f"{_WHO[info.who]}.\n\nExample:\n{example}")
    if name == "SET TIMING":
        kind = _sender_kind(ctx)
        ctx.say("\n" + textwrap.fill(f"The classes of {kind.wording.title} phases: "
                                     f"{_timing_classes(kind)}.", WIDTH))


def _entry(info: c.CommandInfo) -> str:
    """A command in a list: its usage, and what it does below it, wrapped."""
    return f"  {info.usage}\n" + textwrap.fill(info.help, WIDTH, initial_indent=" " * 6,
                                               subsequent_indent=" " * 6)


def _commands_and_orders(ctx: Context, kind: GameKind) -> None:
    ctx.say("The commands of this judge, one a line (keywords in any case). HELP <command> "
            "explains one, with an example; HELP SET lists the settings.")
    for who, heading in _SECTIONS.items():
        ctx.say(f"\n{heading}")
        for info in c.COMMANDS.values():
            if info.who is who:
                ctx.say(_entry(_worded(info, kind)))
    ctx.say("\n" + _orders_help(kind))


def order_help(kind: GameKind) -> str:
    """How to write a kind's orders: its template family's ``orders.txt``, given the kind's full
    title and name, and the kind (a family may ask it for examples on its map)."""
    return render(f"{kind.templates}/orders.txt", title=kind.wording.full_title,
                  name=kind.name, kind=kind).strip("\n")


def _orders_help(kind: GameKind) -> str:
    others = [entry.names[0] for entry in entries() if entry.name != kind.name]
    return (f"{order_help(kind)}\n\n(HELP ORDERS <game> or <variant> for another: "
            f"{', '.join(others)}.)")


def _kind_named(ctx: Context, name: str) -> GameKind:
    """The variant ``name``, or the game kind of the game called ``name``; else a refusal. (A
    game of an older database may bear a kind's name: the kind wins.)"""
    try:
        return game_kind(name.lower())
    except UnknownGameKind:
        pass
    game = game_by_name(ctx.db, name.lower())
    if game is not None:
        return kind_of(game)
    words = [*c.COMMANDS, "ORDERS", *(name.upper() for name in player_names())]
    close = difflib.get_close_matches(name.upper(), words, n=1, cutoff=0.6)
    hint = f" (did you mean HELP {close[0]}?)" if close else ""
    raise GameError(f"there is no command, game or variant called {name.lower()}{hint}: HELP "
                    "alone lists the commands")


def _sender_kind(ctx: Context) -> GameKind:
    """The game kind of the game signed on to in this mail, else of the game the sender joined
    last and still plays in, else the default variant's."""
    if ctx.game is not None:
        return kind_of(ctx.game)
    if ctx.player is not None:
        game = ctx.db.exec(
            select(Game)
            .join(Membership, col(Membership.game_id) == col(Game.id))
            .where(Membership.player_id == ctx.player.id,
                   Membership.status == MembershipStatus.ACTIVE,
                   col(Game.status).in_([GameStatus.FORMING, GameStatus.ACTIVE,
                                         GameStatus.PAUSED]))
            .order_by(col(Membership.id).desc())
        ).first()
        if game is not None:
            return kind_of(game)
    return game_kind(DEFAULT_VARIANT)


# --- LIST and BOARD -------------------------------------------------------------------------------


def list_games(ctx: Context, command: c.List) -> None:
    if command.game:
        _one_game(ctx, find_game(ctx, command.game))
        return
    games = ctx.db.exec(select(Game).order_by(Game.name)).all()
    if not games:
        ctx.say("No games on this judge yet.")
    for game in games:
        ctx.say(f"{game.name}: {game.kind}, {_status(ctx, game)}")
    if games:
        ctx.say("LIST <game> shows one game's settings and players.")


def _status(ctx: Context, game: Game) -> str:
    if game.status is GameStatus.FORMING:
        joined = sum(1 for m in members(ctx.db, game) if m.role is Role.PLAYER)
        return f"forming, {joined} of {len(played_powers(kind_of(game)))} players"
    return game_status(game)


def _one_game(ctx: Context, game: Game) -> None:
    shown = game_shown(ctx.db, game)
    hidden = game_settings(game).hidden_players and game.status in (
        GameStatus.FORMING, GameStatus.ACTIVE, GameStatus.PAUSED)
    masters = [m["address"] for m in shown["members"] if m["role"] == Role.MASTER.value]
    observers = [m["address"] for m in shown["members"] if m["role"] == Role.OBSERVER.value]
    lines = [f"{game.name}: {game.kind}, {_status(ctx, game)}.",
             f"  Master:     {', '.join(masters) or 'none'}",
             f"  Observers:  {len(observers)}"]
    if observers and ctx.game is not None and ctx.game.id == game.id and is_master(ctx):
        lines[-1] += ": " + ", ".join(_confirmed_or_not(ctx, address) for address in observers)
    if game.grace_until is not None:
        lines.append(f"  Grace:      until {when(game, game.grace_until)}")
    lines += [f"  {line}" for line in settings_lines(game)]
    if game.status is GameStatus.FORMING:
        joined = [m["address"] for m in shown["members"] if m["role"] == Role.PLAYER.value]
        lines.append(f"\nPlayers who have joined ({len(joined)} of {len(shown['powers'])}):")
        lines += [f"  {'(anonymous)' if hidden else address}" for address in joined]
    else:
        width = max(len(p["power"]) for p in shown["powers"])
        lines.append(f"\nThe powers (orders for {phase_name(game)}; player):")
        for power in shown["powers"]:
            player = power["player"] or "no player: civil disorder"
            if hidden and power["player"]:
                player = "(anonymous)"
            lines.append(f"  {power['power']:<{width}}  {power['orders'] or '-':<16}  {player}")
    ctx.say("\n".join(lines))


def _confirmed_or_not(ctx: Context, address: str) -> str:
    """An observer's address as the master's LIST shows it (EJECT OBSERVER takes it)."""
    player = player_at(ctx.db, address)
    return address if player is not None and player.confirmed else f"{address} (not confirmed)"


def board(ctx: Context, command: c.Board) -> None:
    if command.game is not None:
        game = find_game(ctx, command.game)
    elif ctx.game is not None:
        game = ctx.game
    else:
        raise GameError("name the game (BOARD <game>), or sign on to it first")
    if game.state is None or not game.phase:
        raise GameError(f"{game.name} has not started: its board is set up at the start")
    kind = kind_of(game)
    own = ctx.power if ctx.game is not None and ctx.game.id == game.id else None
    view = kind.view(game.state, own)
    powers = [{"power": power, **kind.holdings(view, power)} for power in kind.powers()]
    labels = list(kind.holdings(view, kind.powers()[0]))
    deadline = (f", deadline {when(game, game.deadline)}" if game.status is GameStatus.ACTIVE
                else f" ({game.status.value})")
    lines = [f"The board of {game.name} ({game.kind}), {phase_name(game)}{deadline}:", ""]
    shown = position(kind, view, own)
    lines += shown.splitlines() if shown is not None else holdings_lines(powers, labels)
    if ctx.picture is None and ctx.membership is not None:  # one map a reply, however many BOARDs
        reading = readers(ctx.db, game).get(ctx.reply_to)
        if reading is not None and reading.maps:  # a member who reads maps: the board drawn too
            lines += ["", *_board_map(ctx, game, own, view, len("\n".join(lines).encode()))]
    ctx.say("\n".join(lines))


def _board_map(ctx: Context, game: Game, own: str | None, view: dict[str, Any], text: int) -> list[str]:
    """The map of the board attached to the reply if the whole reply, map included, stays within
    its room (``intake.room``) with the ``text`` bytes that BOARD says; what the reply says of it."""
    picture = game_picture(ctx.db, game, game.phase or "board", own, None, view)
    if picture is None:
        return []
    kept = ctx.db.get(Picture, picture)
    assert kept is not None
    size = map_size(kept.name, kept.digest, kept.svg)
    if not ctx.room.attach(size, besides=text + len(_MAP_ATTACHED) + 2):
        limit = ctx.config.replies.longest // 1024
        if size + text + len(_MAP_ATTACHED) + 2 > ctx.room.most:  # not even with BOARD alone
            return [f"Map left out ({size // 1024} kB): it does not fit in the judge's {limit} kB "
                    "a reply; your results mails carry the map."]
        return [f"Map left out ({size // 1024} kB): with it this reply would pass the judge's "
                f"{limit} kB a reply. Send BOARD alone for it; your results mails carry the map."]
    ctx.picture = picture
    return [_MAP_ATTACHED]


_MAP_ATTACHED = "The map attached shows the board as you may see it."


def version(ctx: Context, command: c.Version) -> None:
    ctx.say(f"judge {__version__}")


INFO_HANDLERS: dict[type, Handler] = {
    c.Help: help_text,
    c.List: list_games,
    c.Board: board,
    c.Version: version,
}
