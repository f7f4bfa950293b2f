"""The actions waiting for their dice are found by an index, not by a scan.

* ``ix_dice_pending_game_status`` on ``dice_pending (game_id, status)``: the
  table status every request reads (``server.table_status``) asks whether the
  table has an action still ``pending``; with the index on ``game_id`` alone
  that meant visiting every action that ever rolled at the table (a long
  game's hundreds of ``applied`` rows, on every request), with this one it is
  one index probe.

Revision ID: 0011_pending_status_index
Revises: 0010_pending_salt
"""

from alembic import op

revision = "0011_pending_status_index"
down_revision = "0010_pending_salt"


def upgrade() -> None:
    op.create_index("ix_dice_pending_game_status", "dice_pending", ["game_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_dice_pending_game_status", table_name="dice_pending")
