"""``ordnance odds pool``: net hits of N attack dice against M defence dice (exact; a summary for big pools)."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.console import Group

from ordnance.cli.common import JsonOpt, distribution_table, emit
from ordnance.cli.odds.options import (
    AttackOpt,
    CancelOpt,
    DefenceOpt,
    FloatOpt,
    HitOpt,
    PlotOpt,
    plot_if_asked,
    probability_out,
)
from ordnance.core.odds.distribution import fraction_text
from ordnance.core.odds.pools import net_counts, net_hits

#: Pools with more dice than this print a summary unless ``--exact`` is given.
SUMMARY_DICE = 100
#: In a summary, outcomes less likely than this are folded into one tail row.
NEGLIGIBLE = 1e-12
#: The table of a summary shows outcomes at least this likely, the rest in one row.
SHOWN = 1e-6


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
    mean = probability_out(exact_mean, as_float) if not summary else float(exact_mean)
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
    title = f"{attack}d6 hitting on {hit_on}+ vs {defence}d6 cancelling on {cancel_on}+"
    if plot is not None:
        plot_if_asked(net_hits(attack, hit_on, defence, cancel_on), plot, title, "net hits")
    summary = not exact and attack + defence > SUMMARY_DICE
    data = {
        "query": {"attack": attack, "hit_on": hit_on, "defence": defence, "cancel_on": cancel_on},
        **_pool_data(counts, den, as_float, summary),
    }

    def render(d: dict[str, Any]) -> Any:
        if summary:
            return _summary_table(d, title)
        dist = net_hits(attack, hit_on, defence, cancel_on)
        t = distribution_table(dist, title, "net hits")
        return Group(t, f"mean net hits {fraction_text(dist.mean())} = {float(dist.mean()):.4f}")

    emit(data, as_json, render)


def _summary_table(data: dict[str, Any], title: str) -> Any:
    """A big pool as a table of decimals: the outcomes of at least :data:`SHOWN` probability,
    then one row for all the others.

    A table of exact fractions of ``6**2000`` would print numerators no
    terminal shows whole; ``--exact`` (or ``--json``) gives every outcome.
    """
    from rich.table import Table

    table = Table(
        title=title,
        caption=f"decimals; outcomes below {SHOWN:g} in one row; --exact for exact fractions",
    )
    for header in ("net hits", "probability", "at least this many"):
        table.add_column(header, justify="right")
    at_least = data["at_least"]
    others = [0, 0.0]
    for outcome, p in data["distribution"].items():
        if p < SHOWN:
            others[0] += 1
            others[1] += p
            continue
        table.add_row(outcome, f"{p:.6f}", f"{at_least.get(outcome, 1.0):.6f}")
    tail = data["tail"]
    count, rest = others[0] + tail["outcomes"], others[1] + tail["probability"]
    if count:
        table.add_row(f"{count} other outcomes", f"{rest:.2g}", "")
    return Group(table, f"mean net hits {data['mean']:.4f}")
