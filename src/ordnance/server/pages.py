"""The two pages: the lobby (create a table, get its links) and the table.

Pages carry no game data at all: the table page's script fetches the seat's
own view with the token from the URL fragment, so a page can be cached,
logged or shared without exposing anything.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

from ordnance.core import registry
from ordnance.server import i18n
from ordnance.server.service import TableService

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))

#: Strings the page's script shows, translated on the server.
SCRIPT_STRINGS = [
    "Create",
    "Play as",
    "Invite link for",
    "Copy",
    "Copied",
    "Your seat",
    "Version",
    "Actions",
    "Journal",
    "Odds",
    "Map",
    "Your view",
    "Dice",
    "Roll on the server",
    "Enter dice rolled at the table",
    "Do it",
    "Nothing to do now: waiting for the other side.",
    "No dice: nothing to show.",
    "Someone acted first: the table was reloaded. Check and try again.",
    "Refused",
    "Ask to undo the last action",
    "The other seat asks to undo the last action.",
    "Accept",
    "Decline",
    "Waiting for the other seat to answer your undo request.",
    "Next roll is committed as",
    "Verify every roll",
    "All server rolls check out.",
    "A roll does not match its commitment!",
    "LOS tool: pick two hexes",
    "Live",
    "Reconnecting...",
    "This page needs a seat link (ask the host).",
    "Hidden from you",
    "undone",
    "Invite the other seats",
    "Settings",
    "seed",
    "commitment",
    "entered",
    "rolled",
    "Remove",
    "Add a row",
    "Name",
    "Rule options",
    "Click a piece on the map to see what it may do.",
    "Show every action",
    "This piece has nothing to do now.",
    "Done",
    "Fill in the form to see the odds.",
    "Scenario details",
]


def _lang(request: Request, lang: str | None) -> str:
    return i18n.pick(lang, request.cookies.get("lang"), request.headers.get("accept-language"))


def _render(
    request: Request, name: str, lang: str, extra: dict[str, Any], chosen: bool = False
) -> Response:
    tr = i18n.translations(lang)
    strings = {s: tr.gettext(s) for s in SCRIPT_STRINGS}
    context = {
        "_": tr.gettext,
        "lang": lang,
        "languages": i18n.LANGUAGES,
        "strings_json": json.dumps(strings, ensure_ascii=False),
        **extra,
    }
    response = templates.TemplateResponse(request, name, context)
    if chosen:  # the page's language switch: remember it
        response.set_cookie("lang", lang, max_age=365 * 86400, samesite="lax")
    response.headers["Content-Language"] = lang
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


LangQ = Annotated[str | None, Query(max_length=8)]


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request, lang: LangQ = None) -> Response:
    language = _lang(request, lang)
    games = [
        {
            "name": p.name,
            "title": p.game.title,
            "schema": i18n.localize_settings(p.game.settings_schema(), language),
        }
        for p in registry.plugins().values()
    ]
    return _render(
        request,
        "lobby.html",
        language,
        {"games": games, "games_json": json.dumps(games, ensure_ascii=False)},
        chosen=lang is not None,
    )


@router.get("/t/{game_id}", response_class=HTMLResponse)
def table(request: Request, game_id: str, lang: LangQ = None) -> Response:
    service: TableService = request.app.state.service
    service.session(game_id)  # 404 for an unknown table
    return _render(
        request, "table.html", _lang(request, lang), {"game_id": game_id}, chosen=lang is not None
    )
