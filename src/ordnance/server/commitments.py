"""The server's half of every roll: a seed committed before it is used.

Before the action taken at game version N exists, the server draws a fresh
seed, stores it, and publishes ``sha256(seed)`` in every seat's view. The
action at N rolls with that seed, its own digest *and* the chain elements the
other seats revealed for it once it was committed
(:mod:`ordnance.server.dice_table`, scheme ``ordnance-dice-v2`` in
:mod:`ordnance.server.dice_scheme`), so the seed alone decides nothing: an
operator who reads or replaces a seed before it is published still cannot
choose or predict a roll without every seat's next element. Once the game has
moved past N the seed is shown and anyone can recompute the dice.

A refused action writes nothing, so the commitment for N stays unrevealed and
serves the next attempt. Dice that an event hides from a seat (a secret roll)
keep their seed hidden from that seat too, since the seed would reveal them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import bindparam, insert, select
from sqlalchemy.exc import IntegrityError

from ordnance.core.journal import Journal
from ordnance.server.bounded import TABLES_REMEMBERED, BoundedDict
from ordnance.server.dice_scheme import fresh_seed, seed_hash
from ordnance.server.models import CommitmentRow

__all__ = ["Commitment", "all_commitments", "commitment", "fresh_seed", "seed_hash"]


#: Commitments are drawn this many versions ahead in one transaction, so an
#: action costs one extra write only every BATCH actions. Seeds drawn ahead
#: stay secret until their version is played, like any other.
BATCH = 16


#: (database, game, version) -> (hash, seed): a commitment never changes once
#: drawn, so each process remembers the ones it has read (the latest
#: :data:`REMEMBERED`: a few batches for each table it remembers).
REMEMBERED = 4 * BATCH * TABLES_REMEMBERED // 16
_SEEN: dict[tuple[str, str, int], Commitment] = BoundedDict(REMEMBERED)


#: The commitments of a game from ``:low`` below ``:high``, in order (built once; read
#: as Core rows, no ORM session).
_BATCH = (
    select(CommitmentRow.for_version, CommitmentRow.seed_hash, CommitmentRow.seed)
    .where(
        CommitmentRow.game_id == bindparam("gid"),
        CommitmentRow.for_version >= bindparam("low"),
        CommitmentRow.for_version < bindparam("high"),
    )
    .order_by(CommitmentRow.for_version)
)
#: The versions of ``:low`` below ``:high`` that have a commitment already (built once).
_TAKEN = select(CommitmentRow.for_version).where(
    CommitmentRow.game_id == bindparam("gid"),
    CommitmentRow.for_version >= bindparam("low"),
    CommitmentRow.for_version < bindparam("high"),
)
_INSERT = insert(CommitmentRow)


@dataclass(frozen=True)
class Commitment:
    for_version: int
    seed_hash: str
    seed: str


def _find(journal: Journal, game_id: str, version: int) -> Commitment | None:
    key = (journal.cache_key, game_id, version)
    hit = _SEEN.get(key)
    if hit is not None:
        return hit
    with journal.reading_rows() as c:
        rows = c.execute(_BATCH, {"gid": game_id, "low": version, "high": version + BATCH}).all()
    found = None
    for row in rows:
        seen = Commitment(row.for_version, row.seed_hash, row.seed)
        _SEEN[(journal.cache_key, game_id, row.for_version)] = seen
        if row.for_version == version:
            found = seen
    return found


def commitment(journal: Journal, game_id: str, version: int) -> Commitment:
    """The commitment for the action at ``version``, drawn now if missing.

    Safe under concurrency: the unique (game, version) pair lets one writer
    win; the loser reads the winner's row.
    """
    row = _find(journal, game_id, version)
    if row is not None:
        return row
    try:
        with journal.writing() as c:  # the missing ones of the batch, in one insert
            bounds = {"gid": game_id, "low": version, "high": version + BATCH}
            taken = set(c.execute(_TAKEN, bounds).scalars())
            drawn = [
                {"game_id": game_id, "for_version": v, "seed_hash": seed_hash(seed), "seed": seed}
                for v in range(version, version + BATCH)
                if v not in taken
                for seed in (fresh_seed(),)
            ]
            if drawn:
                c.execute(_INSERT, drawn)
    except IntegrityError:
        pass  # another process drew them first
    row = _find(journal, game_id, version)
    assert row is not None
    return row


#: A range of commitments this short is answered from :data:`_SEEN` when every one is there.
CACHED_RANGE = 256


def all_commitments(
    journal: Journal, game_id: str, below: int, *, from_version: int = 0
) -> list[Commitment]:
    """The commitments of versions ``from_version`` to ``below - 1`` (never those drawn ahead).

    A short range (a log or dice record since the last version seen) is read from
    this process's commitments when it holds them all, since a commitment never
    changes once drawn; otherwise from the database.
    """
    if 0 <= below - from_version <= CACHED_RANGE:
        seen = [_SEEN.get((journal.cache_key, game_id, v)) for v in range(from_version, below)]
        if all(c is not None for c in seen):
            return [c for c in seen if c is not None]
    with journal.reading_rows() as c:
        rows = c.execute(_BATCH, {"gid": game_id, "low": from_version, "high": below}).all()
    return [Commitment(int(r.for_version), str(r.seed_hash), str(r.seed)) for r in rows]
