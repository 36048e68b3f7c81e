"""The judge's store: SQLModel tables and the few queries the service needs.

SQLite by default (``sqlite:///path/judge.sqlite``), PostgreSQL at scale
(``postgresql+psycopg://user@host/db``). Open it with :func:`open_store`; work in
``with store.session() as session:`` blocks, each one transaction.
"""

from judge.store.columns import (
    GameStatus,
    InboundStatus,
    MembershipStatus,
    OutboxStatus,
    PressKind,
    Role,
    utcnow,
)
from judge.store.tables import (
    Game,
    Membership,
    PhaseRecord,
    Player,
    Press,
    StoreModel,
    SubmittedOrders,
    metadata,
)

from judge.store.mail_tables import InboundMail, Outbox, Picture, SignonFailure  # isort: skip  (after tables: same metadata)
from judge.store.clock import JudgeClock, last_tick, overdue_games, record_tick  # isort: skip
from judge.store.database import Store, open_store
from judge.store.migrate import (
    SchemaError,
    SchemaOutOfDate,
    SchemaState,
    SchemaStatus,
    schema_state,
    upgrade,
)
from judge.store.passwords import hash_password, needs_rehash, verify_password
from judge.store.memo import STANDING, forget, latest_orders, memberships, player_at, players_of
from judge.store.queries import (
    claim_due_games,
    drop_held,
    due_outbox,
    due_pictures,
    game_by_name,
    inbound_fingerprint,
    membership_by_power,
    new_message_id,
    next_attention,
    next_phase_sequence,
    player_by_address,
    keep_picture,
    queue_mail,
    queued_to,
    record_inbound,
    release_held,
    settle_inbound,
    store_inbound,
    synthetic_message_id,
)

__all__ = [
    "Game",
    "GameStatus",
    "InboundMail",
    "InboundStatus",
    "JudgeClock",
    "Membership",
    "MembershipStatus",
    "Outbox",
    "Picture",
    "OutboxStatus",
    "PhaseRecord",
    "Player",
    "Press",
    "PressKind",
    "Role",
    "SchemaError",
    "SchemaOutOfDate",
    "SchemaState",
    "SchemaStatus",
    "SignonFailure",
    "Store",
    "StoreModel",
    "SubmittedOrders",
    "claim_due_games",
    "drop_held",
    "due_outbox",
    "due_pictures",
    "forget",
    "game_by_name",
    "hash_password",
    "inbound_fingerprint",
    "last_tick",
    "latest_orders",
    "STANDING",
    "membership_by_power",
    "memberships",
    "metadata",
    "needs_rehash",
    "new_message_id",
    "next_attention",
    "next_phase_sequence",
    "open_store",
    "player_at",
    "players_of",
    "player_by_address",
    "overdue_games",
    "keep_picture",
    "queue_mail",
    "queued_to",
    "record_inbound",
    "record_tick",
    "release_held",
    "schema_state",
    "settle_inbound",
    "store_inbound",
    "synthetic_message_id",
    "upgrade",
    "utcnow",
    "verify_password",
]
