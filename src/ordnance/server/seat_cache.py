"""Seat tokens resolved from a small cache, forgotten the moment they are revoked.

Every table request presents a seat token; looking its hash up in ``seats``
was one SELECT per request. This process keeps the answers it has read:
``(journal, token hash) -> (game id, seat)``, at most :data:`MAX_ENTRIES`
(least recently used first out) and each for at most :data:`TTL_SECONDS`.

Revocation (a reissued or replaced token, a recovered seat) must stop a token
at once, so every place that changes ``seats.token_hash`` calls
:func:`invalidate` with the old hash (or :func:`forget_seat`) *after* its
transaction commits. A lookup that raced with a revocation (read the old row
before the commit, stored it after the invalidation) is not kept: every
invalidation bumps a generation, and :func:`put` drops an answer read under an
older one. Other server processes hear of a revocation by PostgreSQL
``NOTIFY`` (:func:`ordnance.server.live.notify_revoked`); on SQLite with
several processes the TTL is the bound (use PostgreSQL for several processes).
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from ordnance.server.bounded import TABLES_REMEMBERED

#: The most tokens one process remembers (two or three per table in play is typical):
#: four per table remembered (4,000 by default).
MAX_ENTRIES = 4 * TABLES_REMEMBERED
#: The longest a cached answer is trusted without reading the database again
#: (``$ORDNANCE_SEAT_CACHE_TTL`` seconds; 30 by default).
TTL_SECONDS = float(os.environ.get("ORDNANCE_SEAT_CACHE_TTL", "30"))

_lock = threading.Lock()
_entries: OrderedDict[tuple[str, str], tuple[float, str, str]] = OrderedDict()
_generation = 0
clock: Callable[[], float] = time.monotonic


def generation() -> int:
    """Take this before reading the database; give it back to :func:`put`."""
    return _generation


def get(journal_key: str, token_hash: str) -> tuple[str, str] | None:
    """(game id, seat) of a cached token, or None (unknown, expired or revoked)."""
    key = (journal_key, token_hash)
    with _lock:
        hit = _entries.get(key)
        if hit is None:
            return None
        if clock() - hit[0] > TTL_SECONDS:
            del _entries[key]
            return None
        _entries.move_to_end(key)
        return hit[1], hit[2]


def put(journal_key: str, token_hash: str, game_id: str, seat: str, seen: int) -> None:
    """Remember an answer read from the database under generation ``seen``."""
    with _lock:
        if seen != _generation:
            return  # a token was revoked meanwhile: this answer may be the old one
        _entries[(journal_key, token_hash)] = (clock(), game_id, seat)
        _entries.move_to_end((journal_key, token_hash))
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)


def invalidate(token_hash: str) -> None:
    """Forget a token (in every journal): call it when the token is revoked."""
    global _generation
    with _lock:
        _generation += 1
        for key in [k for k in _entries if k[1] == token_hash]:
            del _entries[key]


def forget_seat(game_id: str, seat: str) -> None:
    """Forget whatever token opens ``seat`` of ``game_id`` (its hash unknown to the caller)."""
    global _generation
    with _lock:
        _generation += 1
        for key in [k for k, v in _entries.items() if v[1] == game_id and v[2] == seat]:
            del _entries[key]


def clear() -> None:
    global _generation
    with _lock:
        _generation += 1
        _entries.clear()


def size() -> int:
    return len(_entries)
