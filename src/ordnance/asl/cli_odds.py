"""``ordnance asl odds depletion`` and ``odds shot``: exact odds of the depletion check (ASL-8.9).

Both enumerate the resolving code (:mod:`ordnance.asl.depletion_odds`); the
whole Gun shot is ``odds gun`` (:mod:`ordnance.asl.cli_gun`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.asl.depletion_odds import depletion_report, shot_with_malfunction
from ordnance.asl.notation import check_depletion_number
from ordnance.cli.common import JsonOpt, distribution_table, emit, plot_to
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds.distribution import Distribution, fraction_text

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Group


def _pct(p: Any) -> str:
    return f"{fraction_text(p)} ({float(p) * 100:.2f}%)"


def _render_depletion(d: dict[str, Any], depletion: int, shots: int) -> Group:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    per_shot = distribution_table(d["shot"], f"One declared shot, N={depletion}")
    t = Table(title=f"Shot by shot (declared every shot), N={depletion}")
    for col in ("shot", "still available", "fires the round", "gone after"):
        t.add_column(col, justify="right")
    for row in d["shots"]:
        t.add_row(
            str(row["shot"]),
            _pct(row["available"]),
            _pct(row["fires_special"]),
            _pct(row["gone_after"]),
        )
    rounds = distribution_table(d["rounds"], f"Special rounds fired in {shots} shots")
    parts: list[Any] = []
    if "breakdown_shots" in d:
        b = Table(title=f"With the malfunction check, B#{d['breakdown']} (notes B5.7)")
        for col in ("shot", "still firing with it", "fires the round", "malfunctions"):
            b.add_column(col, justify="right")
        for row in d["breakdown_shots"]:
            b.add_row(
                str(row["shot"]),
                _pct(row["available"]),
                _pct(row["fires_special"]),
                _pct(row["malfunctions"]),
            )
        parts = [b, distribution_table(d["ends"], "How the run ends")]
    exp = d["expected_rounds"]
    tail = Text(
        "expected rounds before it runs out: "
        + ("never runs out" if exp is None else f"{fraction_text(exp)} ({float(exp):.3f})")
    )
    return Group(per_shot, t, *parts, rounds, tail)


def odds_depletion(
    depletion: Annotated[int, typer.Option("--depletion", "-n", help="Depletion Number N.")],
    shots: Annotated[int, typer.Option("--shots", "-k", help="Declared shots.")] = 4,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Write a PNG of the rounds fired.")
    ] = None,
    breakdown: Annotated[
        int | None,
        typer.Option(
            "--breakdown", "-b", help="B#: a malfunction also ends the Gun's fire (notes B5.7)."
        ),
    ] = None,
    intensive: Annotated[bool, typer.Option("--intensive", help="Intensive Fire: B# -2.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Per-shot outcome, k-th shot availability, rounds fired and expected rounds (ASL-8.9)."""
    check_depletion_number(depletion)
    if not 1 <= shots <= 50:
        raise OrdnanceError(f"{shots} shots is outside 1..50")
    if breakdown is not None and not 2 <= breakdown <= 12:
        raise OrdnanceError(f"a B# is 2 to 12, not {breakdown}", clause="ASL-B5.7", hint="-b 11")
    report = depletion_report(
        depletion,
        shots,
        breakdown,
        intensive=intensive,
        with_breakdown=breakdown is not None or intensive,
    )
    written = plot_to(
        report["rounds"],
        None if plot is None else str(plot),
        f"Special rounds fired in {shots} shots, N={depletion}",
        "rounds fired",
    )
    if written is not None:
        report["plot"] = written
    emit(report, as_json, lambda d: _render_depletion(d, depletion, shots))


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


__all__ = ["odds_depletion", "odds_shot"]
