"""The state of a game at a version, derived from the nearest known state.

By definition the state after the first ``v`` entries is :func:`replay` of
them. Deriving it reads less: start from the nearest state already known
below ``v`` (the process cache :data:`.snapshots.STATES`, then the
``snapshots`` table, then a new game) and apply only the actions between
(:func:`walk`); every :data:`.snapshots.EVERY` applied actions the result is
stored as a snapshot. Tests check the result against a full replay at every
version (``tests/core/test_snapshots.py``).

Like :mod:`.session`, which imports it, this module queries through
:mod:`.models` only inside its functions (so ``ordnance game --help`` loads no
SQLAlchemy).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ordnance.core.dice import EnteredDice
from ordnance.core.game import Game, _replay_recorded
from ordnance.core.journal import snapshots
from ordnance.core.journal.entries import (
    BrokenChain,
    JournalEntry,
    columns,
    effective_entries,
    from_row,
    read_all,
    step_back,
)
from ordnance.core.journal.snapshots import STATES

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.journal.models import SnapshotRow
    from ordnance.core.journal.store import Journal


class GameInJournal(Protocol):
    """What deriving a state needs to know of a game (a ``GameSession`` is one)."""

    @property
    def journal(self) -> Journal: ...

    @property
    def game_id(self) -> str: ...

    @property
    def game(self) -> Game[Any]: ...

    @property
    def settings(self) -> Mapping[str, Any]: ...

    @property
    def code_key(self) -> str:
        """The key the game's snapshots are stored under (:func:`.snapshots.code_key`)."""
        ...


def replay(game: Game[Any], settings: Mapping[str, Any], entries: Sequence[JournalEntry]) -> Any:
    """The definition of state: fold the effective actions with their recorded dice."""
    state = game.new(settings)
    for entry in effective_entries(list(entries)):
        dice = EnteredDice([v for v, _s, _l in entry.dice])
        state = _replay_recorded(game, state, entry.action, dice, entry.seat).state
    return state


def state_at(source: GameInJournal, version: int) -> tuple[Any, int]:
    """(state, top) after the first ``version`` entries (top: the newest action in force)."""
    key = (source.journal.cache_key, source.game_id, version)
    hit = STATES.get(key)
    if hit is not None:
        return hit
    try:
        base, pending = walk(source, version)
    except BrokenChain:
        entries = read_all(source.journal, source.game_id)[:version]
        alive = effective_entries(entries)
        result = (replay(source.game, source.settings, entries), alive[-1].seq if alive else 0)
        STATES.put(key, result)
        return result
    state, top = base
    for entry in reversed(pending):
        dice = EnteredDice([v for v, _s, _l in entry.dice])
        state = _replay_recorded(source.game, state, entry.action, dice, entry.seat).state
        top = entry.seq
    STATES.put(key, (state, top))
    if len(pending) >= snapshots.EVERY:
        save_snapshot(source, version, state, top)
    return state, top


def walk(source: GameInJournal, version: int) -> tuple[tuple[Any, int], list[JournalEntry]]:
    """The nearest known state below ``version`` and the actions to apply on it.

    Going back from ``version``: an action needs the state before it; an
    undo of entry k leaves the state the game had before k (an undo
    cancels the newest action in force, and everything after that action
    was itself undone). So the walk follows at most the entries since
    the nearest snapshot, jumping over undone stretches. Returns the
    actions newest first; raises :class:`BrokenChain` when an undo does not
    say what it cancelled.
    """
    from sqlalchemy import select

    from ordnance.core.journal.models import EntryRow, SnapshotRow

    url, gid = source.journal.cache_key, source.game_id
    rows: dict[int, JournalEntry] = {}
    snaps: dict[int, tuple[bytes, int]] = {}
    refused: set[int] = set()
    pending: list[JournalEntry] = []
    target = version
    with source.journal.reading() as s:
        while True:
            if target <= 0:
                return (source.game.new(source.settings), 0), pending
            hit = STATES.get((url, gid, target))
            if hit is not None:
                return hit, pending
            if target in snaps and target not in refused:
                blob, top = snaps[target]
                try:
                    return (snapshots.loads(blob, source.game), top), pending
                except Exception:  # a bad snapshot is only a cache miss
                    refused.add(target)
            if target not in rows:
                query = select(SnapshotRow.seq, SnapshotRow.state, SnapshotRow.top).where(
                    SnapshotRow.game_id == gid,
                    SnapshotRow.code_key == source.code_key,
                    SnapshotRow.seq <= target,
                )
                if refused:
                    query = query.where(SnapshotRow.seq.not_in(refused))
                snap = s.execute(query.order_by(SnapshotRow.seq.desc()).limit(1)).first()
                low = 0
                if snap is not None:
                    snaps[snap.seq] = (snap.state, snap.top)
                    low = snap.seq
                    if low == target:
                        continue
                found = s.execute(
                    select(*columns()).where(
                        EntryRow.game_id == gid, EntryRow.seq > low, EntryRow.seq <= target
                    )
                ).all()
                rows.update((r[0], from_row(r)) for r in found)
                if target not in rows:
                    raise BrokenChain
            entry = rows[target]
            if entry.kind != "undo":
                pending.append(entry)
            target = step_back(entry)


def save_snapshot(source: GameInJournal, seq: int, state: Any, top: int) -> None:
    """Store a snapshot made while reading (best effort: it is only a cache)."""
    from sqlalchemy.exc import DBAPIError, IntegrityError

    blob = snapshots.dumps(state, source.game)
    if blob is None:
        return
    try:
        with source.journal.transaction() as s:
            s.add(snapshot_row(source, seq, blob, top))
    except (IntegrityError, DBAPIError):
        pass  # another process stored it first, or the database is busy


def snapshot_row(source: GameInJournal, seq: int, blob: bytes, top: int) -> SnapshotRow:
    """The ``snapshots`` row of the state ``blob`` after entry ``seq``."""
    from ordnance.core.journal.models import SnapshotRow

    return SnapshotRow(**snapshot_values(source, seq, blob, top))


def snapshot_values(source: GameInJournal, seq: int, blob: bytes, top: int) -> dict[str, Any]:
    """The columns of :func:`snapshot_row` (for a Core insert)."""
    return {
        "game_id": source.game_id,
        "seq": seq,
        "rules_version": source.game.rules_version,
        "code_key": source.code_key,
        "top": top,
        "state": blob,
    }
