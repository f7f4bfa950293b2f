"""Snapshots: replayed states cached beside the journal (a cache, never the truth).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

from ordnance.core.journal.migrations.ops import game_id, number_id, stamp

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "snapshots",
        number_id(),
        game_id(),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("code_key", sa.String(64), nullable=False),
        sa.Column("top", sa.Integer, nullable=False),
        sa.Column("state", sa.LargeBinary, nullable=False),
        stamp("created_at"),
        sa.UniqueConstraint("game_id", "seq", "code_key", name="uq_snapshots_game_seq_key"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
