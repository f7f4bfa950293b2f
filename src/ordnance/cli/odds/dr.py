"""``ordnance odds dr``: the 2d6 DR with a modifier, at most / exactly a target, against a number."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group

from ordnance.cli.common import JsonOpt, distribution_table, emit, percent
from ordnance.core.odds.distribution import fraction_text
from ordnance.core.odds.dr import dr_at_most, dr_exactly, dr_totals, dr_versus

if TYPE_CHECKING:  # pragma: no cover
    pass

from ordnance.cli.odds.options import (
    FloatOpt,
    PlotOpt,
    distribution_out,
    plot_if_asked,
    probability_out,
)


def dr_cmd(
    modifier: Annotated[int, typer.Option("--modifier", "-m", help="DRM total added.")] = 0,
    at_most: Annotated[int | None, typer.Option("--at-most", help="P(final DR <= this).")] = None,
    exactly: Annotated[int | None, typer.Option("--exactly", help="P(final DR == this).")] = None,
    versus: Annotated[
        int | None,
        typer.Option("--versus", help="Original DR below/equal/above this (a Depletion Number)."),
    ] = None,
    as_json: JsonOpt = False,
    as_float: FloatOpt = False,
    plot: PlotOpt = None,
) -> None:
    """2d6 DR: the final DR's distribution, and 'at most' / 'exactly' / 'versus N' odds."""
    dist = dr_totals(modifier)
    title = f"2d6 DR{modifier:+d}" if modifier else "2d6 DR"
    plot_if_asked(dist, plot, title, "final DR")
    data: dict[str, Any] = {"modifier": modifier, "distribution": distribution_out(dist, as_float)}
    lines = []
    if at_most is not None:
        p = dr_at_most(at_most, modifier)
        data["at_most"] = {"target": at_most, "p": probability_out(p, as_float)}
        lines.append(f"P(DR{modifier:+d} <= {at_most}) = {fraction_text(p)} ({percent(p)})")
    if exactly is not None:
        p = dr_exactly(exactly, modifier)
        data["exactly"] = {"target": exactly, "p": probability_out(p, as_float)}
        lines.append(f"P(DR{modifier:+d} == {exactly}) = {fraction_text(p)} ({percent(p)})")
    if versus is not None:
        vs = dr_versus(versus)
        data["versus"] = {"number": versus, "distribution": distribution_out(vs, as_float)}
        lines.append(
            "Original DR vs "
            + str(versus)
            + ": "
            + ", ".join(f"{k} {fraction_text(vs[k])}" for k in ("below", "equal", "above"))
        )

    emit(data, as_json, lambda _: Group(distribution_table(dist, title, "DR"), *lines))
