"""Options and small helpers shared by the ``ordnance odds`` commands."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer

from ordnance.cli.common import JsonOpt, err_console, plot_to
from ordnance.cli.option_groups import option_group
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.i18n import _

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


def probability_out(p: Fraction, as_float: bool) -> str | float:
    """A probability for ``--json``: ``"p/q"``, or a float under ``--float``."""
    return float(p) if as_float else fraction_text(p)


def distribution_out(dist: Distribution[Any], as_float: bool) -> dict[str, Any]:
    """A distribution for ``--json`` (exact strings unless ``--float``)."""
    return dist.to_float_json() if as_float else dist.to_json()


def plot_if_asked(dist: Distribution[Any], path: Path | None, title: str, xlabel: str) -> None:
    """Write the ``--plot`` PNG when a path was given, and say where (matplotlib loads only then)."""
    out = plot_to(dist, None if path is None else str(path), title, xlabel)
    if out is not None:
        err_console.print(_("plot written to {path}").format(path=out))


def component(joint: Distribution[tuple[int, ...]], i: int) -> Distribution[int]:
    """The ``i``-th coordinate of a joint distribution (one unit of a stack)."""
    return joint.map(lambda o: o[i])


@dataclass(frozen=True)
class Output:
    """How an odds command prints its answer: ``--json``, ``--float``, ``--plot``."""

    as_json: JsonOpt = False
    as_float: FloatOpt = False
    plot: PlotOpt = None


#: ``--json``, ``--float`` and ``--plot`` as the last options of an odds command that
#: takes ``out: Output`` in their place
with_output = option_group("out", Output)
