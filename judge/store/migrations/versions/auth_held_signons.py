"""Held SIGNONs and proven wrong passwords.

Revision ID: auth_held_signons
Revises: 0006

``held_signon`` keeps a mail whose SIGNON was refused unchecked because its target had too many
wrong passwords lately: the reply to it gives a code, and a mail from the same address with
``CONFIRM <code>`` has it carried out. ``signon_failure.proven`` marks a wrong password given in
such a mail: it counts against its address alone.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "auth_held_signons"
down_revision = "enrol_0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("signon_failure") as batch:
        batch.add_column(sa.Column("proven", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("signon_failure") as batch:
        batch.alter_column("proven", existing_type=sa.Boolean(), server_default=None)
    op.create_table(
        "held_signon",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(), nullable=False),
        sa.Column("code", sa.String(), nullable=False),
        sa.Column("inbound_id", sa.Integer(), nullable=False),
        sa.Column("held_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["inbound_id"], ["inbound_mail.id"],
                                name=op.f("fk_held_signon_inbound_id_inbound_mail")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_held_signon")),
    )
    op.create_index(op.f("ix_held_signon_address_held_at"), "held_signon", ["address", "held_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_held_signon_address_held_at"), table_name="held_signon")
    op.drop_table("held_signon")
    with op.batch_alter_table("signon_failure") as batch:
        batch.drop_column("proven")
