"""A game bound to its journal: act, rebuild, undo, replay.

Every action goes through the game's pure ``apply`` first; only when it
succeeds is it appended, with the dice it consumed and its events, in one
transaction that also bumps the game's version. A refused action (any
:class:`~ordnance.core.errors.OrdnanceError`) writes nothing.

State is never stored: it is the fold of the effective actions, replayed with
their recorded dice. Undo is itself an entry, so the journal stays
append-only and a replay of the same entries always gives the same state.

A session opened for one game type (``GameSession(journal, id, expect="asl")``,
or inside :func:`ordnance.core.journal.scope.expecting`, as every
``ordnance <game> ...`` command is) refuses a game id of another type with
:class:`WrongGame` before any of that game's code runs.

"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

from ordnance.core import registry
from ordnance.core.dice import DiceSource, EnteredDice, SeededDice
from ordnance.core.errors import (
    InvalidDice,
    OrdnanceError,
    RuleViolation,
    StaleVersion,
    UnknownName,
)
from ordnance.core.events import Event
from ordnance.core.game import Game
from ordnance.core.journal import snapshots
from ordnance.core.journal.scope import expected_game
from ordnance.core.journal.snapshots import STATES
from ordnance.core.journal.store import Journal
from ordnance.core.shapes import EntryView, SessionView
from ordnance.core.turns import check_turn

#: Runs inside the append's transaction (e.g. a consent request marked
#: accepted); raising rolls the whole append back.
Within = Callable[["Session"], None]

if TYPE_CHECKING:  # pragma: no cover
    from sqlalchemy.orm import Session

    from ordnance.core.journal.models import SnapshotRow


class WrongGame(UnknownName):
    """A game id that names a game of another type than the command serves."""


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


def _columns() -> tuple[Any, ...]:
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


def _entry(row: Sequence[Any]) -> JournalEntry:
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


class Position(NamedTuple):
    """A game at one version: its state and the newest action in force (0: none)."""

    version: int
    state: Any
    top: int


class _BrokenChain(Exception):
    """An undo entry without a usable ``undone_seq``: fall back to a full replay."""


class GameSession:
    """One game in a journal. Cheap to create; the states it rebuilds are cached.

    ``game_name`` and ``settings`` may be passed by a caller that has already
    read the game's row (the table server), to save one query.
    """

    def __init__(
        self,
        journal: Journal,
        game_id: str,
        *,
        game_name: str | None = None,
        settings: Mapping[str, Any] | None = None,
        expect: str | None = None,
    ):
        from ordnance.core.journal.models import GameRow

        self.journal = journal
        self.game_id = game_id
        if game_name is None or settings is None:
            with journal.reading() as s:
                row = s.get(GameRow, game_id)
                if row is None:
                    raise UnknownName(f"no game with id {game_id!r} in {journal.url}")
                game_name, settings = row.game, row.settings
        self.game_name: str = game_name
        self.settings: dict[str, Any] = dict(settings)
        wanted = expect if expect is not None else expected_game.get()
        if wanted is not None and wanted != self.game_name:
            raise WrongGame(
                f"game {game_id!r} is of game type {self.game_name!r}, not {wanted!r}",
                hint=f"use 'ordnance {self.game_name} ...' or 'ordnance game ...' for it",
            )
        self.game: Game[Any] = registry.game(self.game_name)

    @cached_property
    def code_key(self) -> str:
        """The key this game's snapshots are stored under (see :mod:`.snapshots`)."""
        return snapshots.code_key(self.game, self.settings)

    # -- creation -------------------------------------------------------------
    @classmethod
    def create(
        cls,
        journal: Journal,
        game_name: str,
        settings: Mapping[str, Any],
        game_id: str | None = None,
    ) -> GameSession:
        from ordnance.core.journal.models import GameRow

        game = registry.game(game_name)
        game.new(settings)  # validate before anything is written
        if game_id is not None and (
            not game_id.strip() or len(game_id) > 64 or not game_id.isprintable()
        ):
            raise OrdnanceError(
                f"{game_id!r} cannot be a game id",
                hint="use up to 64 printable characters, or leave the id out for a random one",
            )
        gid = game_id or uuid.uuid4().hex[:12]
        with journal.transaction() as s:
            if s.get(GameRow, gid) is not None:
                raise OrdnanceError(f"a game with id {gid!r} already exists")
            s.add(
                GameRow(
                    id=gid,
                    game=game_name,
                    rules_version=game.rules_version,
                    settings=dict(settings),
                    version=0,
                )
            )
        return cls(journal, gid)

    # -- reading ----------------------------------------------------------------
    def entries(self, since: int = 0) -> list[JournalEntry]:
        """The entries after seq ``since`` (all by default), each marked undone if it is.

        Only those rows are read (``WHERE seq > since``): whether an action
        is still in force is settled by walking back from the newest entry,
        since an undo names the action it cancelled.
        """
        from sqlalchemy import select

        from ordnance.core.journal.models import EntryRow

        with self.journal.reading() as s:
            rows = s.execute(
                select(*_columns())
                .where(EntryRow.game_id == self.game_id, EntryRow.seq > since)
                .order_by(EntryRow.seq)
            ).all()
        entries = [_entry(r) for r in rows]
        try:
            alive = _in_force(entries, since)
        except _BrokenChain:
            alive = {e.seq for e in effective_entries(self.entries_all())}
        return [e if e.kind == "undo" or e.seq in alive else _mark_undone(e) for e in entries]

    def entries_all(self) -> list[JournalEntry]:
        """Every entry, unmarked (the input of :meth:`replay`)."""
        from sqlalchemy import select

        from ordnance.core.journal.models import EntryRow

        with self.journal.reading() as s:
            rows = s.execute(
                select(*_columns()).where(EntryRow.game_id == self.game_id).order_by(EntryRow.seq)
            ).all()
        return [_entry(r) for r in rows]

    @property
    def version(self) -> int:
        from sqlalchemy import select

        from ordnance.core.journal.models import GameRow

        with self.journal.reading() as s:
            v = s.scalar(select(GameRow.version).where(GameRow.id == self.game_id))
        return int(v or 0)

    def state(self) -> Any:
        """The current state: by definition ``replay(entries())``.

        It is computed from the nearest cached state (:data:`.snapshots.STATES`,
        then the ``snapshots`` table) plus the entries after it, which is the
        same fold (tests check it against a full replay).
        """
        return self._current()[1]

    def position(self) -> Position:
        """The current version, state and newest action in force, in one read."""
        version = self.version
        state, top = self._at(version)
        return Position(version, state, top)

    def _current(self) -> tuple[int, Any]:
        version = self.version
        return version, self._at(version)[0]

    def _at(self, version: int) -> tuple[Any, int]:
        """(state, top) after the first ``version`` entries."""
        hit = STATES.get((self.journal.cache_key, self.game_id, version))
        if hit is not None:
            return hit
        try:
            base, pending = self._walk(version)
        except _BrokenChain:
            entries = self.entries_all()[:version]
            in_force = effective_entries(entries)
            result = (self.replay(entries), in_force[-1].seq if in_force else 0)
            STATES.put((self.journal.cache_key, self.game_id, version), result)
            return result
        state, top = base
        for entry in reversed(pending):
            dice = EnteredDice([v for v, _s, _l in entry.dice])
            state = self.game.apply(state, entry.action, dice, entry.seat).state
            top = entry.seq
        STATES.put((self.journal.cache_key, self.game_id, version), (state, top))
        if len(pending) >= snapshots.EVERY:
            self._save_snapshot(version, state, top)
        return state, top

    def _walk(self, version: int) -> tuple[tuple[Any, int], list[JournalEntry]]:
        """The nearest known state below ``version`` and the actions to apply on it.

        Going back from ``version``: an action needs the state before it; an
        undo of entry k leaves the state the game had before k (an undo
        cancels the newest action in force, and everything after that action
        was itself undone). So the walk follows at most the entries since
        the nearest snapshot, jumping over undone stretches. Returns the
        actions newest first.
        """
        from sqlalchemy import select

        from ordnance.core.journal.models import EntryRow, SnapshotRow

        url, gid = self.journal.cache_key, self.game_id
        rows: dict[int, JournalEntry] = {}
        snaps: dict[int, tuple[bytes, int]] = {}
        refused: set[int] = set()
        pending: list[JournalEntry] = []
        target = version
        with self.journal.reading() as s:
            while True:
                if target <= 0:
                    return (self.game.new(self.settings), 0), pending
                hit = STATES.get((url, gid, target))
                if hit is not None:
                    return hit, pending
                if target in snaps and target not in refused:
                    blob, top = snaps[target]
                    try:
                        return (snapshots.loads(blob, self.game), top), pending
                    except Exception:  # a bad snapshot is only a cache miss
                        refused.add(target)
                if target not in rows:
                    query = select(SnapshotRow.seq, SnapshotRow.state, SnapshotRow.top).where(
                        SnapshotRow.game_id == gid,
                        SnapshotRow.code_key == self.code_key,
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
                        select(*_columns()).where(
                            EntryRow.game_id == gid, EntryRow.seq > low, EntryRow.seq <= target
                        )
                    ).all()
                    rows.update((r[0], _entry(r)) for r in found)
                    if target not in rows:
                        raise _BrokenChain
                entry = rows[target]
                if entry.kind == "undo":
                    undone = entry.undone_seq
                    if undone is None or not 0 < undone < target:
                        raise _BrokenChain
                    target = undone - 1
                else:
                    pending.append(entry)
                    target -= 1

    def _save_snapshot(self, seq: int, state: Any, top: int) -> None:
        """Store a snapshot made while reading (best effort: it is only a cache)."""
        from sqlalchemy.exc import DBAPIError, IntegrityError

        blob = snapshots.dumps(state)
        if blob is None:
            return
        try:
            with self.journal.transaction() as s:
                s.add(self._snapshot_row(seq, blob, top))
        except (IntegrityError, DBAPIError):
            pass  # another process stored it first, or the database is busy

    def _snapshot_row(self, seq: int, blob: bytes, top: int) -> SnapshotRow:
        from ordnance.core.journal.models import SnapshotRow

        return SnapshotRow(
            game_id=self.game_id,
            seq=seq,
            rules_version=self.game.rules_version,
            code_key=self.code_key,
            top=top,
            state=blob,
        )

    def replay(self, entries: Sequence[JournalEntry]) -> Any:
        """The definition of state: fold the effective actions with their recorded dice."""
        state = self.game.new(self.settings)
        for entry in effective_entries(list(entries)):
            dice = EnteredDice([v for v, _s, _l in entry.dice])
            state = self.game.apply(state, entry.action, dice, entry.seat).state
        return state

    def view(self, seat: str | None) -> SessionView:
        version, state = self._current()
        self._check_seat(state, seat)
        return {**self.game.view(state, seat), "game_id": self.game_id, "version": version}

    def log(self, seat: str | None, since: int = 0) -> list[EntryView]:
        self._check_seat(self._current()[1], seat)
        return [e.for_seat(seat) for e in self.entries(since)]

    def _check_seat(self, state: Any, seat: str | None) -> None:
        """A view, log or action is asked for as a side of this game (or as no side: ``None``)."""
        sides = list(self.game.seats(state))
        if seat is not None and seat not in sides:
            raise UnknownName(
                f"{seat!r} is not a side of this {self.game.title} game",
                hint="give one of: " + ", ".join(sides),
            )

    # -- writing --------------------------------------------------------------------
    def act(
        self,
        action: Mapping[str, Any],
        dice: DiceSource | None = None,
        seat: str | None = None,
        expected_version: int | None = None,
        *,
        consented: bool = False,
        within: Within | None = None,
    ) -> JournalEntry:
        """Apply ``action`` and append it; refuse and write nothing on error.

        The sequence of play is checked first (:func:`check_turn`: owner,
        ``done``, consent); ``consented`` says the other seats agreed.
        ``within`` runs inside the appending transaction, after the version
        bump, so a face can write its own rows about this entry atomically
        with it (a consent answer, the server's dice record); if it raises,
        nothing is written.
        """
        dice = dice if dice is not None else SeededDice()
        version, state = self._current()
        if expected_version is not None and expected_version != version:
            raise StaleVersion(expected_version, version)
        self._check_seat(state, seat)  # a name that is no side is refused as such, first
        check_turn(self.game, state, action, seat, consented=consented)
        try:
            outcome = self.game.apply(state, dict(action), dice, seat)
            if isinstance(dice, EnteredDice):
                dice.finish()
        except InvalidDice as exc:
            raise self.game.dice_refusal(exc, action) from None
        origin = "entered" if isinstance(dice, EnteredDice) else "rolled"
        after = (outcome.state, version + 1)
        entry = self._append(
            version,
            kind="action",
            seat=seat,
            action=dict(action),
            dice=[[r.value, r.sides, r.label] for r in dice.rolls],
            origin=origin,
            events=list(outcome.events),
            snapshot=after if (version + 1) % snapshots.EVERY == 0 else None,
            within=within,
        )
        STATES.put((self.journal.cache_key, self.game_id, version + 1), after)
        return entry

    def undo(
        self,
        seat: str | None = None,
        expected_version: int | None = None,
        *,
        within: Within | None = None,
    ) -> JournalEntry:
        version = self.version
        if expected_version is not None and expected_version != version:
            raise StaleVersion(expected_version, version)
        _state, top = self._at(version)
        if top == 0:
            raise RuleViolation("CORE-UNDO", "there is nothing to undo", hint="act first")
        after = self._at(top - 1)  # the state before the cancelled action
        event = Event("undo", {"undone_seq": top}, text=f"undid entry {top}")
        entry = self._append(
            version,
            kind="undo",
            seat=seat,
            action={"type": "undo"},
            dice=[],
            origin="none",
            events=[event],
            snapshot=after,
            within=within,
        )
        STATES.put((self.journal.cache_key, self.game_id, version + 1), after)
        return entry

    def _append(
        self,
        version: int,
        *,
        kind: str,
        seat: str | None,
        action: dict[str, Any],
        dice: list[list[Any]],
        origin: str,
        events: list[Event],
        snapshot: tuple[Any, int] | None = None,
        within: Within | None = None,
    ) -> JournalEntry:
        from sqlalchemy import func, select, update

        from ordnance.core.journal.models import EntryRow, GameRow

        blob = snapshots.dumps(snapshot[0]) if snapshot is not None else None
        with self.journal.transaction() as s:
            bumped = s.execute(
                update(GameRow)
                .where(GameRow.id == self.game_id, GameRow.version == version)
                .values(version=version + 1)
            )
            if bumped.rowcount != 1:  # type: ignore[attr-defined]
                actual = s.scalar(select(func.count()).where(EntryRow.game_id == self.game_id))
                raise StaleVersion(version, int(actual or 0))
            records = [e.to_record() for e in events]
            s.add(
                EntryRow(
                    game_id=self.game_id,
                    seq=version + 1,
                    kind=kind,
                    seat=seat,
                    action=action,
                    dice=dice,
                    dice_origin=origin,
                    events=records,
                )
            )
            if blob is not None and snapshot is not None:
                s.add(self._snapshot_row(version + 1, blob, snapshot[1]))
            s.flush()
            if within is not None:
                within(s)
        return _entry((version + 1, kind, seat, action, dice, origin, records))


def _in_force(entries: Sequence[JournalEntry], since: int) -> set[int]:
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
            raise _BrokenChain
        if entry.kind == "undo":
            undone = entry.undone_seq
            if undone is None or not 0 < undone < t:
                raise _BrokenChain
            t = undone - 1
        else:
            alive.add(t)
            t -= 1
    return alive


def _mark_undone(entry: JournalEntry) -> JournalEntry:
    return replace(entry, undone=True)


class GameSummary(TypedDict):
    """One line of :func:`list_games`."""

    id: str
    game: str
    version: int
    created_at: str


def list_games(journal: Journal) -> list[GameSummary]:
    from sqlalchemy import select

    from ordnance.core.journal.models import GameRow

    with journal.reading() as s:
        rows = s.scalars(select(GameRow).order_by(GameRow.created_at)).all()
        return [
            {
                "id": r.id,
                "game": r.game,
                "version": r.version,
                "created_at": r.created_at.isoformat(),
            }
            for r in rows
        ]
