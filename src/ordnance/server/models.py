"""Tables the table server adds beside the journal (migration 0002).

* ``seats``: one row per seat of a game; the join link's token is stored only
  as its SHA-256 hash, so a leaked database does not leak working links.
* ``dice_commitments``: the commit-reveal record of server-rolled dice. The
  seed for the action taken at game version N is drawn and its hash stored
  (and shown to both seats) before that action exists; the seed is shown once
  the game has moved past N.
* ``undo_requests`` (:class:`ConsentRequestRow`, migrations 0002 and 0005):
  every consent request: an undo, or an action that changes the other side's
  pieces. A partial unique index keeps at most one ``pending`` request per
  game; the answer is a conditional update of ``status`` made in the same
  transaction as the journal entry it applies (the undo or the action is
  itself a journal entry), so "accepted" and the entry exist together or not
  at all, and a declined request never wrote one.

They share the journal's declarative ``Base`` so the foreign keys to
``games`` resolve; they are defined here (not in the core) because only the
server uses them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from ordnance.core.journal.models import Base


def _now() -> datetime:
    return datetime.now(UTC)


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[str] = mapped_column(String(32))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class CommitmentRow(Base):
    __tablename__ = "dice_commitments"
    __table_args__ = (
        UniqueConstraint("game_id", "for_version", name="uq_commitments_game_version"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    for_version: Mapped[int] = mapped_column(Integer)
    seed_hash: Mapped[str] = mapped_column(String(64))
    seed: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ConsentRequestRow(Base):
    """One consent request (``kind`` ``undo`` or ``action``) and its answer.

    ``status``: ``pending``, then ``accepted``, ``declined`` or ``expired``
    (the game moved on before an answer, so the request no longer applies).
    """

    __tablename__ = "undo_requests"
    __table_args__ = (
        Index(
            "uq_undo_requests_one_pending",
            "game_id",
            unique=True,
            sqlite_where=text("status = 'pending'"),
            postgresql_where=text("status = 'pending'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    at_version: Mapped[int] = mapped_column(Integer)
    requested_by: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), default="pending")
    decided_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    kind: Mapped[str] = mapped_column(String(16), default="undo", server_default="undo")
    #: ``{"action": {...}, "dice": [...] | None}`` for an action request.
    payload: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    text: Mapped[str] = mapped_column(String(500), default="", server_default="")
    #: The seat whose consent is needed (None: any other seat, as for undo).
    ask_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    applied_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)


#: The 0002 name, kept for existing imports.
UndoRequestRow = ConsentRequestRow
