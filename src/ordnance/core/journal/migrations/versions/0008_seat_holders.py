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

revision = "0008_seat_holders"
down_revision = "0007_dice_pending"
branch_labels = None
depends_on = None


def _fk() -> sa.ForeignKey:
    return sa.ForeignKey("games.id", ondelete="CASCADE")


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("recovery_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("address_hash", sa.String(16), nullable=True))
    op.create_table(
        "seat_policies",
        sa.Column("game_id", sa.String(64), _fk(), primary_key=True),
        sa.Column("reissue_wait_seconds", sa.Integer, nullable=False),
    )
    op.create_table(
        "seat_reissues",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(64), _fk(), nullable=False),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("requested_by", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("how", sa.String(16), nullable=True),
        sa.Column("at_entry", sa.Integer, nullable=True),
    )
    op.create_index("ix_seat_reissues_game_id", "seat_reissues", ["game_id"])
    op.create_table(
        "seat_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(64), _fk(), nullable=False),
        sa.Column("at_entry", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("seat", sa.String(32), nullable=False),
        sa.Column("by", sa.String(32), nullable=True),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_seat_events_game_id", "seat_events", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_events_game_id", table_name="seat_events")
    op.drop_table("seat_events")
    op.drop_index("ix_seat_reissues_game_id", table_name="seat_reissues")
    op.drop_table("seat_reissues")
    op.drop_table("seat_policies")
    with op.batch_alter_table("seats") as batch:
        for column in ("address_hash", "claimed_at", "recovery_hash"):
            batch.drop_column(column)
