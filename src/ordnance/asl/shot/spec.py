"""The declaration of a Gun shot, fixed before its DR (ASL-8.1-a): :class:`GunShot`.

Everything the later steps read is named here: the Gun, the ammunition (one
of :data:`SHOT_AMMO`, read by :func:`parse_shot_ammo`), its Depletion Number,
B# and ROF, the range and Target Type, the target's AF and the firer's
cases. The B# and ROF in force (Intensive Fire, captured use) are derived
from the declaration, so every step reads the same numbers.

>>> spec = GunShot(gun="75L", ammo="apcr", depletion=5, range=3, af=11, captured=True)
>>> spec.ammo, spec.effective_breakdown
('APCR', 10)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ordnance.asl.rules.depletion import breakdown_number
from ordnance.asl.rules.to_hit import FirerCases, parse_gun_size
from ordnance.asl.settings import AslOptions
from ordnance.core.errors import UnknownName
from ordnance.core.fields import Record
from ordnance.core.messages import msg

SHOT_AMMO = ("AP", "HE", "APCR", "APDS", "HEAT", "SMOKE", "WP", "Canister")
#: Captured use lowers B# by this much (ASL-B5.3-H, notes B5.7).
CAPTURED_BREAKDOWN_CHANGE = -2


def parse_shot_ammo(text: str) -> str:
    """AP, HE, APCR, APDS, HEAT, SMOKE, WP or Canister, in any case (ASL-8.9-a)."""
    key = text.strip().lower()
    for name in SHOT_AMMO:
        if key == name.lower():
            return name
    aliases = {"c": "Canister", "s": "SMOKE", "a": "APCR", "d": "APDS", "h": "HEAT"}
    if key in aliases:
        return aliases[key]
    raise UnknownName(
        msg("unknown ammunition {text!r} for a Gun shot", text=text),
        clause="ASL-8.9-a",
        hint="one of " + ", ".join(SHOT_AMMO),
    )


class GunShot(Record):
    """Everything a shot needs, declared before its DR (ASL-8.1-a).

    ``depletion`` is the Depletion Number N of the declared special
    ammunition (None: no depletion check, e.g. ordinary AP/HE).
    ``af`` is the target's Armor Factor at the facing fired on (None: the
    target is unarmoured); ``af_turret`` the turret's, when it differs.
    """

    gun: str = Field(description="Gun size, e.g. 75L, 76LL, 57, 37*.")
    nationality: str = "german"
    ammo: str = "AP"
    depletion: int | None = Field(None, ge=2, le=14, description="N (13+: never runs out).")
    breakdown: int | None = Field(None, ge=2, le=12)
    rof: int = Field(0, ge=0, le=4)
    range: int = Field(ge=0, le=200)
    target: Literal["vehicle", "unarmored", "infantry", "area"] = "vehicle"
    af: int | None = Field(None, ge=0, le=40)
    af_turret: int | None = Field(None, ge=0, le=40)
    turreted: bool = True
    tk: int | None = Field(None, description="Basic TK# entered for a Gun the tables lack.")
    tem: str | None = Field(None, description="Target TEM word (HEAT at Infantry, ASL-8.31-b).")
    ift_drm: int = Field(0, description="TEM/Hindrance DRM of the IFT attack.")
    red: bool | None = Field(None, description="Force the red (True) or black TH#.")
    captured: bool = False
    intensive: bool = False
    cases: FirerCases = Field(default_factory=FirerCases)
    canister_fp: int | None = Field(None, ge=1, description="Canister FP (ASL-8.4-e).")
    canister_aim: int = Field(3, ge=1, le=5, description="Canister aim point V1..V5.")
    options: AslOptions = Field(default_factory=AslOptions)

    @model_validator(mode="after")
    def _check(self) -> GunShot:
        object.__setattr__(self, "ammo", parse_shot_ammo(self.ammo))
        parse_gun_size(self.gun)
        return self

    @property
    def effective_rof(self) -> int:
        """ROF, lowered for captured use (ASL-B5.3-H, option ``captured_rof_loss``)."""
        if self.captured:
            return max(self.rof - self.options.captured_rof_loss, 0)
        return self.rof

    @property
    def effective_breakdown(self) -> int:
        """B#: printed or 12, -2 Intensive Fire (ASL-8.92-a), -2 captured (ASL-B5.3-H)."""
        value = breakdown_number(self.breakdown, intensive=self.intensive)
        return value + (CAPTURED_BREAKDOWN_CHANGE if self.captured else 0)

    def with_ammo(self, ammo: str, depletion: int | None) -> GunShot:
        return self.model_copy(update={"ammo": ammo, "depletion": depletion})
