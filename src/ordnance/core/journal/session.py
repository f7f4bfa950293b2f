"""A game bound to its journal: act, rebuild, undo, replay.

Every action goes through the game's pure ``apply`` first; only when it
succeeds is it appended, with the dice it consumed and its events, in one
transaction that also bumps the game's version. A refused action (any
:class:`~ordnance.core.errors.OrdnanceError`) writes nothing.

State is never stored: it is the fold of the effective actions, replayed with
their recorded dice. Undo is itself an entry, so the journal stays
append-only and a replay of the same entries always gives the same state.

A session opened for one game type (``GameSession(journal, id, expect="asl")``,
or inside :func:`ordnance.core.scope.expecting`, as every
``ordnance <game> ...`` command is) refuses a game id of another type with
:class:`WrongGame` before any of that game's code runs.

SQLAlchemy and the table models (:mod:`.models`) are imported inside the
functions that query, as in :mod:`.store`: ``ordnance game --help`` imports this
module and must not load SQLAlchemy.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from functools import cache, cached_property
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
from ordnance.core.journal import derive, snapshots
from ordnance.core.journal.entries import (
    BrokenChain,
    JournalEntry,
    columns,
    effective_entries,
    from_row,
    in_force,
    mark_undone,
    read_all,
)
from ordnance.core.journal.snapshots import STATES
from ordnance.core.journal.store import Journal
from ordnance.core.messages import msg
from ordnance.core.scope import expected_game
from ordnance.core.shapes import EntryView, SessionView

__all__ = [
    "GameSession",
    "GameSummary",
    "Position",
    "Within",
    "WrongGame",
    "list_games",
]

#: Runs inside the append's transaction, on its Core connection (e.g. a consent
#: request marked accepted); raising rolls the whole append back.
Within = Callable[["Connection"], None]

if TYPE_CHECKING:  # pragma: no cover
    from sqlalchemy import Connection


@cache
def _version_statement() -> Any:
    """``SELECT version FROM games WHERE id = :gid``, built once: a statement made anew
    on every request costs more CPU (expression building, cache key) than running it."""
    from sqlalchemy import bindparam, select

    from ordnance.core.journal.models import GameRow

    return select(GameRow.version).where(GameRow.id == bindparam("gid"))


@cache
def _entries_statement() -> Any:
    """The entries of a game after ``:since``, in order (built once, as above)."""
    from sqlalchemy import bindparam, select

    from ordnance.core.journal.models import EntryRow

    return (
        select(*columns())
        .where(EntryRow.game_id == bindparam("gid"), EntryRow.seq > bindparam("since"))
        .order_by(EntryRow.seq)
    )


@cache
def _append_statements() -> tuple[Any, Any, Any]:
    """The version bump, the entry insert and the snapshot insert of
    :meth:`GameSession._append`, built once as Core statements with bound parameters:
    building them and flushing an ORM object on every action cost more CPU than
    running them (the column defaults still apply)."""
    from sqlalchemy import bindparam, insert, update

    from ordnance.core.journal.models import EntryRow, GameRow, SnapshotRow

    bump = (
        update(GameRow)
        .where(GameRow.id == bindparam("gid"), GameRow.version == bindparam("seen"))
        .values(version=bindparam("bumped"))
    )
    return bump, insert(EntryRow), insert(SnapshotRow)


def read_version(journal: Journal, game_id: str) -> int:
    """The game's version (0 for no such game), in one statement, once per request
    (:meth:`Journal.remembered_version`)."""

    def read() -> int:
        with journal.reading_rows() as c:
            v = c.execute(_version_statement(), {"gid": game_id}).scalar()
        return int(v or 0)

    return journal.remembered_version(game_id, read)


class WrongGame(UnknownName):
    """A game id that names a game of another type than the command serves."""


class Position(NamedTuple):
    """A game at one version: its state and the newest action in force (0: none)."""

    version: int
    state: Any
    top: int


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
                    raise UnknownName(
                        msg(
                            "no game with id {game_id!r} in {url}", game_id=game_id, url=journal.url
                        )
                    )
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
                msg("{game_id!r} cannot be a game id", game_id=game_id),
                hint=msg("use up to 64 printable characters, or leave the id out for a random one"),
            )
        gid = game_id or uuid.uuid4().hex[:12]
        with journal.transaction() as s:
            if s.get(GameRow, gid) is not None:
                raise OrdnanceError(msg("a game with id {gid!r} already exists", gid=gid))
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
        with self.journal.reading_rows() as c:
            rows = c.execute(_entries_statement(), {"gid": self.game_id, "since": since}).all()
        entries = [from_row(r) for r in rows]
        try:
            alive = in_force(entries, since)
        except BrokenChain:
            alive = {e.seq for e in effective_entries(self.entries_all())}
        return [e if e.kind == "undo" or e.seq in alive else mark_undone(e) for e in entries]

    def entries_all(self) -> list[JournalEntry]:
        """Every entry, unmarked (the input of :meth:`replay`)."""
        return read_all(self.journal, self.game_id)

    @property
    def version(self) -> int:
        return read_version(self.journal, self.game_id)

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
        """(state, top) after the first ``version`` entries (:func:`.derive.state_at`)."""
        return derive.state_at(self, version)

    def replay(self, entries: Sequence[JournalEntry]) -> Any:
        """The definition of state: fold the effective actions with their recorded dice."""
        return derive.replay(self.game, self.settings, entries)

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
                msg(
                    "{seat!r} is not a side of this {title} game", seat=seat, title=self.game.title
                ),
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
        try:  # apply checks the sequence of play first (check_turn), then the rules
            outcome = self.game.apply(state, dict(action), dice, seat, consented=consented)
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
            raise RuleViolation("CORE-UNDO", msg("there is nothing to undo"), hint=msg("act first"))
        after = self._at(top - 1)  # the state before the cancelled action
        event = Event.of("undo", {"undone_seq": top}, msg("undid entry {entry}", entry=top))
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

    def _entry_count(self) -> int:
        """How many entries the game has (the version a refused append names)."""
        from sqlalchemy import func, select

        from ordnance.core.journal.models import EntryRow

        with self.journal.reading_rows() as c:
            found = c.execute(select(func.count()).where(EntryRow.game_id == self.game_id))
            return int(found.scalar() or 0)

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
        blob = snapshots.dumps(snapshot[0], self.game) if snapshot is not None else None
        bump, add_entry, add_snapshot = _append_statements()
        bumped = {"gid": self.game_id, "seen": version, "bumped": version + 1}
        records = [e.to_record() for e in events]
        row = {
            "game_id": self.game_id,
            "seq": version + 1,
            "kind": kind,
            "seat": seat,
            "action": action,
            "dice": dice,
            "dice_origin": origin,
            "events": records,
            "created_at": datetime.now(UTC),
        }
        if within is None and blob is None:  # the journal row only: two prepared statements
            if not self.journal.write_rows((bump, bumped), (add_entry, row)):
                raise StaleVersion(version, self._entry_count())
            return from_row((version + 1, kind, seat, action, dice, origin, records))
        with self.journal.writing() as conn:  # Core statements, no ORM session
            if conn.execute(bump, bumped).rowcount != 1:
                raise StaleVersion(version, self._entry_count())
            conn.execute(add_entry, row)
            if blob is not None and snapshot is not None:
                conn.execute(
                    add_snapshot, derive.snapshot_values(self, version + 1, blob, snapshot[1])
                )
            if within is not None:
                within(conn)
        return from_row((version + 1, kind, seat, action, dice, origin, records))


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
