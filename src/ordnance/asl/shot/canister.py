"""The Canister branch of a shot: no To Hit DR; its IFT DR is the depletion and B# check.

A Canister shot (ASL-8.4-b/f) attacks the Locations of the declared aim
point (V1..V5 of a Covered Arc facing north from a Gun at the origin) at its
FP (entered, or the Canister FP of its caliber), through the Canister rules
of :mod:`ordnance.asl.canister`. The outcome's effect is the worst IFT result
of the attacked Locations.
"""

from __future__ import annotations

from ordnance.asl.canister.aim import aim_points
from ordnance.asl.canister.attacks import canister_attacks
from ordnance.asl.canister.resolve import fire_canister
from ordnance.asl.rules.depletion import check_shot
from ordnance.asl.rules.tables import load_tables
from ordnance.asl.rules.to_hit import parse_gun_size
from ordnance.asl.shot.ift import ift_severity
from ordnance.asl.shot.outcome import ShotOutcome, Status
from ordnance.asl.shot.plan import ShotPlan
from ordnance.asl.shot.spec import GunShot
from ordnance.core.dice import DiceSource
from ordnance.core.hexes import CoveredArc, Direction, Hex


def canister_shot(dice: DiceSource, spec: GunShot, plan: ShotPlan) -> ShotOutcome:
    """Fire the declared Canister shot with ``dice`` (its one Original DR, ASL-8.4-f)."""

    caliber, _mark = parse_gun_size(spec.gun)
    fp = spec.canister_fp if spec.canister_fp is not None else load_tables().canister_fp(caliber)
    origin = Hex(0, 0)
    aims = aim_points(origin, CoveredArc(origin, Direction.N))
    aim = aims[spec.canister_aim - 1]
    attacks = canister_attacks(aim, fp)
    result = fire_canister(
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
    effect = worst_ift(cells) if result.fired else None
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


def worst_ift(cells: list[str]) -> str | None:
    """The IFT result worst for the target (:func:`~ordnance.asl.shot.ift.ift_severity`)."""
    return min(cells, key=ift_severity) if cells else None
