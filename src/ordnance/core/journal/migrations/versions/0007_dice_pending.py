"""Dice nobody can foresee: actions that roll are committed before the other seats reveal.

* ``dice_pending``: one row per action that rolls at a ``server`` table, with
  the digest that commits it (``ordnance-dice-v2``), its order number
  ``commit_seq``, the seats awaited and the deadline;
* ``dice_reveals.pending_id`` / ``seq``: the pending action an element was
  revealed for, and the reveal's order number (above the action's);
* ``dice_rolls.pending_id`` / ``without``: the action a v2 roll settled and
  the awaited seats it rolled without (silent past the deadline);
* ``dice_tables.wait`` / ``wait_seconds``: the table's setting (``wait`` or
  ``go_ahead`` after N seconds; existing tables: ``go_ahead``, 60 s);
* ``ix_journal_game_kind_seq``: an older page of ``GET /log`` reads the undo
  entries after it (to mark its undone entries) through this index, not
  every later entry.

Revision ID: 0007_dice_pending
Revises: 0006 (the lead re-chains the merged migrations)
"""

import sqlalchemy as sa
from alembic import op

from ordnance.core.journal.migrations.ops import (
    add_columns,
    create_game_table,
    drop_columns,
    drop_game_table,
)

revision = "0007_dice_pending"
down_revision = "0006"


def upgrade() -> None:
    create_game_table(
        "dice_pending",
        sa.Column("at_version", sa.Integer, nullable=False),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("seed_hash", sa.String(64), nullable=False),
        sa.Column("commit_seq", sa.Integer, nullable=False),
        sa.Column("awaited", sa.JSON, nullable=False),
        sa.Column("opened_at", sa.Float, nullable=False),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("applied_seq", sa.Integer, nullable=True),
        sa.UniqueConstraint("game_id", "at_version", name="uq_dice_pending_game_version"),
    )
    with op.batch_alter_table("dice_reveals") as batch:
        batch.add_column(sa.Column("pending_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("seq", sa.Integer, nullable=True))
        batch.create_foreign_key(
            "fk_dice_reveals_pending", "dice_pending", ["pending_id"], ["id"], ondelete="CASCADE"
        )
    with op.batch_alter_table("dice_rolls") as batch:
        batch.add_column(sa.Column("pending_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("without", sa.JSON, nullable=True))
        batch.create_foreign_key(
            "fk_dice_rolls_pending", "dice_pending", ["pending_id"], ["id"], ondelete="SET NULL"
        )
    add_columns(
        "dice_tables",
        sa.Column("wait", sa.String(16), nullable=False, server_default="go_ahead"),
        sa.Column("wait_seconds", sa.Integer, nullable=False, server_default="60"),
    )
    op.create_index("ix_journal_game_kind_seq", "journal", ["game_id", "kind", "seq"])


def downgrade() -> None:
    op.drop_index("ix_journal_game_kind_seq", table_name="journal")
    drop_columns("dice_tables", "wait_seconds", "wait")
    with op.batch_alter_table("dice_rolls") as batch:
        batch.drop_constraint("fk_dice_rolls_pending", type_="foreignkey")
        batch.drop_column("without")
        batch.drop_column("pending_id")
    with op.batch_alter_table("dice_reveals") as batch:
        batch.drop_constraint("fk_dice_reveals_pending", type_="foreignkey")
        batch.drop_column("seq")
        batch.drop_column("pending_id")
    drop_game_table("dice_pending")
