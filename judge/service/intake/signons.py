"""SIGNON's password check: one per game in a mail, limited over time, and done outside the write
transaction.

A password is checked with scrypt, tens of milliseconds of work on purpose. Unchecked, one mail of
a thousand ``SIGNON Xgame guess`` lines tried a thousand passwords while holding the database's
write lock (53 s), and a right guess let the lines after it take the power over. So:

- a mail has one SIGNON per game: after a failed one, the mail's lines up to a SIGNON for another
  game are not run (``mailroom``), and a second SIGNON for the same game is refused unchecked;
- each wrong password is noted (``SignonFailure``). Past ``[signon] failures`` within ``[signon]
  window`` for one power, or from one address, a SIGNON is not checked: its mail is held
  (``held``: the reply gives a code that has it carried out), and the power's player is told once
  per window, with where the guesses came from. A power's failures from its own player's address
  are counted apart from everyone else's;
- a SIGNON as observer or master is checked against the one member at the mail's address, and a
  mail's SIGNONs for ``MOST_SIGNONS`` games at most: a mail costs a few hashes at most;
- the mail's passwords are checked before its transaction opens (``check_signons``: one short
  read, then the hashing with no transaction open); inside it, the wrong ones are noted first,
  whatever becomes of the mail (``record_checked``: a mail the rate limit drops, or a copy of one
  already processed, cost its hash too), and the handler only compares what was found with the
  password hashes as they stand, checking again (rare) only when one changed in between.

Everything lives in the database, so the limit holds across restarts and across judge processes
sharing it (two processes checking at the same instant may each check once more than the limit).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from judge.store import Game, Membership, Player, Role, SignonFailure, Store, queue_mail
from judge.store.passwords import verify_password

from ..commands import Item, Signon
from ..config import Config
from ..mailing.reports import render
from ..play.games import kind_of, members
from ..play.settings import length_words


class Verdict(enum.Enum):
    RIGHT = "right"
    WRONG = "wrong"
    LOCKED = "locked"  # refused unchecked: too many wrong passwords lately
    NOBODY = "nobody"  # refused unchecked: several members hold the role, none at the mail's address


MOST_SIGNONS = 3
"""The most games one mail's SIGNONs are checked for (a hash each, at most): the SIGNONs for
more games in it are refused unchecked."""


@dataclass(frozen=True)
class Target:
    """What a SIGNON names, as the database has it: the members it may sign on as (with their
    password hashes), whether the mail's address is one of theirs, and until when SIGNON for it
    is refused (None: it is not)."""

    game_id: int
    target: str  # the power, "master" or "observer"
    candidates: tuple[tuple[int, str], ...]  # (membership id, password hash)
    owners: tuple[str, ...]  # their players' addresses
    owner: bool
    locked_until: datetime | None
    proven: bool = False  # in a held mail carried out by its code: the address's own limit alone


@dataclass(frozen=True)
class Check:
    """A SIGNON's password checked against its target: the verdict, and the member it matched."""

    target: Target
    verdict: Verdict
    membership_id: int | None = None


@dataclass
class Pending:
    """Wrong passwords found but not yet recorded (the other mails of a batch, checked before its
    one transaction): counted as if they were, so that a batch cannot pass the limit either."""

    targets: Counter[tuple[int, str, bool]] = field(default_factory=Counter)
    addresses: Counter[str] = field(default_factory=Counter)
    proven: Counter[str] = field(default_factory=Counter)

    def note(self, check: Check, address: str) -> None:
        if check.verdict is Verdict.WRONG:
            target = check.target
            if target.proven:
                self.proven[address] += 1
                return
            self.targets[(target.game_id, target.target, target.owner)] += 1
            if not target.owner:
                self.addresses[address] += 1


def game_key(command: Signon) -> str:
    return command.game.lower()


def target_name(game: Game, command: Signon) -> str | None:
    """The power the SIGNON names ("master", "observer" for those roles), or None if none."""
    if command.power in ("m", "master"):
        return "master"
    if command.power in ("o", "observer"):
        return "observer"
    return kind_of(game).power_named(command.power)


def look(db: Session, config: Config, game: Game, name: str, address: str, now: datetime,
         pending: Pending | None = None, *, limits: bool = True, proven: bool = False) -> Target:
    """The target ``name`` of ``game`` for a SIGNON from ``address`` (lower case), read in ``db``,
    with the failures noted (and ``pending``) that may refuse it now (unless ``limits`` is False:
    only to compare with what was found before the transaction). ``proven``: the SIGNON is in a
    held mail carried out by the code mailed to ``address``; then only that address's own proven
    failures may refuse it, never the target's (which forgers may have used up)."""
    assert game.id is not None
    role = {"master": Role.MASTER, "observer": Role.OBSERVER}.get(name)
    candidates = [m for m in members(db, game) if (m.role is role if role is not None else m.power == name)]
    if len(candidates) > 1:  # observers (or masters): the one at the mail's address, one hash
        candidates = [m for m in candidates if _addresses(db, [m]) == {address}]
    owners = _addresses(db, candidates)
    owner = address in owners
    pending = pending or Pending()
    limit = config.signon
    locked_until = None
    if limits and limit.failures > 0 and proven:
        values = {"since": now - limit.window, "limit": limit.failures}
        mine = _instants(db, _PROVEN_FROM, address=address, **values)
        locked_until = _until(mine, pending.proven[address], now, limit.failures, limit.window)
    elif limits and limit.failures > 0:
        values = {"since": now - limit.window, "limit": limit.failures}
        recent = _instants(db, _FOR_TARGET, game_id=game.id, target=name, owner=owner, **values)
        ends = [_until(recent, pending.targets[(game.id, name, owner)], now, limit.failures, limit.window)]
        if not owner:
            by_address = _instants(db, _FROM_ADDRESS, address=address, **values)
            ends.append(_until(by_address, pending.addresses[address], now, limit.failures, limit.window))
        locked_until = max((end for end in ends if end is not None), default=None)
    hashes = tuple((m.id, m.password_hash) for m in candidates if m.id is not None)
    return Target(game.id, name, hashes, tuple(sorted(owners)), owner, locked_until, proven)


def _addresses(db: Session, candidates: list[Membership]) -> set[str]:
    players = (db.get(Player, m.player_id) for m in candidates)  # most often known to the session
    return {player.address for player in players if player is not None}


# Built once, with bound parameters (building a statement costs as much as running it on SQLite):
# the instants of the latest failures since an instant, for a target and for an address.
_LATEST = (select(SignonFailure.failed_at).where(col(SignonFailure.failed_at) > sa.bindparam("since"))
           .order_by(col(SignonFailure.failed_at).desc()).limit(sa.bindparam("limit")))
_FOR_TARGET = _LATEST.where(col(SignonFailure.game_id) == sa.bindparam("game_id"),
                            col(SignonFailure.target) == sa.bindparam("target"),
                            col(SignonFailure.owner) == sa.bindparam("owner"),
                            col(SignonFailure.proven) == sa.false())
_FROM_ADDRESS = _LATEST.where(col(SignonFailure.address) == sa.bindparam("address"),
                              col(SignonFailure.owner) == sa.false())
_PROVEN_FROM = _LATEST.where(col(SignonFailure.address) == sa.bindparam("address"),
                             col(SignonFailure.proven) == sa.true())
_GAME_NAMED = select(Game).where(col(Game.name) == sa.bindparam("name"))


def _instants(db: Session, statement: Any, **values: Any) -> list[datetime]:
    """The instants ``statement`` (``_FOR_TARGET``, ``_FROM_ADDRESS``) finds, latest first."""
    return list(db.exec(statement, params=values).all())


def _until(recent: list[datetime], pending: int, now: datetime, limit: int,
           window: timedelta) -> datetime | None:
    """Until when the failures ``recent`` (latest first) and ``pending`` (now) lock: None when
    they are fewer than ``limit``; otherwise one window after the ``limit``-th latest."""
    instants = [now] * pending + recent
    if len(instants) < limit:
        return None
    return instants[limit - 1] + window


def check(target: Target, password: str) -> Check:
    """The password checked against the target's members (scrypt: call it with no transaction
    open), unless SIGNON for the target is refused for now."""
    if target.locked_until is not None:
        return Check(target, Verdict.LOCKED)
    if not target.candidates:
        return Check(target, Verdict.NOBODY)
    for membership_id, stored in target.candidates:
        if verify_password(password, stored):
            return Check(target, Verdict.RIGHT, membership_id)
    return Check(target, Verdict.WRONG)


@dataclass(frozen=True)
class Held:
    """A held mail (``held``) that a CONFIRM's code names, found before the confirming mail's
    transaction: its commands are carried out after that CONFIRM."""

    id: int
    code: str
    held_at: datetime
    raw: bytes
    items: tuple[Item, ...] = ()


@dataclass(frozen=True)
class Checked:
    """The SIGNONs of one mail checked before its transaction: the first for each game, by game."""

    signons: dict[str, tuple[Signon, Check]] = field(default_factory=dict)
    proven: bool = False  # checked as a held mail carried out by its code (``look``)
    held: Held | None = None  # the held mail this mail's CONFIRM carries out, if any

    def remembered(self, command: Signon, target: Target) -> Check | None:
        """What was found for this SIGNON, if it was checked and its target has not changed since
        (the same members with the same password hashes: ``target`` as read in the transaction).
        A lock that began in between (another judge process noting failures meanwhile) is not
        looked for: the password was checked, and the limit is on checking."""
        found = self.signons.get(game_key(command))
        if found is None or found[0] != command:
            return None
        earlier = found[1]
        if (earlier.target.candidates != target.candidates or earlier.target.owner != target.owner
                or earlier.target.proven != target.proven):
            return None
        return earlier

    @property
    def signs_on(self) -> bool:
        """Whether a SIGNON of the mail had a right password (the mail is a player's own)."""
        return any(found.verdict is Verdict.RIGHT for _command, found in self.signons.values())


def first_signons(items: Iterable[Item]) -> dict[str, Signon]:
    """The first SIGNON of a mail for each game (the only one of it that is checked), for the
    first ``MOST_SIGNONS`` games a SIGNON names."""
    first: dict[str, Signon] = {}
    for item in items:
        if isinstance(item, Signon) and (game_key(item) in first or len(first) < MOST_SIGNONS):
            first.setdefault(game_key(item), item)
    return first


def check_signons(store: Store, config: Config, items: Iterable[Item], address: str, now: datetime,
                  pending: Pending, *, held: Held | None = None) -> Checked:
    """Check the first SIGNON of each game in a mail from ``address``: one short read of what they
    name, then the passwords hashed with no transaction open. ``pending`` counts the wrong
    passwords found and not yet recorded (the batch's), and is added to. ``held``: the held mail
    the mail carries out by its code (its SIGNONs, among ``items``, are then ``proven``: ``look``)."""
    proven = held is not None
    signons = first_signons(items)
    if not signons:
        return Checked(proven=proven, held=held)
    address = address.lower()
    targets: dict[str, tuple[Signon, Target]] = {}
    with store.reading() as db:
        for key, command in signons.items():
            game = db.exec(_GAME_NAMED, params={"name": key}).first()
            name = target_name(game, command) if game is not None else None
            if game is not None and name is not None:
                targets[key] = (command, look(db, config, game, name, address, now, pending, proven=proven))
    checked: dict[str, tuple[Signon, Check]] = {}
    for key, (command, target) in targets.items():  # no transaction open
        found = check(target, command.password)
        pending.note(found, address)
        checked[key] = (command, found)
    return Checked(checked, proven, held)


def record_checked(db: Session, config: Config, checked: Checked, address: str, now: datetime) -> None:
    """Note the wrong passwords found before the mail's transaction, whatever becomes of the mail
    (read, dropped by the rate limit, or a copy of one already processed): each cost a hash."""
    for _command, found in checked.signons.values():
        if found.verdict is Verdict.WRONG:
            game = db.get(Game, found.target.game_id)
            if game is not None:
                record_failure(db, config, game, found.target, address, now)


def record_failure(db: Session, config: Config, game: Game, target: Target, address: str,
                   now: datetime) -> None:
    """Note a wrong password; when it brings the target's failures to the limit, tell its players
    (once per window: the failure that told is marked)."""
    failure = SignonFailure(game_id=target.game_id, target=target.target, address=address.lower(),
                            owner=target.owner, failed_at=now, proven=target.proven)
    db.add(failure)
    db.flush()
    limit = config.signon
    if limit.failures <= 0 or not target.owners or target.proven:
        return
    recent = db.exec(select(SignonFailure.address, SignonFailure.failed_at, SignonFailure.owner,
                            SignonFailure.told).where(
        col(SignonFailure.game_id) == target.game_id, col(SignonFailure.target) == target.target,
        col(SignonFailure.proven) == sa.false(),
        col(SignonFailure.failed_at) > now - limit.window).order_by(col(SignonFailure.failed_at).desc())).all()
    if any(told for _address, _at, _owner, told in recent):
        return
    counted = [(address, at) for address, at, owner, _told in recent if owner == target.owner]
    until = _until([at for _address, at in counted], 0, now, limit.failures, limit.window)
    if until is None:
        return
    body = render("signon_failures.txt", count=len(counted), target=target.target, game=game.name,
                  own=target.owner,
                  window=length_words(limit.window), addresses=sorted({a for a, _at in counted}),
                  until=f"{until:%H:%M} UTC on {until:%a %d %b}", judge_name=config.name,
                  judge_address=config.address)
    for owner in target.owners:
        queue_mail(db, owner, f"Wrong passwords for {target.target} in {game.name}", body,
                   domain=config.domain, game_id=game.id, now=now)
    failure.told = True
    db.add(failure)
