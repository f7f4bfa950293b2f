"""Exact odds of the ASL Dice Roll (two d6: coloured and white).

The 36 ordered pairs are equally likely; every question about a DR is a count
out of 36. These helpers are generic (modifiers, "at most", "exactly",
"compared with a number"); the ASL module gives them their rule meaning (To
Hit numbers, Depletion Numbers, B# checks).

>>> dr_totals()[7]
Fraction(1, 6)
>>> dr_at_most(7, modifier=2)
Fraction(5, 18)
>>> dr_versus(5).to_json()
{'above': '13/18', 'below': '1/6', 'equal': '1/9'}
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ordnance.core.dice import DR
from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg
from ordnance.core.odds.distribution import Distribution

#: Number of ordered (coloured, white) pairs giving each Original DR total.
DR_WAYS: dict[int, int] = {t: 6 - abs(t - 7) for t in range(2, 13)}

#: Ordered pairs giving each (Original DR total, coloured die): one each.
JOINT_WAYS: dict[tuple[int, int], int] = {(c + w, c): 1 for c in range(1, 7) for w in range(1, 7)}

#: A modifier or target outside this range is refused (no DRM stack is that large).
MAX_MODIFIER = 100


def _check_int(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OrdnanceError(
            msg("{what} must be a whole number, not {value!r}", what=what, value=value)
        )
    if abs(value) > MAX_MODIFIER:
        raise OrdnanceError(
            msg("{what} {value} is absurd for a 2d6 roll", what=what, value=value),
            hint=msg("use -{max_modifier}..{max_modifier}", max_modifier=MAX_MODIFIER),
        )


@lru_cache(maxsize=1, typed=True)
def dr_pairs() -> Distribution[DR]:
    """Every (coloured, white) DR, each 1/36 (for doubles, coloured-die rules)."""
    return Distribution._trusted({DR(c, w): 1 for c in range(1, 7) for w in range(1, 7)}, 36)


@lru_cache(maxsize=256, typed=True)
def dr_joint(modifier: int = 0) -> Distribution[tuple[int, int]]:
    """(Final DR, coloured die): the total and the die that doubles/colour rules read."""
    _check_int(modifier, "modifier")
    # Each (total, coloured die) comes from one pair only: every weight is 1.
    return Distribution._trusted({(t + modifier, c): 1 for t, c in JOINT_WAYS}, 36)


@lru_cache(maxsize=256, typed=True)
def dr_totals(modifier: int = 0) -> Distribution[int]:
    """Final DR = Original DR + ``modifier`` (the DRM total)."""
    _check_int(modifier, "modifier")
    return Distribution._trusted({t + modifier: w for t, w in DR_WAYS.items()}, 36)


@lru_cache(maxsize=4096, typed=True)
def dr_at_most(target: int, modifier: int = 0) -> Fraction:
    """``P(Original DR + modifier <= target)`` (the usual "hit on target or less")."""
    _check_int(target, "target")
    _check_int(modifier, "modifier")
    return Fraction(sum(w for t, w in DR_WAYS.items() if t + modifier <= target), 36)


@lru_cache(maxsize=4096, typed=True)
def dr_exactly(target: int, modifier: int = 0) -> Fraction:
    """``P(Original DR + modifier == target)``."""
    _check_int(target, "target")
    _check_int(modifier, "modifier")
    return Fraction(DR_WAYS.get(target - modifier, 0), 36)


@lru_cache(maxsize=256, typed=True)
def dr_versus(number: int) -> Distribution[str]:
    """The Original DR compared with ``number``: ``below``, ``equal`` or ``above``.

    This is the shape of a depletion check (the Original DR, never modified).
    """
    _check_int(number, "number")
    acc = {"below": 0, "equal": 0, "above": 0}
    for t, w in DR_WAYS.items():
        acc["below" if t < number else "equal" if t == number else "above"] += w
    return Distribution._trusted({k: w for k, w in acc.items() if w}, 36)


def clear_caches() -> None:
    dr_pairs.cache_clear()
    dr_totals.cache_clear()
    dr_joint.cache_clear()
    dr_at_most.cache_clear()
    dr_exactly.cache_clear()
    dr_versus.cache_clear()
