"""Tide of Iron's Smoke round: placed, drifted (to each hex) or misfired (TOI-SMK-2, TOI-B10)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, field_validator

from ordnance.core.calculators import Calculator, calculator
from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import option
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import parse_hex
from ordnance.core.messages import msg, said, term
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.core.questions import question_config
from ordnance.toi.calculators.fields import BandText, band_field
from ordnance.toi.rules.attack import RangeBand
from ordnance.toi.rules.hexmap import load_map
from ordnance.toi.rules.readings import DEFAULTS, DriftDice
from ordnance.toi.rules.smoke import (
    SmokeAim,
    hit_odds,
    orientation_for,
    plan_smoke,
    smoke_landing_distribution,
    smoke_round_distribution,
)


class SmokeQuestion(BaseModel):
    """One Smoke round; with a map and a target hex, where the smoke ends up."""

    model_config = question_config("TOI-SMK-2")

    fp: int = option(
        title="Firepower",
        description="the unit's firepower against vehicles",
        clause="TOI-SMK-2",
        ge=0,
        le=40,
    )
    band: BandText = band_field()
    map_name: str | None = option(None, "Map", "a map, to see where drift lands")
    target: str | None = option(
        None, "Target hex", "Its printed number (0305) or axial 'q,r' (with a map)"
    )
    smoke: str | None = option(
        None, "Smoke already there", "hexes holding smoke, e.g. '0402 0502' (or axial q,r)"
    )
    orientation: Literal["N", "NE", "SE", "S", "SW", "NW"] | None = option(
        None, "Orientation", "the directional marker's 1 (default: the map's)", clause="TOI-B11"
    )
    drift_dice: DriftDice = option(
        "text", "Drift dice", "text (red = distance) or faq_core", clause="TOI-AMB-1"
    )

    @field_validator("orientation", mode="before")
    @classmethod
    def _orientation(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value


def smoke_odds(q: SmokeQuestion) -> dict[str, Any]:
    """The exact outcome of a Smoke round: placed, drift (to each hex), misfire."""
    settings = replace(DEFAULTS, drift_dice=q.drift_dice)
    plan = plan_smoke(q.fp, RangeBand(q.band), settings)
    placed, drift, misfire = hit_odds(plan)
    data: dict[str, Any] = {
        "title": said(
            "Smoke round: {dice} dice hitting on {hit_on}+ at {band} range",
            dice=plan.dice,
            hit_on=plan.hit_on,
            band=term(plan.band.value),
        ),
        "distribution": {
            "placed": fraction_text(placed),
            "drift": fraction_text(drift),
            "misfire": fraction_text(misfire),
        },
        "dice": plan.dice,
        "hit_on": plan.hit_on,
        "band": plan.band.value,
        "drift_dice": plan.drift_dice,
        "drift": {
            "distance": {str(k): "1/6" for k in range(1, 7)},
            "direction_die": {str(k): "1/6" for k in range(1, 7)},
            "each_distance_and_direction": fraction_text(drift / 36),
        },
    }
    lines: list[str] = [
        said("drift: each (distance, direction) pair {p}", p=fraction_text(drift / 36))
    ]
    if (q.map_name is None) != (q.target is None):
        raise OrdnanceError(
            msg("give both a map and a target hex to see the hexes"),
            clause="TOI-B10",
            hint=msg("e.g. --map village --target 0502"),
        )
    if q.map_name is not None and q.target is not None:
        m = load_map(q.map_name)
        t = parse_hex(q.target)
        m.info(t)
        smoky = frozenset(parse_hex(x) for x in (q.smoke or "").split())
        if q.orientation is not None:
            settings = replace(settings, drift_orientation=q.orientation)
        o = orientation_for(settings, m, None, t)
        landing = smoke_landing_distribution(plan, SmokeAim(t, m, smoky, o, settings))
        hexes: dict[str, Fraction] = {}
        for label, p in landing.items():
            if label.startswith(("placed ", "drift to ")):
                h = label.split(" ")[-1] if "(refresh)" not in label else label.split(" ")[2]
                hexes[h] = hexes.get(h, Fraction(0)) + p
        ranked = sorted(hexes.items(), key=lambda kv: (-kv[1], kv[0]))
        data.update(
            map=m.name,
            target=str(t),
            orientation=o.name,
            outcomes=landing.to_json(),
            hexes={h: fraction_text(p) for h, p in ranked},
            no_smoke=fraction_text(1 - sum(hexes.values(), Fraction(0))),
        )
        data["distribution"] = landing.to_json()
        lines.append(
            "smoke ends up in: "
            + ", ".join(f"{numbered_hex(parse_hex(h))} {fraction_text(p)}" for h, p in ranked)
        )
    else:
        round_dist: Distribution[str] = smoke_round_distribution(plan).map(
            lambda o: o.split(" ")[0]
        )
        data["distribution"] = round_dist.to_json()
    data["lines"] = lines
    return data


# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(smoke_odds, "smoke", "Exact outcome of a Smoke round: placed, drift (to each hex), misfire.", ("TOI-SMK-2", "TOI-B10"), hint="distribution", command=("smoke",), also=(("odds", "smoke"),), flags={"band": ("--range",), "map_name": ("--map",)}, example={"fp": 4, "band": "normal"}),
)
# fmt: on

__all__ = ["CALCULATORS"]
