"""``ordnance odds sweep``: a statistic over a grid of attack and defence dice, as tables, CSV or a heatmap.

Rich's progress bar is imported only when a progress bar is shown.
"""

from __future__ import annotations

import csv
import io
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group

from ordnance.cli.common import JsonOpt, emit, err_console
from ordnance.cli.tables import Table
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds.distribution import Distribution
from ordnance.core.odds.pools import net_hits
from ordnance.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    pass

from ordnance.cli.odds.heatmap import plot_heatmap
from ordnance.cli.odds.options import (
    CancelOpt,
    FloatOpt,
    PlotOpt,
    distribution_out,
    probability_out,
)


def _parse_range(text: str, what: str) -> list[int]:
    out: list[int] = []
    try:
        for part in text.replace(" ", "").split(","):
            if not part:
                continue
            if "-" in part[1:]:
                i = part.index("-", 1)
                lo, hi = int(part[:i]), int(part[i + 1 :])
                if hi < lo or hi - lo > 10_000:
                    raise ValueError
                out.extend(range(lo, hi + 1))
            else:
                out.append(int(part))
    except ValueError:
        raise OrdnanceError(f"cannot read {what} {text!r}", hint="e.g. 1-20 or 4,5,6") from None
    if not out:
        raise OrdnanceError(f"{what} is empty", hint="e.g. 1-20 or 4,5,6")
    return out


STATS = ("mean", "p1", "p2", "p3")


def _stat(dist: Distribution[int], stat: str) -> Fraction:
    if stat == "mean":
        return dist.mean()
    k = int(stat[1:])
    return dist.probability(lambda v: v >= k)


def sweep_cmd(
    firepower: Annotated[str, typer.Option("--firepower", help="Attack dice, e.g. 1-20.")] = "1-20",
    defence: Annotated[str, typer.Option("--defence", help="Defence dice, e.g. 0-6.")] = "0-6",
    hit_on: Annotated[
        str, typer.Option("--hit-on", help="Range bands as hit numbers, e.g. 4,5,6.")
    ] = "4,5,6",
    cancel_on: CancelOpt = 5,
    stat: Annotated[
        str, typer.Option("--stat", help="Cell value: mean, p1, p2 or p3 (P(net >= k)).")
    ] = "mean",
    as_json: JsonOpt = False,
    as_float: FloatOpt = False,
    csv_path: Annotated[
        Path | None, typer.Option("--csv", help="Write every case to this CSV file ('-' = stdout).")
    ] = None,
    plot: PlotOpt = None,
) -> None:
    """A whole table: firepower x defence x range band, exact, with a progress bar."""
    from rich.progress import Progress

    if stat not in STATS:
        raise OrdnanceError(f"unknown statistic {stat!r}", hint=", ".join(STATS))
    fps = _parse_range(firepower, "firepower")
    defs = _parse_range(defence, "defence")
    bands = _parse_range(hit_on, "hit-on")
    total = len(fps) * len(defs) * len(bands)
    if total > 200_000:
        raise OrdnanceError(f"a sweep of {total} cases is too large", hint="at most 200,000 cases")
    cases: list[dict[str, Any]] = []
    grids: dict[int, list[list[Fraction]]] = {}
    with Progress(console=err_console, transient=True, disable=not err_console.is_terminal) as prog:
        task = prog.add_task("sweeping", total=total)
        for t in bands:
            grid: list[list[Fraction]] = []
            for n in fps:
                row: list[Fraction] = []
                for m in defs:
                    dist = net_hits(n, t, m, cancel_on)
                    row.append(_stat(dist, stat))
                    cases.append(
                        {
                            "attack": n,
                            "hit_on": t,
                            "defence": m,
                            "cancel_on": cancel_on,
                            "dist": dist,
                        }
                    )
                    prog.advance(task)
                grid.append(row)
            grids[t] = grid

    def case_json(c: dict[str, Any]) -> dict[str, Any]:
        d: Distribution[int] = c["dist"]
        return {
            "attack": c["attack"],
            "hit_on": c["hit_on"],
            "defence": c["defence"],
            "cancel_on": c["cancel_on"],
            "mean": probability_out(d.mean(), as_float),
            "at_least_1": probability_out(d.probability(lambda v: v >= 1), as_float),
            "at_least_2": probability_out(d.probability(lambda v: v >= 2), as_float),
            "at_least_3": probability_out(d.probability(lambda v: v >= 3), as_float),
            "distribution": distribution_out(d, as_float),
        }

    if csv_path is not None:
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(
            [
                "attack",
                "hit_on",
                "defence",
                "cancel_on",
                "mean",
                "at_least_1",
                "at_least_2",
                "at_least_3",
            ]
        )
        for c in cases:
            j = case_json(c)
            w.writerow(
                [
                    j["attack"],
                    j["hit_on"],
                    j["defence"],
                    j["cancel_on"],
                    j["mean"],
                    j["at_least_1"],
                    j["at_least_2"],
                    j["at_least_3"],
                ]
            )
        if str(csv_path) == "-":
            sys.stdout.write(buf.getvalue())
            return
        csv_path.write_text(buf.getvalue(), encoding="utf-8")
        err_console.print(_("{n} cases written to {path}").format(n=len(cases), path=csv_path))
    if plot is not None:
        label = {
            "mean": "mean net hits",
            "p1": "P(net >= 1)",
            "p2": "P(net >= 2)",
            "p3": "P(net >= 3)",
        }[stat]
        out = plot_heatmap(
            [],
            fps,
            defs,
            plot,
            f"{label}; defence cancels on {cancel_on}+",
            "defence dice",
            "attack dice",
            panels=[f"hit on {t}+" for t in bands],
            grids=[[[float(v) for v in row] for row in grids[t]] for t in bands],
        )
        err_console.print(_("heatmap written to {path}").format(path=out))
    data = {"stat": stat, "cases": [case_json(c) for c in cases], "count": len(cases)}

    def render(_data: Any) -> Any:
        tables = []
        for t in bands:
            tab = Table(title=f"{stat} - hit on {t}+, defence cancels on {cancel_on}+")
            tab.add_column("N \\ M", justify="right")
            for m in defs:
                tab.add_column(str(m), justify="right")
            for n, row in zip(fps, grids[t], strict=True):
                tab.add_row(str(n), *(f"{float(v):.3f}" for v in row))
            tables.append(tab)
        return Group(*tables)

    emit(data, as_json, render)
