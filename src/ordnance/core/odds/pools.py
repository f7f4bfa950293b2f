"""Exact d6 pool distributions: hits against a threshold, minus cancellations.

"N attack d6 each hitting on T or more, minus M defence d6 each cancelling a
hit on C or more, floored at 0" is the shape of a Tide of Iron attack and a
World at War HE Fire mission. Each die is a Bernoulli trial, so the hits and
the cancellations are binomial; the net is their difference, floored.

How it is computed (all integers, over the common denominator ``6**(N+M)``):
count the attack dice that hit (``H``) and the defence dice that do *not*
cancel (``M - B``). Their sum ``S = H + (M - B)`` has the generating polynomial
``P(x) = (a + b x)**N * (c + d x)**M`` with ``a`` = attack faces that miss,
``b`` = that hit, ``c`` = defence faces that cancel, ``d`` = that do not. The
net is ``max(S - M, 0)``. ``P`` satisfies ``(a + b x)(c + d x) P' = (N b (c +
d x) + M d (a + b x)) P``, which gives a three-term recurrence on its
coefficients. Run downwards from the top one (``b**N d**M``), it yields the
``N + 1`` coefficients the net needs (the rest sum to the floored 0):
**O(N) big-integer operations** per query instead of the O(N * M) double loop (checked against that loop, against brute-force
enumeration and against icepool in the tests). Results are cached.

Pools larger than :data:`MAX_POOL` are refused with an
:class:`~ordnance.core.errors.OrdnanceError` rather than computed.

>>> net_hits(2, 5, 1, 5)[0]
Fraction(16, 27)
>>> net_counts(2, 5, 1, 5)
((128, 72, 16), 216)
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError, check_within
from ordnance.core.messages import msg
from ordnance.core.odds.distribution import Distribution

#: The largest pool any procedure accepts. The cost is linear in the pool
#: (big-integer operations), so 1000 dice answer in milliseconds; 10,000 dice
#: is no game's attack and is refused.
MAX_POOL = 1000


def _check(count: int, threshold: int, what: str) -> None:
    if isinstance(count, bool) or not isinstance(count, int):
        raise OrdnanceError(
            msg("{what} pool size must be a whole number, not {count!r}", what=what, count=count)
        )
    check_within(
        count,
        0,
        MAX_POOL,
        "{what} pool of {count} dice is outside 0..{max_pool}",
        what=what,
        hint=msg("use between 0 and {max_pool} dice", max_pool=MAX_POOL),
    )
    if isinstance(threshold, bool) or not isinstance(threshold, int) or not 1 <= threshold <= 7:
        raise OrdnanceError(
            msg("{what} threshold {threshold}+ is not a d6 face", what=what, threshold=threshold),
            hint=msg("use 1..6, or 7 for 'never'"),
        )


@lru_cache(maxsize=4096, typed=True)
def binomial_counts(count: int, threshold: int) -> tuple[int, ...]:
    """Number of the 6**count outcomes with exactly k successes, for k = 0..count."""
    _check(count, threshold, "a")
    good = 7 - threshold
    bad = 6 - good
    return tuple(comb(count, k) * good**k * bad ** (count - k) for k in range(count + 1))


@lru_cache(maxsize=4096, typed=True)
def successes(count: int, threshold: int) -> Distribution[int]:
    """Distribution of the number of dice showing ``threshold`` or more."""
    counts = binomial_counts(count, threshold)
    return Distribution._trusted({k: c for k, c in enumerate(counts) if c}, 6**count)


def _product_coefficients(a: int, b: int, n: int, c: int, d: int, m: int) -> list[int]:
    """Coefficients of ``(a + b x)**n * (c + d x)**m`` (all arguments >= 0)."""
    size = n + m + 1
    if a == 0 or c == 0:
        # A monomial factor shifts the other binomial; no division needed.
        shift = (n if a == 0 else 0) + (m if c == 0 else 0)
        scale = (b**n if a == 0 else 1) * (d**m if c == 0 else 1)
        rest_n, rest_m = (0 if a == 0 else n), (0 if c == 0 else m)
        rest = [0] * (rest_n + rest_m + 1)
        for i in range(rest_n + 1):
            ci = comb(rest_n, i) * a ** (rest_n - i) * b**i * scale
            if not ci:
                continue
            for j in range(rest_m + 1):
                rest[i + j] += ci * comb(rest_m, j) * c ** (rest_m - j) * d**j
        out = [0] * size
        out[shift : shift + len(rest)] = rest
        return out
    # The three-term recurrence from (a+bx)(c+dx) P' = (n b (c+dx) + m d (a+bx)) P.
    ac = a * c
    mid = a * d + b * c
    bd = b * d
    nm = n + m
    p = [0] * size
    prev = 0
    cur = p[0] = a**n * c**m
    t1 = n * b * c + m * a * d  # (lin - mid * k) at k = 0
    t2 = bd * (nm + 1)  # bd * (nm - k + 1) at k = 0
    div = ac  # ac * (k + 1) at k = 0
    for k in range(1, nm + 1):
        prev, cur = cur, (t1 * cur + t2 * prev) // div
        p[k] = cur
        t1 -= mid
        t2 -= bd
        div += ac
    return p


def _top_coefficients(a: int, b: int, n: int, c: int, d: int, m: int) -> dict[int, int]:
    """``{k: coefficient of x**(m+k)}`` of ``(a + b x)**n * (c + d x)**m`` for k = n down to 1.

    The same recurrence run downwards from ``p[n+m] = b**n d**m``:
    ``p[j-1] = (ac (j+1) p[j+1] - (L - mid j) p[j]) / (bd (n+m-j+1))``, exact
    in integers. The net hits need only these ``n`` top coefficients (the
    rest sum to the floored zero), so this takes ``n - 1`` steps instead of
    ``n + m``. The table is filled in the order the recurrence yields it,
    highest first, straight into the dict the answer is made of (a list then
    a dict would build the table twice). Needs ``a b c d != 0``.
    """
    nm = n + m
    ac, mid, bd = a * c, a * d + b * c, b * d
    nxt, cur = 0, b**n * d**m
    out = {n: cur}
    # At j = nm: the factors ac (j + 1), L - mid j and bd (nm - j + 1), kept by addition.
    f_next = ac * (nm + 1)
    f_cur = n * b * c + m * a * d - mid * nm
    div = bd
    for k in range(n - 1, 0, -1):
        nxt, cur = cur, (f_next * nxt - f_cur * cur) // div
        out[k] = cur
        f_next -= ac
        f_cur += mid
        div += bd
    return out


def net_weights(
    attack: int, hit_on: int, defence: int, cancel_on: int
) -> tuple[dict[int, int], int]:
    """``({k: w}, 6**(attack+defence))``: ``w`` dice outcomes leave k net hits (w > 0).

    Not cached: the table behind :func:`net_counts`, :func:`net_hits` and
    :func:`~ordnance.core.odds.drift.hits_then_drift`, so that a fresh query
    runs the arithmetic once and builds its answer directly (no second cache
    layer, no intermediate tuple). Outcomes of probability 0 (possible only
    when a threshold makes a die certain: 1+ or 7) are left out. The order of
    the keys is not sorted (``Distribution.outcomes`` sorts).
    """
    if not (
        type(attack) is type(defence) is type(hit_on) is type(cancel_on) is int
        and 0 <= attack <= MAX_POOL
        and 0 <= defence <= MAX_POOL
        and 1 <= hit_on <= 7
        and 1 <= cancel_on <= 7
    ):  # the fast path above; the checks below say what is wrong
        _check(attack, hit_on, "attack")
        _check(defence, cancel_on, "defence")
    b = 7 - hit_on  # attack faces that hit
    c = 7 - cancel_on  # defence faces that cancel
    total = 6 ** (attack + defence)
    if attack and 0 < b < 6 and 0 < c < 6:  # every coefficient is positive
        weights = _top_coefficients(6 - b, b, attack, c, 6 - c, defence)
        weights[0] = total - sum(weights.values())
        return weights, total
    coeffs = _product_coefficients(6 - b, b, attack, c, 6 - c, defence)
    # S = hits + non-cancelling defence dice; net = max(S - defence, 0).
    coeffs[defence] = sum(coeffs[: defence + 1])
    return {k: w for k, w in enumerate(coeffs[defence:]) if w}, total


@lru_cache(maxsize=65536, typed=True)
def net_counts(
    attack: int, hit_on: int, defence: int, cancel_on: int = 5
) -> tuple[tuple[int, ...], int]:
    """``(counts, 6**(attack+defence))``: counts[k] dice outcomes leave k net hits."""
    weights, total = net_weights(attack, hit_on, defence, cancel_on)
    return tuple([weights.get(k, 0) for k in range(attack + 1)]), total


@lru_cache(maxsize=65536, typed=True)
def net_hits(attack: int, hit_on: int, defence: int, cancel_on: int = 5) -> Distribution[int]:
    """Net hits: successes of ``attack`` dice minus those of ``defence`` dice, at least 0."""
    weights, total = net_weights(attack, hit_on, defence, cancel_on)
    return Distribution._trusted(weights, total)


def net_from_faces(
    attack_faces: tuple[int, ...], hit_on: int, defence_faces: tuple[int, ...], cancel_on: int
) -> int:
    """Net hits of dice already rolled: each attack die hits on ``hit_on``+,
    each defence die cancels one hit on ``cancel_on``+, never below 0."""
    hits = sum(1 for v in attack_faces if v >= hit_on)
    blocks = sum(1 for v in defence_faces if v >= cancel_on)
    return max(hits - blocks, 0)


def resolve_net_hits(
    dice: DiceSource, attack: int, hit_on: int, defence: int, cancel_on: int = 5
) -> int:
    """Resolve a real roll: attack dice first, then defence dice.

    This is the procedure :func:`net_hits` gives the exact odds of (the tests
    enumerate it over every dice sequence).
    """
    _check(attack, hit_on, "attack")
    _check(defence, cancel_on, "defence")
    attack_faces = dice.pool(attack, "attack")
    defence_faces = dice.pool(defence, "defence")
    return net_from_faces(attack_faces, hit_on, defence_faces, cancel_on)


def clear_caches() -> None:
    """Forget every cached pool (the benchmark's "cold" runs call this)."""
    binomial_counts.cache_clear()
    successes.cache_clear()
    net_counts.cache_clear()
    net_hits.cache_clear()
