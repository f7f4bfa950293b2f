"""The HTTP API. It mirrors ``ordnance game types|new|view|log|act|undo``.

Authentication: every table route takes the seat's token as
``Authorization: Bearer <token>``; the token decides the seat, and the seat
decides what the answer may contain (the game's ``view(state, seat)`` and
each event's ``for_seat(seat)``). The live stream takes a short ticket.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
import re
import secrets
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal, TypeVar

import anyio.to_thread
import orjson
from anyio import CapacityLimiter
from fastapi import APIRouter, Depends, HTTPException, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.datastructures import DefaultPlaceholder
from fastapi.encoders import jsonable_encoder
from fastapi.responses import StreamingResponse
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ordnance.core import registry
from ordnance.core.errors import NotYourSeat, OrdnanceError
from ordnance.core.game import Game
from ordnance.core.journal.store import close_request_scope, request_scope
from ordnance.core.memo import SHARED_PARTS, IdentityMemo
from ordnance.core.shapes import LosAnswer
from ordnance.server import dice_wait, i18n, live, seats, texts
from ordnance.server.answers import (
    ActAnswer,
    DroppedAction,
    LogAnswer,
    OddsReply,
    OpenedRequest,
    RequestAnswer,
    SinceAnswer,
    TableView,
)
from ordnance.server.limits import TooManyStreams
from ordnance.server.openapi_shapes import documented
from ordnance.server.pool import in_thread
from ordnance.server.service import MAX_PAGE, PAGE, TableService

_T = TypeVar("_T")


def json_bytes(content: Any) -> bytes:
    """``content`` as the JSON bytes FastAPI's default answer would carry.

    The answers are plain dicts, lists, strings and numbers already, so orjson
    writes them directly (about a sixth of the standard library's C encoder's CPU on
    a ToI view): compact, UTF-8, the very bytes of Starlette's ``JSONResponse``, but
    for a few floats it writes otherwise (:data:`_ORJSON_DIFFERS`) and what it does
    not take (:data:`_ORJSON_STRICT`): those answers go the standard library's way.
    A float that is not finite is written ``null`` (``JSONResponse`` refuses it, a
    500): never ``NaN``, which is not JSON.

    The standard library's way: its C encoder with the same separators,
    ``ensure_ascii=False`` and ``allow_nan=False`` as ``JSONResponse``; only an
    object it does not know goes through :func:`jsonable_encoder` (and a dict whose
    keys it cannot write, the whole answer, as FastAPI would). A part many answers share as it is (``core.memo.SHARED_PARTS``: a map's
    hexes and board, half of a ToI view's bytes) is encoded once
    (:data:`_ENCODED`) and its text copied in: the answer is encoded with a
    placeholder string in its place, then the placeholder's JSON is replaced.
    """
    try:
        fast = orjson.dumps(content, option=_ORJSON_STRICT)
    except TypeError:  # what orjson would write otherwise than the standard library
        pass
    else:
        if b"0.0000" not in fast and not _ORJSON_DIFFERS.search(fast):
            return fast
    parts: list[object] = []
    swapped = _swap_shared(content, parts, _SHARED_DEPTH)
    try:
        text = _dumps(swapped)
    except TypeError:
        return _dumps(jsonable_encoder(content), default=None).encode("utf-8")
    for i, part in enumerate(parts):
        text = text.replace(_dumps(_placeholder(i)), _encoded_part(part), 1)
    return text.encode("utf-8")


#: Passed through to the standard library's path (a ``TypeError`` here) rather than
#: written by orjson: dataclasses and datetimes (FastAPI's ``jsonable_encoder`` decides
#: how those are written); so are what orjson refuses (non-string keys, integers beyond
#: 64 bits, sets, objects it does not know). A subclass of ``str``, ``int`` or a JSON
#: container (a ``Said`` text) is written as its value, as the standard library does.
_ORJSON_STRICT = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
#: A float orjson writes otherwise than ``repr`` (``0.000015`` for ``1.5e-05``,
#: ``1e-7`` for ``1e-07``): such an answer is written again by the standard library
#: (a string that looks like one only costs that). Looked for as ``0.0000`` (a plain
#: search), then with this pattern: its literal ``e-`` is searched as fast as a plain
#: search, so it is one scan of the answer (nine plain searches for ``e-1`` ..
#: ``e-9`` first cost seven times the encoding of a ToI view: 150 us against 22 us).
_ORJSON_DIFFERS = re.compile(rb"e-[1-9](?![0-9])")


def _encoded_part(part: object) -> str:
    """A shared part's JSON text, encoded once (:data:`_ENCODED`)."""
    return _ENCODED.one(part, lambda: _dumps(part))


def _dumps(content: Any, default: Callable[[Any], Any] | None = jsonable_encoder) -> str:
    return json.dumps(
        content,
        ensure_ascii=False,
        allow_nan=False,
        indent=None,
        separators=(",", ":"),
        default=default,
    )


#: The encoded text of each shared answer part (:func:`json_bytes`), by identity;
#: at most 256 (as many as ``core.memo.SHARED_PARTS`` holds).
_ENCODED: IdentityMemo[str] = IdentityMemo("server.routes._ENCODED", 256)
#: How deep into an answer's dicts a shared part is looked for (``/actions`` ->
#: ``next`` -> ``view`` -> ``view`` -> ``map`` -> ``hexes``).
_SHARED_DEPTH = 6
#: A per-process secret in the placeholders: no text of an answer can be one.
_NONCE = secrets.token_hex(8)


def _placeholder(i: int) -> str:
    return f"\x00{_NONCE}:{i}\x00"


def _swap_shared(node: Any, parts: list[object], depth: int) -> Any:
    """``node`` with each shared part in its dicts (down to ``depth``) replaced by a
    placeholder (appended to ``parts``); copies only the dicts on the way to one."""
    if depth <= 0 or type(node) is not dict:
        return node
    out: dict[str, Any] | None = None
    for key, value in node.items():
        kind = type(value)
        if kind is not dict and kind is not list:
            continue
        if SHARED_PARTS.peek(value):
            new: Any = _placeholder(len(parts))
            parts.append(value)
        elif kind is dict:
            new = _swap_shared(value, parts, depth - 1)
        else:
            continue
        if new is not value:
            if out is None:
                out = dict(node)
            out[key] = new
    return node if out is None else out


def _encoded(endpoint: Callable[..., Any], status_code: int | None) -> Callable[..., Any]:
    """A synchronous endpoint without a response model whose dict answer is encoded in
    its own worker thread (:func:`json_bytes`) instead of by FastAPI's
    :func:`jsonable_encoder`, which walks every value of a view in Python on the
    event loop. The status (and headers) an endpoint set on its ``Response``
    parameter are kept; FastAPI reads the signature through ``__wrapped__``."""

    @functools.wraps(endpoint)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            out = endpoint(*args, **kwargs)
        finally:  # the request's read session, closed in this thread: no hop to close it
            close_request_scope()
        if isinstance(out, Response):
            return out
        given = next((v for v in kwargs.values() if isinstance(v, Response)), None)
        status = (given.status_code if given is not None else None) or status_code or 200
        answer = Response(json_bytes(out), status_code=status, media_type="application/json")
        if given is not None:
            answer.headers.raw.extend(given.headers.raw)
        return answer

    run._ordnance_encoded = True  # type: ignore[attr-defined]
    return run


#: The worker threads that end a request's read session (return its connection to
#: the pool). Not the routes' own thread pool: with as many requests in flight as it
#: has threads, every one of them may wait for a database connection that only the
#: close of a finished request gives back (a deadlock until the pool's timeout, then
#: 500s; tests/server/test_read_session_close.py). A close waits for nothing else
#: (no connection, no lock a route holds), so a few threads are plenty.
_CLOSERS = CapacityLimiter(8)


class CheckedRoute(APIRoute):
    """A route whose every text is checked before the route runs (:mod:`texts`).

    Path and query parameters, then every string and number of a JSON body:
    a refusal is 422 naming the field, before any game or database sees it.
    The route's reads share one database session (:func:`request_scope`).
    A synchronous route declared with ``response_model=None`` (the table's
    views, logs, actions and ``/since``) answers bytes it encoded itself
    (:func:`_encoded`).
    """

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        if (
            "response_model" in kwargs
            and kwargs["response_model"] is None
            and isinstance(kwargs.get("response_class"), DefaultPlaceholder | None)
            and not inspect.iscoroutinefunction(endpoint)
            and not getattr(endpoint, "_ordnance_encoded", False)  # include_router copies
        ):
            endpoint = _encoded(endpoint, kwargs.get("status_code"))
        super().__init__(path, endpoint, **kwargs)

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def checked(request: Request) -> Response:
            texts.check_params("path", request.path_params.items())
            texts.check_params("query", request.query_params.multi_items())
            if request.method in ("POST", "PUT", "PATCH"):
                raw = await request.body()  # cached: the handler reads it again
                try:  # request.json() keeps what it parsed: FastAPI reads it from there
                    body = await request.json() if raw else None
                except ValueError:  # FastAPI answers unreadable JSON itself
                    body = None
                texts.check_json("", body)
            with request_scope() as scope:  # one read session for the whole request
                try:
                    return await handler(request)
                finally:
                    if scope.opened:  # not in the routes' pool: see _CLOSERS
                        await anyio.to_thread.run_sync(scope.close, limiter=_CLOSERS)

        return checked


router = APIRouter(prefix="/api", route_class=CheckedRoute)
bearer = HTTPBearer(auto_error=False, description="The seat's token from its join link.")

GameId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
SeatName = Annotated[str, Field(min_length=1, max_length=texts.MAX_NAME)]
Code = Annotated[str, Field(min_length=16, max_length=128, pattern=seats.TOKEN_PATTERN)]
#: The language of the game texts in an answer (event texts, panels, labels, odds titles).
LangQ = Annotated[
    Literal["en", "ru"],
    Query(description="Language of the texts the game writes (event texts, panels, labels)."),
]


Hex64 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$", min_length=64, max_length=64)]

#: One page of a list: at most MAX_PAGE (default PAGE) items.
Limit = Annotated[
    int, Query(ge=1, le=MAX_PAGE, description=f"Items in this page (at most {MAX_PAGE}).")
]

#: The largest version a request may name (the journal's version columns are 32-bit).
MAX_VERSION = 2**31 - 1
#: A request's number (consent and reissue requests; a 32-bit id column).
RequestId = Annotated[int, Field(ge=1, le=2**31 - 1)]


class _Body(BaseModel):
    """A request body: a field it does not know is refused (422), never ignored."""

    model_config = ConfigDict(extra="forbid")


def _version(description: str | None = None, *, optional: bool = False) -> Any:
    """A version field (0 to :data:`MAX_VERSION`); ``optional``: null when omitted."""
    if optional:
        return Field(default=None, ge=0, le=MAX_VERSION, description=description)
    return Field(ge=0, le=MAX_VERSION, description=description)


class NewTable(_Body):
    game: str = Field(max_length=32, description="Game module (see /api/modules).")
    settings: dict[str, Any] = Field(default_factory=dict, description="The game's settings.")
    dice: Literal["server", "entered", "entered_remote"] = Field(
        default="server",
        description="How dice are rolled, agreed now for the whole table: 'server' (every "
        "seat helps make each roll; entered dice are refused), 'entered' (real dice "
        "rolled at one table and typed in) or 'entered_remote' (each seat rolls real dice "
        "at home; a roll typed in by one seat waits for the other seat's confirmation).",
    )
    dice_wait: Literal["wait", "go_ahead"] = Field(
        default="go_ahead",
        description="At a table whose server rolls: when a seat stays silent, 'wait' for its "
        "element (the action stays pending) or 'go_ahead' after dice_wait_seconds without it "
        "(the roll, the journal and the page then say the operator and the acting seat "
        "together could have foreseen it).",
    )
    dice_wait_seconds: int = Field(
        default=60, ge=1, le=86_400, description="Seconds before a 'go_ahead' roll goes ahead."
    )
    seat: SeatName | None = Field(
        default=None, description="The creator's seat (default: the game's first seat)."
    )
    scenario: dict[str, Any] | None = Field(
        None,
        description="A scenario document (docs/scenarios.md) instead of settings; its "
        "`game` must be this table's game.",
    )
    reissue_wait_minutes: int = Field(
        default=seats.DEFAULT_REISSUE_WAIT // 60,
        ge=seats.MIN_REISSUE_WAIT // 60,
        le=seats.MAX_REISSUE_WAIT // 60,
        description="How long a seat's holder must make no request before another seat's "
        "request for a new invitation to that seat completes without the holder's yes "
        "(default 1440: 24 hours).",
    )


class Claim(_Body):
    invitation: Code = Field(description="The code from the invitation link (#invite=...).")


class Recover(_Body):
    secret: Code = Field(description="The seat's recovery secret, shown when it was taken.")


class ReissueAnswer(_Body):
    accept: bool = Field(
        description="The holder: true hands the seat over, false declines; the requester: "
        "false withdraws the request."
    )


class Reissue(_Body):
    seat: SeatName = Field(description="The other seat whose link is lost.")


class Act(_Body):
    action: dict[str, Any] = Field(description='The action, e.g. {"type": "attack", ...}.')
    expected_version: int = _version(
        "The version this action was made at (the table's current version; "
        "any other is refused with 409 and nothing written)."
    )
    dice: list[Annotated[int, Field(ge=-1000, le=1000)]] | None = Field(
        default=None,
        max_length=200,
        description="Dice rolled at the table, in order (only at a table made with "
        "dice 'entered'); omit to let the server roll.",
    )
    element: Hex64 | None = Field(
        default=None,
        description="Your next dice chain element for this roll, if you have not "
        "revealed it for this version yet (see POST .../dice/reveal).",
    )
    commitment: Hex64 | None = Field(
        default=None,
        description="The commitment hash you saw for this version; refused with 409 "
        "if it is not the current one.",
    )
    since: int | None = _version(
        "The last journal entry your page holds: the answer then carries "
        "`next`, what `POST /since` would answer (your view, the entries after it, the "
        "dice record after `dice_since`), so the page needs no other request.",
        optional=True,
    )
    dice_since: int | None = _version(
        "With `since`: the last version whose rolls your page checked.",
        optional=True,
    )


class DiceAnchor(_Body):
    anchor: Hex64 = Field(description="SHA-256 applied N times to your secret root (hex).")


class DiceReveal(_Body):
    version: int = _version("The version you reveal for.")
    commitment: Hex64 = Field(description="The commitment hash you saw for that version.")
    element: Hex64 = Field(description="Your next chain element (hex).")
    pending: Hex64 | None = Field(
        default=None,
        description="The digest of the action waiting for its dice (the view's "
        "dice.pending.digest): an element is revealed only for such an action "
        "(TABLE-DICE-7 without it).",
    )


class Since(_Body):
    version: int | None = _version(
        "The last journal entry your page holds (null: none, the journal's tail is answered).",
        optional=True,
    )
    dice_since: int | None = _version(
        "The last version whose rolls your page checked (null: from where "
        "the entries answered start).",
        optional=True,
    )
    reveal: DiceReveal | None = Field(
        default=None,
        description="Your next chain element for the action waiting for its dice, as "
        "`POST /dice/reveal` takes it: revealed first (it may draw the dice), then the "
        "answer is read. A refused reveal refuses the request, as that route would.",
    )


class Odds(_Body):
    action: dict[str, Any]


class UndoAsk(_Body):
    expected_version: int = _version()


class UndoAnswer(_Body):
    accept: bool


async def service_of(request: Request) -> TableService:
    """The app's service. A coroutine: it does no I/O, and a synchronous dependency
    would cost every request one more hop to the thread pool."""
    svc: TableService = request.app.state.service
    return svc


Service = Annotated[TableService, Depends(service_of)]
Creds = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def seat_of(service: TableService, game_id: str, creds: HTTPAuthorizationCredentials | None) -> str:
    if creds is None:
        service.session(game_id)  # an unknown table is 404 whoever asks
        raise HTTPException(
            401, "this table needs a seat's link", headers={"WWW-Authenticate": "Bearer"}
        )
    seat = service.authenticate(game_id, creds.credentials)
    if seat is None:
        raise HTTPException(403, "this link does not open a seat at this table")
    return seat


def default_seats(game: Game[Any]) -> list[str]:
    """The seats a table gets with the default settings (settings may change them)."""
    try:
        return [str(seat) for seat in game.seats(game.new({}))]
    except (OrdnanceError, ValidationError):  # a game that needs settings: none
        return []


@router.get("/modules", summary="The installed game modules (ordnance game types)")
def modules(lang: LangQ = "en") -> dict[str, Any]:
    return {
        "games": [
            {
                "name": p.name,
                "title": p.game.title,
                "settings_schema": i18n.localize_settings(p.game.settings_schema(), lang),
                "seats": default_seats(p.game),
            }
            for p in registry.plugins().values()
        ]
    }


@router.post("/tables", status_code=201, summary="Create a table (ordnance game new)")
def create_table(body: NewTable, request: Request, service: Service) -> dict[str, Any]:
    """The creator's own seat (its token, once) and one invitation per other seat.

    The other seats' tokens do not exist yet: each is drawn when its
    invitation is claimed (``POST /tables/{id}/claim``), for the claimer only.
    """
    limiter = request.app.state.create_limiter
    address = _address(request)
    if limiter is not None:
        limiter.take(address or "-")
    options: dict[str, Any] = {
        "reissue_wait": body.reissue_wait_minutes * 60,
        "address": address,
    }
    if body.scenario is not None:
        created = service.create_from_scenario(
            body.game,
            body.scenario,
            body.settings,
            body.seat,
            body.dice,
            dice_wait=body.dice_wait,
            dice_wait_seconds=body.dice_wait_seconds,
            **options,
        )
    else:
        created = service.create(
            body.game,
            body.settings,
            body.seat,
            body.dice,
            dice_wait=body.dice_wait,
            dice_wait_seconds=body.dice_wait_seconds,
            **options,
        )
    gid = created.game_id
    return {
        "game_id": gid,
        "game": body.game,
        "seat": created.seat,
        "token": created.token,
        "recovery": created.recovery,
        "link": seats.seat_link(gid, created.token),
        "invitations": [
            {"seat": seat, "code": code, "link": seats.invitation_link(gid, code)}
            for seat, code in created.invitations.items()
        ],
    }


def _address(request: Request) -> str | None:
    """The caller's address (None when the server cannot tell)."""
    return request.client.host if request.client else None


def _seat_taken(game_id: str, seat: str, token: str, recovery: str) -> dict[str, Any]:
    """The answer that hands a seat to this caller: its token (and link) and its
    recovery secret, answered once."""
    return {
        "game_id": game_id,
        "seat": seat,
        "token": token,
        "recovery": recovery,
        "link": seats.seat_link(game_id, token),
    }


@contextmanager
def _announcing_refusals(service: TableService, game_id: str) -> Iterator[None]:
    """Tell the live streams when a refused attempt on a seat was recorded: the
    refusal still answers, and every page shows the new seat event at once."""
    try:
        yield
    except (NotYourSeat, seats.InvitationWaiting):
        service.on_change(game_id, service.version(game_id))
        raise


@router.post("/tables/{game_id}/claim", summary="Claim a seat with its invitation")
def claim(
    game_id: GameId, body: Claim, request: Request, service: Service, creds: Creds
) -> dict[str, Any]:
    """One claim per invitation: the seat's fresh token and recovery secret go to this
    caller only (409 after). A claim presenting a token of a seat of this table is
    refused (403 TABLE-SEAT-4): a seated player passes an invitation on."""
    service.session(game_id)
    presented = service.authenticate(game_id, creds.credentials) if creds is not None else None
    with _announcing_refusals(service, game_id):
        seat, token, recovery = seats.claim(
            service.journal,
            game_id,
            body.invitation,
            presented_seat=presented,
            address=_address(request),
            now=service.seat_now(),
        )
    service.on_change(game_id, service.version(game_id))
    return _seat_taken(game_id, seat, token, recovery)


@router.post(
    "/tables/{game_id}/invitations",
    status_code=201,
    summary="Ask for a new invitation for another seat (its holder decides)",
    responses={
        202: {
            "description": "The seat is held: a request was opened; the invitation answered "
            "opens the seat only once the holder accepts or stays silent for the waiting period."
        }
    },
)
def reissue(
    game_id: GameId, body: Reissue, service: Service, creds: Creds, response: Response
) -> dict[str, Any]:
    by = seat_of(service, game_id, creds)
    made = seats.reissue(service.journal, game_id, by, body.seat, now=service.seat_now())
    service.on_change(game_id, service.version(game_id))
    answer: dict[str, Any] = {
        "seat": made.seat,
        "status": made.status,
        "code": made.code,
        "link": seats.invitation_link(game_id, made.code),
        "usable": made.status == "issued",
    }
    if made.status == "pending":
        response.status_code = 202
        answer["request"] = made.request
        answer["due_at"] = made.due_at.isoformat(timespec="seconds") if made.due_at else None
    return answer


@router.post(
    "/tables/{game_id}/reissues/{request_id}",
    summary="Answer a request for a new invitation to your seat (or withdraw yours)",
)
def reissue_answer(
    game_id: GameId,
    request_id: RequestId,
    body: ReissueAnswer,
    service: Service,
    creds: Creds,
) -> dict[str, Any]:
    seat = seat_of(service, game_id, creds)
    with _announcing_refusals(service, game_id):
        status = seats.answer(
            service.journal, game_id, seat, request_id, body.accept, now=service.seat_now()
        )
    service.on_change(game_id, service.version(game_id))
    return {"request": request_id, "status": status}


@router.post(
    "/tables/{game_id}/seats/{seat}/recover",
    summary="Move your seat to a new device with its recovery secret",
)
def recover(
    game_id: GameId, seat: SeatName, body: Recover, request: Request, service: Service
) -> dict[str, Any]:
    """No token needed (the old device may be lost): the secret proves the holder. The
    old token stops working; a new token and a new recovery secret are answered once."""
    service.session(game_id)
    token, recovery = seats.recover(
        service.journal,
        game_id,
        seat,
        body.secret,
        address=_address(request),
        now=service.seat_now(),
    )
    service.on_change(game_id, service.version(game_id))
    return _seat_taken(game_id, seat, token, recovery)


@router.post("/tables/{game_id}/token", summary="Replace this seat's own token")
def rotate(game_id: GameId, service: Service, creds: Creds) -> dict[str, Any]:
    seat = seat_of(service, game_id, creds)
    assert creds is not None
    token = seats.rotate(service.journal, game_id, seat, creds.credentials)
    return {"seat": seat, "token": token, "link": seats.seat_link(game_id, token)}


@router.get("/tables/{game_id}/seats", summary="Who holds each seat, and reissues")
def seat_status(
    game_id: GameId, service: Service, creds: Creds, lang: LangQ = "en"
) -> dict[str, Any]:
    seat = seat_of(service, game_id, creds)
    events = seats.events(service.journal, game_id, seats.STATUS_EVENTS)
    events = i18n.localize_seat_events(events, i18n.translations(lang).gettext, seat)
    return {
        "game_id": game_id,
        "seats": seats.status(service.journal, game_id),
        "requests": seats.requests(service.journal, game_id, seat),
        "events": events,
    }


@router.get(
    "/tables/{game_id}/view",
    summary="The seat's view (ordnance game view --as)",
    response_model=None,
    responses=documented(TableView),
)
def view(game_id: GameId, service: Service, creds: Creds, lang: LangQ = "en") -> TableView:
    return i18n.localize_view(service.view(game_id, seat_of(service, game_id, creds)), lang)


@router.get(
    "/tables/{game_id}/log",
    summary="The journal as the seat sees it (ordnance game log)",
    response_model=None,
    responses=documented(LogAnswer),
)
def journal_log(
    game_id: GameId,
    service: Service,
    creds: Creds,
    since: Annotated[
        int | None, Query(ge=0, le=10**9, description="The entries after this seq.")
    ] = None,
    before: Annotated[
        int | None, Query(ge=1, le=10**9, description="The entries before this seq.")
    ] = None,
    limit: Limit = PAGE,
    lang: LangQ = "en",
) -> LogAnswer:
    """One page of at most ``limit`` entries: after ``since``, before ``before``, or
    (neither) the newest. ``before`` / ``next_since`` in the answer are the cursors
    of the older and the newer page (None at either end)."""
    seat = seat_of(service, game_id, creds)
    if since is not None and before is not None:
        raise HTTPException(422, "give since or before, not both")
    return service.log(game_id, seat, since, lang, before=before, limit=limit)


@router.post(
    "/tables/{game_id}/actions",
    summary="Act (ordnance game act --version)",
    response_model=None,
    responses={
        **documented(ActAnswer),
        **documented(
            ActAnswer,
            status=202,
            description="Nothing is applied yet: the action changes the other side's "
            "pieces and a consent request was opened ('pending'), or it rolls server dice "
            "and waits for the other seats' elements ('rolling'; the live stream announces "
            "it and then its roll; with wait_dice, only past the server's wait).",
        ),
    },
)
async def act(
    game_id: GameId,
    body: Act,
    request: Request,
    service: Service,
    creds: Creds,
    lang: LangQ = "en",
    wait_dice: Annotated[
        bool,
        Query(
            description="With `since`: when the action's dice wait for the other seats' "
            "elements, answer once they are drawn (at most the server's `dice_wait_answer` "
            "seconds; the action is committed first) with the drawn entry and its `next`, "
            'instead of 202 `rolling` at once (docs/server.md, "What the page fetches").'
        ),
    ] = False,
) -> Response:
    return await act_flow(request.app.state, game_id, body, service, creds, lang, wait_dice)


async def act_flow(
    state: Any,
    game_id: str,
    body: Act,
    service: TableService,
    creds: HTTPAuthorizationCredentials | None,
    lang: str,
    wait_dice: bool,
) -> Response:
    """What ``POST /actions`` does once its request is read (``state``: the app's), for
    the route and for :mod:`ordnance.server.hot`, which answers it without FastAPI.

    Asynchronous only to wait for the draw without holding a thread: every read and
    write runs in the thread pool, each part in its own request scope (one session)."""
    wait = wait_dice and body.since is not None
    with dice_wait.listening(state.broadcaster, game_id, wait) as notices:
        acted: tuple[str, ActAnswer, Response | None] = await in_thread(
            _scoped, _act, service, game_id, creds, body, lang, wait
        )
        seat, result, answer = acted
        if answer is not None:
            return answer
        assert notices is not None
        version = result["version"]
        done = await dice_wait.drawn(
            notices,
            version,
            functools.partial(service.still_rolling, game_id, version),
            timeout=float(state.dice_wait_answer),
            recheck=float(state.heartbeat),
        )
        rolled: Response = await in_thread(
            _scoped, _rolled, service, game_id, creds, seat, body, lang, result, done
        )
        return rolled


def _scoped(fn: Callable[..., _T], *args: Any) -> _T:
    """``fn(*args)`` with one read session of its own (:func:`request_scope`)."""
    with request_scope():
        return fn(*args)


def _act_answer(result: ActAnswer) -> Response:
    """The answer's bytes (encoded in the worker thread, as :func:`_encoded`'s)."""
    status = 202 if "pending" in result or "rolling" in result else 200
    return Response(json_bytes(result), status_code=status, media_type="application/json")


def _act(
    service: TableService,
    game_id: str,
    creds: HTTPAuthorizationCredentials | None,
    body: Act,
    lang: str,
    wait: bool,
) -> tuple[str, ActAnswer, Response | None]:
    """The action, committed, and its answer with its ``next``; no answer yet when its
    roll is to be waited for."""
    seat = seat_of(service, game_id, creds)
    result = service.act(
        game_id,
        seat,
        body.action,
        body.expected_version,
        body.dice,
        element=body.element,
        commitment=body.commitment,
    )
    if wait and "rolling" in result:
        return seat, result, None
    if body.since is not None:
        result["next"] = _since(service, game_id, seat, body.since, body.dice_since, lang)
    return seat, result, _act_answer(result)


def _rolled(
    service: TableService,
    game_id: str,
    creds: HTTPAuthorizationCredentials | None,
    seat: str,
    body: Act,
    lang: str,
    result: ActAnswer,
    drawn: bool,
) -> Response:
    """After the wait: the drawn action's entry (as the journal lists it) and ``next``,
    as if it had rolled at once; past the wait, the pending answer with its ``next``.
    An action that will never roll (an undo accepted meanwhile dropped it, or its
    rules refused it when drawn) is answered 200 with ``dropped`` saying so, never as
    still rolling. The token is checked again first: one replaced or recovered while
    the request waited opens no view (403, as any later request with it)."""
    assert body.since is not None
    if seat_of(service, game_id, creds) != seat:
        raise HTTPException(403, "this link does not open a seat at this table")
    after = _since(service, game_id, seat, body.since, body.dice_since, lang)
    version = result["version"]
    fate = service.pending_fate(game_id, int(result["rolling"]["id"])) if drawn else None
    log = after["log"]
    entries = log["entries"] if log is not None else []
    if fate is not None and fate[0] == "applied":
        row = next((e for e in entries if e["seq"] == fate[1]), None)
        if row is not None:
            return _act_answer({"version": row["seq"], "entry": row, "next": after})
    if fate is not None and fate[0] == "expired":
        undo = next((e for e in entries if e["seq"] == version + 1 and e["kind"] == "undo"), None)
        dropped: DroppedAction = {
            "version": version,
            "reason": "undo" if undo is not None else "refused",
            "text": f"your action waiting for its dice at version {version} "
            + ("was dropped by an undo" if undo is not None else "was refused when drawn")
            + ", never rolled",
        }
        return _act_answer({"version": after["view"]["version"], "dropped": dropped, "next": after})
    return _act_answer({**result, "next": after})


def _since(
    service: TableService,
    game_id: str,
    seat: str,
    version: int | None,
    dice_since: int | None,
    lang: str,
    reveal: dict[str, Any] | None = None,
) -> SinceAnswer:
    answer = service.since(game_id, seat, version, dice_since, lang)
    answer["view"] = i18n.localize_view(answer["view"], lang)
    answer["reveal"] = reveal
    return answer


@router.get(
    "/tables/{game_id}/since",
    summary="The seat's view, the journal entries and the dice record since a version",
    response_model=None,
    responses=documented(SinceAnswer),
)
def since_read(
    game_id: GameId,
    service: Service,
    creds: Creds,
    version: Annotated[
        int | None, Query(ge=0, le=MAX_VERSION, description="The last entry you hold.")
    ] = None,
    dice_since: Annotated[
        int | None,
        Query(ge=0, le=MAX_VERSION, description="The last version whose rolls you checked."),
    ] = None,
    lang: LangQ = "en",
) -> SinceAnswer:
    """What a page needs after a change notice, in one request: ``view`` (as ``/view``),
    ``log`` (the entries after ``version``, as ``/log?since=``; the journal's tail
    without it; null when up to date) and ``dice`` (the rolls after ``dice_since``,
    as ``/dice?since=``; null when nothing is new)."""
    seat = seat_of(service, game_id, creds)
    return _since(service, game_id, seat, version, dice_since, lang)


@router.post(
    "/tables/{game_id}/since",
    summary="As GET /since, with this seat's dice reveal sent first",
    response_model=None,
    responses=documented(SinceAnswer),
)
def since_reveal(
    game_id: GameId, body: Since, service: Service, creds: Creds, lang: LangQ = "en"
) -> SinceAnswer:
    """The reveal (if any) is made first, exactly as ``POST /dice/reveal`` makes it (the
    same checks and refusals; the last awaited reveal draws the dice); then the answer
    of ``GET /since`` is read, so the page sees the roll its element completed."""
    seat = seat_of(service, game_id, creds)
    revealed = None
    if body.reveal is not None:
        r = body.reveal
        revealed = service.dice_reveal(game_id, seat, r.version, r.commitment, r.element, r.pending)
    return _since(service, game_id, seat, body.version, body.dice_since, lang, revealed)


@router.post(
    "/tables/{game_id}/odds",
    summary="Exact odds of an action before it is rolled",
    response_model=None,
    responses=documented(OddsReply),
)
def odds(
    game_id: GameId, body: Odds, service: Service, creds: Creds, lang: LangQ = "en"
) -> OddsReply:
    seat = seat_of(service, game_id, creds)
    answer = i18n.localize_odds(service.odds(game_id, seat, body.action), lang)
    return {"odds": service.named_odds(game_id, answer, i18n.translations(lang).gettext)}


@router.get(
    "/tables/{game_id}/los",
    summary="Line of sight between two hexes",
    response_model=None,
    responses=documented(LosAnswer),
)
def los(
    game_id: GameId,
    service: Service,
    creds: Creds,
    a: Annotated[str, Query(max_length=32, alias="from")],
    b: Annotated[str, Query(max_length=32, alias="to")],
    lang: LangQ = "en",
) -> LosAnswer:
    return i18n.localize_los(service.los(game_id, seat_of(service, game_id, creds), a, b), lang)


@router.post(
    "/tables/{game_id}/undo",
    status_code=201,
    summary="Ask the other seat to undo",
    response_model=None,
    responses=documented(OpenedRequest, status=201),
)
def undo_request(game_id: GameId, body: UndoAsk, service: Service, creds: Creds) -> OpenedRequest:
    seat = seat_of(service, game_id, creds)
    return service.request_undo(game_id, seat, body.expected_version)


@router.post(
    "/tables/{game_id}/undo/{request_id}",
    summary="Accept or decline an undo request",
    response_model=None,
    responses=documented(RequestAnswer),
)
def undo_answer(
    game_id: GameId,
    request_id: RequestId,
    body: UndoAnswer,
    service: Service,
    creds: Creds,
) -> RequestAnswer:
    seat = seat_of(service, game_id, creds)
    return service.answer_request(game_id, seat, request_id, body.accept)


# The same answer under the name every consent request has (undo requests came first).
router.post(
    "/tables/{game_id}/requests/{request_id}",
    summary="Accept or decline a consent request (an undo or an action on your pieces)",
    response_model=None,
    responses=documented(RequestAnswer),
    name="request_answer",
)(undo_answer)


@router.get("/tables/{game_id}/dice", summary="Every server roll with the secrets that made it")
def dice(
    game_id: GameId,
    service: Service,
    creds: Creds,
    since: Annotated[int, Query(ge=0, le=10**9)] = 0,
    limit: Limit = PAGE,
) -> dict[str, Any]:
    """The rolls of the (at most ``limit``) entries after ``since``; ``next_since``
    is the cursor of the next page (None at the end)."""
    return service.dice_record(game_id, seat_of(service, game_id, creds), since, limit)


@router.post("/tables/{game_id}/dice/anchor", summary="Publish your seat's dice chain anchor")
def dice_anchor(
    game_id: GameId, body: DiceAnchor, service: Service, creds: Creds
) -> dict[str, Any]:
    return service.dice_anchor(game_id, seat_of(service, game_id, creds), body.anchor)


@router.post("/tables/{game_id}/dice/reveal", summary="Reveal your next chain element")
def dice_reveal(
    game_id: GameId, body: DiceReveal, service: Service, creds: Creds
) -> dict[str, Any]:
    seat = seat_of(service, game_id, creds)
    return service.dice_reveal(
        game_id, seat, body.version, body.commitment, body.element, body.pending
    )


@router.post("/tables/{game_id}/ticket", summary="A short ticket for the live stream")
def ticket(game_id: GameId, request: Request, service: Service, creds: Creds) -> dict[str, Any]:
    """A ticket for ``GET /events``; refused (429, ``TABLE-LIVE-1``) while this seat holds
    as many streams in this process as the server allows, so that its page can say so
    instead of opening a stream that would be refused the same way (the stream checks
    again: another process's streams count there)."""
    seat = seat_of(service, game_id, creds)
    streams: live.StreamSeats = request.app.state.stream_seats
    if streams.held(game_id, seat) >= streams.limit:
        raise TooManyStreams(streams.limit)
    return {"ticket": seats.make_ticket(service.journal, game_id, seat)}


@router.get(
    "/tables/{game_id}/events",
    summary="Live stream (SSE) of the game's version",
    response_class=StreamingResponse,
)
async def events(
    game_id: GameId,
    request: Request,
    service: Service,
    ticket: Annotated[str, Query(max_length=256, pattern=seats.TICKET_PATTERN)],
    max_events: Annotated[int, Query(ge=0, le=10**6)] = 0,
) -> StreamingResponse:
    """Server-sent events ``{"game_id", "version"}``: refetch your view on each.

    The first event is the current version, so a reconnecting client resyncs.
    """
    await run_in_threadpool(service.session, game_id)
    seat = await run_in_threadpool(seats.check_ticket, service.journal, game_id, ticket)
    if seat is None:
        raise HTTPException(403, "this ticket does not open this table's stream")
    broadcaster = request.app.state.broadcaster
    heartbeat: float = request.app.state.heartbeat
    streams: live.StreamSeats = request.app.state.stream_seats

    def facts(version: int) -> str:
        """The notice of ``version``: what waits for dice, for an answer, the seat events."""
        said = service.stream_notice(game_id)
        mark = seats.last_event(service.journal, game_id)
        return _event(
            game_id,
            version,
            said["dice_pending"],
            mark,
            said["dice_pending_by"],
            said["request"],
            said["dice_waiting_for"],
            said["dice_seconds_left"],
        )

    async def stream() -> AsyncIterator[str]:
        queue = broadcaster.subscribe(game_id)
        try:
            last = await run_in_threadpool(service.version, game_id)
            yield "retry: 2000\n" + await run_in_threadpool(facts, last)
            sent = 1
            while not max_events or sent < max_events:
                try:
                    version = await asyncio.wait_for(queue.get(), timeout=heartbeat)
                except TimeoutError:
                    if await request.is_disconnected():
                        return
                    version = await run_in_threadpool(service.version, game_id)
                    if version == last:
                        yield ": heartbeat\n\n"
                        continue
                last = version
                yield await run_in_threadpool(facts, version)
                sent += 1
        finally:
            broadcaster.unsubscribe(game_id, queue)
            streams.release(game_id, seat, answer)

    answer = stream()
    if not streams.admit(game_id, seat, answer):
        raise TooManyStreams(streams.limit)
    return StreamingResponse(
        answer,
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def _event(
    game_id: str,
    version: int,
    dice_pending: str | None = None,
    seats_mark: int = 0,
    dice_pending_by: str | None = None,
    request: int | None = None,
    dice_waiting_for: list[str] | None = None,
    dice_seconds_left: float | None = None,
) -> str:
    """``{"game_id", "version", "dice_pending", "dice_pending_by", "dice_waiting_for",
    "dice_seconds_left", "seats", "request"}``:
    ``dice_pending`` is the digest of an action waiting for the seats' dice elements (a
    page not yet revealed for it reveals now, in its one ``POST /since``), else null,
    ``dice_pending_by`` the acting seat (as every view shows it), ``dice_waiting_for``
    the seats whose element it still waits for and ``dice_seconds_left`` the seconds
    before it may roll without them (null: the table waits), as ``dice.pending`` has
    them; ``seats`` the number of seat events, so a page refreshes on a seat notice at
    the same version; ``request`` the id of the consent request (an undo) waiting for
    an answer, else null, so a page refreshes when one is opened or declined (the
    version stays)."""
    data = {
        "game_id": game_id,
        "version": version,
        "dice_pending": dice_pending,
        "dice_pending_by": dice_pending_by,
        "dice_waiting_for": dice_waiting_for,
        "dice_seconds_left": dice_seconds_left,
        "seats": seats_mark,
        "request": request,
    }
    return "event: version\ndata: " + json.dumps(data) + "\n\n"


@router.get("/health", summary="Liveness")
def health() -> dict[str, str]:
    return {"status": "ok"}


#: The routes every turn of play sends (the action, the other page's ``/since``, the
#: odds before an attack, a view), matched first: FastAPI tries a request's path
#: against the routes in order, twice (the app's router, then this one's), and these
#: came after a dozen seat and invitation routes. No other route's path can match
#: theirs (each ends in its own literal segment), so the order changes nothing else.
HOT_PATHS = (
    "/api/tables/{game_id}/actions",
    "/api/tables/{game_id}/since",
    "/api/tables/{game_id}/odds",
    "/api/tables/{game_id}/view",
)


def _hot_first(route: Any) -> tuple[int, bool]:
    """Where ``route`` goes: the hot paths in :data:`HOT_PATHS`'s order (a POST before
    a GET of the same path: the pages read ``/since`` by POST), then the rest as declared."""
    path = getattr(route, "path", None)
    rank = HOT_PATHS.index(path) if path in HOT_PATHS else len(HOT_PATHS)
    return rank, rank < len(HOT_PATHS) and "POST" not in getattr(route, "methods", ())


router.routes.sort(key=_hot_first)
