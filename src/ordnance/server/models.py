"""Tables the table server adds beside the journal (migration 0002).

* ``seats``: one row per seat of a game; the seat's token is stored only
  as its SHA-256 hash, so a leaked database does not leak working links.
  ``token_hash`` is NULL while nobody holds the seat (its invitation is not
  claimed yet, or its link was reissued; migration 0003).
* ``seat_invitations`` (migration 0003): one row per invitation to claim a
  seat, stored as the hash of its code. Claiming is a conditional update
  (``WHERE claimed_at IS NULL AND revoked_at IS NULL``), so exactly one
  claim of an invitation wins; a claimed or revoked row stays as the record
  of who issued it and when.
* ``dice_commitments``: the commit-reveal record of server-rolled dice. The
  seed for the action taken at game version N is drawn and its hash stored
  (and shown to both seats) before that action exists; the seed is shown once
  the game has moved past N.
* ``undo_requests``: undo needs the other seat's consent; each request and its
  answer is recorded here (the undo itself is a journal entry).

They share the journal's declarative ``Base`` so the foreign keys to
``games`` resolve; they are defined here (not in the core) because only the
server uses them.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, UniqueConstraint
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
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class InvitationRow(Base):
    __tablename__ = "seat_invitations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[str] = mapped_column(String(32))
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    #: the seat that issued it; None for the invitations made with the table
    issued_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


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


class UndoRequestRow(Base):
    __tablename__ = "undo_requests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    at_version: Mapped[int] = mapped_column(Integer)
    requested_by: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), default="pending")
    decided_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
