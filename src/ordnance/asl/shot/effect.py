"""Step 4 of a shot: the effect of a hit, and only of a hit (C8.9).

SMOKE and WP place their counter and roll nothing more; any other hit rolls
a second DR, read as the To Kill DR against a vehicle
(:mod:`ordnance.asl.shot.to_kill`) or the IFT DR against Infantry
(:mod:`ordnance.asl.shot.ift`). :func:`effect_of_hit` takes that DR as a
value, so the closed-form odds (:mod:`ordnance.asl.shot.odds`) sum over it
with the very code that resolves a real shot. Both effects start from the
same scored hit (a :class:`ShotOutcome` with no effect yet) and fill it in.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.asl.rules.depletion import ShotResult
from ordnance.asl.rules.to_hit import ToHitResult
from ordnance.asl.shot.ift import ift_effect
from ordnance.asl.shot.outcome import ShotOutcome
from ordnance.asl.shot.plan import ShotPlan
from ordnance.asl.shot.spec import GunShot
from ordnance.asl.shot.to_kill import to_kill_effect
from ordnance.core.dice import DR


def needs_effect_dr(spec: GunShot) -> bool:
    """Whether a hit rolls a second DR (To Kill or IFT); SMOKE/WP need none."""
    return spec.ammo not in ("SMOKE", "WP")


def effect_dr_label(spec: GunShot) -> str:
    """What the second DR is called when the dice are asked for it."""
    if spec.ammo in ("SMOKE", "WP"):
        return "none"
    return "To Kill DR" if spec.target in ("vehicle", "unarmored") else "IFT DR"


def effect_of_hit(
    spec: GunShot, plan: ShotPlan, check: ShotResult, hit: ToHitResult, second: DR | None
) -> ShotOutcome:
    """Step 4 with the effect DR given (None for SMOKE/WP): the shot and the closed-form odds."""
    base = ("ASL-8.1-a", "ASL-B5.1", "ASL-B5.2", "ASL-B5.3", check.clause, "ASL-B5.7", "ASL-B5.4")
    scored = ShotOutcome(spec, plan, check, hit, "hit", None, clauses=base)
    if spec.ammo in ("SMOKE", "WP"):
        return replace(scored, effect="placed", clauses=(*base, "ASL-8.9-c", "ASL-8.5-a"))
    assert second is not None
    if spec.target in ("vehicle", "unarmored"):
        return to_kill_effect(scored, second)
    # Infantry: the IFT, at the HE Equivalency (ASL-8.31-h) or the HE FP (notes B7.3)
    return ift_effect(scored, second)
