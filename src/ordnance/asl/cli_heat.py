"""``ordnance asl heat``, ``he-equivalency`` and ``scw-heat``: HEAT dates and HE Equivalency.

One family: when a nation's ordnance fires HEAT (ASL-8.3-a), the HE
Equivalency of an AP-type or HEAT attack (ASL-8.31) and HEAT from a
shaped-charge weapon (ASL-8.3-b/-c). They print JSON-like answers only.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ordnance.asl.he_equivalency import he_equivalency
from ordnance.asl.heat import scw_heat_attack
from ordnance.cli.common import JsonOpt, emit


def he_equivalency_cmd(
    attack: Annotated[str, typer.Argument(help="AP, APCR, APDS, ATR or HEAT.")],
    caliber: Annotated[float | None, typer.Option("--caliber", help="Caliber in mm.")] = None,
    weapon: Annotated[
        str | None, typer.Option("--weapon", help="HEAT weapon: BAZ, PIAT, PSK, PFk, PF, H9.")
    ] = None,
    use: Annotated[
        str | None,
        typer.Option(
            "--use", help="personnel, collateral or rubble-fire (HEAT only; ASL-8.31-a/c)."
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """HE Equivalency FP and Residual FP of an AP-type or HEAT attack (ASL-8.31)."""
    answer = he_equivalency(attack, caliber_mm=caliber, weapon=weapon)
    data = answer.to_dict()
    if use is not None:
        data["use"] = answer.check_use(use)
    emit(data, as_json)


def scw_heat_cmd(
    weapon: Annotated[str, typer.Argument(help="BAZ, PIAT, PSK, PF or PFk.")],
    target: Annotated[
        str, typer.Option("--target", help="vehicle, gun, infantry, cavalry or other.")
    ] = "vehicle",
    tem: Annotated[
        str | None, typer.Option("--tem", help="Target TEM: wall, building, rubble, pillbox...")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """HEAT from a shaped-charge weapon: no Depletion Number, legal targets, HE Equivalency."""
    emit(scw_heat_attack(weapon, target, tem).to_dict(), as_json)


__all__ = ["he_equivalency_cmd", "scw_heat_cmd"]
