"""``ordnance asl heat``, ``he-equivalency`` and ``scw-heat``: HEAT dates and HE Equivalency.

One family: when a nation's ordnance fires HEAT (ASL-8.3-a), the HE
Equivalency of an AP-type or HEAT attack (ASL-8.31) and HEAT from a
shaped-charge weapon (ASL-8.3-b/-c). They print JSON-like answers only.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ordnance.asl.cli_options import DateOpt
from ordnance.asl.dates import ScenarioDate
from ordnance.asl.he_equivalency import he_equivalency
from ordnance.asl.heat import check_nationality, heat_gate, scw_heat_attack
from ordnance.cli.common import JsonOpt, emit


def heat_cmd(
    nationality: Annotated[str, typer.Argument(help="Nation that made the Gun.")],
    date: DateOpt = "1944-06",
    as_json: JsonOpt = False,
) -> None:
    """HEAT availability date of a nation's ordnance (ASL-8.3-a).

    An unknown name is refused; a nation the rule does not name has no date
    of its own (``available`` null: its counters decide, ASL-AMB-6); a
    Commonwealth army's ordnance is British (ASL-8.2-g).
    """
    when = ScenarioDate.parse(date)
    nation = check_nationality(nationality)
    gate = heat_gate(nation)
    data = {
        "nationality": nationality,
        "ordnance_of": nation,
        "date": str(when),
        "from": str(gate) if gate else None,
        "available": None if gate is None else when >= gate,
        "clause": "ASL-8.3-a" if gate else "ASL-AMB-6",
        "reason": (
            f"{nation} ordnance fires HEAT from {gate.label}"
            if gate
            else f"ASL-8.3-a names no HEAT date for {nation}: its counters decide"
        ),
    }
    emit(data, as_json)


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


__all__ = ["he_equivalency_cmd", "heat_cmd", "scw_heat_cmd"]
