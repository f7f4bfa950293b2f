"""ASL's depletion questions: the odds of a Depletion Number over shots, one shot
joint with malfunction, and one declared shot checked (ASL-8.9).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ordnance.asl.odds.depletion import depletion_report, shot_with_malfunction
from ordnance.asl.rules.depletion import AmmoName, check_shot
from ordnance.asl.rules.notation import Ammo, check_depletion_number
from ordnance.core.calculators import Calculator, calculator, jsonable
from ordnance.core.dice import dice_source
from ordnance.core.errors import InvalidDice, RuleViolation
from ordnance.core.fields import option
from ordnance.core.messages import Said, msg, said
from ordnance.core.odds.distribution import fraction_percent
from ordnance.core.questions import question_config


class DepletionQuestion(BaseModel):
    model_config = question_config("ASL-8.9")
    depletion: int = option(
        title="Depletion Number", description="N", clause="ASL-8.9-a", ge=2, le=14
    )
    shots: int = option(4, "Shots", "declared shots", ge=1, le=50)
    breakdown: int | None = option(None, "B#", "a malfunction also ends the fire", ge=2, le=12)
    intensive: bool = option(False, "Intensive Fire", "B# -2")


def depletion_odds(q: DepletionQuestion) -> dict[str, Any]:
    """Per-shot outcome, k-th shot availability, rounds fired and expected rounds."""
    check_depletion_number(q.depletion)
    report = depletion_report(
        q.depletion,
        q.shots,
        q.breakdown,
        intensive=q.intensive,
        with_breakdown=q.breakdown is not None or q.intensive,
    )
    exp = report["expected_rounds"]
    data = jsonable(report)
    rows = [
        [
            str(r["shot"]),
            fraction_percent(r["available"]),
            fraction_percent(r["fires_special"]),
            fraction_percent(r["gone_after"]),
        ]
        for r in data["shots"]
    ]
    return {
        "title": said("Special rounds fired in {shots} shots, N={n}", shots=q.shots, n=q.depletion),
        "xlabel": "rounds fired",
        **data,
        "distribution": data["rounds"],
        "table": {
            "title": said("Shot by shot (declared every shot), N={n}", n=q.depletion),
            "columns": ["shot", "still available", "fires the round", "gone after"],
            "rows": rows,
        },
        "lines": [
            said("expected rounds before it runs out: never runs out")
            if exp is None
            else said(
                "expected rounds before it runs out: {exact} ({decimal})",
                exact=jsonable(exp),
                decimal=f"{float(exp):.3f}",
            )
        ],
    }


class ShotQuestion(BaseModel):
    model_config = question_config("ASL-8.9-a")
    ammo: AmmoName = option("APCR", "Ammunition", "declared special ammunition")
    depletion: int | None = option(None, "Depletion Number", "N", clause="ASL-8.9-a", ge=2, le=14)
    dr: str | None = option(
        None,
        "Dice",
        "the To Hit DR rolled at the table, coloured die first: 3,2 (else rolled)",
        clause="ASL-B2",
        max_length=16,
    )
    seed: int | None = option(None, "Seed", "of the rolled dice")
    breakdown: int | None = option(None, "B#", ge=2, le=12)
    intensive: bool = option(False, "Intensive Fire")


def depletion_check(q: ShotQuestion) -> dict[str, Any]:
    """One declared shot: the depletion check on the DR rolled (or entered)."""
    kind = Ammo.parse(q.ammo)
    if q.depletion is None and kind.has_depletion:
        raise RuleViolation(
            "ASL-8.9-a",
            msg("{value} needs its Depletion Number", value=kind.value),
            hint=msg("-n 5"),
        )
    try:
        source = dice_source(q.dr, q.seed)
        roll = source.dr("To Hit DR")
        finish = getattr(source, "finish", None)
        if finish is not None:
            finish()
    except InvalidDice as exc:  # the game names its dice rule (ASL-B2), as in play
        from ordnance.asl.plugin import GAME  # the game's rules load only here

        raise GAME.dice_refusal(exc, {"type": "fire"}) from None
    result = check_shot(
        kind.value,
        q.depletion if kind.has_depletion else None,
        roll,
        breakdown=q.breakdown,
        intensive=q.intensive,
    )
    d = result.to_dict()
    d["dice"] = "entered" if q.dr is not None else "rolled"
    return {
        **d,
        "title": said("{ammo} shot, N={n}", ammo=d["ammo"], n=d["depletion"]),
        "table": {
            "columns": ["DR", "outcome", "gone", "malfunction", "clause"],
            "rows": [
                [
                    f"{d['dr'][0]}+{d['dr'][1]}={d['original_dr']}",
                    d["outcome"],
                    "yes" if d["gone"] else "no",
                    "yes" if d["malfunctioned"] else "no",
                    d["clause"],
                ]
            ],
        },
        "lines": [Said(result.message())],  # the explanation, as its message
    }


class ShotOddsQuestion(BaseModel):
    model_config = question_config("ASL-8.9-a")
    depletion: int = option(
        title="Depletion Number", description="N", clause="ASL-8.9-a", ge=2, le=14
    )
    breakdown: int | None = option(None, "B#", clause="ASL-AMB-18", ge=2, le=12)
    intensive: bool = option(False, "Intensive Fire", "B# -2")


def shot_odds(q: ShotOddsQuestion) -> dict[str, Any]:
    """One shot: depletion outcome joint with malfunction."""
    joint = shot_with_malfunction(q.depletion, q.breakdown, intensive=q.intensive)
    labelled = joint.map(lambda o: o[0] + (" + malfunction" if o[1] else ""))
    return {
        "title": said("One shot, N={n}", n=q.depletion),
        "depletion": q.depletion,
        "breakdown": q.breakdown,
        "intensive": q.intensive,
        "distribution": labelled,
        "malfunction": joint.probability(lambda o: o[1]),
    }


# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(depletion_odds, "depletion", "Per-shot outcome, k-th shot availability, rounds fired and expected rounds (ASL-8.9).", ("ASL-8.9",), hint="distribution", command=("odds", "depletion"), flags={"depletion": ("-n",), "shots": ("-k",), "breakdown": ("-b",)}, example={"depletion": 5, "shots": 4}),
    calculator(shot_odds, "shot-odds", "One shot: depletion outcome joint with malfunction (ASL-AMB-18, ASL-8.92-a).", ("ASL-8.9-a", "ASL-AMB-18"), hint="distribution", command=("odds", "shot"), flags={"depletion": ("-n",), "breakdown": ("-b",)}, example={"depletion": 5, "breakdown": 11}),
    calculator(depletion_check, "shot", "One declared special-ammunition shot: the C8.9 depletion check on its DR.", ("ASL-8.9-a",), flags={"depletion": ("-n",), "breakdown": ("-b",), "dr": ("--dr", "--dice")}, example={"ammo": "APCR", "depletion": 5, "dr": "3,2"}),
)
# fmt: on

__all__ = ["CALCULATORS"]
