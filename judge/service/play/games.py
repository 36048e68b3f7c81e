"""A game's life in the judge: created, joined, started, ordered, processed, ended.

Everything here works inside the caller's database session and commits nothing itself: the mail
that reports a change is queued in the same transaction as the change (architecture: nothing is
lost, nothing is sent twice). The game kind is reached only through ``judge.games.kind``.

Definitions used throughout (conventions: define them once):
- a power's orders are *received* when it has submitted orders for the current phase;
- they are *complete* when the game kind says they cover everything the power must order;
- a power is *late* when its orders are not complete at the deadline;
- a phase is *ready* when every power that must act has complete orders and no one has SET WAIT;
  a ready phase processes at once, without waiting for its deadline;
- orders *count* when they were submitted for the current phase after the game's last rollback
  (``current_orders``): orders given before a ROLLBACK never count for the phases it replays;
- a power is *open* when it is still in the game (``survivors``) and no player holds it: never
  taken, or its player resigned, was ejected or abandoned it. JOIN on a started game takes one.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from datetime import date, datetime
from random import Random
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from judge import __version__
from judge.games.dice import commitment, phase_random
from judge.games.kind import Dummies, GameKind, OrderLine, Pending
from judge.games.registry import game_kind
from judge.store import (
    Game,
    GameStatus,
    Membership,
    MembershipStatus,
    PhaseRecord,
    Player,
    Role,
    SubmittedOrders,
    STANDING,
    hash_password,
    latest_orders,
    memberships,
    next_phase_sequence,
)

from .names import name_refused
from .deadlines import deadline_for, extend_for_absences
from .settings import (
    GameSettings,
    bookkeeping_of,
    orders_after,
    settings_of,
    with_bookkeeping,
)


class GameError(ValueError):
    """A request the game cannot grant; the message is said to the player as it is."""


def kind_of(game: Game) -> GameKind:
    return game_kind(game.kind)


def game_settings(game: Game) -> GameSettings:
    """The game's settings, typed, with its kind's timings."""
    return settings_of(game.settings, kind_of(game))


def read_phase(game: Game, text: str) -> str:
    """The phase of the game a player names (``PHASE``, ``ROLLBACK``, ``HISTORY FROM``), as its
    kind writes it; refused with the kind's example when the words name none."""
    kind = kind_of(game)
    phase = kind.read_phase(text)
    if phase is None:
        raise GameError(f'cannot read "{text}" as a phase of {game.name}; expected '
                        f"{kind.wording.phase_example}")
    return phase


def members(db: Session, game: Game, *, active: bool = True) -> list[Membership]:
    """The game's memberships, oldest first: the active ones, or every one. Read once per
    transaction (``judge.store.memo``): a mail or a deadline asks often."""
    everyone = memberships(db, game.id)  # type: ignore[arg-type]
    if not active:
        return list(everyone)
    return [m for m in everyone if m.status is MembershipStatus.ACTIVE]


def address_of(db: Session, membership: Membership) -> str:
    player = db.get(Player, membership.player_id)
    assert player is not None
    return player.address


# --- forming ---------------------------------------------------------------------------------

NOT_OVER = (GameStatus.FORMING, GameStatus.ACTIVE, GameStatus.PAUSED)


def observers(db: Session, game: Game) -> list[Membership]:
    """The game's active observers."""
    return [m for m in members(db, game) if m.role is Role.OBSERVER]


def create_game(
    db: Session, name: str, kind_name: str, master: Player, password: str, now: datetime
) -> Game:
    """A new game, forming, its creator its master; its name checked (``names``)."""
    refused = name_refused(name)
    if refused is not None:
        raise GameError(refused)
    kind = game_kind(kind_name)
    if db.exec(select(Game).where(Game.name == name.lower())).first() is not None:
        raise GameError(f"there is already a game called {name}")
    game = Game(name=name.lower(), kind=kind.name, secret=secrets.token_bytes(32), created_at=now)
    db.add(game)
    db.flush()
    db.add(
        Membership(
            game_id=game.id,  # type: ignore[arg-type]
            player_id=master.id,  # type: ignore[arg-type]
            role=Role.MASTER,
            password_hash=hash_password(password),
            joined_at=now,
        )
    )
    return game


def join_game(
    db: Session, game: Game, player: Player, password: str, role: Role, now: datetime
) -> Membership:
    """A new membership of the game. A player joining a started (running or paused) game takes
    over its first open power, in the order the game kind lists them: the membership has a power."""
    power: str | None = None
    if role is Role.PLAYER and game.status in (GameStatus.ACTIVE, GameStatus.PAUSED):
        power = _open_power_for(db, game, player)
    elif role is Role.PLAYER:
        if game.status is not GameStatus.FORMING:
            raise GameError(f"{game.name} has ended: it takes no players")
        players = [m for m in members(db, game) if m.role is Role.PLAYER]
        if any(m.player_id == player.id for m in players):
            raise GameError(f"you have joined {game.name} already")
        if len(players) >= len(played_powers(kind_of(game))):
            raise GameError(f"{game.name} is full")
    membership = Membership(
        game_id=game.id,  # type: ignore[arg-type]
        player_id=player.id,  # type: ignore[arg-type]
        role=role,
        power=power,
        password_hash=hash_password(password),
        joined_at=now,
    )
    db.add(membership)
    return membership


def _open_power_for(db: Session, game: Game, player: Player) -> str:
    """The power a player joining a started game takes over; refuses if none may be taken. In a
    game whose kind hides information, one who played a power there (and resigned) may take over
    only that power again: he knows what its position hid from the others."""
    past = [m for m in members(db, game, active=False)
            if m.player_id == player.id and m.role is Role.PLAYER]
    playing = [m.power for m in past if m.status is MembershipStatus.ACTIVE]
    if playing:
        raise GameError(f"you play {playing[0]} in {game.name} already")
    if was_ejected(db, game, player, Role.PLAYER):
        raise GameError(f"the master ejected you from {game.name}: you cannot take a power in "
                        "it again")
    vacant = open_powers(db, game)
    if not vacant:
        raise GameError(f"{game.name} has started and every power in it has a player")
    held = sorted({m.power for m in past if m.power is not None})
    kind = kind_of(game)
    if kind.hidden_information and held and vacant[0] not in held:
        raise GameError(f"you played {', '.join(held)} in {game.name}, and {kind.wording.title} hides each "
                        f"power's position from the others: you may take over no other power "
                        f"(the open one is {vacant[0]})")
    game.settings = _without_concession(game.settings, vacant[0])  # a new player votes afresh
    return vacant[0]


def was_ejected(db: Session, game: Game, player: Player, role: Role) -> bool:
    """Whether the master ejected the player from the game in that role (EJECT, EJECT OBSERVER):
    he may not take it in the game again."""
    return any(m.player_id == player.id and m.role is role and m.status is MembershipStatus.EJECTED
               for m in members(db, game, active=False))


def open_powers(db: Session, game: Game) -> list[str]:
    """The powers still in the game that no player holds, in the game kind's order."""
    held = {m.power for m in members(db, game) if m.power is not None}
    held |= set(dummies_of(kind_of(game)))
    return [power for power in survivors(game) if power not in held]


def played_powers(kind: GameKind) -> list[str]:
    """The powers players take: every power of the kind but its dummies (``Dummies``)."""
    unplayed = set(dummies_of(kind))
    return [power for power in kind.powers() if power not in unplayed]


def dummies_of(kind: GameKind) -> Sequence[str]:
    """The powers of the kind no player takes (a Diplomacy variant's ``DUMMY`` powers)."""
    return kind.dummies() if isinstance(kind, Dummies) else ()


def survivors(game: Game) -> list[str]:
    """The powers still in the game, as its game kind says (Diplomacy: those with a unit or a
    supply centre, off the board too); before it starts, every power."""
    kind = kind_of(game)
    if game.state is None:
        return list(kind.powers())
    return list(kind.survivors(game.state))


def _without_concession(settings: dict[str, Any], power: str) -> dict[str, Any]:
    concessions = dict(bookkeeping_of(settings).get("concessions", {}))
    if power not in concessions:
        return settings
    concessions.pop(power)
    return with_bookkeeping(settings, concessions=concessions or None)


def is_full(db: Session, game: Game) -> bool:
    players = [m for m in members(db, game) if m.role is Role.PLAYER]
    return len(players) >= len(played_powers(kind_of(game)))


def start_game(db: Session, game: Game, now: datetime) -> None:
    """Give out the powers at random (the game's secret seeds the draw), set up the first phase
    and its deadline. Powers nobody took are in civil disorder from the start, and so are the
    kind's dummies, which nobody takes."""
    kind = kind_of(game)
    if game.status is not GameStatus.FORMING:
        raise GameError(f"{game.name} has started already")
    players = [m for m in members(db, game) if m.role is Role.PLAYER]
    powers = played_powers(kind)
    Random(game.secret).shuffle(powers)
    for membership, power in zip(players, powers):
        membership.power = power
        db.add(membership)
    game.state = kind.new_game(game.secret)
    game.rules_version = kind.rules_history.version
    game.status = GameStatus.ACTIVE
    _enter_phase(db, game, now)
    db.add(game)


def secret_hash(game: Game) -> str:
    """Published when the game starts; the secret itself when it ends, so every draw and roll
    can be checked."""
    return commitment(game.secret)


def secret_published(game: Game) -> str:
    """The paragraph of the start notice that publishes the hash of the game's secret."""
    return (f"The SHA-256 hash of {game.name}'s secret is {secret_hash(game)}. The secret seeds "
            "every draw and roll of the game; it is revealed when the game ends, so that anyone "
            "can check them.")


def secret_revealed(game: Game) -> str:
    """The paragraph of a final notice that reveals the game's secret."""
    return (f"{game.name}'s secret was (hexadecimal) {game.secret.hex()}. Its SHA-256 hash, "
            f"published when the game started, is {secret_hash(game)}.")


def _enter_phase(db: Session, game: Game, now: datetime) -> tuple[list[KeptRead], list[KeptDropped]]:
    game.phase = kind_of(game).pending(game.state).phase
    game.deadline = fresh_deadline(db, game, now)
    game.grace_until = None
    plan_reminder(game, now)
    return _read_kept_orders(db, game, now)


def plan_reminder(game: Game, now: datetime) -> None:
    """Set ``game.remind_at`` for the deadline the game has now: its reminder period before it, or
    None when no reminder is due (see ``reminders`` for the rules). Call it whenever the deadline
    is set afresh."""
    before = game_settings(game).remind
    reminded = bookkeeping_of(game.settings).get("reminded") == game.phase
    if before is None or reminded or game.deadline is None or game.status is not GameStatus.ACTIVE:
        game.remind_at = None
        return
    moment = game.deadline - before
    game.remind_at = moment if now < moment < game.deadline else None


def keep_for_later(
    db: Session, game: Game, membership: Membership, power: str, phase: str, line: str, now: datetime
) -> None:
    """Keep an order line for a later phase (PHASE): it is read when that phase begins, as if sent
    then. Kept lines are submissions whose ``orders`` are not read yet (None)."""
    if not may_keep_for(game, phase):
        raise GameError(f"{phase} is not a later phase than {game.phase}")
    db.add(SubmittedOrders(game_id=game.id, phase=phase, power=power, text=line,  # type: ignore[arg-type]
                           orders=None, received_at=now, membership_id=membership.id))  # type: ignore[arg-type]


def may_keep_for(game: Game, phase: str) -> bool:
    """Whether orders may be kept for ``phase`` (PHASE): one after the current phase in the game
    kind's order (``phase_order``), so neither one played nor an alternative of the current one."""
    kind = kind_of(game)
    return kind.phase_order(phase) > kind.phase_order(game.phase)


@dataclass(frozen=True)
class KeptDropped:
    """Order lines kept for a phase the game reached or passed without playing it (an
    alternative of the phase that came, or a phase with nothing to do): dropped, unread, as the
    game entered ``instead``. The player is told (``notify.report_processed``)."""

    membership: Membership
    power: str
    phase: str
    lines: int


@dataclass(frozen=True)
class KeptRead:
    """Order lines kept for a later phase (PHASE), read as that phase began: whose they are and
    how they read. The player is told (``notify.report_processed``), as if they had sent them then."""

    membership: Membership
    power: str
    submission: Submission


def _read_kept_orders(db: Session, game: Game, now: datetime) -> tuple[list[KeptRead], list[KeptDropped]]:
    """The orders kept for the phase that begins, read as if sent now; and those kept for a
    phase that can no longer come (not after this one in the kind's order, and never played),
    dropped. A kept row stays as it was sent once read (``orders`` None, its phase played)."""
    kind = kind_of(game)
    now_at = kind.phase_order(game.phase)
    found = db.exec(_KEPT, params={"game_id": game.id, "after_id": orders_after(game.settings)})
    rows = [row for row in found.all() if row.orders is None]
    passed = {row.phase for row in rows
              if row.phase != game.phase and kind.phase_order(row.phase) <= now_at}
    if passed:  # of those, the phases played were read when they began: not dropped
        passed -= set(db.exec(select(PhaseRecord.phase).where(
            PhaseRecord.game_id == game.id, col(PhaseRecord.phase).in_(passed))).all())
    read: list[KeptRead] = []
    dropped: list[KeptDropped] = []
    for row in rows:
        if row.phase != game.phase and row.phase not in passed:
            continue
        membership = db.get(Membership, row.membership_id)
        active = membership is not None and membership.status is MembershipStatus.ACTIVE
        if row.phase in passed:
            db.delete(row)
            if membership is not None and active:
                dropped.append(KeptDropped(membership, row.power, row.phase, len(row.text.splitlines())))
        elif membership is not None and active:
            submission = submit_orders(db, game, membership, row.power, row.text.splitlines(), now)
            read.append(KeptRead(membership, row.power, submission))
        else:  # its player left the game before the phase came: never read
            db.delete(row)
    return read, dropped


def drop_kept(db: Session, game: Game, *, upto: int | None = None) -> int:
    """Drop the order lines kept for phases the game has not played (PHASE, never read), as the
    game ends or is rolled back (``upto``: those kept up to that submission, which no longer
    count): none of them can ever be read. A kept line once read stays, as it was sent. How many
    were dropped; their players are told by the notice of the end or of the rollback."""
    played = set(db.exec(select(PhaseRecord.phase).where(PhaseRecord.game_id == game.id)).all())
    found = db.exec(_KEPT, params={"game_id": game.id, "after_id": 0}).all()
    dropped = [row for row in found if row.orders is None and row.phase not in played
               and (upto is None or (row.id or 0) <= upto)]
    for row in dropped:
        db.delete(row)
    return len(dropped)


_KEPT = select(SubmittedOrders).where(  # built once: building it cost as much as running it
    SubmittedOrders.game_id == sa.bindparam("game_id"),
    sa.or_(col(SubmittedOrders.orders).is_(None),  # kept, not read: JSON null
           sa.cast(SubmittedOrders.orders, sa.Text) == "null"),
    col(SubmittedOrders.id) > sa.bindparam("after_id"),
).order_by(col(SubmittedOrders.id))


def fresh_deadline(db: Session, game: Game, start: datetime) -> datetime:
    """The deadline of the current phase if it began at ``start``: its kind's timing, pushed past
    the absences (SET ABSENCE) of the players of the powers that must act. Called when a phase
    begins or a paused game resumes, never for a deadline already running: an absence moves the
    next deadline, not the current one."""
    pending = kind_of(game).pending(game.state)
    timing = game_settings(game).timing(pending.timing)
    deadline = deadline_for(start, timing, _zone(game))
    absences = [
        (date.fromisoformat(first), date.fromisoformat(last))
        for membership in members(db, game)
        if membership.power in pending.powers
        for first, last in membership.absences
    ]
    return extend_for_absences(deadline, absences, timing, _zone(game)) if absences else deadline


def _zone(game: Game) -> str:
    return game_settings(game).zone


# --- orders ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Submission:
    """What a player's order lines did: each line as read, the orders now taken for the phase,
    whether they are complete, and the power's standing orders (``OrderLine.standing``)."""

    lines: list[OrderLine]
    taken: dict[str, str]  # slot -> canonical order, for the current phase
    complete: bool
    waiting: list[str]  # what is left to order (kind.waiting): empty when complete
    standing: dict[str, str] = field(default_factory=dict)  # slot -> canonical, from phase to phase
    held: bool = False  # nothing left to order, but a line of the mail was refused: not complete


def current_orders(db: Session, game: Game) -> dict[str, SubmittedOrders]:
    """Each power's latest submission for the current phase among those that count: submitted
    after the game's last rollback (the bookkeeping's ``orders_after``), by power."""
    return latest_orders(db, game.id, game.phase, orders_after(game.settings))  # type: ignore[arg-type]


def taken_orders(db: Session, game: Game, power: str) -> dict[str, str]:
    """The power's orders taken for the current phase, slot -> canonical order."""
    row = current_orders(db, game).get(power)
    return dict(row.orders or {}) if row is not None else {}


def standing_orders(db: Session, game: Game) -> dict[str, dict[str, str]]:
    """Each power's standing orders (slot -> canonical order), as its latest submission of them
    that counts (after the last rollback) left them; powers without any left out."""
    rows = latest_orders(db, game.id, STANDING, orders_after(game.settings))  # type: ignore[arg-type]
    return {power: dict(row.orders) for power, row in rows.items() if row.orders}


def orders_to_resolve(db: Session, game: Game) -> dict[str, dict[str, str]]:
    """What ``resolve`` is given for the current phase, by power and slot: each power's standing
    orders, due to act or not, then its orders for the phase (a phase order in the same slot
    wins)."""
    orders = standing_orders(db, game)
    for power, row in current_orders(db, game).items():
        orders[power] = {**orders.get(power, {}), **(row.orders or {})}
    return orders


def submit_orders(
    db: Session,
    game: Game,
    membership: Membership,
    power: str,
    lines: list[str],
    now: datetime,
    *,
    clear: bool = False,
    refused: bool = False,
) -> Submission:
    """Read order lines for the current phase; the orders that read well join (or replace, slot by
    slot) the power's orders taken for the phase, or its standing orders (those the kind reads as
    ``standing``: they hold from phase to phase; one that ``cancels`` empties its slot and joins
    the phase's orders, for ``resolve`` to be told). ``clear`` withdraws the phase's orders first
    (standing orders stay, and the cancels of the phase with them). Orders from a mail with a
    refused line (here, or ``refused``: earlier in the mail) never complete the phase: the player
    may still correct them, and a later mail without a refused line completes them."""
    if game.status not in (GameStatus.ACTIVE, GameStatus.PAUSED):  # paused: kept for resuming
        raise GameError(f"{game.name} is not running: no orders are taken")
    kind = kind_of(game)
    taken = taken_orders(db, game, power)
    if clear:
        taken = {line.slot: line.canonical for line in kind.read_orders(game.state, power, list(taken.values()))
                 if line.cancels and line.slot is not None and line.canonical is not None}
    standing = standing_orders(db, game).get(power, {})
    read = kind.read_orders(game.state, power, lines, {**standing, **taken})
    for line in read:
        if line.slot is not None and line.canonical is not None:
            if line.standing:  # a cancel of the phase in the same slot is over
                taken.pop(line.slot, None)
                standing.pop(line.slot, None)
            (taken if line.cancels or not line.standing else standing)[line.slot] = line.canonical
    waiting = kind.waiting(game.state, power, [*standing.values(), *taken.values()])
    held = not waiting and (refused or any(line.error for line in read))
    complete = not waiting and not held
    errors = [{"text": line.text, "error": line.error} for line in read if line.error]
    row = partial(SubmittedOrders, game_id=game.id, power=power, text="\n".join(lines),  # type: ignore[arg-type]
                  received_at=now, membership_id=membership.id)  # type: ignore[arg-type]
    db.add(row(phase=game.phase, orders=taken, complete=complete, errors=errors))
    if any(line.standing and line.error is None for line in read):
        db.add(row(phase=STANDING, orders=standing, complete=True))
    return Submission(read, taken, complete, waiting, standing, held)


def late_powers(db: Session, game: Game, pending: Pending | None = None) -> list[str]:
    """The powers that must act this phase and have no complete orders in (``pending``: the
    phase's ``kind.pending``, when the caller has it already)."""
    pending = pending or kind_of(game).pending(game.state)
    latest = current_orders(db, game)
    return sorted(
        power for power in pending.powers if power not in latest or not latest[power].complete
    )


def is_ready(db: Session, game: Game) -> bool:
    """Every power that must act has complete orders in, and nobody has asked to wait."""
    if game.status is not GameStatus.ACTIVE:
        return False
    pending = kind_of(game).pending(game.state)
    if late_powers(db, game, pending):
        return False
    return not any(m.wait for m in members(db, game) if m.power in pending.powers)


# --- processing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Processed:
    """A phase processed: its record, the orders kept for the phase that began (read then), and
    those kept for phases that can no longer come (dropped then)."""

    record: PhaseRecord
    kept: list[KeptRead]
    dropped: list[KeptDropped] = field(default_factory=list)


MOST_PHASES_AT_ONCE = 200
"""The most phases processed one after the other at one moment (each ready as it began): a game
kind whose phases never stop asking for nothing is a bug, and the rest wait for the next tick."""


def process_while_ready(db: Session, game: Game, now: datetime, reason: str) -> list[Processed]:
    """Process the current phase, then each next phase that is ready as it begins (its orders
    were all sent ahead with PHASE, or no one has anything to order), oldest first."""
    done = [process_phase(db, game, now, reason)]
    while len(done) < MOST_PHASES_AT_ONCE and is_ready(db, game):
        acting = kind_of(game).pending(game.state).powers
        done.append(process_phase(db, game, now, "all orders in as it began" if acting
                                  else "nothing to order"))
    return done


def process_phase(db: Session, game: Game, now: datetime, reason: str) -> Processed:
    """Resolve the current phase with the orders standing (a power without complete orders gets
    the game kind's defaults for what it did not order), record it, and move to the next phase,
    reading the orders kept for it; or end the game if the game kind says it is over."""
    kind = kind_of(game)
    given = orders_to_resolve(db, game)
    orders = {power: list(slots.values()) for power, slots in given.items()}
    result = kind.resolve(game.state, orders, phase_rng(game))
    rules = kind.rules_history.version
    newer = game.rules_version is not None and game.rules_version < rules
    record = PhaseRecord(
        game_id=game.id,  # type: ignore[arg-type]
        phase=game.phase,
        sequence=next_phase_sequence(db, game.id, game.phase),  # type: ignore[arg-type]
        state_before=game.state,
        orders=given,
        resolution=result.report,
        state_after=result.state,
        processed_at=now,
        reason=reason,
        judge_version=__version__,
        rules_version=rules,
        rules_from=game.rules_version if newer else None,  # its results tell the changes (once)
    )
    game.rules_version = rules
    db.add(record)
    drop_lapsed(db, game, result.lapsed, now)
    for membership in members(db, game):
        if membership.wait:
            membership.wait = False  # SET WAIT holds one phase
            db.add(membership)
    game.state = result.state
    kept: list[KeptRead] = []
    dropped: list[KeptDropped] = []
    outcome = kind.outcome(result.state)
    if outcome is not None:
        game.phase = kind.pending(result.state).phase
        end_game(db, game, GameStatus.FINISHED, now, by="outcome", winners=list(outcome.winners))
    else:
        kept, dropped = _enter_phase(db, game, now)
    db.add(game)
    return Processed(record, kept, dropped)


def drop_lapsed(db: Session, game: Game, lapsed: Mapping[str, Sequence[str]], now: datetime) -> None:
    """The standing orders that have done their work in the phase just resolved
    (``PhaseResult.lapsed``) kept no longer: each power's kept again without them. (Most phases
    have none: then nothing is read.)"""
    if not any(lapsed.values()):
        return
    rows = latest_orders(db, game.id, STANDING, orders_after(game.settings))  # type: ignore[arg-type]
    for power, spent in lapsed.items():
        row = rows.get(power)
        if row is None:
            continue
        left = {slot: order for slot, order in row.orders.items() if order not in spent}
        if left != row.orders:
            db.add(SubmittedOrders(game_id=game.id, phase=STANDING, power=power, text="",  # type: ignore[arg-type]
                                   orders=left, complete=True, received_at=now,
                                   membership_id=row.membership_id))


def end_game(db: Session, game: Game, status: GameStatus, now: datetime, *, by: str,
             winners: list[str]) -> None:
    """End the game: every way a game ends comes here (the game kind's outcome, a draw, a
    concession, TERMINATE). The final notice reveals the game's secret, so nothing may be replayed
    after it (a rollback would know every later roll in advance): ``secret_revealed``. Orders
    kept for phases that now never come are dropped (``drop_kept``)."""
    drop_kept(db, game)
    game.status = status
    game.deadline = game.grace_until = game.remind_at = None
    ended = {"by": by, "at": now.isoformat(), "winners": winners}
    game.settings = with_bookkeeping(game.settings, ended=ended, paused_by=None,
                                     secret_revealed=True)


def phase_rng(game: Game) -> Random:
    """The chance of the current phase: seeded by the game's secret and the phase's name, so a
    replay after a rollback, and a PREDICT, draw exactly what processing draws."""
    return phase_random(game.secret, game.phase)
