"""``ordnance toi units|munitions|maps``: the reference data shipped with the package.

Each command imports its own data module when it runs: ``munitions`` and
``maps`` need no Pydantic, ``units`` validates the catalogue with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ordnance.cli.common import JsonOpt, emit

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import RenderableType


def units_cmd(as_json: JsonOpt = False) -> None:
    """The sample unit catalogue (package data; sample values)."""
    from ordnance.toi.catalogue import catalogue, catalogue_note

    data = {
        "note": catalogue_note(),
        "profiles": [p.model_dump(mode="json") for p in catalogue().values()],
    }

    def render(d: dict[str, Any]) -> RenderableType:
        from rich.console import Group
        from rich.table import Table

        t = Table(title="Unit catalogue (SAMPLE VALUES)")
        for col in ("name", "nation", "kind", "vs infantry fp/rng", "vs vehicle fp/rng", "armour"):
            t.add_column(col)
        for p in d["profiles"]:
            t.add_row(
                p["name"],
                p["nation"],
                p["kind"],
                f"{p['vs_infantry']['firepower']}/{p['vs_infantry']['range']}",
                f"{p['vs_vehicle']['firepower']}/{p['vs_vehicle']['range']}",
                str(p["armour"]),
            )
        return Group(t, d["note"])

    emit(data, as_json, render)


def munitions_cmd(as_json: JsonOpt = False) -> None:
    """The munitions reference card: what each token does (TOI-GEN-10)."""
    from ordnance.toi.munitions import SUMMARY

    data = {"munitions": [{"type": m.value, "effect": text} for m, text in SUMMARY.items()]}

    def render(d: dict[str, Any]) -> RenderableType:
        from rich.table import Table

        t = Table(title="Munitions specialization tokens")
        t.add_column("type")
        t.add_column("effect on the attack that reveals it")
        for row in d["munitions"]:
            t.add_row(row["type"], row["effect"])
        return t

    emit(data, as_json, render)


def maps_cmd(as_json: JsonOpt = False) -> None:
    """The sample maps shipped with the package."""
    from ordnance.toi.hexmap import load_map, map_names

    data = {
        "maps": [
            {"name": n, "title": load_map(n).title, "hexes": len(load_map(n).hexes)}
            for n in map_names()
        ]
    }
    emit(data, as_json)
