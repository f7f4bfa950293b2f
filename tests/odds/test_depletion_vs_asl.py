"""The core's generic depletion sequence against the ASL resolving code.

``ordnance odds depletion`` prints :func:`ordnance.core.odds.sequences.special_rounds_fired`.
ASL resolves a real special-ammunition shot with
:func:`ordnance.asl.rules.depletion.special_ammo_shot` (imported read-only here). These tests
enumerate EVERY dice sequence of a series of declared shots resolved by the ASL code and
check the core's closed form, and the core's own reference procedure, against it.

covers ASL-8.9-c (DR < N: fired, kept), ASL-8.9-d (DR = N: fired, then gone),
ASL-8.9-e (DR > N: not fired, gone), over 1 to 3 declared shots.
"""

from __future__ import annotations

from functools import partial

import pytest

from ordnance.asl.rules.depletion import special_ammo_shot
from ordnance.core.dice import DiceSource
from ordnance.core.odds import Distribution, enumerate_procedure
from ordnance.core.odds.sequences import (
    expected_rounds_before_exhaustion,
    resolve_depletion_sequence,
    special_rounds_fired,
    still_available,
)


def asl_series(dice: DiceSource, number: int, shots: int) -> int:
    """Declare the ammunition on each shot while ASL says it is still there."""
    fired = 0
    for _ in range(shots):
        shot = special_ammo_shot(dice, "APCR", number)
        fired += 1 if shot.fired_special else 0
        if shot.gone:
            break
    return fired


def asl_law(number: int, shots: int) -> Distribution[int]:
    return enumerate_procedure(partial(asl_series, number=number, shots=shots))


CASES = [(n, k) for n in (2, 3, 5, 7, 8, 11, 12, 13) for k in (1, 2)] + [(5, 3), (8, 3)]


@pytest.mark.parametrize(("number", "shots"), CASES)
def test_core_closed_form_equals_the_asl_resolver(number: int, shots: int) -> None:
    assert special_rounds_fired(number, shots) == asl_law(number, shots)


@pytest.mark.parametrize(("number", "shots"), CASES)
def test_core_reference_procedure_equals_the_asl_resolver(number: int, shots: int) -> None:
    core = enumerate_procedure(
        partial(resolve_depletion_sequence, number=number, declarations=shots)
    )
    assert core == asl_law(number, shots)


def test_availability_and_expectation_agree_with_the_asl_resolver() -> None:
    """Still available on shot 3 = every one of the first two shots kept it (ASL-8.9-c)."""

    def kept_two(dice: DiceSource) -> bool:
        return not any(special_ammo_shot(dice, "APCR", 6).gone for _ in range(2))

    assert enumerate_procedure(kept_two)[True] == still_available(6, 3)
    expected = expected_rounds_before_exhaustion(5)
    assert expected is not None
    # the mean over more declared shots comes closer to the unbounded expectation
    assert abs(asl_law(5, 3).mean() - expected) < abs(asl_law(5, 1).mean() - expected)


def test_the_comparison_can_fail() -> None:
    assert special_rounds_fired(6, 2) != asl_law(5, 2)
