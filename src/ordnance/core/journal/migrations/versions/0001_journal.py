"""The journal: games and their append-only entries.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

from ordnance.core.journal.migrations.ops import create_game_table, drop_game_table, stamp

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        stamp("created_at"),
    )
    create_game_table(
        "journal",
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.String(32), nullable=True),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("dice", sa.JSON, nullable=False),
        sa.Column("dice_origin", sa.String(16), nullable=False),
        sa.Column("events", sa.JSON, nullable=False),
        stamp("created_at"),
        sa.UniqueConstraint("game_id", "seq", name="uq_journal_game_seq"),
    )


def downgrade() -> None:
    drop_game_table("journal")
    op.drop_table("games")
