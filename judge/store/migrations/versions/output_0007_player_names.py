"""The name a player chose for the web archive, and whether it may show the player's address.

Revision ID: output_0007
Revises: 0006

``player.name`` (SET NAME) is how the archive names a player; ``player.address_public`` (SET
ADDRESS PUBLIC) lets it show the address. Every player stored before has no name and a hidden
address: the archive no longer shows addresses nobody agreed to show.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "output_0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("name", sa.String(), nullable=True))
        batch.add_column(sa.Column("address_public", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    with op.batch_alter_table("player") as batch:  # a new player's default is the table's own
        batch.alter_column("address_public", existing_type=sa.Boolean(), server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.drop_column("address_public")
        batch.drop_column("name")
