"""Distribution: integer weights inside, exact Fractions outside."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ordnance.core.errors import OrdnanceError
from ordnance.core.odds import Distribution


def test_equal_distributions_compare_and_hash_equal_whatever_their_denominators() -> None:
    a = Distribution.from_weights({"x": 2, "y": 4})
    b = Distribution({"x": Fraction(1, 3), "y": Fraction(2, 3)})
    c = Distribution.from_weights({"x": 12, "y": 24})
    assert a == b == c and hash(a) == hash(b) == hash(c)
    assert a.denominator == 3 and a.weight("y") == 2


def test_bind_is_a_sequence_of_steps() -> None:
    # Roll a d6; on a 6 roll another and add it.
    d6 = Distribution.uniform(range(1, 7))
    dist = d6.bind(lambda v: d6.map(lambda w: v + w) if v == 6 else Distribution.certain(v))
    assert dist[3] == Fraction(1, 6) and dist[12] == Fraction(1, 36) and 6 not in dist


def test_mixture_weights_must_sum_to_one() -> None:
    coin = Distribution.uniform([0, 1])
    assert Distribution.mixture(
        [(Fraction(1, 2), coin), (Fraction(1, 2), Distribution.certain(2))]
    )[2] == Fraction(1, 2)
    with pytest.raises(OrdnanceError):
        Distribution.mixture([(Fraction(1, 3), coin)])


def test_refusals() -> None:
    with pytest.raises(OrdnanceError):
        Distribution({1: Fraction(1, 2)})
    with pytest.raises(OrdnanceError):
        Distribution({1: Fraction(-1, 2), 2: Fraction(3, 2)})
    with pytest.raises(OrdnanceError):
        Distribution.from_weights({1: -1, 2: 2})
    with pytest.raises(OrdnanceError):
        Distribution.uniform([1]).condition(lambda v: v > 1)


@given(
    st.dictionaries(st.integers(-5, 5), st.integers(0, 10**30), min_size=1).filter(
        lambda d: sum(d.values()) > 0
    )
)
def test_weights_round_trip_and_sum_to_one(weights: dict[int, int]) -> None:
    dist = Distribution.from_weights(weights)
    total = sum(weights.values())
    for k, w in weights.items():
        assert dist[k] == Fraction(w, total)
    assert sum((p for _, p in dist.items()), Fraction(0)) == 1
    assert Distribution(dict(dist.items())) == dist
    assert all("/" in v for v in dist.to_json().values())


def test_mean_condition_probability() -> None:
    d6 = Distribution.uniform(range(1, 7))
    assert d6.mean() == Fraction(7, 2)
    assert d6.condition(lambda v: v >= 5) == Distribution.uniform([5, 6])
    assert d6.probability(lambda v: v % 2 == 0) == Fraction(1, 2)
    assert d6.to_float_json()["1"] == pytest.approx(1 / 6)
