"""``ordnance odds stack``: one attack against a stack of units, each with its own defence."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Group

from ordnance.cli.common import emit
from ordnance.cli.odds.options import (
    AttackOpt,
    CancelOpt,
    HitOpt,
    Output,
    component,
    distribution_out,
    plot_if_asked,
    probability_out,
)
from ordnance.cli.tables import Table
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds.compose import attack_against_stack
from ordnance.core.odds.distribution import fraction_text, percent_text


def stack_cmd(
    attack: AttackOpt,
    defences: Annotated[
        str, typer.Option("--defences", help="Defence dice of each unit, e.g. '2,1,0'.")
    ],
    hit_on: HitOpt = 5,
    cancel_on: CancelOpt = 5,
    *,
    out: Output,
) -> None:
    """One attack roll against a stack: net hits on each unit (each saves on its own dice)."""
    try:
        ms = tuple(int(x) for x in defences.replace(" ", "").split(",") if x)
    except ValueError:
        raise OrdnanceError(
            f"cannot read defences {defences!r}", hint="e.g. --defences 2,1,0"
        ) from None
    joint = attack_against_stack(attack, hit_on, ms, cancel_on)
    per_unit = [component(joint, i) for i in range(len(ms))]
    any_hit = joint.probability(lambda o: any(o))
    total = joint.map(sum)
    title = f"{attack}d6 on {hit_on}+ against a stack with defences {list(ms)}"
    plot_if_asked(total, out.plot, title + " (total)", "net hits, all units")
    data = {
        "query": {"attack": attack, "hit_on": hit_on, "defences": list(ms), "cancel_on": cancel_on},
        "units": [
            {
                "defence": m,
                "distribution": distribution_out(d, out.as_float),
                "mean": probability_out(d.mean(), out.as_float),
            }
            for m, d in zip(ms, per_unit, strict=True)
        ],
        "total": distribution_out(total, out.as_float),
        "any_unit_hit": probability_out(any_hit, out.as_float),
    }

    def render(_data: Any) -> Any:
        t = Table(title=title)
        t.add_column("unit", justify="right")
        t.add_column("defence", justify="right")
        t.add_column("P(hit)", justify="right")
        t.add_column("mean net hits", justify="right")
        for i, (m, d) in enumerate(zip(ms, per_unit, strict=True), 1):
            t.add_row(
                str(i),
                str(m),
                percent_text(d.probability(lambda v: v > 0)),
                f"{float(d.mean()):.4f}",
            )
        return Group(
            t, f"P(at least one unit hit) = {fraction_text(any_hit)} ({percent_text(any_hit)})"
        )

    emit(data, out.as_json, render)
