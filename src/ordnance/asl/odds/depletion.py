"""Exact odds of the depletion check (ASL-8.9), in closed form.

The sequence forms come from :mod:`ordnance.core.odds.sequences` (the core's
cached closed forms); this module gives them their ASL meaning, adds the
malfunction check, and handles ammunition with no Depletion Number.

Every closed form here is tested against
:func:`~ordnance.core.odds.enumerate_procedure` run over
:func:`ordnance.asl.rules.depletion.special_ammo_shot`, the code that resolves real
shots (see ``tests/asl/test_depletion_odds.py``).

With ``less``, ``equal``, ``more`` the chances that the Original DR is below,
at or above N:

* one shot: ``used`` = less, ``used-and-depleted`` = equal, ``not-available`` = more;
* still available when declaring the k-th shot: less ** (k - 1);
* the k-th shot is fired with it: less ** (k - 1) * (less + equal);
* expected special rounds fired before it is gone: (less + equal) / (1 - less);
* expected declarations until it is gone: 1 / (1 - less).

>>> shot_distribution(5).to_json()
{'not-available': '13/18', 'used': '1/6', 'used-and-depleted': '1/9'}
>>> available_on_shot(5, 3)
Fraction(1, 36)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ordnance.asl.rules.depletion import (
    DepletionOutcome,
    breakdown_number,
    depletion_outcome,
    malfunctions,
    special_ammo_shot,
)
from ordnance.core.dice import DiceSource
from ordnance.core.odds import Distribution, enumerate_procedure
from ordnance.core.odds.sequences import (
    depletion_weights,
    expected_rounds_before_exhaustion,
    special_rounds_fired,
    still_available,
)

#: Ways to roll each Original DR total with two dice (out of 36).
DR_WAYS: dict[int, int] = {t: 6 - abs(t - 7) for t in range(2, 13)}


def shot_counts(depletion: int | None) -> tuple[int, int, int]:
    """Ways out of 36 for DR < N, DR = N and DR > N (no check: all 36 are "<")."""
    if depletion is None:
        return 36, 0, 0
    return depletion_weights(depletion)


def _parts(depletion: int | None) -> tuple[Fraction, Fraction, Fraction]:
    less, equal, more = shot_counts(depletion)
    return Fraction(less, 36), Fraction(equal, 36), Fraction(more, 36)


def shot_distribution(depletion: int | None) -> Distribution[str]:
    """ASL-8.9-c/d/e: the outcome of one declared shot."""
    less, equal, more = shot_counts(depletion)
    return Distribution.from_counts(
        {
            DepletionOutcome.USED.value: less,
            DepletionOutcome.USED_AND_DEPLETED.value: equal,
            DepletionOutcome.NOT_AVAILABLE.value: more,
        }
    )


def shot_with_malfunction(
    depletion: int | None, breakdown: int | None = None, *, intensive: bool = False
) -> Distribution[tuple[str, bool]]:
    """Joint outcome and malfunction of one shot (ASL-AMB-18; B# -2 under Intensive Fire)."""
    counts: dict[tuple[str, bool], int] = {}
    for total, ways in DR_WAYS.items():
        key = (
            depletion_outcome(total, depletion).value,
            malfunctions(total, breakdown, intensive=intensive),
        )
        counts[key] = counts.get(key, 0) + ways
    return Distribution.from_counts(counts)


def malfunction_distribution(
    breakdown: int | None = None, *, intensive: bool = False
) -> Distribution[str]:
    """An ordinary shot (no depletion check): malfunction or not, by :func:`malfunctions`."""
    counts = {"malfunction": 0, "no malfunction": 0}
    for total, ways in DR_WAYS.items():
        broke = malfunctions(total, breakdown, intensive=intensive)
        counts["malfunction" if broke else "no malfunction"] += ways
    return Distribution.from_counts(counts)


def enumerated_shot(
    depletion: int | None, breakdown: int | None = None, *, intensive: bool = False
) -> Distribution[tuple[str, bool]]:
    """The brute-force reference: every DR through the resolving code."""

    def procedure(dice: DiceSource) -> tuple[str, bool]:
        shot = special_ammo_shot(
            dice, "special", depletion, breakdown=breakdown, intensive=intensive
        )
        return shot.outcome.value, shot.malfunctioned

    return enumerate_procedure(procedure)


def available_on_shot(depletion: int | None, k: int) -> Fraction:
    """Chance the ammunition is still there when the k-th shot is declared (k >= 1)."""
    if depletion is None:
        return Fraction(1)
    return still_available(depletion, k)


def fired_on_shot(depletion: int | None, k: int) -> Fraction:
    """Chance the k-th declared shot actually fires the special round."""
    less, equal, _more = _parts(depletion)
    return available_on_shot(depletion, k) * (less + equal)


def gone_by_shot(depletion: int | None, k: int) -> Fraction:
    """Chance the ammunition is gone after k declared shots."""
    return 1 - available_on_shot(depletion, k + 1)


def expected_rounds(depletion: int | None) -> Fraction | None:
    """Expected special rounds fired before it runs out; None when it never does."""
    if depletion is None:
        return None
    return expected_rounds_before_exhaustion(depletion)


def expected_attempts(depletion: int | None) -> Fraction | None:
    """Expected declarations until the ammunition is gone; None when never."""
    less, _equal, _more = _parts(depletion)
    if less == 1:
        return None
    return 1 / (1 - less)


def rounds_distribution(depletion: int | None, shots: int) -> Distribution[int]:
    """Special rounds fired over ``shots`` declarations, stopping once it is gone."""
    if depletion is None:
        return Distribution.certain(shots)
    return special_rounds_fired(depletion, shots)


def enumerated_rounds(depletion: int | None, shots: int) -> Distribution[int]:
    """Brute force of :func:`rounds_distribution` through the resolving code."""

    def procedure(dice: DiceSource) -> int:
        fired = 0
        for _ in range(shots):
            shot = special_ammo_shot(dice, "special", depletion)
            if shot.fired_special:
                fired += 1
            if shot.gone:
                break
        return fired

    return enumerate_procedure(procedure)


def shots_table(depletion: int | None, shots: int) -> list[dict[str, Any]]:
    """Per shot k: available when declared, fires the round, gone afterwards."""
    return [
        {
            "shot": k,
            "available": available_on_shot(depletion, k),
            "fires_special": fired_on_shot(depletion, k),
            "gone_after": gone_by_shot(depletion, k),
        }
        for k in range(1, shots + 1)
    ]


def depletion_report(
    depletion: int | None,
    shots: int,
    breakdown: int | None = None,
    *,
    intensive: bool = False,
    with_breakdown: bool = False,
) -> dict[str, Any]:
    """Everything the odds command prints (exact Fractions).

    ``with_breakdown`` (the command's ``--breakdown``) adds the malfunction
    check: ``rounds`` then stops at a malfunction too, and ``ends`` and
    ``breakdown_shots`` say how the run ended and shot by shot.
    """
    report: dict[str, Any] = {
        "depletion": depletion,
        "shot": shot_distribution(depletion),
        "shots": shots_table(depletion, shots),
        "rounds": rounds_distribution(depletion, shots),
        "expected_rounds": expected_rounds(depletion),
        "expected_attempts": expected_attempts(depletion),
    }
    if with_breakdown:
        joint = rounds_with_breakdown(depletion, shots, breakdown, intensive=intensive)
        report.update(
            {
                "breakdown": breakdown_number(breakdown, intensive=intensive),
                "intensive": intensive,
                "rounds": joint.map(lambda o: o[0]),
                "ends": joint.map(lambda o: o[1]),
                "malfunction": joint.probability(lambda o: o[1] == "malfunctioned"),
                "breakdown_shots": breakdown_table(
                    depletion, shots, breakdown, intensive=intensive
                ),
            }
        )
    return report


# -- depletion with the malfunction check (notes B5.7, ASL-AMB-18) ----------------------------------


def _step_counts(
    depletion: int | None, breakdown: int | None, intensive: bool
) -> dict[tuple[bool, bool, bool], int]:
    """Ways out of 36 of (fired the round, gone, malfunctioned) for one declared shot."""
    counts: dict[tuple[bool, bool, bool], int] = {}
    for total, ways in DR_WAYS.items():
        outcome = depletion_outcome(total, depletion)
        key = (
            outcome is not DepletionOutcome.NOT_AVAILABLE,
            outcome is not DepletionOutcome.USED,
            malfunctions(total, breakdown, intensive=intensive),
        )
        counts[key] = counts.get(key, 0) + ways
    return counts


def rounds_with_breakdown(
    depletion: int | None, shots: int, breakdown: int | None = None, *, intensive: bool = False
) -> Distribution[tuple[int, str]]:
    """(special rounds fired, how it ended) over ``shots`` declarations (ASL-8.9, B5.7).

    The run stops when the ammunition is gone (ASL-8.9-d/e) or the Gun
    malfunctions, which ends its fire (notes B5.7) even on a DR > N attempt
    (ASL-8.9-e, ASL-AMB-18). A malfunction takes precedence in the end state.
    """
    steps = _step_counts(depletion, breakdown, intensive)
    acc: dict[tuple[int, str], int] = {}

    def walk(k: int, fired: int, weight: int) -> None:
        if k == shots:
            key = (fired, "available")
            acc[key] = acc.get(key, 0) + weight * 36 ** (shots - k)
            return
        for (round_fired, gone, broke), ways in steps.items():
            n = fired + (1 if round_fired else 0)
            if broke or gone:
                end = "malfunctioned" if broke else "gone"
                key = (n, end)
                acc[key] = acc.get(key, 0) + weight * ways * 36 ** (shots - k - 1)
            else:
                walk(k + 1, n, weight * ways)

    walk(0, 0, 1)
    return Distribution.from_counts(acc)


def enumerated_rounds_with_breakdown(
    depletion: int | None, shots: int, breakdown: int | None = None, *, intensive: bool = False
) -> Distribution[tuple[int, str]]:
    """Brute force of :func:`rounds_with_breakdown` through the resolving code."""

    def procedure(dice: DiceSource) -> tuple[int, str]:
        fired = 0
        for _ in range(shots):
            shot = special_ammo_shot(
                dice, "special", depletion, breakdown=breakdown, intensive=intensive
            )
            fired += 1 if shot.fired_special else 0
            if shot.malfunctioned:
                return fired, "malfunctioned"
            if shot.gone:
                return fired, "gone"
        return fired, "available"

    return enumerate_procedure(procedure)


def breakdown_table(
    depletion: int | None, shots: int, breakdown: int | None = None, *, intensive: bool = False
) -> list[dict[str, Any]]:
    """Per shot k: still firing with the ammunition, fires the round, malfunctions on it."""
    steps = _step_counts(depletion, breakdown, intensive)
    going = Fraction(sum(w for (_f, g, b), w in steps.items() if not g and not b), 36)
    fires = Fraction(sum(w for (f, _g, _b), w in steps.items() if f), 36)
    broke = Fraction(sum(w for (_f, _g, b), w in steps.items() if b), 36)
    rows = []
    for k in range(1, shots + 1):
        reach = going ** (k - 1)
        rows.append(
            {
                "shot": k,
                "available": reach,
                "fires_special": reach * fires,
                "malfunctions": reach * broke,
            }
        )
    return rows
