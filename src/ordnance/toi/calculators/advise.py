"""Tide of Iron's munitions advice: the tokens ranked against one target (TOI-GEN-10)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, field_validator

from ordnance.core.calculators import Calculator, calculator
from ordnance.core.fields import option
from ordnance.core.messages import Said, joined, said, term
from ordnance.core.odds.distribution import fraction_text, percent_text
from ordnance.core.questions import question_config
from ordnance.toi.calculators.fields import ATTACK_FLAGS, Band, Target, band_field, target_word
from ordnance.toi.odds.advice import rank_munitions
from ordnance.toi.rules.attack import RangeBand
from ordnance.toi.rules.damage import UNCERTAIN, VehicleDamage


class AdviseQuestion(BaseModel):
    """The munitions tokens ranked against one target."""

    model_config = question_config("TOI-GEN-10")

    fp: int = option(
        title="Firepower", description="against the target type, without a token", ge=0, le=40
    )
    band: Band = band_field()
    defence: int = option(0, "Defence dice", "red dice: armour and cover", ge=0, le=40)
    target: Target = option("vehicle", "Target", "vehicle or squad")
    damage: Literal["undamaged", "light", "heavy"] = option(
        "undamaged", "Vehicle damage", "the target vehicle's damage"
    )
    figures: int = option(4, "Figures", "the target squad's figures", ge=1, le=6)
    fire_and_movement: bool = option(False, "Fire and Movement", "the attack is halved")

    @field_validator("band", "target", "damage", mode="before")
    @classmethod
    def _words(cls, value: Any) -> Any:
        return target_word(value)


def advise(q: AdviseQuestion) -> dict[str, Any]:
    """Every munitions choice, best first: mean net hits and the chance to destroy."""
    rows = rank_munitions(
        q.fp,
        RangeBand(q.band),
        q.defence,
        target=q.target,
        damage=VehicleDamage(q.damage),
        figures=q.figures,
        fire_and_movement=q.fire_and_movement,
    )
    table: list[list[str]] = []
    names: list[str] = []
    means: list[str] = []
    kills: list[str] = []
    for r in rows:
        if r["munition"] == "Smoke":
            note = r.get("reason") or r["note"]
            if "placed" in r:
                note = said(
                    "{note}; placed {placed}, drift {drift}, misfire {misfire}",
                    note=note if isinstance(note, Said) else term(note),
                    placed=percent_text(r["placed"]),
                    drift=percent_text(r["drift"]),
                    misfire=percent_text(r["misfire"]),
                )
            table.append(["Smoke", str(r.get("dice", "")), f"{r.get('hit_on', '')}+", "", "", note])
        elif not r["allowed"]:
            refused = said("refused [{clause}] {reason}", clause=r["clause"], reason=r["reason"])
            table.append([r["munition"], "", "", "", "", refused])
        else:
            table.append(
                [
                    r["munition"],
                    str(r["attack_dice"]),
                    f"{r['hit_on']}+",
                    f"{float(r['expected_net_hits']):.3f}",
                    percent_text(r["kill_chance"]),
                    ", ".join(r["clauses"]),
                ]
            )
            names.append(str(r["munition"]))
            kills.append(fraction_text(Fraction(r["kill_chance"])))
            means.append(fraction_text(Fraction(r["expected_net_hits"])))
    return {
        "title": said(
            "Munitions vs {target} at {band} range (fp {fp}, defence {defence})",
            target=term(q.target),
            band=term(str(q.band)),
            fp=q.fp,
            defence=q.defence,
        ),
        "choices": rows,
        "damage_default_uncertain": list(UNCERTAIN),
        "table": {
            "columns": ["munition", "dice", "hit on", "mean net hits", "P(destroy)", "note"],
            "rows": table,
        },
        "comparison": {
            "x": names,
            "xlabel": "munition",
            "series": [{"name": "P(destroy)", "values": kills}],
        },
        "lines": [
            said(
                "P(destroy) uses the documented damage default; flagged uncertain: {uncertain}",
                uncertain=joined("; ", [term(u) for u in UNCERTAIN]),
            )
        ],
    }


# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(advise, "advise", "Rank the munitions tokens by expected net hits and chance to destroy.", ("TOI-GEN-10",), hint="comparison", command=("advise",), also=(("odds", "advise"),), flags=ATTACK_FLAGS, example={"fp": 5, "band": "close", "defence": 2}),
)
# fmt: on

__all__ = ["CALCULATORS"]
