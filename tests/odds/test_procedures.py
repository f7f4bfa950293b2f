"""DR, hits-then-drift, depletion sequences and stacks: closed forms vs enumeration."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import pytest

from ordnance.core.dice import DiceSource, EnteredDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import Direction
from ordnance.core.odds import Distribution, enumerate_procedure
from ordnance.core.odds.compose import attack_against_stack, repeat, series
from ordnance.core.odds.dr import (
    dr_at_most,
    dr_exactly,
    dr_joint,
    dr_pairs,
    dr_totals,
    dr_versus,
)
from ordnance.core.odds.drift import (
    DriftOutcome,
    drift_kind,
    hits_then_drift,
    resolve_hits_then_drift,
)
from ordnance.core.odds.pools import net_hits, successes
from ordnance.core.odds.sequences import (
    expected_rounds_before_exhaustion,
    resolve_depletion_sequence,
    special_rounds_fired,
    still_available,
)


# -- DR ------------------------------------------------------------------------
def test_dr_totals_equal_enumeration_of_a_dr() -> None:
    assert enumerate_procedure(lambda d: d.dr().total) == dr_totals()
    assert enumerate_procedure(lambda d: d.dr()) == dr_pairs()


@pytest.mark.parametrize("modifier", [-3, 0, 2])
def test_dr_queries(modifier: int) -> None:
    dist = enumerate_procedure(lambda d: d.dr().total + modifier)
    assert dist == dr_totals(modifier)
    for target in range(-1, 16):
        assert dr_at_most(target, modifier) == dist.probability(lambda v, t=target: v <= t)
        assert dr_exactly(target, modifier) == dist[target]


@pytest.mark.parametrize("modifier", [-3, 0, 2])
def test_dr_joint_equals_enumeration_of_final_dr_and_coloured_die(modifier: int) -> None:
    """The (Final DR, coloured die) pairs that doubles and colour rules read: each pair once."""

    def final_and_coloured(d: DiceSource) -> tuple[int, int]:
        roll = d.dr()
        return roll.total + modifier, roll.coloured

    assert enumerate_procedure(final_and_coloured) == dr_joint(modifier)
    assert len(dr_joint(modifier)) == 36


def test_dr_versus_matches_the_notes_table() -> None:
    """covers ASL-8.9-c/-d/-e: counts out of 36 below / equal / above N (notes' table)."""
    table = {
        2: (0, 1, 35),
        5: (6, 4, 26),
        7: (15, 6, 15),
        10: (30, 3, 3),
        12: (35, 1, 0),
        13: (36, 0, 0),
    }
    for n, (b, e, a) in table.items():
        d = dr_versus(n)
        assert (d["below"], d["equal"], d["above"]) == (
            Fraction(b, 36),
            Fraction(e, 36),
            Fraction(a, 36),
        )


def test_dr_refuses_absurd_modifiers() -> None:
    with pytest.raises(OrdnanceError):
        dr_totals(10_000)


# -- hits then drift -------------------------------------------------------------
@pytest.mark.parametrize(("dice", "hit_on"), [(0, 5), (1, 5), (2, 4), (3, 5), (2, 6)])
def test_smoke_round_equals_enumeration_of_the_resolving_procedure(dice: int, hit_on: int) -> None:
    """covers TOI-SMK-3 (2+ placed), TOI-SMK-4 (1 hit: distance die, direction die), TOI-SMK-5 (0: misfire)."""
    proc = partial(resolve_hits_then_drift, dice=dice, hit_on=hit_on)
    assert enumerate_procedure(proc) == hits_then_drift(dice, hit_on)


@pytest.mark.parametrize(("place_at", "drift_at"), [(3, 2), (3, 1), (2, 2), (1, 1)])
def test_hits_then_drift_with_other_place_and_drift_numbers(place_at: int, drift_at: int) -> None:
    """The generic shape with other thresholds, against the resolving procedure enumerated."""
    proc = partial(resolve_hits_then_drift, dice=3, hit_on=4, place_at=place_at, drift_at=drift_at)
    assert enumerate_procedure(proc) == hits_then_drift(3, 4, place_at=place_at, drift_at=drift_at)


def test_smoke_round_with_defence_dice_option() -> None:
    """TOI-AMB-4 option: defence dice for the hex's cover."""
    proc = partial(resolve_hits_then_drift, dice=2, hit_on=5, defence=1, cancel_on=5)
    assert enumerate_procedure(proc) == hits_then_drift(2, 5, defence=1, cancel_on=5)


def test_smoke_round_shape() -> None:
    d = hits_then_drift(4, 5)
    kinds = drift_kind(d)
    assert kinds["placed"] == successes(4, 5).probability(lambda h: h >= 2)
    assert kinds["misfire"] == successes(4, 5)[0]
    # every (distance, direction) of a drift is equally likely
    drifts = {o for o in d if o.kind == "drift"}
    assert len(drifts) == 36 and len({d[o] for o in drifts}) == 1
    assert str(DriftOutcome("drift", 3, 1)).startswith("drift 3 ")


def test_drift_reads_the_direction_die_as_a_hex_direction() -> None:
    """TOI-SMK-4: the direction die against the directional marker, 1 = N, then clockwise."""
    expected = [Direction.N, Direction.NE, Direction.SE, Direction.S, Direction.SW, Direction.NW]
    got = [DriftOutcome("drift", 2, die).heading for die in range(1, 7)]
    assert got == expected
    assert [str(DriftOutcome("drift", 3, d)) for d in (1, 4)] == ["drift 3 N", "drift 3 S"]


def test_resolving_a_real_smoke_roll() -> None:
    # 3 dice on 5+: 5,1,2 = one hit -> drift 4 hexes, direction die 2.
    src = EnteredDice([5, 1, 2, 4, 2])
    assert resolve_hits_then_drift(src, 3, 5) == DriftOutcome("drift", 4, 2)
    src.finish()


# -- depletion -------------------------------------------------------------------
@pytest.mark.parametrize(("number", "shots"), [(2, 2), (5, 3), (7, 2), (8, 3), (12, 2), (13, 2)])
def test_rounds_fired_equals_enumeration(number: int, shots: int) -> None:
    """covers ASL-8.9-c, ASL-8.9-d, ASL-8.9-e through the resolving procedure."""
    proc = partial(resolve_depletion_sequence, number=number, declarations=shots)
    assert enumerate_procedure(proc) == special_rounds_fired(number, shots)


def test_availability_and_expectation() -> None:
    # notes: after k shots still available with (P(DR < N))^k; N = 5 -> (6/36)^k
    assert still_available(5, 1) == 1
    assert still_available(5, 3) == Fraction(6, 36) ** 2
    # E = (P(<N) + P(=N)) / (1 - P(<N)); N = 7: (15 + 6)/36 / (21/36) = 1
    assert expected_rounds_before_exhaustion(7) == 1
    assert expected_rounds_before_exhaustion(13) is None
    # the long-run expectation is the limit of the k-shot means
    assert special_rounds_fired(5, 40).mean() == pytest.approx(
        float(expected_rounds_before_exhaustion(5))
    )


# -- composition -----------------------------------------------------------------
def test_attack_against_a_stack_equals_enumeration() -> None:
    """One attack roll shared by the stack, each unit saving on its own dice (bind)."""

    def proc(d: DiceSource) -> tuple[int, ...]:
        hits = sum(1 for v in d.pool(2) if v >= 5)
        return tuple(max(hits - sum(1 for v in d.pool(m) if v >= 5), 0) for m in (1, 0, 2))

    assert enumerate_procedure(proc) == attack_against_stack(2, 5, (1, 0, 2), 5)


def test_series_and_repeat() -> None:
    one = net_hits(3, 5, 1, 5)
    assert repeat(one, 3) == one + one + one
    assert series([(3, 5, 1, 5), (4, 5, 1, 5), (3, 5, 1, 5)]) == one + net_hits(4, 5, 1, 5) + one
    assert repeat(one, 0) == Distribution.certain(0)


def test_warm_queries_are_cache_hits() -> None:
    """Not timed: the second identical query returns the very same object."""
    assert net_hits(9, 4, 2, 5) is net_hits(9, 4, 2, 5)
    assert hits_then_drift(5, 5) is hits_then_drift(5, 5)
    assert dr_totals(1) is dr_totals(1)
