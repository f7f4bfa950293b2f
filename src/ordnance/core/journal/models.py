"""SQLAlchemy 2 models of the journal. Alembic migrations mirror them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One game (a scenario, a table). ``version`` counts journal entries."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rules_version: Mapped[int] = mapped_column(Integer)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class EntryRow(Base):
    """One journal entry: an action with its dice and seat, or an undo."""

    __tablename__ = "journal"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_journal_game_seq"),
        # an older page of the table server's log reads the undo entries after it
        Index("ix_journal_game_kind_seq", "game_id", "kind", "seq"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # "action" | "undo"
    seat: Mapped[str | None] = mapped_column(String(32), nullable=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    dice: Mapped[list[Any]] = mapped_column(JSON)
    dice_origin: Mapped[str] = mapped_column(String(16), default="entered")
    events: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SnapshotRow(Base):
    """A replayed state cached in the database (never a second truth).

    The state after the first ``seq`` entries of a game, pickled, valid only
    for the code that made it (``code_key``: package version, the game's
    ``rules_version``, a digest of the game's and the core's source, the
    settings). ``top`` is the seq of the newest action still in force (0 when
    there is none), which an undo at this point would cancel.
    """

    __tablename__ = "snapshots"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", "code_key", name="uq_snapshots_game_seq_key"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    rules_version: Mapped[int] = mapped_column(Integer)
    code_key: Mapped[str] = mapped_column(String(64))
    top: Mapped[int] = mapped_column(Integer)
    state: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
