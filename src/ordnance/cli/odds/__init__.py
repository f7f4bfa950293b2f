"""``ordnance odds``: exact odds, sweeps and Monte Carlo from the command line.

Each generic procedure has a module of its own (``pool``, ``dr``, ``drift``,
``depletion``, ``stack``, ``sweep`` with its ``heatmap``, ``montecarlo``;
shared options in ``options``), registered on :data:`app` here. Each game's
own odds commands are mounted by :mod:`ordnance.cli.main` as
``ordnance odds <game> ...`` (the same app as ``ordnance <game> odds ...``). Monte Carlo (and so NumPy) is imported
only by the ``montecarlo`` commands. Every command prints a Rich table, or one JSON
document under ``--json`` with exact ``"p/q"`` probabilities (decimals only
with ``--float``), and can draw a PNG with ``--plot FILE.png``.
"""

from __future__ import annotations

import typer

from ordnance.cli.odds import depletion, dr, drift, montecarlo, pool, stack, sweep
from ordnance.cli.odds.heatmap import plot_heatmap

app = typer.Typer(
    help="Exact odds, sweeps and Monte Carlo for every procedure.",
    no_args_is_help=True,
)
mc_app = typer.Typer(help="Monte Carlo for sequences, with 95% confidence intervals.")
app.add_typer(mc_app, name="montecarlo")

app.command("pool")(pool.pool_cmd)
app.command("dr")(dr.dr_cmd)
app.command("drift")(drift.drift_cmd)
app.command("depletion")(depletion.depletion_cmd)
app.command("stack")(stack.stack_cmd)
app.command("sweep")(sweep.sweep_cmd)
mc_app.command("series")(montecarlo.mc_series)
mc_app.command("depletion")(montecarlo.mc_depletion)

__all__ = ["app", "mc_app", "plot_heatmap"]
