"""SET ADDRESS codes counted: when the code for a pending address was mailed, and the codes a
player had mailed lately.

Revision ID: enrol_0007
Revises: 0006

``player.pending_since`` is when the code that confirms ``pending_address`` was mailed: while it
is fresh, no other code goes to that address. ``player.address_codes`` lists the instants (ISO) of
the codes mailed lately for the player (SET ADDRESS), which the judge counts against its cap. A
pending address already in the database has no instant: it no longer holds its address.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "enrol_0007"
down_revision = "output_0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("pending_since", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("address_codes", sa.JSON(), nullable=False, server_default="[]"))
    with op.batch_alter_table("player") as batch:
        batch.alter_column("address_codes", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.drop_column("address_codes")
        batch.drop_column("pending_since")
