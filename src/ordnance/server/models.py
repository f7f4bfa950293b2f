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
* ``seat_policies``, ``seat_reissues``, ``seat_events`` and the seats'
  ``recovery_hash``, ``claimed_at``, ``address_hash`` (migration 0008): a
  seat belongs to its holder (:mod:`ordnance.server.seats`): its recovery
  secret, another seat's requests for a new invitation, and the record of
  every change of holder that every seat sees.
* ``dice_commitments``: the commit-reveal record of server-rolled dice. The
  seed for the action taken at game version N is drawn and its hash stored
  (and shown to both seats) before that action exists; the seed is shown once
  the game has moved past N.
* ``dice_tables``, ``dice_anchors``, ``dice_reveals``, ``dice_rolls``
  (migration 0004): the seats' part of every roll (scheme
  ``ordnance-dice-v1``, :mod:`ordnance.server.dice_scheme`): the table's dice
  setting, each seat's published chain anchor, each element a seat revealed
  for a version, and which elements a roll used.
* ``dice_pending`` (migration 0007): an action that rolls at a ``server``
  table, committed (its digest) before any other seat reveals for it; the
  reveals name it (``dice_reveals.pending_id``) and both carry a per-table
  order number (``commit_seq`` < ``seq``), so the record shows each element
  came after the action it feeds. ``dice_tables.wait`` / ``wait_seconds``:
  the table's timeout setting.
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

from sqlalchemy import (
    JSON,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from ordnance.core.journal.models import Base


def _now() -> datetime:
    return datetime.now(UTC)


class _GameRecord:
    """The columns every per-game table of the server starts with: the row's own id and
    its game (the row goes when the game goes). ``sort_order`` keeps them first."""

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True, sort_order=-2)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), index=True, sort_order=-1
    )


class SeatRow(_GameRecord, Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),)

    seat: Mapped[str] = mapped_column(String(32))
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    #: SHA-256 of the holder's recovery secret (migration 0008); NULL while nobody holds it.
    recovery_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: When the present holder took the seat (created the table, claimed, recovered).
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: A keyed digest of the address the holder took the seat from (never the address).
    address_hash: Mapped[str | None] = mapped_column(String(16), nullable=True)


class SeatPolicyRow(Base):
    """What a table agreed at creation about its seats (migration 0008)."""

    __tablename__ = "seat_policies"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    #: How long a seat's holder must stay silent before another seat's reissue completes.
    reissue_wait_seconds: Mapped[int] = mapped_column(Integer)


class ReissueRow(_GameRecord, Base):
    """A request by one seat for a new invitation to another, held, seat (migration 0008).

    ``status``: ``pending`` (the waiting period runs), ``kept`` (the holder was
    seen since: the period no longer runs, only the holder's yes completes it),
    ``completed``, ``declined`` (by the holder), ``withdrawn`` (by the
    requester) or ``cancelled`` (the holder recovered its seat, or a newer
    request replaced it). ``code_hash`` is the invitation the requester holds;
    it opens the seat only once the request is completed.
    """

    __tablename__ = "seat_reissues"

    seat: Mapped[str] = mapped_column(String(32))
    requested_by: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), default="pending")
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: ``accepted`` (the holder agreed) or ``absent`` (the period ran out) when completed.
    how: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: The journal entry (game version) at which it completed.
    at_entry: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SeatEventRow(_GameRecord, Base):
    """The table's record of what happened to its seats, shown to every seat (0008).

    ``kind``: ``claimed``, ``reissue_requested``,
    ``reissue_declined``, ``reissue_withdrawn``, ``reissued``, ``invited``
    (a seat nobody held got a new invitation), ``recovered``. ``at_entry`` is
    the game's version (journal entry) when it happened.
    """

    __tablename__ = "seat_events"

    at_entry: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    seat: Mapped[str] = mapped_column(String(32))
    by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    text: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class InvitationRow(_GameRecord, Base):
    __tablename__ = "seat_invitations"

    seat: Mapped[str] = mapped_column(String(32))
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    #: the seat that issued it; None for the invitations made with the table
    issued_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class CommitmentRow(_GameRecord, Base):
    __tablename__ = "dice_commitments"
    __table_args__ = (
        UniqueConstraint("game_id", "for_version", name="uq_commitments_game_version"),
    )

    for_version: Mapped[int] = mapped_column(Integer)
    seed_hash: Mapped[str] = mapped_column(String(64))
    seed: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ConsentRequestRow(_GameRecord, Base):
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


class DiceTableRow(Base):
    """The dice setting agreed when the table was made: ``server`` or ``entered``."""

    __tablename__ = "dice_tables"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    mode: Mapped[str] = mapped_column(String(16))
    #: ``wait`` (every awaited element) or ``go_ahead`` (after ``wait_seconds``).
    wait: Mapped[str] = mapped_column(String(16), default="go_ahead", server_default="go_ahead")
    wait_seconds: Mapped[int] = mapped_column(Integer, default=60, server_default="60")


class DiceAnchorRow(_GameRecord, Base):
    """A seat's published chain anchor: it serves the actions committed after it (``seq``).

    ``from_version`` is the version it was published at (plus one for anchors
    published before ``seq`` existed, which serve versions >= ``from_version``).
    """

    __tablename__ = "dice_anchors"

    seat: Mapped[str] = mapped_column(String(32))
    anchor: Mapped[str] = mapped_column(String(64))
    from_version: Mapped[int] = mapped_column(Integer)
    #: order number among the table's commitments and reveals (``NULL``: before 0009)
    seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class DiceRevealRow(_GameRecord, Base):
    """One chain element a seat revealed for the action at ``for_version``."""

    __tablename__ = "dice_reveals"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", "for_version", name="uq_dice_reveals_seat_version"),
    )

    seat: Mapped[str] = mapped_column(String(32))
    for_version: Mapped[int] = mapped_column(Integer)
    element: Mapped[str] = mapped_column(String(64))
    anchor_id: Mapped[int] = mapped_column(ForeignKey("dice_anchors.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    #: the pending action this element was revealed for (None: a v1 reveal, or an
    #: element sent with an action that rolled nothing)
    pending_id: Mapped[int | None] = mapped_column(
        ForeignKey("dice_pending.id", ondelete="CASCADE"), nullable=True
    )
    #: the table's order number of this reveal (above its pending action's ``commit_seq``)
    seq: Mapped[int | None] = mapped_column(Integer, nullable=True)


class DicePendingRow(_GameRecord, Base):
    """An action that rolls, committed before the other seats reveal for it.

    ``status``: ``pending``, then ``applied`` (``applied_seq``) or ``expired``
    (the game moved on, or the rules refused it when rolled).
    """

    __tablename__ = "dice_pending"
    __table_args__ = (
        UniqueConstraint("game_id", "at_version", name="uq_dice_pending_game_version"),
        # the table status asks every request whether an action is still pending
        # (migration 0011): one probe, not a visit of every action that ever rolled
        Index("ix_dice_pending_game_status", "game_id", "status"),
    )

    at_version: Mapped[int] = mapped_column(Integer)
    seat: Mapped[str] = mapped_column(String(32))
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    digest: Mapped[str] = mapped_column(String(64))
    #: the random salt hashed into ``digest`` (migration 0010); None: committed before it
    salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seed_hash: Mapped[str] = mapped_column(String(64))
    commit_seq: Mapped[int] = mapped_column(Integer)
    #: the seats whose element the roll waits for
    awaited: Mapped[list[str]] = mapped_column(JSON)
    opened_at: Mapped[float] = mapped_column(Float)
    #: when the roll may go ahead without a silent seat (None: the table waits)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    applied_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)


class DiceRollRow(_GameRecord, Base):
    """A server roll: the seats' elements it used (None: the seat revealed nothing)."""

    __tablename__ = "dice_rolls"
    __table_args__ = (
        UniqueConstraint("game_id", "for_version", name="uq_dice_rolls_game_version"),
    )

    for_version: Mapped[int] = mapped_column(Integer)
    scheme: Mapped[str] = mapped_column(String(32))
    elements: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    #: v2: the pending action this roll settled (its digest is in the message)
    pending_id: Mapped[int | None] = mapped_column(
        ForeignKey("dice_pending.id", ondelete="SET NULL"), nullable=True
    )
    #: v2: awaited seats that stayed silent past the deadline (rolled without them)
    without: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
