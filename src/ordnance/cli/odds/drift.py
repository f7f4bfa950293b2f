"""``ordnance odds drift``: hits, then the drift of a placement that missed."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Group

from ordnance.cli.common import distribution_table, emit
from ordnance.cli.odds.options import (
    CancelOpt,
    DefenceOpt,
    HitOpt,
    Output,
    distribution_out,
    plot_if_asked,
)
from ordnance.core.messages import said
from ordnance.core.odds.drift import drift_kind, hits_then_drift
from ordnance.i18n import _


def drift_cmd(
    dice: Annotated[int, typer.Option("--dice", "-n", help=_("Dice rolled."))],
    hit_on: HitOpt = 5,
    place_at: Annotated[int, typer.Option(help=_("Net hits needed to be placed on target."))] = 2,
    drift_at: Annotated[
        int, typer.Option(help=_("Net hits needed to drift (fewer is a misfire)."))
    ] = 1,
    defence: DefenceOpt = 0,
    cancel_on: CancelOpt = 5,
    detail: Annotated[
        bool, typer.Option("--detail", help="List every drift distance and direction.")
    ] = False,
    *,
    out: Output,
) -> None:
    """Hits, then drift: placed, drift (a distance and a direction die) or misfire.

    A generic shape: enough net hits place the round, fewer make it drift,
    fewer still misfire. Tide of Iron's Smoke round is one example (defaults:
    2+ hits placed, 1 drift, 0 misfire).
    """
    full = hits_then_drift(
        dice, hit_on, place_at=place_at, drift_at=drift_at, defence=defence, cancel_on=cancel_on
    )
    kinds = drift_kind(full)
    distance = (
        full.condition(lambda o: o.kind == "drift").map(lambda o: o.distance)
        if ("drift" in kinds)
        else None
    )
    title = said(
        "{dice}d6 hitting on {hit_on}+: placed on {place_at}+ hits, drift on {drift_at}+",
        dice=dice,
        hit_on=hit_on,
        place_at=place_at,
        drift_at=drift_at,
    )
    plot_if_asked(kinds, out.plot, title, "result")
    data: dict[str, Any] = {
        "query": {
            "dice": dice,
            "hit_on": hit_on,
            "place_at": place_at,
            "drift_at": drift_at,
            "defence": defence,
            "cancel_on": cancel_on,
        },
        "result": distribution_out(kinds, out.as_float),
        "drift_distance_given_drift": None
        if distance is None
        else distribution_out(distance, out.as_float),
    }
    if detail:
        data["detail"] = distribution_out(full.map(str), out.as_float)

    def render(_data: Any) -> Any:
        parts: list[Any] = [distribution_table(kinds, title, "result")]
        if detail:
            parts.append(distribution_table(full.map(str), "every outcome", "outcome"))
        elif "drift" in kinds:
            parts.append("each (distance, direction) of a drift is equally likely: 1/36 of it")
        return Group(*parts)

    emit(data, out.as_json, render)
