"""The two pages: the lobby (create a table, get its links) and the table.

Pages carry no game data at all: the table page's script fetches the seat's
own view with the token from the URL fragment, so a page can be cached,
logged or shared without exposing anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

from ordnance.core import registry
from ordnance.server import i18n
from ordnance.server.routes import CheckedRoute, GameId, default_seats
from ordnance.server.service import NotFound, TableService
from ordnance.server.static_files import FIRST_SCRIPT, PREFIX, TABLE_MODULES

router = APIRouter(include_in_schema=False, route_class=CheckedRoute)
templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))
# ``tojson`` fills the pages' JSON data blocks (it escapes <, >, & and ' for
# HTML); keep the texts readable in the page source rather than \u-escaped.
templates.env.policies["json.dumps_kwargs"] = {"ensure_ascii": False, "sort_keys": False}
# the static files' versioned prefix and the table's modules (static_files)
templates.env.globals["static"] = PREFIX
templates.env.globals["table_modules"] = TABLE_MODULES
templates.env.globals["first_script"] = FIRST_SCRIPT

#: Strings the page's script shows, translated on the server.
SCRIPT_STRINGS = [
    "Waiting for the other seats' dice elements",
    "Not rolled: an undo accepted meanwhile dropped this action before its dice were drawn.",
    "Not rolled: the rules refused this action when its dice were drawn.",
    # static/table/waiting.js, words.js, connection.js: the roll waiting for dice, the connection
    "Waiting for {seats} to roll",
    "Rolling your dice…",
    "{actor}'s action is waiting for your dice element",
    "{actor}'s action is waiting for {seats} to roll",
    "{actor}'s action is rolling…",
    "{time} left",
    "time is up: it rolls without them",
    "Wait until the roll waiting for dice is made",
    "Not sent: another action is waiting for its dice. Act again once it is rolled.",
    "Connection lost: the table server does not answer. The page reconnects by itself once it answers.",
    "Not live: too many tabs or devices have this seat open. Close one of them; this page then goes live by itself.",
    "rolled without the element of {seats}: the operator and {actor} together could have foreseen it",
    "rolled without the element of {seats}: the operator alone could have foreseen it",
    "order",
    "the roll has no commitment of its action",
    "was revealed before the action was committed",
    "your secret was revealed for another action",
    "comes from a chain anchored after the action was committed",
    "is missing from the roll but not named as missing",
    "the action's digest is not the digest of the action recorded",
    "salt",
    "the published salt is not the one derived from the revealed seed",
    "a random salt after rolls whose salt came from the seed",
    "random salt (before the salt derived from the seed): the operator chose it",
    "Create",
    "Play as",
    "Invite link for",
    "Copy",
    "Copied",
    "Claiming your seat...",
    "Invitation for",
    "New invitation for",
    "This invitation link is incomplete (ask for a new one).",
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
    "Ask",
    "outcome",
    "exact",
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
    # static/dice.js: the page's own check of every roll
    "Cannot read the dice record",
    "Every roll recomputed from the revealed secrets",
    "FAILS",
    "No roll to recompute yet.",
    "Rolls that fail",
    "chain mismatch",
    "commitment missing",
    "die value mismatch",
    "die",
    "hash mismatch",
    "hidden from you",
    "is not the one its chain revealed",
    "no dice record for this roll",
    "no secret from",
    "ok",
    "revealed an element but the roll left it out",
    "shows",
    "the commitment differs from the one shown to you before the roll",
    "the dice and their sides do not match",
    "the element of",
    "the roll's seats are not the table's seats",
    "the secrets give",
    "the seed does not hash to the published commitment",
    "the server refused your secret for this version",
    "weaker: the server and the other seats made this roll",
    "your own secret for this version was left out",
    "Remove",
    "Add a row",
    "Name",
    "Rule options",
    "Click a piece on the map to see what it may do.",
    "Show every action",
    "This piece has nothing to do now.",
    "Done",
    "Fill in the form to see the odds.",
    "Choose…",
    "Scenario details",
    "Waiting for the other seat to agree",
    # static/lobby.js: a scenario's summary and problems
    "No scenario: the settings below",
    "line",
    "sample values",
    "Sides",
    "Unit",
    "Side",
    "Hex",
    "Fix the scenario file first, or drop it.",
    "unplaced",
    "Not placed",
    "Counter library",
    # static/scenario_export.js
    "Saved",
    # static/table/journal.js: the seats (docs/server.md "Seats and invitations")
    "Opens the seat once its holder agrees, or stays away until",
    "asks for a new invitation for your seat",
    "asks for a new invitation for this seat",
    "Waiting for",
    "Hand my seat over",
    "Keep my seat",
    "Withdraw",
    "Seats",
    "Your recovery link (keep it private: it moves your seat to another device)",
]


def _lang(request: Request, lang: str | None) -> str:
    return i18n.pick(lang, request.cookies.get("lang"), request.headers.get("accept-language"))


def _render(
    request: Request,
    name: str,
    lang: str,
    extra: dict[str, Any],
    chosen: bool = False,
    status_code: int = 200,
) -> Response:
    tr = i18n.translations(lang)
    strings = {s: tr.gettext(s) for s in SCRIPT_STRINGS}
    context = {
        "_": tr.gettext,
        "lang": lang,
        "languages": i18n.LANGUAGES,
        "strings": strings,
        **extra,
    }
    response = templates.TemplateResponse(request, name, context, status_code=status_code)
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
            "seats": default_seats(p.game),
        }
        for p in registry.plugins().values()
    ]
    return _render(
        request,
        "lobby.html",
        language,
        {"games": games},
        chosen=lang is not None,
    )


def _missing(request: Request, game_id: str, lang: str | None) -> Response | None:
    """A page in words (404) for a link to a table this server does not hold."""
    service: TableService = request.app.state.service
    try:
        service.session(game_id)
    except NotFound:
        return _render(
            request, "missing.html", _lang(request, lang), {"game_id": game_id}, status_code=404
        )
    return None


@router.get("/t/{game_id}", response_class=HTMLResponse)
def table(request: Request, game_id: GameId, lang: LangQ = None) -> Response:
    missing = _missing(request, game_id, lang)
    if missing is not None:
        return missing
    return _render(
        request, "table.html", _lang(request, lang), {"game_id": game_id}, chosen=lang is not None
    )


@router.get("/join/{game_id}", response_class=HTMLResponse)
def join(request: Request, game_id: GameId, lang: LangQ = None) -> Response:
    """An invitation (``/join/<game>#invite=<code>``): the page's script claims the
    seat with the code from the fragment and moves on to the seat's own link."""
    missing = _missing(request, game_id, lang)
    if missing is not None:
        return missing
    return _render(
        request, "join.html", _lang(request, lang), {"game_id": game_id}, chosen=lang is not None
    )


#: The page helpers other page modules use (``calc_routes``).
render = _render
lang_of = _lang
