"""Seats that belong to their players: tokens, invitations, tickets (no accounts).

Creating a table gives the creator a token for the seat it picked and one
*invitation* per other seat, never those seats' tokens. Opening an
invitation claims its seat: the server draws a fresh token that only the
claiming browser (or CLI) receives. The database stores only SHA-256
hashes of tokens and invitation codes, so a leaked database opens nothing.

* **One claim per invitation.** Claiming is a conditional update
  (``UPDATE seat_invitations SET claimed_at=now WHERE id=:id AND claimed_at
  IS NULL AND revoked_at IS NULL``) in the same transaction that stores the
  seat's new token hash; of two concurrent claims exactly one updates the
  row (SQLite serialises writers with ``BEGIN IMMEDIATE``; PostgreSQL's row
  lock makes the second update re-check the condition and find nothing).
* **A seat belongs to its holder.** Whoever takes a seat (the creator at
  creation, a player at its claim) gets a *recovery secret* with its token,
  shown once and stored hashed: with it, and only with it, the holder moves
  the seat to a new device (:func:`recover`: the old token is revoked, a new
  token and a new secret answered).
* **Another seat cannot take a held seat.** A request for a new invitation
  (:func:`reissue`) for a seat somebody holds answers an invitation that
  opens nothing yet: the seat changes hands only when its holder accepts
  (:func:`answer`), or when the holder made no authenticated request for
  the table's waiting period (:func:`settle`; any request of the holder
  stops the period, :func:`seen`). A seat nobody holds gets its new
  invitation at once. Every step is a seat event every seat sees.
* **Claims are seen.** A claim that comes with a token of a seat of the same
  table is refused (TABLE-SEAT-4); every claim is a seat event with its
  time, and ``GET /seats`` says which seats were taken from one address.
* **One place changes a token** (:func:`set_seat_token`): revocation hooks
  (:data:`TOKEN_REVOKED`) are called there.
* **Where a token lives.** In the page, the URL fragment
  (``/t/<game>#seat=<token>``, never sent to the server, so never in an
  access log) and the browser's ``localStorage``; in the CLI, a file of mode
  0600 (:mod:`ordnance.server.table_client`). A request presents it as
  ``Authorization: Bearer``; it is hashed and looked up in a small cache
  (:mod:`ordnance.server.seat_cache`), then in ``seats``; every revocation
  below forgets the old hash in this process and, by ``NOTIFY``, in the others
  (:func:`ordnance.server.live.revoked`), so a revoked token stops at once.

The live stream is opened by ``EventSource``, which cannot send headers, so
it presents a short-lived *ticket*: ``<expiry>.<seat, base64url>.<mac>`` with
``mac = HMAC(sha256(token), game:seat:expiry)``. The seat is encoded, so a
seat name may hold any printable character (a ``.`` included). Any server
process checks a ticket with the stored hash alone; replacing the token
voids its tickets; a ticket opens nothing but the stream of version numbers.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import secrets
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Update, event, exists, func, select, update
from sqlalchemy.engine import CursorResult
from sqlalchemy.orm import Session

from ordnance.core.errors import NotYourSeat, OrdnanceError
from ordnance.core.journal import Journal
from ordnance.core.journal.models import GameRow
from ordnance.core.messages import msg as message
from ordnance.server import live, seat_cache, table_status
from ordnance.server.bounded import TABLES_REMEMBERED, BoundedDict
from ordnance.server.models import (
    InvitationRow,
    ReissueRow,
    SeatEventRow,
    SeatPolicyRow,
    SeatRow,
)

TICKET_SECONDS = 3600
#: Tokens and invitation codes are ``secrets.token_urlsafe(24)``: 32 characters.
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,128}$"
_TOKEN = re.compile(TOKEN_PATTERN)
#: ``<expiry>.<seat as base64url>.<32 hex>``
TICKET_PATTERN = r"^[0-9]{1,12}\.[A-Za-z0-9_-]{1,180}\.[0-9a-f]{32}$"
_TICKET = re.compile(TICKET_PATTERN)


class InvitationUsed(OrdnanceError):
    """The invitation was already claimed or replaced (409)."""

    clause = "TABLE-SEAT-2"


class UnknownInvitation(OrdnanceError):
    """No such invitation at this table (404)."""

    clause = "TABLE-SEAT-1"


class InvitationWaiting(OrdnanceError):
    """A reissued invitation whose seat's holder has not let go yet (409, TABLE-SEAT-5)."""

    clause = "TABLE-SEAT-5"


#: How long a holder must stay silent before another seat's reissue completes,
#: unless the table sets its own at creation (``reissue_wait_minutes``).
DEFAULT_REISSUE_WAIT = 24 * 3600
MIN_REISSUE_WAIT = 60
MAX_REISSUE_WAIT = 30 * 24 * 3600
#: Seat events a view carries (the newest); ``GET /seats`` has them all up to this many.
VIEW_EVENTS = 20
STATUS_EVENTS = 200

#: The table's clock (injected by tests: no test sleeps).
Clock = Callable[[], datetime]


def utcnow() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes: they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def address_digest(game_id: str, address: str | None) -> str | None:
    """A digest of the client's address, keyed by the table: equal for one address
    at one table, never the address itself (``/seats`` only says "the same as")."""
    if not address:
        return None
    return hashlib.sha256(f"{game_id}:{address}".encode()).hexdigest()[:16]


def seat_link(game_id: str, token: str) -> str:
    return f"/t/{game_id}#seat={token}"


def invitation_link(game_id: str, code: str) -> str:
    return f"/join/{game_id}#invite={code}"


#: Called with ``(game_id, seat)`` whenever a seat's token stops working (revoked,
#: replaced, reissued, recovered): a process-local token cache registers here.
TOKEN_REVOKED: list[Callable[[str, str], None]] = []


def set_seat_token(
    s: Session,
    game_id: str,
    seat: str,
    token: str | None,
    *,
    recovery: str | None,
    keep_recovery: bool = False,
    now: datetime | None = None,
    address: str | None = None,
    condition: Any = None,
) -> int:
    """THE one place a seat's token changes (and with it the old one is revoked).

    ``token`` None leaves the seat waiting for an invitation (nobody holds it).
    ``recovery``: the new recovery secret (None: none), unless ``keep_recovery``.
    ``condition``: an extra WHERE clause (e.g. the old token's hash, so a
    replacement races safely). Returns the rows changed; calls every
    :data:`TOKEN_REVOKED` hook for the seat.
    """
    values: dict[str, Any] = {"token_hash": token_hash(token) if token is not None else None}
    if not keep_recovery:
        values["recovery_hash"] = token_hash(recovery) if recovery is not None else None
        values["claimed_at"] = now if token is not None else None
        values["address_hash"] = address_digest(game_id, address) if token is not None else None
    where = [SeatRow.game_id == game_id, SeatRow.seat == seat]
    if condition is not None:
        where.append(condition)
    old = s.execute(select(SeatRow.token_hash).where(*where)).scalar()
    changed = _changed(s, update(SeatRow).where(*where).values(**values))
    if changed and old is not None:
        bind = s.get_bind()

        def forget(_session: Session) -> None:
            # after the commit, so a lookup racing the change cannot cache the old token
            live.revoked(bind, old)

        event.listen(s, "after_commit", forget, once=True)
    for hook in TOKEN_REVOKED:
        hook(game_id, seat)
    return changed


@dataclass(frozen=True)
class NewTable:
    game_id: str
    seat: str
    token: str
    #: seat -> invitation code, for every seat but the creator's
    invitations: dict[str, str]
    #: the creator's recovery secret (shown once)
    recovery: str = ""


def create_table(
    journal: Journal,
    *,
    game_name: str,
    rules_version: int,
    settings: Mapping[str, Any],
    seats: Sequence[str],
    creator: str,
    game_id: str | None = None,
    reissue_wait: int = DEFAULT_REISSUE_WAIT,
    address: str | None = None,
    now: datetime | None = None,
) -> NewTable:
    """The game row, every seat and every invitation, in ONE transaction.

    Everything was validated before (settings by the game, names by
    :mod:`ordnance.server.texts`), so a refusal writes nothing and a failure
    here rolls back whole: no game row without its seats.
    """
    gid = game_id or uuid.uuid4().hex[:12]
    token, recovery = new_token(), new_token()
    codes = {seat: new_token() for seat in seats if seat != creator}
    moment = now or utcnow()
    with journal.transaction() as s:
        s.add(
            GameRow(
                id=gid,
                game=game_name,
                rules_version=rules_version,
                settings=dict(settings),
                version=0,
            )
        )
        s.flush()  # the foreign keys below need the game row first
        for seat in seats:
            mine = seat == creator
            s.add(
                SeatRow(
                    game_id=gid,
                    seat=seat,
                    token_hash=token_hash(token) if mine else None,
                    recovery_hash=token_hash(recovery) if mine else None,
                    claimed_at=moment if mine else None,
                    address_hash=address_digest(gid, address) if mine else None,
                )
            )
        for seat, code in codes.items():
            s.add(InvitationRow(game_id=gid, seat=seat, code_hash=token_hash(code)))
        s.add(SeatPolicyRow(game_id=gid, reissue_wait_seconds=int(reissue_wait)))
        _event(
            s,
            gid,
            0,
            "claimed",
            creator,
            None,
            msg(CREATED, seat=creator),
            moment,
        )
    return NewTable(gid, creator, token, codes, recovery)


def _changed(s: Session, statement: Update) -> int:
    """Rows a conditional UPDATE changed (how the one winner of a race is told)."""
    result = s.execute(statement)
    assert isinstance(result, CursorResult)
    return int(result.rowcount)


# The seat events' sentences: message templates (msgids of the server's catalogues,
# translated where they are shown, :func:`render_event`). ``seat_events.text`` keeps
# the template and its arguments as JSON; a row written before holds plain English.
CREATED = "{seat} created the table and took its seat"
CLAIMED = "{seat} claimed its seat (entry {entry})"
CLAIMED_SHARED = "{seat} claimed its seat (entry {entry}), from the same address as {others}"
INVITED = (
    "{by} made a new invitation for the {seat} seat, which nobody held (entry {entry}); "
    "the earlier ones no longer open it"
)
REQUESTED = (
    "{by} asked for a new invitation for the {seat} seat (entry {entry}): it opens the seat "
    "if {seat} accepts, or if {seat} makes no request until {due} UTC"
)
REISSUED_AGREED = "the {seat} seat was reissued at entry {entry} on {by}'s request ({seat} agreed)"
REISSUED_ABSENT = (
    "the {seat} seat was reissued at entry {entry} on {by}'s request "
    "({seat} made no request for {span})"
)
DECLINED = "{by} declined the request of {requester} for the {seat} seat (entry {entry})"
WITHDRAWN = "{by} withdrew its request for the {seat} seat (entry {entry})"
RECOVERED = (
    "{seat} moved its seat to a new device with its recovery secret (entry {entry}); "
    "its old link no longer opens it"
)
#: Refused attempts on another's seat: refused, yet every seat sees them.
CLAIM_REFUSED = (
    "{by} tried to claim the invitation for the {seat} seat while holding its own seat: "
    "refused (entry {entry})"
)
CLAIM_EARLY = (
    "the invitation {by} asked for was used to open the {seat} seat before {seat} let it go: "
    "refused (entry {entry})"
)
ANSWER_REFUSED = (
    "{by} tried to answer the request for the {seat} seat in {seat}'s place: "
    "refused (entry {entry})"
)
#: A consent request (an undo, an action on the other side's pieces) the other seat
#: declined: every seat sees it, the seat that asked in its own words (:data:`YOURS`).
UNDO_DECLINED = "{by} declined the undo of entry {undone} that {seat} asked for"
ACTION_DECLINED = "{by} declined the request of {seat}: {what}"
UNDO_DECLINED_YOURS = "{by} declined your undo of entry {undone}"
ACTION_DECLINED_YOURS = "{by} declined your request: {what}"
#: A template -> its wording for the reader who is the event's ``seat``.
YOURS = {UNDO_DECLINED: UNDO_DECLINED_YOURS, ACTION_DECLINED: ACTION_DECLINED_YOURS}
HOURS = "{n} h"
MINUTES = "{n} min"
#: Every template above (the catalogue test checks each has a Russian text).
TEMPLATES = (
    CREATED,
    CLAIMED,
    CLAIMED_SHARED,
    INVITED,
    REQUESTED,
    REISSUED_AGREED,
    REISSUED_ABSENT,
    DECLINED,
    WITHDRAWN,
    RECOVERED,
    CLAIM_REFUSED,
    CLAIM_EARLY,
    ANSWER_REFUSED,
    UNDO_DECLINED,
    ACTION_DECLINED,
    UNDO_DECLINED_YOURS,
    ACTION_DECLINED_YOURS,
    HOURS,
    MINUTES,
)


def msg(template: str, **args: Any) -> dict[str, Any]:
    """A seat event's sentence as a message: its template and arguments (an argument
    may itself be a message, such as a span of hours)."""
    return {"template": template, "args": args}


#: The arguments of a seat event that hold seat ids (``others``: several, comma-joined;
#: ``side``, ``side2``, ``owner``: in the action a declined request would have taken).
SEAT_ARGS = frozenset({"seat", "by", "requester", "side", "side2", "owner"})


def render_event(
    message: Any,
    gettext_: Callable[[str], str] | None = None,
    name: Callable[[str], str] | None = None,
) -> str:
    """A message's sentence, its template translated by ``gettext_`` (English without);
    ``name`` shows each seat argument (a seat id) by its side's name."""
    if not isinstance(message, dict) or not isinstance(message.get("template"), str):
        return str(message)
    tr = gettext_ or (lambda text: text)

    def arg(k: str, v: Any) -> Any:
        if isinstance(v, dict) and "join" in v:  # several values (a request's events)
            return str(v["join"]).join(str(arg(k, i)) for i in v.get("items") or [])
        if isinstance(v, dict):
            return render_event(v, gettext_, name)
        if name is not None and isinstance(v, str) and k in SEAT_ARGS:
            return name(v)
        if name is not None and isinstance(v, str) and k == "others":
            return ", ".join(name(o.strip()) for o in v.split(","))
        return v

    args = {k: arg(k, v) for k, v in (message.get("args") or {}).items()}
    try:
        return tr(message["template"]).format(**args)
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
        return str(message["template"]).format(**args)


def stored_message(text: str) -> dict[str, Any] | None:
    """The message a ``seat_events.text`` holds, or None for a plain English row."""
    if not text.startswith("{"):
        return None
    try:
        found = json.loads(text)
    except ValueError:
        return None
    return found if isinstance(found, dict) and isinstance(found.get("template"), str) else None


def event_text(text: str, gettext_: Callable[[str], str] | None = None) -> str:
    """A stored seat event's sentence in the language of ``gettext_``."""
    found = stored_message(text)
    return text if found is None else render_event(found, gettext_)


def _entry(s: Session, game_id: str) -> int:
    """The game's version: the journal entry a seat event happened at."""
    return int(s.scalar(select(GameRow.version).where(GameRow.id == game_id)) or 0)


def _event(
    s: Session,
    game_id: str,
    at_entry: int,
    kind: str,
    seat: str,
    by: str | None,
    message: dict[str, Any],
    now: datetime,
) -> None:
    text = json.dumps(message, ensure_ascii=False, sort_keys=True)
    if len(text) > 500:  # a very long list of seat names: kept as English text
        text = render_event(message)[:500]
    s.add(
        SeatEventRow(
            game_id=game_id,
            at_entry=at_entry,
            kind=kind,
            seat=seat,
            by=by,
            text=text,
            created_at=now,
        )
    )


def _attempt(
    s: Session, game_id: str, kind: str, seat: str, by: str, template: str, now: datetime
) -> None:
    """Record a refused attempt on ``seat`` (``by``: who tried, or whose code was used).

    The same attempt again at the same entry adds nothing (the table's record
    says it once, however often it was tried), so a refused seat cannot flood it."""
    entry = _entry(s, game_id)
    said = s.scalar(
        select(
            exists().where(
                SeatEventRow.game_id == game_id,
                SeatEventRow.at_entry == entry,
                SeatEventRow.kind == kind,
                SeatEventRow.seat == seat,
                SeatEventRow.by == by,
            )
        )
    )
    if said:
        return
    _event(s, game_id, entry, kind, seat, by, msg(template, by=by, seat=seat, entry=entry), now)


def request_declined(
    s: Session,
    game_id: str,
    at_entry: int,
    kind: str,
    seat: str,
    by: str,
    *,
    undone: int,
    what: dict[str, Any] | str,
    now: datetime,
) -> None:
    """Record that ``by`` declined the consent request ``seat`` opened (``kind``
    ``undo``: of entry ``undone``; ``action``: ``what`` it would do, a message), in
    the transaction of the answer, so the asking seat learns of it (live, and
    after a reload) and everyone else too."""
    said = (
        msg(UNDO_DECLINED, by=by, seat=seat, undone=undone)
        if kind == "undo"
        else msg(ACTION_DECLINED, by=by, seat=seat, what=what)
    )
    _event(s, game_id, at_entry, "request_declined", seat, by, said, now)


def _invitation_seat(s: Session, game_id: str, code: str) -> str | None:
    """The seat an invitation or reissue code of this table is for (None: no such code)."""
    hashed = token_hash(code)
    seat = s.scalar(
        select(InvitationRow.seat).where(
            InvitationRow.code_hash == hashed, InvitationRow.game_id == game_id
        )
    )
    if seat is None:
        seat = s.scalar(
            select(ReissueRow.seat).where(
                ReissueRow.code_hash == hashed, ReissueRow.game_id == game_id
            )
        )
    return None if seat is None else str(seat)


def seat_for(journal: Journal, game_id: str, token: str) -> str | None:
    """The seat this token opens in this game, or None."""
    if not token or not _TOKEN.match(token):
        return None
    hashed = token_hash(token)
    hit = seat_cache.get(journal.cache_key, hashed)
    if hit is None:
        seen = seat_cache.generation()
        with journal.reading() as s:
            row = s.execute(
                select(SeatRow.game_id, SeatRow.seat).where(SeatRow.token_hash == hashed)
            ).first()
        if row is None:
            return None
        hit = (str(row.game_id), str(row.seat))
        seat_cache.put(journal.cache_key, hashed, hit[0], hit[1], seen)
    if not hmac.compare_digest(hit[0], game_id):
        return None
    return hit[1]


def claim(
    journal: Journal,
    game_id: str,
    code: str,
    *,
    presented_seat: str | None = None,
    address: str | None = None,
    now: datetime | None = None,
) -> tuple[str, str, str]:
    """Claim an invitation: (seat, fresh token, recovery secret). Exactly one claim wins.

    ``presented_seat``: the seat of this table whose token came with the
    claim (the browser of a player already seated): refused, TABLE-SEAT-4, an
    invitation is for another player. A reissued invitation opens its seat
    only once its request completed (TABLE-SEAT-5). Both refusals, when the
    code is one of this table's, are seat events every seat sees
    (:data:`CLAIM_REFUSED`, :data:`CLAIM_EARLY`).
    """
    if not _TOKEN.match(code):
        raise UnknownInvitation(
            "this invitation does not open a seat at this table",
            hint="check that the whole link was copied",
        )
    moment = now or utcnow()
    if presented_seat is not None:
        with journal.transaction() as s:
            target = _invitation_seat(s, game_id, code)
            if target is not None:
                _attempt(s, game_id, "claim_refused", target, presented_seat, CLAIM_REFUSED, moment)
        raise NotYourSeat(
            message(
                "you already hold the {presented_seat} seat at this table: an invitation is for another player",
                presented_seat=presented_seat,
            ),
            clause="TABLE-SEAT-4",
            hint=message(
                "pass the invitation on to its player; open it in their browser, not yours"
            ),
        )
    settle(journal, game_id, moment)
    token, recovery = new_token(), new_token()
    refusal: OrdnanceError | None = None
    with journal.transaction() as s:
        row = s.execute(
            select(InvitationRow.id, InvitationRow.seat).where(
                InvitationRow.code_hash == token_hash(code), InvitationRow.game_id == game_id
            )
        ).first()
        if row is None:  # recorded (a waiting reissue's code), then refused below
            refusal = _refuse_unknown(s, game_id, code, moment)
        else:
            seat = _take(s, game_id, row.id, str(row.seat), token, recovery, address, moment)
    if refusal is not None:
        raise refusal
    return seat, token, recovery


def _take(
    s: Session,
    game_id: str,
    invitation: int,
    seat: str,
    token: str,
    recovery: str,
    address: str | None,
    moment: datetime,
) -> str:
    """The claim of invitation ``invitation`` for ``seat``: the one winner takes the seat."""
    won = _changed(
        s,
        update(InvitationRow)
        .where(
            InvitationRow.id == invitation,
            InvitationRow.claimed_at.is_(None),
            InvitationRow.revoked_at.is_(None),
        )
        .values(claimed_at=moment),
    )
    if won != 1:
        raise InvitationUsed(
            "this invitation was already used or replaced",
            hint="ask a player at the table for a new invitation for your seat",
        )
    set_seat_token(s, game_id, seat, token, recovery=recovery, now=moment, address=address)
    mine = address_digest(game_id, address)
    sharing = (
        sorted(
            str(other)
            for other in s.scalars(
                select(SeatRow.seat).where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat != seat,
                    SeatRow.address_hash == mine,
                    SeatRow.token_hash.is_not(None),
                )
            )
        )
        if mine
        else []
    )
    entry = _entry(s, game_id)
    text = (  # the time is the event's ``at``
        msg(CLAIMED_SHARED, seat=seat, entry=entry, others=", ".join(sharing))
        if sharing
        else msg(CLAIMED, seat=seat, entry=entry)
    )
    _event(s, game_id, entry, "claimed", seat, None, text, moment)
    return seat


def _refuse_unknown(s: Session, game_id: str, code: str, now: datetime) -> OrdnanceError:
    """Why an invitation code not (yet) in the invitations opens nothing: a reissue's
    (still waiting: recorded as :data:`CLAIM_EARLY`), or nothing at all."""
    req = s.scalar(
        select(ReissueRow).where(
            ReissueRow.code_hash == token_hash(code), ReissueRow.game_id == game_id
        )
    )
    if req is not None and req.status in OPEN:
        _attempt(s, game_id, "claim_early", req.seat, req.requested_by, CLAIM_EARLY, now)
        return InvitationWaiting(
            f"this invitation opens the {req.seat} seat only once its holder lets it go",
            hint=f"{req.seat} must accept the request"
            + (
                f", or make no request until {_aware(req.due_at):%Y-%m-%d %H:%M} UTC"
                if req.status == "pending"
                else " (it is active, so the waiting period no longer runs)"
            ),
        )
    if req is not None:
        return InvitationUsed(
            f"this invitation's request was {req.status}",
            hint="ask a player at the table for a new invitation for your seat",
        )
    return UnknownInvitation(
        "this invitation does not open a seat at this table",
        hint="check that the whole link was copied",
    )


#: The statuses of a request still open: ``pending`` (the waiting period runs) and
#: ``kept`` (the holder was seen: only its yes completes the request).
OPEN = ("pending", "kept")


@dataclass(frozen=True)
class Reissue:
    """The answer to a request for a new invitation (``code`` shown once)."""

    seat: str
    status: str  # "issued" (nobody held the seat) or "pending"
    code: str
    request: int | None = None
    due_at: datetime | None = None


def _wait_seconds(s: Session, game_id: str) -> int:
    wait = s.scalar(
        select(SeatPolicyRow.reissue_wait_seconds).where(SeatPolicyRow.game_id == game_id)
    )
    return int(wait) if wait is not None else DEFAULT_REISSUE_WAIT


def reissue(
    journal: Journal, game_id: str, by: str, seat: str, now: datetime | None = None
) -> Reissue:
    """Another seat asks for a new invitation for ``seat`` (TABLE-SEAT-3).

    A seat nobody holds gets its new invitation at once (its open invitations
    are revoked). A held seat is never taken from its holder here: the
    request waits for the holder's yes (:func:`answer`) or for the table's
    waiting period without a single request from the holder (:func:`settle`);
    the code answered opens the seat only then. Either way every seat sees it
    (:data:`SeatEventRow`).
    """
    if seat == by:
        raise NotYourSeat(
            message("a seat cannot reissue its own link: that needs another seat's consent"),
            clause="TABLE-SEAT-3",
            hint=message(
                "move your seat to a new device with your recovery secret (POST /seats/<seat>/recover), or replace your token with POST /token"
            ),
        )
    code = new_token()
    moment = now or utcnow()
    with journal.transaction() as s:
        found = s.execute(
            select(SeatRow.id, SeatRow.token_hash).where(
                SeatRow.game_id == game_id, SeatRow.seat == seat
            )
        ).first()
        if found is None:
            raise UnknownInvitation(
                "this table has no such seat", hint="use one of the seats listed by GET /seats"
            )
        entry = _entry(s, game_id)
        if found.token_hash is None:  # nobody holds it: nobody to ask
            _revoke_open_invitations(s, game_id, seat, moment)
            s.add(
                InvitationRow(game_id=game_id, seat=seat, code_hash=token_hash(code), issued_by=by)
            )
            _event(
                s,
                game_id,
                entry,
                "invited",
                seat,
                by,
                msg(INVITED, by=by, seat=seat, entry=entry),
                moment,
            )
            return Reissue(seat, "issued", code)
        s.execute(  # one open request per seat: the newest replaces the others
            update(ReissueRow)
            .where(
                ReissueRow.game_id == game_id, ReissueRow.seat == seat, ReissueRow.status.in_(OPEN)
            )
            .values(status="cancelled", decided_at=moment)
        )
        due = moment + timedelta(seconds=_wait_seconds(s, game_id))
        row = ReissueRow(
            game_id=game_id,
            seat=seat,
            requested_by=by,
            status="pending",
            code_hash=token_hash(code),
            created_at=moment,
            due_at=due,
        )
        s.add(row)
        s.flush()
        rid = int(row.id)
        _event(
            s,
            game_id,
            entry,
            "reissue_requested",
            seat,
            by,
            msg(REQUESTED, by=by, seat=seat, entry=entry, due=f"{due:%Y-%m-%d %H:%M}"),
            moment,
        )
    return Reissue(seat, "pending", code, rid, due)


def _revoke_open_invitations(s: Session, game_id: str, seat: str, now: datetime) -> None:
    s.execute(
        update(InvitationRow)
        .where(
            InvitationRow.game_id == game_id,
            InvitationRow.seat == seat,
            InvitationRow.claimed_at.is_(None),
            InvitationRow.revoked_at.is_(None),
        )
        .values(revoked_at=now)
    )


def _complete(s: Session, req: ReissueRow, how: str, now: datetime) -> None:
    """The seat changes hands: its token stops working, the request's invitation opens it."""
    gid, seat = req.game_id, req.seat
    set_seat_token(s, gid, seat, None, recovery=None)
    _revoke_open_invitations(s, gid, seat, now)
    s.add(
        InvitationRow(game_id=gid, seat=seat, code_hash=req.code_hash, issued_by=req.requested_by)
    )
    entry = _entry(s, gid)
    req.status, req.how, req.at_entry, req.decided_at = "completed", how, entry, now
    why = (
        msg(REISSUED_AGREED, seat=seat, entry=entry, by=req.requested_by)
        if how == "accepted"
        else msg(
            REISSUED_ABSENT,
            seat=seat,
            entry=entry,
            by=req.requested_by,
            span=_hours(_aware(req.due_at) - _aware(req.created_at)),
        )
    )
    _event(
        s,
        gid,
        entry,
        "reissued",
        seat,
        req.requested_by,
        why,
        now,
    )


def _hours(span: timedelta) -> dict[str, Any]:
    seconds = int(span.total_seconds())
    if seconds % 3600 == 0:
        return msg(HOURS, n=seconds // 3600)
    return msg(MINUTES, n=seconds // 60)


def watch(journal: Journal, game_id: str, now: datetime | None = None) -> tuple[bool, set[str]]:
    """Run at every authenticated request, before its token is checked: complete
    the requests whose period ran out (:func:`settle`). Answers whether that
    changed anything (to announce) and the seats still awaited by a pending
    request (for :func:`seen`, once the token proved which seat asks).

    No read of its own when no request is pending (the table's status says so,
    :mod:`ordnance.server.table_status`, read once per request anyway).
    """
    moment = now or utcnow()
    if not table_status.status(journal, game_id).reissue_pending:
        return False, set()
    with journal.reading() as s:
        rows = s.execute(
            select(ReissueRow.seat, ReissueRow.due_at).where(
                ReissueRow.game_id == game_id, ReissueRow.status == "pending"
            )
        ).all()
    if not rows:
        return False, set()
    changed = False
    if any(_aware(r.due_at) <= moment for r in rows):
        changed = settle(journal, game_id, moment) > 0
    return changed, {str(r.seat) for r in rows if _aware(r.due_at) > moment}


def settle(journal: Journal, game_id: str, now: datetime | None = None) -> int:
    """Complete the requests whose waiting period ran out with no request from the
    holder (read first, so a table with none writes nothing). Returns how many."""
    moment = now or utcnow()
    with journal.reading() as s:
        due = [
            int(r.id)
            for r in s.execute(
                select(ReissueRow.id, ReissueRow.due_at).where(
                    ReissueRow.game_id == game_id, ReissueRow.status == "pending"
                )
            )
            if _aware(r.due_at) <= moment
        ]
    done = 0
    for rid in due:
        with journal.transaction() as s:
            req = s.get(ReissueRow, rid)
            if req is None or req.status != "pending":  # another process got there first
                continue
            won = _changed(
                s,
                update(ReissueRow)
                .where(ReissueRow.id == rid, ReissueRow.status == "pending")
                .values(status="settling"),
            )
            if won != 1:
                continue
            s.refresh(req)
            _complete(s, req, "absent", moment)
            done += 1
    return done


def seen(journal: Journal, game_id: str, seat: str, now: datetime | None = None) -> bool:
    """The holder made an authenticated request: its pending requests stop waiting
    (status ``kept``: only its yes completes them now). True when one changed."""
    with journal.reading() as s:
        pending = s.scalars(
            select(ReissueRow.id).where(
                ReissueRow.game_id == game_id,
                ReissueRow.seat == seat,
                ReissueRow.status == "pending",
            )
        ).all()
    if not pending:
        return False
    moment = now or utcnow()
    changed = 0
    with journal.transaction() as s:
        for rid in pending:
            req = s.get(ReissueRow, rid)
            if req is None or _aware(req.due_at) <= moment:
                continue  # ran out before this request: settled next
            # Only the request's status changes (every seat sees it in ``reissues``): the
            # request that proved the holder present may itself be refused, and a
            # refusal adds no row anywhere.
            changed += _changed(
                s,
                update(ReissueRow)
                .where(ReissueRow.id == rid, ReissueRow.status == "pending")
                .values(status="kept"),
            )
    return changed > 0


def answer(
    journal: Journal,
    game_id: str,
    seat: str,
    request_id: int,
    accept: bool,
    now: datetime | None = None,
) -> str:
    """The holder accepts (the seat changes hands) or declines; the requester may
    withdraw (``accept`` false). Returns the request's new status.

    Another seat answering in the holder's place (the requester accepting its own
    request, say) is refused, TABLE-SEAT-3, and recorded for every seat to see
    (:data:`ANSWER_REFUSED`)."""
    moment = now or utcnow()
    refusal: NotYourSeat | None = None
    with journal.transaction() as s:
        req = s.get(ReissueRow, request_id)
        if req is None or req.game_id != game_id:
            raise UnknownInvitation("no such request at this table")
        if req.status not in OPEN:
            raise InvitationUsed(f"this request was already {req.status}", hint="reload the table")
        if seat not in (req.seat, req.requested_by):
            refusal = NotYourSeat(
                message(
                    "only {seat} (or {requested_by}, to withdraw it) answers this request",
                    seat=req.seat,
                    requested_by=req.requested_by,
                ),
                clause="TABLE-SEAT-3",
            )
        elif accept and seat != req.seat:
            refusal = NotYourSeat(
                message("only {seat} may agree to hand its seat over", seat=req.seat),
                clause="TABLE-SEAT-3",
                hint=message("wait for its answer"),
            )
        if refusal is not None:  # recorded (this transaction commits), then refused below
            _attempt(s, game_id, "answer_refused", req.seat, seat, ANSWER_REFUSED, moment)
        else:
            status = _settle_answer(s, game_id, req, seat, accept, moment)
    if refusal is not None:
        raise refusal
    return status


def _settle_answer(
    s: Session, game_id: str, req: ReissueRow, seat: str, accept: bool, moment: datetime
) -> str:
    """The one answer to an open request (a concurrent one finds it taken)."""
    won = _changed(
        s,
        update(ReissueRow)
        .where(ReissueRow.id == req.id, ReissueRow.status.in_(OPEN))
        .values(status="settling"),
    )
    if won != 1:
        raise InvitationUsed("this request was already answered", hint="reload the table")
    s.refresh(req)
    if accept:
        _complete(s, req, "accepted", moment)
        return "completed"
    status = "declined" if seat == req.seat else "withdrawn"
    req.status, req.decided_at = status, moment
    entry = _entry(s, game_id)
    _event(
        s,
        game_id,
        entry,
        f"reissue_{status}",
        req.seat,
        seat,
        msg(DECLINED, by=seat, requester=req.requested_by, seat=req.seat, entry=entry)
        if status == "declined"
        else msg(WITHDRAWN, by=seat, seat=req.seat, entry=entry),
        moment,
    )
    return status


def recover(
    journal: Journal,
    game_id: str,
    seat: str,
    secret: str,
    *,
    address: str | None = None,
    now: datetime | None = None,
) -> tuple[str, str]:
    """Move ``seat`` to a new device with its recovery secret: (new token, new secret).

    The old token stops working; the requests others made for the seat are
    cancelled (its holder is here). Refused, changing nothing, with any other
    secret (TABLE-SEAT-6).
    """
    wrong = NotYourSeat(
        message("this recovery secret does not open that seat"),
        clause="TABLE-SEAT-6",
        hint=message(
            "use the secret shown when you took the seat (saved in your browser or token file)"
        ),
    )
    if not _TOKEN.match(secret):
        raise wrong
    moment = now or utcnow()
    token, recovery = new_token(), new_token()
    with journal.transaction() as s:
        stored = s.scalar(
            select(SeatRow.recovery_hash).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        )
        if stored is None or not hmac.compare_digest(stored, token_hash(secret)):
            raise wrong
        changed = set_seat_token(
            s,
            game_id,
            seat,
            token,
            recovery=recovery,
            now=moment,
            address=address,
            condition=SeatRow.recovery_hash == stored,
        )
        if changed != 1:
            raise wrong
        s.execute(
            update(ReissueRow)
            .where(
                ReissueRow.game_id == game_id, ReissueRow.seat == seat, ReissueRow.status.in_(OPEN)
            )
            .values(status="cancelled", decided_at=moment)
        )
        entry = _entry(s, game_id)
        _event(
            s,
            game_id,
            entry,
            "recovered",
            seat,
            seat,
            msg(RECOVERED, seat=seat, entry=entry),
            moment,
        )
    return token, recovery


def rotate(journal: Journal, game_id: str, seat: str, old_token: str) -> str:
    """Replace the presenting seat's token with a fresh one (the old stops working)."""
    token = new_token()
    with journal.transaction() as s:
        changed = set_seat_token(
            s,
            game_id,
            seat,
            token,
            recovery=None,
            keep_recovery=True,
            condition=SeatRow.token_hash == token_hash(old_token),
        )
    if changed != 1:
        raise NotYourSeat(message("this link no longer opens a seat at this table"))
    return token


def _iso(moment: datetime | None) -> str | None:
    return _aware(moment).isoformat(timespec="seconds") if moment is not None else None


#: (database, game, limit) -> (the table's count of events, the newest events as
#: :func:`events` answers them). Seat events are only ever added, so the count names
#: the newest ``limit``; one entry per table (a new count replaces the old one).
_EVENTS: BoundedDict[tuple[str, str, int], tuple[int, list[dict[str, Any]]]] = BoundedDict(
    TABLES_REMEMBERED
)


def events(journal: Journal, game_id: str, limit: int = VIEW_EVENTS) -> list[dict[str, Any]]:
    """The newest seat events, oldest first (the same for every seat). ``id`` numbers
    the table's own events from 1, so it says nothing of other tables.

    Read once per count of the table's events (the request's table status has
    it): a view of a table whose seats did nothing new reads no event."""
    known = table_status.status(journal, game_id).seat_events
    if known == 0:
        return []
    key = (journal.cache_key, game_id, limit)
    if known > 0 and (hit := _EVENTS.get(key)) is not None and hit[0] == known:
        return [dict(e) for e in hit[1]]  # its messages shared: never changed in place
    with journal.reading() as s:
        total = known if known > 0 else _count_events(s, game_id)
        rows = s.scalars(
            select(SeatEventRow)
            .where(SeatEventRow.game_id == game_id)
            .order_by(SeatEventRow.id.desc())
            .limit(limit)
        ).all()
    first = total - len(rows) + 1
    found = [
        {
            "id": first + i,
            "at_entry": r.at_entry,
            "kind": r.kind,
            "seat": r.seat,
            "by": r.by,
            "text": event_text(r.text),
            "message": stored_message(r.text),
            "at": _iso(r.created_at),
        }
        for i, r in enumerate(reversed(rows))
    ]
    if known > 0:
        _EVENTS[key] = (known, [dict(e) for e in found])
    return found


def events_at(journal: Journal, game_id: str, lo: int, hi: int) -> list[dict[str, Any]]:
    """The seat events that happened at entries ``lo..hi`` (``at_entry``), oldest
    first, as :func:`events` words them (``kind`` ``"seat"``, the event's own kind in
    ``event``): what a journal page of entries ``lo..hi`` interleaves.

    A table with at most :data:`VIEW_EVENTS` events takes them from :func:`events`
    (read once per count of events), so a page of a quiet table reads none."""
    known = table_status.status(journal, game_id).seat_events
    if 0 <= known <= VIEW_EVENTS:
        return [
            {
                "kind": "seat",
                "id": e["id"],
                "at_entry": e["at_entry"],
                "event": e["kind"],
                "seat": e["seat"],
                "by": e["by"],
                "text": e["text"],
                "message": e["message"],
                "at": e["at"],
            }
            for e in events(journal, game_id)
            if lo <= e["at_entry"] <= hi
        ]
    with journal.reading() as s:
        rows = s.scalars(
            select(SeatEventRow)
            .where(
                SeatEventRow.game_id == game_id,
                SeatEventRow.at_entry >= lo,
                SeatEventRow.at_entry <= hi,
            )
            .order_by(SeatEventRow.id)
        ).all()
        before = (
            int(
                s.scalar(
                    select(func.count())
                    .select_from(SeatEventRow)
                    .where(SeatEventRow.game_id == game_id, SeatEventRow.id < rows[0].id)
                )
                or 0
            )
            if rows
            else 0
        )
    return [
        {
            "kind": "seat",
            "id": before + i + 1,
            "at_entry": r.at_entry,
            "event": r.kind,
            "seat": r.seat,
            "by": r.by,
            "text": event_text(r.text),
            "message": stored_message(r.text),
            "at": _iso(r.created_at),
        }
        for i, r in enumerate(rows)
    ]


def _count_events(s: Session, game_id: str) -> int:
    n = s.scalar(
        select(func.count()).select_from(SeatEventRow).where(SeatEventRow.game_id == game_id)
    )
    return int(n or 0)


def last_event(journal: Journal, game_id: str) -> int:
    """How many seat events the table has (the newest one's ``id``): the live stream
    carries it, so a page refreshes on a seat notice."""
    known = table_status.status(journal, game_id).seat_events
    if known >= 0:
        return known
    with journal.reading() as s:
        return _count_events(s, game_id)


def requests(journal: Journal, game_id: str, seat: str) -> list[dict[str, Any]]:
    """The open reissue requests as ``seat`` sees them (every seat sees them all)."""
    if not table_status.status(journal, game_id).reissue_open:
        return []
    with journal.reading() as s:
        rows = s.scalars(
            select(ReissueRow)
            .where(ReissueRow.game_id == game_id, ReissueRow.status.in_(OPEN))
            .order_by(ReissueRow.id)
        ).all()
    return [
        {
            "request": r.id,
            "seat": r.seat,
            "requested_by": r.requested_by,
            "status": r.status,
            "due_at": _iso(r.due_at) if r.status == "pending" else None,
            "mine": r.requested_by == seat,
            "may_accept": r.seat == seat,
        }
        for r in rows
    ]


def status(journal: Journal, game_id: str) -> list[dict[str, Any]]:
    """Each seat: held or waiting, since when, from whose address, and its reissues."""
    with journal.reading() as s:
        seats = s.execute(
            select(
                SeatRow.seat,
                SeatRow.token_hash.is_not(None),
                SeatRow.claimed_at,
                SeatRow.address_hash,
            )
            .where(SeatRow.game_id == game_id)
            .order_by(SeatRow.id)
        ).all()
        reissued = s.execute(
            select(InvitationRow.seat, InvitationRow.issued_by, func.count())
            .where(InvitationRow.game_id == game_id, InvitationRow.issued_by.is_not(None))
            .group_by(InvitationRow.seat, InvitationRow.issued_by)
        ).all()
    out = []
    for seat, held, claimed_at, address in seats:
        by = {str(b): int(n) for s_, b, n in reissued if s_ == seat}
        sharing = sorted(
            str(o) for o, h, _c, a in seats if o != seat and h and held and address and a == address
        )
        out.append(
            {
                "seat": seat,
                "held": bool(held),
                "claimed_at": _iso(claimed_at) if held else None,
                "same_address_as": sharing,
                "reissued": sum(by.values()),
                "reissued_by": by,
            }
        )
    return out


# -- stream tickets ----------------------------------------------------------------------
def _b64(seat: str) -> str:
    return base64.urlsafe_b64encode(seat.encode("utf-8")).decode("ascii").rstrip("=")


def _unb64(text: str) -> str | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None


def make_ticket(journal: Journal, game_id: str, seat: str, now: float | None = None) -> str:
    expiry = int((now if now is not None else time.time()) + TICKET_SECONDS)
    return f"{expiry}.{_b64(seat)}.{_mac(journal, game_id, seat, expiry)}"


def check_ticket(journal: Journal, game_id: str, ticket: str) -> str | None:
    """The seat a valid, unexpired ticket stands for, or None (never raises)."""
    if not ticket or not _TICKET.match(ticket):
        return None
    expiry_text, encoded, mac = ticket.split(".")
    seat = _unb64(encoded)
    expiry = int(expiry_text)
    if seat is None or expiry < time.time() or len(seat) > 32:
        return None
    good = _mac(journal, game_id, seat, expiry)
    if not good or not hmac.compare_digest(good, mac):
        return None
    return seat


def _mac(journal: Journal, game_id: str, seat: str, expiry: int) -> str:
    if any(ord(c) < 0x20 or 0xD800 <= ord(c) <= 0xDFFF for c in seat):
        return ""
    with journal.reading() as s:
        key = s.scalar(
            select(SeatRow.token_hash).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        )
    if key is None:
        return ""
    msg = f"{game_id}:{seat}:{expiry}".encode()
    return hmac.new(key.encode(), msg, hashlib.sha256).hexdigest()[:32]
