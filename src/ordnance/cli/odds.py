"""``ordnance odds``: exact odds, sweeps and Monte Carlo from the command line.

Generic procedures live here (``pool``, ``dr``, ``drift``, ``depletion``,
``stack``, ``sweep``, ``montecarlo``); each game's own odds commands are
mounted by :mod:`ordnance.cli.main` as ``ordnance odds <game> ...`` (the same
app as ``ordnance <game> odds ...``). Monte Carlo (and so NumPy) is imported
only by the ``montecarlo`` commands. Every command prints a Rich table, or one JSON
document under ``--json`` with exact ``"p/q"`` probabilities (decimals only
with ``--float``), and can draw a PNG with ``--plot FILE.png``.
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
from rich.table import Table

from ordnance.cli.common import JsonOpt, console, distribution_table, emit, err_console, percent
from ordnance.cli.i18n import _
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds.compose import attack_against_stack
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.core.odds.dr import dr_at_most, dr_exactly, dr_totals, dr_versus
from ordnance.core.odds.drift import drift_kind, hits_then_drift
from ordnance.core.odds.pools import net_counts, net_hits
from ordnance.core.odds.sequences import (
    expected_rounds_before_exhaustion,
    rounds_fired_until_breakdown,
    special_rounds_fired,
    still_available,
    still_working,
)

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.odds import montecarlo as mc

app = typer.Typer(
    help="Exact odds, sweeps and Monte Carlo for every procedure.",
    no_args_is_help=True,
)
mc_app = typer.Typer(help="Monte Carlo for sequences, with 95% confidence intervals.")
app.add_typer(mc_app, name="montecarlo")

FloatOpt = Annotated[
    bool, typer.Option("--float", help="Decimals instead of exact 'p/q' strings in --json.")
]
PlotOpt = Annotated[
    Path | None, typer.Option("--plot", help="Also write a PNG chart to this file.")
]
AttackOpt = Annotated[int, typer.Option("--attack", "-n", help="Attack dice (N).")]
HitOpt = Annotated[int, typer.Option("--hit-on", "-t", help="A die hits on this face or more.")]
DefenceOpt = Annotated[int, typer.Option("--defence", "-m", help="Defence dice (M).")]
CancelOpt = Annotated[
    int, typer.Option("--cancel-on", "-c", help="A defence die cancels a hit on this or more.")
]


def _p(p: Fraction, as_float: bool) -> str | float:
    return float(p) if as_float else fraction_text(p)


def _dist_json(dist: Distribution[Any], as_float: bool) -> dict[str, Any]:
    return dist.to_float_json() if as_float else dist.to_json()


def _plot(dist: Distribution[Any], path: Path | None, title: str, xlabel: str) -> None:
    if path is None:
        return
    from ordnance.cli.plot import plot_distribution

    out = plot_distribution(dist, path, title, xlabel)
    err_console.print(_("plot written to {path}").format(path=out))


def _component(joint: Distribution[tuple[int, ...]], i: int) -> Distribution[int]:
    return joint.map(lambda o: o[i])


# -- pool --------------------------------------------------------------------
#: Pools with more dice than this print a summary unless ``--exact`` is given.
SUMMARY_DICE = 100
#: In a summary, outcomes less likely than this are folded into one tail row.
NEGLIGIBLE = 1e-12


def _pool_data(counts: tuple[int, ...], den: int, as_float: bool, summary: bool) -> dict[str, Any]:
    """Distribution, mean and "at least k" rows in O(N) big-integer steps.

    The tail sums are integer suffix sums over the common denominator (one
    pass), not one probability sum per k. A ``summary`` gives probabilities
    as floats and folds the outcomes below :data:`NEGLIGIBLE` into
    ``tail``, so its size grows with the outcomes that matter, not with the
    digits of ``6**N``.
    """
    outcomes = [k for k, w in enumerate(counts) if w]
    weights = [counts[k] for k in outcomes]
    # at_least[k] = weight of the outcomes >= k, for k = 1..top, by one pass from the top.
    at_least: dict[int, int] = {}
    acc, i = 0, len(outcomes) - 1
    for k in range(max(outcomes, default=0), 0, -1):
        while i >= 0 and outcomes[i] >= k:
            acc += weights[i]
            i -= 1
        at_least[k] = acc
    at_least = dict(reversed(at_least.items()))

    def p(w: int) -> str | float:
        return w / den if as_float or summary else fraction_text(Fraction(w, den))

    exact_mean = Fraction(sum(k * w for k, w in zip(outcomes, weights, strict=True)), den)
    mean = _p(exact_mean, as_float) if not summary else float(exact_mean)
    if not summary:
        return {
            "distribution": {str(o): p(w) for o, w in zip(outcomes, weights, strict=True)},
            "mean": mean,
            "at_least": {str(o): p(s) for o, s in at_least.items()},
        }
    kept = [(o, w) for o, w in zip(outcomes, weights, strict=True) if w / den >= NEGLIGIBLE]
    shown = {o for o, _w in kept}
    folded = [(o, w) for o, w in zip(outcomes, weights, strict=True) if o not in shown]
    return {
        "distribution": {str(o): w / den for o, w in kept},
        "mean": mean,
        "at_least": {str(k): s / den for k, s in at_least.items() if k in shown},
        "tail": {
            "outcomes": len(folded),
            "from": min((o for o, _w in folded), default=None),
            "to": max((o for o, _w in folded), default=None),
            "probability": sum(w for _o, w in folded) / den,
        },
        "summarised": f"floats; outcomes below {NEGLIGIBLE:g} folded into 'tail'; "
        "--exact prints every exact fraction",
    }


@app.command("pool")
def pool_cmd(
    attack: AttackOpt,
    hit_on: HitOpt = 5,
    defence: DefenceOpt = 0,
    cancel_on: CancelOpt = 5,
    as_json: JsonOpt = False,
    as_float: FloatOpt = False,
    exact: Annotated[
        bool,
        typer.Option(
            "--exact",
            help=f"Exact fractions for every outcome even above {SUMMARY_DICE} dice "
            "(bigger pools print a summary by default).",
        ),
    ] = False,
    plot: PlotOpt = None,
) -> None:
    """Net hits: N attack d6 hitting on T+, minus M defence d6 cancelling on C+, at least 0."""
    counts, den = net_counts(attack, hit_on, defence, cancel_on)
    dist = net_hits(attack, hit_on, defence, cancel_on)
    title = f"{attack}d6 hitting on {hit_on}+ vs {defence}d6 cancelling on {cancel_on}+"
    _plot(dist, plot, title, "net hits")
    summary = not exact and attack + defence > SUMMARY_DICE
    data = {
        "query": {"attack": attack, "hit_on": hit_on, "defence": defence, "cancel_on": cancel_on},
        **_pool_data(counts, den, as_float, summary),
    }

    def render(_: Any) -> Any:
        t = distribution_table(dist, title, "net hits")
        return Group(t, f"mean net hits {fraction_text(dist.mean())} = {float(dist.mean()):.4f}")

    emit(data, as_json, render)


# -- dr ----------------------------------------------------------------------
@app.command("dr")
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
    _plot(dist, plot, title, "final DR")
    data: dict[str, Any] = {"modifier": modifier, "distribution": _dist_json(dist, as_float)}
    lines = []
    if at_most is not None:
        p = dr_at_most(at_most, modifier)
        data["at_most"] = {"target": at_most, "p": _p(p, as_float)}
        lines.append(f"P(DR{modifier:+d} <= {at_most}) = {fraction_text(p)} ({percent(p)})")
    if exactly is not None:
        p = dr_exactly(exactly, modifier)
        data["exactly"] = {"target": exactly, "p": _p(p, as_float)}
        lines.append(f"P(DR{modifier:+d} == {exactly}) = {fraction_text(p)} ({percent(p)})")
    if versus is not None:
        vs = dr_versus(versus)
        data["versus"] = {"number": versus, "distribution": _dist_json(vs, as_float)}
        lines.append(
            "Original DR vs "
            + str(versus)
            + ": "
            + ", ".join(f"{k} {fraction_text(vs[k])}" for k in ("below", "equal", "above"))
        )

    emit(data, as_json, lambda _: Group(distribution_table(dist, title, "DR"), *lines))


# -- drift -------------------------------------------------------------------
@app.command("drift")
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
    as_json: JsonOpt = False,
    as_float: FloatOpt = False,
    plot: PlotOpt = None,
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
    title = f"{dice}d6 hitting on {hit_on}+: placed on {place_at}+ hits, drift on {drift_at}+"
    _plot(kinds, plot, title, "result")
    data: dict[str, Any] = {
        "query": {
            "dice": dice,
            "hit_on": hit_on,
            "place_at": place_at,
            "drift_at": drift_at,
            "defence": defence,
            "cancel_on": cancel_on,
        },
        "result": _dist_json(kinds, as_float),
        "drift_distance_given_drift": None if distance is None else _dist_json(distance, as_float),
    }
    if detail:
        data["detail"] = _dist_json(full.map(str), as_float)

    def render(_: Any) -> Any:
        parts: list[Any] = [distribution_table(kinds, title, "result")]
        if detail:
            parts.append(distribution_table(full.map(str), "every outcome", "outcome"))
        elif "drift" in kinds:
            parts.append("each (distance, direction) of a drift is equally likely: 1/36 of it")
        return Group(*parts)

    emit(data, as_json, render)


# -- depletion ---------------------------------------------------------------
@app.command("depletion")
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
    as_json: JsonOpt = False,
    as_float: FloatOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Special ammunition: rounds fired in k declared shots, and availability per shot."""
    # --breakdown B: a total of B or more also ends the run (the Gun malfunctioned)
    fired = (
        special_rounds_fired(number, shots)
        if breakdown is None
        else rounds_fired_until_breakdown(number, shots, breakdown)
    )
    avail = {str(i): _p(still_available(number, i), as_float) for i in range(1, shots + 1)}
    working = None
    if breakdown is not None:
        working = {
            str(i): _p(still_working(number, i, breakdown), as_float) for i in range(1, shots + 1)
        }
    expected = expected_rounds_before_exhaustion(number)
    title = f"special rounds fired in {shots} declared shots, Depletion Number {number}"
    _plot(fired, plot, title, "rounds fired")
    data = {
        "number": number,
        "shots": shots,
        "breakdown": breakdown,
        "available_and_working_on_shot": working,
        "rounds_fired": _dist_json(fired, as_float),
        "mean_rounds_fired": _p(fired.mean(), as_float),
        "available_on_shot": avail,
        "expected_rounds_if_declared_until_gone": None
        if expected is None
        else _p(expected, as_float),
        "check": _dist_json(dr_versus(number), as_float),
    }

    def render(_: Any) -> Any:
        t = Table(title=_("still available when declared on shot k"))
        t.add_column("k", justify="right")
        t.add_column("exact", justify="right")
        t.add_column("%", justify="right")
        for i in range(1, shots + 1):
            p = still_available(number, i)
            t.add_row(str(i), fraction_text(p), percent(p))
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

    emit(data, as_json, render)


# -- stack -------------------------------------------------------------------
@app.command("stack")
def stack_cmd(
    attack: AttackOpt,
    defences: Annotated[
        str, typer.Option("--defences", help="Defence dice of each unit, e.g. '2,1,0'.")
    ],
    hit_on: HitOpt = 5,
    cancel_on: CancelOpt = 5,
    as_json: JsonOpt = False,
    as_float: FloatOpt = False,
    plot: PlotOpt = None,
) -> None:
    """One attack roll against a stack: net hits on each unit (each saves on its own dice)."""
    try:
        ms = tuple(int(x) for x in defences.replace(" ", "").split(",") if x)
    except ValueError:
        raise OrdnanceError(
            f"cannot read defences {defences!r}", hint="e.g. --defences 2,1,0"
        ) from None
    joint = attack_against_stack(attack, hit_on, ms, cancel_on)
    per_unit = [_component(joint, i) for i in range(len(ms))]
    any_hit = joint.probability(lambda o: any(o))
    total = joint.map(sum)
    title = f"{attack}d6 on {hit_on}+ against a stack with defences {list(ms)}"
    _plot(total, plot, title + " (total)", "net hits, all units")
    data = {
        "query": {"attack": attack, "hit_on": hit_on, "defences": list(ms), "cancel_on": cancel_on},
        "units": [
            {"defence": m, "distribution": _dist_json(d, as_float), "mean": _p(d.mean(), as_float)}
            for m, d in zip(ms, per_unit, strict=True)
        ],
        "total": _dist_json(total, as_float),
        "any_unit_hit": _p(any_hit, as_float),
    }

    def render(_: Any) -> Any:
        t = Table(title=title)
        t.add_column("unit", justify="right")
        t.add_column("defence", justify="right")
        t.add_column("P(hit)", justify="right")
        t.add_column("mean net hits", justify="right")
        for i, (m, d) in enumerate(zip(ms, per_unit, strict=True), 1):
            t.add_row(
                str(i), str(m), percent(d.probability(lambda v: v > 0)), f"{float(d.mean()):.4f}"
            )
        return Group(t, f"P(at least one unit hit) = {fraction_text(any_hit)} ({percent(any_hit)})")

    emit(data, as_json, render)


# -- sweep -------------------------------------------------------------------
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


def plot_heatmap(
    grid: list[list[float]],
    rows: list[int],
    cols: list[int],
    path: str | Path,
    title: str,
    xlabel: str,
    ylabel: str,
    panels: list[str] | None = None,
    grids: list[list[list[float]]] | None = None,
) -> Path:
    """Write a PNG heatmap (one panel per grid) with the value in each cell."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    all_grids = grids if grids is not None else [grid]
    names = panels if panels is not None else [""]
    fig, axes = plt.subplots(
        1,
        len(all_grids),
        figsize=(4.2 * len(all_grids) + 1, 0.32 * len(rows) + 2),
        dpi=110,
        squeeze=False,
    )
    vmax = max((max(r) for g in all_grids for r in g), default=1.0) or 1.0
    image = None
    for ax, g, name in zip(axes[0], all_grids, names, strict=True):
        image = ax.imshow(g, aspect="auto", origin="lower", cmap="viridis", vmin=0, vmax=vmax)
        ax.set_xticks(range(len(cols)), [str(c) for c in cols])
        ax.set_yticks(range(len(rows)), [str(r) for r in rows])
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(name, fontsize=9)
        for i, row in enumerate(g):
            for j, v in enumerate(row):
                ax.text(
                    j,
                    i,
                    f"{v:.2f}",
                    ha="center",
                    va="center",
                    fontsize=6,
                    color="white" if v < vmax * 0.6 else "black",
                )
    if image is not None:
        fig.colorbar(image, ax=axes[0].tolist(), shrink=0.8)
    fig.suptitle(title)
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out


@app.command("sweep")
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
            "mean": _p(d.mean(), as_float),
            "at_least_1": _p(d.probability(lambda v: v >= 1), as_float),
            "at_least_2": _p(d.probability(lambda v: v >= 2), as_float),
            "at_least_3": _p(d.probability(lambda v: v >= 3), as_float),
            "distribution": _dist_json(d, as_float),
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

    def render(_: Any) -> Any:
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


# -- montecarlo --------------------------------------------------------------
TrialsOpt = Annotated[int, typer.Option("--trials", help="Simulated sequences.")]
McSeedOpt = Annotated[int, typer.Option("--seed", help="Seed (reproducible).")]


def _mc_render(res: mc.SimulationResult) -> Any:
    t = Table(
        title=_("{title} ({trials} trials, seed {seed})").format(
            title=res.title, trials=f"{res.trials:,}", seed=res.seed
        )
    )
    t.add_column("outcome", justify="right")
    t.add_column("estimate", justify="right")
    t.add_column("95% CI (Wilson)", justify="right")
    if res.exact is not None:
        t.add_column("exact", justify="right")
        t.add_column("in CI", justify="center")
    for v in res.outcomes():
        est = res.probability(v)
        row = [str(v), f"{est.successes / est.trials:.5f}", f"[{est.low:.5f}, {est.high:.5f}]"]
        if res.exact is not None:
            p = res.exact[v]
            row += [f"{float(p):.5f}", "yes" if est.contains(float(p)) else "no"]
        t.add_row(*row)
    m = res.mean
    lines = [f"mean {m.mean:.4f}, 95% CI [{m.low:.4f}, {m.high:.4f}] (normal)"]
    if res.exact is not None:
        lines.append(
            f"exact mean {fraction_text(res.exact.mean())} = {float(res.exact.mean()):.4f}"
        )
    lines.append(f"sampling: {res.method}")
    return Group(t, *lines)


def _mc_plot(res: mc.SimulationResult, path: Path | None) -> None:
    if path is None:
        return
    dist = Distribution.from_weights(res.counts)
    _plot(dist, path, f"{res.title} (Monte Carlo, {res.trials:,} trials)", "outcome")


@mc_app.command("series")
def mc_series(
    rounds: Annotated[int, typer.Option("--rounds", "-r", help="Attack rounds.")] = 5,
    attack: AttackOpt = 6,
    hit_on: HitOpt = 5,
    defence: DefenceOpt = 2,
    cancel_on: CancelOpt = 5,
    token_dice: Annotated[int, typer.Option(help="Dice the token adds (or removes) once.")] = 0,
    token_hit_on: Annotated[
        int | None, typer.Option(help="Hit number in the token's round (default: unchanged).")
    ] = None,
    token_round: Annotated[int, typer.Option(help="Round the token is used in (0 = none).")] = 1,
    method: Annotated[str, typer.Option(help="table (exact inverse CDF) or binomial.")] = "table",
    trials: TrialsOpt = 100_000,
    seed: McSeedOpt = 0,
    as_json: JsonOpt = False,
    as_float: FloatOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Total net hits over R rounds, a munitions-style token changing one round."""
    from ordnance.core.odds import montecarlo as mc

    plan = mc.one_round_changed(
        rounds,
        attack,
        hit_on,
        defence,
        cancel_on,
        extra_dice=token_dice,
        changed_hit_on=token_hit_on,
        changed_round=token_round,
    )
    res = mc.attack_series(plan, trials=trials, seed=seed, method=method)
    _mc_plot(res, plot)
    emit(res.to_json(as_float), as_json, lambda _: _mc_render(res))


@mc_app.command("depletion")
def mc_depletion(
    number: Annotated[int, typer.Option("--number", "-N", help="Depletion Number.")],
    shots: Annotated[
        int, typer.Option("--shots", "-k", help="Shots declaring the ammunition.")
    ] = 5,
    trials: TrialsOpt = 100_000,
    seed: McSeedOpt = 0,
    as_json: JsonOpt = False,
    as_float: FloatOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Special rounds fired before depletion over k declared shots (ASL-8.9 shape)."""
    from ordnance.core.odds import montecarlo as mc

    res = mc.depletion_series(number, shots, trials=trials, seed=seed)
    _mc_plot(res, plot)
    emit(res.to_json(as_float), as_json, lambda _: _mc_render(res))


__all__ = ["app", "console", "plot_heatmap"]
