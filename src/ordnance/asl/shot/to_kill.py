"""The effect of a hit on a vehicle: the To Kill DR against the Final TK# (notes B6).

The AF is the one of the location hit (the turret's when the hit is on the
turret and it differs, none for an unarmoured vehicle); the Final TK#
(:func:`ordnance.asl.rules.to_kill.final_tk`: Basic TK#, range change, Critical
Hit) is compared with the second DR on the AFV Destruction Table
(:func:`ordnance.asl.rules.to_kill.to_kill_result`).

>>> from ordnance.asl.shot.outcome import ShotOutcome
>>> from ordnance.asl.shot.plan import plan_shot
>>> from ordnance.asl.shot.spec import GunShot
>>> from ordnance.asl.rules.depletion import check_shot
>>> from ordnance.asl.rules.to_hit import judge
>>> from ordnance.core.dice import DR
>>> spec = GunShot(gun="75L", ammo="AP", range=3, target="vehicle", af=11)
>>> plan = plan_shot(spec)
>>> assert plan.th is not None and plan.drm is not None
>>> check = check_shot("AP", None, DR(2, 3), breakdown=12)
>>> hit = judge(plan.th, plan.drm, DR(2, 3))
>>> to_kill_effect(ShotOutcome(spec, plan, check, hit, "hit", None), DR(1, 1)).effect
'burn'
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.asl.rules.to_kill import KILLS, final_tk, to_kill_result
from ordnance.asl.shot.outcome import ShotOutcome
from ordnance.core.dice import DR


def to_kill_effect(scored: ShotOutcome, second: DR) -> ShotOutcome:
    """The ``scored`` hit on a ``vehicle``/``unarmored`` target judged with the To Kill DR ``second``.

    Deliberate Immobilization (Case G, +5 To Hit) aims at the hull: a hit is
    judged against the hull AF, and any result that would kill or immobilize
    immobilizes, any other has no effect [unverified: the notes give Case G's
    +5 only; this is the usual reading of C5.7].
    """
    spec, hit = scored.spec, scored.to_hit
    assert hit is not None
    opts = spec.options
    af = spec.af
    immobilize = spec.cases.deliberate_immobilization
    if spec.target == "unarmored":
        af = None
    elif hit.location == "turret" and spec.af_turret is not None and not immobilize:
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
    location = "hull" if immobilize else hit.location
    result, clause = to_kill_result(second.total, tk, location, he=spec.ammo == "HE", options=opts)
    if immobilize:
        result = "immobilized" if result in (*KILLS, "immobilized") else "no effect"
        clause = "ASL-B5.3-G"
    return replace(
        scored, effect=result, tk=tk, tk_dr=second, clauses=(*scored.clauses, tk.clause, clause)
    )
