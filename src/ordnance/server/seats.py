"""Seats and their secret join links (no accounts).

Creating a table draws one random token per seat; the host receives the
tokens once, as links (``/t/<game>#seat=<token>``: the token sits in the URL
fragment, which browsers never send to the server, so it never reaches an
access log). The database stores only ``sha256(token)``; a request
authenticates by presenting the token (``Authorization: Bearer``), which is
hashed and looked up, so every request acts as exactly one seat.

The live-update stream is opened by ``EventSource``, which cannot send
headers, so it presents a short-lived *ticket* instead of the token:
``seat.expiry.mac`` with ``mac = HMAC(sha256(token), game:seat:expiry)``.
Any server process can check it with the stored hash alone, and a ticket
grants nothing but the stream of version numbers.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

from sqlalchemy import select

from ordnance.core.journal import Journal
from ordnance.server.models import SeatRow

TICKET_SECONDS = 3600


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def add_seats(journal: Journal, game_id: str, seats: list[str]) -> dict[str, str]:
    """Draw a token per seat and store its hash; returns seat -> token."""
    tokens = {seat: new_token() for seat in seats}
    with journal.transaction() as s:
        for seat, token in tokens.items():
            s.add(SeatRow(game_id=game_id, seat=seat, token_hash=token_hash(token)))
    return tokens


#: token hash -> (game id, seat). Seats never change once a table exists, so
#: a found seat can be remembered; unknown tokens are never cached.
_KNOWN: dict[tuple[str, str], tuple[str, str]] = {}


def seat_for(journal: Journal, game_id: str, token: str) -> str | None:
    """The seat this token opens in this game, or None."""
    if not token or len(token) > 128:
        return None
    digest = token_hash(token)
    found = _KNOWN.get((journal.url, digest))
    if found is None:
        with journal.reading() as s:
            row = s.scalar(select(SeatRow).where(SeatRow.token_hash == digest))
        if row is None:
            return None
        found = (row.game_id, row.seat)
        if len(_KNOWN) > 100_000:
            _KNOWN.clear()
        _KNOWN[(journal.url, digest)] = found
    if not hmac.compare_digest(found[0], game_id):
        return None
    return found[1]


def make_ticket(journal: Journal, game_id: str, seat: str, now: float | None = None) -> str:
    expiry = int((now if now is not None else time.time()) + TICKET_SECONDS)
    return f"{seat}.{expiry}.{_mac(journal, game_id, seat, expiry)}"


def check_ticket(journal: Journal, game_id: str, ticket: str) -> str | None:
    """The seat a valid, unexpired ticket stands for, or None."""
    parts = ticket.split(".") if ticket and len(ticket) <= 256 else []
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    seat, expiry_text, mac = parts
    expiry = int(expiry_text)
    if expiry < time.time():
        return None
    good = _mac(journal, game_id, seat, expiry)
    if not good or not hmac.compare_digest(good, mac):
        return None
    return seat


def _mac(journal: Journal, game_id: str, seat: str, expiry: int) -> str:
    with journal.reading() as s:
        key = s.scalar(
            select(SeatRow.token_hash).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        )
    if key is None:
        return ""
    msg = f"{game_id}:{seat}:{expiry}".encode()
    return hmac.new(key.encode(), msg, hashlib.sha256).hexdigest()[:32]
