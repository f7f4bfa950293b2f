"""Exact odds of sequences: a supply that each use may exhaust.

The generic shape, with no game's rules in it: each use rolls a 2d6 total;
below a number ``N`` the use succeeds and the supply remains, equal to ``N``
it succeeds and the supply is exhausted, above ``N`` it fails and the supply
is exhausted; uses stop once the supply is gone. A game supplies ``N`` and
gives the outcomes their meaning, resolves its real rolls with its own code,
and its tests check these closed forms against ``enumerate_procedure`` over
that code (ASL special ammunition depletion: ``tests/odds/test_depletion_vs_asl.py``).

>>> special_rounds_fired(5, 3).to_json()
{'0': '13/18', '1': '25/108', '2': '25/648', '3': '5/648'}
>>> still_available(5, 2)
Fraction(1, 6)
>>> expected_rounds_before_exhaustion(5)
Fraction(1, 3)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ordnance.core.dice import DiceSource
from ordnance.core.errors import check_within
from ordnance.core.odds.compose import MAX_ROUNDS
from ordnance.core.odds.distribution import Distribution
from ordnance.core.odds.dr import DR_WAYS, _check_int


def depletion_weights(number: int) -> tuple[int, int, int]:
    """Ways out of 36 that the Original DR is below, equal to, above ``number``."""
    _check_int(number, "Depletion Number")
    below = sum(w for t, w in DR_WAYS.items() if t < number)
    equal = DR_WAYS.get(number, 0)
    return below, equal, 36 - below - equal


def check_declarations(declarations: int) -> None:
    """Refuse a count of declared uses outside ``0..MAX_ROUNDS``."""
    check_within(
        declarations, 0, MAX_ROUNDS, "{declarations} declarations is outside 0..{max_rounds}"
    )


def _check_shot(shot: int) -> None:
    check_within(shot, 1, MAX_ROUNDS, "shot {shot} is outside 1..{max_rounds}")


def _going_on(number: int, breakdown: int) -> int:
    """Ways out of 36 that a use neither ends the supply nor breaks down."""
    depletion_weights(number)
    return sum(w for t, w in DR_WAYS.items() if t < number and t < breakdown)


def _run_lengths(k: int, go_on: int, end_fired: int, end_unfired: int) -> Distribution[int]:
    """Successes in ``k`` uses where each use (ways out of 36) goes on, or ends the run
    with a success (``end_fired``) or without one (``end_unfired``)."""
    # All k uses went on: k successes and the run still going.
    acc: dict[int, int] = {k: go_on**k}
    for j in range(k):
        # j uses went on, then use j+1 ended the run: j+1 successes if it
        # succeeded, j if not. Later uses roll no dice.
        tail = 36 ** (k - j - 1)
        acc[j + 1] = acc.get(j + 1, 0) + go_on**j * end_fired * tail
        acc[j] = acc.get(j, 0) + go_on**j * end_unfired * tail
    return Distribution._trusted({j: w for j, w in acc.items() if w}, 36**k)


@lru_cache(maxsize=4096, typed=True)
def special_rounds_fired(number: int, declarations: int) -> Distribution[int]:
    """Special rounds actually fired when ``declarations`` shots each declare it.

    A shot can only declare the ammunition while it is still available; once
    it is exhausted the remaining shots use other ammunition.
    """
    check_declarations(declarations)
    below, equal, above = depletion_weights(number)
    return _run_lengths(declarations, below, equal, above)


def still_available(number: int, shot: int) -> Fraction:
    """Chance the ammunition can still be declared on shot number ``shot`` (1 = first)."""
    _check_shot(shot)
    below, _, _ = depletion_weights(number)
    return Fraction(below, 36) ** (shot - 1)


def expected_rounds_before_exhaustion(number: int) -> Fraction | None:
    """Expected special rounds fired if it is declared on every shot until gone.

    ``None`` when it never runs out (Original DR always below ``number``).
    """
    below, equal, _ = depletion_weights(number)
    if below == 36:
        return None
    p_below = Fraction(below, 36)
    return (p_below + Fraction(equal, 36)) / (1 - p_below)


def resolve_depletion_sequence(dice: DiceSource, number: int, declarations: int) -> int:
    """The generic reference procedure: use while available; count the successes.

    Total below ``number``: success, still available; equal: success, then
    exhausted; above: no success, exhausted.
    """
    depletion_weights(number)
    fired = 0
    for _ in range(declarations):
        total = dice.dr("depletion").total
        if total <= number:
            fired += 1
        if total >= number:
            break
    return fired


def rounds_fired_until_breakdown(
    number: int, declarations: int, breakdown: int
) -> Distribution[int]:
    """:func:`special_rounds_fired` when a total at or above ``breakdown`` also ends the uses.

    The same total is judged against both numbers: a use that breaks down
    still counts as a success when its total is at most ``number``, and no
    later use is made (the item broke). Closed form: each use either goes on
    (total below both numbers) or ends the run.
    """
    _check_int(breakdown, "breakdown number")
    check_declarations(declarations)
    go_on = _going_on(number, breakdown)
    end_fired = sum(w for t, w in DR_WAYS.items() if t <= number and not t < min(number, breakdown))
    end_unfired = 36 - go_on - end_fired
    return _run_lengths(declarations, go_on, end_fired, end_unfired)


def still_working(number: int, shot: int, breakdown: int) -> Fraction:
    """Chance shot ``shot`` can still be declared: supply there and no breakdown before it."""
    _check_shot(shot)
    _check_int(breakdown, "breakdown number")
    go_on = _going_on(number, breakdown)
    return Fraction(go_on, 36) ** (shot - 1)
