"""Seats claimed through invitations: a seat may have no token yet; invitations.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

from ordnance.core.journal.migrations.ops import create_game_table, drop_game_table, stamp

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=True)
    create_game_table(
        "seat_invitations",
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("issued_by", sa.String(32), nullable=True),
        stamp("created_at"),
        stamp("claimed_at", nullable=True),
        stamp("revoked_at", nullable=True),
    )


def downgrade() -> None:
    drop_game_table("seat_invitations")
    op.execute("DELETE FROM seats WHERE token_hash IS NULL")
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=False)
