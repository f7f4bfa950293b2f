"""``ordnance toi advise`` (also ``toi odds advise``): the munitions ranked against a target."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.cli.common import JsonOpt, emit, percent
from ordnance.core.errors import OrdnanceError
from ordnance.toi.advice import rank_munitions
from ordnance.toi.cli_options import DefenseAlias, read_band
from ordnance.toi.damage import UNCERTAIN, VehicleDamage

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import RenderableType


def advise_cmd(
    fp: Annotated[int, typer.Option("--fp", help="Firepower vs the target type (without token).")],
    band: Annotated[str, typer.Option("--range", help="close, normal or long.")] = "normal",
    defence: Annotated[
        int, typer.Option("--defence", help="Red defence dice (armour + cover).")
    ] = 0,
    target: Annotated[str, typer.Option("--target", help="vehicle or squad.")] = "vehicle",
    damage: Annotated[
        str, typer.Option("--damage", help="Target vehicle: undamaged, light or heavy.")
    ] = "undamaged",
    figures: Annotated[int, typer.Option("--figures", help="Target squad's figures.")] = 4,
    fire_and_movement: Annotated[bool, typer.Option("--fire-and-movement")] = False,
    defense: DefenseAlias = None,
    as_json: JsonOpt = False,
) -> None:
    """Rank the munitions tokens by expected net hits and chance to destroy."""
    defence = defence if defense is None else defense
    try:
        dmg = VehicleDamage(damage.lower())
    except ValueError:
        raise OrdnanceError(
            f"unknown damage state {damage!r}", hint="undamaged, light or heavy"
        ) from None
    rows = rank_munitions(
        fp,
        read_band(band),
        defence,
        target=target.lower(),
        damage=dmg,
        figures=figures,
        fire_and_movement=fire_and_movement,
    )
    data = {
        "title": f"Munitions vs {target} at {band} range (fp {fp}, defence {defence})",
        "choices": rows,
        "damage_default_uncertain": list(UNCERTAIN),
    }
    emit(data, as_json, _render_advice)


def _render_advice(data: dict[str, Any]) -> RenderableType:
    from rich.console import Group
    from rich.table import Table

    table = Table(title=data["title"])
    for col in ("munition", "dice", "hit on", "mean net hits", "P(destroy)", "note"):
        table.add_column(col)
    for r in data["choices"]:
        if r["munition"] == "Smoke":
            note = r.get("reason") or r["note"]
            if "placed" in r:
                note += f"; placed {percent(r['placed'])}, drift {percent(r['drift'])}, misfire {percent(r['misfire'])}"
            table.add_row("Smoke", str(r.get("dice", "")), f"{r.get('hit_on', '')}+", "", "", note)
        elif not r["allowed"]:
            table.add_row(r["munition"], "", "", "", "", f"refused [{r['clause']}] {r['reason']}")
        else:
            table.add_row(
                r["munition"],
                str(r["attack_dice"]),
                f"{r['hit_on']}+",
                f"{float(r['expected_net_hits']):.3f}",
                percent(r["kill_chance"]),
                ", ".join(r["clauses"]),
            )
    return Group(
        table,
        "P(destroy) uses the documented damage default; flagged uncertain: "
        + "; ".join(data["damage_default_uncertain"]),
    )
