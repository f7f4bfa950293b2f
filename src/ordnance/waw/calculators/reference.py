"""World at War's reference tables: the unit types and the terrain types."""

from __future__ import annotations

from typing import Any

from ordnance.core.calculators import Calculator, NoQuestion, calculator
from ordnance.waw.rules.catalogue import catalogue


def units(_q: NoQuestion) -> dict[str, Any]:
    """The unit types (sample values are marked)."""
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
    columns = ["name", "nationality", "armour", "ap", "he", "hq", "advanced_imaging", "values"]
    return {
        "title": "World at War unit types (values: sample = placeholder, not from the game)",
        "unit_types": rows,
        "table": {"columns": columns, "rows": [[str(r[c]) for c in columns] for r in rows]},
    }


def terrain_types(_q: NoQuestion) -> dict[str, Any]:
    """Terrain types and their infantry Defensive Bonus in dice."""
    rows = [t.model_dump(mode="json") for t in catalogue().terrains()]
    columns = list(rows[0]) if rows else []
    return {
        "title": "World at War terrain types",
        "terrain_types": rows,
        "table": {"columns": columns, "rows": [[str(r[c]) for c in columns] for r in rows]},
    }


# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(units, "units", "The unit types (sample values are marked)."),
    calculator(terrain_types, "terrain-types", "Terrain types and their infantry Defensive Bonus in dice."),
)
# fmt: on

__all__ = ["CALCULATORS"]
