"""``ordnance waw units|terrain-types``: the catalogue shipped with the package."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ordnance.cli.common import JsonOpt, emit
from ordnance.cli.i18n import N_, _, outcome

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import RenderableType


def units_cmd(as_json: JsonOpt = False) -> None:
    """The unit types (sample values are marked)."""
    from ordnance.waw.catalogue import catalogue

    rows = [
        {
            "name": u.name,
            "nationality": u.nationality,
            "armour": u.armour.value,
            "ap": str(u.ap) if u.ap else None,
            "he": str(u.he) if u.he else None,
            "hq": u.hq,
            "advanced_imaging": u.advanced_imaging,
            "values": u.values,
        }
        for u in catalogue().units()
    ]

    def render(d: dict[str, Any]) -> RenderableType:
        from rich.table import Table

        table = Table(
            title=_("World at War unit types (values: sample = placeholder, not from the game)")
        )
        for col in (
            N_("name"),
            N_("nationality"),
            N_("armour"),
            N_("ap"),
            N_("he"),
            N_("hq"),
            N_("advanced_imaging"),
            N_("values"),
        ):
            table.add_column(_(col))
        for r in d["unit_types"]:
            table.add_row(*(outcome(str(r[c])) if r[c] is not None else "-" for c in r))
        return table

    emit({"unit_types": rows}, as_json, render)


def terrain_types_cmd(as_json: JsonOpt = False) -> None:
    """Terrain types and their infantry Defensive Bonus in dice."""
    from ordnance.waw.catalogue import catalogue

    rows = [t.model_dump(mode="json") for t in catalogue().terrains()]
    emit({"terrain_types": rows}, as_json)
