"""``ordnance odds``: exact odds, sweeps and Monte Carlo from the command line.

``pool`` and ``dr`` are the core's declared calculators
(:mod:`ordnance.core.odds.calculators`), their commands derived
(:mod:`ordnance.cli.calculators`) and loaded only when they run. The other
procedures have a module of their own (``drift``, ``depletion``, ``stack``,
``sweep`` with its ``heatmap``, ``montecarlo``; shared options in
``options``, where :func:`~ordnance.cli.odds.options.with_output` gives a
command its ``--json``, ``--float`` and ``--plot``), registered on :data:`app` here. Each game's
own odds commands are mounted by :mod:`ordnance.cli.main` as
``ordnance odds <game> ...`` (the same app as ``ordnance <game> odds ...``). Monte Carlo (and so NumPy) is imported
only by the ``montecarlo`` commands. Every command prints a Rich table, or one JSON
document under ``--json`` with exact ``"p/q"`` probabilities (decimals only
with ``--float``), and can draw a PNG with ``--plot FILE.png``.

The declared calculators (and their Pydantic models) are imported when a command is
built, so ``ordnance odds --help`` does not load them.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from ordnance.cli.lazy import Command, LazyMount
from ordnance.cli.odds import depletion, drift, montecarlo, stack, sweep
from ordnance.cli.odds.heatmap import plot_heatmap
from ordnance.cli.odds.options import with_output

#: The core's calculators under ``ordnance odds`` (name -> help line).
DECLARED = {
    "pool": "Net hits of a pool of d6 against defence dice.",
    "dr": "A 2d6 DR with a modifier.",
}


def _declared(name: str) -> Command:
    from ordnance.cli.calculators import calculator_command
    from ordnance.core.calculators import GENERIC, find

    return calculator_command(find(GENERIC, name), name)


class OddsGroup(TyperGroup):
    """``ordnance odds``: the declared ``pool`` and ``dr`` beside the other procedures."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        declared = {
            name: LazyMount(name, help_line, lambda name=name: _declared(name))  # type: ignore[misc]
            for name, help_line in DECLARED.items()
        }
        self.commands = {**declared, **self.commands}


app = typer.Typer(
    cls=OddsGroup,
    help="Exact odds, sweeps and Monte Carlo for every procedure.",
    no_args_is_help=True,
)
mc_app = typer.Typer(help="Monte Carlo for sequences, with 95% confidence intervals.")
app.add_typer(mc_app, name="montecarlo")

app.command("drift")(with_output(drift.drift_cmd))
app.command("depletion")(with_output(depletion.depletion_cmd))
app.command("stack")(with_output(stack.stack_cmd))
app.command("sweep")(sweep.sweep_cmd)
mc_app.command("series")(with_output(montecarlo.mc_series))
mc_app.command("depletion")(with_output(montecarlo.mc_depletion))

__all__ = ["app", "mc_app", "plot_heatmap"]
