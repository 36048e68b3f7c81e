"""The tables of a game's life: games, players, memberships, phase records, orders and press.

Every table is a SQLModel class on :data:`metadata`, the store's own metadata (not SQLModel's global
one), whose naming convention gives every index and constraint a stable name for the migrations.

JSON columns hold plain values (dicts, lists, strings, numbers). They are saved when the attribute is
*assigned*; changing a dict in place is not noticed. Engine states are new values after each phase
anyway: assign them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from judge.store.columns import (
    GameStatus,
    GameStatusType,
    MembershipStatus,
    MembershipStatusType,
    PressKind,
    PressKindType,
    Role,
    RoleType,
    UTCDateTime,
    utcnow,
)

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)
"""Every table of the store, and only those: what the migrations must produce."""


class StoreModel(SQLModel, registry=registry(metadata=metadata)):
    """The base of the store's tables: SQLModel on the store's own metadata."""


_game_version = sa.Column("version", sa.Integer, nullable=False)


class Game(StoreModel, table=True):
    """One game: its rules, where it stands, and when it next moves.

    ``state`` is the game kind's engine state as a plain JSON value. ``deadline`` and ``remind_at``
    are the next moments the ticker has something to do for the game (see ``claim_due_games``). ``version`` is managed by
    SQLAlchemy: it starts at 1 and goes up on every update, and an update from a stale copy fails with
    ``StaleDataError`` instead of overwriting a newer one.
    """

    __tablename__ = "game"
    __table_args__ = (sa.Index(None, "status", "deadline"), sa.Index(None, "status", "remind_at"))
    __mapper_args__ = {"version_id_col": _game_version}

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, index=True)  # lower-cased when written
    kind: str  # the game kind, e.g. "diplomacy/standard"
    status: GameStatus = Field(default=GameStatus.FORMING, sa_type=GameStatusType)
    settings: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    state: Any = Field(default=None, sa_type=sa.JSON)
    phase: str = ""  # e.g. "S1901M"; empty while forming
    deadline: datetime | None = Field(default=None, sa_type=UTCDateTime)
    grace_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
    remind_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # late players reminded then
    secret: bytes  # seeds the game's dice; its hash is published at the start
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    rules_version: int | None = None  # the kind's rules version its phases are resolved by now
    version: int = Field(default=0, sa_column=_game_version)


class Player(StoreModel, table=True):
    """Someone known to the judge by a registered mail address.

    An address is *confirmed* once a mail from it gave the code the judge mailed to it (CONFIRM):
    a sender's From can be forged, so until then the judge writes to it only in reply to its
    mail, and keeps the rest in the outbox as held (``Outbox.status``). ``confirm_code`` is the
    code that confirms ``pending_address`` when there is one (SET ADDRESS: the new address, the
    player's own only once confirmed from it), the player's own address otherwise.
    """

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    address: str = Field(unique=True, index=True)  # lower-cased when written
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    confirmed: bool = False  # the address has answered its code (CONFIRM)
    confirm_code: str | None = None  # what CONFIRM must give, sent only to the address it confirms
    wrong_codes: int = 0  # wrong CONFIRM codes given since the code was made
    pending_address: str | None = Field(default=None, index=True)  # SET ADDRESS, until confirmed
    name: str | None = None  # SET NAME: how the web archive names the player (else by no name)
    address_public: bool = False  # SET ADDRESS PUBLIC: the web archive may show the address
    pending_since: datetime | None = Field(default=None, sa_type=UTCDateTime)  # its code mailed then
    address_codes: list[str] = Field(default_factory=list, sa_type=sa.JSON)  # instants (ISO) of the
    # SET ADDRESS codes mailed lately for this player: how many more it may ask for


class Membership(StoreModel, table=True):
    """A player's place in one game: as a power, an observer or the master.

    Memberships are never deleted: a power that changes hands keeps the old membership (resigned,
    abandoned or ejected) beside the new one, and at most one *active* membership holds each power.
    """

    __tablename__ = "membership"
    __table_args__ = (
        sa.Index(
            "uq_membership_active_power",
            "game_id",
            "power",
            unique=True,
            sqlite_where=sa.text("status = 'active' AND power IS NOT NULL"),
            postgresql_where=sa.text("status = 'active' AND power IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    role: Role = Field(default=Role.PLAYER, sa_type=RoleType)
    power: str | None = None  # None for observers and masters
    password_hash: str  # from judge.store.passwords.hash_password, never the password
    status: MembershipStatus = Field(default=MembershipStatus.ACTIVE, sa_type=MembershipStatusType)
    maps: bool = True  # SET MAP ON|OFF: results mails carry the map picture, or text only
    wait: bool = False  # hold processing until the deadline even when all orders are in
    every_phase: bool = False  # SET MAIL EVERY PHASE: every phase's results mailed as processed
    unmailed_from: int | None = None  # the first phase record not yet mailed (None: none waits)
    draw_vote: bool | None = None  # None: has not voted
    absences: list[list[str]] = Field(default_factory=list, sa_type=sa.JSON)  # [[from, to], ...] ISO dates
    joined_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class PhaseRecord(StoreModel, table=True):
    """One processed phase: the archive of a game, and what a rollback goes back to.

    ``sequence`` counts how often this phase of this game was processed: 1 the first time, 2 after a
    rollback replayed it, and so on. Every record is kept.
    """

    __tablename__ = "phase_record"
    __table_args__ = (sa.UniqueConstraint("game_id", "phase", "sequence"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    phase: str
    sequence: int = 1
    state_before: Any = Field(default=None, sa_type=sa.JSON)
    orders: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)  # per power, as received
    resolution: Any = Field(default=None, sa_type=sa.JSON)
    state_after: Any = Field(default=None, sa_type=sa.JSON)
    processed_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    reason: str = Field(default="", sa_type=sa.Text)  # why it processed then: "deadline", "all orders in"...
    judge_version: str | None = None  # the judge that resolved it (None: an older judge, unknown)
    rules_version: int | None = None  # the kind's rules version it was resolved by (None: unknown)
    rules_from: int | None = None  # the game's rules version before, on the first phase of a newer one


class SubmittedOrders(StoreModel, table=True):
    """One orders submission by a power for a phase, kept even when a later one replaces it."""

    __tablename__ = "submitted_orders"
    __table_args__ = (sa.Index(None, "game_id", "phase", "power"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    phase: str
    power: str
    text: str = Field(sa_type=sa.Text)  # the orders as the player wrote them
    orders: Any = Field(default=None, sa_type=sa.JSON)  # canonical form, from the game kind's parser
    complete: bool = False  # every unit (or decision) has an order
    errors: list[Any] = Field(default_factory=list, sa_type=sa.JSON)
    received_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    membership_id: int = Field(foreign_key="membership.id")


class Press(StoreModel, table=True):
    """A press message sent within a game."""

    __tablename__ = "press"
    __table_args__ = (sa.Index(None, "game_id", "phase"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    phase: str
    sender_power: str | None = None  # None when sent by the master or an observer
    sender_role: Role = Field(default=Role.PLAYER, sa_type=RoleType)
    recipients: list[str] = Field(default_factory=list, sa_type=sa.JSON)  # powers
    kind: PressKind = Field(default=PressKind.WHITE, sa_type=PressKindType)
    body: str = Field(sa_type=sa.Text)
    sent_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


def _lower_case_on_write(attribute: str) -> Callable[[Any, Any, Any], None]:
    """A flush hook that lower-cases ``attribute`` of the row being written.

    (An attribute "set" event cannot do it: SQLModel stores the value as given after the event ran.)
    """

    def lower_case(mapper: Any, connection: Any, target: Any) -> None:
        value = getattr(target, attribute)
        if isinstance(value, str) and value != value.lower():
            setattr(target, attribute, value.lower())

    return lower_case


for _table, _attribute in ((Game, "name"), (Player, "address"), (Player, "pending_address")):  # compared case-insensitively
    event.listen(_table, "before_insert", _lower_case_on_write(_attribute))
    event.listen(_table, "before_update", _lower_case_on_write(_attribute))
