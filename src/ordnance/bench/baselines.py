"""The other engines the benchmark compares against, on the same queries.

Every baseline returns ``{outcome: Fraction}`` through :func:`as_fractions`
so that results can be compared exactly, case by case. Outcome encoding for
the smoke round with drift (shared by all engines): ``100`` placed, ``-1``
misfire, ``10 * distance + direction`` for a drift.

icepool (2.1.3) and dyce (0.7) are test/bench-only dependencies, imported
lazily.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ordnance.core.odds.distribution import Distribution
from ordnance.core.odds.drift import DRIFT, MISFIRE, DriftOutcome

PLACED_CODE = 100
MISFIRE_CODE = -1


def drift_code(o: DriftOutcome) -> int:
    if o.kind == DRIFT:
        return 10 * o.distance + o.direction
    return MISFIRE_CODE if o.kind == MISFIRE else PLACED_CODE


def smoke_code(hits: int, drift: int) -> int:
    return PLACED_CODE if hits >= 2 else MISFIRE_CODE if hits == 0 else drift


# -- this engine, as plain fractions ---------------------------------------
def ours_fractions(dist: Distribution[Any]) -> dict[Any, Fraction]:
    return {k: v for k, v in dist.items()}


# -- hand-written integer convolution ---------------------------------------
def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def hand_net(attack: int, hit_on: int, defence: int, cancel_on: int) -> tuple[list[int], int]:
    """Per-die integer convolution, then the floored difference (counts, 6**(N+M))."""
    hits = [1]
    for _ in range(attack):
        hits = _convolve(hits, [hit_on - 1, 7 - hit_on])
    blocks = [1]
    for _ in range(defence):
        blocks = _convolve(blocks, [cancel_on - 1, 7 - cancel_on])
    acc = [0] * (attack + 1)
    for h, x in enumerate(hits):
        for b, y in enumerate(blocks):
            acc[max(h - b, 0)] += x * y
    return acc, 6 ** (attack + defence)


def hand_dr() -> tuple[list[int], int]:
    die = [0, 1, 1, 1, 1, 1, 1]  # index = face
    return _convolve(die, die), 36


def hand_joint(modifier: int = 0) -> tuple[dict[tuple[int, int], int], int]:
    """(Final DR, coloured die) of 2d6, by a plain loop: the same answer as ``dr_joint``.

    The keys are the same ``(total + modifier, coloured)`` pairs the engine
    returns. (An earlier version keyed the table by the integer code
    ``10 * total + coloured`` that icepool and dyce compute: small integers
    need no allocation and hash as themselves, so it skipped building and
    hashing 36 tuples, which is less work than the answer asked for.)
    """
    out: dict[tuple[int, int], int] = {}
    for c in range(1, 7):
        for w in range(1, 7):
            key = (c + w + modifier, c)
            out[key] = out.get(key, 0) + 1
    return out, 36


def joint_code(outcome: tuple[int, int]) -> int:
    return 10 * outcome[0] + outcome[1]


def hand_smoke(dice: int, hit_on: int) -> tuple[dict[int, int], int]:
    hits = [1]
    for _ in range(dice):
        hits = _convolve(hits, [hit_on - 1, 7 - hit_on])
    out: dict[int, int] = {}
    for h, w in enumerate(hits):
        if h >= 2 or h == 0:
            code = smoke_code(h, 0)
            out[code] = out.get(code, 0) + 36 * w
        else:
            for dist in range(1, 7):
                for dirn in range(1, 7):
                    out[10 * dist + dirn] = out.get(10 * dist + dirn, 0) + w
    return out, 6**dice * 36


def counts_fractions(counts: list[int] | dict[Any, int], total: int) -> dict[Any, Fraction]:
    items = counts.items() if isinstance(counts, dict) else enumerate(counts)
    return {k: Fraction(c, total) for k, c in items if c}


# -- icepool ----------------------------------------------------------------
class Icepool:
    name = "icepool"

    def __init__(self) -> None:
        import icepool

        self.icepool = icepool
        self.d6 = icepool.d6
        self.version = icepool.__version__

    def net(self, attack: int, hit_on: int, defence: int, cancel_on: int) -> Any:
        d6 = self.d6
        return ((attack @ (d6 >= hit_on)) - (defence @ (d6 >= cancel_on))).clip(0, None)

    def dr(self) -> Any:
        return self.d6 + self.d6

    def joint(self) -> Any:
        # 11 c + 10 w = 10 (c + w) + c: the (total, coloured die) code.
        return self.d6 * 11 + self.d6 * 10

    def smoke(self, dice: int, hit_on: int) -> Any:
        d6 = self.d6
        drift = 10 * d6 + d6
        return (dice @ (d6 >= hit_on)).map(lambda h: smoke_code(h, 0) if h != 1 else drift)

    @staticmethod
    def fractions(die: Any) -> dict[Any, Fraction]:
        den = die.denominator()
        return {int(o): Fraction(q, den) for o, q in die.items() if q}


# -- dyce -------------------------------------------------------------------
class Dyce:
    name = "dyce"

    def __init__(self) -> None:
        import dyce
        from dyce import H
        from dyce.evaluation import expand

        self.H = H
        self.expand = expand
        self.d6 = H(6)
        self.version = getattr(dyce, "__version__", "0.7")

    def net(self, attack: int, hit_on: int, defence: int, cancel_on: int) -> Any:
        # dyce: ``0 @ h`` is the empty histogram, so an empty pool is H({0: 1}).
        return (self._pool(attack, hit_on) - self._pool(defence, cancel_on)).apply(_floor0)

    def _pool(self, count: int, threshold: int) -> Any:
        return count @ self.d6.ge(threshold) if count else self.H({0: 1})

    def dr(self) -> Any:
        return 2 @ self.d6

    def joint(self) -> Any:
        return self.d6 * 11 + self.d6 * 10

    def smoke(self, dice: int, hit_on: int) -> Any:
        d6 = self.d6
        drift = 10 * d6 + d6
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # dyce flags ``expand`` as experimental
            return self.expand(
                lambda r: smoke_code(r.outcome, 0) if r.outcome != 1 else drift,
                self._pool(dice, hit_on),
            )

    @staticmethod
    def fractions(h: Any) -> dict[Any, Fraction]:
        total = h.total
        return {int(o): Fraction(c, total) for o, c in h.items() if c}


def _floor0(x: int) -> int:
    return x if x > 0 else 0


# -- naive per-die NumPy Monte Carlo ----------------------------------------
def naive_attack_series(
    rng: np.random.Generator, plan: list[tuple[int, int, int, int]], trials: int
) -> NDArray[np.int64]:
    """Roll every die: (trials, N) attack and (trials, M) defence integers per round."""
    total = np.zeros(trials, dtype=np.int64)
    for attack, hit_on, defence, cancel_on in plan:
        hits = (rng.integers(1, 7, size=(trials, attack)) >= hit_on).sum(axis=1)
        blocks = (rng.integers(1, 7, size=(trials, defence)) >= cancel_on).sum(axis=1)
        total += np.maximum(hits - blocks, 0)
    return total


def numpy_binomial_series(
    rng: np.random.Generator, plan: list[tuple[int, int, int, int]], trials: int
) -> NDArray[np.int64]:
    """The natural NumPy code: per round, hits and cancellations as two binomial draws."""
    total = np.zeros(trials, dtype=np.int64)
    for attack, hit_on, defence, cancel_on in plan:
        hits = rng.binomial(attack, (7 - hit_on) / 6, size=trials)
        blocks = rng.binomial(defence, (7 - cancel_on) / 6, size=trials)
        total += np.maximum(hits - blocks, 0)
    return total


def naive_depletion(
    rng: np.random.Generator, number: int, declarations: int, trials: int
) -> NDArray[np.int64]:
    """Roll both dice of every declared shot, then find where the supply ran out."""
    dr = rng.integers(1, 7, size=(trials, declarations, 2)).sum(axis=2)
    stop = dr >= number
    any_stop = stop.any(axis=1)
    first = np.where(any_stop, stop.argmax(axis=1), declarations)
    equal_at_stop = dr[np.arange(trials), np.minimum(first, declarations - 1)] == number
    fired = first + (any_stop & equal_at_stop)
    out: NDArray[np.int64] = fired.astype(np.int64)
    return out


Engine = Callable[..., Any]
