"""Mail told apart by more than its Message-ID, the reply address of each mail, and wrong passwords.

Revision ID: 0006
Revises: 0005

``inbound_mail.fingerprint`` (unique) replaces the uniqueness of ``message_id``: a mail is the same
mail when its Message-ID, sender and body are (``judge.store.queries.inbound_fingerprint``, computed
here for the mails already stored, by a frozen copy of it), so a forged mail that borrows a
player's Message-ID no longer makes the player's own mail "already processed".
``inbound_mail.reply_to`` is where the reply went (Reply-To, else From): the rate limit counts it
(the mails already stored get their sender). ``signon_failure`` notes each wrong SIGNON password,
so that guessing is limited per power and per address.
"""

from __future__ import annotations

import hashlib
import re

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_HEADERS_END = re.compile(rb"\r?\n\r?\n")


def _fingerprint(message_id: str, sender: str, raw: bytes) -> str:
    """``inbound_fingerprint`` as of this revision (a migration never changes with the code)."""
    split = _HEADERS_END.search(raw)
    body = raw[split.end():] if split is not None else b""
    key = b"\0".join((message_id.encode("utf-8", "surrogatepass"),
                      sender.lower().encode("utf-8", "surrogatepass"), body))
    return hashlib.sha256(key).hexdigest()


def upgrade() -> None:
    with op.batch_alter_table("inbound_mail") as batch:
        batch.add_column(sa.Column("fingerprint", sa.String(), nullable=True))
        batch.add_column(sa.Column("reply_to", sa.String(), nullable=False, server_default=""))
    if op.get_context().as_sql:  # printed for a DBA: no rows to read; Message-IDs were unique
        op.execute("UPDATE inbound_mail SET fingerprint = 'before-0005:' || message_id, reply_to = sender")
    else:
        _fingerprint_stored_mail()
    op.drop_index(op.f("ix_inbound_mail_message_id"), table_name="inbound_mail")
    with op.batch_alter_table("inbound_mail") as batch:
        batch.alter_column("fingerprint", existing_type=sa.String(), nullable=False)
        batch.alter_column("reply_to", existing_type=sa.String(), server_default=None)
    op.create_index(op.f("ix_inbound_mail_message_id"), "inbound_mail", ["message_id"])
    op.create_index(op.f("ix_inbound_mail_fingerprint"), "inbound_mail", ["fingerprint"], unique=True)
    op.create_index(op.f("ix_inbound_mail_reply_to_received_at"), "inbound_mail", ["reply_to", "received_at"])
    op.create_table(
        "signon_failure",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("target", sa.String(), nullable=False),
        sa.Column("address", sa.String(), nullable=False),
        sa.Column("owner", sa.Boolean(), nullable=False),
        sa.Column("failed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("told", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_signon_failure_game_id_game")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_signon_failure")),
    )
    op.create_index(op.f("ix_signon_failure_game_id_target_failed_at"), "signon_failure",
                    ["game_id", "target", "failed_at"])
    op.create_index(op.f("ix_signon_failure_address_failed_at"), "signon_failure", ["address", "failed_at"])


def _fingerprint_stored_mail() -> None:
    bind = op.get_bind()
    inbound = sa.table("inbound_mail", sa.column("id", sa.Integer()), sa.column("message_id", sa.String()),
                       sa.column("sender", sa.String()), sa.column("raw", sa.LargeBinary()),
                       sa.column("fingerprint", sa.String()), sa.column("reply_to", sa.String()))
    last = 0
    while True:  # a thousand mails at a time: the log may be large
        rows = bind.execute(sa.select(inbound.c.id, inbound.c.message_id, inbound.c.sender, inbound.c.raw)
                            .where(inbound.c.id > last).order_by(inbound.c.id).limit(1000)).all()
        if not rows:
            return
        bind.execute(inbound.update().where(inbound.c.id == sa.bindparam("row_id"))
                     .values(fingerprint=sa.bindparam("print"), reply_to=sa.bindparam("reply")),
                     [{"row_id": row.id, "print": _fingerprint(row.message_id, row.sender, row.raw),
                       "reply": row.sender} for row in rows])
        last = rows[-1].id


def downgrade() -> None:
    """Back to one mail per Message-ID: of mails sharing one, the first stored is kept."""
    op.drop_table("signon_failure")
    op.drop_index(op.f("ix_inbound_mail_reply_to_received_at"), table_name="inbound_mail")
    op.drop_index(op.f("ix_inbound_mail_fingerprint"), table_name="inbound_mail")
    op.drop_index(op.f("ix_inbound_mail_message_id"), table_name="inbound_mail")
    op.execute("DELETE FROM inbound_mail WHERE id NOT IN "
               "(SELECT min(id) FROM inbound_mail GROUP BY message_id)")
    op.create_index(op.f("ix_inbound_mail_message_id"), "inbound_mail", ["message_id"], unique=True)
    with op.batch_alter_table("inbound_mail") as batch:
        batch.drop_column("reply_to")
        batch.drop_column("fingerprint")
