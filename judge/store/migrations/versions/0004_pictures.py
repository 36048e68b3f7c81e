"""Map pictures on results mails: the pictures, kept once, and each member's SET MAP.

Revision ID: 0004
Revises: 0003

``picture`` keeps each map picture a mail carries, as SVG, once however many mails carry it (the
sender renders it to PNG as it writes the mail); ``outbox.picture_id`` names the picture a mail
carries. ``membership.maps`` is the member's SET MAP: whether results mails carry the picture
(on for everyone already in a game).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "picture",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("svg", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("digest"),
    )
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("picture_id", sa.Integer(), nullable=True))
        batch.create_foreign_key("fk_outbox_picture_id_picture", "picture", ["picture_id"], ["id"])
    with op.batch_alter_table("membership") as batch:
        batch.add_column(sa.Column("maps", sa.Boolean(), nullable=False, server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("membership") as batch:
        batch.drop_column("maps")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_constraint("fk_outbox_picture_id_picture", type_="foreignkey")
        batch.drop_column("picture_id")
    op.drop_table("picture")
