"""Consent requests at a table: an undo, or an action on the other side's pieces.

The acting seat asks, the other seat answers; an accepted request applies in
the same transaction as its answer, and at most one request per table is
pending (a partial unique index), so two answers cannot both apply. Mixed
into :class:`~ordnance.server.service.TableService`, whose journal, sessions
and dice these methods use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, bindparam, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ordnance.core.dice import DiceSource, EnteredDice, SeededDice
from ordnance.core.errors import RuleViolation, StaleVersion
from ordnance.core.journal import GameSession, Journal, JournalEntry
from ordnance.core.journal.models import GameRow
from ordnance.core.journal.session import Within
from ordnance.core.messages import msg, render_message, term
from ordnance.core.shapes import JsonObject
from ordnance.server import commitments, dice_table, seats, table_status
from ordnance.server.answers import (
    MessageView,
    OpenedRequest,
    RequestAnswer,
    RequestState,
    UndoState,
)
from ordnance.server.models import ConsentRequestRow
from ordnance.server.refusals import NotFound, guarded


class ConsentRequests:
    """The request and answer procedures of :class:`~ordnance.server.service.TableService`."""

    # What the table service provides (set in its ``__init__``, defined there); of its
    # methods, only the parameters these procedures pass.
    journal: Journal
    on_change: Callable[[str, int], None]

    if TYPE_CHECKING:  # pragma: no cover

        def session(self, game_id: str) -> GameSession: ...

        def seat_now(self) -> datetime: ...

        def _server_dice(
            self, game_id: str, version: int, seat: str
        ) -> tuple[DiceSource, Within]: ...

    # -- consent requests: undo, and actions on the other side's pieces ----------
    def request_undo(self, game_id: str, seat: str, expected_version: int) -> OpenedRequest:
        """Ask the other seat to undo the last effective entry (it names that entry)."""
        session = self.session(game_id)
        version, _state, top = session.position()
        if version != expected_version:
            raise StaleVersion(expected_version, version)
        if top == 0:
            raise RuleViolation("CORE-UNDO", msg("there is nothing to undo"), hint=msg("act first"))
        text = _undo_text(session.entries(top - 1)[0], None)
        waiting = dice_table.pending_at(self.journal, game_id, version)
        if waiting is not None:  # an undo drops it: the request and its record say so
            text = f"{text}; {dice_table.drop_note(waiting)}"[:500]
        return self._open_request(game_id, seat, expected_version, "undo", None, text, None)

    def _request_action(
        self,
        session: GameSession,
        seat: str,
        action: Mapping[str, Any],
        version: int,
        dice: Sequence[int] | None,
        ask_of: str,
    ) -> OpenedRequest:
        """An action that changes ``ask_of``'s pieces: checked now, applied on its yes."""
        game = session.game
        state = session.state()
        if dice is None:
            probe: DiceSource = SeededDice(
                commitments.commitment(self.journal, session.game_id, version).seed
            )
        else:
            probe = EnteredDice(list(dice))
        # A dry run: an action the rules refuse is refused now, not after the yes.
        # Its outcome is thrown away (nothing of it is shown or written).
        # (consented: the dry run asks whether the rules allow it once the other side agrees)
        guarded(lambda: game.apply(state, dict(action), probe, seat, consented=True))
        what = guarded(lambda: game.describe(state, dict(action), seat))
        text = render_message(what.template, what.args)
        if dice is not None:  # the other seat confirms the roll it cannot see made
            text += f"; dice entered: {', '.join(str(d) for d in dice) or 'none'}"
        payload: JsonObject = {
            "action": dict(action),
            "dice": list(dice) if dice is not None else None,
            # what a face needs to word the request in its language (``_action_message``)
            "message": {"template": what.template, "args": dict(what.args)},
        }
        return self._open_request(
            session.game_id, seat, version, "action", payload, text[:500], ask_of
        )

    def _open_request(
        self,
        game_id: str,
        seat: str,
        version: int,
        kind: str,
        payload: JsonObject | None,
        text: str,
        ask_of: str | None,
    ) -> OpenedRequest:
        """Insert a pending request; the partial unique index allows one per table.

        Requests left pending at an older version no longer apply: they are
        expired in the same transaction, so they do not block this one.
        """
        try:
            with self.journal.transaction() as s:
                current = s.scalar(select(GameRow.version).where(GameRow.id == game_id))
                if current != version:
                    raise StaleVersion(version, int(current or 0))
                _expire_stale(s, game_id, version)
                row = ConsentRequestRow(
                    game_id=game_id,
                    at_version=version,
                    requested_by=seat,
                    status="pending",
                    kind=kind,
                    payload=payload,
                    text=text,
                    ask_of=ask_of,
                )
                s.add(row)
                s.flush()
                rid = row.id
        except IntegrityError:
            raise RuleViolation(
                "TABLE-UNDO-1",
                msg("a request is already waiting for an answer at this table"),
                hint=msg("wait for the other seat to accept or decline it"),
            ) from None
        self.on_change(game_id, version)
        return {
            "request": rid,
            "kind": kind,
            "status": "pending",
            "at_version": version,
            "text": text,
        }

    def answer_request(
        self, game_id: str, seat: str, request_id: int, accept: bool
    ) -> RequestAnswer:
        """Accept or decline a pending request; exactly one answer wins.

        The answer is ``UPDATE ... SET status WHERE status = 'pending'`` run in
        the same transaction as the journal entry an acceptance writes: if
        another answer got there first, the update touches no row and the
        whole transaction (entry included) rolls back; the journal's own
        version check refuses a second entry at the same version. So a
        request is accepted exactly when its entry is in the journal.
        """
        session = self.session(game_id)
        with self.journal.reading() as s:
            req = s.get(ConsentRequestRow, request_id)
        if req is None or req.game_id != game_id:
            raise NotFound(msg("no such request"))
        if req.status != "pending":
            raise RuleViolation(
                "TABLE-UNDO-2",
                msg("this request was already {status}", status=req.status),
                hint=msg("ask again"),
            )
        if req.requested_by == seat or (req.ask_of is not None and req.ask_of != seat):
            raise RuleViolation(
                "TABLE-UNDO-3",
                msg("this request needs {value}'s consent", value=req.ask_of or "the other seat"),
                hint=msg("wait for the other seat to accept"),
            )
        version = session.version
        if req.at_version != version:
            with self.journal.transaction() as s:
                _expire_stale(s, game_id, version)
            raise StaleVersion(req.at_version, version)
        status = "accepted" if accept else "declined"
        seq = req.at_version + 1 if accept else None

        def claim(c: Connection) -> None:
            won = c.execute(
                update(ConsentRequestRow)
                .where(ConsentRequestRow.id == request_id, ConsentRequestRow.status == "pending")
                .values(
                    status=status, decided_by=seat, decided_at=datetime.now(UTC), applied_seq=seq
                )
            )
            if won.rowcount != 1:
                raise RuleViolation(
                    "TABLE-UNDO-2",
                    msg("this request was already answered"),
                    hint=msg("reload the table to see the answer"),
                )

        result: RequestAnswer = {"request": request_id, "kind": req.kind, "status": status}
        if not accept:
            # the asking seat learns of the no (live, and after a reload): a seat event
            # written with the answer, at the entry the request was made at
            undone = session.position()[2]
            what: MessageView | str = _action_message(req.payload) or req.text
            with self.journal.transaction() as s:
                claim(s.connection())
                seats.request_declined(
                    s,
                    game_id,
                    version,
                    req.kind,
                    req.requested_by,
                    seat,
                    undone=undone,
                    what=dict(what) if isinstance(what, dict) else what,
                    now=self.seat_now(),
                )
        elif req.kind == "undo":
            waiting = dice_table.pending_at(self.journal, game_id, version)
            undo_within: Within = claim
            if waiting is not None:
                dropped = waiting

                def undo_within(c: Connection) -> None:  # the answer and the dropped roll
                    claim(c)
                    dice_table.drop_pending(c, dropped.id)

                result["dice_note"] = dice_table.drop_note(waiting)
            entry = guarded(
                lambda: session.undo(seat, expected_version=req.at_version, within=undo_within)
            )
            result["version"] = entry.seq
        else:
            payload = req.payload or {}
            dice = payload.get("dice")
            source: DiceSource
            within: Within = claim
            if dice is None:
                source, record = self._server_dice(game_id, req.at_version, req.requested_by)

                def within(c: Connection) -> None:  # the answer and the dice record, atomically
                    claim(c)
                    record(c)
            else:
                dice_table.check_entered(self.journal, game_id)
                source = EnteredDice([int(d) for d in dice])
            action = dict(payload.get("action") or {})
            entry = guarded(
                lambda: session.act(
                    action,
                    source,
                    req.requested_by,
                    req.at_version,
                    consented=True,
                    within=within,
                )
            )
            result["version"] = entry.seq
            result["entry"] = entry.for_seat(seat)
        if "version" in result:
            commitments.commitment(self.journal, game_id, result["version"])
        self.on_change(game_id, result.get("version", version))
        return result

    def _pending(self, game_id: str, version: int) -> ConsentRequestRow | None:
        if not table_status.status(self.journal, game_id).consent_pending:
            return None
        with self.journal.reading() as s:
            return s.scalar(_PENDING, {"gid": game_id, "version": version})

    def _request_state(
        self, game_id: str, seat: str, session: GameSession, version: int, top: int
    ) -> RequestState | None:
        """The pending request as ``seat`` sees it: what it would do, who asked, who answers."""
        pending = self._pending(game_id, version)
        if pending is None:
            return None
        text = pending.text
        message: MessageView | None = None
        if pending.kind == "undo" and top > 0:  # the entry named as this seat may see it
            entry = session.entries(top - 1)[0]
            text, message = _undo_text(entry, seat), _undo_message(entry, seat)
            waiting = dice_table.pending_at(self.journal, game_id, version)
            if waiting is not None:
                text = f"{text}; {dice_table.drop_note(waiting)}"[:500]
        elif pending.kind == "action":
            message = _action_message(pending.payload)
        mine = pending.requested_by == seat
        return {
            "request": pending.id,
            "kind": pending.kind,
            "text": text,
            # what a face needs to word ``text`` in its language (undo: the entry's events)
            "message": message,
            "requested_by": pending.requested_by,
            "ask_of": pending.ask_of,
            "mine": mine,
            "may_answer": not mine and pending.ask_of in (None, seat),
            "at_version": pending.at_version,
        }

    def _undo_state(self, game_id: str, seat: str, version: int, top: int) -> UndoState:
        session = self.session(game_id)
        return {
            "possible": top > 0,
            "pending": self._request_state(game_id, seat, session, version, top),
        }


#: The pending request of a game at a version (built once: every view and log asks).
_PENDING = select(ConsentRequestRow).where(
    ConsentRequestRow.game_id == bindparam("gid"),
    ConsentRequestRow.status == "pending",
    ConsentRequestRow.at_version == bindparam("version"),
)


def _action_message(payload: Mapping[str, Any] | None) -> MessageView | None:
    """An action request's text as a message: what it would do, and the dice entered."""
    said = (payload or {}).get("message")
    if not isinstance(said, dict) or not isinstance(said.get("template"), str):
        return None  # a request opened before requests kept their message
    what: MessageView = {"template": said["template"], "args": dict(said.get("args") or {})}
    dice = (payload or {}).get("dice")
    if dice is None:
        return what
    entered = ", ".join(str(d) for d in dice) if dice else term("none")
    return {
        "template": "{what}; dice entered: {dice}",
        "args": {"what": dict(what), "dice": entered},
    }


def _undo_text(entry: JournalEntry, seat: str | None) -> str:
    """ "undo entry 7: german bought a munitions token", as ``seat`` may see the entry."""
    texts = [e["text"] or e["kind"] for e in entry.for_seat(seat)["events"]]
    who = f"{entry.seat}: " if entry.seat else ""
    return f"undo entry {entry.seq}: {who}{'; '.join(texts) or entry.kind}"[:500]


def _undo_message(entry: JournalEntry, seat: str | None) -> MessageView:
    """``_undo_text`` as a message (template and args), each event as ``seat`` may see it."""
    events: list[MessageView | str] = []
    for e in entry.events:
        shown = e.for_seat(seat, messages=True)
        template = shown.get("template")
        if template:
            events.append({"template": template, "args": shown.get("args") or {}})
        else:
            events.append(str(shown.get("text") or e.kind))
    return {
        "template": "undo entry {seq}: {seat}: {events}"
        if entry.seat
        else "undo entry {seq}: {events}",
        "args": {
            "seq": entry.seq,
            "seat": entry.seat or "",
            "events": {"join": "; ", "items": events},
        },
    }


def _expire_stale(s: Session, game_id: str, version: int) -> None:
    """Requests still pending at another version no longer apply: mark them expired."""
    s.execute(
        update(ConsentRequestRow)
        .where(
            ConsentRequestRow.game_id == game_id,
            ConsentRequestRow.status == "pending",
            ConsentRequestRow.at_version != version,
        )
        .values(status="expired", decided_at=datetime.now(UTC))
    )
