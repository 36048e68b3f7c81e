"""Confirmed addresses: the judge writes to a player's address, but for replies, once a mail from
it has given the code the judge sent there (CONFIRM).

Revision ID: 0005
Revises: 0004

``player.confirmed`` says the address has answered its code; ``confirm_code`` is the code, and
``wrong_codes`` counts the wrong ones given since it was made; ``pending_address`` is the new
address of SET ADDRESS until it is confirmed from there. Every player already in the database is
confirmed: they have played by mail at that address. (The server default that confirms them is
dropped afterwards: a new player is confirmed only by CONFIRM.) An outbox mail may now be held
(``outbox.status`` 'held'), which needs no change of the column.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("confirmed", sa.Boolean(), nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("confirm_code", sa.String(), nullable=True))
        batch.add_column(sa.Column("wrong_codes", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("pending_address", sa.String(), nullable=True))
    player = sa.table("player", sa.column("address", sa.String), sa.column("confirmed", sa.Boolean))
    not_one = sa.or_(*(player.c.address.contains(mark) for mark in (",", ";", " ", "<", ">")))
    op.execute(player.update().where(not_one).values(confirmed=False))
    with op.batch_alter_table("player") as batch:
        batch.alter_column("confirmed", server_default=None)
        batch.alter_column("wrong_codes", server_default=None)
    op.create_index(op.f("ix_player_pending_address"), "player", ["pending_address"])


def downgrade() -> None:
    op.drop_index(op.f("ix_player_pending_address"), table_name="player")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("pending_address")
        batch.drop_column("wrong_codes")
        batch.drop_column("confirm_code")
        batch.drop_column("confirmed")
