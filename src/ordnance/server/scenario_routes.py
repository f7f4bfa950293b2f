"""The lobby's scenarios: list the shipped samples, read one, check an uploaded file.

The page never reads a scenario itself: it sends the file's text here and
shows what comes back, the summary (title, date, sides, units, map) or every
problem with its line and field. Everything goes through
:mod:`ordnance.core.scenario` and the registry, so no game is named here; a
table is then created from the checked document by ``POST /api/tables``
(its ``scenario`` field), which checks it again and writes nothing when it
is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from ordnance.core import scenario as sc
from ordnance.core.errors import OrdnanceError
from ordnance.core.game import Game
from ordnance.core.hexes import parse_hex
from ordnance.core.messages import msg
from ordnance.server import texts
from ordnance.server.routes import CheckedRoute, Creds, GameId, Service, seat_of
from ordnance.server.service import NotFound, guarded

router = APIRouter(prefix="/api", route_class=CheckedRoute)

#: The largest scenario file the lobby takes (bytes). Well under the server's
#: body limit, so the document it becomes still fits a create request as JSON.
MAX_SCENARIO_BYTES = 32 * 1024

GameQ = Annotated[str | None, Query(max_length=32, pattern=r"^[a-z0-9_]+$")]
FileQ = Annotated[str, Query(max_length=120)]


def printed_hex(game: Game[Any], state: Any) -> Callable[[str | None], str | None]:
    """A unit's hex as the table's board prints it (``0202``, not the file's axial
    ``1,1``); one the map does not number (off the board) stays as written."""

    def label(hex_id: str | None) -> str | None:
        if not hex_id:
            return hex_id
        try:
            return game.hex_label(state, parse_hex(hex_id))
        except (OrdnanceError, ValueError, KeyError):
            return hex_id

    return label


def summary(
    doc: sc.ScenarioDoc, label: Callable[[str | None], str | None] = lambda h: h
) -> dict[str, Any]:
    """What the lobby shows of a checked scenario (every field from the document;
    ``label`` prints a unit's hex, :func:`printed_hex`)."""
    board = doc.map
    return {
        "game": doc.game,
        "title": doc.title,
        "description": doc.description,
        "date": doc.date,
        "theatre": doc.theatre,
        "sample": doc.sample,
        "sides": [{"id": s.id, "nationality": s.nationality, "title": s.title} for s in doc.sides],
        "units": [{"id": u.id, "side": u.side, "hex": label(u.hex)} for u in doc.units],
        "map": (
            {"title": board.title or board.name, "columns": board.columns, "rows": board.rows}
            if board is not None
            else None
        ),
    }


def _checked(src: sc.Source, game: str | None) -> dict[str, Any]:
    """The summary and document of a source that passes every check, else ScenarioProblems."""
    named = src.data.get("game") if isinstance(src.data, dict) else None
    if game is not None and isinstance(named, str) and named != game:
        problem = src.problem(
            ("game",), f"this is a {named!r} scenario; the table's game is {game!r}"
        )
        raise sc.ScenarioProblems(src.name, [problem])
    try:
        game_of, doc, start = sc.prepare(src)
        label = printed_hex(game_of, sc.dry_run(game_of, start, src))
    except OrdnanceError:
        raise
    except ValueError as exc:  # pydantic's ValidationError and the models' own value checks
        raise sc.ScenarioProblems(src.name, [src.problem((), str(exc)[:300])]) from None
    try:  # what a create request will hold must pass the server's text checks
        texts.check_json("scenario", src.data)
    except texts.BadText as exc:
        raise sc.ScenarioProblems(src.name, [sc.Problem(exc.field, str(exc))]) from None
    return {"name": src.name, "ok": True, **summary(doc, label), "document": src.data}


@router.get("/scenarios", summary="The sample scenarios shipped with the server")
def list_scenarios(
    game: GameQ = None,
    after: Annotated[
        str | None, Query(max_length=200, description="The last name of the previous page.")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=500, description="At most 500 (default 100).")] = 100,
) -> dict[str, Any]:
    """One page of the samples, by name; ``next_after`` is the cursor of the next."""
    names = sorted(
        n
        for n in sc.examples()
        if (game is None or n.startswith(game + "/")) and (after is None or n > after)
    )
    found = []
    items = sc.examples()
    for name in names[:limit]:
        _game, doc = sc.validate(sc.parse_text(items[name].read_text("utf-8"), name))
        found.append({"name": name, **summary(doc)})
    more = len(names) > limit
    return {"scenarios": found, "next_after": names[limit - 1] if more else None}


@router.get("/scenarios/{folder}/{slug}", summary="One shipped sample: summary and document")
def read_scenario(folder: str, slug: str) -> dict[str, Any]:
    name = f"{folder}/{slug}"
    item = sc.examples().get(name)
    if item is None:
        raise NotFound(msg("no sample scenario {name!r}", name=name))
    return _checked(sc.parse_text(item.read_text("utf-8"), name), None)


def raw_body(description: str, content: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI ``requestBody`` of a route that reads its body itself (an uploaded
    file): FastAPI cannot infer it, so the route declares it with ``openapi_extra``."""
    return {"requestBody": {"required": True, "description": description, "content": content}}


@router.post(
    "/scenarios/check",
    summary="Check an uploaded scenario file (YAML or JSON text as the body)",
    responses={422: {"description": "The problems, each with its line and field."}},
    openapi_extra=raw_body(
        f"The scenario file itself (at most {MAX_SCENARIO_BYTES} bytes).",
        {"text/plain": {"schema": {"type": "string"}}},
    ),
)
async def check_scenario(request: Request, game: GameQ = None, file: FileQ = "upload") -> Any:
    """The body is the file itself. 200: its summary and document; 422: ``problems``.

    Nothing is written: the set-up is played in memory only.
    """
    texts.check_text("query.file", file, max_length=120)
    raw = await request.body()
    if len(raw) > MAX_SCENARIO_BYTES:
        raise texts.BadText(
            "file",
            f"the scenario file is {len(raw)} bytes, more than {MAX_SCENARIO_BYTES}",
            hint="a scenario lists only the hexes that differ from the default terrain",
        )
    if not raw.strip():
        raise sc.ScenarioProblems(file, [sc.Problem("(file)", "the file is empty")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = f"not UTF-8 text (byte {exc.start})"
        raise sc.ScenarioProblems(file, [sc.Problem("(file)", message)]) from None
    wrong = texts.problem(text, max_length=MAX_SCENARIO_BYTES, allow=frozenset("\t\n\r"))
    if wrong is not None:
        raise sc.ScenarioProblems(file, [sc.Problem("(file)", wrong)])
    return _checked(sc.parse_text(text, file), game)


@router.get(
    "/tables/{game_id}/scenario",
    summary="The table's position as a scenario file, as this seat may see it",
)
def export_scenario(game_id: GameId, service: Service, creds: Creds) -> dict[str, Any]:
    """The seat's own export: the other side's face-down tokens are left out.

    (The full position, every secret included, is only for the hot seat:
    ``ordnance scenario export GAME`` without ``--as``.)
    """
    seat = seat_of(service, game_id, creds)
    session = service.session(game_id)
    _version, state, _top = session.position()
    doc = guarded(lambda: sc.export(session.game, state, seat, session.settings))
    return {"game_id": game_id, "seat": seat, "document": doc, "yaml": sc.dump(doc)}
