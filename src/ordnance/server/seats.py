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
* **A lost link needs another seat.** A seat that lost its link cannot prove
  who it is, so another seat still holding its link issues a new invitation
  for it (:func:`reissue`); that revokes the lost seat's token and any open
  invitation for it, in one transaction. A seat may also replace its own
  token (:func:`rotate`). Neither can be done silently to a player: a
  revoked token stops working at once (403), and ``GET /seats`` shows how
  often each seat was reissued and by whom.
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
import re
import secrets
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Update, func, select, update
from sqlalchemy.engine import CursorResult
from sqlalchemy.orm import Session

from ordnance.core.errors import NotYourSeat, OrdnanceError
from ordnance.core.journal import Journal
from ordnance.core.journal.models import GameRow
from ordnance.server import live, seat_cache
from ordnance.server.models import InvitationRow, SeatRow

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


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def seat_link(game_id: str, token: str) -> str:
    return f"/t/{game_id}#seat={token}"


def invitation_link(game_id: str, code: str) -> str:
    return f"/join/{game_id}#invite={code}"


@dataclass(frozen=True)
class NewTable:
    game_id: str
    seat: str
    token: str
    #: seat -> invitation code, for every seat but the creator's
    invitations: dict[str, str]


def create_table(
    journal: Journal,
    *,
    game_name: str,
    rules_version: int,
    settings: Mapping[str, Any],
    seats: Sequence[str],
    creator: str,
    game_id: str | None = None,
) -> NewTable:
    """The game row, every seat and every invitation, in ONE transaction.

    Everything was validated before (settings by the game, names by
    :mod:`ordnance.server.texts`), so a refusal writes nothing and a failure
    here rolls back whole: no game row without its seats.
    """
    gid = game_id or uuid.uuid4().hex[:12]
    token = new_token()
    codes = {seat: new_token() for seat in seats if seat != creator}
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
            s.add(
                SeatRow(
                    game_id=gid,
                    seat=seat,
                    token_hash=token_hash(token) if seat == creator else None,
                )
            )
        for seat, code in codes.items():
            s.add(InvitationRow(game_id=gid, seat=seat, code_hash=token_hash(code)))
    return NewTable(gid, creator, token, codes)


def _changed(s: Session, statement: Update) -> int:
    """Rows a conditional UPDATE changed (how the one winner of a race is told)."""
    result = s.execute(statement)
    assert isinstance(result, CursorResult)
    return int(result.rowcount)


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


def claim(journal: Journal, game_id: str, code: str) -> tuple[str, str]:
    """Claim an invitation: (seat, fresh token). Exactly one claim wins (TABLE-SEAT-2)."""
    if not _TOKEN.match(code):
        raise UnknownInvitation(
            "this invitation does not open a seat at this table",
            hint="check that the whole link was copied",
        )
    token = new_token()
    now = datetime.now(UTC)
    with journal.transaction() as s:
        row = s.execute(
            select(InvitationRow.id, InvitationRow.seat).where(
                InvitationRow.code_hash == token_hash(code), InvitationRow.game_id == game_id
            )
        ).first()
        if row is None:
            raise UnknownInvitation(
                "this invitation does not open a seat at this table",
                hint="check that the whole link was copied",
            )
        won = _changed(
            s,
            update(InvitationRow)
            .where(
                InvitationRow.id == row.id,
                InvitationRow.claimed_at.is_(None),
                InvitationRow.revoked_at.is_(None),
            )
            .values(claimed_at=now),
        )
        if won != 1:
            raise InvitationUsed(
                "this invitation was already used or replaced",
                hint="ask a player at the table for a new invitation for your seat",
            )
        s.execute(
            update(SeatRow)
            .where(SeatRow.game_id == game_id, SeatRow.seat == row.seat)
            .values(token_hash=token_hash(token))
        )
    return str(row.seat), token


def reissue(journal: Journal, game_id: str, by: str, seat: str) -> str:
    """Another seat's consent to a lost link: a new invitation for ``seat``.

    Revokes ``seat``'s token and every open invitation for it (TABLE-SEAT-3).
    """
    if seat == by:
        raise NotYourSeat(
            "a seat cannot reissue its own link: that needs another seat's consent",
            clause="TABLE-SEAT-3",
            hint="replace your own token with POST /token instead",
        )
    code = new_token()
    now = datetime.now(UTC)
    with journal.transaction() as s:
        found, old = s.execute(
            select(SeatRow.id, SeatRow.token_hash).where(
                SeatRow.game_id == game_id, SeatRow.seat == seat
            )
        ).first() or (None, None)
        if found is None:
            raise UnknownInvitation(
                "this table has no such seat", hint="use one of the seats listed by GET /seats"
            )
        s.execute(update(SeatRow).where(SeatRow.id == found).values(token_hash=None))
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
        s.add(InvitationRow(game_id=game_id, seat=seat, code_hash=token_hash(code), issued_by=by))
    if old is not None:
        live.revoked(journal, old)
    return code


def rotate(journal: Journal, game_id: str, seat: str, old_token: str) -> str:
    """Replace the presenting seat's token with a fresh one (the old stops working)."""
    token = new_token()
    with journal.transaction() as s:
        changed = _changed(
            s,
            update(SeatRow)
            .where(
                SeatRow.game_id == game_id,
                SeatRow.seat == seat,
                SeatRow.token_hash == token_hash(old_token),
            )
            .values(token_hash=token_hash(token)),
        )
    if changed != 1:
        raise NotYourSeat("this link no longer opens a seat at this table")
    live.revoked(journal, token_hash(old_token))
    return token


def status(journal: Journal, game_id: str) -> list[dict[str, Any]]:
    """Each seat: held or waiting for its invitation, and who reissued it how often."""
    with journal.reading() as s:
        seats = s.execute(
            select(SeatRow.seat, SeatRow.token_hash.is_not(None))
            .where(SeatRow.game_id == game_id)
            .order_by(SeatRow.id)
        ).all()
        reissued = s.execute(
            select(InvitationRow.seat, InvitationRow.issued_by, func.count())
            .where(InvitationRow.game_id == game_id, InvitationRow.issued_by.is_not(None))
            .group_by(InvitationRow.seat, InvitationRow.issued_by)
        ).all()
    out = []
    for seat, held in seats:
        by = {str(b): int(n) for s_, b, n in reissued if s_ == seat}
        out.append(
            {"seat": seat, "held": bool(held), "reissued": sum(by.values()), "reissued_by": by}
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
