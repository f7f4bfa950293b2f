"""The exact pool engine against brute force, the O(N*M) loop, and its properties."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ordnance.core.dice import EnteredDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds import Distribution, enumerate_procedure
from ordnance.core.odds.pools import (
    MAX_POOL,
    binomial_counts,
    net_counts,
    net_from_faces,
    net_hits,
    resolve_net_hits,
    successes,
)

THRESHOLDS = range(1, 8)  # 7 = never


def _faces(n: int) -> Distribution[tuple[int, ...]]:
    """Every sequence of n d6, enumerated through a DiceSource, as sorted multisets."""
    return enumerate_procedure(lambda d: tuple(sorted(d.pool(n))))


@pytest.mark.parametrize("attack", range(0, 5))
@pytest.mark.parametrize("defence", range(0, 4))
def test_net_hits_equals_brute_force_for_every_small_pool(attack: int, defence: int) -> None:
    """All N <= 4, M <= 3 and every hit / cancel number: enumerated dice == closed form."""
    attack_faces = _faces(attack)
    defence_faces = _faces(defence)
    both = attack_faces.combine(defence_faces, lambda a, b: (a, b))
    for hit_on in THRESHOLDS:
        for cancel_on in THRESHOLDS:
            brute = both.map(lambda o, t=hit_on, c=cancel_on: net_from_faces(o[0], t, o[1], c))
            assert net_hits(attack, hit_on, defence, cancel_on) == brute, (hit_on, cancel_on)


@pytest.mark.parametrize(
    ("attack", "defence"), [(n, m) for n in range(4) for m in range(3) if n + m <= 4]
)
def test_net_hits_equals_enumeration_of_the_resolving_procedure(attack: int, defence: int) -> None:
    """The same function that resolves a real roll, enumerated over every dice sequence."""
    for hit_on in (2, 4, 5, 6):
        for cancel_on in (4, 5, 6):
            proc = partial(
                resolve_net_hits, attack=attack, hit_on=hit_on, defence=defence, cancel_on=cancel_on
            )
            assert enumerate_procedure(proc) == net_hits(attack, hit_on, defence, cancel_on)


def _double_loop(n: int, t: int, m: int, c: int) -> tuple[int, ...]:
    hits, blocks = binomial_counts(n, t), binomial_counts(m, c)
    acc = [0] * (n + 1)
    for h, x in enumerate(hits):
        for b, y in enumerate(blocks):
            acc[max(h - b, 0)] += x * y
    return tuple(acc)


@given(st.integers(0, 60), st.integers(1, 7), st.integers(0, 60), st.integers(1, 7))
def test_recurrence_equals_the_double_loop(n: int, t: int, m: int, c: int) -> None:
    counts, total = net_counts(n, t, m, c)
    assert counts == _double_loop(n, t, m, c)
    assert total == 6 ** (n + m) == sum(counts)


@given(st.integers(0, 30), st.integers(1, 7), st.integers(0, 12), st.integers(1, 7))
def test_probabilities_sum_to_one_and_are_exact(n: int, t: int, m: int, c: int) -> None:
    dist = net_hits(n, t, m, c)
    assert sum((p for _, p in dist.items()), Fraction(0)) == 1
    assert all(isinstance(p, Fraction) for _, p in dist.items())
    assert all("." not in v for v in dist.to_json().values())


def _tail(dist: Distribution[int], k: int) -> Fraction:
    return dist.probability(lambda v: v >= k)


@given(
    st.integers(0, 25), st.integers(2, 6), st.integers(0, 8), st.integers(2, 6), st.integers(1, 6)
)
def test_monotone_in_attack_hit_number_and_defence(n: int, t: int, m: int, c: int, k: int) -> None:
    """More attack dice never hurt; a higher hit number or more defence never help."""
    base = _tail(net_hits(n, t, m, c), k)
    assert _tail(net_hits(n + 1, t, m, c), k) >= base
    assert _tail(net_hits(n, t + 1, m, c), k) <= base
    assert _tail(net_hits(n, t, m + 1, c), k) <= base
    assert _tail(net_hits(n, t, m, c + 1), k) >= base


def test_hand_checked_values() -> None:
    # 2 dice on 5+ vs 1 on 5+: P(0) = P(H=0) + P(H=1)P(B=1) = 4/9 + (4/9)(1/3) = 16/27
    assert net_hits(2, 5, 1, 5)[0] == Fraction(16, 27)
    assert successes(3, 5) == Distribution(
        {0: Fraction(8, 27), 1: Fraction(4, 9), 2: Fraction(2, 9), 3: Fraction(1, 27)}
    )
    assert net_hits(0, 5, 3, 5) == Distribution.certain(0)
    assert net_hits(3, 1, 0, 5) == Distribution.certain(3)  # 1+ always hits
    assert net_hits(3, 7, 0, 5) == Distribution.certain(0)  # 7 = never


def test_resolving_a_real_roll() -> None:
    # attack 6,5,2 on 5+ = 2 hits; defence 5,1 on 5+ cancels 1.
    dice = EnteredDice([6, 5, 2, 5, 1])
    assert resolve_net_hits(dice, 3, 5, 2, 5) == 1
    dice.finish()


@pytest.mark.parametrize(
    "args",
    [
        (-1, 5, 0, 5),
        (10_000, 5, 0, 5),
        (MAX_POOL + 1, 5, 0, 5),
        (3, 0, 0, 5),
        (3, 8, 0, 5),
        (3, 5, -2, 5),
        (3, 5, 2, 9),
        (True, 5, 0, 5),
        (2.5, 5, 0, 5),
    ],
)
def test_absurd_pools_are_refused_not_computed(args: tuple[int, int, int, int]) -> None:
    with pytest.raises(OrdnanceError) as err:
        net_hits(*args)
    assert err.value.message


def test_the_largest_pool_is_answered_exactly() -> None:
    """O(N + M) big-integer steps: 1000 dice against 1000 answer quickly and exactly."""
    counts, total = net_counts(MAX_POOL, 4, MAX_POOL, 5)
    assert sum(counts) == total == 6 ** (2 * MAX_POOL)
