"""Tide of Iron's reference tables: the sample unit catalogue, the munitions card, the maps."""

from __future__ import annotations

from typing import Any

from ordnance.core.calculators import Calculator, NoQuestion, calculator
from ordnance.toi.rules.catalogue import catalogue, catalogue_note
from ordnance.toi.rules.hexmap import load_map, map_names
from ordnance.toi.rules.munitions import SUMMARY


def units(_q: NoQuestion) -> dict[str, Any]:
    """The sample unit catalogue (package data; sample values)."""
    profiles = [p.model_dump(mode="json") for p in catalogue().values()]
    return {
        "title": "Unit catalogue (SAMPLE VALUES)",
        "note": catalogue_note(),
        "profiles": profiles,
        "table": {
            "columns": [
                "name",
                "nation",
                "kind",
                "vs infantry fp/rng",
                "vs vehicle fp/rng",
                "armour",
            ],
            "rows": [
                [
                    p["name"],
                    p["nation"],
                    p["kind"],
                    f"{p['vs_infantry']['firepower']}/{p['vs_infantry']['range']}",
                    f"{p['vs_vehicle']['firepower']}/{p['vs_vehicle']['range']}",
                    str(p["armour"]),
                ]
                for p in profiles
            ],
        },
        "lines": [catalogue_note()],
    }


def munitions(_q: NoQuestion) -> dict[str, Any]:
    """The munitions reference card: what each token does."""
    rows = [{"type": m.value, "effect": text} for m, text in SUMMARY.items()]
    return {
        "title": "Munitions specialization tokens",
        "munitions": rows,
        "table": {
            "columns": ["type", "effect on the attack that reveals it"],
            "rows": [[r["type"], r["effect"]] for r in rows],
        },
    }


def maps(_q: NoQuestion) -> dict[str, Any]:
    """The sample maps shipped with the package."""
    rows = [
        {"name": n, "title": load_map(n).title, "hexes": len(load_map(n).hexes)}
        for n in map_names()
    ]
    return {
        "title": "Sample maps",
        "maps": rows,
        "table": {
            "columns": ["name", "title", "hexes"],
            "rows": [[r["name"], r["title"], str(r["hexes"])] for r in rows],
        },
    }


# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(units, "units", "The sample unit catalogue (package data; sample values).", ("TOI-B7",)),
    calculator(munitions, "munitions", "The munitions reference card: what each token does (TOI-GEN-10).", ("TOI-GEN-10",)),
    calculator(maps, "maps", "The sample maps shipped with the package."),
)
# fmt: on

__all__ = ["CALCULATORS"]
