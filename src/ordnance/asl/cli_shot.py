"""``ordnance asl shot``: one declared special-ammunition shot, its C8.9 depletion check."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.asl.cli_options import DrOpt
from ordnance.asl.depletion import check_shot
from ordnance.asl.notation import Ammo, check_depletion_number
from ordnance.cli.common import JsonOpt, SeedOpt, emit
from ordnance.core.dice import dice_source
from ordnance.core.errors import InvalidDice, RuleViolation
from ordnance.core.messages import msg
from ordnance.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from rich.table import Table


def _render(d: dict[str, Any]) -> Table:
    from rich.table import Table

    t = Table(title=_("{ammo} shot, N={n}").format(ammo=d["ammo"], n=d["depletion"]))
    for col in ("DR", "outcome", "gone", "malfunction", "clause"):
        t.add_column(col)
    t.add_row(
        f"{d['dr'][0]}+{d['dr'][1]}={d['original_dr']}",
        d["outcome"],
        "yes" if d["gone"] else "no",
        "yes" if d["malfunctioned"] else "no",
        d["clause"],
    )
    t.caption = d["explanation"]
    return t


def shot_cmd(
    ammo: Annotated[str, typer.Option("--ammo", help="Declared special ammunition.")] = "APCR",
    depletion: Annotated[
        int | None, typer.Option("--depletion", "-n", help="Depletion Number N.")
    ] = None,
    dr: DrOpt = None,
    seed: SeedOpt = None,
    breakdown: Annotated[int | None, typer.Option("--breakdown", "-b", help="B#.")] = None,
    intensive: Annotated[bool, typer.Option("--intensive", help="Intensive Fire.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """One declared special-ammunition shot: the C8.9 depletion check on its DR."""
    kind = Ammo.parse(ammo)
    if depletion is not None:
        check_depletion_number(depletion)
    if depletion is None and kind.has_depletion:
        raise RuleViolation(
            "ASL-8.9-a",
            msg("{value} needs its Depletion Number", value=kind.value),
            hint=msg("-n 5"),
        )
    source = dice_source(dr, seed)
    try:
        roll = source.dr("To Hit DR")
        finish = getattr(source, "finish", None)
        if finish is not None:
            finish()
    except InvalidDice as exc:  # the game names its dice rule (ASL-B2), as in play
        from ordnance.asl.plugin import GAME  # the game's rules load only here

        raise GAME.dice_refusal(exc, {"type": "fire"}) from None
    n = depletion if kind.has_depletion else None
    result = check_shot(kind.value, n, roll, breakdown=breakdown, intensive=intensive)
    data = result.to_dict()
    data["dice"] = "entered" if dr is not None else "rolled"
    emit(data, as_json, _render)


__all__ = ["shot_cmd"]
