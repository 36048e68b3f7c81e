"""How often a member is mailed a game's reports, and the first report he has not been mailed.

Revision ID: pmails_0008
Revises: output_0007

``membership.every_phase`` (SET MAIL EVERY PHASE) mails the member every phase's results as
they are processed; by default (SET MAIL TURN) a kind whose phases group into Turns mails a
player when he must act and at the end of each Turn, an observer at the end of each Turn.
``membership.unmailed_from`` is the id of the first phase record not yet mailed to the member
(None: none waits): his next results mail begins there. Every member stored before starts with
nothing waiting and the default.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "pmails_0008"
down_revision = "auth_held_signons"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("membership") as batch:
        batch.add_column(sa.Column("every_phase", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("unmailed_from", sa.Integer(), nullable=True))
    with op.batch_alter_table("membership") as batch:  # a new member's default is the table's own
        batch.alter_column("every_phase", existing_type=sa.Boolean(), server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("membership") as batch:
        batch.drop_column("unmailed_from")
        batch.drop_column("every_phase")
