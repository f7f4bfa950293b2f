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
from alembic import op

revision = "0010_pending_salt"
down_revision = "0009_anchor_order"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("dice_pending") as batch:
        batch.add_column(sa.Column("salt", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("dice_pending") as batch:
        batch.drop_column("salt")
