"""The calculators over HTTP and on the page, derived from the games' declarations.

``GET /api/calculators`` lists every calculator of every installed game (and
the generic odds, game ``odds``) with its JSON Schema;
``POST /api/calculators/{game}/{name}`` answers one question (a typed answer,
exact fractions as ``"p/q"``); a refusal is a 422 naming the clause, the
field and its value, like every other route. ``/calc/{game}`` is the page: a
form per calculator generated from the schema (``static/calc.js``), no table
needed. None of it knows a game.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from ordnance.core import calculators
from ordnance.core.calculators import CalculatorInfo
from ordnance.server import i18n
from ordnance.server.pages import lang_of, render
from ordnance.server.routes import CheckedRoute, GameId

router = APIRouter(prefix="/api", route_class=CheckedRoute)
pages = APIRouter(include_in_schema=False, route_class=CheckedRoute)

CalcName = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class CalculatorList(BaseModel):
    calculators: list[CalculatorInfo]


class CalculatorReply(BaseModel):
    """An answer: ``title`` and ``hint`` always, then what the hint draws
    (``distribution``, ``comparison`` or ``table``) and the calculator's own keys."""

    model_config = ConfigDict(extra="allow")
    title: str
    hint: str
    distribution: dict[str, str] | None = None
    comparison: calculators.Comparison | None = None
    table: calculators.AnswerTable | None = None
    lines: list[str] | None = None


def _catalogue() -> list[CalculatorInfo]:
    return calculators.catalogue()


@router.get(
    "/calculators",
    summary="Every calculator of every game, with the JSON Schema of its question",
    response_model=CalculatorList,
)
def list_calculators() -> dict[str, Any]:
    return {"calculators": _catalogue()}


@router.post(
    "/calculators/{game}/{name}",
    summary="Answer one calculator question (no table needed)",
    response_model=CalculatorReply,
    response_model_exclude_none=True,
)
async def answer(
    game: GameId,
    name: CalcName,
    question: Annotated[
        dict[str, Any], Body(description="The question's fields (see its schema).")
    ],
    lang: Annotated[str, Query(pattern="^(en|ru)$")] = "en",
) -> dict[str, Any]:
    calc = calculators.find(game, name)
    # the exact odds may take a moment: off the event loop
    reply = await run_in_threadpool(calc.answer, question)
    return i18n.localize_answer_words(reply, lang)


@pages.get("/calc/{game}", response_class=HTMLResponse)
def calc_page(
    request: Request, game: GameId, lang: Annotated[str | None, Query(max_length=8)] = None
) -> Response:
    chosen = lang_of(request, lang)
    calcs = [i18n.localize_calculator(c.info(game), chosen) for c in calculators.for_game(game)]
    return render(
        request,
        "calc.html",
        chosen,
        {"game": game, "calculators": calcs, "lang": chosen},
        chosen=lang is not None,
    )
