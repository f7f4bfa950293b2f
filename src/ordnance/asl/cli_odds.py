"""``ordnance asl odds depletion`` and ``odds shot``: exact odds of the depletion check (ASL-8.9).

Both enumerate the resolving code (:mod:`ordnance.asl.depletion_odds`); the
whole Gun shot is ``odds gun`` (:mod:`ordnance.asl.cli_gun`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.asl.depletion_odds import shot_with_malfunction
from ordnance.asl.notation import check_depletion_number
from ordnance.cli.common import JsonOpt, distribution_table, emit, plot_to
from ordnance.core.odds.distribution import Distribution, fraction_text

if TYPE_CHECKING:  # pragma: no cover
    pass


def _pct(p: Any) -> str:
    return f"{fraction_text(p)} ({float(p) * 100:.2f}%)"


def odds_shot(
    depletion: Annotated[int, typer.Option("--depletion", "-n", help="Depletion Number N.")],
    breakdown: Annotated[int | None, typer.Option("--breakdown", "-b", help="B#.")] = None,
    intensive: Annotated[bool, typer.Option("--intensive")] = False,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write a PNG.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """One shot: depletion outcome joint with malfunction (ASL-AMB-18, ASL-8.92-a)."""
    check_depletion_number(depletion)
    joint = shot_with_malfunction(depletion, breakdown, intensive=intensive)
    labelled: Distribution[str] = joint.map(lambda o: o[0] + (" + malfunction" if o[1] else ""))
    plot_to(labelled, None if plot is None else str(plot), f"One shot, N={depletion}", "outcome")
    data = {
        "depletion": depletion,
        "breakdown": breakdown,
        "intensive": intensive,
        "distribution": labelled,
        "malfunction": joint.probability(lambda o: o[1]),
    }
    emit(data, as_json, lambda d: distribution_table(d["distribution"], f"One shot, N={depletion}"))


__all__ = ["odds_shot"]
