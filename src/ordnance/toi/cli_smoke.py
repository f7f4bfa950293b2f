"""``ordnance toi smoke`` (also ``toi odds smoke``): the exact outcome of a Smoke round."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.cli.common import JsonOpt, emit, percent, plot_to
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import Direction, parse_hex
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.toi.cli_options import PlotOpt, read_band
from ordnance.toi.hexmap import load_map
from ordnance.toi.readings import DEFAULTS, drift_dice_reading
from ordnance.toi.smoke import (
    hit_odds,
    orientation_for,
    plan_smoke,
    smoke_landing_distribution,
    smoke_round_distribution,
)

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import RenderableType


def smoke_cmd(
    fp: Annotated[
        int, typer.Option("--fp", help="The unit's firepower against vehicles (TOI-SMK-2).")
    ],
    band: Annotated[str, typer.Option("--range", help="close, normal or long.")] = "normal",
    map_name: Annotated[
        str | None, typer.Option("--map", help="A map, to see where drift lands.")
    ] = None,
    target: Annotated[
        str | None, typer.Option("--target", help="Target hex 'q,r' (with --map).")
    ] = None,
    smoke_at: Annotated[
        str | None, typer.Option("--smoke", help="Hexes already holding smoke, e.g. '3,1 4,1'.")
    ] = None,
    orientation: Annotated[
        str | None,
        typer.Option("--orientation", help="Directional marker's 1 (N..NW); default: the map's."),
    ] = None,
    drift_dice: Annotated[
        str, typer.Option("--drift-dice", help="text (red = distance) or faq_core (TOI-AMB-1).")
    ] = "text",
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Exact outcome of a Smoke round: placed, drift (to each hex), misfire."""
    settings = replace(DEFAULTS, drift_dice=drift_dice_reading(drift_dice))
    plan = plan_smoke(fp, read_band(band), settings)
    placed, drift, misfire = hit_odds(plan)
    data: dict[str, Any] = {
        "title": f"Smoke round: {plan.dice} dice hitting on {plan.hit_on}+ at {plan.band.value} range",
        "distribution": {
            "placed": fraction_text(placed),
            "drift": fraction_text(drift),
            "misfire": fraction_text(misfire),
        },
        "dice": plan.dice,
        "hit_on": plan.hit_on,
        "band": plan.band.value,
        "drift_dice": plan.drift_dice,
        "drift": {
            "distance": {str(k): "1/6" for k in range(1, 7)},
            "direction_die": {str(k): "1/6" for k in range(1, 7)},
            "each_distance_and_direction": fraction_text(drift / 36),
        },
    }
    dist: Distribution[str] = smoke_round_distribution(plan).map(lambda o: o.split(" ")[0])
    if (map_name is None) != (target is None):
        raise OrdnanceError(
            "give both --map and --target to see the hexes", hint="e.g. --map village --target 4,1"
        )
    if map_name is not None and target is not None:
        m = load_map(map_name)
        t = parse_hex(target)
        m.info(t)
        smoky = (
            frozenset(parse_hex(x) for x in (smoke_at or "").split()) if smoke_at else frozenset()
        )
        if orientation is not None:
            # not checked here: an unknown direction is refused by orientation_for
            settings = replace(settings, drift_orientation=orientation.upper())  # type: ignore[arg-type]
        o: Direction = orientation_for(settings, m, None, t)
        landing = smoke_landing_distribution(plan, t, m, smoky, o, settings)
        hexes: dict[str, Any] = {}
        for label, p in landing.items():
            if label.startswith(("placed ", "drift to ")):
                h = label.split(" ")[-1] if "(refresh)" not in label else label.split(" ")[2]
                hexes[h] = hexes.get(h, 0) + p
        data.update(
            map=m.name,
            target=str(t),
            orientation=o.name,
            outcomes=landing.to_json(),
            hexes={
                h: fraction_text(p)
                for h, p in sorted(hexes.items(), key=lambda kv: (-kv[1], kv[0]))
            },
            no_smoke=fraction_text(1 - sum(hexes.values())),
        )
        dist = landing
    data["plot"] = plot_to(dist, plot, data["title"], "outcome")
    emit(data, as_json, lambda d: _render_smoke(d, dist))


def _render_smoke(data: dict[str, Any], dist: Distribution[str]) -> RenderableType:
    from rich.console import Group
    from rich.table import Table

    table = Table(title=data["title"])
    table.add_column("outcome")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    rows = data.get("outcomes") or data["distribution"]
    for k, v in sorted(rows.items(), key=lambda kv: (-Fraction(kv[1]), kv[0])):
        p = Fraction(v)
        table.add_row(k, v, percent(p))
    extra = [
        f"drift: each (distance, direction) pair {data['drift']['each_distance_and_direction']}"
    ]
    if "hexes" in data:
        extra.append("smoke ends up in: " + ", ".join(f"{h} {p}" for h, p in data["hexes"].items()))
    return Group(table, *extra)
