"""Exact odds of one Canister shot (ASL-8.4-f, -g, ASL-AMB-9), from the 2d6 totals.

:func:`canister_odds` is checked in the tests against
:func:`~ordnance.core.odds.enumerate_procedure` over
:func:`~ordnance.asl.canister.resolve.fire_canister`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Unpack

from ordnance.asl.canister.attacks import CanisterHexAttack, Location
from ordnance.asl.canister.options import CanisterOptions
from ordnance.asl.canister.resolve import (
    NO_EFFECT,
    CanisterResult,
    CanisterShotInputs,
    canister_depletion,
    drm_for,
)
from ordnance.asl.rules import depletion, ift
from ordnance.core.odds import Distribution

__all__ = ["NOT_FIRED", "CanisterOdds", "OutcomeKey", "canister_odds", "outcome_key"]

#: Outcome label when the DR exceeded the Canister Depletion Number (nothing attacked).
NOT_FIRED = "not fired (no Canister)"

OutcomeKey = tuple[str, bool, tuple[str, ...]]


def outcome_key(result: CanisterResult) -> OutcomeKey:
    """A hashable summary of a shot: (depletion outcome, malfunction, outcome per Location)."""
    return (result.depletion, result.malfunction, tuple(h.outcome for h in result.hexes))


@dataclass(frozen=True, slots=True)
class CanisterOdds:
    """Exact odds of one Canister shot (all :class:`~fractions.Fraction`)."""

    #: Joint distribution of :func:`outcome_key`.
    joint: Distribution[OutcomeKey]
    #: Per attacked Location: IFT result, ``NO_EFFECT`` or ``NOT_FIRED``.
    per_location: tuple[tuple[Location, Distribution[str]], ...]
    depletion: Distribution[str]
    malfunction: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {
            "depletion": self.depletion.to_json(),
            "malfunction": f"{self.malfunction.numerator}/{self.malfunction.denominator}",
            "locations": [
                {"hex": str(h), "level": lvl, "distribution": d.to_json()}
                for (h, lvl), d in self.per_location
            ],
        }


def _column_cells(
    totals: Distribution[int], cell: Callable[[int, int], str], i: int
) -> Distribution[str]:
    return totals.map(lambda t: cell(i, t))


def _append(acc: tuple[str, ...], c: str) -> tuple[str, ...]:
    return (*acc, c)


def _marginal(joint: Distribution[OutcomeKey], i: int) -> Distribution[str]:
    return joint.map(lambda k: NOT_FIRED if k[0] == "not-available" else k[2][i])


def _dr_totals() -> Distribution[int]:
    d6 = Distribution.uniform(range(1, 7))
    return d6 + d6


def canister_odds(
    attacks: Sequence[CanisterHexAttack], **shot: Unpack[CanisterShotInputs]
) -> CanisterOdds:
    """Exact distribution of a Canister shot's outcome, from the 2d6 totals.

    Only the DR totals matter to :func:`resolve` (no cowering for ordnance,
    notes B7.6), so this works over the 11 totals instead of 36 (or, with the
    per-location option, 36**n) dice sequences. The tests check it equals
    :func:`~ordnance.core.odds.enumerate_procedure` over :func:`fire_canister`.
    """
    opts = shot.get("options") or CanisterOptions()
    depletion_number = shot["depletion_number"]
    breakdown_number = shot.get("breakdown_number")
    totals = _dr_totals()
    finals = [drm_for(a, shot.get("drm"), shot.get("common_drm", 0)) for a in attacks]

    def cell(i: int, total: int) -> str:
        col = attacks[i].column
        res = None if col is None else ift.result(col, total + finals[i])
        return res or NO_EFFECT

    def joint_given(first: int) -> Distribution[OutcomeKey]:
        outcome = canister_depletion(first, depletion_number)
        malf = depletion.malfunctions(first, breakdown_number)
        if outcome == "not-available":
            return Distribution.certain((outcome, malf, ()))
        if opts.canister_dr == "one" or not attacks:
            return Distribution.certain(
                (outcome, malf, tuple(cell(i, first) for i in range(len(attacks))))
            )
        rest: Distribution[tuple[str, ...]] = Distribution.certain((cell(0, first),))
        for i in range(1, len(attacks)):
            rest = rest.combine(_column_cells(totals, cell, i), _append)
        return rest.map(lambda cells: (outcome, malf, cells))

    joint = totals.bind(joint_given)
    per_location = tuple((a.location, _marginal(joint, i)) for i, a in enumerate(attacks))
    return CanisterOdds(
        joint=joint,
        per_location=per_location,
        depletion=joint.map(lambda k: k[0]),
        malfunction=joint.probability(lambda k: k[1]),
    )
