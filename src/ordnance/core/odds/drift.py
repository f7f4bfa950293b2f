"""Hits, then drift: a generic shape of dice procedure, with no game's rules in it.

A pool of dice is rolled against a hit number (optionally less defence dice
that cancel on ``cancel_on``). With at least ``place_at`` net hits the result
is ``placed``; with at least ``drift_at`` (but fewer than ``place_at``) it is
``drift``, and two more d6 give a distance (1-6) and a direction die (1-6);
with fewer hits it is ``misfire``.

This module only counts. What the outcomes mean (a round landing on a map,
where a drift points, which hexes may receive it) belongs to the game that
uses the shape; that game resolves its real rolls with its own code, and its
tests check this closed form against ``enumerate_procedure`` over that code
(e.g. ``tests/toi/test_core_drift_matches_smoke.py``). ``ordnance odds drift``
prints this shape for any thresholds.

Which of the two drift dice is read as the distance does not change the
distribution: both are fair and independent, so the joint law of (distance,
direction) is the same either way.

The counts are exact integers over ``6**(dice + defence + 2)``; the result
is cached.

>>> d = hits_then_drift(3, 5)
>>> d[DriftOutcome("placed")], d[DriftOutcome("misfire")]
(Fraction(7, 27), Fraction(8, 27))
>>> d[DriftOutcome("drift", 2, 6)]
Fraction(1, 81)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import check_within
from ordnance.core.odds.distribution import Distribution
from ordnance.core.odds.pools import net_weights, resolve_net_hits

PLACED = "placed"
DRIFT = "drift"
MISFIRE = "misfire"


@dataclass(frozen=True, order=True, slots=True)
class DriftOutcome:
    """``placed``, ``misfire``, or ``drift`` with a distance and a direction die (1-6)."""

    kind: str
    distance: int = 0
    direction: int = 0

    def __str__(self) -> str:
        if self.kind == DRIFT:
            return f"drift {self.distance} {self.heading_name}"
        return self.kind

    @property
    def heading(self) -> Any:
        """The direction die read as a hex :class:`~ordnance.core.hexes.Direction` (1 = N)."""
        # Imported lazily: the odds layer does not need the hex geometry.
        hexes = import_module("ordnance.core.hexes")
        return hexes.Direction.from_die(self.direction)

    @property
    def heading_name(self) -> str:
        try:
            return str(self.heading.name)
        except ImportError:  # pragma: no cover - hex geometry not installed
            return f"dir{self.direction}"


# The 38 outcome values are constants (immutable), built once at import; a
# query only counts and fills its table (building 38 frozen values per query
# cost more than the counting itself).
_PLACED = DriftOutcome(PLACED)
_MISFIRE = DriftOutcome(MISFIRE)
# A dict of the 36 drifts: ``dict.fromkeys`` of a dict reuses the stored
# hashes, so a query does not hash 36 dataclass values again.
_DRIFTS = dict.fromkeys(DriftOutcome(DRIFT, d, r) for d in range(1, 7) for r in range(1, 7))


@lru_cache(maxsize=4096, typed=True)
def hits_then_drift(
    dice: int,
    hit_on: int,
    *,
    place_at: int = 2,
    drift_at: int = 1,
    defence: int = 0,
    cancel_on: int = 5,
) -> Distribution[DriftOutcome]:
    """Exact distribution of ``placed`` / ``drift`` (distance, direction) / ``misfire``.

    ``defence`` dice (cancelling on ``cancel_on``) are optional.
    """
    check_within(
        drift_at,
        1,
        place_at,
        "drift_at={drift_at} and place_at={place_at} must satisfy 1 <= drift_at <= place_at",
    )
    table, total = net_weights(dice, hit_on, defence, cancel_on)
    placed = drift = misfire = 0
    for hits, w in table.items():
        if hits >= place_at:
            placed += w
        elif hits >= drift_at:
            drift += w
        else:
            misfire += w
    weights: dict[DriftOutcome, int] = dict.fromkeys(_DRIFTS, drift) if drift else {}
    if placed:
        weights[_PLACED] = placed * 36
    if misfire:
        weights[_MISFIRE] = misfire * 36
    return Distribution._trusted(weights, total * 36)


def resolve_hits_then_drift(
    source: DiceSource,
    dice: int,
    hit_on: int,
    *,
    place_at: int = 2,
    drift_at: int = 1,
    defence: int = 0,
    cancel_on: int = 5,
) -> DriftOutcome:
    """Resolve a real roll: the pool (and defence dice), then, on a drift, distance and direction.

    The distance die is rolled before the direction die; which physical die is
    which is the caller's reading of the dice it enters. This is the generic
    reference procedure of the shape; a game resolves its own rolls with its
    own code.
    """
    hits = resolve_net_hits(source, dice, hit_on, defence, cancel_on)
    if hits >= place_at:
        return DriftOutcome(PLACED)
    if hits < drift_at:
        return DriftOutcome(MISFIRE)
    distance = source.d6("drift distance")
    direction = source.d6("drift direction")
    return DriftOutcome(DRIFT, distance, direction)


def drift_kind(dist: Distribution[DriftOutcome]) -> Distribution[str]:
    """Collapse the drift details: ``placed`` / ``drift`` / ``misfire``."""
    return dist.map(lambda o: o.kind)


def clear_caches() -> None:
    hits_then_drift.cache_clear()
