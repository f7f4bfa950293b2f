"""The table server: seats (hashed join tokens), dice commitments, undo requests.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.String(64), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),
    )
    op.create_index("ix_seats_game_id", "seats", ["game_id"])
    op.create_table(
        "dice_commitments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.String(64), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("for_version", sa.Integer, nullable=False),
        sa.Column("seed_hash", sa.String(64), nullable=False),
        sa.Column("seed", sa.String(128), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "for_version", name="uq_commitments_game_version"),
    )
    op.create_index("ix_dice_commitments_game_id", "dice_commitments", ["game_id"])
    op.create_table(
        "undo_requests",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.String(64), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("at_version", sa.Integer, nullable=False),
        sa.Column("requested_by", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("decided_by", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_undo_requests_game_id", "undo_requests", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_undo_requests_game_id", table_name="undo_requests")
    op.drop_table("undo_requests")
    op.drop_index("ix_dice_commitments_game_id", table_name="dice_commitments")
    op.drop_table("dice_commitments")
    op.drop_index("ix_seats_game_id", table_name="seats")
    op.drop_table("seats")
