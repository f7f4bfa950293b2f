"""Dice every seat helps make: the table's dice setting, seat chain anchors,
revealed elements and the elements each server roll used.

Revision ID: 0004
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _game_fk() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(
        "game_id", sa.String(64), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
    )


def upgrade() -> None:
    op.create_table(
        "dice_tables",
        sa.Column(
            "game_id",
            sa.String(64),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("mode", sa.String(16), nullable=False),
    )
    op.create_table(
        "dice_anchors",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _game_fk(),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("anchor", sa.String(64), nullable=False),
        sa.Column("from_version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "seat", "from_version", name="uq_dice_anchors_seat_version"),
    )
    op.create_index("ix_dice_anchors_game_id", "dice_anchors", ["game_id"])
    op.create_table(
        "dice_reveals",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _game_fk(),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("for_version", sa.Integer, nullable=False),
        sa.Column("element", sa.String(64), nullable=False),
        sa.Column(
            "anchor_id",
            sa.Integer,
            sa.ForeignKey("dice_anchors.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "seat", "for_version", name="uq_dice_reveals_seat_version"),
    )
    op.create_index("ix_dice_reveals_game_id", "dice_reveals", ["game_id"])
    op.create_table(
        "dice_rolls",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _game_fk(),
        sa.Column("for_version", sa.Integer, nullable=False),
        sa.Column("scheme", sa.String(32), nullable=False),
        sa.Column("elements", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "for_version", name="uq_dice_rolls_game_version"),
    )
    op.create_index("ix_dice_rolls_game_id", "dice_rolls", ["game_id"])


def downgrade() -> None:
    for name in ("dice_rolls", "dice_reveals", "dice_anchors"):
        op.drop_index(f"ix_{name}_game_id", table_name=name)
        op.drop_table(name)
    op.drop_table("dice_tables")
