"""A chain anchor carries its order number: it serves only actions committed after it.

* ``dice_anchors.seq``: the anchor's place in the table's order of
  commitments, reveals and anchors (``NULL`` for anchors published before
  this revision, which keep their ``from_version`` rule);
* the unique (game, seat, from_version) constraint goes: a seat may publish
  a second anchor at one version (after a commitment the first one serves).

Revision ID: 0009_anchor_order
Revises: 0008_seat_holders
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_anchor_order"
down_revision = "0008_seat_holders"


def upgrade() -> None:
    with op.batch_alter_table("dice_anchors") as batch:
        batch.add_column(sa.Column("seq", sa.Integer, nullable=True))
        batch.drop_constraint("uq_dice_anchors_seat_version", type_="unique")


def downgrade() -> None:
    with op.batch_alter_table("dice_anchors") as batch:
        batch.create_unique_constraint(
            "uq_dice_anchors_seat_version", ["game_id", "seat", "from_version"]
        )
        batch.drop_column("seq")
