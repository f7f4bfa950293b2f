"""ASL's chart look-ups: the Ammunition Supply Chart, HEAT dates, HE Equivalency and
shaped-charge HEAT (ASL-8.2, 8.3, 8.31).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.rules.he_equivalency import he_equivalency
from ordnance.asl.rules.heat import check_nationality, heat_gate, scw_heat_attack
from ordnance.asl.rules.supply import chart_lookup
from ordnance.core.calculators import Calculator, calculator
from ordnance.core.fields import option
from ordnance.core.messages import Said, said, term
from ordnance.core.questions import question_config

_DATE = option("1944-06", "Scenario date", "YYYY-MM", clause="ASL-8.2", pattern=r"^\d{4}-\d{2}$")


class SupplyQuestion(BaseModel):
    model_config = question_config("ASL-8.2")
    nationality: str = option(
        title="Nationality", description="german, american, russian or british", max_length=32
    )
    gun: str = option(
        title="Gun", description="gun size, e.g. 85L, 76LL, 50", min_length=1, max_length=8
    )
    date: str = _DATE
    elite: bool = option(False, "Elite", "+1", clause="ASL-8.2-f")


def supply(q: SupplyQuestion) -> dict[str, Any]:
    """The Ammunition Supply Chart: APCR/APDS Depletion Number of a Gun."""
    answer = chart_lookup(q.nationality, q.gun, ScenarioDate.parse(q.date), elite=q.elite).to_dict()
    return {
        "title": said(
            "Ammunition Supply Chart: {nationality} {gun}, {date}",
            nationality=q.nationality,
            gun=q.gun,
            date=q.date,
        ),
        **answer,
        "table": {"columns": ["what", "value"], "rows": _rows(answer)},
    }


class HeatQuestion(BaseModel):
    model_config = question_config("ASL-8.3-a")
    nationality: str = option(
        title="Nationality", description="the nation that made the Gun", max_length=32
    )
    date: str = _DATE


def heat(q: HeatQuestion) -> dict[str, Any]:
    """The HEAT availability date of a nation's ordnance."""
    when = ScenarioDate.parse(q.date)
    nation = check_nationality(q.nationality)
    gate = heat_gate(nation)
    reason = (
        said("{nationality} ordnance fires HEAT from {date}", nationality=nation, date=gate.label)
        if gate
        else said(
            "ASL-8.3-a names no HEAT date for {nationality}: its counters decide",
            nationality=nation,
        )
    )
    return {
        "title": said(
            "HEAT of {nationality} ordnance in {date}", nationality=nation, date=str(when)
        ),
        "nationality": q.nationality,
        "ordnance_of": nation,
        "date": str(when),
        "from": str(gate) if gate else None,
        "available": None if gate is None else when >= gate,
        "clause": "ASL-8.3-a" if gate else "ASL-AMB-6",
        "reason": reason,
        "table": {
            "columns": ["what", "value"],
            "rows": [
                ["ordnance of", nation],
                ["HEAT from", str(gate) if gate else "-"],
                ["available", "-" if gate is None else ("yes" if when >= gate else "no")],
            ],
        },
        "lines": [reason],
    }


class HeEquivalencyQuestion(BaseModel):
    model_config = question_config("ASL-8.31")
    attack: str = option(
        title="Attack", description="AP, APCR, APDS, ATR or HEAT", min_length=1, max_length=16
    )
    caliber: float | None = option(None, "Caliber", "in mm", gt=0, le=500)
    weapon: str | None = option(None, "HEAT weapon", "BAZ, PIAT, PSK, PFk, PF, H9", max_length=16)
    use: str | None = option(
        None, "Use", "personnel, collateral or rubble-fire (HEAT only; ASL-8.31-a/c)", max_length=32
    )


def _rows(data: dict[str, Any]) -> list[list[str]]:
    """The answer's plain values as (what, value) rows, a shown text kept with its message."""
    return [
        [str(k), v if isinstance(v, Said) else str(v)]
        for k, v in data.items()
        if not isinstance(v, dict | list)
    ]


def he_equivalency_answer(q: HeEquivalencyQuestion) -> dict[str, Any]:
    """HE Equivalency FP and Residual FP of an AP-type or HEAT attack."""
    answer = he_equivalency(q.attack, caliber_mm=q.caliber, weapon=q.weapon)
    data = answer.to_dict()
    if q.use is not None:
        data["use"] = answer.check_use(q.use)
    return {
        **data,
        "title": said("HE Equivalency of {attack}", attack=q.attack),
        "table": {"columns": ["what", "value"], "rows": _rows(data)},
    }


class ScwHeatQuestion(BaseModel):
    model_config = question_config("ASL-8.3-b")
    weapon: str = option(
        title="Weapon", description="BAZ, PIAT, PSK, PF or PFk", min_length=1, max_length=16
    )
    target: str = option(
        "vehicle", "Target", "vehicle, gun, infantry, cavalry or other", max_length=32
    )
    tem: str | None = option(None, "TEM", "wall, building, rubble, pillbox...", max_length=32)


def scw_heat_answer(q: ScwHeatQuestion) -> dict[str, Any]:
    """HEAT from a shaped-charge weapon: no Depletion Number, legal targets, HE Equivalency."""
    data = scw_heat_attack(q.weapon, q.target, q.tem).to_dict()
    return {
        **data,
        "title": said("HEAT from a {weapon} at {target}", weapon=q.weapon, target=term(q.target)),
        "table": {"columns": ["what", "value"], "rows": _rows(data)},
    }


# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(supply, "supply", "Ammunition Supply Chart (ASL-8.2): APCR/APDS Depletion Number for a Gun.", ("ASL-8.2",), arguments=("nationality", "gun"), example={"nationality": "german", "gun": "75L", "date": "1944-06"}),
    calculator(heat, "heat", "HEAT availability date of a nation's ordnance (ASL-8.3-a).", ("ASL-8.3-a",), arguments=("nationality",), example={"nationality": "american", "date": "1943-06"}),
    calculator(he_equivalency_answer, "he-equivalency", "HE Equivalency FP and Residual FP of an AP-type or HEAT attack (ASL-8.31).", ("ASL-8.31",), arguments=("attack",), example={"attack": "HEAT", "caliber": 75}),
    calculator(scw_heat_answer, "scw-heat", "HEAT from a shaped-charge weapon: no Depletion Number, legal targets, HE Equivalency.", ("ASL-8.3-b", "ASL-8.3-c"), arguments=("weapon",), example={"weapon": "BAZ", "target": "vehicle"}),
)
# fmt: on

__all__ = ["CALCULATORS"]
