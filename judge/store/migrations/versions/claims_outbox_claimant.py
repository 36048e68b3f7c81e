"""Who holds the claim on an outgoing mail being sent, and until when in real time.

Revision ID: claims_outbox_claimant
Revises: versions_phase_versions

``outbox.claimed_by`` names the judge process sending the mail (host and process id) and
``outbox.claimed_until`` is when its claim lapses by the host's clock; the sender renews it while
it sends. Before, the claim was the mail's ``next_attempt_at`` moved 15 minutes of the judge's
time ahead. A mail stored before has no claim: one claimed by an older judge that died is due at
its ``next_attempt_at``, as it was.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "claims_outbox_claimant"
down_revision = "versions_phase_versions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("claimed_by", sa.String(), nullable=True))
        batch.add_column(sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("claimed_until")
        batch.drop_column("claimed_by")
