"""World at War's HE Fire mission and the FASCAM mine attack (WAW-HE-a, WAW-8.3-d, -e)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ordnance.core.calculators import Calculator, NoQuestion, calculator
from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import option
from ordnance.core.messages import msg, said
from ordnance.core.questions import question_config
from ordnance.waw.odds.he_fire import (
    HeMission,
    defends_per_unit,
    fascam_attack,
    he_fire_outcomes,
    he_hits_headline,
    marginals_json,
    outcome_json,
)
from ordnance.waw.rules.catalogue import catalogue
from ordnance.waw.rules.he_fire import Target, check_firepower, check_hit_number
from ordnance.waw.rules.units import Condition
from ordnance.waw.settings import WawSettings, parse_settings, settings_text


class HeFireQuestion(BaseModel):
    """One HE Fire mission against a hex (default settings)."""

    model_config = question_config("WAW-HE-a")
    fp: int = option(title="Firepower", description="d6 rolled in the salvo", ge=1, le=40)
    hit_number: int = option(
        title="Hit Number", description="a die hits on this or more", ge=1, le=12
    )
    defence: int | None = option(None, "Defence dice", "the infantry Defensive Bonus", ge=0, le=20)
    terrain: str | None = option(None, "Terrain", "take the defence dice from it", max_length=40)
    unit: list[str] = option(
        title="Units in the hex",
        description='by type ("T-72", "Motor Rifle Infantry=disrupted")',
        default_factory=list,
        max_length=12,
    )
    settings: dict[str, Any] = option(
        title="Settings",
        description="game settings as a JSON object (options named WAW-AMB-n)",
        default_factory=dict,
    )


def _stack(specs: list[str], settings: WawSettings) -> list[Target]:
    cat = catalogue().extended(settings.unit_types, settings.terrain_types)
    out: list[Target] = []
    for i, spec in enumerate(specs):
        kind_name, _sep, cond = spec.partition("=")
        kind = cat.unit(kind_name.strip())
        try:
            condition = Condition.from_label(cond.strip() or "good order")
        except ValueError as exc:
            raise OrdnanceError(
                str(exc),
                clause="WAW-HE-a",
                hint=msg("good order, disrupted, reduced, disrupted+reduced"),
            ) from None
        out.append(Target(f"{i + 1}:{kind.name}", kind.armour, condition, kind.hq))
    return out


def he_fire(q: HeFireQuestion) -> dict[str, Any]:
    """Net Hits of an HE Fire mission and, with units, each unit's resulting state."""
    opts = parse_settings(q.settings)
    check_hit_number(q.hit_number)
    check_firepower(q.fp)
    defence, city = q.defence, False
    if defence is None:
        if q.terrain is None:
            raise OrdnanceError(
                msg("give the defence dice or a terrain"),
                clause="WAW-HE-a",
                hint=msg("e.g. --defence 2"),
            )
        ttype = catalogue().extended((), opts.terrain_types).terrain(q.terrain)
        defence = 2 if ttype.city else ttype.infantry_db
        city = ttype.city
    stack = _stack(q.unit, opts)
    mission = HeMission(stack, q.fp, q.hit_number, defence, opts, city)
    dist, counts = he_hits_headline(mission)
    each = " each" if defends_per_unit(opts, city) else ""
    data: dict[str, Any] = {
        "title": said(
            "HE Fire: {fp} dice at {hit_number}+, {defence} defence dice" + each + " (5+ cancels)",
            fp=q.fp,
            hit_number=q.hit_number,
            defence=defence,
        ),
        "xlabel": counts,
        "firepower": q.fp,
        "hit_number": q.hit_number,
        "defence_dice": defence,
        "counts": counts,
        "distribution": dist.to_json(),
        "mean": dist.mean(),
    }
    if q.unit:
        outcomes = he_fire_outcomes(mission)
        data["units"] = marginals_json(outcomes)
        data["outcomes"] = outcome_json(outcomes)
        data["lines"] = [
            f"{uid}: " + ", ".join(f"{label} {p}" for label, p in rows.items())
            for uid, rows in data["units"].items()
        ]
    return data


def fascam(_q: NoQuestion) -> dict[str, Any]:
    """One mine attack on a unit entering a mined hex."""
    return {
        "title": "FASCAM mine attack (1d6)",
        "xlabel": "result",
        "distribution": fascam_attack().to_json(),
    }


# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(he_fire, "he-fire", "Net Hits of an HE Fire mission and, with units, each unit's resulting state.", ("WAW-HE-a",), help="Net Hits of an HE Fire mission and, with --unit, each unit's resulting state.", hint="distribution", command=("odds", "he-fire"), flags={"defence": ("--defense",)}, parsers={"settings": settings_text}, example={"fp": 4, "hit_number": 4, "defence": 1}),
    calculator(fascam, "fascam", "One mine attack on a unit entering a mined hex (WAW-8.3-d, -e).", ("WAW-8.3-d", "WAW-8.3-e"), hint="distribution", command=("odds", "fascam")),
)
# fmt: on

__all__ = ["CALCULATORS"]
