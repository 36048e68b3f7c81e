"""Reminders before the deadline: when a game next reminds its late players.

Revision ID: 0003
Revises: 0002

``game.remind_at`` is the instant at which the players whose orders are not complete are reminded
of the coming deadline (None: no reminder is due in this phase). The ticker claims a game when its
deadline or its reminder is due, so the index on ``(status, remind_at)`` serves the second half of
that query as ``(status, deadline)`` serves the first.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("remind_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f("ix_game_status_remind_at"), "game", ["status", "remind_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_game_status_remind_at"), table_name="game")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("remind_at")
