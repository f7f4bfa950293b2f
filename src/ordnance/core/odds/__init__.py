"""Exact odds: distributions over outcomes with rational probabilities.

* :class:`~ordnance.core.odds.distribution.Distribution` is the immutable value
  every game's odds are expressed in (integer weights over a common
  denominator inside, ``Fraction`` at the API).
* :func:`~ordnance.core.odds.enumerate.enumerate_procedure` runs a rules
  procedure over every possible sequence of dice (chance as an explicit
  player), which is the brute-force reference each fast closed form is
  checked against.
* :mod:`~ordnance.core.odds.pools` (hits minus cancellations),
  :mod:`~ordnance.core.odds.dr` (2d6 DR), :mod:`~ordnance.core.odds.drift`
  (hits, then drift), :mod:`~ordnance.core.odds.compose` (stacks, series),
  :mod:`~ordnance.core.odds.sequences` (depletion) are the exact engine;
  :mod:`~ordnance.core.odds.montecarlo` samples what is too long to enumerate.
"""

from ordnance.core.odds.compose import attack_against_stack, independent, repeat, series, sum_of
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.core.odds.dr import dr_at_most, dr_exactly, dr_totals, dr_versus
from ordnance.core.odds.drift import DriftOutcome, hits_then_drift
from ordnance.core.odds.enumerate import enumerate_procedure
from ordnance.core.odds.pools import net_hits, successes
from ordnance.core.odds.sequences import (
    expected_rounds_before_exhaustion,
    special_rounds_fired,
    still_available,
)

__all__ = [
    "Distribution",
    "DriftOutcome",
    "attack_against_stack",
    "dr_at_most",
    "dr_exactly",
    "dr_totals",
    "dr_versus",
    "enumerate_procedure",
    "expected_rounds_before_exhaustion",
    "fraction_text",
    "hits_then_drift",
    "independent",
    "net_hits",
    "repeat",
    "series",
    "special_rounds_fired",
    "still_available",
    "successes",
    "sum_of",
]
