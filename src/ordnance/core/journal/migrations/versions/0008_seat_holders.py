"""A seat belongs to its holder: recovery secrets, reissue requests, seat events.

* ``seats`` gains ``recovery_hash`` (SHA-256 of the holder's recovery
  secret), ``claimed_at`` and ``address_hash`` (a keyed digest of the
  address the holder took the seat from, so ``/seats`` can say that two
  seats were taken from one address without storing it);
* ``seat_policies``: the waiting period a table agreed at creation;
* ``seat_reissues``: one seat's request for a new invitation to another;
* ``seat_events``: the table's record of its seats, shown to every seat.

Revision ID: 0008_seat_holders
Revises: 0007_dice_pending
"""

import sqlalchemy as sa
from alembic import op

from ordnance.core.journal.migrations.ops import (
    add_columns,
    create_game_table,
    drop_columns,
    drop_game_table,
    game_id,
    stamp,
)

revision = "0008_seat_holders"
down_revision = "0007_dice_pending"


def upgrade() -> None:
    add_columns(
        "seats",
        sa.Column("recovery_hash", sa.String(64), nullable=True),
        stamp("claimed_at", nullable=True),
        sa.Column("address_hash", sa.String(16), nullable=True),
    )
    op.create_table(
        "seat_policies",
        game_id(primary_key=True),
        sa.Column("reissue_wait_seconds", sa.Integer, nullable=False),
    )
    create_game_table(
        "seat_reissues",
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("requested_by", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        stamp("created_at"),
        stamp("due_at"),
        stamp("decided_at", nullable=True),
        sa.Column("how", sa.String(16), nullable=True),
        sa.Column("at_entry", sa.Integer, nullable=True),
    )
    create_game_table(
        "seat_events",
        sa.Column("at_entry", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("by", sa.String(32), nullable=True),
        sa.Column("text", sa.String(500), nullable=False),
        stamp("created_at"),
    )


def downgrade() -> None:
    drop_game_table("seat_events")
    drop_game_table("seat_reissues")
    op.drop_table("seat_policies")
    drop_columns("seats", "address_hash", "claimed_at", "recovery_hash")
