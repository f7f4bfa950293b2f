"""Dice every seat helps make: the table's dice setting, seat chain anchors,
revealed elements and the elements each server roll used.

Revision ID: 0004
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

from ordnance.core.journal.migrations.ops import (
    create_game_table,
    drop_game_table,
    game_id,
    stamp,
)

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "dice_tables",
        game_id(primary_key=True),
        sa.Column("mode", sa.String(16), nullable=False),
    )
    create_game_table(
        "dice_anchors",
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("anchor", sa.String(64), nullable=False),
        sa.Column("from_version", sa.Integer, nullable=False),
        stamp("created_at"),
        sa.UniqueConstraint("game_id", "seat", "from_version", name="uq_dice_anchors_seat_version"),
    )
    create_game_table(
        "dice_reveals",
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("for_version", sa.Integer, nullable=False),
        sa.Column("element", sa.String(64), nullable=False),
        sa.Column(
            "anchor_id",
            sa.Integer,
            sa.ForeignKey("dice_anchors.id", ondelete="CASCADE"),
            nullable=False,
        ),
        stamp("created_at"),
        sa.UniqueConstraint("game_id", "seat", "for_version", name="uq_dice_reveals_seat_version"),
    )
    create_game_table(
        "dice_rolls",
        sa.Column("for_version", sa.Integer, nullable=False),
        sa.Column("scheme", sa.String(32), nullable=False),
        sa.Column("elements", sa.JSON, nullable=False),
        stamp("created_at"),
        sa.UniqueConstraint("game_id", "for_version", name="uq_dice_rolls_game_version"),
    )


def downgrade() -> None:
    for name in ("dice_rolls", "dice_reveals", "dice_anchors"):
        drop_game_table(name)
    op.drop_table("dice_tables")
