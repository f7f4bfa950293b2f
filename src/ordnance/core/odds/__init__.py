"""Exact odds: distributions over outcomes with rational probabilities.

* :class:`~ordnance.core.odds.distribution.Distribution` is the immutable value
  every game's odds are expressed in.
* :func:`~ordnance.core.odds.enumerate.enumerate_procedure` runs a rules
  procedure over every possible sequence of dice (chance as an explicit
  player), which is the brute-force reference each fast closed form is
  checked against.
"""

from ordnance.core.odds.distribution import Distribution
from ordnance.core.odds.enumerate import enumerate_procedure

__all__ = ["Distribution", "enumerate_procedure"]
