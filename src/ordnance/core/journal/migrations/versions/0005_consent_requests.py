"""Consent requests: undo and actions on the other side's pieces, one pending per table.

The ``undo_requests`` table (0002) becomes the table of every consent
request (it keeps its name, so existing tables migrate in place): ``kind``
is ``undo`` or ``action``, ``payload`` holds the action and its entered dice,
``text`` the one-sentence description, ``ask_of`` the seat whose consent an
action needs and ``applied_seq`` the journal entry an accepted request wrote.

A partial unique index allows at most one ``pending`` request per game on
SQLite and on PostgreSQL alike, so two concurrent requests cannot both be
pending. Older duplicates (possible before this index) are expired first.

Revision ID: 0005
Revises: 0002 (the lead re-chains the merged migrations)
"""

import sqlalchemy as sa
from alembic import op

from ordnance.core.journal.migrations.ops import add_columns, drop_columns

revision = "0005"
down_revision = "0004"

PENDING = sa.text("status = 'pending'")


def upgrade() -> None:
    add_columns(
        "undo_requests",
        sa.Column("kind", sa.String(16), nullable=False, server_default="undo"),
        sa.Column("payload", sa.JSON, nullable=True),
        sa.Column("text", sa.String(500), nullable=False, server_default=""),
        sa.Column("ask_of", sa.String(32), nullable=True),
        sa.Column("applied_seq", sa.Integer, nullable=True),
    )
    # Keep the newest pending request of each game; expire the others.
    op.execute(
        "UPDATE undo_requests SET status = 'expired' WHERE status = 'pending' AND id NOT IN "
        "(SELECT MAX(id) FROM undo_requests WHERE status = 'pending' GROUP BY game_id)"
    )
    op.create_index(
        "uq_undo_requests_one_pending",
        "undo_requests",
        ["game_id"],
        unique=True,
        sqlite_where=PENDING,
        postgresql_where=PENDING,
    )


def downgrade() -> None:
    op.drop_index("uq_undo_requests_one_pending", table_name="undo_requests")
    drop_columns("undo_requests", "applied_seq", "ask_of", "text", "payload", "kind")
