"""How the web archive shows a player: SET NAME and SET ADDRESS PUBLIC or PRIVATE (see
``handlers.py`` for the registry).

The archive is read by anyone, crawlers too: it names a player by the name he chose (SET NAME) or
by no name, and shows his address only once he has said it may (SET ADDRESS PUBLIC). Both belong
to the player (his address), not to one game, and need a SIGNON with a game's password: a mail's
From proves nothing, so no forger can publish another's address. Mail to players is not changed by
either (LIST and SUMMARY name players as the judges always have, where a game is not anonymous).
"""

from __future__ import annotations

from judge.store import Player

from .. import commands as c
from .context import Context
from .handlers_types import Handler


def _signed_on(ctx: Context) -> Player:
    assert ctx.membership is not None  # carry_out lets only the signed on through
    player = ctx.db.get(Player, ctx.membership.player_id)
    assert player is not None
    return player


def set_name(ctx: Context, command: c.SetName) -> None:
    player = _signed_on(ctx)
    player.name = command.name
    ctx.db.add(player)
    if command.name is None:
        ctx.say("The web archive gives you no name now.")
    else:
        ctx.say(f"The web archive names you {command.name}.")


def set_address_shown(ctx: Context, command: c.SetAddressShown) -> None:
    player = _signed_on(ctx)
    player.address_public = command.public
    ctx.db.add(player)
    if command.public:
        ctx.say(f"The web archive shows your address ({player.address}) beside your name "
                "(SET ADDRESS PRIVATE hides it).")
    else:
        ctx.say("The web archive does not show your address (SET ADDRESS PUBLIC would).")


SHOWN_HANDLERS: dict[type, Handler] = {
    c.SetName: set_name,
    c.SetAddressShown: set_address_shown,
}
