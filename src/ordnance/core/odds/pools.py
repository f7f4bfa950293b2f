"""Exact d6 pool distributions: hits against a threshold, minus cancellations.

"N attack d6 each hitting on T or more, minus M defence d6 each cancelling a
hit on C or more, floored at 0" is the shape of a Tide of Iron attack and a
World at War HE Fire mission. Each die is a Bernoulli trial, so the hits and
the cancellations are binomial; the net is their difference, floored.

These closed forms are checked in the tests against
:func:`ordnance.core.odds.enumerate_procedure` run over the resolving code.

>>> net_hits(2, 5, 1, 5)[0]
Fraction(16, 27)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from ordnance.core.errors import OrdnanceError
from ordnance.core.odds.distribution import Distribution

#: The largest pool any procedure accepts (a guard against hangs: the cost
#: is polynomial, but 10,000 dice is no game's attack).
MAX_POOL = 1000


def _check(count: int, threshold: int, what: str) -> None:
    if not 0 <= count <= MAX_POOL:
        raise OrdnanceError(f"{what} pool of {count} dice is outside 0..{MAX_POOL}")
    if not 1 <= threshold <= 7:
        raise OrdnanceError(f"{what} threshold {threshold}+ is not a d6 face (1..6, or 7 = never)")


@lru_cache(maxsize=4096)
def binomial_counts(count: int, threshold: int) -> tuple[int, ...]:
    """Number of the 6**count outcomes with exactly k successes, for k = 0..count."""
    _check(count, threshold, "a")
    good = 7 - threshold
    bad = 6 - good
    return tuple(comb(count, k) * good**k * bad ** (count - k) for k in range(count + 1))


@lru_cache(maxsize=4096)
def successes(count: int, threshold: int) -> Distribution[int]:
    """Distribution of the number of dice showing ``threshold`` or more."""
    counts = binomial_counts(count, threshold)
    total = 6**count
    return Distribution({k: Fraction(c, total) for k, c in enumerate(counts)})


@lru_cache(maxsize=16384)
def net_hits(attack: int, hit_on: int, defence: int, cancel_on: int = 5) -> Distribution[int]:
    """Net hits: successes of ``attack`` dice minus those of ``defence`` dice, at least 0."""
    _check(attack, hit_on, "attack")
    _check(defence, cancel_on, "defence")
    hits = binomial_counts(attack, hit_on)
    blocks = binomial_counts(defence, cancel_on)
    acc = [0] * (attack + 1)
    for h, ch in enumerate(hits):
        if not ch:
            continue
        for b, cb in enumerate(blocks):
            acc[max(h - b, 0)] += ch * cb
    total = 6 ** (attack + defence)
    return Distribution({k: Fraction(c, total) for k, c in enumerate(acc) if c})
