"""Steps 1 and 2 of a shot, before any die: the declaration checked, the To Hit fixed.

:func:`plan_shot` refuses what the declaration does not allow, each refusal
naming its clause (HEAT targets ASL-8.31-b, SMOKE/WP at the Area Target Type
ASL-8.5-a, an armoured target's AF ASL-B6, Canister at Personnel ASL-8.4-a),
then fixes the TH# colour, the Modified TH# and the firer-based DRM
(:mod:`ordnance.asl.rules.to_hit`). Canister has no To Hit (ASL-8.4-b): its plan
holds the colour only. Plans are cached: a declaration is an immutable value.

>>> from ordnance.asl.shot.spec import GunShot
>>> plan = plan_shot(GunShot(gun="75L", ammo="APCR", range=3, target="vehicle", af=11))
>>> plan.th is not None and plan.drm is not None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ordnance.asl.rules.he_equivalency import check_heat_target
from ordnance.asl.rules.to_hit import ModifiedTh, ToHitDrm, modified_th, th_colour, to_hit_drm
from ordnance.asl.shot.spec import GunShot
from ordnance.core.errors import RuleViolation
from ordnance.core.messages import msg


@dataclass(frozen=True, slots=True)
class ShotPlan:
    """What is fixed before the DR: the TH#, the DRM, and the clauses checked."""

    th: ModifiedTh | None
    drm: ToHitDrm | None
    colour: str
    colour_clause: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "to_hit": None if self.th is None else self.th.to_dict(),
            "drm": None if self.drm is None else self.drm.to_dict(),
            "colour_clause": self.colour_clause,
        }


@lru_cache(maxsize=4096)  # declarations come from requests: bounded
def plan_shot(spec: GunShot) -> ShotPlan:
    """Steps 1 and 2 before any die: refuse what the declaration does not allow."""
    ammo = spec.ammo
    if ammo == "HEAT":
        heat_target = {"vehicle": "vehicle", "unarmored": "vehicle"}.get(spec.target, spec.target)
        check_heat_target(heat_target, spec.tem)
    if ammo in ("SMOKE", "WP") and spec.target != "area":
        raise RuleViolation(
            "ASL-8.5-a",
            msg("{ammo} is fired at a hex: the Area Target Type", ammo=ammo),
            hint=msg("fire at an area target"),
        )
    if spec.target == "area" and ammo not in ("SMOKE", "WP", "HE"):
        raise RuleViolation(
            "ASL-B5.1",
            msg("{ammo} is not fired on the Area Target Type", ammo=ammo),
            hint=msg("SMOKE, WP or HE at an area; vehicle/unarmored/infantry otherwise"),
        )
    if (
        ammo in ("AP", "APCR", "APDS", "HEAT", "HE")
        and spec.target == "vehicle"
        and spec.af is None
    ):
        raise RuleViolation(
            "ASL-B6",
            msg("an armoured target needs its Armor Factor"),
            hint=msg("give the Armour Factor of the facing fired on, or fire at it as unarmored"),
        )
    if ammo == "Canister" and spec.target != "infantry":
        raise RuleViolation(
            "ASL-8.4-a",
            msg("Canister attacks Personnel in its Locations"),
            hint=msg("fire at infantry"),
        )
    colour, clause = th_colour(
        spec.nationality, captured=spec.captured, red=spec.red, options=spec.options
    )
    if ammo == "Canister":
        return ShotPlan(None, None, colour, clause)
    th = modified_th(
        spec.target, spec.range, gun_size=spec.gun, ammo=ammo, colour=colour, options=spec.options
    )
    drm = to_hit_drm(
        spec.cases,
        intensive=spec.intensive,
        captured=spec.captured,
        multiple_rof=spec.effective_rof > 0,
        range_hexes=spec.range,
    )
    return ShotPlan(th, drm, th.colour, clause)
