"""What a request must know of a table before it reads more, in one statement.

Every request of a seat reads the game's version; the same statement says
whether the table has anything open that other reads would look for: a
reissue request (whose holder's activity stops its waiting period, see
docs/server.md "Asking for a new invitation for another seat"), a consent
request, an action waiting for its dice, how many seat events it holds and its
newest dice chain anchor and reveal.
A helper that finds its flag down skips its own read, which would have found
nothing; one that finds it up reads as before. The answer is kept for the
request (:meth:`Journal.remembered`) until a write of the request ends, as the
version is, and it primes the remembered version.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import BindParameter, bindparam, exists, func, select

from ordnance.core.journal.models import GameRow
from ordnance.core.journal.store import Journal, as_text
from ordnance.server.models import (
    ConsentRequestRow,
    DiceAnchorRow,
    DicePendingRow,
    DiceRevealRow,
    ReissueRow,
    SeatEventRow,
)

#: The reissue statuses listed to the seats (``seats.OPEN``, repeated to keep this
#: module free of seats' imports; a test checks they agree).
REISSUE_OPEN = ("pending", "kept")


@dataclass(frozen=True)
class TableStatus:
    """One table at the start of a request (the flags are "any such row")."""

    version: int
    reissue_pending: bool
    reissue_open: bool
    consent_pending: bool
    dice_pending: bool
    seat_events: int
    #: the id of the table's newest dice chain anchor (0: none; -1: unknown), so
    #: the anchors, which are only ever added, are read once per new anchor
    anchors_top: int = -1
    #: the id of its newest dice reveal (0: none; -1: unknown): it names every chain's head
    reveals_top: int = -1


_GID: BindParameter[str] = bindparam("gid")

_STATEMENT = select(
    GameRow.version,
    exists().where(ReissueRow.game_id == _GID, ReissueRow.status == "pending"),
    exists().where(ReissueRow.game_id == _GID, ReissueRow.status.in_(REISSUE_OPEN)),
    exists().where(ConsentRequestRow.game_id == _GID, ConsentRequestRow.status == "pending"),
    exists().where(DicePendingRow.game_id == _GID, DicePendingRow.status == "pending"),
    select(func.count())
    .select_from(SeatEventRow)
    .where(SeatEventRow.game_id == _GID)
    .scalar_subquery(),
    select(func.max(DiceAnchorRow.id)).where(DiceAnchorRow.game_id == _GID).scalar_subquery(),
    select(func.max(DiceRevealRow.id)).where(DiceRevealRow.game_id == _GID).scalar_subquery(),
).where(GameRow.id == _GID)

#: The statement as text, compiled once: a request runs it without walking its tree
#: for a cache key (:func:`as_text`)
_SQL = as_text(_STATEMENT, "gid")

#: No such game: every flag up, so each helper reads (and answers) as it always did.
_UNKNOWN = TableStatus(0, True, True, True, True, -1, -1, -1)


def status(journal: Journal, game_id: str) -> TableStatus:
    """The table's version and flags, read once per request (one statement)."""

    def read() -> TableStatus:
        # a row, no ORM entities, as text compiled once; on SQLite on the thread's own
        # driver connection (Journal.first_row): no pool checkout, no execution layers
        row = journal.first_row(_SQL, {"gid": game_id})
        if row is None:
            return _UNKNOWN
        version, pending, open_, consent, dice, events, anchors, reveals = row
        return TableStatus(
            int(version),
            bool(pending),
            bool(open_),
            bool(consent),
            bool(dice),
            int(events or 0),
            int(anchors or 0),
            int(reveals or 0),
        )

    found = journal.remembered(("table_status", game_id), read)
    if found is not _UNKNOWN:
        journal.remembered_version(game_id, lambda: found.version)
    return found


def after_own_write(journal: Journal, game_id: str, before: TableStatus, **changed: object) -> None:
    """Keep for the rest of the request the status as this request's own write left it
    (``before``, read at its start, with ``changed``), instead of reading it again.

    Only for writes made under the game row's lock that change what they name (a
    commitment of an action that rolls, a reveal): anchors and reveals are written
    under that lock, so their ids follow the order of commits and the newest one is
    what this write added."""
    if before is _UNKNOWN:
        return
    now = replace(before, **changed)  # type: ignore[arg-type]
    journal.remembered(("table_status", game_id), lambda: now)
    journal.remembered_version(game_id, lambda: now.version)
