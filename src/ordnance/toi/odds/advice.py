"""Which munitions token is best against this target? Exact answers.

For a unit about to fire, :func:`rank_munitions` compares the plain attack with
each token (HE, AP-B, AP-C) by expected net hits and by the chance to destroy
the target under the documented damage default (:mod:`~ordnance.toi.rules.damage`, partly
[unverified] in the notes), and reports the Smoke round's odds separately
(it does no damage). A token the rules forbid here (HE at long range) is listed
with the clause that forbids it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ordnance.core.errors import RuleViolation
from ordnance.core.messages import Said
from ordnance.core.odds.distribution import Distribution
from ordnance.toi.rules.attack import (
    AttackInput,
    RangeBand,
    Supporter,
    attack_distribution,
    plan_attack,
)
from ordnance.toi.rules.damage import VehicleDamage, hits_to_destroy
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.rules.readings import DEFAULTS, RuleReadings
from ordnance.toi.rules.smoke import hit_odds, plan_smoke


def _shown(exc: RuleViolation) -> str:
    """A refusal's text as a face shows it: its English, keeping its message (any language)."""
    return Said(exc.said) if exc.said is not None else exc.message


def kill_chance(
    dist: Distribution[int], target: str, damage: VehicleDamage, figures: int
) -> Fraction:
    """P(the target is destroyed): vehicles by the damage table, squads when every figure goes."""
    need = hits_to_destroy(damage) if target == "vehicle" else figures
    return dist.probability(lambda k: k >= need)


def rank_munitions(
    firepower: int,
    band: RangeBand,
    defence: int,
    *,
    target: str = "vehicle",
    damage: VehicleDamage = VehicleDamage.UNDAMAGED,
    figures: int = 4,
    fire_and_movement: bool = False,
    support: tuple[int, ...] = (),
    settings: RuleReadings | None = None,
) -> list[dict[str, Any]]:
    """Every choice, best first (expected net hits, then kill chance)."""
    settings = settings or DEFAULTS
    rows: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    for choice in (None, Munition.HE, Munition.AP_B, Munition.AP_C):
        inp = AttackInput(
            firepower=firepower,
            target=target,
            band=band,
            defence=defence,
            munitions=(choice,) if choice else (),
            fire_and_movement=fire_and_movement,
            support=tuple(Supporter(fp) for fp in support),
        )
        name = choice.value if choice else "none"
        try:
            plan = plan_attack(inp, settings)
        except RuleViolation as exc:
            refused.append(
                {"munition": name, "allowed": False, "clause": exc.clause, "reason": _shown(exc)}
            )
            continue
        dist = attack_distribution(plan)
        rows.append(
            {
                "munition": name,
                "allowed": True,
                "attack_dice": plan.attack_dice,
                "hit_on": plan.hit_on,
                "defence_dice": plan.defence_dice,
                "expected_net_hits": dist.mean(),
                "kill_chance": kill_chance(dist, target, damage, figures),
                "clauses": list(plan.clauses),
                "distribution": dist,
            }
        )
    rows.sort(key=lambda r: (-r["expected_net_hits"], -r["kill_chance"], r["munition"]))
    smoke: dict[str, Any] = {
        "munition": Munition.SMOKE.value,
        "allowed": True,
        "note": "lays smoke in a hex, no damage (TOI-SMK-1)",
    }
    if target != "vehicle":
        smoke.update(note="a Smoke round rolls the vehicle attack dice: see `ordnance toi smoke`")
        return [*rows, *refused, smoke]
    try:
        sp = plan_smoke(firepower, band, settings, fire_and_movement=fire_and_movement)
        placed, drift, misfire = hit_odds(sp)
        smoke.update(dice=sp.dice, hit_on=sp.hit_on, placed=placed, drift=drift, misfire=misfire)
    except RuleViolation as exc:
        smoke.update(allowed=False, clause=exc.clause, reason=_shown(exc))
    return [*rows, *refused, smoke]
