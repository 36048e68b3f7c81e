"""What each command does: one handler per command, declared in ``HANDLERS``, the one place
where the judge's commands meet the service (the command language itself is ``commands.py``).

A handler changes the database through the game functions and says what it did (``ctx.say``);
it never commits (the mail's one transaction does) and never raises for a player's mistake: a
``GameError`` becomes a sentence in the reply, and the other lines of the mail still run.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from judge.games import registry
from judge.games.kind import Cautioning
from judge.games.registry import UnknownGameKind, game_kind
from judge.store import (
    GameStatus,
    Membership,
    MembershipStatus,
    Player,
    Role,
    hash_password,
    queued_to,
)

from .. import commands as c
from . import held, signons
from ..mailing.notify import game_status, orders_status, phase_name, send_notice
from ..play.games import (
    GameError,
    create_game,
    is_full,
    join_game,
    keep_for_later,
    kind_of,
    may_keep_for,
    members,
    observers,
    played_powers,
    read_phase,
    secret_revealed,
    submit_orders,
    was_ejected,
)
from ..play.enrolment import confirmed_observers, games_mastered
from ..play.lifecycle import vote_draw, withdraw_draw
from ..play.mastering import BY_THE_MASTER, may_process
from ..play.settings import bookkeeping_of
from .actions import (
    find_game,
    is_master,
    process_and_report,
    process_if_ready,
    sender_as_player,
    start_and_announce,
)
from .context import Context, find_player
from .handlers_address import ADDRESS_HANDLERS
from .handlers_info import INFO_HANDLERS
from .handlers_mail import MAIL_HANDLERS
from .handlers_master import MASTER_HANDLERS, note_acted_for, take_over
from .handlers_shown import SHOWN_HANDLERS
from .handlers_talk import TALK_HANDLERS
from .handlers_types import Handler
from .unread import MAX_ERRORS, quote_line


def carry_out(ctx: Context, item: c.Item) -> bool:
    """Carry out one item of a mail and say what it did; False if it was refused or could not
    be read (nothing of it was then done)."""
    handler = HANDLERS[type(item)]  # every item has one: tests/service/test_every_command.py
    info = _INFO.get(type(item))
    if info is not None and info.who is not c.Who.ANYONE and ctx.membership is None:
        ctx.say(f"{_name(item)}: sign on to a game first (SIGNON).")
        return False
    if info is not None and info.who is c.Who.MASTER and not is_master(ctx):
        ctx.say(f"{_name(item)}: only the game's master may do that.")
        return False
    if type(item) in _LONG_ANSWERS and not _confirmed(ctx):
        ctx.say(f"{_name(item)}: not sent: the judge sends {ctx.reply_to} short answers only until "
                "the address is confirmed (CONFIRM with the code the judge mailed there).")
        return False
    if type(item) in MAKES_A_PASSWORD:
        if ctx.passwords >= MOST_PASSWORDS:
            ctx.say(f"{_name(item)}: refused: one mail may set at most {MOST_PASSWORDS} passwords "
                    "(each costs the judge a deliberately slow hash); send it in another mail.")
            return False
        ctx.passwords += 1  # counted when tried: the hash is made whether or not it succeeds
    saved = (ctx.player, ctx.game, ctx.membership, ctx.power, ctx.reply_to, ctx.pressed,
             ctx.press_mails, ctx.acted_for, ctx.processed)
    # A command applies fully or not at all: a savepoint, but for those that write nothing.
    savepoint = None if type(item) in _WRITES_NOTHING else ctx.db.begin_nested()
    queued = queued_to(ctx.db)
    first_mail, first_said = len(queued), len(ctx.entries[-1].said)
    ran = {game_id: len(done) for game_id, (_, done) in ctx.ran.items()}
    try:
        done = handler(ctx, item)
        _within_limits(ctx, queued[first_mail:], first_said)
    except GameError as refusal:
        if savepoint is not None:
            savepoint.rollback()
        del queued[first_mail:]  # rolled back: never sent
        for game_id, (_, ran_here) in ctx.ran.items():  # nor reported
            del ran_here[ran.get(game_id, 0):]
        (ctx.player, ctx.game, ctx.membership, ctx.power, ctx.reply_to, ctx.pressed,
         ctx.press_mails, ctx.acted_for, ctx.processed) = saved
        ctx.say(f"Refused: {refusal}.")
        return False
    if savepoint is not None:
        savepoint.commit()
    return done is not False and not isinstance(item, c.CommandError)


def _confirmed(ctx: Context) -> bool:
    """Whether the address the reply goes to is confirmed, or no player's (an address with no
    player gets the answers any stranger gets: HELP, LIST, ...)."""
    player = ctx.player if ctx.player is not None and ctx.player.address == ctx.reply_to else None
    player = player or find_player(ctx.db, ctx.reply_to)
    return player is None or player.confirmed


def _within_limits(ctx: Context, sent: list[str], first_said: int) -> None:
    """Refuse a command that would make the mail cause more mails than one mail may
    (``[replies] mails`` in all, ``mails_to_one`` to any one address), so that no mail is an
    amplifier (a RESIGN and JOIN, or the master's SET DEADLINE, written a thousand times)."""
    if not sent:
        return
    limits = ctx.config.replies
    caused = ctx.caused + Counter(sent)
    if caused.total() > limits.mails or max(caused.values()) > limits.mails_to_one:
        del ctx.entries[-1].said[first_said:]  # what it said it did is undone
        raise GameError(
            f"it would send more mail than one mail may cause (at most {limits.mails_to_one} "
            f"mails to anyone, {limits.mails} in all): nothing of it was done; send it again in "
            "another mail")
    ctx.caused = caused


def _name(item: c.Item) -> str:
    for name, info in c.COMMANDS.items():
        if info.command is type(item):
            return name
    return type(item).__name__.upper()


# --- anyone ---------------------------------------------------------------------------------


def signon(ctx: Context, command: c.Signon) -> bool:
    """Sign on with the verdict found before the mail's transaction (``signons``): the password is
    hashed here only if the power's password changed in between. One SIGNON per game in a mail."""
    key = signons.game_key(command)
    if key in ctx.tried:
        raise GameError(f"one SIGNON per game in a mail: this one for {command.game} is not checked")
    if len(ctx.tried) >= signons.MOST_SIGNONS:
        raise GameError(f"one mail signs on to {signons.MOST_SIGNONS} games at most (each password "
                        "check costs the judge a deliberately slow hash): send it in another mail")
    ctx.tried.add(key)
    game = find_game(ctx, command.game)
    name = signons.target_name(game, command)
    if name is None:
        raise GameError(f"{game.name} has no power {command.power!r}")
    address = ctx.mail.reply_address.lower()
    target = signons.look(ctx.db, ctx.config, game, name, address, ctx.now, limits=False, proven=ctx.proven)
    remembered = ctx.checked.remembered(command, target)  # a failure is noted already
    if remembered is None:  # not checked before the transaction, or the password changed since
        target = signons.look(ctx.db, ctx.config, game, name, address, ctx.now, proven=ctx.proven)
    found = remembered or signons.check(target, command.password)
    if found.verdict is signons.Verdict.LOCKED:
        until = found.target.locked_until
        assert until is not None
        if not ctx.proven:
            return _hold(ctx, game.name, name, until)
        ctx.say(f"Refused: too many wrong passwords from {address} lately; SIGNON from it is refused "
                f"until {until:%H:%M} UTC. Nothing after this line is done for {game.name}.")
        return False
    if found.verdict is signons.Verdict.NOBODY:
        ctx.say(f"Refused: {game.name} has several {name}s, and SIGNON as {name} is checked against "
                f"the one at the address the mail comes from: none is at {address}. Nothing after "
                f"this line is done for {game.name}.")
        return False
    if found.verdict is signons.Verdict.WRONG:
        if remembered is None:
            signons.record_failure(ctx.db, ctx.config, game, target, address, ctx.now)
        ctx.say(f"Refused: that power and password do not match. Nothing after this line is done "
                f"for {game.name}.")
        return False
    membership = ctx.db.get(Membership, found.membership_id)
    assert membership is not None
    holder = ctx.db.get(Player, membership.player_id)
    assert holder is not None
    power = None if name in ("master", "observer") else name
    ctx.game, ctx.membership, ctx.power, ctx.player = game, membership, power, holder
    ctx.reply_to = holder.address  # replies go only to the registered address
    role = power or membership.role.value
    ctx.say(f"Signed on to {game.name} as {role}. {game.name} is {game_status(game)}.")
    return True


def _hold(ctx: Context, game: str, name: str, until: datetime) -> bool:
    """Hold the mail whose SIGNON is refused unchecked for its target's wrong passwords
    (``held``): its reply, to the mail's own address alone, gives the code that carries it out."""
    address = ctx.mail.reply_address.lower()
    if ctx.holding:
        ctx.say(f"Held with this mail: the code above carries it out. Nothing after this line is "
                f"done for {game} until then.")
    elif ctx.reply_to != address or ctx.stored is None:
        ctx.say(f"Refused: too many wrong passwords for {name} in {game} lately. Send this SIGNON in a "
                f"mail of its own (the judge then writes to {address} how to have it carried out).")
    else:
        ctx.holding = held.hold(ctx.db, address, ctx.stored, ctx.now)
        ctx.say(f"Held: too many wrong passwords for {name} in {game} lately (maybe from someone "
                f"writing as you), so SIGNON for it is not checked until {until:%H:%M} UTC. To have "
                f"this mail carried out now, reply with the line CONFIRM {ctx.holding} (not your "
                f"mail? ignore this). Nothing after this line is done for {game} until then.")
    return False


def create(ctx: Context, command: c.Create) -> None:
    variant = command.variant or registry.DEFAULT
    try:
        kind = game_kind(variant)
    except UnknownGameKind as error:
        raise GameError(str(error)) from None
    master = sender_as_player(ctx)
    most = ctx.config.enrol.games
    if most and games_mastered(ctx.db, master) >= most:
        raise GameError(f"you master {most} games already, as many as this judge allows at once "
                        "(a game that ends or is terminated makes room)")
    game = create_game(ctx.db, command.game, kind.name, master, command.password, ctx.now)
    ctx.db.flush()
    ctx.game = game
    ctx.membership = members(ctx.db, game)[0]
    ctx.say(
        f"Game {game.name} ({kind.name}) created; you are its master. It starts when "
        f"{len(played_powers(kind))} players have joined (JOIN {game.name} <password>), or at START."
    )


def join(ctx: Context, command: c.Join) -> None:
    game = find_game(ctx, command.game)
    membership = join_game(ctx.db, game, sender_as_player(ctx), command.password, Role.PLAYER, ctx.now)
    ctx.db.flush()
    ctx.game, ctx.membership = game, membership
    if membership.power is not None:  # a started game: an open power taken over
        take_over(ctx, game, membership)
        return
    players = sum(1 for m in members(ctx.db, game) if m.role is Role.PLAYER)
    ctx.say(f"Joined {game.name}: {players} of {len(played_powers(kind_of(game)))} players.")
    if is_full(ctx.db, game):
        start_and_announce(ctx, game)


def observe(ctx: Context, command: c.Observe) -> None:
    game = find_game(ctx, command.game)
    if ctx.player is not None and any(m.player_id == ctx.player.id for m in observers(ctx.db, game)):
        raise GameError(f"you observe {game.name} already")
    if ctx.player is not None and was_ejected(ctx.db, game, ctx.player, Role.OBSERVER):
        raise GameError(f"the master removed you from {game.name}'s observers: you cannot observe "
                        "it again")
    most = ctx.config.enrol.observers
    counted = len(confirmed_observers(ctx.db, game))
    if most and counted >= most:
        raise GameError(f"{game.name} has {counted} observers, as many as this judge allows")
    membership = join_game(ctx.db, game, sender_as_player(ctx), command.password, Role.OBSERVER, ctx.now)
    ctx.db.flush()
    ctx.game, ctx.membership = game, membership
    ctx.say(f"You observe {game.name}: you will receive its reports and broadcasts.")


def signoff(ctx: Context, command: c.Signoff) -> None:
    ctx.say("Signed off: nothing after this line is read.")


def command_error(ctx: Context, error: c.CommandError) -> None:
    ctx.say(f"Error: {error.message}")


# --- players ----------------------------------------------------------------------------------


def orders(ctx: Context, line: c.OrderLine) -> None:
    game, membership = ctx.game, ctx.membership
    if game is None or membership is None or ctx.power is None:
        raise GameError("orders need a SIGNON as a power first: this line was not read")
    phase = read_phase(game, line.phase) if line.phase is not None else game.phase
    if phase != game.phase:
        keep_for_later(ctx.db, game, membership, ctx.power, phase, line.text, ctx.now)
        note_acted_for(ctx, f"kept for {phase}: {' / '.join(line.text.splitlines())}")
        ctx.say(f"Kept for {phase}: read when that phase begins (its errors are then in "
                f"your orders' record, and you may still change them then).")
        return
    ordering = (game.id or 0, ctx.power)
    submission = submit_orders(ctx.db, game, membership, ctx.power, [line.text], ctx.now,
                               refused=ordering in ctx.refused_orders)
    if any(read.error for read in submission.lines):
        ctx.refused_orders.add(ordering)
    taken = [read.canonical for read in submission.lines
             if read.canonical and not read.error and not read.note]
    if taken:
        note_acted_for(ctx, f"gave: {'; '.join(taken)}")
    errors = unchanged = 0
    for read in submission.lines:
        if read.error:
            errors += 1
            if errors <= MAX_ERRORS:
                ctx.say(f"Error: {quote_line(read.text)}: {read.error}")
        elif read.note:
            unchanged += 1
            if unchanged <= MAX_ERRORS:
                ctx.say(f"No change: {quote_line(read.text)}: {read.note}")
        elif read.cancels:
            ctx.say(f"Accepted: {read.canonical}"
                    + (f" ({read.replaces} stands no longer)" if read.replaces else " (no such order stood)"))
        else:
            ctx.say(f"Accepted: {read.canonical}"
                    + (" (a standing order: it holds from phase to phase until you change it)"
                       if read.standing else "")
                    + (f" (replaces {read.replaces})" if read.replaces else ""))
    if errors > MAX_ERRORS:
        ctx.say(f"... and {errors - MAX_ERRORS} more orders could not be read (not answered one "
                "by one).")
    if unchanged > MAX_ERRORS:
        ctx.say(f"... and {unchanged - MAX_ERRORS} more orders changed nothing (not answered one by one).")
    if any(read.standing for read in submission.lines):
        ctx.say(f"Your standing orders: {'; '.join(submission.standing.values()) or 'none'}.")
    if ctx.power in kind_of(game).pending(game.state).powers:  # a power not due has none to hold
        late = " (late: after the deadline, in the grace period)" if game.grace_until else ""
        ctx.say(f"Your orders for {game.phase} are {orders_status(submission)}{late}.")
        kind = kind_of(game)
        if isinstance(kind, Cautioning):  # what they will cost him, before it is done
            for caution in kind.cautions(game.state, ctx.power, list(submission.taken.values())):
                ctx.say(f"Warning: {caution}.")
    process_if_ready(ctx, game)


def phase(ctx: Context, command: c.Phase) -> None:
    """PHASE: the reader sends the order lines after it to that phase; say so, or refuse a phase
    that is not a later one (its order lines are then refused one by one, in ``orders``)."""
    game = ctx.game
    assert game is not None  # carry_out lets only a signed-on member through
    if ctx.power is None:
        raise GameError("only a power has orders to give (SIGNON as a power, or BECOME)")
    later = read_phase(game, command.phase)
    if later == game.phase:
        ctx.say(f"{later} is the current phase: the orders that follow are for it.")
    elif not may_keep_for(game, later):
        raise GameError(f"{later} is not a later phase than {game.phase}: the orders that follow "
                        "are not taken")
    else:
        ctx.say(f"The orders that follow, up to the next command, are for {phase_name(game, later)}: "
                "they are kept, and read when that phase begins.")


def closing(ctx: Context, item: c.Closing) -> bool:
    """Friendly lines (a greeting, "Thanks!", a name): listed once, not as errors. Any of them
    that reads as an order for the current phase is taken as one, so no order is lost."""
    game, power = ctx.game, ctx.power
    taken: list[str] = []
    now = item.phase is None or (game is not None and str(item.phase) == game.phase)
    running = game is not None and game.status in (GameStatus.ACTIVE, GameStatus.PAUSED)
    if game is not None and power is not None and now and running:
        kind = kind_of(game)
        taken = [line for line in item.lines
                 if any(read.error is None for read in kind.read_orders(game.state, power, [line]))]
    if taken:
        orders(ctx, c.OrderLine("\n".join(taken), item.phase))
    left = [line for line in item.lines if line not in taken]
    if left:
        what = "an order" if power is not None else "a command"
        named = f": {' / '.join(left)}" if taken else ""
        ctx.say(f"Ignored, not {what} (the greeting or closing of your mail){named}.")
    return bool(taken)


def clear(ctx: Context, command: c.Clear) -> None:
    assert ctx.game is not None and ctx.membership is not None
    if ctx.power is None:
        raise GameError("only a power has orders to clear")
    submit_orders(ctx.db, ctx.game, ctx.membership, ctx.power, [], ctx.now, clear=True)
    note_acted_for(ctx, f"withdrew your orders for {ctx.game.phase} (CLEAR)")
    ctx.say(f"Your orders for {ctx.game.phase} are withdrawn.")


def set_wait(ctx: Context, command: c.SetWait | c.SetNoWait) -> None:
    assert ctx.membership is not None and ctx.game is not None
    ctx.membership.wait = isinstance(command, c.SetWait)
    ctx.db.add(ctx.membership)
    if ctx.membership.wait:
        ctx.say("This phase will wait for its deadline.")
    else:
        ctx.say("This phase may process as soon as all orders are in.")
        process_if_ready(ctx, ctx.game)


def set_password(ctx: Context, command: c.SetPassword) -> None:
    assert ctx.membership is not None
    ctx.membership.password_hash = hash_password(command.password)
    ctx.db.add(ctx.membership)
    ctx.say("Password changed.")


def set_draw(ctx: Context, command: c.SetDraw) -> None:
    game, membership = ctx.game, ctx.membership
    assert game is not None and membership is not None
    sharing = vote_draw(ctx.db, game, membership, command.powers, ctx.now)
    named = ""
    sets = bookkeeping_of(game.settings).get("draw_sets", {})
    if sharing is None and str(membership.id) in sets:
        named = f" (a draw among {', '.join(sets[str(membership.id)])})"
    ctx.say(f"Your draw vote{named} is recorded.")
    if sharing is not None:
        ctx.say(f"Every surviving power agrees: {game.name} ends in a draw among "
                f"{', '.join(sharing)}.")
        send_notice(ctx.db, ctx.config, game,
                    [f"The game has ended in a draw among {', '.join(sharing)}.",
                     secret_revealed(game)], ctx.now)


def set_nodraw(ctx: Context, command: c.SetNoDraw) -> None:
    game, membership = ctx.game, ctx.membership
    assert game is not None and membership is not None
    withdraw_draw(game, membership)
    ctx.db.add(membership)
    ctx.say("Your draw vote is withdrawn.")


def resign(ctx: Context, command: c.Resign) -> None:
    membership, game = ctx.membership, ctx.game
    assert membership is not None and game is not None
    if membership.status is not MembershipStatus.ACTIVE:
        raise GameError(f"you have left {game.name} already")
    membership.status = MembershipStatus.RESIGNED
    ctx.db.add(membership)
    ctx.say(f"You have resigned from {game.name}.")
    what = f"{membership.power} is looking for a new player" if membership.power else "a member left"
    send_notice(ctx.db, ctx.config, game, [f"{what}."], ctx.now)


# --- masters ------------------------------------------------------------------------------------


def start(ctx: Context, command: c.Start) -> None:
    assert ctx.game is not None
    start_and_announce(ctx, ctx.game)


def process(ctx: Context, command: c.Process) -> None:
    game = ctx.game
    assert game is not None and game.id is not None
    if game.id in ctx.processed:
        raise GameError(f"one PROCESS of {game.name} in a mail: this one is not done")
    may_process(ctx.db, game, ctx.now)
    ctx.processed = ctx.processed | {game.id}
    process_and_report(ctx, game, BY_THE_MASTER)


HANDLERS: dict[type, Handler] = {
    c.Signon: signon,
    c.Create: create,
    c.Join: join,
    c.Observe: observe,
    c.Signoff: signoff,
    c.Phase: phase,
    c.CommandError: command_error,
    c.OrderLine: orders,
    c.Closing: closing,
    c.Clear: clear,
    c.SetWait: set_wait,
    c.SetNoWait: set_wait,
    c.SetPassword: set_password,
    c.SetDraw: set_draw,
    c.SetNoDraw: set_nodraw,
    c.Resign: resign,
    c.Start: start,
    c.Process: process,
    **ADDRESS_HANDLERS,
    **INFO_HANDLERS,
    **MAIL_HANDLERS,
    **MASTER_HANDLERS,
    **SHOWN_HANDLERS,
    **TALK_HANDLERS,
}

_WRITES_NOTHING: frozenset[type] = frozenset(
    {c.Signon, c.Signoff, c.Phase, c.List, c.Help, c.Board, c.Version, c.CommandError,
     c.History, c.Summary}
)
"""Commands that only read (SIGNON checks a password and remembers the game for the mail; a wrong
password is noted, and that must stay: it refuses without raising): no savepoint is needed to undo
them."""

_LONG_ANSWERS: frozenset[type] = frozenset({c.Board, c.History, c.Summary, c.Predict})
"""The answers an address not yet confirmed is not sent (a password proves nothing about who
reads the reply: a forger may have chosen it): a game's board, map and reports, which grow with
the game. HELP and LIST, the same for any stranger, are bounded by the reply's room."""

MOST_PASSWORDS = 3
"""The most passwords one mail may make (CREATE, JOIN, OBSERVE, SET PASSWORD): each is a scrypt
hash made in the mail's transaction, so a mail of a thousand would hold the database's write lock
for a minute."""

MAKES_A_PASSWORD: frozenset[type] = frozenset({c.Create, c.Join, c.Observe, c.SetPassword})

_INFO: dict[type, c.CommandInfo] = {info.command: info for info in c.COMMANDS.values()}
