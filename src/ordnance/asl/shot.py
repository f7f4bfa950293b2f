"""The whole Gun shot as one pure procedure: declaration, To Hit, depletion, B#, effect.

:func:`resolve_shot` takes its dice from a
:class:`~ordnance.core.dice.DiceSource`, so the very code that resolves a
real shot also defines its odds (:mod:`ordnance.asl.shot_odds` enumerates
it). The order of the steps, each refusing with its clause:

1. **Declare** the ammunition before any die (ASL-8.1-a, ASL-8.9-b): AP, HE,
   APCR, APDS, HEAT, SMOKE, WP or Canister, against a Target Type; HEAT only
   at the targets ASL-8.31-b allows; SMOKE/WP at the Area Target Type.
2. **To Hit** (:mod:`ordnance.asl.to_hit`): the Modified TH# (ASL-B5.1,
   ASL-B5.2), the DRM (ASL-B5.3 cases A-I, Acquisition entered, Intensive
   Fire and captured use from the shot) and the hit test (ASL-B5.4/5.5).
   Canister has no To Hit DR (ASL-8.4-b): its IFT DR takes that role.
3. **The same DR** is the depletion check (ASL-8.9-c/d/e via
   :func:`ordnance.asl.depletion.check_shot`) and the B# check (ASL-B5.7,
   ASL-AMB-18); B# is lowered by 2 for Intensive Fire (ASL-8.92-a) and by 2
   more for captured use (ASL-B5.3-H). A DR > N voids the shot: nothing hits.
4. **The effect of a hit**, and only of a hit: To Kill against a vehicle
   (:mod:`ordnance.asl.to_kill`, a second DR), the IFT at the HE Equivalency
   of AP/APCR/APDS/HEAT (ASL-8.31-h) or the HE FP against Infantry, and the
   SMOKE/WP counter placed (C8.9: "the effect of any hit/placement it
   achieved with that DR"). Canister attacks its Locations on the IFT with
   its DR (ASL-8.4-f, via :mod:`ordnance.asl.canister`).

>>> from ordnance.core.dice import EnteredDice
>>> spec = GunShot(gun="75L", ammo="APCR", depletion=5, range=3, target="vehicle", af=11)
>>> out = resolve_shot(EnteredDice([1, 2, 2, 3]), spec)
>>> out.status, out.effect
('hit', 'burn')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ordnance.asl import ift
from ordnance.asl.depletion import ShotResult, breakdown_number, check_shot
from ordnance.asl.he_equivalency import check_heat_target, he_equivalency
from ordnance.asl.options import AslOptions
from ordnance.asl.tables import load_tables
from ordnance.asl.to_hit import (
    FirerCases,
    ModifiedTh,
    ToHitDrm,
    ToHitResult,
    judge,
    modified_th,
    parse_gun_size,
    th_colour,
    to_hit_drm,
)
from ordnance.asl.to_kill import KILLS, FinalTk, final_tk, to_kill_result
from ordnance.core.dice import DR, DiceSource
from ordnance.core.errors import RuleViolation, UnknownName

SHOT_AMMO = ("AP", "HE", "APCR", "APDS", "HEAT", "SMOKE", "WP", "Canister")
#: Captured use lowers B# by this much (ASL-B5.3-H, notes B5.7).
CAPTURED_BREAKDOWN_CHANGE = -2
Status = Literal["no-round", "miss", "hit", "fired"]


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
        f"unknown ammunition {text!r} for a Gun shot",
        clause="ASL-8.9-a",
        hint="one of " + ", ".join(SHOT_AMMO),
    )


class GunShot(BaseModel):
    """Everything a shot needs, declared before its DR (ASL-8.1-a).

    ``depletion`` is the Depletion Number N of the declared special
    ammunition (None: no depletion check, e.g. ordinary AP/HE).
    ``af`` is the target's Armor Factor at the facing fired on (None: the
    target is unarmoured); ``af_turret`` the turret's, when it differs.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    gun: str = Field(description="Gun size, e.g. 75L, 76LL, 57, 37*.")
    nationality: str = "german"
    ammo: str = "AP"
    depletion: int | None = Field(None, ge=2, le=12)
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


@cache
def plan_shot(spec: GunShot) -> ShotPlan:
    """Steps 1 and 2 before any die: refuse what the declaration does not allow."""
    ammo = spec.ammo
    if ammo == "HEAT":
        heat_target = {"vehicle": "vehicle", "unarmored": "vehicle"}.get(spec.target, spec.target)
        check_heat_target(heat_target, spec.tem)
    if ammo in ("SMOKE", "WP") and spec.target != "area":
        raise RuleViolation(
            "ASL-8.5-a",
            f"{ammo} is fired at a hex: the Area Target Type",
            hint="--target area",
        )
    if spec.target == "area" and ammo not in ("SMOKE", "WP", "HE"):
        raise RuleViolation(
            "ASL-B5.1",
            f"{ammo} is not fired on the Area Target Type",
            hint="SMOKE, WP or HE at an area; vehicle/unarmored/infantry otherwise",
        )
    if (
        ammo in ("AP", "APCR", "APDS", "HEAT", "HE")
        and spec.target == "vehicle"
        and spec.af is None
    ):
        raise RuleViolation(
            "ASL-B6",
            "an armoured target needs its Armor Factor",
            hint="--af N (the AF at the facing fired on), or --target unarmored",
        )
    if ammo == "Canister" and spec.target != "infantry":
        raise RuleViolation(
            "ASL-8.4-a", "Canister attacks Personnel in its Locations", hint="--target infantry"
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
    )
    return ShotPlan(th, drm, th.colour, clause)


@dataclass(frozen=True, slots=True)
class ShotOutcome:
    """One resolved shot. ``effect`` is the result on the target, or None without a hit.

    ``status``: ``no-round`` (DR > N: no shot, ASL-8.9-e), ``miss``, ``hit``,
    or ``fired`` (Canister: no To Hit, ASL-8.4-b).
    """

    spec: GunShot
    plan: ShotPlan
    check: ShotResult
    to_hit: ToHitResult | None
    status: Status
    effect: str | None
    tk: FinalTk | None = None
    tk_dr: DR | None = None
    ift: dict[str, Any] | None = None
    clauses: tuple[str, ...] = field(default=())

    @property
    def hit(self) -> bool:
        return self.status == "hit"

    @property
    def killed(self) -> bool:
        """The target is eliminated: burn/eliminated, or a KIA on the IFT."""
        if self.effect is None or self.effect in ("no effect", "placed"):
            return False
        if self.effect in KILLS:
            return True
        return self.ift is not None and "KIA" in self.effect

    @property
    def rof_retained(self) -> bool:
        """Multiple ROF kept (B5.6): fired, no malfunction, coloured dr <= ROF."""
        rof = self.spec.effective_rof
        return (
            self.check.counts_as_fired
            and not self.check.malfunctioned
            and rof > 0
            and self.check.dr.coloured <= rof
            and not self.spec.intensive
        )

    def key(self) -> tuple[str, str | None, bool, bool, bool]:
        """A hashable summary for odds: (status, effect, malfunction, ammo gone, ROF kept)."""
        gone = self.check.gone and self.check.depletion is not None
        return (self.status, self.effect, self.check.malfunctioned, gone, self.rof_retained)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ammo": self.spec.ammo,
            "status": self.status,
            "effect": self.effect,
            "killed": self.killed,
            "plan": self.plan.to_dict(),
            "depletion_check": self.check.to_dict(),
            "to_hit": None if self.to_hit is None else self.to_hit.to_dict(),
            "to_kill": None
            if self.tk is None
            else {
                **self.tk.to_dict(),
                "dr": None if self.tk_dr is None else [self.tk_dr.coloured, self.tk_dr.white],
            },
            "ift": self.ift,
            "rof_retained": self.rof_retained,
            "clauses": list(self.clauses),
        }


def resolve_shot(dice: DiceSource, spec: GunShot) -> ShotOutcome:
    """Resolve one declared shot; every refusal comes before the first die."""
    plan = plan_shot(spec)
    if spec.ammo == "Canister":
        return _canister(dice, spec, plan)
    assert plan.th is not None and plan.drm is not None
    dr = dice.dr("To Hit DR")
    return judge_shot(spec, plan, dr, dice)


def judge_shot(spec: GunShot, plan: ShotPlan, dr: DR, dice: DiceSource | None) -> ShotOutcome:
    """Steps 3 and 4 for a To Hit DR already rolled; ``dice`` gives the effect's DR.

    With ``dice`` None the effect DR is not rolled (the caller sums over it:
    :mod:`ordnance.asl.shot_odds`); the outcome then stops at the hit.
    """
    assert plan.th is not None and plan.drm is not None
    opts = spec.options
    check = check_shot(
        spec.ammo,
        spec.depletion,
        dr,
        breakdown=spec.effective_breakdown,
        rof=spec.effective_rof,
    )
    clauses = ["ASL-8.1-a", "ASL-B5.1", "ASL-B5.2", "ASL-B5.3", check.clause, "ASL-B5.7"]
    if not check.fired_special:
        # ASL-8.9-e: no shot took place, so no hit and no effect
        return ShotOutcome(spec, plan, check, None, "no-round", None, clauses=tuple(clauses))
    result = judge(plan.th, plan.drm, dr, turreted=spec.turreted, options=opts)
    clauses.append("ASL-B5.4")
    if not result.hit:
        return ShotOutcome(spec, plan, check, result, "miss", None, clauses=tuple(clauses))
    if check.malfunctioned and opts.malfunction_hit == "no-effect":
        clauses.append("ASL-AMB-18")
        return ShotOutcome(spec, plan, check, result, "hit", "no effect", clauses=tuple(clauses))
    if not needs_effect_dr(spec):
        return effect_of_hit(spec, plan, check, result, None)
    if dice is None:
        return ShotOutcome(spec, plan, check, result, "hit", None, clauses=tuple(clauses))
    return _effect(spec, plan, check, result, dice.dr(_effect_label(spec)), tuple(clauses))


def _effect_label(spec: GunShot) -> str:
    if spec.ammo in ("SMOKE", "WP"):
        return "none"
    return "To Kill DR" if spec.target in ("vehicle", "unarmored") else "IFT DR"


def needs_effect_dr(spec: GunShot) -> bool:
    """Whether a hit rolls a second DR (To Kill or IFT); SMOKE/WP need none."""
    return spec.ammo not in ("SMOKE", "WP")


def effect_of_hit(
    spec: GunShot, plan: ShotPlan, check: ShotResult, hit: ToHitResult, second: DR | None
) -> ShotOutcome:
    """Step 4 with the effect DR given (None for SMOKE/WP): used by the closed-form odds."""
    base = ("ASL-8.1-a", "ASL-B5.1", "ASL-B5.2", "ASL-B5.3", check.clause, "ASL-B5.7", "ASL-B5.4")
    if spec.ammo in ("SMOKE", "WP"):
        return ShotOutcome(
            spec, plan, check, hit, "hit", "placed", clauses=(*base, "ASL-8.9-c", "ASL-8.5-a")
        )
    assert second is not None
    return _effect(spec, plan, check, hit, second, base)


def _effect(
    spec: GunShot,
    plan: ShotPlan,
    check: ShotResult,
    hit: ToHitResult,
    second: DR,
    clauses: tuple[str, ...],
) -> ShotOutcome:
    opts = spec.options
    if spec.ammo in ("SMOKE", "WP"):
        return effect_of_hit(spec, plan, check, hit, None)
    if spec.target in ("vehicle", "unarmored"):
        af = spec.af
        if spec.target == "unarmored":
            af = None
        elif hit.location == "turret" and spec.af_turret is not None:
            af = spec.af_turret
        tk = final_tk(
            spec.ammo,
            spec.gun,
            spec.range,
            nationality=spec.nationality,
            af=af,
            critical=hit.critical,
            entered_tk=spec.tk,
            options=opts,
        )
        result, clause = to_kill_result(
            second.total, tk, hit.location, he=spec.ammo == "HE", options=opts
        )
        return ShotOutcome(
            spec,
            plan,
            check,
            hit,
            "hit",
            result,
            tk=tk,
            tk_dr=second,
            clauses=(*clauses, tk.clause, clause),
        )
    # Infantry: the IFT, at the HE Equivalency (ASL-8.31-h) or the HE FP (notes B7.3)
    caliber, _mark = parse_gun_size(spec.gun)
    if spec.ammo == "HE":
        column = ift.he_column_for_caliber(caliber)
        fp_text, why = str(column), "HE FP by caliber (notes B7.3)"
        clause = "ASL-B7.3"
    else:
        eq = he_equivalency(spec.ammo, caliber_mm=caliber, options=opts)
        column = ift.fp_column(eq.fp)
        fp_text, why, clause = str(eq.fp), eq.reason, eq.clause
    final = second.total + spec.ift_drm
    cell = ift.result(column, final)
    data = {
        "fp": fp_text,
        "column": column,
        "why": why,
        "dr": [second.coloured, second.white],
        "drm": spec.ift_drm,
        "final_dr": final,
        "result": cell,
        "clause": clause,
    }
    return ShotOutcome(
        spec,
        plan,
        check,
        hit,
        "hit",
        cell or "no effect",
        ift=data,
        clauses=(*clauses, "ASL-8.31-h", clause),
    )


def _canister(dice: DiceSource, spec: GunShot, plan: ShotPlan) -> ShotOutcome:
    """Canister: no To Hit DR; its IFT DR is the depletion and B# check (ASL-8.4-b/f)."""
    from ordnance.asl import canister
    from ordnance.core.hexes import CoveredArc, Direction, Hex

    caliber, _mark = parse_gun_size(spec.gun)
    fp = spec.canister_fp if spec.canister_fp is not None else load_tables().canister_fp(caliber)
    origin = Hex(0, 0)
    aims = canister.aim_points(origin, CoveredArc(origin, Direction.N))
    aim = aims[spec.canister_aim - 1]
    attacks = canister.canister_attacks(aim, fp)
    result = canister.fire_canister(
        dice,
        attacks,
        depletion_number=spec.depletion,
        breakdown_number=spec.effective_breakdown,
        common_drm=spec.ift_drm,
    )
    check = check_shot(
        "Canister", spec.depletion, result.original, breakdown=spec.effective_breakdown
    )
    cells = [h.result for h in result.hexes if h.result]
    effect = _worst_ift(cells) if result.fired else None
    status: Status = "fired" if result.fired else "no-round"
    return ShotOutcome(
        spec,
        plan,
        check,
        None,
        status,
        (effect or "no effect") if result.fired else None,
        ift={"canister": result.to_dict(), "aim": aim.name},
        clauses=("ASL-8.4-b", "ASL-8.4-f", check.clause),
    )


def ift_severity(cell: str) -> tuple[int, int]:
    """Order IFT cells: more KIA first, then K/#, #MC, NMC, PTC."""
    res = ift.parse_result(cell)
    rank = {"KIA": 0, "K": 1, "MC": 2, "NMC": 3, "PTC": 4}[res.kind]
    return rank, -res.number


def _worst_ift(cells: list[str]) -> str | None:
    return min(cells, key=ift_severity) if cells else None
