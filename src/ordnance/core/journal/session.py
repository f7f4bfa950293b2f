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

SQLAlchemy is imported inside the methods that query (see :mod:`.store`).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ordnance.core import registry
from ordnance.core.dice import DiceSource, EnteredDice, SeededDice
from ordnance.core.errors import OrdnanceError, RuleViolation, StaleVersion, UnknownName
from ordnance.core.game import Event, Game
from ordnance.core.journal.scope import expected_game
from ordnance.core.journal.store import Journal

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.journal.models import EntryRow


class WrongGame(UnknownName):
    """A game id that names a game of another type than the command serves."""


@dataclass(frozen=True)
class JournalEntry:
    """One journal line as read back."""

    seq: int
    kind: str
    seat: str | None
    action: Mapping[str, Any]
    dice: tuple[tuple[int, int, str], ...]
    dice_origin: str
    events: tuple[Event, ...]
    undone: bool = False

    def for_seat(self, seat: str | None) -> dict[str, Any]:
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


def _row_to_entry(row: EntryRow) -> JournalEntry:
    return JournalEntry(
        seq=row.seq,
        kind=row.kind,
        seat=row.seat,
        action=row.action,
        dice=tuple((int(v), int(s), str(lbl)) for v, s, lbl in row.dice),
        dice_origin=row.dice_origin,
        events=tuple(Event.from_record(e) for e in row.events),
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


class GameSession:
    """One game in a journal. Cheap to create; holds no state between calls."""

    def __init__(self, journal: Journal, game_id: str, *, expect: str | None = None):
        from ordnance.core.journal.models import GameRow

        self.journal = journal
        self.game_id = game_id
        with journal.reading() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise UnknownName(f"no game with id {game_id!r} in {journal.url}")
            self.game_name = row.game
            self.settings: dict[str, Any] = dict(row.settings)
        wanted = expect if expect is not None else expected_game.get()
        if wanted is not None and wanted != self.game_name:
            raise WrongGame(
                f"game {game_id!r} is of game type {self.game_name!r}, not {wanted!r}",
                hint=f"use 'ordnance {self.game_name} ...' or 'ordnance game ...' for it",
            )
        self.game: Game[Any] = registry.game(self.game_name)

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
    def entries(self) -> list[JournalEntry]:
        from sqlalchemy import select

        from ordnance.core.journal.models import EntryRow

        with self.journal.reading() as s:
            rows = s.scalars(
                select(EntryRow).where(EntryRow.game_id == self.game_id).order_by(EntryRow.seq)
            ).all()
            entries = [_row_to_entry(r) for r in rows]
        alive = {e.seq for e in effective_entries(entries)}
        return [e if e.kind == "undo" or e.seq in alive else _mark_undone(e) for e in entries]

    @property
    def version(self) -> int:
        from sqlalchemy import select

        from ordnance.core.journal.models import GameRow

        with self.journal.reading() as s:
            v = s.scalar(select(GameRow.version).where(GameRow.id == self.game_id))
        return int(v or 0)

    def state(self) -> Any:
        """The current state: rebuilt by replaying every effective action with its dice.

        States are immutable, so the rebuilt state is cached per process under
        (database, game, version); another process's append changes the
        version and so misses the cache. The cache is an optimisation only:
        ``replay(entries())`` is always the definition.
        """
        return self._current()[1]

    def _current(self) -> tuple[int, Any]:
        key = (self.journal.url, self.game_id)
        version = self.version
        hit = _STATE_CACHE.get(key)
        if hit is not None and hit[0] == version:
            return hit
        entries = self.entries()
        current = (len(entries), self.replay(entries))
        _remember(key, current)
        return current

    def replay(self, entries: Sequence[JournalEntry]) -> Any:
        state = self.game.new(self.settings)
        for entry in effective_entries(list(entries)):
            dice = EnteredDice([v for v, _s, _l in entry.dice])
            state = self.game.apply(state, entry.action, dice, entry.seat).state
        return state

    def view(self, seat: str | None) -> dict[str, Any]:
        version, state = self._current()
        view = self.game.view(state, seat)
        view["game_id"] = self.game_id
        view["version"] = version
        return view

    def log(self, seat: str | None) -> list[dict[str, Any]]:
        return [e.for_seat(seat) for e in self.entries()]

    # -- writing --------------------------------------------------------------------
    def act(
        self,
        action: Mapping[str, Any],
        dice: DiceSource | None = None,
        seat: str | None = None,
        expected_version: int | None = None,
    ) -> JournalEntry:
        """Apply ``action`` and append it; refuse and write nothing on error."""
        dice = dice if dice is not None else SeededDice()
        version, state = self._current()
        if expected_version is not None and expected_version != version:
            raise StaleVersion(expected_version, version)
        outcome = self.game.apply(state, dict(action), dice, seat)
        if isinstance(dice, EnteredDice):
            dice.finish()
        origin = "entered" if isinstance(dice, EnteredDice) else "rolled"
        entry = self._append(
            version,
            kind="action",
            seat=seat,
            action=dict(action),
            dice=[[r.value, r.sides, r.label] for r in dice.rolls],
            origin=origin,
            events=list(outcome.events),
        )
        _remember((self.journal.url, self.game_id), (version + 1, outcome.state))
        return entry

    def undo(self, seat: str | None = None, expected_version: int | None = None) -> JournalEntry:
        entries = self.entries()
        version = len(entries)
        if expected_version is not None and expected_version != version:
            raise StaleVersion(expected_version, version)
        if not effective_entries(entries):
            raise RuleViolation("CORE-UNDO", "there is nothing to undo", hint="act first")
        undone = effective_entries(entries)[-1]
        event = Event("undo", {"undone_seq": undone.seq}, text=f"undid entry {undone.seq}")
        return self._append(
            version,
            kind="undo",
            seat=seat,
            action={"type": "undo"},
            dice=[],
            origin="none",
            events=[event],
        )

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
    ) -> JournalEntry:
        from sqlalchemy import func, select, update

        from ordnance.core.journal.models import EntryRow, GameRow

        with self.journal.transaction() as s:
            bumped = s.execute(
                update(GameRow)
                .where(GameRow.id == self.game_id, GameRow.version == version)
                .values(version=version + 1)
            )
            if bumped.rowcount != 1:  # type: ignore[attr-defined]
                actual = s.scalar(select(func.count()).where(EntryRow.game_id == self.game_id))
                raise StaleVersion(version, int(actual or 0))
            row = EntryRow(
                game_id=self.game_id,
                seq=version + 1,
                kind=kind,
                seat=seat,
                action=action,
                dice=dice,
                dice_origin=origin,
                events=[e.to_record() for e in events],
            )
            s.add(row)
            s.flush()
            entry = _row_to_entry(row)
        return entry


_STATE_CACHE: dict[tuple[str, str], tuple[int, Any]] = {}
_CACHE_LIMIT = 512


def _remember(key: tuple[str, str], value: tuple[int, Any]) -> None:
    if len(_STATE_CACHE) >= _CACHE_LIMIT and key not in _STATE_CACHE:
        _STATE_CACHE.pop(next(iter(_STATE_CACHE)))
    _STATE_CACHE[key] = value


def _mark_undone(entry: JournalEntry) -> JournalEntry:
    return replace(entry, undone=True)


def list_games(journal: Journal) -> list[dict[str, Any]]:
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
