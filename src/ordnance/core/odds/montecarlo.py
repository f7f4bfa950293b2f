"""Monte Carlo for sequences too long to enumerate, with confidence intervals.

Everything is NumPy-vectorised over trials and seeded (``numpy.random.Generator``
from ``default_rng(seed)``), so a run is reproducible from its seed, its
parameters and the chunk size. Where it is exact in law, a whole group of dice
is replaced by one draw of its sufficient statistic:

* a depletion sequence (2d6 DRs: below a number continues, equal ends after
  one more success, above ends with none) needs only the length of the run
  of DRs below the number, which is geometric (``Generator.geometric``), then
  whether the stopping DR equalled the number (one integer draw); no
  individual die is rolled;
* a series of "N attack dice minus M defence dice, floored" rounds is drawn
  vectorised over the trials: either round by round as two binomial counts
  (``Generator.binomial``: hits and cancellations), or, by default, in
  sub-groups of identical rounds rolling at most :data:`GROUP_DICE` dice,
  one draw per sub-group from the exact law of its total
  (:class:`ExactSampler`: inverse CDF over exact integers with 64-bit random
  words, no float rounding). A long series never builds the exact law of
  its whole total. Both methods are exact in law.

Counts are accumulated per chunk of trials with ``np.bincount``, so memory is
bounded by :data:`CHUNK` whatever the number of trials. The exact law of a
series is attached for comparison only when it is cheap (:data:`EXACT_DICE`).

Every estimate carries a 95% confidence interval: the **Wilson score
interval** for a probability (good near 0 and 1, unlike the normal one), and
the **normal interval** ``mean +/- z * sd / sqrt(n)`` for a mean.

>>> r = depletion_series(5, 4, trials=20_000, seed=7)
>>> r.probability(0).contains(float(special_rounds_fired(5, 4)[0]))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import sqrt
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ordnance.core.errors import OrdnanceError, check_within
from ordnance.core.messages import msg
from ordnance.core.odds.compose import MAX_ROUNDS, repeat, series
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.core.odds.pools import _check, net_hits
from ordnance.core.odds.sequences import (
    check_declarations,
    depletion_weights,
    special_rounds_fired,
)

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054
#: Trials accepted in one run (a guard against hangs, ~ a minute at most).
MAX_TRIALS = 50_000_000
#: Trials simulated per vectorised chunk (bounds memory; part of reproducibility).
CHUNK = 1_000_000
#: Identical rounds are drawn in sub-groups rolling at most this many dice in
#: all, one draw per sub-group from the exact law of its total (kept small).
GROUP_DICE = 240
#: The exact law of a whole series is computed (for comparison) up to this many dice.
EXACT_DICE = 400


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion.

    >>> lo, hi = wilson_interval(0, 100)
    >>> lo < 1e-9 and 0.03 < hi < 0.04
    True
    """
    if trials <= 0:
        raise OrdnanceError(msg("a proportion needs at least one trial"))
    n = trials
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class ProbabilityEstimate:
    """``successes`` out of ``trials``, with its Wilson interval."""

    successes: int
    trials: int
    low: float
    high: float

    @property
    def estimate(self) -> Fraction:
        return Fraction(self.successes, self.trials)

    def contains(self, p: float) -> bool:
        return self.low <= p <= self.high

    def to_json(self, as_float: bool = False) -> dict[str, Any]:
        if as_float:
            return {
                "estimate": self.successes / self.trials,
                "ci95": [self.low, self.high],
                "count": self.successes,
                "trials": self.trials,
            }
        return {
            "estimate": fraction_text(self.estimate),
            "ci95": [f"{self.low:.6f}", f"{self.high:.6f}"],
            "count": self.successes,
            "trials": self.trials,
        }


@dataclass(frozen=True)
class MeanEstimate:
    """A sample mean with its normal-approximation interval."""

    mean: float
    sd: float
    trials: int
    low: float
    high: float

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_json(self, as_float: bool = False) -> dict[str, Any]:
        if as_float:
            return {"mean": self.mean, "sd": self.sd, "ci95": [self.low, self.high]}
        return {
            "mean": f"{self.mean:.6f}",
            "sd": f"{self.sd:.6f}",
            "ci95": [f"{self.low:.6f}", f"{self.high:.6f}"],
        }


@dataclass(frozen=True)
class SimulationResult:
    """Counts of each simulated outcome, estimates with CIs, and the exact law if known."""

    title: str
    trials: int
    seed: int
    method: str
    counts: dict[int, int]
    mean: MeanEstimate
    exact: Distribution[int] | None = None
    parameters: dict[str, Any] = field(default_factory=dict)

    def probability(self, outcome: int) -> ProbabilityEstimate:
        k = self.counts.get(outcome, 0)
        return ProbabilityEstimate(k, self.trials, *wilson_interval(k, self.trials))

    def at_least(self, outcome: int) -> ProbabilityEstimate:
        k = sum(c for v, c in self.counts.items() if v >= outcome)
        return ProbabilityEstimate(k, self.trials, *wilson_interval(k, self.trials))

    def outcomes(self) -> list[int]:
        keys = set(self.counts)
        if self.exact is not None:
            keys |= set(self.exact)
        return sorted(keys)

    def to_json(self, as_float: bool = False) -> dict[str, Any]:
        rows = []
        for v in self.outcomes():
            row: dict[str, Any] = {"outcome": v, **self.probability(v).to_json(as_float)}
            if self.exact is not None:
                p = self.exact[v]
                row["exact"] = float(p) if as_float else fraction_text(p)
            rows.append(row)
        return {
            "title": self.title,
            "parameters": self.parameters,
            "trials": self.trials,
            "seed": self.seed,
            "method": self.method,
            "interval": "95% Wilson score (probabilities); normal (mean)",
            "mean": self.mean.to_json(as_float),
            "exact_mean": (
                None
                if self.exact is None
                else (float(self.exact.mean()) if as_float else fraction_text(self.exact.mean()))
            ),
            "outcomes": rows,
        }


def _check_trials(trials: int) -> None:
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= MAX_TRIALS:
        raise OrdnanceError(
            msg(
                "{trials!r} trials is outside 1..{max_trials}", trials=trials, max_trials=MAX_TRIALS
            ),
            hint=msg("use fewer trials"),
        )


def _summarise(
    title: str,
    counts: NDArray[np.int64],
    seed: int,
    method: str,
    exact: Distribution[int] | None,
    parameters: dict[str, Any],
) -> SimulationResult:
    """Estimates from ``counts[v]`` = trials whose outcome was ``v`` (a bincount)."""
    trials = int(counts.sum())
    values = np.arange(counts.size, dtype=np.float64)
    weights = counts.astype(np.float64)
    mean = float((values * weights).sum() / trials)
    var = float((((values - mean) ** 2) * weights).sum() / (trials - 1)) if trials > 1 else 0.0
    sd = sqrt(max(var, 0.0))
    half = Z95 * sd / sqrt(trials)
    return SimulationResult(
        title=title,
        trials=trials,
        seed=seed,
        method=method,
        counts={int(v): int(c) for v, c in enumerate(counts) if c},
        mean=MeanEstimate(mean, sd, trials, mean - half, mean + half),
        exact=exact,
        parameters=parameters,
    )


def _count(chunks: Any, trials: int) -> NDArray[np.int64]:
    """Sum of ``np.bincount`` over ``chunks(size)`` for chunks of at most CHUNK trials."""
    counts: NDArray[np.int64] = np.zeros(1, dtype=np.int64)
    left = trials
    while left:
        size = min(left, CHUNK)
        part = np.bincount(chunks(size))
        if part.size > counts.size:
            part[: counts.size] += counts
            counts = part.astype(np.int64)
        else:
            counts[: part.size] += part
        left -= size
    return counts


# -- depletion sequences ----------------------------------------------------
def sample_depletion(
    rng: np.random.Generator, number: int, declarations: int, size: int
) -> NDArray[np.int64]:
    """Special rounds fired in ``size`` independent sequences (geometric sampling)."""
    below, equal, above = depletion_weights(number)
    if below == 36:
        return np.full(size, declarations, dtype=np.int64)
    # Shots whose Original DR was below N before the first one that was not.
    run = rng.geometric((equal + above) / 36, size=size) - 1
    stopped = run < declarations
    fired_on_stop = rng.integers(0, equal + above, size=size) < equal
    out = np.minimum(run, declarations)
    out += (stopped & fired_on_stop).astype(np.int64)
    return out.astype(np.int64)


def depletion_series(
    number: int, declarations: int, *, trials: int = 100_000, seed: int = 0
) -> SimulationResult:
    """Simulate ``declarations`` tries of a depletion sequence with number ``number``.

    The outcome is the number of successes before the supply ran out (a DR
    below the number succeeds and continues, equal succeeds and ends, above
    ends with nothing); the game that uses this shape cites its own rule.
    """
    _check_trials(trials)
    check_declarations(declarations)
    depletion_weights(number)
    rng = np.random.default_rng(seed)
    counts = _count(lambda size: sample_depletion(rng, number, declarations, size), trials)
    return _summarise(
        f"special rounds fired in {declarations} declared shots, Depletion Number {number}",
        counts,
        seed,
        "geometric run length + one stopping draw (exact in law)",
        special_rounds_fired(number, declarations),
        {"depletion_number": number, "declarations": declarations},
    )


# -- exact sampling from a known law --------------------------------------
class ExactSampler:
    """Draw integer outcomes from an exact :class:`Distribution`, exactly in law.

    A uniform real ``U`` in [0, 1) is drawn as random bits: first 63 bits
    (``u``), more only when needed. The outcome is the first one whose
    cumulative probability ``c/D`` exceeds ``U``. Comparing ``u`` with the
    thresholds ``floor(c * 2**63 / D)`` settles it, unless ``u`` equals a
    threshold (probability at most ``len(outcomes) / 2**63``); then further
    64-bit words of ``U`` are drawn until the exact integer comparison is
    decided. No float rounding enters.

    The lookup is vectorised with a guide table: the top 12 bits of ``u`` pick
    a bucket; a bucket holding at most one threshold needs one comparison, the
    (rare) draws in a bucket holding several use a binary search.
    """

    GUIDE_BITS = 12

    def __init__(self, dist: Distribution[int]):
        if not len(dist):
            raise OrdnanceError(msg("cannot sample an empty distribution"))
        outcomes = dist.outcomes()
        self.outcomes = np.array(outcomes, dtype=np.int64)
        self._offset = (
            outcomes[0]
            if outcomes == list(range(outcomes[0], outcomes[0] + len(outcomes)))
            else None
        )
        den = dist.denominator
        cum = 0
        self._cum: list[int] = []
        for o in outcomes[:-1]:
            cum += dist.weight(o)
            self._cum.append(cum)
        self._den = den
        self._thresholds = np.array([(c << 63) // den for c in self._cum], dtype=np.int64)
        shift = 63 - self.GUIDE_BITS
        starts = np.arange(1 << self.GUIDE_BITS, dtype=np.int64) << shift
        first = np.searchsorted(self._thresholds, starts, side="left")
        after = np.searchsorted(self._thresholds, starts + ((1 << shift) - 1), side="right")
        self._shift = shift
        self._first = first.astype(np.int64)  # thresholds below the bucket's start
        self._crowded = (after - first) >= 2
        self._padded = np.append(self._thresholds, np.iinfo(np.int64).max)

    def sample(self, rng: np.random.Generator, size: int) -> NDArray[np.int64]:
        u = (rng.bit_generator.random_raw(size) >> np.uint64(1)).view(np.int64)
        bucket = u >> self._shift
        idx = self._first[bucket]
        nxt = self._padded[idx]
        tie = u == nxt
        idx += u >= nxt
        crowded = self._crowded[bucket]
        if crowded.any():
            where = np.flatnonzero(crowded)
            sub = u[where]
            found = np.searchsorted(self._thresholds, sub, side="right")
            idx[where] = found
            tie[where] = (found > 0) & (self._padded[np.maximum(found, 1) - 1] == sub)
        if tie.any():
            for i in np.flatnonzero(tie):
                idx[i] = self._resolve(rng, int(u[i]))
        picked: NDArray[np.int64]
        if self._offset is not None:  # consecutive outcomes: no lookup needed
            picked = idx + self._offset if self._offset else idx
        else:
            picked = self.outcomes[idx]
        return picked

    def _resolve(self, rng: np.random.Generator, top: int) -> int:
        """Index of the outcome for ``U`` whose first 63 bits are ``top``."""
        value, bits = top, 63
        while True:
            # U lies in [value, value + 1) / 2**bits.
            undecided = False
            count = 0
            for c in self._cum:
                b, rem = divmod(c << bits, self._den)
                if value > b or (value == b and rem == 0):
                    count += 1  # U >= c/D
                elif value == b:
                    undecided = True
            if not undecided:
                return count
            word = int(rng.bit_generator.random_raw())
            value, bits = (value << 64) | word, bits + 64


@lru_cache(maxsize=256)
def _group_sampler(r: tuple[int, int, int, int], times: int) -> ExactSampler:
    return ExactSampler(repeat(net_hits(*r), times))


# -- attack series ----------------------------------------------------------
Round = tuple[int, int, int, int]


def sample_round(
    rng: np.random.Generator, r: Round, size: int, method: str = "binomial"
) -> NDArray[np.int64]:
    """Net hits of one round for ``size`` trials, exact in law.

    ``binomial`` draws the hits and the cancellations as two binomial counts;
    ``table`` draws the net from its exact law with :class:`ExactSampler`.
    """
    if method == "table":
        return _group_sampler(r, 1).sample(rng, size)
    attack, hit_on, defence, cancel_on = r
    hits = rng.binomial(attack, (7 - hit_on) / 6, size=size)
    blocks = rng.binomial(defence, (7 - cancel_on) / 6, size=size)
    net: NDArray[np.int64] = np.maximum(hits - blocks, 0).astype(np.int64)
    return net


def one_round_changed(
    rounds: int,
    attack: int,
    hit_on: int,
    defence: int,
    cancel_on: int = 5,
    *,
    extra_dice: int = 0,
    changed_hit_on: int | None = None,
    changed_round: int = 1,
) -> list[Round]:
    """The rounds of a series that are all alike except round ``changed_round``.

    That round rolls ``extra_dice`` more attack dice (may be negative; floored
    at 0) and, if given, hits on ``changed_hit_on``; 0 changes no round. What
    such a change means in a game (a munitions token, ...) is the game's.
    """
    check_within(rounds, 1, MAX_ROUNDS, "{rounds} rounds is outside 1..{max_rounds}")
    check_within(
        changed_round,
        0,
        rounds,
        "changed round {changed_round} is outside 0..{rounds} (0 = none changed)",
    )
    _check(attack, hit_on, "attack")
    _check(defence, cancel_on, "defence")
    out: list[Round] = []
    for i in range(1, rounds + 1):
        if i == changed_round:
            r = (max(attack + extra_dice, 0), changed_hit_on or hit_on, defence, cancel_on)
            _check(r[0], r[1], "changed round attack")
            out.append(r)
        else:
            out.append((attack, hit_on, defence, cancel_on))
    return out


def simulate_series(
    rng: np.random.Generator, plan: list[Round], size: int, method: str = "table"
) -> NDArray[np.int64]:
    """Total net hits over ``plan`` for ``size`` trials.

    ``table``: identical rounds are drawn in sub-groups rolling at most
    :data:`GROUP_DICE` dice in all, each sub-group's total from its exact law
    (:class:`ExactSampler`; the sub-group totals are independent, so their
    sum has the series' law), so no large exact law is ever built and a
    1000-round series costs about 1000 / (240 / dice) draws per trial. ``binomial``: each round draws its hits and
    cancellations with ``Generator.binomial``.
    """
    total = np.zeros(size, dtype=np.int64)
    if method == "table":
        groups: dict[Round, int] = {}
        for r in plan:
            groups[r] = groups.get(r, 0) + 1
        for r, times in groups.items():
            # Sub-groups of at most GROUP_DICE dice: their totals are independent,
            # and each one's exact law stays small (and is cached).
            per = max(1, GROUP_DICE // max(r[0] + r[2], 1))
            full, rest = divmod(times, per)
            if full:
                sampler = _group_sampler(r, per)
                for _ in range(full):
                    total += sampler.sample(rng, size)
            if rest:
                total += _group_sampler(r, rest).sample(rng, size)
        return total
    for r in plan:
        total += sample_round(rng, r, size, method)
    return total


def attack_series(
    plan: list[Round], *, trials: int = 100_000, seed: int = 0, method: str = "table"
) -> SimulationResult:
    """Simulate the total net hits over the rounds of ``plan``; the exact law is attached."""
    _check_trials(trials)
    if method not in ("table", "binomial"):
        raise OrdnanceError(
            msg("unknown sampling method {method!r}", method=method), hint=msg("table or binomial")
        )
    if not plan or len(plan) > MAX_ROUNDS:
        raise OrdnanceError(msg("a series needs 1..{max_rounds} rounds", max_rounds=MAX_ROUNDS))
    rng = np.random.default_rng(seed)
    counts = _count(lambda size: simulate_series(rng, plan, size, method), trials)
    exact = series(plan) if sum(r[0] + r[2] for r in plan) <= EXACT_DICE else None
    return _summarise(
        f"total net hits over {len(plan)} rounds",
        counts,
        seed,
        "exact inverse CDF of each group of identical rounds, in groups of at most "
        f"{GROUP_DICE} dice (64-bit words, ties settled exactly)"
        if method == "table"
        else "binomial hits and cancellations per round",
        exact,
        {"rounds": [list(r) for r in plan]},
    )


def clear_caches() -> None:
    """Forget the cached samplers (the benchmark's "cold" runs call this)."""
    _group_sampler.cache_clear()
