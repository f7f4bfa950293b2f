"""Alembic environment: run with the connection handed over by Journal.migrate.

``render_as_batch`` lets later migrations alter tables on SQLite.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from ordnance.core.journal.models import Base

connection: Connection | None = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when run from the alembic CLI
    from sqlalchemy import create_engine

    from ordnance.core.journal.store import database_url

    engine = create_engine(database_url())
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
