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
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select

from ordnance.core import registry
from ordnance.core.dice import DiceSource, EnteredDice, SeededDice
from ordnance.core.errors import NotYourSeat, OrdnanceError, RuleViolation, StaleVersion
from ordnance.core.hexes import parse_hex
from ordnance.core.journal import GameSession, Journal, JournalEntry
from ordnance.core.journal.models import GameRow
from ordnance.server import commitments, i18n, seats
from ordnance.server.models import CommitmentRow, UndoRequestRow

#: The LOS tool traces lines up to this range (a line's cost grows with its length).
MAX_LOS_RANGE = 200


class BadAction(OrdnanceError):
    """An action the game could not read (wrong fields or types)."""


class NotFound(OrdnanceError):
    """No such table (or no such request)."""


@dataclass(frozen=True)
class _Meta:
    game: str
    settings: dict[str, Any]


def guarded(fn: Callable[[], Any]) -> Any:
    """Run a game function; turn anything it raises into an OrdnanceError.

    Games validate actions with Pydantic; other exceptions (a missing key...)
    mean the action was malformed. The message names fields, never values
    from the state, so it cannot carry another seat's secret.
    """
    try:
        return fn()
    except OrdnanceError:
        raise
    except ValidationError as exc:
        fields = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'action'}: {e['msg']}"
            for e in exc.errors(include_input=False, include_url=False)
        )
        raise BadAction(f"the action is not valid: {fields}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, LookupError):
        raise BadAction(
            "the action is not valid for this game",
            hint="use one of the forms listed under 'legal'",
        ) from None


class TableService:
    """The table procedures over one journal database."""

    def __init__(self, journal: Journal, on_change: Callable[[str, int], None] | None = None):
        self.journal = journal
        self.on_change = on_change or (lambda _gid, _v: None)
        self._meta: dict[str, _Meta] = {}
        self._lock = threading.Lock()

    # -- tables ------------------------------------------------------------------
    def create(self, game_name: str, settings: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
        game = registry.game(game_name)
        state = guarded(lambda: game.new(dict(settings)))
        session = GameSession.create(self.journal, game_name, dict(settings))
        tokens = seats.add_seats(self.journal, session.game_id, list(game.seats(state)))
        commitments.commitment(self.journal, session.game_id, 0)
        return session.game_id, tokens

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
    def view(self, game_id: str, seat: str) -> dict[str, Any]:
        session = self.session(game_id)
        version, state, top = session.position()
        game = session.game
        commit = commitments.commitment(self.journal, game_id, version)
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
            "undo": self._undo_state(game_id, seat, version, top),
        }

    def log(self, game_id: str, seat: str, since: int = 0, lang: str = "en") -> dict[str, Any]:
        session = self.session(game_id)
        entries = session.entries(since)  # only the rows after ``since``
        version = entries[-1].seq if entries else session.version
        commits = {
            c.for_version: c
            for c in commitments.all_commitments(self.journal, game_id, version, from_version=since)
        }
        rows = []
        for entry in entries:
            row = entry.for_seat(seat)
            if lang != i18n.DEFAULT:  # each event from its for_seat(seat) message only
                texts = i18n.event_texts(list(entry.events), seat, lang)
                row["events"] = [
                    {**e, "text": t} for e, t in zip(row["events"], texts, strict=True)
                ]
            row["dice_origin"] = entry.dice_origin
            row["commitment"] = self._reveal(commits.get(entry.seq - 1), entry, seat)
            rows.append(row)
        # Older entries that an undo after ``since`` cancelled (a client holding
        # them marks them undone without refetching).
        cancelled = sorted(u for e in entries if (u := e.undone_seq) is not None and u <= since)
        return {
            "game_id": game_id,
            "version": version,
            "entries": rows,
            "undone_before": cancelled,
        }

    @staticmethod
    def _reveal(
        commit: CommitmentRow | commitments.Commitment | None, entry: JournalEntry, seat: str
    ) -> dict[str, Any] | None:
        if commit is None or entry.dice_origin != "rolled":
            return None
        public = all(e.visible_to(seat) for e in entry.events)
        return {
            "hash": commit.seed_hash,
            "seed": commit.seed if public else None,
            "sides": [s for _v, s, _l in entry.dice] if public else None,
        }

    def dice_record(self, game_id: str, seat: str) -> dict[str, Any]:
        """Every server roll with its commitment, and the server's own check."""
        log = self.log(game_id, seat)
        rolls = []
        for row in log["entries"]:
            commit = row["commitment"]
            if commit is None:
                continue
            item = {"seq": row["seq"], "hash": commit["hash"], "seed": commit["seed"]}
            if commit["seed"] is not None:
                dice = [[v, s, ""] for v, s in zip(row["dice"], commit["sides"], strict=True)]
                item["dice"] = row["dice"]
                item["sides"] = commit["sides"]
                item["verified"] = commitments.verify_roll(commit["seed"], commit["hash"], dice)[
                    "ok"
                ]
            else:
                item["dice"] = None
                item["verified"] = None
            rolls.append(item)
        pending = commitments.commitment(self.journal, game_id, log["version"])
        return {
            "game_id": game_id,
            "version": log["version"],
            "next": {"version": log["version"], "hash": pending.seed_hash},
            "rolls": rolls,
        }

    def odds(self, game_id: str, seat: str, action: Mapping[str, Any]) -> dict[str, Any] | None:
        session = self.session(game_id)
        state = session.state()
        result: dict[str, Any] | None = guarded(
            lambda: session.game.odds(state, dict(action), seat)
        )
        return result

    def los(self, game_id: str, seat: str, a: str, b: str) -> dict[str, Any]:
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
        result: dict[str, Any] = guarded(lambda: game.los(state, origin, target, seat))
        return result

    # -- writing ------------------------------------------------------------------
    def act(
        self,
        game_id: str,
        seat: str,
        action: Mapping[str, Any],
        expected_version: int,
        dice: Sequence[int] | None = None,
    ) -> dict[str, Any]:
        """Apply ``action`` for ``seat`` at ``expected_version``.

        A refused action writes no row in any table: the version is checked
        (:class:`StaleVersion`) before any commitment is read, and the
        commitment for the current version already exists, because creating
        the table and every accepted write draw the commitment of the version
        they lead to. (A table made outside the server, e.g. by ``ordnance game
        new``, gets its first commitments from the first view or action.)
        """
        session = self.session(game_id)
        self._check_side(action, seat)
        version = session.version
        if expected_version != version:
            raise StaleVersion(expected_version, version)
        source: DiceSource
        if dice is None:
            commit = commitments.commitment(self.journal, game_id, version)
            source = SeededDice(commit.seed)
        else:
            source = EnteredDice(list(dice))
        entry = guarded(lambda: session.act(dict(action), source, seat, expected_version))
        commitments.commitment(self.journal, game_id, entry.seq)
        self.on_change(game_id, entry.seq)
        row = entry.for_seat(seat)
        row["dice_origin"] = entry.dice_origin
        return {"version": entry.seq, "entry": row}

    @staticmethod
    def _check_side(action: Mapping[str, Any], seat: str) -> None:
        side = action.get("side")
        if side is not None and side != seat:
            raise NotYourSeat(
                "this link plays one side only", hint="act for your own side or use its link"
            )

    def request_undo(self, game_id: str, seat: str, expected_version: int) -> dict[str, Any]:
        session = self.session(game_id)
        version, _state, top = session.position()
        if version != expected_version:
            raise StaleVersion(expected_version, version)
        if top == 0:
            raise RuleViolation("CORE-UNDO", "there is nothing to undo", hint="act first")
        if self._pending(game_id, expected_version) is not None:
            raise RuleViolation(
                "TABLE-UNDO-1",
                "an undo request is already waiting for an answer",
                hint="wait for the other seat to accept or decline it",
            )
        with self.journal.transaction() as s:
            row = UndoRequestRow(
                game_id=game_id, at_version=expected_version, requested_by=seat, status="pending"
            )
            s.add(row)
            s.flush()
            rid = row.id
        self.on_change(game_id, expected_version)
        return {"request": rid, "status": "pending", "at_version": expected_version}

    def answer_undo(self, game_id: str, seat: str, request_id: int, accept: bool) -> dict[str, Any]:
        session = self.session(game_id)
        with self.journal.reading() as s:
            req = s.get(UndoRequestRow, request_id)
        if req is None or req.game_id != game_id:
            raise NotFound("no such undo request")
        if req.status != "pending":
            raise RuleViolation(
                "TABLE-UNDO-2", f"this request was already {req.status}", hint="ask again"
            )
        version = session.version
        if req.at_version != version:
            raise StaleVersion(req.at_version, version)
        if req.requested_by == seat:
            raise RuleViolation(
                "TABLE-UNDO-3",
                "an undo needs the other seat's consent",
                hint="wait for the other seat to accept",
            )
        result: dict[str, Any] = {"request": request_id}
        if accept:
            entry = session.undo(seat, expected_version=req.at_version)
            commitments.commitment(self.journal, game_id, entry.seq)
            result["version"] = entry.seq
        with self.journal.transaction() as s:
            row = s.get(UndoRequestRow, request_id)
            assert row is not None
            row.status = "accepted" if accept else "declined"
            row.decided_by = seat
            row.decided_at = datetime.now(UTC)
        result["status"] = "accepted" if accept else "declined"
        self.on_change(game_id, result.get("version", version))
        return result

    def _pending(self, game_id: str, version: int) -> UndoRequestRow | None:
        with self.journal.reading() as s:
            return s.scalar(
                select(UndoRequestRow).where(
                    UndoRequestRow.game_id == game_id,
                    UndoRequestRow.status == "pending",
                    UndoRequestRow.at_version == version,
                )
            )

    def _undo_state(self, game_id: str, seat: str, version: int, top: int) -> dict[str, Any]:
        pending = self._pending(game_id, version)
        return {
            "possible": top > 0,
            "pending": None
            if pending is None
            else {
                "request": pending.id,
                "requested_by": pending.requested_by,
                "mine": pending.requested_by == seat,
            },
        }
