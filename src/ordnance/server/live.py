"""Live updates: tell every connected seat that a game's version changed.

Messages carry only ``(game id, version)``; each client then refetches its
own redacted view, so no secret can travel on this channel.

* In one process, :class:`Broadcaster` fans a change out to the asyncio
  queues of the open streams.
* Across processes (several workers behind one PostgreSQL), a write also
  runs ``NOTIFY`` and every process ``LISTEN``\\s (:class:`PgListener`) and
  re-broadcasts locally. NOTIFY is sent after the commit and is never
  replayed, so streams also re-read the version on every heartbeat: a missed
  notification delays an update, it never loses one. (With SQLite and
  several workers this heartbeat is the only cross-process path.)

psycopg is imported only when the table runs on PostgreSQL (SQLite needs no driver).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import weakref
from collections.abc import MutableMapping, MutableSet
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, text

from ordnance.core.journal import Journal
from ordnance.server import seat_cache

CHANNEL = "ordnance_table"
K = TypeVar("K")
G = TypeVar("G", bound=MutableSet[Any])
log = logging.getLogger("ordnance.server")


def _discard(groups: MutableMapping[K, G], key: K, item: object) -> None:
    """Take ``item`` out of its group, and the group out of ``groups`` once empty."""
    group = groups.get(key)
    if group is not None:
        group.discard(item)
        if not group:
            del groups[key]


class Broadcaster:
    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[int]]] = {}
        self._lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None

    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        q: asyncio.Queue[int] = asyncio.Queue(maxsize=64)
        if self.loop is None:  # an app served without its lifespan (in-process clients)
            self.loop = asyncio.get_running_loop()
        with self._lock:
            self._queues.setdefault(game_id, set()).add(q)
        return q

    def unsubscribe(self, game_id: str, q: asyncio.Queue[int]) -> None:
        with self._lock:
            _discard(self._queues, game_id, q)

    def publish(self, game_id: str, version: int) -> None:
        """Thread-safe: may be called from worker threads or the loop. Reaches the
        queues subscribed when it is called (a subscriber reads the table after it
        subscribes); with none for the table, the loop is not woken at all."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with self._lock:
            if game_id not in self._queues:  # no stream of this table here: nothing to wake
                return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._deliver(game_id, version)
        else:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._deliver, game_id, version)

    def _deliver(self, game_id: str, version: int) -> None:
        with self._lock:
            subs = list(self._queues.get(game_id, ()))
        for q in subs:
            with contextlib.suppress(asyncio.QueueFull):
                q.put_nowait(version)


#: The most live streams one seat may hold open at once in one server process:
#: a player's tabs and devices, with room to spare. A stream that would pass it
#: is refused (429) before it reads anything, so one seat cannot tie up the
#: workers with streams that each read on every heartbeat and notice.
MAX_STREAMS_PER_SEAT = 8


class StreamSeats:
    """The open live streams of each (table, seat) in this process, bounded.

    A stream is counted while its generator lives: it leaves the count when it
    ends, and also when it is dropped before it ever ran (a client gone before
    the answer started), since the count holds it only weakly.

    >>> async def stream():
    ...     yield ""
    >>> seats = StreamSeats(limit=1)
    >>> first, second = stream(), stream()
    >>> seats.admit("g", "axis", first), seats.admit("g", "axis", second)
    (True, False)
    >>> seats.admit("g", "allies", second)
    True
    >>> del first
    >>> seats.held("g", "axis")
    0
    """

    def __init__(self, limit: int = MAX_STREAMS_PER_SEAT) -> None:
        self.limit = limit
        self._open: dict[tuple[str, str], weakref.WeakSet[object]] = {}
        self._lock = threading.Lock()

    def admit(self, game_id: str, seat: str, stream: object) -> bool:
        """Count ``stream`` for this seat; False (and nothing counted) at the limit."""
        with self._lock:
            held = self._open.setdefault((game_id, seat), weakref.WeakSet())
            if len(held) >= self.limit:
                return False
            held.add(stream)
            return True

    def release(self, game_id: str, seat: str, stream: object) -> None:
        """The stream ended: its place is free at once."""
        with self._lock:
            _discard(self._open, (game_id, seat), stream)

    def held(self, game_id: str, seat: str) -> int:
        with self._lock:
            held = self._open.get((game_id, seat))
            return len(held) if held is not None else 0


#: the NOTIFY statement, built once
_NOTIFY = text("SELECT pg_notify(:ch, :payload)")


def notify(journal: Journal, game_id: str, version: int) -> bool:
    """PostgreSQL only: announce a change to every server process (this one too).

    Returns False when there is no NOTIFY to send (SQLite) or it failed; the
    caller then tells its own streams directly.
    """
    if journal.engine.dialect.name != "postgresql":
        return False
    payload = json.dumps({"game_id": game_id, "version": version})
    try:
        # in autocommit: one round trip, not BEGIN, SELECT, COMMIT; the change it
        # announces is committed already, and the NOTIFY is sent at once. As the table
        # status is read (Journal.first_row): on a connection of the journal's own
        # psycopg pool, none of SQLAlchemy's layers (they cost an action more CPU than
        # the NOTIFY itself), else on the request's reading connection
        journal.first_row(_NOTIFY, {"ch": CHANNEL, "payload": payload})
    except Exception:  # a lost NOTIFY only delays the update (see module doc)
        log.warning("NOTIFY failed for game %s", game_id)
        return False
    return True


def revoked(engine: Engine | Connection, token_hash: str) -> None:
    """A seat token was revoked (its transaction committed): forget it here, and by
    ``NOTIFY`` in every other server process over the same PostgreSQL
    (:mod:`ordnance.server.seat_cache`). The payload is the token's SHA-256,
    which the database itself stores."""
    seat_cache.invalidate(token_hash)
    if engine.dialect.name != "postgresql":
        return
    if isinstance(engine, Connection):
        engine = engine.engine
    try:
        with engine.begin() as conn:
            conn.execute(
                text("SELECT pg_notify(:ch, :payload)"),
                {"ch": CHANNEL, "payload": json.dumps({"revoked": token_hash})},
            )
    except Exception:  # the cache's TTL still bounds how long another process trusts it
        log.warning("NOTIFY of a revoked token failed")


def _conninfo(url: str) -> str:
    # SQLAlchemy URL "postgresql+psycopg://..." -> libpq "postgresql://..."
    _scheme, _, rest = url.partition("://")
    return "postgresql://" + rest


class PgListener:
    """A thread holding one LISTEN connection that feeds the broadcaster."""

    def __init__(self, url: str, broadcaster: Broadcaster) -> None:
        self.url = url
        self.broadcaster = broadcaster
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pg-listen", daemon=True)
        self.ready = threading.Event()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(_conninfo(self.url), autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    seat_cache.clear()  # revocations sent while not listening were missed
                    self.ready.set()
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            self._handle(n.payload)
            except Exception:
                log.warning("LISTEN connection lost; retrying")
                self._stop.wait(1.0)

    def _handle(self, payload: str) -> None:
        try:
            data: Any = json.loads(payload)
            if "revoked" in data:
                seat_cache.invalidate(str(data["revoked"]))
                return
            self.broadcaster.publish(str(data["game_id"]), int(data["version"]))
        except (ValueError, KeyError, TypeError):
            return
