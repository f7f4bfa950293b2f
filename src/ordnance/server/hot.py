"""The routes every turn of play sends, answered without FastAPI's per-request layers.

A turn of play sends two or three requests (the action with its ``next``, the
other page's ``POST /since``, the odds before an attack; ``routes.HOT_PATHS``).
Through the app's whole stack each paid, on the event loop, three middlewares
(the gzip, the security headers, the body limit, each wrapping ``send`` or
``receive`` in Python), FastAPI's router (its path tried twice), its
exception-handling wrappers, its dependency solver (the service, the bearer
token, every query parameter validated one by one) and the thread pool's hop.
:class:`HotRoutes`, the app's outermost middleware, answers these five routes
itself when a request is one it fully understands:

* the path is ``/api/tables/{game_id}/<route>`` with a valid ``game_id``, the
  method the route's;
* every query parameter is one the route takes, given once, with a value the
  route accepts as it is (``lang`` ``en`` or ``ru``, a version in digits,
  ``wait_dice`` ``0``/``1``/``false``/``true``), and every text passes
  :func:`ordnance.server.texts.check_params`;
* a body (POST) within :data:`ordnance.server.app.MAX_BODY`, JSON (no content
  type, or ``application/json``), no deeper than the body limit allows, every
  text passing :func:`~ordnance.server.texts.check_json`, and valid for the
  route's own body model (:class:`~ordnance.server.routes.Act`,
  :class:`~ordnance.server.routes.Since`, :class:`~ordnance.server.routes.Odds`).

Then it calls the very functions the FastAPI routes call (the route functions
themselves, :func:`~ordnance.server.routes.act_flow` for the action) with the
same arguments, in one worker-thread call with one read session
(:func:`~ordnance.core.journal.store.request_scope`), encodes the answer there
(:func:`~ordnance.server.routes.json_bytes`) and gzips it there too when the
client accepts it (the same threshold and level as the app's ``GZipMiddleware``),
and sends it with the app's security headers. A refusal raised by the service
(:class:`~ordnance.core.errors.OrdnanceError`, ``HTTPException``) is answered
by the app's own exception handlers, as the routes' would be.

Anything else, before anything has run: a malformed, oversized or refused
request, an unknown parameter, a HEAD or another method, goes down the app's
whole stack as before, its body replayed, so every refusal (the 413, the 422
naming the field, the 401/403/404) is the one the route itself gives. The
routes stay declared for FastAPI (their OpenAPI document, and every request
this class passes on).
"""

from __future__ import annotations

import inspect
import json
import re
import zlib
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any
from urllib.parse import parse_qsl

from fastapi.security import HTTPAuthorizationCredentials
from fastapi.security.utils import get_authorization_scheme_param
from pydantic import BaseModel, ValidationError
from starlette.requests import Request
from starlette.responses import Response

from ordnance.core.journal.store import request_scope
from ordnance.server import routes, texts
from ordnance.server.pool import in_thread

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]

#: ``/api/tables/{game_id}/<route>``: a ``game_id`` as ``routes.GameId`` takes it.
_PATH = re.compile(r"/api/tables/([A-Za-z0-9_-]{1,64})/(actions|since|odds|view)")
#: A version as digits alone (``routes.MAX_VERSION`` is checked apart).
_DIGITS = re.compile(r"0|[1-9][0-9]{0,9}")
_BOOLS = {"0": False, "false": False, "1": True, "true": True}
#: The request body model of each route that takes one.
_BODIES: dict[tuple[str, str], type[BaseModel]] = {
    ("POST", "actions"): routes.Act,
    ("POST", "since"): routes.Since,
    ("POST", "odds"): routes.Odds,
}
#: The query parameters each route takes.
_QUERIES: dict[tuple[str, str], frozenset[str]] = {
    ("POST", "actions"): frozenset({"lang", "wait_dice"}),
    ("POST", "since"): frozenset({"lang"}),
    ("GET", "since"): frozenset({"lang", "version", "dice_since"}),
    ("POST", "odds"): frozenset({"lang"}),
    ("GET", "view"): frozenset({"lang"}),
}
_REFUSED = object()


def _query_value(name: str, value: str) -> Any:
    """``value`` as the route's parameter ``name`` takes it; :data:`_REFUSED` when it
    is not one this class accepts as it is (the route then reads it itself)."""
    if name == "lang":
        return value if value in ("en", "ru") else _REFUSED
    if name == "wait_dice":
        return _BOOLS.get(value, _REFUSED)
    if _DIGITS.fullmatch(value) and int(value) <= routes.MAX_VERSION:
        return int(value)
    return _REFUSED


class _Read:
    """A hot request, read and checked: its route, table, query, token and body."""

    __slots__ = ("body", "creds", "game_id", "query", "route")

    def __init__(
        self,
        route: tuple[str, str],
        game_id: str,
        query: dict[str, Any],
        creds: HTTPAuthorizationCredentials | None,
        body: Any,
    ) -> None:
        self.route = route
        self.game_id = game_id
        self.query = query
        self.creds = creds
        self.body = body


def read_request(
    route: tuple[str, str], game_id: str, scope: Scope, headers: dict[bytes, bytes], body: bytes
) -> _Read | None:
    """The request as the route would read it; None when this class leaves it to the
    route (anything it does not accept as it is, every refusal included)."""
    try:
        texts.check_params("path", (("game_id", game_id),))
        items = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        texts.check_params("query", items)
    except texts.BadText:
        return None
    allowed = _QUERIES[route]
    query: dict[str, Any] = {}
    for name, value in items:
        if name not in allowed or name in query:
            return None
        query[name] = _query_value(name, value)
        if query[name] is _REFUSED:
            return None
    model = _BODIES.get(route)
    parsed: Any = None
    if model is not None:
        ctype = headers.get(b"content-type")
        if ctype is not None and ctype.split(b";")[0].strip().lower() != b"application/json":
            return None
        if not body or texts.raw_depth(body) > texts.MAX_RAW_DEPTH:
            return None
        try:
            data = json.loads(body)
            texts.check_json("", data)
            parsed = model.model_validate(data)
        except (ValueError, texts.BadText, ValidationError):
            return None
    return _Read(route, game_id, query, _bearer(headers.get(b"authorization")), parsed)


def _bearer(raw: bytes | None) -> HTTPAuthorizationCredentials | None:
    """What ``routes.bearer`` (``HTTPBearer(auto_error=False)``) reads from the header."""
    if raw is None:
        return None
    authorization = raw.decode("latin-1")
    scheme, credentials = get_authorization_scheme_param(authorization)
    if not (authorization and scheme and credentials) or scheme.lower() != "bearer":
        return None
    return HTTPAuthorizationCredentials(scheme=scheme, credentials=credentials)


class Finisher:
    """A response's status, headers and bytes as the app's middlewares would send them:
    gzipped (at ``level``) when the client accepts it and the body has at least
    ``minimum`` bytes (``Vary: Accept-Encoding`` from that size on, as Starlette's
    ``GZipMiddleware``), then ``security`` headers in place of any of their names."""

    def __init__(self, security: Sequence[tuple[bytes, bytes]], level: int, minimum: int) -> None:
        self.security = list(security)
        self.names = {name for name, _ in security}
        self.level = level
        self.minimum = minimum

    def __call__(self, response: Response, gzip: bool) -> tuple[int, Headers, bytes]:
        body = bytes(response.body)
        headers = [(k, v) for k, v in response.raw_headers if k not in self.names]
        if len(body) >= self.minimum and all(k != b"content-encoding" for k, _ in headers):
            vary = [v for k, v in headers if k == b"vary"]
            headers = [(k, v) for k, v in headers if k != b"vary"]
            headers.append((b"vary", b", ".join([*vary, b"Accept-Encoding"])))
            if gzip:
                compressor = zlib.compressobj(self.level, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
                body = compressor.compress(body) + compressor.flush()
                length = str(len(body)).encode()
                headers = [(k, length if k == b"content-length" else v) for k, v in headers]
                headers.append((b"content-encoding", b"gzip"))
        return response.status_code, headers + self.security, body


def _encoded_answer(
    finish: Finisher, gzip: bool, fn: Callable[..., Any], *args: Any
) -> tuple[int, Headers, bytes]:
    """In a worker thread: ``fn(*args)`` with one read session, closed here, and its
    answer encoded (and gzipped) here, as the route's own (``routes._encoded``)."""
    with request_scope():
        out = fn(*args)
    response = Response(routes.json_bytes(out), media_type="application/json")
    return finish(response, gzip)


class HotRoutes:
    """Answer the hot routes' well-formed requests directly (module docstring); pass
    every other request on to ``app`` (the app's middlewares and router).

    ``table`` is the FastAPI app (its state: the service, the broadcaster, the wait
    settings; its exception handlers); ``limit`` the body limit of these routes."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        table: Any,
        limit: int,
        security: Sequence[tuple[bytes, bytes]],
        gzip_level: int,
        gzip_minimum: int,
    ) -> None:
        self.app = app
        self.table = table
        self.limit = limit
        self.finish = Finisher(security, gzip_level, gzip_minimum)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = _PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        route = (scope["method"], match[2]) if match is not None else None
        if match is None or route not in _QUERIES or scope.get("root_path"):
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            headers.setdefault(name, value)
        taken: list[Message] = []
        body = b""
        if route in _BODIES:
            read = await self._body(headers, receive, taken)
            if read is None:
                await self.app(scope, _replay(taken, receive), send)
                return
            body = read
        request = read_request(route, match[1], scope, headers, body)
        if request is None:
            await self.app(scope, _replay(taken, receive), send)
            return
        gzip = b"gzip" in headers.get(b"accept-encoding", b"")
        try:
            status, out_headers, out = await self._answer(request, gzip)
        except Exception as exc:
            handler = self._handler(exc)
            if handler is None:
                raise
            response = handler(Request(scope, _replay(taken, receive)), exc)
            if inspect.isawaitable(response):
                response = await response
            status, out_headers, out = self.finish(response, gzip)
        await send({"type": "http.response.start", "status": status, "headers": out_headers})
        await send({"type": "http.response.body", "body": out})

    async def _body(
        self, headers: dict[bytes, bytes], receive: Receive, taken: list[Message]
    ) -> bytes | None:
        """The whole body (its messages kept in ``taken``); None past the limit, on a
        disconnect, or with a content length the body limit refuses."""
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return None
        size = 0
        while True:
            message = await receive()
            taken.append(message)
            if message["type"] != "http.request":
                return None
            size += len(message.get("body", b""))
            if size > self.limit:
                return None
            if not message.get("more_body"):
                break
        return b"".join(m.get("body", b"") for m in taken)

    async def _answer(self, request: _Read, gzip: bool) -> tuple[int, Headers, bytes]:
        state = self.table.state
        service = state.service
        q = request.query
        lang = q.get("lang", "en")
        gid, creds, body = request.game_id, request.creds, request.body
        method, name = request.route
        if name == "actions":
            wait = bool(q.get("wait_dice", False))
            response = await routes.act_flow(state, gid, body, service, creds, lang, wait)
            return self.finish(response, gzip)
        call: tuple[Any, ...]
        if name == "since" and method == "POST":
            call = (routes.since_reveal, gid, body, service, creds, lang)
        elif name == "since":
            version, dice_since = q.get("version"), q.get("dice_since")
            call = (routes.since_read, gid, service, creds, version, dice_since, lang)
        elif name == "odds":
            call = (routes.odds, gid, body, service, creds, lang)
        else:
            call = (routes.view, gid, service, creds, lang)
        return await in_thread(_encoded_answer, self.finish, gzip, *call)

    def _handler(self, exc: Exception) -> Callable[..., Any] | None:
        """The app's handler of ``exc`` (by its classes, nearest first), as Starlette's
        exception middleware finds it; None for the server's error middleware."""
        handlers = self.table.exception_handlers
        for cls in type(exc).__mro__:
            if cls in handlers and cls is not Exception:
                handler: Callable[..., Any] = handlers[cls]
                return handler
        return None


def _replay(taken: list[Message], receive: Receive) -> Receive:
    """``receive`` with the messages already read from it given again first."""
    queue = list(taken)

    async def again() -> Message:
        if queue:
            return queue.pop(0)
        return await receive()

    return again
