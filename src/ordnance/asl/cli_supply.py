"""``ordnance asl supply``: the Ammunition Supply Chart (ASL-8.2) for one Gun."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.asl.cli_options import DateOpt
from ordnance.asl.dates import ScenarioDate
from ordnance.asl.supply import chart_lookup
from ordnance.cli.common import JsonOpt, emit
from ordnance.cli.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from rich.table import Table


def _render(d: dict[str, Any]) -> Table:
    from rich.table import Table

    t = Table(
        title=_("Ammunition Supply Chart: {nationality} {gun}, {date}").format(
            nationality=d["nationality"], gun=d["gun"], date=d["date"]
        )
    )
    for col in ("ammo", "depletion", "why", "clause"):
        t.add_column(col)
    t.add_row(d["ammo"] or "none", str(d["depletion"] or "-"), d["reason"], d["clause"])
    return t


def supply_cmd(
    nationality: Annotated[str, typer.Argument(help="german, american, russian or british.")],
    gun: Annotated[str, typer.Argument(help="Gun size, e.g. 85L, 76LL, 50.")],
    date: DateOpt = "1944-06",
    elite: Annotated[bool, typer.Option("--elite", help="Elite: +1 (ASL-8.2-f).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Ammunition Supply Chart (ASL-8.2): APCR/APDS Depletion Number for a Gun."""
    answer = chart_lookup(nationality, gun, ScenarioDate.parse(date), elite=elite).to_dict()
    emit(answer, as_json, _render)


__all__ = ["supply_cmd"]
