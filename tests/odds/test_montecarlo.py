"""Monte Carlo: reproducible, exact in law, estimates inside their intervals (fixed seeds)."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest

from ordnance.bench import baselines
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds import Distribution, montecarlo
from ordnance.core.odds.compose import series
from ordnance.core.odds.montecarlo import (
    ExactSampler,
    attack_series,
    depletion_series,
    one_round_changed,
    wilson_interval,
)
from ordnance.core.odds.sequences import special_rounds_fired


def _coverage(res) -> float:  # type: ignore[no-untyped-def]
    outs = [o for o in res.outcomes() if res.exact[o] > 0.001]
    inside = sum(res.probability(o).contains(float(res.exact[o])) for o in outs)
    return inside / len(outs)


@pytest.mark.parametrize("method", ["table", "binomial"])
def test_token_series_estimates_contain_the_exact_values(method: str) -> None:
    plan = one_round_changed(4, 6, 5, 2, 5, extra_dice=1)
    res = attack_series(plan, trials=100_000, seed=11, method=method)
    assert res.exact == series(plan)
    assert res.mean.contains(float(res.exact.mean()))
    assert res.at_least(8).contains(float(res.exact.probability(lambda v: v >= 8)))
    assert _coverage(res) >= 0.8


def test_depletion_estimates_contain_the_exact_values() -> None:
    """covers ASL-8.9-c/-d/-e as a sequence: rounds fired before depletion."""
    res = depletion_series(8, 6, trials=100_000, seed=5)
    assert res.exact == special_rounds_fired(8, 6)
    assert res.mean.contains(float(res.exact.mean()))
    for k in range(0, 4):
        assert res.probability(k).contains(float(res.exact[k]))


def test_naive_per_die_simulations_agree_in_law() -> None:
    rng = np.random.default_rng(3)
    plan = one_round_changed(3, 5, 5, 1, 5, extra_dice=2)
    naive = baselines.naive_attack_series(rng, plan, 100_000)
    assert abs(naive.mean() - float(series(plan).mean())) < 4 * naive.std() / np.sqrt(naive.size)
    dep = baselines.naive_depletion(rng, 7, 5, 100_000)
    exact = special_rounds_fired(7, 5)
    assert abs(dep.mean() - float(exact.mean())) < 4 * dep.std() / np.sqrt(dep.size)


def test_same_seed_same_result_other_seed_differs() -> None:
    plan = one_round_changed(3, 6, 5, 2, 5)
    a = attack_series(plan, trials=20_000, seed=1)
    b = attack_series(plan, trials=20_000, seed=1)
    c = attack_series(plan, trials=20_000, seed=2)
    assert a.counts == b.counts and a.counts != c.counts


def test_exact_sampler_settles_ties_exactly() -> None:
    """A top word equal to a boundary's threshold is decided with more bits, exactly."""
    dist = Distribution.from_weights({0: 1, 1: 2})  # boundary at 1/3 (not a dyadic rational)
    sampler = ExactSampler(dist)
    t = int(sampler._thresholds[0])  # floor(2**63 / 3)
    rng = np.random.default_rng(0)
    picks = [sampler._resolve(rng, t) for _ in range(2000)]
    # U in [t, t+1) / 2**63 straddles 1/3: both sides occur, neither always.
    assert set(picks) == {0, 1}
    assert sampler._resolve(rng, t + 1) == 1 and sampler._resolve(rng, t - 1) == 0
    half = ExactSampler(Distribution.from_weights({0: 1, 1: 1}))
    assert half._resolve(rng, 2**62) == 1  # exactly 1/2 belongs to the upper outcome


def test_wilson_interval_and_refusals() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(0.19, abs=0.01)
    with pytest.raises(OrdnanceError):
        attack_series(one_round_changed(2, 3, 5, 1, 5), trials=0)
    with pytest.raises(OrdnanceError):
        one_round_changed(0, 3, 5, 1, 5)
    with pytest.raises(OrdnanceError):
        depletion_series(7, 10_000_000)


def test_long_series_is_sampled_round_by_round_without_its_exact_law() -> None:
    """1000 rounds of 10 dice: no exact law of more than GROUP_DICE dice is built."""
    plan = one_round_changed(1000, 10, 5, 0, 5, changed_round=0)
    real_repeat = montecarlo.repeat

    def one_round_only(dist: Distribution[int], times: int) -> Distribution[int]:
        assert times * 10 <= montecarlo.GROUP_DICE, f"built the exact law of {times} rounds"
        return real_repeat(dist, times)

    montecarlo.clear_caches()
    with (
        mock.patch.object(montecarlo, "repeat", one_round_only),
        mock.patch.object(montecarlo, "series", side_effect=AssertionError("series law")),
    ):
        res = attack_series(plan, trials=2_000, seed=5)
    assert res.exact is None and res.trials == 2_000
    # each round hits Binomial(10, 1/3): the mean total is 1000 * 10 / 3
    assert res.mean.contains(10_000 / 3)


def test_counts_are_accumulated_per_chunk() -> None:
    """Trials are counted chunk by chunk (np.bincount per chunk, nothing kept per trial)."""
    plan = one_round_changed(3, 6, 5, 2, 5)
    real = np.bincount
    sizes: list[int] = []

    def counting(values: np.ndarray) -> np.ndarray:  # type: ignore[type-arg]
        sizes.append(int(values.size))
        return real(values)

    with mock.patch.object(montecarlo, "CHUNK", 7_000), mock.patch("numpy.bincount", counting):
        res = attack_series(plan, trials=30_000, seed=4, method="binomial")
    assert sizes == [7_000, 7_000, 7_000, 7_000, 2_000]
    assert sum(res.counts.values()) == 30_000
    assert res.mean.contains(float(series(plan).mean()))
