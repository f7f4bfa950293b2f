"""Snapshots: replayed states cached beside the journal (a cache, never the truth).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.String(64), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("code_key", sa.String(64), nullable=False),
        sa.Column("top", sa.Integer, nullable=False),
        sa.Column("state", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "seq", "code_key", name="uq_snapshots_game_seq_key"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
