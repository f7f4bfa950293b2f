"""The ASL multi-shot query in the odds bench: 12 shots at ROF 3 (``ordnance asl odds gun``).

:func:`measure` times :func:`ordnance.asl.shot.odds.gun_odds` for a German
75L firing APCR (N 5, falling back to AP) at AF 11 from 12 hexes, ROF 3, up
to 12 shots with Acquisition: the first (uncached) answer, with every cache
of the shot odds cleared, and the memoised answer to the same query asked
again in the same process (the page redrawn, a comparison repeated). Medians
of ``time.perf_counter_ns``; printed figures, never asserted on.

``python -m ordnance.bench.asl_shots`` prints the figures as one JSON line.
"""

from __future__ import annotations

import json
import sys
import time
from statistics import median
from typing import Any

from ordnance.asl.shot.odds import gun_odds, sequence_distribution, shot_distribution
from ordnance.asl.shot.plan import plan_shot
from ordnance.asl.shot.spec import GunShot

SHOTS = 12
SPEC = GunShot(gun="75L", ammo="APCR", depletion=5, range=12, af=11, rof=3)


def _clear() -> None:
    sequence_distribution.cache_clear()
    shot_distribution.cache_clear()
    plan_shot.cache_clear()


def _time(call: Any, repeat: int, *, clear: bool) -> float:
    times = []
    for _ in range(repeat):
        if clear:
            _clear()
        t0 = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - t0)
    return median(times) / 1e6


def measure(repeat: int = 5) -> dict[str, Any]:
    """``asl_12_shots_rof3_first_ms`` (uncached) and ``asl_12_shots_rof3_cached_ms``."""

    def query() -> dict[str, Any]:
        return gun_odds(SPEC, SHOTS, fallback="AP")

    first = _time(query, repeat, clear=True)
    query()
    cached = _time(query, max(repeat, 20), clear=False)
    return {
        "asl_12_shots_rof3_first_ms": round(first, 2),
        "asl_12_shots_rof3_cached_ms": round(cached, 3),
    }


def main() -> int:
    sys.stdout.write(json.dumps(measure()) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
