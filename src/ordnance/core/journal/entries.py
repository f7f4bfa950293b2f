"""Journal entries as read back, and which actions are still in force.

An undo names the action it cancelled (``undone_seq``), so whether an action
is in force can be settled by walking back from the newest entry; an undo
entry without a usable ``undone_seq`` (:class:`BrokenChain`) makes the
callers fall back to a full read.

SQLAlchemy and the table models (:mod:`.models`) are imported inside the
functions that query, as in :mod:`.store`: ``ordnance game --help`` imports this
module and must not load SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ordnance.core.events import Event
from ordnance.core.shapes import EntryView

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.journal.store import Journal


@dataclass(frozen=True)
class JournalEntry:
    """One journal line as read back. Its events are decoded on first use."""

    seq: int
    kind: str
    seat: str | None
    action: Mapping[str, Any]
    dice: tuple[tuple[int, int, str], ...]
    dice_origin: str
    records: tuple[Mapping[str, Any], ...] = field(default=(), repr=False)
    undone: bool = False

    @cached_property
    def events(self) -> tuple[Event, ...]:
        return tuple(Event.from_record(r) for r in self.records)

    @property
    def undone_seq(self) -> int | None:
        """For an undo entry: the seq of the action it cancelled (as recorded)."""
        if self.kind != "undo" or not self.records:
            return None
        value = (self.records[0].get("data") or {}).get("undone_seq")
        return value if isinstance(value, int) else None

    def for_seat(self, seat: str | None) -> EntryView:
        """The entry as ``seat`` may see it: events through their observer.

        The raw action is not included, since an action may name a secret
        (e.g. which munitions token was bought); its events say what happened.
        """
        return {
            "seq": self.seq,
            "kind": self.kind,
            "seat": self.seat,
            "undone": self.undone,
            "dice": [v for v, _s, _l in self.dice] if self._dice_public(seat) else None,
            "events": [e.for_seat(seat) for e in self.events],
        }

    def _dice_public(self, seat: str | None) -> bool:
        # Dice are public unless an event of this entry is secret from ``seat``.
        return all(e.visible_to(seat) for e in self.events)


def columns() -> tuple[Any, ...]:
    """The columns an entry is read from (SQLAlchemy only when a journal is read)."""
    from ordnance.core.journal.models import EntryRow

    return (
        EntryRow.seq,
        EntryRow.kind,
        EntryRow.seat,
        EntryRow.action,
        EntryRow.dice,
        EntryRow.dice_origin,
        EntryRow.events,
    )


def from_row(row: Sequence[Any]) -> JournalEntry:
    seq, kind, seat, action, dice, origin, events = row
    return JournalEntry(
        seq=seq,
        kind=kind,
        seat=seat,
        action=action,
        dice=tuple((int(v), int(s), str(lbl)) for v, s, lbl in dice),
        dice_origin=origin,
        records=tuple(events),
    )


def effective_entries(entries: Sequence[JournalEntry]) -> list[JournalEntry]:
    """The actions still in force: each undo cancels the latest one left."""
    stack: list[JournalEntry] = []
    for entry in entries:
        if entry.kind == "undo":
            if stack:
                stack.pop()
        else:
            stack.append(entry)
    return stack


def read_all(journal: Journal, game_id: str) -> list[JournalEntry]:
    """Every entry of the game, unmarked (the input of a full replay)."""
    from sqlalchemy import select

    from ordnance.core.journal.models import EntryRow

    with journal.reading() as s:
        rows = s.execute(
            select(*columns()).where(EntryRow.game_id == game_id).order_by(EntryRow.seq)
        ).all()
    return [from_row(r) for r in rows]


class BrokenChain(Exception):
    """An undo entry without a usable ``undone_seq``: fall back to a full replay."""


def step_back(entry: JournalEntry) -> int:
    """The version whose state ``entry`` was applied to, seen walking back from it.

    An action at k starts from version k - 1; an undo of entry k leaves the
    state the game had before k (an undo cancels the newest action in force,
    and everything after that action was itself undone), so the walk jumps to
    k - 1. Both walks over the journal (the actions in force, the nearest
    known state) take their steps here.
    """
    if entry.kind != "undo":
        return entry.seq - 1
    undone = entry.undone_seq
    if undone is None or not 0 < undone < entry.seq:
        raise BrokenChain
    return undone - 1


def in_force(entries: Sequence[JournalEntry], since: int) -> set[int]:
    """Seqs above ``since`` of the actions in force after the last of ``entries``.

    ``entries`` must be every entry after ``since``. The newest action in
    force is the last entry if it is an action; an undo of k hands the
    question to entry k - 1.
    """
    by_seq = {e.seq: e for e in entries}
    alive: set[int] = set()
    t = entries[-1].seq if entries else since
    while t > since:
        entry = by_seq.get(t)
        if entry is None:
            raise BrokenChain
        if entry.kind != "undo":
            alive.add(t)
        t = step_back(entry)
    return alive


def mark_undone(entry: JournalEntry) -> JournalEntry:
    return replace(entry, undone=True)
