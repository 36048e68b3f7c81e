"""The judge version and rules version each phase was resolved by, and each game's rules version.

Revision ID: versions_phase_versions
Revises: pmails_0008

``phase_record.judge_version`` (``judge.__version__``) and ``phase_record.rules_version`` (the
game kind's ``rules_history.version``) say which judge, reading the rules how, resolved the
phase: the game's record carries them, and ``judge verify`` names the rule changes between a
recorded reading and its own. ``phase_record.rules_from``: the rules version the game was played
by before this phase, on the first phase a newer reading resolved (its players are told of the
changes with its results); otherwise None. ``game.rules_version``: the reading the game's phases
are resolved by now. Every row stored before has None in all four: an older judge, its version
unknown (``judge upgrade`` gives each running game the reading its schema revision tells).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "versions_phase_versions"
down_revision = "pmails_0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("phase_record") as batch:
        batch.add_column(sa.Column("judge_version", sa.String(), nullable=True))
        batch.add_column(sa.Column("rules_version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("rules_from", sa.Integer(), nullable=True))
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("rules_version", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("rules_version")
    with op.batch_alter_table("phase_record") as batch:
        batch.drop_column("rules_from")
        batch.drop_column("rules_version")
        batch.drop_column("judge_version")
