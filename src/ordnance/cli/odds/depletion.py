"""``ordnance odds depletion``: rounds fired before a Depletion Number check fails, over k declared shots."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Group

from ordnance.cli.common import distribution_table, emit
from ordnance.cli.odds.options import (
    Output,
    distribution_out,
    plot_if_asked,
    probability_out,
)
from ordnance.cli.tables import Table
from ordnance.core.messages import said
from ordnance.core.odds.distribution import fraction_text, percent_text
from ordnance.core.odds.dr import dr_versus
from ordnance.core.odds.sequences import (
    expected_rounds_before_exhaustion,
    rounds_fired_until_breakdown,
    special_rounds_fired,
    still_available,
    still_working,
)
from ordnance.i18n import _


def depletion_cmd(
    number: Annotated[int, typer.Option("--number", "-N", help="Depletion Number.")],
    shots: Annotated[
        int, typer.Option("--shots", "-k", help="Shots declaring the ammunition.")
    ] = 5,
    breakdown: Annotated[
        int | None,
        typer.Option(
            "--breakdown", "-b", help="Breakdown number: a total at or above it ends the uses."
        ),
    ] = None,
    *,
    out: Output,
) -> None:
    """Special ammunition: rounds fired in k declared shots, and availability per shot."""
    # --breakdown B: a total of B or more also ends the run (the Gun malfunctioned)
    fired = (
        special_rounds_fired(number, shots)
        if breakdown is None
        else rounds_fired_until_breakdown(number, shots, breakdown)
    )
    avail = {
        str(i): probability_out(still_available(number, i), out.as_float)
        for i in range(1, shots + 1)
    }
    working = None
    if breakdown is not None:
        working = {
            str(i): probability_out(still_working(number, i, breakdown), out.as_float)
            for i in range(1, shots + 1)
        }
    expected = expected_rounds_before_exhaustion(number)
    title = said(
        "special rounds fired in {shots} declared shots, Depletion Number {number}",
        shots=shots,
        number=number,
    )
    plot_if_asked(fired, out.plot, title, "rounds fired")
    data = {
        "number": number,
        "shots": shots,
        "breakdown": breakdown,
        "available_and_working_on_shot": working,
        "rounds_fired": distribution_out(fired, out.as_float),
        "mean_rounds_fired": probability_out(fired.mean(), out.as_float),
        "available_on_shot": avail,
        "expected_rounds_if_declared_until_gone": None
        if expected is None
        else probability_out(expected, out.as_float),
        "check": distribution_out(dr_versus(number), out.as_float),
    }

    def render(_data: Any) -> Any:
        t = Table(title=_("still available when declared on shot k"))
        t.add_column("k", justify="right")
        t.add_column("exact", justify="right")
        t.add_column("%", justify="right")
        for i in range(1, shots + 1):
            p = still_available(number, i)
            t.add_row(str(i), fraction_text(p), percent_text(p))
        exp = (
            "never runs out"
            if expected is None
            else f"{fraction_text(expected)} = {float(expected):.4f}"
        )
        return Group(
            distribution_table(fired, title, "fired"),
            t,
            f"expected rounds fired if declared until gone: {exp}",
        )

    emit(data, out.as_json, render)
