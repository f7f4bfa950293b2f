"""The table server: seats (hashed join tokens), dice commitments, undo requests.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa

from ordnance.core.journal.migrations.ops import create_game_table, drop_game_table, stamp

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    create_game_table(
        "seats",
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        stamp("created_at"),
        sa.UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),
    )
    create_game_table(
        "dice_commitments",
        sa.Column("for_version", sa.Integer, nullable=False),
        sa.Column("seed_hash", sa.String(64), nullable=False),
        sa.Column("seed", sa.String(128), nullable=False),
        stamp("created_at"),
        sa.UniqueConstraint("game_id", "for_version", name="uq_commitments_game_version"),
    )
    create_game_table(
        "undo_requests",
        sa.Column("at_version", sa.Integer, nullable=False),
        sa.Column("requested_by", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("decided_by", sa.String(32), nullable=True),
        stamp("created_at"),
        stamp("decided_at", nullable=True),
    )


def downgrade() -> None:
    for name in ("undo_requests", "dice_commitments", "seats"):
        drop_game_table(name)
