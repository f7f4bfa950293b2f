"""The depletion check and its consequences (ASL-8.9, 8.1, 8.92, AMB-18) and its odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ordnance.asl.odds.depletion import (
    available_on_shot,
    enumerated_rounds,
    enumerated_shot,
    expected_attempts,
    expected_rounds,
    fired_on_shot,
    rounds_distribution,
    shot_counts,
    shot_distribution,
    shot_with_malfunction,
)
from ordnance.asl.rules.depletion import (
    DepletionOutcome,
    check_shot,
    depletion_outcome,
    refuse_late_declaration,
    special_ammo_shot,
)
from ordnance.core.dice import DR, EnteredDice
from ordnance.core.errors import InvalidDice, RuleViolation
from ordnance.core.odds import enumerate_procedure


def shot(c: int, w: int, n: int | None, **kw: object) -> object:
    return special_ammo_shot(EnteredDice([c, w]), "APCR", n, **kw)  # type: ignore[arg-type]


def test_below_n_used_and_kept() -> None:
    """ASL-8.9-c: DR < N fires the round; the ammunition stays available."""
    r = check_shot("APCR", 5, DR(2, 2))
    assert r.outcome is DepletionOutcome.USED
    assert r.fired_special and r.counts_as_fired and not r.gone
    assert not r.may_fire_again_other_ammo
    assert r.clause == "ASL-8.9-c"


def test_equal_n_used_then_gone() -> None:
    """ASL-8.9-d: DR = N fires the round, then the ammunition is gone for the scenario."""
    r = check_shot("APCR", 5, DR(3, 2))
    assert r.outcome is DepletionOutcome.USED_AND_DEPLETED
    assert r.fired_special and r.counts_as_fired and r.gone
    assert r.clause == "ASL-8.9-d"


def test_above_n_not_available() -> None:
    """ASL-8.9-e: DR > N: no shot, not fired (but B#), may fire other ammo, gone."""
    r = check_shot("APCR", 5, DR(4, 2))
    assert r.outcome is DepletionOutcome.NOT_AVAILABLE
    assert not r.fired_special and not r.counts_as_fired and r.gone
    assert r.may_fire_again_other_ammo
    assert r.clause == "ASL-8.9-e"


def test_above_n_still_checks_malfunction() -> None:
    """ASL-8.9-e / ASL-AMB-18: the same DR is still the B# check; a broken Gun may not refire."""
    r = check_shot("APCR", 5, DR(6, 6), breakdown=12)
    assert r.outcome is DepletionOutcome.NOT_AVAILABLE and r.malfunctioned
    assert not r.may_fire_again_other_ammo


def test_equal_n_and_malfunction_both_apply() -> None:
    """ASL-AMB-18: DR = N and DR >= B# : both rules apply independently."""
    r = check_shot("APCR", 11, DR(5, 6), breakdown=11)
    assert r.outcome is DepletionOutcome.USED_AND_DEPLETED and r.malfunctioned


def test_original_dr_only() -> None:
    """ASL-8.9-c: the Original DR decides: the function sees the two dice, never DRM."""
    assert depletion_outcome(5, 5) is DepletionOutcome.USED_AND_DEPLETED
    with pytest.raises(RuleViolation):
        depletion_outcome(13, 5)


def test_intensive_fire_keeps_n_lowers_breakdown() -> None:
    """ASL-8.92-a: Intensive Fire leaves N alone; B# -2."""
    normal = check_shot("APCR", 5, DR(5, 5), breakdown=12)
    intensive = check_shot("APCR", 5, DR(5, 5), breakdown=12, intensive=True)
    assert normal.depletion == intensive.depletion == 5
    assert normal.outcome is intensive.outcome
    assert not normal.malfunctioned and intensive.malfunctioned
    assert intensive.breakdown == 10


def test_no_depletion_number_means_no_check() -> None:
    """ASL-8.9-f / ASL-8.3-b: no Depletion Number: always used, never gone."""
    for total in range(2, 13):
        r = check_shot("HEAT", None, DR(1, total - 1) if total <= 7 else DR(6, total - 6))
        assert r.outcome is DepletionOutcome.USED and not r.gone
        assert r.clause == "ASL-8.9-f"


def test_declaration_after_roll_refused() -> None:
    """ASL-8.1-a: special ammunition declared after the DR is refused."""
    err = refuse_late_declaration("APCR", 2)
    assert err.clause == "ASL-8.1-a"


def test_declared_shot_uses_dr_as_depletion_check() -> None:
    """ASL-8.1-b: after the declaration the To Hit DR is the depletion check."""
    dice = EnteredDice([3, 2])
    r = special_ammo_shot(dice, "APCR", 5)
    assert dice.values == (3, 2) and r.original_dr == 5
    assert r.outcome is DepletionOutcome.USED_AND_DEPLETED


def test_entered_dice_validated() -> None:
    with pytest.raises(InvalidDice):
        special_ammo_shot(EnteredDice([7, 1]), "APCR", 5)


def test_rof_only_when_fired() -> None:
    """Multiple ROF (ASL-8.1-c context): a DR > N shot gives no ROF; a fired one can."""
    assert check_shot("APCR", 6, DR(1, 2), rof=1).rof_retained
    assert not check_shot("APCR", 2, DR(1, 2), rof=1).rof_retained
    assert not check_shot("APCR", 6, DR(2, 2), rof=1).rof_retained


# --- odds -------------------------------------------------------------------------------


def test_notes_probability_table() -> None:
    """The notes' table of ways out of 36 for N = 2..12 (ASL-8.9-c/d/e)."""
    table = {
        2: (0, 1, 35), 3: (1, 2, 33), 4: (3, 3, 30), 5: (6, 4, 26), 6: (10, 5, 21),
        7: (15, 6, 15), 8: (21, 5, 10), 9: (26, 4, 6), 10: (30, 3, 3), 11: (33, 2, 1),
        12: (35, 1, 0), 13: (36, 0, 0),
    }  # fmt: skip
    for n, counts in table.items():
        assert shot_counts(n) == counts


@pytest.mark.parametrize("n", range(2, 14))
@pytest.mark.parametrize("breakdown", [None, 10, 11])
@pytest.mark.parametrize("intensive", [False, True])
def test_closed_form_equals_enumeration(n: int, breakdown: int | None, intensive: bool) -> None:
    """Odds = enumerate_procedure over the resolving code (ASL-8.9-c/d/e, AMB-18, 8.92-a)."""
    assert shot_with_malfunction(n, breakdown, intensive=intensive) == enumerated_shot(
        n, breakdown, intensive=intensive
    )
    assert shot_distribution(n) == enumerated_shot(n).map(lambda o: o[0])


@pytest.mark.parametrize(
    ("n", "k"), [(n, k) for n in (2, 5, 7, 9, 12, 13) for k in (1, 2)] + [(5, 3)]
)
def test_rounds_over_k_shots_equal_enumeration(n: int, k: int) -> None:
    assert rounds_distribution(n, k) == enumerated_rounds(n, k)


def test_kth_shot_availability_by_enumeration() -> None:
    """Chance APCR is still there on the k-th shot = (P(DR<N))^(k-1), checked by brute force."""
    n, k = 6, 3

    def procedure(dice: object) -> bool:
        for _ in range(k - 1):
            r = special_ammo_shot(dice, "APCR", n)  # type: ignore[arg-type]
            if r.gone:
                return False
        return True

    dist = enumerate_procedure(procedure)  # type: ignore[arg-type]
    assert dist[True] == available_on_shot(n, k) == Fraction(10, 36) ** 2
    assert fired_on_shot(n, 1) == Fraction(15, 36)


def test_expected_rounds() -> None:
    """Expected rounds fired before it runs out: (P(<)+P(=)) / (1-P(<))."""
    assert expected_rounds(5) == Fraction(10, 36) / Fraction(30, 36)
    assert expected_attempts(5) == Fraction(36, 30)
    assert expected_rounds(13) is None
    # a long enumeration-free check: the truncated series converges to the expectation
    mean20 = rounds_distribution(7, 20).mean()
    assert abs(float(mean20) - float(expected_rounds(7) or 0)) < 1e-3


@given(st.integers(2, 13), st.integers(1, 6))
def test_availability_decreases(n: int, k: int) -> None:
    assert available_on_shot(n, k + 1) <= available_on_shot(n, k)
