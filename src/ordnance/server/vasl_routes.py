"""The lobby's VASL upload: a save's Guns as a checked ASL scenario, then a table as for any scenario.

``POST /api/vasl/check`` takes the ``.vsav`` file itself as the body, reads it
(:mod:`ordnance.asl.vasl`: pure Python, bounded sizes), turns its Guns with
special ammunition into an ASL scenario document
(:func:`~ordnance.asl.vasl.importer.scenario_document`) and answers what
``/api/scenarios/check`` answers for an uploaded file (summary and document),
plus the save's reading. The lobby creates the table from that document
(``POST /api/tables`` with ``scenario``), which plays the ``add_gun`` set-up
into the journal. Nothing is written here. A file that is no VASL save, or
whose Guns cannot make a scenario, is a 422 naming the problem.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool

from ordnance.asl.rules.counter_library import CounterLibrary, parse_library
from ordnance.asl.vasl.importer import lobby_scenario
from ordnance.asl.vasl.pieces import read_save
from ordnance.core import scenario as sc
from ordnance.server import texts
from ordnance.server.routes import CheckedRoute
from ordnance.server.scenario_routes import _checked, raw_body

router = APIRouter(prefix="/api", route_class=CheckedRoute)

#: The largest save the lobby takes (bytes); the server's body limit lets it through.
MAX_VASL_UPLOAD = 1024 * 1024
#: The largest counter library uploaded beside it (bytes; inside the same body limit).
MAX_LIBRARY_UPLOAD = 256 * 1024

FileQ = Annotated[str, Query(max_length=120)]
DateQ = Annotated[str | None, Query(pattern=r"^\d{4}-\d{2}$")]
TheatreQ = Annotated[str, Query(max_length=8, pattern=r"^[A-Za-z]+$")]


@router.post(
    "/vasl/check",
    summary="Read an uploaded VASL save: its Guns as an ASL scenario (nothing written)",
    responses={422: {"description": "Not a VASL save, or its Guns make no scenario."}},
    openapi_extra=raw_body(
        f"The .vsav file itself (at most {MAX_VASL_UPLOAD} bytes), or a form with the save "
        "(`save`) and your counter library (`library`, YAML or JSON, "
        "docs/counter-library.schema.json).",
        {
            "application/octet-stream": {"schema": {"type": "string"}},
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["save"],
                    "properties": {
                        "save": {"type": "string", "format": "binary"},
                        "library": {"type": "string", "format": "binary"},
                    },
                }
            },
        },
    ),
)
async def check_vasl(
    request: Request, file: FileQ = "upload.vsav", date: DateQ = None, theatre: TheatreQ = "ETO"
) -> dict[str, Any]:

    texts.check_text("query.file", file, max_length=120)
    raw, library_text = await _parts(request)
    if len(raw) > MAX_VASL_UPLOAD:
        raise texts.BadText("file", f"the save is {len(raw)} bytes, more than {MAX_VASL_UPLOAD}")

    def work() -> dict[str, Any]:  # CPU-bound: in the thread pool, not on the event loop
        library: CounterLibrary | None = None
        if library_text is not None:
            library = parse_library(library_text, "the counter library")
        reading = read_save(raw, file, date=date, theatre=theatre)
        lobby = lobby_scenario(reading, name=file, date=date, theatre=theatre, library=library)
        checked = _checked(sc.document(lobby.document, file), "asl")
        return {**checked, "unplaced": list(lobby.unplaced), "vasl": reading.to_dict()}

    return await run_in_threadpool(work)


async def _parts(request: Request) -> tuple[bytes, str | None]:
    """The save's bytes and the counter library's text (None: no library uploaded)."""
    kind = request.headers.get("content-type", "")
    if not kind.startswith("multipart/form-data"):
        return await request.body(), None
    form = await request.form(max_files=2, max_fields=2)
    save, library = form.get("save"), form.get("library")
    if save is None or isinstance(save, str):
        raise texts.BadText("save", "the form has no save file (field 'save')")
    raw = await save.read()
    if library is None:
        return raw, None
    data = library.encode() if isinstance(library, str) else await library.read()
    if len(data) > MAX_LIBRARY_UPLOAD:
        raise texts.BadText("library", f"the library is more than {MAX_LIBRARY_UPLOAD} bytes")
    try:
        return raw, data.decode("utf-8")
    except UnicodeDecodeError:
        raise texts.BadText("library", "the counter library is not UTF-8 text") from None
