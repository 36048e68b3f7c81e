"""The daemon's needs: the judge's last tick (outage guard), and a sender's recent mail (rate limit).

Revision ID: 0002
Revises: 0001

``judge_clock`` holds one row, the instant of the judge's last tick, so that a restarted daemon can
tell an outage from a normal gap. The index on ``inbound_mail (sender, received_at)`` lets the
per-sender rate limit count a sender's mail in its window without reading the whole log.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "judge_clock",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("last_tick", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_judge_clock")),
    )
    op.create_index(
        op.f("ix_inbound_mail_sender_received_at"), "inbound_mail", ["sender", "received_at"]
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_inbound_mail_sender_received_at"), table_name="inbound_mail")
    op.drop_table("judge_clock")
