"""Seats claimed through invitations: a seat may have no token yet; invitations.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=True)
    op.create_table(
        "seat_invitations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.String(64), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("issued_by", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_seat_invitations_game_id", "seat_invitations", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_invitations_game_id", table_name="seat_invitations")
    op.drop_table("seat_invitations")
    op.execute("DELETE FROM seats WHERE token_hash IS NULL")
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=False)
