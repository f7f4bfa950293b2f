"""The core's generic "hits then drift" closed form against the ToI Smoke resolver.

``ordnance odds drift`` computes :func:`ordnance.core.odds.drift.hits_then_drift`;
the Tide of Iron Smoke round is resolved by :func:`ordnance.toi.rules.smoke.resolve_smoke_round`.
These tests enumerate EVERY dice sequence of the game's own resolver and check that
the core's closed form (with ``place_at=2``, ``drift_at=1``) is the same law, so the
generic odds the CLI prints are checked against the code that resolves a real round.

covers TOI-SMK-2 (the dice of a vehicle attack), TOI-SMK-3 (2+ hits placed),
TOI-SMK-4 (1 hit drifts: distance and direction dice), TOI-SMK-5 (no hit misfires),
TOI-AMB-1 (which drift die is the distance: both readings), TOI-AMB-4 (cover dice option).
"""

from __future__ import annotations

import pytest

from ordnance.core.dice import DiceSource
from ordnance.core.odds import enumerate_procedure
from ordnance.core.odds.drift import DriftOutcome, hits_then_drift
from ordnance.toi.rules.attack import RangeBand
from ordnance.toi.rules.smoke import SmokePlan, plan_smoke, resolve_smoke_round
from ordnance.toi.settings import ToISettings


def _label(o: DriftOutcome) -> tuple[str, int, int]:
    return (o.kind, o.distance, o.direction)


def _game_law(plan: SmokePlan) -> object:
    def roll(dice: DiceSource) -> tuple[str, int, int]:
        r = resolve_smoke_round(plan, dice)
        return (r.outcome, r.distance or 0, r.direction_die or 0)

    return enumerate_procedure(roll)


@pytest.mark.parametrize("drift_dice", ["text", "faq_core"])
@pytest.mark.parametrize("hit_on", [2, 4, 5, 6])
@pytest.mark.parametrize("dice", [0, 1, 2, 3])
def test_core_closed_form_equals_the_smoke_resolver(
    dice: int, hit_on: int, drift_dice: str
) -> None:
    plan = SmokePlan(dice=dice, hit_on=hit_on, band=RangeBand.NORMAL, drift_dice=drift_dice)
    core = hits_then_drift(dice, hit_on, place_at=2, drift_at=1).map(_label)
    assert _game_law(plan) == core


@pytest.mark.parametrize("drift_dice", ["text", "faq_core"])
@pytest.mark.parametrize(("dice", "hit_on", "cover"), [(1, 4, 1), (2, 5, 1), (2, 3, 2)])
def test_core_closed_form_with_defence_dice_equals_the_cover_option(
    dice: int, hit_on: int, cover: int, drift_dice: str
) -> None:
    """TOI-AMB-4 option smoke_dice="cover_defence": red cover dice cancel on 5+."""
    plan = SmokePlan(
        dice=dice, hit_on=hit_on, band=RangeBand.NORMAL, cover_dice=cover, drift_dice=drift_dice
    )
    core = hits_then_drift(dice, hit_on, defence=cover, cancel_on=plan.cancel_on).map(_label)
    assert _game_law(plan) == core


@pytest.mark.parametrize("drift_dice", ["text", "faq_core"])
@pytest.mark.parametrize("band", [RangeBand.CLOSE, RangeBand.NORMAL, RangeBand.LONG])
def test_core_closed_form_equals_planned_rounds(band: RangeBand, drift_dice: str) -> None:
    """Plans made by the game (Hit Number from the range band), 3 vehicle dice."""
    plan = plan_smoke(3, band, ToISettings(drift_dice=drift_dice))
    assert plan.drift_dice == drift_dice
    core = hits_then_drift(plan.dice, plan.hit_on).map(_label)
    assert _game_law(plan) == core


def test_the_comparison_can_fail() -> None:
    """A different threshold gives a different law (the test above is not vacuous)."""
    plan = SmokePlan(dice=2, hit_on=5, band=RangeBand.NORMAL)
    assert _game_law(plan) != hits_then_drift(2, 4).map(_label)
    assert _game_law(plan) != hits_then_drift(2, 5, place_at=1, drift_at=1).map(_label)
