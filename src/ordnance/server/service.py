"""The table's procedures, independent of HTTP: create, view, act, undo, dice.

Every write goes through :meth:`GameSession.act` / :meth:`GameSession.undo`
with the version the seat saw, so the journal's one-transaction append and
its optimistic version check decide every race: a stale or concurrent action
raises :class:`~ordnance.core.errors.StaleVersion` and writes nothing.

State is rebuilt by replaying the journal; :class:`GameSession` keeps the
process's one state cache and the journal's snapshots
(:mod:`ordnance.core.journal.snapshots`), so a request at the current
version reads one row (the game's version) and replays nothing, and a log
request reads only the entries after ``since``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from functools import partial
from typing import Any

from sqlalchemy import select

from ordnance.core import registry, scenario
from ordnance.core.dice import DiceSource, EnteredDice
from ordnance.core.errors import NotYourSeat, OrdnanceError, RuleViolation, StaleVersion
from ordnance.core.journal import GameSession, Journal, JournalEntry
from ordnance.core.journal.entries import BrokenChain, columns, from_row, in_force, mark_undone
from ordnance.core.journal.models import EntryRow, GameRow
from ordnance.core.journal.session import Within, read_version
from ordnance.core.journal.store import request_scope
from ordnance.core.messages import msg
from ordnance.core.shapes import LosAnswer, OddsAnswer
from ordnance.server import commitments, dice_table, i18n, seats, table_status, texts
from ordnance.server.answers import (
    ActAnswer,
    LogAnswer,
    LogEntry,
    Reveal,
    SinceAnswer,
    TableEntry,
    TableView,
)
from ordnance.server.bounded import TABLES_REMEMBERED, BoundedDict
from ordnance.server.consent import ConsentRequests
from ordnance.server.models import DicePendingRow, DiceRollRow
from ordnance.server.refusals import BadAction, NotFound, guarded

#: The LOS tool traces lines up to this range (a line's cost grows with its length).
MAX_LOS_RANGE = 200

#: Entries (journal) or rolls' entries (dice record) in one page: the default and the
#: most a request may ask for.
PAGE = 100
MAX_PAGE = 500
#: The most entries in a page the service keeps for the next reader (``since`` pages).
SHORT_PAGE = 8


class _WouldRoll(Exception):
    """The dry run of an action asked for a die: it waits for the seats' elements."""


class _NoDice(DiceSource):
    """The dice of a dry run: any die asked stops it (the action then rolls)."""

    def _next(self, sides: int, label: str) -> int:
        raise _WouldRoll()


#: The journal's words for a roll drawn without some seats' elements (the page's too:
#: static/dice.js, pages.SCRIPT_STRINGS).
ROLLED_WITHOUT = (
    "rolled without the element of {seats}: the operator and {actor} together could have "
    "foreseen it"
)


def rolled_without_text(silent: Sequence[str], actor: str, lang: str) -> str:
    """The journal's words for a roll drawn without the elements of ``silent`` in
    ``lang``, each seat by its side's name as every other text names it."""
    name = i18n.seat_namer(lang)
    return (
        i18n.translations(lang)
        .gettext(ROLLED_WITHOUT)
        .replace("{seats}", ", ".join(name(s) for s in silent))
        .replace("{actor}", name(actor))
    )


class TableService(ConsentRequests):
    """The table procedures over one journal database."""

    def __init__(
        self,
        journal: Journal,
        on_change: Callable[[str, int], None] | None = None,
        clock: Callable[[], float] = time.time,
    ):
        self.journal = journal
        self.on_change = on_change or (lambda _gid, _v: None)
        #: seconds since the epoch; tests replace it (the dice deadline is lazy, and so
        #: are the seats' reissue waiting periods)
        self.clock = clock
        self._meta: dict[str, GameSession] = BoundedDict(TABLES_REMEMBERED)
        #: short pages of committed entries by (table, first, last seq) (:meth:`_page`)
        self._pages: BoundedDict[tuple[str, int, int], tuple[JournalEntry, ...]] = BoundedDict(
            TABLES_REMEMBERED
        )
        self._lock = threading.Lock()

    def seat_now(self) -> datetime:
        """The table's clock as the seats read it (:mod:`ordnance.server.seats`)."""
        return datetime.fromtimestamp(self.clock(), UTC)

    # -- tables ------------------------------------------------------------------
    def create(
        self,
        game_name: str,
        settings: Mapping[str, Any],
        seat: str | None = None,
        dice: str = "server",
        setup: Sequence[Mapping[str, Any]] = (),
        dice_wait: str = dice_table.DEFAULT_WAIT,
        dice_wait_seconds: int = dice_table.DEFAULT_WAIT_SECONDS,
        *,
        reissue_wait: int = seats.DEFAULT_REISSUE_WAIT,
        address: str | None = None,
    ) -> seats.NewTable:
        """A new table: the creator's token for ``seat`` (default: the first) and
        one invitation per other seat; ``dice`` is the agreed dice setting
        (``server`` or ``entered``). Validated first, then written in one
        transaction (:func:`seats.create_table`)."""
        if dice not in dice_table.MODES:
            raise BadAction(msg("dice must be one of {value}", value=", ".join(dice_table.MODES)))
        if dice_wait not in dice_table.WAITS:
            raise BadAction(
                msg("dice_wait must be one of {value}", value=", ".join(dice_table.WAITS))
            )
        if not 1 <= dice_wait_seconds <= dice_table.MAX_WAIT_SECONDS:
            raise BadAction(
                msg(
                    "dice_wait_seconds must be 1 to {max_wait_seconds}",
                    max_wait_seconds=dice_table.MAX_WAIT_SECONDS,
                )
            )
        game = registry.game(game_name)
        state = guarded(lambda: game.new(dict(settings)))
        names = texts.check_seat_names(guarded(lambda: game.seats(state)), settings)
        if not names:  # e.g. WaW settings with an empty ``sides``: nobody could play
            raise BadAction(
                msg("these settings give the game no seat"),
                hint=msg("name at least one side to play"),
            )
        creator = names[0] if seat is None else seat
        if creator not in names:
            raise texts.BadText(
                "seat", "this game has no such seat", hint="pick one of: " + ", ".join(names)
            )
        created = seats.create_table(
            self.journal,
            game_name=game_name,
            rules_version=game.rules_version,
            settings=dict(settings),
            seats=names,
            creator=creator,
            reissue_wait=reissue_wait,
            address=address,
            now=self.seat_now(),
        )
        dice_table.set_mode(self.journal, created.game_id, dice, dice_wait, dice_wait_seconds)
        if setup:  # a scenario's set-up, checked in memory before (hot seat, no dice)
            session = self.session(created.game_id)
            for action in setup:
                guarded(partial(session.act, dict(action), EnteredDice(()), None))
        commitments.commitment(self.journal, created.game_id, len(setup))
        return created

    def create_from_scenario(
        self,
        game_name: str,
        document: Mapping[str, Any],
        settings: Mapping[str, Any],
        seat: str | None = None,
        dice: str = "server",
        dice_wait: str = dice_table.DEFAULT_WAIT,
        dice_wait_seconds: int = dice_table.DEFAULT_WAIT_SECONDS,
        **seat_options: Any,
    ) -> seats.NewTable:
        """A table from a scenario document; its set-up is journaled as hot seat.

        The whole set-up is played in memory first (:func:`scenario.prepare`),
        so a bad document writes nothing; the problems name their fields.
        """

        if settings:
            raise OrdnanceError(msg("give settings or a scenario, not both"))
        if document.get("game") != game_name:
            raise OrdnanceError(
                msg(
                    "the scenario is for {value!r}, not {game_name!r}",
                    value=document.get("game"),
                    game_name=game_name,
                ),
                hint=msg("set the body's game to the scenario's game"),
            )
        _game, _doc, start = guarded(
            lambda: scenario.prepare(scenario.document(document, "scenario"))
        )
        return self.create(
            game_name,
            start.settings,
            seat,
            dice,
            setup=start.actions,
            dice_wait=dice_wait,
            dice_wait_seconds=dice_wait_seconds,
            **seat_options,
        )

    def session(self, game_id: str) -> GameSession:
        """The table's game session, made once per table remembered (:data:`_meta`): it
        holds only what never changes (the journal, the game and its settings), so the
        requests share it instead of making one per call (a request made a dozen)."""
        session = self._meta.get(game_id)
        if session is None:
            with self.journal.reading() as s:
                row = s.get(GameRow, game_id) if len(game_id) <= 64 else None
                if row is None:
                    raise NotFound(msg("no such table"))
                game, settings = row.game, dict(row.settings)
            session = GameSession(self.journal, game_id, game_name=game, settings=settings)
            with self._lock:
                self._meta[game_id] = session
        return session

    def authenticate(self, game_id: str, token: str | None) -> str | None:
        """The seat ``token`` opens, after the seats' clock ran (:func:`seats.watch`):
        a reissue whose waiting period is over completes first, and a holder's
        request stops the waiting period of the requests for its seat."""
        self.session(game_id)  # 404 before 403
        now = self.seat_now()
        changed, awaited = seats.watch(self.journal, game_id, now)
        seat = seats.seat_for(self.journal, game_id, token or "")
        if seat is not None and seat in awaited:
            changed = seats.seen(self.journal, game_id, seat, now) or changed
        if changed:
            self.on_change(game_id, self.version(game_id))
        return seat

    def version(self, game_id: str) -> int:
        return read_version(self.journal, game_id)

    # -- reading -------------------------------------------------------------------
    def view(self, game_id: str, seat: str) -> TableView:
        session = self.session(game_id)
        self.settle(game_id)
        version, state, top = session.position()
        game = session.game
        commit = commitments.commitment(self.journal, game_id, version)
        undo = self._undo_state(game_id, seat, version, top)
        wait, wait_seconds = dice_table.wait_setting(self.journal, game_id)
        pending = dice_table.pending_at(self.journal, game_id, version)
        return {
            "game_id": game_id,
            "game": game.name,
            "title": game.title,
            "version": version,
            "seat": seat,
            "seats": list(game.seats(state)),
            "view": guarded(lambda: game.view(state, seat)),
            "legal": guarded(lambda: game.legal(state, seat)),
            "commitment": {"version": version, "hash": commit.seed_hash},
            "turn": guarded(lambda: game.turn_view(state)),
            "dice": {
                "scheme": dice_table.SCHEME,
                "mode": dice_table.mode(self.journal, game_id),
                "chain": dice_table.chain_state(self.journal, game_id, seat, version),
                "wait": wait,
                "wait_seconds": wait_seconds,
                "pending": self._pending_view(pending, seat),
            },
            "undo": undo,
            "pending_request": undo["pending"],
            "seat_events": seats.events(self.journal, game_id),
            "reissues": seats.requests(self.journal, game_id, seat),
        }

    def page_bounds(
        self, version: int, since: int | None, before: int | None, limit: int
    ) -> tuple[int, int]:
        """The seqs ``lo..hi`` of one page (seqs are 1..version, without gaps).

        ``since``: the ``limit`` entries after it; ``before``: the ``limit``
        entries before it; neither: the newest ``limit`` (the journal's tail).
        """
        limit = max(1, min(limit, MAX_PAGE))
        if since is not None:
            lo = min(since, version) + 1
            return lo, min(version, lo + limit - 1)
        hi = version if before is None else min(before - 1, version)
        return max(1, hi - limit + 1), hi

    def _entries(
        self, game_id: str, lo: int, hi: int, version: int, *, marks: bool = True
    ) -> list[JournalEntry]:
        """Entries ``lo..hi``, each marked undone if it is (``marks``); reads only those
        rows, and for a page that is not the tail the undo entries after it (an undo
        names the action it cancelled; index ``ix_journal_game_kind_seq``)."""

        if hi < lo:
            return []

        def read() -> Sequence[Any]:
            with self.journal.reading_rows() as c:  # Core rows, no ORM session
                return c.execute(
                    select(*columns())
                    .where(EntryRow.game_id == game_id, EntryRow.seq >= lo, EntryRow.seq <= hi)
                    .order_by(EntryRow.seq)
                ).all()

        later: Sequence[Any] = []
        if hi < version and marks:
            with self.journal.reading() as s:
                later = s.execute(
                    select(*columns()).where(
                        EntryRow.game_id == game_id, EntryRow.kind == "undo", EntryRow.seq > hi
                    )
                ).all()
        entries = list(self._page(game_id, lo, hi, read))
        if not marks:
            return entries
        if hi == version:
            try:
                alive = in_force(entries, lo - 1)
            except BrokenChain:
                alive = {e.seq for e in entries if e.kind != "undo"} - {
                    u for e in entries if (u := e.undone_seq) is not None
                }
        else:
            cancelled = {
                u for e in entries + [from_row(r) for r in later] if (u := e.undone_seq) is not None
            }
            alive = {e.seq for e in entries if e.kind != "undo"} - cancelled
        return [e if e.kind == "undo" or e.seq in alive else mark_undone(e) for e in entries]

    def _page(
        self, game_id: str, lo: int, hi: int, read: Callable[[], Sequence[Any]]
    ) -> tuple[JournalEntry, ...]:
        """Entries ``lo..hi`` (committed: ``hi`` is at most the version read), unmarked.

        A short page (at most :data:`SHORT_PAGE` entries: what a page reads after
        a change, ``since``) is kept in :attr:`_pages`, since every seat of the
        table reads the same entries after an action and a committed entry never
        changes (the journal only grows; an undo is an entry of its own). Entries
        hold every seat's secrets, as the journal does; each answer shows one seat
        its own part (:meth:`JournalEntry.for_seat`). A longer page is read for its
        request only (a log page and the dice record of one request share it)."""
        short = hi - lo < SHORT_PAGE
        if short:
            kept = self._pages.get((game_id, lo, hi))
            if kept is not None:
                return kept
        rows = self.journal.remembered(("entries", game_id, lo, hi), read)
        entries = tuple(from_row(r) for r in rows)
        if short and len(entries) == hi - lo + 1:
            self._pages[(game_id, lo, hi)] = entries
        return entries

    def log(
        self,
        game_id: str,
        seat: str,
        since: int | None = None,
        lang: str = "en",
        *,
        before: int | None = None,
        limit: int = PAGE,
        notes: Mapping[int, tuple[list[str], str]] | None = None,
        settled: bool = False,
    ) -> LogAnswer:
        """One page of the journal as ``seat`` sees it (:meth:`page_bounds`); ``notes``:
        the rolls gone ahead without some seats, if the caller has read them;
        ``settled``: the caller's request has just settled the table (:meth:`since`)."""
        session = self.session(game_id)
        if not settled:
            self.settle(game_id)
        current = session.version
        lo, hi = self.page_bounds(current, since, before, limit)
        entries = self._entries(game_id, lo, hi, current)
        version = entries[-1].seq if entries else (current if since is None else hi)
        commits = {
            c.for_version: c
            for c in commitments.all_commitments(self.journal, game_id, hi, from_version=lo - 1)
        }
        rolled = any(e.dice_origin == "rolled" and e.dice for e in entries)
        if notes is None:
            notes = self._dice_notes(game_id, lo - 1, hi) if rolled else {}
        rows: list[LogEntry] = []
        name = i18n.seat_namer(lang)
        for entry in entries:
            row: LogEntry = {
                **entry.for_seat(seat),
                "dice_origin": entry.dice_origin,
                "commitment": self._reveal(commits.get(entry.seq - 1), entry, seat),
                "dice_note": None,
                "seat_name": None if entry.seat is None else name(entry.seat),
            }
            note = notes.get(entry.seq - 1)
            if note is not None:
                silent, actor = note
                row["dice_note"] = rolled_without_text(silent, actor, lang)
            # each event from its for_seat(seat) message only, sides by their names
            texts = i18n.event_texts(list(entry.events), seat, lang)
            row["events"] = [{**e, "text": t} for e, t in zip(row["events"], texts, strict=True)]
            rows.append(row)
        # Older entries that an undo in this page cancelled (a client holding
        # them marks them undone without refetching).
        cancelled = sorted(u for e in entries if (u := e.undone_seq) is not None and u < lo)
        _v, _state, top = session.position()
        pending = self._request_state(game_id, seat, session, current, top)
        if pending is not None:  # in English too: the entry's side by its name
            pending = i18n.localize_request(pending, i18n.translations(lang).gettext, lang)
        # the seat events at these entries (at_entry lo..hi; the first page also those
        # at entry 0), the same for every seat (one's own declined request in its words)
        seat_rows = seats.events_at(self.journal, game_id, 0 if lo <= 1 else lo, hi)
        seat_rows = i18n.localize_seat_events(seat_rows, i18n.translations(lang).gettext, seat)
        return {
            "game_id": game_id,
            "version": version,
            "entries": rows,
            "seat_events": seat_rows,
            "undone_before": cancelled,
            "pending_request": pending,
            "limit": max(1, min(limit, MAX_PAGE)),
            "before": lo if lo > 1 else None,
            "next_since": hi if hi < current else None,
        }

    def _dice_notes(self, game_id: str, lo: int, hi: int) -> dict[int, tuple[list[str], str]]:
        """Versions ``lo..hi-1`` whose v2 roll went ahead without some seats: (silent, actor)."""

        with self.journal.reading() as s:
            rows = s.execute(
                select(DiceRollRow.for_version, DiceRollRow.without, DicePendingRow.seat)
                .join(DicePendingRow, DicePendingRow.id == DiceRollRow.pending_id)
                .where(
                    DiceRollRow.game_id == game_id,
                    DiceRollRow.for_version >= lo,
                    DiceRollRow.for_version < hi,
                )
            ).all()
        return {int(v): (list(w), str(a)) for v, w, a in rows if w}

    @staticmethod
    def _reveal(
        commit: commitments.Commitment | None, entry: JournalEntry, seat: str
    ) -> Reveal | None:
        if commit is None or entry.dice_origin != "rolled":
            return None
        public = all(e.visible_to(seat) for e in entry.events)
        return {
            "hash": commit.seed_hash,
            "seed": commit.seed if public else None,
            "sides": [s for _v, s, _l in entry.dice] if public else None,
        }

    def since(
        self,
        game_id: str,
        seat: str,
        version: int | None,
        dice_since: int | None = None,
        lang: str = "en",
        *,
        limit: int = PAGE,
    ) -> SinceAnswer:
        """What a seat's page needs after a change, in one answer (``GET|POST /since``).

        ``view``: the seat's view; ``log``: the journal entries after ``version``
        (the page's last entry; None: the journal's tail of ``limit`` entries),
        or None when the page is up to date; ``dice``: the dice record of the
        entries after ``dice_since`` (None: from where ``log`` starts), or None
        when no entry is new. Each part is what its own route answers, read in
        this request's one session (a page of entries is read once for both),
        after one :meth:`settle` (the view's), not one per part.
        """
        view = self.view(game_id, seat)
        current = int(view["version"])
        start = current
        if version is None or version < current:
            start = (
                max(0, current - max(1, min(limit, MAX_PAGE)))
                if version is None
                else min(version, current)
            )
        checked = start if dice_since is None else min(dice_since, current)
        dice = None
        notes: dict[int, tuple[list[str], str]] | None = None
        if checked < current:
            dice = self.dice_record(
                game_id, seat, checked, MAX_PAGE, chains_for_rolls_only=True, settled=True
            )
            if checked <= start and dice["next_since"] is None:  # it holds the log's rolls
                notes = {
                    int(r["version"]): (list(r["without"]), str(r["pending"]["seat"]))
                    for r in dice["rolls"]
                    if r.get("without") and r.get("pending")
                }
        log: LogAnswer | None = None
        if start < current:
            log = self.log(game_id, seat, version, lang, limit=limit, notes=notes, settled=True)
        return {"view": view, "log": log, "dice": dice, "reveal": None}

    def dice_record(
        self,
        game_id: str,
        seat: str,
        since: int = 0,
        limit: int = PAGE,
        *,
        chains_for_rolls_only: bool = False,
        settled: bool = False,
    ) -> dict[str, Any]:
        """The server rolls of the (at most ``limit``) entries after ``since``, with
        the secrets that made them, for the seat to recompute.

        Only those journal rows are read, as for :meth:`log`; ``next_since``
        is the cursor of the next page (None at the end): a page that has
        checked the rolls up to ``since`` asks for the rest only. ``settled``: as
        for :meth:`log`.
        """
        session = self.session(game_id)
        if not settled:
            self.settle(game_id)
        current = session.version
        lo, hi = self.page_bounds(current, since, None, limit)
        entries = self._entries(game_id, lo, hi, current, marks=False)  # rolls stand, undone or not
        version = hi
        since = min(since, version)
        pending = commitments.commitment(self.journal, game_id, version)
        seats = self._dice_seats(game_id)
        out = dice_table.record(
            self.journal,
            game_id,
            seat,
            entries,
            pending.seed_hash,
            seats,
            version=version,
            since=since,
            chains_for_rolls_only=chains_for_rolls_only,
        )
        out["limit"] = max(1, min(limit, MAX_PAGE))
        out["next_since"] = hi if hi < current else None
        return out

    def _dice_seats(self, game_id: str) -> list[str]:
        session = self.session(game_id)
        game = session.game
        return dice_table.table_seats(
            self.journal, game_id, lambda: game.seats(game.new(dict(session.settings)))
        )

    def dice_anchor(self, game_id: str, seat: str, anchor: str) -> dict[str, Any]:
        """Publish the seat's chain anchor (counts from the next version)."""
        self.session(game_id)
        return dice_table.register_anchor(self.journal, game_id, seat, anchor)

    def dice_reveal(
        self,
        game_id: str,
        seat: str,
        version: int,
        seen_hash: str,
        element: str,
        pending: str | None = None,
    ) -> dict[str, Any]:
        """Deposit the seat's next chain element for the action waiting at ``version``
        (``pending``: its digest); the last awaited reveal draws the dice and applies it."""
        self.session(game_id)
        out = dice_table.reveal(self.journal, game_id, seat, version, seen_hash, element, pending)
        entry = self.settle(game_id)
        out["applied"] = entry.seq if entry is not None else None
        return out

    def _pending_view(self, pending: dice_table.Pending | None, seat: str) -> dict[str, Any] | None:
        """The pending action as ``seat`` sees it, with the seconds left before a
        ``go_ahead`` roll may go without the silent seats (by the server's clock)."""
        if pending is None:
            return None
        out = pending.public(seat)
        out["seconds_left"] = (
            None if pending.deadline is None else max(0.0, pending.deadline - self.clock())
        )
        return out

    def pending_digest(self, game_id: str) -> str | None:
        """The digest of the action waiting for its dice now (the live stream names it)."""
        return self.pending_notice(game_id)[0]

    def pending_notice(self, game_id: str) -> tuple[str | None, str | None]:
        """The digest of the action waiting for its dice now and its seat (the live
        stream names both: an awaited page reveals for it in its one request)."""
        with request_scope():  # the stream's reads: one session, one table status
            notice = self._dice_notice(game_id)
        return notice["dice_pending"], notice["dice_pending_by"]

    def stream_notice(self, game_id: str) -> dict[str, Any]:
        """What the live stream says besides the version, read in one request scope (one
        table status): the action waiting for its dice now (its digest and seat, the
        seats it still waits for and the seconds left before a ``go_ahead`` roll may go
        without them, None: the table waits; all None when none waits) and ``request``,
        the id of the consent request (an undo) waiting for an answer. No game state:
        the acting page words its wait from it while its own request waits for the
        draw, and a request opened or declined, which keeps the version, still reaches
        the other seat's page."""
        with request_scope():
            out = self._dice_notice(game_id)
            version = table_status.status(self.journal, game_id).version
            asked = self._pending(game_id, version)  # one flag of the status when none waits
            out["request"] = asked.id if asked is not None else None
        return out

    def _dice_notice(self, game_id: str) -> dict[str, Any]:
        version = table_status.status(self.journal, game_id).version
        shown = self._pending_view(dice_table.pending_at(self.journal, game_id, version), "")
        return {
            "dice_pending": shown["digest"] if shown else None,
            "dice_pending_by": shown["seat"] if shown else None,
            "dice_waiting_for": shown["waiting_for"] if shown else None,
            "dice_seconds_left": shown["seconds_left"] if shown else None,
        }

    def pending_fate(self, game_id: str, pending_id: int) -> tuple[str, int | None] | None:
        """What became of ``game_id``'s pending action ``pending_id`` (status, entry)."""
        self.session(game_id)
        return dice_table.fate(self.journal, pending_id)

    def still_rolling(self, game_id: str, version: int) -> bool:
        """Whether the table is still at ``version`` with an action waiting for its dice
        (one statement, the table status, read afresh: ``POST /actions?wait_dice=1``)."""
        with request_scope():
            now = table_status.status(self.journal, game_id)
        return now.version == version and now.dice_pending

    def settle(self, game_id: str) -> JournalEntry | None:
        """Draw the dice of the action waiting at the current version, if it may roll now.

        It may when every awaited seat revealed for it, or, at a ``go_ahead``
        table, once its deadline (:attr:`clock`) has passed: then without the
        silent seats, who are named in the roll's record (``without``), the
        journal (``dice_note``) and the page. Called by every read and write
        of the table (lazy: nothing runs in the background).
        """
        # the version with the flags, one read per request: no action waits, nothing to do
        # (an unknown table's status has every flag up: it goes on to refuse as before)
        if not table_status.status(self.journal, game_id).dice_pending:
            return None
        session = self.session(game_id)
        for _attempt in range(5):
            version = session.version
            pending = dice_table.pending_at(self.journal, game_id, version)
            if pending is None:
                return None
            seats = self._dice_seats(game_id)
            go, without = dice_table.ready(pending, self.clock(), seats)
            if not go:
                return None
            commit = commitments.commitment(self.journal, game_id, version)
            elements: dict[str, str | None] = {s: pending.revealed.get(s) for s in seats}
            source = dice_table.dice_source(commit.seed, game_id, version, elements, pending.digest)
            hook = dice_table.settle_hook(pending, elements, without, source)
            before = table_status.status(self.journal, game_id)  # kept since the last write
            try:
                entry = guarded(
                    partial(session.act, pending.action, source, pending.seat, version, within=hook)
                )
            except dice_table.RevealsChanged:
                continue
            except StaleVersion:
                return None  # another request settled it (or the game moved on)
            except OrdnanceError:
                dice_table.expire_one(self.journal, pending.id)  # the rules refused it now
                self.on_change(game_id, version)
                return None
            # the action waiting at ``version`` is applied: none waits at the new one
            self._kept_status(game_id, before, entry, dice_pending=False)
            commitments.commitment(self.journal, game_id, entry.seq)
            self._written(game_id, entry)
            self.on_change(game_id, entry.seq)
            return entry
        return None

    def _kept_status(
        self,
        game_id: str,
        before: table_status.TableStatus,
        entry: JournalEntry,
        **changed: object,
    ) -> None:
        """The table status as this request's journal append left it, kept for the
        rest of the request instead of read again (:func:`table_status.after_own_write`).

        Only for appends that write no dice anchor, reveal, seat event, reissue or
        consent row (a plain action; a settled roll, which writes its record and marks
        its pending action applied, named by ``changed``): the append bumped the
        version from ``before``'s under the row's lock, so the new version is exact."""
        if before.version == entry.seq - 1:
            table_status.after_own_write(
                self.journal, game_id, before, version=entry.seq, **changed
            )

    def _written(self, game_id: str, entry: JournalEntry) -> None:
        """The entry this request just appended is the page of entries ``seq..seq`` that
        its answer (``next``, ``/since``) may list: kept for the request, not read back."""
        row = (
            entry.seq,
            entry.kind,
            entry.seat,
            entry.action,
            [list(d) for d in entry.dice],
            entry.dice_origin,
            list(entry.records),
        )
        self.journal.remembered(("entries", game_id, entry.seq, entry.seq), lambda: [row])

    def odds(self, game_id: str, seat: str, action: Mapping[str, Any]) -> OddsAnswer | None:
        session = self.session(game_id)
        state = session.state()
        try:
            return guarded(lambda: session.game.odds(state, dict(action), seat))
        except OrdnanceError as exc:  # in the board's words, as a refused action is
            raise session.game.named_refusal(state, exc) from None

    def named_odds(
        self, game_id: str, odds: OddsAnswer | None, translate: Callable[[str], str] | None
    ) -> OddsAnswer | None:
        """``odds`` (of :meth:`odds`, its title translated) naming counters, not ids, with
        each figure's title and the headline keys (:meth:`Game.labelled_odds`)."""
        session = self.session(game_id)
        named = session.game.named_odds(session.state(), odds, translate)
        return session.game.labelled_odds(named, translate)

    def los(self, game_id: str, seat: str, a: str, b: str) -> LosAnswer:
        """The game's LOS answer for ``seat`` (:meth:`Game.los`; the bare hex line by default).

        Only the requesting seat is passed to the game, which judges from what
        that seat may see; the answer goes to that seat alone.
        """
        session = self.session(game_id)
        state = session.state()
        game = session.game
        # a hex as the map prints it (0305, ASL C5) or axial q,r
        origin, target = game.read_hex(state, a), game.read_hex(state, b)
        if origin.distance(target) > MAX_LOS_RANGE:
            raise BadAction(
                msg(
                    "a line of sight longer than {max_los_range} hexes is not traced",
                    max_los_range=MAX_LOS_RANGE,
                ),
                hint=msg("pick two hexes of the map"),
            )
        return guarded(lambda: game.los(state, origin, target, seat))

    # -- writing ------------------------------------------------------------------
    def act(
        self,
        game_id: str,
        seat: str,
        action: Mapping[str, Any],
        expected_version: int,
        dice: Sequence[int] | None = None,
        element: str | None = None,
        commitment: str | None = None,
    ) -> ActAnswer:
        """Apply ``action`` for ``seat`` at ``expected_version``.

        A refused action writes no row in any table: the version is checked
        (:class:`StaleVersion`) before any commitment is read, and the
        commitment for the current version already exists, because creating
        the table and every accepted write draw the commitment of the version
        they lead to. (A table made outside the server, e.g. by ``ordnance game
        new``, gets its first commitments from the first view or action.)

        Server dice combine the committed seed with the elements the seats
        revealed for this version (``element`` is the actor's, if not yet
        deposited; ``commitment``, the hash the actor saw, must be the
        current one). Entered dice need a table made with ``dice: entered``.
        """
        session = self.session(game_id)
        self._check_side(action, seat)
        self.settle(game_id)
        version = session.version
        if expected_version != version:
            raise StaleVersion(expected_version, version)
        if dice_table.pending_at(self.journal, game_id, version) is not None:
            raise RuleViolation(
                "TABLE-DICE-8",
                msg("an action is waiting for the seats' dice elements at this version"),
                hint=msg("wait until it is rolled (the other seats' pages reveal for it)"),
            )
        state = session.state()
        if dice is not None:
            dice_table.check_entered(self.journal, game_id)
        ask_of = guarded(lambda: session.game.needs_consent(state, dict(action), seat))
        if (
            ask_of is None
            and dice is not None
            and dice_table.needs_confirmation(self.journal, game_id)
        ):
            ask_of = self._other_seat(session, state, seat)  # TABLE-DICE-6
        if ask_of is not None:
            return {
                "version": version,
                "pending": self._request_action(session, seat, action, version, dice, ask_of),
            }
        source: DiceSource
        if dice is None and dice_table.mode(self.journal, game_id) in dice_table.ENTERED:
            source = dice_table.NoServerRoll()  # TABLE-DICE-9: refused if the action rolls
        elif dice is None:
            return self._act_server_dice(session, seat, action, version, element, commitment)
        else:
            source = EnteredDice(list(dice))
        before = table_status.status(self.journal, game_id)  # read at the request's start
        entry = guarded(partial(session.act, dict(action), source, seat, expected_version))
        self._kept_status(game_id, before, entry)  # no hook: the journal row only
        commitments.commitment(self.journal, game_id, entry.seq)
        self._written(game_id, entry)
        self.on_change(game_id, entry.seq)
        row: TableEntry = {**entry.for_seat(seat), "dice_origin": entry.dice_origin}
        return {"version": entry.seq, "entry": row}

    def _act_server_dice(
        self,
        session: GameSession,
        seat: str,
        action: Mapping[str, Any],
        version: int,
        element: str | None,
        commitment: str | None,
    ) -> ActAnswer:
        """An action with server dice: a dry run first, with dice that stop at the first
        die asked. One that rolls nothing is applied at once; one that rolls is
        committed as pending (:func:`dice_table.open_pending`) and drawn once the
        awaited seats have revealed for it (:meth:`settle`): 202 with ``rolling``."""
        game_id = session.game_id
        commit = commitments.commitment(self.journal, game_id, version)
        if commitment is not None and commitment != commit.seed_hash:
            raise StaleVersion(version, version)
        seats = self._dice_seats(game_id)
        for _attempt in range(5):
            plan = dice_table.plan_roll(
                self.journal, game_id, version, seat, element, seats, probe_only=True
            )
            probe = _NoDice()
            before = table_status.status(self.journal, game_id)  # read at the request's start
            try:
                run = partial(
                    session.act, dict(action), probe, seat, version, within=plan.hook(probe)
                )
                entry = guarded(run)
                break
            except dice_table.RevealsChanged:
                continue
            except _WouldRoll:
                pending = dice_table.open_pending(
                    self.journal,
                    game_id,
                    version,
                    seat,
                    dict(action),
                    commit.seed,
                    element,
                    seats,
                    self.clock(),
                )
                done = self.settle(game_id)
                if done is not None:  # nobody to wait for
                    row: TableEntry = {**done.for_seat(seat), "dice_origin": done.dice_origin}
                    return {"version": done.seq, "entry": row}
                self.on_change(game_id, version)  # the other seats' pages reveal for it
                now = dice_table.pending_at(self.journal, game_id, version) or pending
                shown = self._pending_view(now, seat)
                assert shown is not None
                return {"version": version, "rolling": shown}
        else:
            raise StaleVersion(version, session.version)
        if plan.actor_new is None:  # the dry run's hook wrote nothing: the journal row only
            self._kept_status(game_id, before, entry)
        commitments.commitment(self.journal, game_id, entry.seq)
        self._written(game_id, entry)
        self.on_change(game_id, entry.seq)
        out: TableEntry = {**entry.for_seat(seat), "dice_origin": entry.dice_origin}
        return {"version": entry.seq, "entry": out}

    @staticmethod
    def _other_seat(session: GameSession, state: Any, seat: str) -> str | None:
        """The seat that confirms ``seat``'s entered roll (two-seat games: the other one)."""
        others = [s for s in session.game.seats(state) if s != seat]
        return others[0] if len(others) == 1 else None

    def _server_dice(
        self,
        game_id: str,
        version: int,
        seat: str,
        element: str | None = None,
        commitment: str | None = None,
    ) -> tuple[DiceSource, Within]:
        """The dice of the action at ``version``: the committed server seed and the seats'
        revealed elements (scheme ``ordnance-dice-v1``), and the hook that records them in
        the journal's appending transaction."""
        commit = commitments.commitment(self.journal, game_id, version)
        if commitment is not None and commitment != commit.seed_hash:
            raise StaleVersion(version, version)
        seats = self._dice_seats(game_id)
        plan = dice_table.plan_roll(self.journal, game_id, version, seat, element, seats)
        source = dice_table.dice_source(commit.seed, game_id, version, plan.elements)
        hook = plan.hook(source)
        assert hook is not None  # a plan that may roll always writes its record
        return source, hook

    @staticmethod
    def _check_side(action: Mapping[str, Any], seat: str) -> None:
        side = action.get("side")
        if side is not None and side != seat:
            raise NotYourSeat(
                msg("this link plays one side only"),
                hint=msg("act for your own side or use its link"),
            )


__all__ = ["BadAction", "NotFound", "TableService", "guarded"]
