"""Addresses: CONFIRM and SET ADDRESS (see ``handlers.py`` for the registry).

A mail's From can be forged, so an address is taken as the player's only once a mail from it has
given back the code the judge mailed to it. Decisions kept here, once:

- A new player (the first JOIN, OBSERVE or CREATE from an address) is not confirmed. The reply to
  each of its mails begins with its code (``how_to_confirm``); that reply goes to the address the
  code confirms and nowhere else, so a forger never sees it. Every other mail to the address is
  held in the outbox (``queue_mail``), and released when it is confirmed (``release_held``), so
  nothing is lost and no game waits; mail still held after ``[enrol] held_for`` is dropped.
- SET ADDRESS changes nothing at once: it keeps the new address as pending and mails it a code,
  one such mail per mail at most. CONFIRM with that code, sent from the new address, switches
  the player to it (held mail then goes there) and tells the old address, if it was confirmed.
  An address gets one such code at a time: while a code mailed there is younger than ``[enrol]
  held_for``, a new SET ADDRESS to it mails nothing (and says so); and a player has at most
  ``MOST_ADDRESS_CODES`` codes mailed within ``ADDRESS_CODES_WINDOW``, whatever the addresses.
- CONFIRM also carries out a mail held for wrong passwords (``held``) when it gives that mail's
  code, from the address the mail came from.
- The code confirms one address: the pending one when there is one, the player's own otherwise.
  One CONFIRM a mail is tried. After ``MAX_WRONG_CODES`` wrong codes the code is replaced, and
  the reply (to that very address) gives the new one first: a guesser keeps guessing a fresh
  code, a few guesses a mail and the rate limit's mails a window; the owner can still confirm.
"""

from __future__ import annotations

import hmac
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlmodel import col, select

from judge.store import Player, forget, queue_mail, release_held

from .. import commands as c
from . import held
from ..mailing.reports import render
from ..play.games import GameError
from .actions import confirmation_code, sender_as_player
from .context import Context, find_player
from .handlers_types import Handler

MAX_WRONG_CODES = 5
"""Wrong codes given for an address before its code is replaced by a new one."""

MOST_ADDRESS_CODES = 3
ADDRESS_CODES_WINDOW = timedelta(days=1)
"""The most SET ADDRESS codes mailed for one player within the window, whatever the addresses
and however many mails ask: SET ADDRESS is no relay for mailing strangers."""


def how_to_confirm(ctx: Context) -> str:
    """What the reply says first when the address it goes to waits to be confirmed with the
    player's code (empty otherwise): the code goes only to the address it confirms."""
    if ctx.first:
        return ctx.first
    player = ctx.player
    if (player is None or player.confirmed or player.pending_address is not None
            or player.address != ctx.reply_to or not player.confirm_code):
        return ""
    return (f"The judge mails {player.address} nothing but replies until it is confirmed: "
            f"reply with the line CONFIRM {player.confirm_code} (not you? ignore this mail).")


def confirm(ctx: Context, command: c.Confirm) -> bool | None:
    if ctx.codes_tried:
        raise GameError("one CONFIRM a mail: this one is not tried")
    ctx.codes_tried += 1
    address = ctx.mail.reply_address.lower()
    if ctx.reply_to != address:  # signed on as another address's player: its reply goes there
        raise GameError("send CONFIRM in a mail of its own (its answer must go to the address "
                        "it confirms)")
    found = ctx.checked.held
    if found is not None and hmac.compare_digest(found.code, command.code) and held.release(ctx.db, found):
        ctx.proven = True  # whoever gave the code reads this address's mail
        ctx.say(f"Your mail of {found.held_at:%H:%M} UTC on {found.held_at:%a %d %b}, held for this "
                "code, is carried out below, its passwords checked now.")
        return None
    waiting = _waiting_for(ctx, address)
    if not waiting:
        if ctx.player is not None and ctx.player.confirmed and ctx.player.address == address:
            ctx.say(f"{address} is confirmed already.")
            return None
        raise GameError(f"no code is waiting to confirm {address}")
    for player in waiting:
        if player.confirm_code and hmac.compare_digest(player.confirm_code, command.code):
            _confirmed(ctx, player, address)
            return None
    renewed = []
    for player in waiting:  # written, not rolled back: the count of wrong codes must hold
        player.wrong_codes += 1
        if player.wrong_codes >= MAX_WRONG_CODES:
            player.confirm_code, player.wrong_codes = confirmation_code(), 0
            renewed.append(player.confirm_code)
        ctx.db.add(player)
    if renewed:
        ctx.first = (f"After {MAX_WRONG_CODES} wrong codes, the code that confirms {address} is a "
                     f"new one: reply with the line CONFIRM {renewed[0]}.")
        ctx.say(f"Refused: that is not the code, and {MAX_WRONG_CODES} wrong codes were given: "
                "the code is a new one (see the top of this mail).")
    else:
        ctx.say("Refused: that is not the code the judge mailed to this address.")
    return False


def _waiting_for(ctx: Context, address: str) -> list[Player]:
    """The players whose code confirms ``address``: one that asked to move there (SET ADDRESS),
    or the one registered there, not yet confirmed."""
    statement = select(Player).where(sa.or_(
        col(Player.pending_address) == address,
        sa.and_(col(Player.address) == address, col(Player.confirmed).is_(False),
                col(Player.pending_address).is_(None)),
    )).order_by(col(Player.id))
    return list(ctx.db.exec(statement).all())


def _confirmed(ctx: Context, player: Player, address: str) -> None:
    old = player.address
    told_old = player.confirmed and old != address
    if player.pending_address == address:
        other = find_player(ctx.db, address)
        if other is not None and other.id != player.id:
            raise GameError(f"{address} is another player's address now")
        player.address, player.pending_address, player.pending_since = address, None, None
    player.confirmed, player.confirm_code, player.wrong_codes = True, None, 0
    ctx.db.add(player)
    ctx.db.flush()
    forget(ctx.db)  # the players kept by address (``player_at``) are the old ones
    released = release_held(ctx.db, old, ctx.now, to=address)
    ctx.player, ctx.reply_to = player, address
    held = f"; the {released} mails held for you are on their way" if released else ""
    if old != address:
        ctx.say(f"Confirmed: the judge writes to you at {address} from now on, no longer at "
                f"{old}{held}.")
    else:
        ctx.say(f"Confirmed: the judge writes to {address} from now on{held}.")
    if told_old:
        queue_mail(ctx.db, old, "Your address at the judge", _address_mail(ctx, old=old, new=address),
                   domain=ctx.config.domain, now=ctx.now)


def set_address(ctx: Context, command: c.SetAddress) -> None:
    player = sender_as_player(ctx)
    address = command.address.lower()
    if address == player.address:
        ctx.say(f"The judge writes to you at {address} already.")
        return
    other = find_player(ctx.db, address)
    if other is not None:
        raise GameError(f"{address} is another player's address")
    if ctx.codes_mailed:
        raise GameError("one SET ADDRESS a mail: the judge mails one address a code at a time")
    held_for = ctx.config.enrol.held_for
    asked = _asked_lately(ctx, address)
    if asked is not None:
        assert asked.pending_since is not None
        again = f"a new one may be asked for after {asked.pending_since + held_for:%d %b %H:%M} UTC"
        if asked.id == player.id:
            ctx.say(f"A code went to {address} already, on {asked.pending_since:%d %b %H:%M} UTC: "
                    f"send CONFIRM with it from there. No new code is mailed ({again}). Until then "
                    f"the judge writes to you at {player.address}.")
            return
        raise GameError(f"a code went to {address} lately, and the judge mails an address one code "
                        f"at a time: {again}")
    lately = [at for at in player.address_codes
              if datetime.fromisoformat(at) > ctx.now - ADDRESS_CODES_WINDOW]
    if len(lately) >= MOST_ADDRESS_CODES:
        until = datetime.fromisoformat(lately[0]) + ADDRESS_CODES_WINDOW
        hours = ADDRESS_CODES_WINDOW.total_seconds() / 3600
        raise GameError(f"the judge has mailed {len(lately)} codes for your SET ADDRESS within "
                        f"{hours:.0f} hours, as many as it mails for one player: ask again after "
                        f"{until:%d %b %H:%M} UTC")
    player.pending_address, player.confirm_code, player.wrong_codes = address, confirmation_code(), 0
    player.pending_since = ctx.now
    player.address_codes = [*lately, ctx.now.isoformat()]
    ctx.db.add(player)
    ctx.codes_mailed += 1
    queue_mail(ctx.db, address, "Confirm your address at the judge",
               _address_mail(ctx, old=player.address, new=address, code=player.confirm_code),
               domain=ctx.config.domain, now=ctx.now)
    ctx.say(f"A code has gone to {address}: send CONFIRM with it from there. Until then the "
            f"judge writes to you at {player.address}.")


def _asked_lately(ctx: Context, address: str) -> Player | None:
    """The player whose code for ``address`` (SET ADDRESS) is still waiting there, mailed less
    than ``[enrol] held_for`` ago: while it waits, no other code is mailed to that address."""
    since = ctx.now - ctx.config.enrol.held_for
    return ctx.db.exec(select(Player).where(
        col(Player.pending_address) == address, col(Player.pending_since) > since,
    ).order_by(col(Player.id))).first()


def _address_mail(ctx: Context, *, old: str, new: str, code: str | None = None) -> str:
    return render("address.txt", old=old, new=new, code=code, judge_name=ctx.config.name,
                  judge_address=ctx.config.address)


ADDRESS_HANDLERS: dict[type, Handler] = {
    c.Confirm: confirm,
    c.SetAddress: set_address,
}
