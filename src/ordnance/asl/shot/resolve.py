"""The whole Gun shot as one pure procedure: declaration, To Hit, depletion, B#, effect.

This module holds the order of the steps (:func:`resolve_shot`,
:func:`judge_shot`); each step lives in its own module (import it from there):

* :mod:`ordnance.asl.shot.spec`: the declaration, :class:`GunShot`;
* :mod:`ordnance.asl.shot.plan`: steps 1 and 2 before any die, :func:`plan_shot`;
* :mod:`ordnance.asl.shot.outcome`: the resolved shot, :class:`ShotOutcome`;
* :mod:`ordnance.asl.shot.effect`: step 4, :func:`effect_of_hit`, dispatching to
  :mod:`ordnance.asl.shot.to_kill` (a vehicle) and :mod:`ordnance.asl.shot.ift`
  (Infantry);
* :mod:`ordnance.asl.shot.canister`: the Canister branch.

:func:`resolve_shot` takes its dice from a
:class:`~ordnance.core.dice.DiceSource`, so the very code that resolves a
real shot also defines its odds (:mod:`ordnance.asl.shot.odds` enumerates
it). The order of the steps, each refusing with its clause:

1. **Declare** the ammunition before any die (ASL-8.1-a, ASL-8.9-b): AP, HE,
   APCR, APDS, HEAT, SMOKE, WP or Canister, against a Target Type; HEAT only
   at the targets ASL-8.31-b allows; SMOKE/WP at the Area Target Type.
2. **To Hit** (:mod:`ordnance.asl.rules.to_hit`): the Modified TH# (ASL-B5.1,
   ASL-B5.2), the DRM (ASL-B5.3 cases A-I, Acquisition entered, Intensive
   Fire and captured use from the shot) and the hit test (ASL-B5.4/5.5).
   Canister has no To Hit DR (ASL-8.4-b): its IFT DR takes that role.
3. **The same DR** is the depletion check (ASL-8.9-c/d/e via
   :func:`ordnance.asl.rules.depletion.check_shot`) and the B# check (ASL-B5.7,
   ASL-AMB-18); B# is lowered by 2 for Intensive Fire (ASL-8.92-a) and by 2
   more for captured use (ASL-B5.3-H). A DR > N voids the shot: nothing hits.
4. **The effect of a hit**, and only of a hit: To Kill against a vehicle
   (:mod:`ordnance.asl.rules.to_kill`, a second DR), the IFT at the HE Equivalency
   of AP/APCR/APDS/HEAT (ASL-8.31-h) or the HE FP against Infantry, and the
   SMOKE/WP counter placed (C8.9: "the effect of any hit/placement it
   achieved with that DR"). Canister attacks its Locations on the IFT with
   its DR (ASL-8.4-f, via :mod:`ordnance.asl.canister`).

>>> from ordnance.core.dice import EnteredDice
>>> from ordnance.asl.shot.spec import GunShot
>>> spec = GunShot(gun="75L", ammo="APCR", depletion=5, range=3, target="vehicle", af=11)
>>> out = resolve_shot(EnteredDice([1, 2, 2, 3]), spec)
>>> out.status, out.effect
('hit', 'burn')
"""

from __future__ import annotations

from ordnance.asl.rules.depletion import check_shot
from ordnance.asl.rules.to_hit import judge
from ordnance.asl.shot.effect import effect_dr_label, effect_of_hit, needs_effect_dr
from ordnance.asl.shot.outcome import ShotOutcome
from ordnance.asl.shot.plan import ShotPlan, plan_shot
from ordnance.asl.shot.spec import GunShot
from ordnance.core.dice import DR, DiceSource

__all__ = ["judge_shot", "resolve_shot"]


def resolve_shot(dice: DiceSource, spec: GunShot) -> ShotOutcome:
    """Resolve one declared shot; every refusal comes before the first die."""
    plan = plan_shot(spec)
    if spec.ammo == "Canister":
        # the Canister rules load only for a Canister shot: the odds of any other
        # shot (``ordnance asl odds gun``) start without them
        from ordnance.asl.shot.canister import canister_shot

        return canister_shot(dice, spec, plan)
    assert plan.th is not None and plan.drm is not None
    dr = dice.dr("To Hit DR")
    return judge_shot(spec, plan, dr, dice)


def judge_shot(spec: GunShot, plan: ShotPlan, dr: DR, dice: DiceSource | None) -> ShotOutcome:
    """Steps 3 and 4 for a To Hit DR already rolled; ``dice`` gives the effect's DR.

    With ``dice`` None the effect DR is not rolled (the caller sums over it:
    :mod:`ordnance.asl.shot.odds`); the outcome then stops at the hit.
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
    # effect_of_hit starts from the very clauses gathered above
    return effect_of_hit(spec, plan, check, result, dice.dr(effect_dr_label(spec)))
