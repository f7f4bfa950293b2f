"""``ordnance odds montecarlo``: sampled sequences with 95% confidence intervals (NumPy, imported in the commands).

The sampler (:mod:`ordnance.core.odds.montecarlo`, NumPy) is imported inside the
commands, so the other ``odds`` commands and ``--help`` do not load NumPy.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group

from ordnance.cli.common import emit
from ordnance.cli.tables import Table
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.odds import montecarlo as mc

from ordnance.cli.odds.options import (
    AttackOpt,
    CancelOpt,
    DefenceOpt,
    HitOpt,
    Output,
    plot_if_asked,
)

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
    plot_if_asked(dist, path, f"{res.title} (Monte Carlo, {res.trials:,} trials)", "outcome")


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
    *,
    out: Output,
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
    _mc_plot(res, out.plot)
    emit(res.to_json(out.as_float), out.as_json, lambda _: _mc_render(res))


def mc_depletion(
    number: Annotated[int, typer.Option("--number", "-N", help="Depletion Number.")],
    shots: Annotated[
        int, typer.Option("--shots", "-k", help="Shots declaring the ammunition.")
    ] = 5,
    trials: TrialsOpt = 100_000,
    seed: McSeedOpt = 0,
    *,
    out: Output,
) -> None:
    """Special rounds fired before depletion over k declared shots (ASL-8.9 shape)."""
    from ordnance.core.odds import montecarlo as mc

    res = mc.depletion_series(number, shots, trials=trials, seed=seed)
    _mc_plot(res, out.plot)
    emit(res.to_json(out.as_float), out.as_json, lambda _: _mc_render(res))
