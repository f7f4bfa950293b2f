"""A pending action's digest carries a random salt, revealed with the roll.

* ``dice_pending.salt``: 64 hex digits drawn when the action is committed and
  hashed into its digest, so the digest of an action that carries hidden
  information cannot be found by trying every action it could be; published
  in the dice record with the action. ``NULL`` for actions committed before
  this revision, whose digest has no salt.

Revision ID: 0010_pending_salt
Revises: 0009_anchor_order
"""

import sqlalchemy as sa

from ordnance.core.journal.migrations.ops import add_columns, drop_columns

revision = "0010_pending_salt"
down_revision = "0009_anchor_order"


def upgrade() -> None:
    add_columns("dice_pending", sa.Column("salt", sa.String(64), nullable=True))


def downgrade() -> None:
    drop_columns("dice_pending", "salt")
