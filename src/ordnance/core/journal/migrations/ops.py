"""Shapes the journal's revisions build again and again, written once.

Most tables of the table server belong to one game: a numbered ``id``, a
``game_id`` that goes with its game (``ON DELETE CASCADE``) and an index on it.
The revisions use these helpers so each table says only what is its own; the
schema they build is checked against a saved dump, revision by revision, on
SQLite and PostgreSQL (``tests/server/test_migrated_schema.py``), so a change
here that changed a table would fail there.

A revision's schema must never depend on what this module becomes later: add
a new helper rather than change what an existing one builds.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op


def game_fk() -> sa.ForeignKey:
    """The reference to the game a row belongs to (deleted with it)."""
    return sa.ForeignKey("games.id", ondelete="CASCADE")


def game_id(*, primary_key: bool = False) -> sa.Column[Any]:
    """The ``game_id`` column: the row's game, or the table's key when one row a game."""
    if primary_key:
        return sa.Column("game_id", sa.String(64), game_fk(), primary_key=True)
    return sa.Column("game_id", sa.String(64), game_fk(), nullable=False)


def number_id() -> sa.Column[Any]:
    """The ``id`` column: an integer key the database numbers."""
    return sa.Column("id", sa.Integer, primary_key=True, autoincrement=True)


def stamp(name: str, *, nullable: bool = False) -> sa.Column[Any]:
    """A moment with its time zone (``created_at``, ``decided_at``...)."""
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def create_game_table(name: str, *columns: sa.Column[Any] | sa.Constraint) -> None:
    """A table of rows that each belong to a game: ``id``, ``game_id``, the given
    columns and constraints, and the index ``ix_<name>_game_id``."""
    op.create_table(name, number_id(), game_id(), *columns)
    op.create_index(f"ix_{name}_game_id", name, ["game_id"])


def drop_game_table(name: str) -> None:
    """Undo :func:`create_game_table`."""
    op.drop_index(f"ix_{name}_game_id", table_name=name)
    op.drop_table(name)


def add_columns(table: str, *columns: sa.Column[Any]) -> None:
    """Add columns to an existing table (a batch, so SQLite can too)."""
    with op.batch_alter_table(table) as batch:
        for column in columns:
            batch.add_column(column)


def drop_columns(table: str, *names: str) -> None:
    """Drop columns of an existing table, in the order given (a batch)."""
    with op.batch_alter_table(table) as batch:
        for name in names:
            batch.drop_column(name)
