"""One Canister shot off the map as a question (ASL-8.4): attacked Locations, DRM, odds.

Declared as the ``canister`` calculator (:mod:`ordnance.asl.calculators`):
without dice the exact odds per Location (ASL-8.4-d/f/g/i); with ``dr`` that
IFT DR resolved.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from ordnance.asl.canister.aim import aim_points, building_aim
from ordnance.asl.canister.attacks import canister_attacks
from ordnance.asl.canister.ca import ca_change_drm, hexspine_changes
from ordnance.asl.canister.odds import canister_odds
from ordnance.asl.canister.resolve import CanisterShotInputs, fire_canister
from ordnance.asl.procedures.fire_canister import parse_location
from ordnance.asl.rules.notation import check_depletion_number
from ordnance.asl.rules.option_text import CA_HELP, canister_extras
from ordnance.asl.shot.checks import check_hex
from ordnance.core.dice import dice_source
from ordnance.core.errors import InvalidDice
from ordnance.core.fields import option
from ordnance.core.hexes import Direction
from ordnance.core.messages import joined, said, term
from ordnance.core.questions import question_config


class CanisterQuestion(BaseModel):
    """One Canister shot: the Gun's hex and CA, the aim, the Location DRM, the dice."""

    model_config = question_config("ASL-8.4")

    fp: int = option(
        title="Canister FP",
        description="from the Ordnance Listing",
        clause="ASL-8.4-e",
        ge=1,
        le=64,
    )
    depletion: int | None = option(
        None, "Canister Depletion Number", "C#", clause="ASL-8.4-g", ge=2, le=12
    )
    hex: str = option("0,0", "Gun hex", "q,r", max_length=16)
    ca: int = option(0, "CA", CA_HELP + " The CA fired into.", clause="ASL-8.4-h", ge=0, le=5)  # fmt: skip
    ca_before: int | None = option(
        None, "CA before the shot", "a change adds its DRM", clause="ASL-8.4-d", ge=0, le=5
    )
    mount: Literal["turret", "slow-turret", "non-turreted"] | None = option(
        None, "Mount", "the CA change DRM (default non-turreted)"
    )
    in_obstacle: bool = option(False, "Gun in woods/building/rubble", "CA DRM x2")
    aim: str | None = option(
        None, "Aim point", "V1..V5 of the CA (default V3)", clause="ASL-8.4-k", max_length=4
    )
    building: str | None = option(
        None,
        "Building hex",
        "aim at a building hex q,r at range 2",
        clause="ASL-8.4-j",
        max_length=16,
    )
    building_level: int | None = option(
        None, "Building level", "the middle of the three levels", ge=-1, le=9
    )
    cellar: bool = option(False, "Cellar", "the building has a level -1")
    gun_level: int = option(0, "Gun level", ge=-1, le=9)
    moved: bool = option(False, "Moved", "FP halved", clause="ASL-8.4-c")
    loc_drm: list[str] = option(
        title="Location DRM",
        description="one Location's TEM/Hindrance DRM, q,r=N or q,r@level=N",
        clause="ASL-8.4-i",
        default_factory=list,
        max_length=32,
    )
    drm: int = option(0, "DRM", "on every Location", ge=-10, le=10)
    obstacle_first_hex: bool = option(
        False, "Obstacle in the first hex", "only it is attacked", clause="ASL-8.4-i"
    )
    out_of_los: list[str] = option(
        title="Out of LOS",
        description="a cluster hex q,r out of the Gun's LOS",
        clause="ASL-8.4-i",
        default_factory=list,
        max_length=16,
    )
    breakdown: int | None = option(None, "B#", ge=2, le=12)
    dr: str | None = option(
        None,
        "Dice",
        "the IFT DR rolled at the table, coloured die first: 3,2",
        clause="ASL-B2",
        max_length=16,
    )


def canister_answer(q: CanisterQuestion) -> dict[str, Any]:
    """The attacked Locations with their DRM, then the exact odds (or the DR resolved)."""
    if q.depletion is not None:
        check_depletion_number(q.depletion)
    extras = canister_extras(
        q.aim, False, q.loc_drm, q.mount, q.building, q.building_level, q.cellar
    )
    gun_hex = check_hex(q.hex)
    changes = 0 if q.ca_before is None else hexspine_changes(q.ca_before, q.ca)
    ca_drm = ca_change_drm(changes, extras.get("mount", "non-turreted"), in_obstacle=q.in_obstacle)
    if q.building is not None:
        middle = extras["building_level"]
        the_aim = building_aim(
            gun_hex,
            check_hex(q.building),
            middle,
            lowest_level=extras.get("building_lowest", 0),
            highest_level=middle + 1,
            ca=q.ca,
        )
    else:
        aims = aim_points(gun_hex, Direction(q.ca), level=q.gun_level)
        the_aim = aims[extras.get("aim", 3) - 1]
    tem = {parse_location(k): v for k, v in extras.get("location_drm", {}).items()}
    attacks = canister_attacks(
        the_aim,
        q.fp,
        moved_or_manned_in_mph=q.moved,
        gun_level=q.gun_level,
        tem=tem,
        ca_drm=ca_drm,
        obstacle_in_first_hex=q.obstacle_first_hex,
        out_of_los={check_hex(h) for h in q.out_of_los},
    )
    data: dict[str, Any] = {
        "aim": the_aim.to_dict(),
        "ca_change": {"hexspines": changes, "drm": ca_drm, "clause": "ASL-8.4-d"},
        "attacks": [a.to_dict() for a in attacks],
    }
    lines: list[str] = []
    shot: CanisterShotInputs = {
        "depletion_number": q.depletion,
        "breakdown_number": q.breakdown,
        "common_drm": q.drm,
    }
    if q.dr is not None:
        try:
            source = dice_source(q.dr, None)
            result = fire_canister(source, attacks, **shot)
            finish = getattr(source, "finish", None)
            if finish is not None:
                finish()
        except InvalidDice as exc:  # the game names its dice rule (ASL-B2), as in play
            from ordnance.asl.plugin import GAME  # the game's rules load only here

            raise GAME.dice_refusal(exc, {"type": "fire_canister"}) from None
        data["result"] = result.to_dict()
        r = data["result"]
        lines.append(said("DR {dr}: {outcome}", dr=r["original"], outcome=term(r["depletion"])))
        lines += [
            said(
                "  {hex}@{level}: {result}",
                hex=h["hex"],
                level=h["level"],
                result=term(h["result"] or "no effect"),
            )
            for h in r["hexes"]
        ]
    else:
        data["odds"] = canister_odds(attacks, **shot).to_dict()
        lines += [
            said(
                "  {hex}@{level}: {odds}",
                hex=loc["hex"],
                level=loc["level"],
                odds=joined(
                    ", ",
                    [
                        term("{result} {p}", result=term(k), p=v)
                        for k, v in loc["distribution"].items()
                    ],
                ),
            )
            for loc in data["odds"]["locations"]
        ]
    rows = [
        [a["hex"], str(a["level"]), a["role"], str(a["fp"]), str(a["column"]), str(a["total_drm"])]
        for a in data["attacks"]
    ]
    return {
        **data,
        "title": said("Canister at {aim}", aim=data["aim"]["name"]),
        "table": {"columns": ["hex", "level", "role", "FP", "column", "DRM"], "rows": rows},
        "lines": lines,
    }


__all__ = ["CanisterQuestion", "canister_answer"]
