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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import select

from ordnance.core import registry
from ordnance.core.dice import DiceSource, EnteredDice
from ordnance.core.errors import NotYourSeat, OrdnanceError, StaleVersion
from ordnance.core.hexes import parse_hex
from ordnance.core.journal import GameSession, Journal, JournalEntry
from ordnance.core.journal.models import GameRow
from ordnance.core.journal.session import Within
from ordnance.core.shapes import JsonObject, LosAnswer, OddsAnswer
from ordnance.server import commitments, dice_table, i18n, seats, texts
from ordnance.server.answers import (
    ActAnswer,
    LogAnswer,
    LogEntry,
    Reveal,
    TableEntry,
    TableView,
)
from ordnance.server.consent import ConsentRequests
from ordnance.server.models import CommitmentRow
from ordnance.server.refusals import BadAction, NotFound, guarded

#: The LOS tool traces lines up to this range (a line's cost grows with its length).
MAX_LOS_RANGE = 200


@dataclass(frozen=True)
class _Meta:
    game: str
    settings: JsonObject


class TableService(ConsentRequests):
    """The table procedures over one journal database."""

    def __init__(self, journal: Journal, on_change: Callable[[str, int], None] | None = None):
        self.journal = journal
        self.on_change = on_change or (lambda _gid, _v: None)
        self._meta: dict[str, _Meta] = {}
        self._lock = threading.Lock()

    # -- tables ------------------------------------------------------------------
    def create(
        self,
        game_name: str,
        settings: Mapping[str, Any],
        seat: str | None = None,
        dice: str = "server",
        setup: Sequence[Mapping[str, Any]] = (),
    ) -> seats.NewTable:
        """A new table: the creator's token for ``seat`` (default: the first) and
        one invitation per other seat; ``dice`` is the agreed dice setting
        (``server`` or ``entered``). Validated first, then written in one
        transaction (:func:`seats.create_table`)."""
        if dice not in dice_table.MODES:
            raise BadAction(f"dice must be one of {', '.join(dice_table.MODES)}")
        game = registry.game(game_name)
        state = guarded(lambda: game.new(dict(settings)))
        names = texts.check_seat_names(guarded(lambda: game.seats(state)), settings)
        if not names:  # e.g. WaW settings with an empty ``sides``: nobody could play
            raise BadAction(
                "these settings give the game no seat", hint="name at least one side to play"
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
        )
        dice_table.set_mode(self.journal, created.game_id, dice)
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
    ) -> seats.NewTable:
        """A table from a scenario document; its set-up is journaled as hot seat.

        The whole set-up is played in memory first (:func:`scenario.prepare`),
        so a bad document writes nothing; the problems name their fields.
        """
        from ordnance.core import scenario

        if settings:
            raise OrdnanceError("give settings or a scenario, not both")
        if document.get("game") != game_name:
            raise OrdnanceError(
                f"the scenario is for {document.get('game')!r}, not {game_name!r}",
                hint="set the body's game to the scenario's game",
            )
        _game, _doc, start = guarded(
            lambda: scenario.prepare(scenario.document(document, "scenario"))
        )
        return self.create(game_name, start.settings, seat, dice, setup=start.actions)

    def session(self, game_id: str) -> GameSession:
        meta = self._meta.get(game_id)
        if meta is None:
            with self.journal.reading() as s:
                row = s.get(GameRow, game_id) if len(game_id) <= 64 else None
                if row is None:
                    raise NotFound("no such table")
                meta = _Meta(row.game, dict(row.settings))
            with self._lock:
                self._meta[game_id] = meta
        return GameSession(self.journal, game_id, game_name=meta.game, settings=meta.settings)

    def authenticate(self, game_id: str, token: str | None) -> str | None:
        self.session(game_id)  # 404 before 403
        return seats.seat_for(self.journal, game_id, token or "")

    def version(self, game_id: str) -> int:
        with self.journal.reading() as s:
            v = s.scalar(select(GameRow.version).where(GameRow.id == game_id))
        return int(v or 0)

    # -- reading -------------------------------------------------------------------
    def view(self, game_id: str, seat: str) -> TableView:
        session = self.session(game_id)
        version, state, top = session.position()
        game = session.game
        commit = commitments.commitment(self.journal, game_id, version)
        undo = self._undo_state(game_id, seat, version, top)
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
            "turn": guarded(lambda: game.turn(state).to_view()),
            "dice": {
                "scheme": dice_table.SCHEME,
                "mode": dice_table.mode(self.journal, game_id),
                "chain": dice_table.chain_state(self.journal, game_id, seat, version),
            },
            "undo": undo,
            "pending_request": undo["pending"],
        }

    def log(self, game_id: str, seat: str, since: int = 0, lang: str = "en") -> LogAnswer:
        session = self.session(game_id)
        entries = session.entries(since)  # only the rows after ``since``
        version = entries[-1].seq if entries else session.version
        commits = {
            c.for_version: c
            for c in commitments.all_commitments(self.journal, game_id, version, from_version=since)
        }
        rows: list[LogEntry] = []
        for entry in entries:
            row: LogEntry = {
                **entry.for_seat(seat),
                "dice_origin": entry.dice_origin,
                "commitment": self._reveal(commits.get(entry.seq - 1), entry, seat),
            }
            if lang != i18n.DEFAULT:  # each event from its for_seat(seat) message only
                texts = i18n.event_texts(list(entry.events), seat, lang)
                row["events"] = [
                    {**e, "text": t} for e, t in zip(row["events"], texts, strict=True)
                ]
            rows.append(row)
        # Older entries that an undo after ``since`` cancelled (a client holding
        # them marks them undone without refetching).
        cancelled = sorted(u for e in entries if (u := e.undone_seq) is not None and u <= since)
        _v, _state, top = session.position()
        pending = self._request_state(game_id, seat, session, version, top)
        if pending is not None and lang != i18n.DEFAULT:
            pending = i18n.localize_request(pending, i18n.translations(lang).gettext, lang)
        return {
            "game_id": game_id,
            "version": version,
            "entries": rows,
            "undone_before": cancelled,
            "pending_request": pending,
        }

    @staticmethod
    def _reveal(
        commit: CommitmentRow | commitments.Commitment | None, entry: JournalEntry, seat: str
    ) -> Reveal | None:
        if commit is None or entry.dice_origin != "rolled":
            return None
        public = all(e.visible_to(seat) for e in entry.events)
        return {
            "hash": commit.seed_hash,
            "seed": commit.seed if public else None,
            "sides": [s for _v, s, _l in entry.dice] if public else None,
        }

    def dice_record(self, game_id: str, seat: str, since: int = 0) -> dict[str, Any]:
        """The server rolls of the entries after ``since`` (all by default) with the
        secrets that made them, for the seat to recompute.

        Only the journal rows after ``since`` are read, as for :meth:`log`; a
        page that has checked the rolls up to ``since`` asks for the rest only.
        """
        session = self.session(game_id)
        entries = session.entries(since)
        version = entries[-1].seq if entries else session.version
        since = min(since, version)
        pending = commitments.commitment(self.journal, game_id, version)
        seats = self._dice_seats(game_id)
        return dice_table.record(
            self.journal,
            game_id,
            seat,
            entries,
            pending.seed_hash,
            seats,
            version=version,
            since=since,
        )

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
        self, game_id: str, seat: str, version: int, seen_hash: str, element: str
    ) -> dict[str, Any]:
        """Deposit the seat's next chain element for the roll at ``version``."""
        self.session(game_id)
        return dice_table.reveal(self.journal, game_id, seat, version, seen_hash, element)

    def odds(self, game_id: str, seat: str, action: Mapping[str, Any]) -> OddsAnswer | None:
        session = self.session(game_id)
        state = session.state()
        return guarded(lambda: session.game.odds(state, dict(action), seat))

    def los(self, game_id: str, seat: str, a: str, b: str) -> LosAnswer:
        """The game's LOS answer for ``seat`` (:meth:`Game.los`; the bare hex line by default).

        Only the requesting seat is passed to the game, which judges from what
        that seat may see; the answer goes to that seat alone.
        """
        origin, target = parse_hex(a), parse_hex(b)
        if origin.distance(target) > MAX_LOS_RANGE:
            raise BadAction(
                f"a line of sight longer than {MAX_LOS_RANGE} hexes is not traced",
                hint="pick two hexes of the map",
            )
        session = self.session(game_id)
        state = session.state()
        game = session.game
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
        version = session.version
        if expected_version != version:
            raise StaleVersion(expected_version, version)
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
        for _attempt in range(5):
            source: DiceSource
            hook: Within | None = None
            if dice is None and dice_table.mode(self.journal, game_id) in dice_table.ENTERED:
                source = dice_table.NoServerRoll()  # TABLE-DICE-7: only if the action rolls
            elif dice is None:
                source, hook = self._server_dice(game_id, version, seat, element, commitment)
            else:
                source = EnteredDice(list(dice))
            try:
                run = partial(
                    session.act, dict(action), source, seat, expected_version, within=hook
                )
                entry = guarded(run)
                break
            except dice_table.RevealsChanged:
                continue  # a seat revealed meanwhile: roll again with its element
        else:
            raise StaleVersion(expected_version, session.version)
        commitments.commitment(self.journal, game_id, entry.seq)
        self.on_change(game_id, entry.seq)
        row: TableEntry = {**entry.for_seat(seat), "dice_origin": entry.dice_origin}
        return {"version": entry.seq, "entry": row}

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
        return source, plan.hook(source)

    @staticmethod
    def _check_side(action: Mapping[str, Any], seat: str) -> None:
        side = action.get("side")
        if side is not None and side != seat:
            raise NotYourSeat(
                "this link plays one side only", hint="act for your own side or use its link"
            )


__all__ = ["BadAction", "NotFound", "TableService", "guarded"]
