"""Composing procedures: independent parts, sums, repeats, and shared attacks.

These build bigger exact distributions out of the pool and DR primitives:

* :func:`independent` - the joint outcome of independent procedures (a tuple);
* :func:`sum_of` / :func:`repeat` - total of independent integer outcomes
  (``repeat`` squares-and-multiplies, so ``n`` rounds cost ``O(log n)``
  convolutions);
* :func:`attack_against_stack` - one attack roll whose hits every unit of a
  stack then saves against separately (built with ``bind``: the attack's hits
  are shared, the saves are not);
* :func:`series` - rounds with different pools (e.g. a munitions token that
  changes one round only), totalled.

>>> from ordnance.core.odds.pools import successes
>>> repeat(successes(1, 4), 3) == successes(3, 4)
True
>>> attack_against_stack(1, 6, (0, 1))[(1, 0)]
Fraction(1, 18)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from functools import lru_cache
from typing import Any, TypeVar

from ordnance.core.errors import OrdnanceError, check_within
from ordnance.core.messages import msg
from ordnance.core.odds.distribution import Distribution
from ordnance.core.odds.pools import _check, binomial_counts, net_hits

T = TypeVar("T", bound=Hashable)

#: Rounds accepted by :func:`repeat` and :func:`series` (a guard, not a rule).
MAX_ROUNDS = 1000


def independent(parts: Iterable[Distribution[Any]]) -> Distribution[tuple[Any, ...]]:
    """Joint distribution of independent parts, as tuples in order."""
    acc: Distribution[tuple[Any, ...]] = Distribution.certain(())
    for part in parts:
        acc = acc.combine(part, lambda a, b: (*a, b))
    return acc


def sum_of(parts: Iterable[Distribution[int]]) -> Distribution[int]:
    """Distribution of the total of independent integer outcomes."""
    acc: Distribution[int] = Distribution.certain(0)
    for part in parts:
        acc = acc + part
    return acc


def repeat(dist: Distribution[int], times: int) -> Distribution[int]:
    """Total of ``times`` independent copies of ``dist`` (square and multiply)."""
    check_within(times, 0, MAX_ROUNDS, "{times} repetitions is outside 0..{max_rounds}")
    result: Distribution[int] = Distribution.certain(0)
    base = dist
    while times:
        if times & 1:
            result = result + base
        times >>= 1
        if times:
            base = base + base
    return result


def _saves_left(hits: int, defence: int, cancel_on: int) -> Distribution[int]:
    """Hits left after ``defence`` dice each cancel one on ``cancel_on``+."""
    blocks = binomial_counts(defence, cancel_on)
    acc: dict[int, int] = {}
    for b, w in enumerate(blocks):
        if w:
            left = max(hits - b, 0)
            acc[left] = acc.get(left, 0) + w
    return Distribution._trusted(acc, 6**defence)


@lru_cache(maxsize=4096, typed=True)
def attack_against_stack(
    attack: int, hit_on: int, defences: tuple[int, ...], cancel_on: int = 5
) -> Distribution[tuple[int, ...]]:
    """One attack roll against every unit of a stack, each saving on its own dice.

    The outcome is the tuple of net hits on each unit, in the order given.
    """
    _check(attack, hit_on, "attack")
    if len(defences) > 12:
        raise OrdnanceError(
            msg("a stack of {n_defences} units is too large", n_defences=len(defences)),
            hint=msg("use <= 12"),
        )
    for m in defences:
        _check(m, cancel_on, "defence")
    hits = Distribution._trusted(
        {k: w for k, w in enumerate(binomial_counts(attack, hit_on)) if w}, 6**attack
    )
    return hits.bind(lambda h: independent(_saves_left(h, m, cancel_on) for m in defences))


def series(rounds: Sequence[tuple[int, int, int, int]]) -> Distribution[int]:
    """Total net hits over rounds given as ``(attack, hit_on, defence, cancel_on)``.

    Identical rounds are grouped and repeated by squaring.
    """
    if len(rounds) > MAX_ROUNDS:
        raise OrdnanceError(
            msg(
                "{n_rounds} rounds is more than {max_rounds}",
                n_rounds=len(rounds),
                max_rounds=MAX_ROUNDS,
            )
        )
    groups: dict[tuple[int, int, int, int], int] = {}
    for r in rounds:
        groups[r] = groups.get(r, 0) + 1
    return sum_of(repeat(net_hits(*r), n) for r, n in groups.items())


__all__ = [
    "attack_against_stack",
    "independent",
    "repeat",
    "series",
    "sum_of",
]
