"""The FastAPI application: HTTP API, live stream, pages, static files.

``create_app(db)`` builds an app over one journal database (an SQLite file by
default, or any SQLAlchemy URL such as ``postgresql+psycopg://...``).
``app_from_env()`` is the factory Uvicorn workers use (``$ORDNANCE_DB``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import threading
import time
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    MutableMapping,
    Sequence,
)
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import event
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from ordnance.core.errors import NotYourSeat, OrdnanceError, StaleVersion
from ordnance.core.journal import Journal
from ordnance.core.journal.store import database_url
from ordnance.server import (
    allocator,
    calc_routes,
    dice_wait,
    hot,
    i18n,
    live,
    pages,
    routes,
    scenario_routes,
    texts,
    vasl_routes,
)
from ordnance.server.limits import Rate, TokenBucket, TooManyStreams, TooManyTables
from ordnance.server.seats import (
    InvitationUsed,
    InvitationWaiting,
    UnknownInvitation,
)
from ordnance.server.service import NotFound, TableService
from ordnance.server.static_files import FIRST_SCRIPT_CSP, PREFIX, VERSIONED, CachedStatic

log = logging.getLogger("ordnance.server")
HERE = Path(__file__).parent
#: Largest request body accepted (an action is a few hundred bytes).
MAX_BODY = 64 * 1024
#: Routes that take a larger body, by path prefix (a VASL save, uploaded as it is).
LARGER_BODIES = {"/api/vasl/": 1024 * 1024}
#: The zlib level of the answers' gzip (1 fastest .. 9 smallest): see the middleware.
GZIP_LEVEL = 4
#: The smallest answer gzipped (bytes).
GZIP_MINIMUM = 1000

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, before any route runs.

    A JSON body (or one with no content type, which the routes read as JSON)
    nested deeper than :data:`ordnance.server.texts.MAX_RAW_DEPTH` levels is
    refused with 422 here too, by a scan of its brackets
    (:func:`~ordnance.server.texts.raw_depth`) before any parser recurses into
    it; each route then checks its own, smaller depth (an action body's
    :data:`~ordnance.server.texts.MAX_DEPTH`, :func:`~ordnance.server.texts.check_json`).
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        limit = self.limit
        path = str(scope.get("path", ""))
        for prefix, larger in LARGER_BODIES.items():
            if path.startswith(prefix):
                limit = max(limit, larger)
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _too_large(send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _too_large(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        ctype = headers.get(b"content-type", b"").lower()
        if (not ctype or b"json" in ctype) and texts.raw_depth(body) > texts.MAX_RAW_DEPTH:
            await _too_deep(send)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _send_json(send: Send, status: int, body: bytes) -> None:
    """Answer ``body`` (JSON) with ``status`` straight from the middleware."""
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _too_large(send: Send, limit: int) -> None:
    body = (
        b'{"error":"TooLarge","message":"the request body is larger than '
        + str(limit).encode()
        + b' bytes","clause":null,"hint":"send one action at a time"}'
    )
    await _send_json(send, 413, body)


async def _too_deep(send: Send) -> None:
    error = texts.BadText(
        "body",
        f"nested deeper than {texts.MAX_RAW_DEPTH} levels",
        hint="send the action's fields as a flat object",
    )
    body = json.dumps(error.to_dict()).encode()
    await _send_json(send, 422, body)


#: Sent with every answer (pages, API, static files, errors). The pages run
#: only the server's own scripts (their data sits in JSON blocks, which are
#: not executed; the one inline script, ``static/first.js`` in the table page,
#: is allowed by its hash alone); nothing is loaded from elsewhere; no page may be framed;
#: no address (a seat link's fragment included) leaves as a Referer.
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self' "
        + FIRST_SCRIPT_CSP.encode()
        + b"; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every HTTP answer (replacing any already set)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.names = {name for name, _ in SECURITY_HEADERS}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() not in self.names
                ]
                message["headers"] = kept + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, with_headers)


class RedactSecrets(logging.Filter):
    """Blank stream tickets (and any token) in Uvicorn's access log lines.

    The live stream's ticket travels in the query string (``EventSource``
    cannot send headers); the access log records the full path. Seat tokens
    and invitation codes never travel in a URL the server sees (fragments
    and bodies), but a hand-made request might put one there: also blanked.
    """

    PATTERN = re.compile(r"((?:ticket|token|invite|invitation|seat|code)=)[^&\s\"]*", re.I)

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                self.PATTERN.sub(r"\1[redacted]", a) if isinstance(a, str) else a
                for a in record.args
            )
        if isinstance(record.msg, str):
            record.msg = self.PATTERN.sub(r"\1[redacted]", record.msg)
        return True


def install_log_filter() -> None:
    """Filter the access and error loggers (idempotent)."""
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())


#: Tables one address may create: ``burst`` at once, refilled over ``per_seconds``.
DEFAULT_CREATE_RATE = "20/60"


class ServerJournal(Journal):
    """A journal whose write transactions queue on a lock within the process.

    SQLite admits one writer at a time; without this, threads of one server
    contend through SQLite's busy handler, which sleeps in growing steps (up
    to 100 ms) and wrecks tail latency. Queuing them on a lock costs nothing
    since they could not run together anyway. Writers in other processes
    still meet SQLite's lock (``BEGIN IMMEDIATE`` and the busy timeout).
    PostgreSQL needs no lock: its writers run concurrently.
    """

    def __init__(self, url: str, *, migrate: bool = True):
        super().__init__(url, migrate=migrate)
        self._write_lock = threading.Lock() if self.is_sqlite else None

    def _writer(self) -> contextlib.AbstractContextManager[Any]:
        """Every write transaction (:meth:`transaction`, :meth:`writing`) holds the lock."""
        return self._write_lock if self._write_lock is not None else contextlib.nullcontext()


def tune_sqlite(journal: Journal, synchronous: str) -> None:
    """``PRAGMA synchronous`` for the server's SQLite connections.

    In WAL mode, NORMAL keeps every committed transaction through a crash or
    ``kill -9`` of the server process (the crash test checks exactly that);
    only an operating-system crash or power cut can lose the last commits.
    It spares an fsync per commit. FULL (``--sqlite-synchronous full``)
    also survives power cuts.
    """
    level = synchronous.upper()
    if level not in ("NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"synchronous must be normal, full or extra, not {synchronous!r}")

    @event.listens_for(journal.engine, "connect")
    def _synchronous(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA synchronous={level}")
        cursor.close()

    journal.reconnect()  # with the setting


def _field(loc: Sequence[str]) -> str:
    """``["body", "settings", "x"]`` -> ``settings.x``; ``["query", "ticket"]`` -> ``query.ticket``."""
    parts = list(loc)
    return ".".join(parts[1:] if parts[:1] == ["body"] else parts) or "body"


def status_for(exc: OrdnanceError) -> int:
    if isinstance(exc, StaleVersion):
        return 409
    if isinstance(exc, NotYourSeat):
        return 403
    if isinstance(exc, NotFound | UnknownInvitation):
        return 404
    if isinstance(exc, InvitationUsed | InvitationWaiting):
        return 409
    if isinstance(exc, TooManyTables | TooManyStreams):
        return 429
    return 422


def create_app(
    db: str | os.PathLike[str] | None = None,
    *,
    journal: Journal | None = None,
    heartbeat: float = 15.0,
    sqlite_synchronous: str = "normal",
    create_rate: str | None = DEFAULT_CREATE_RATE,
    clock: Callable[[], float] = time.time,
    dice_wait_answer: float = dice_wait.DEFAULT_SECONDS,
) -> FastAPI:
    """The app; ``create_rate`` is the per-address table-creation limit
    (:meth:`Rate.parse`: ``"20/60"``, or ``None``/``"off"`` for none); ``clock``
    the table's clock in seconds since the epoch (the lazy dice deadline and the
    seats' reissue waiting periods; tests pass a fake one); ``dice_wait_answer`` the
    seconds an action's request with ``wait_dice`` waits for its roll to be drawn
    (:mod:`ordnance.server.dice_wait`)."""
    install_log_filter()
    rate = Rate.parse(create_rate) if create_rate is not None else None
    journal = journal if journal is not None else ServerJournal(database_url(db))
    if journal.is_sqlite:
        tune_sqlite(journal, sqlite_synchronous)
    broadcaster = live.Broadcaster()

    def changed(game_id: str, version: int) -> None:
        # With PostgreSQL the NOTIFY comes back to this process's listener too.
        if not live.notify(journal, game_id, version):
            broadcaster.publish(game_id, version)

    service = TableService(journal, on_change=changed, clock=clock)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        broadcaster.loop = asyncio.get_running_loop()
        listener = None
        if journal.engine.dialect.name == "postgresql":
            listener = live.PgListener(
                journal.engine.url.render_as_string(hide_password=False), broadcaster
            )
            listener.start()
            await asyncio.to_thread(listener.ready.wait, 10)
        yield
        if listener is not None:
            await asyncio.to_thread(listener.stop)

    app = FastAPI(
        title="ordnance table",
        version="1",
        description=(
            "A neutral table keeper: each seat acts through its secret link and sees "
            "only its own view. Every action carries the version it was made at."
        ),
        lifespan=lifespan,
        # FastAPI's /docs and /redoc load their scripts from a CDN: dropped
        # (no CDN anywhere); the OpenAPI document stays at /openapi.json.
        docs_url=None,
        redoc_url=None,
    )
    app.state.service = service
    app.state.create_limiter = TokenBucket(rate) if rate is not None else None
    app.state.broadcaster = broadcaster
    app.state.stream_seats = live.StreamSeats()
    app.state.heartbeat = heartbeat
    app.state.dice_wait_answer = dice_wait_answer
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    # JSON answers and static files over 1 kB, gzipped when the client accepts it
    # (the live stream, text/event-stream, is never buffered or compressed). Level 4:
    # on the table's answers (views and /since of 12-20 kB) it costs 0.10 ms per answer
    # against 0.17 ms at level 6, for 4% more bytes (docs/server.md, "GZip")
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=GZIP_LEVEL)
    # outermost: the routes every turn sends, answered without the layers above when
    # well formed (everything else goes through them: ordnance.server.hot)
    app.add_middleware(
        hot.HotRoutes,
        table=app,
        limit=MAX_BODY,
        security=SECURITY_HEADERS,
        gzip_level=GZIP_LEVEL,
        gzip_minimum=GZIP_MINIMUM,
    )

    @app.exception_handler(OrdnanceError)
    async def _ordnance_error(request: Request, exc: OrdnanceError) -> JSONResponse:
        headers = None
        if isinstance(exc, TooManyTables):
            headers = {"Retry-After": str(exc.retry_after)}
        # ?lang=ru (the page asks so): the refusal in words of that language
        data = i18n.localize_error(exc, request.query_params.get("lang") or "en")
        return JSONResponse(data, status_code=status_for(exc), headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", ""))}
            for e in exc.errors()
        ]
        summary = "; ".join(f"{'.'.join(p['loc'][1:]) or 'body'}: {p['msg']}" for p in problems)
        return JSONResponse(
            {
                "error": "BadRequest",
                "message": f"the request is not valid: {summary}"[:500],
                "clause": None,
                "hint": "see /openapi.json for the request shapes",
                "field": _field(problems[0]["loc"]) if problems else None,
                "problems": problems[:20],
            },
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": "HTTPError", "message": str(exc.detail), "clause": None, "hint": None},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    app.include_router(routes.router)
    app.include_router(scenario_routes.router)
    app.include_router(vasl_routes.router)
    app.include_router(pages.router)
    app.include_router(calc_routes.router)
    app.include_router(calc_routes.pages)
    # versioned URLs (what the pages name) first: cached for good (static_files)
    app.mount(PREFIX, VERSIONED, name="static-versioned")
    app.mount("/static", CachedStatic(immutable=False), name="static")
    return app


def app_from_env() -> FastAPI:
    """Factory for ``uvicorn --factory`` and for several workers (each caps its
    malloc arenas first: :mod:`ordnance.server.allocator`)."""
    allocator.limit_arenas()
    heartbeat = float(os.environ.get("ORDNANCE_HEARTBEAT", "15"))
    return create_app(
        os.environ.get("ORDNANCE_DB"),
        heartbeat=heartbeat,
        sqlite_synchronous=os.environ.get("ORDNANCE_SQLITE_SYNCHRONOUS", "normal"),
        create_rate=os.environ.get("ORDNANCE_CREATE_RATE", DEFAULT_CREATE_RATE),
        dice_wait_answer=float(
            os.environ.get("ORDNANCE_DICE_WAIT_ANSWER", str(dice_wait.DEFAULT_SECONDS))
        ),
    )
