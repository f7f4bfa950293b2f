"""Brute-force enumeration of a procedure over all its dice.

Chance is an explicit player, as in OpenSpiel: run the procedure with a
prefix of dice; when it asks for a die beyond the prefix
(:class:`~ordnance.core.errors.NotEnoughDice`), branch on every face of that
die. Each leaf is one complete dice sequence with probability
``prod(1/sides)``. Because the procedure is the very code that resolves a real
roll, the resulting distribution is by construction what the rules say; fast
closed forms are tested against it.

>>> from ordnance.core.dice import DiceSource
>>> def two_dice_total(dice: DiceSource) -> int:
...     return dice.d6() + dice.d6()
>>> dist = enumerate_procedure(two_dice_total)
>>> dist[7], dist[12]
(Fraction(1, 6), Fraction(1, 36))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from math import lcm
from typing import TypeVar

from ordnance.core.dice import DiceSource, EnteredDice
from ordnance.core.errors import NotEnoughDice, OrdnanceError
from ordnance.core.messages import msg
from ordnance.core.odds.distribution import Distribution

T = TypeVar("T", bound=Hashable)

#: A guard against enumerating something astronomically large by accident.
MAX_LEAVES = 2_000_000


def enumerate_procedure(
    procedure: Callable[[DiceSource], T], *, max_leaves: int = MAX_LEAVES
) -> Distribution[T]:
    """Distribution of ``procedure(dice)`` over every dice sequence it can use.

    Each leaf (a complete dice sequence) has weight ``1 / prod(sides)``; the
    weights are kept as integer counts per denominator and combined exactly
    at the end.
    """
    by_den: dict[int, dict[T, int]] = {}
    stack: list[tuple[tuple[int, ...], int]] = [((), 1)]
    leaves = 0
    while stack:
        prefix, den = stack.pop()
        source = EnteredDice(prefix)
        try:
            outcome = procedure(source)
        except NotEnoughDice as need:
            child = den * need.sides
            for face in range(need.sides, 0, -1):
                stack.append(((*prefix, face), child))
            continue
        leaves += 1
        if leaves > max_leaves:
            raise OrdnanceError(
                msg("enumeration exceeds {max_leaves} dice sequences", max_leaves=max_leaves)
            )
        counts = by_den.setdefault(den, {})
        counts[outcome] = counts.get(outcome, 0) + 1
    total = lcm(*by_den) if by_den else 1
    acc: dict[T, int] = {}
    for den, counts in by_den.items():
        scale = total // den
        for outcome, c in counts.items():
            acc[outcome] = acc.get(outcome, 0) + c * scale
    if (
        sum(acc.values()) != total
    ):  # pragma: no cover - a procedure that is not a function of its dice
        raise OrdnanceError(msg("the procedure's outcomes do not cover every dice sequence"))
    return Distribution._trusted(acc, total)
