"""A per-address limit on table creation: a small in-process token bucket.

Each client address has a bucket of ``burst`` tables that refills at
``burst / per_seconds`` tables a second; creating a table takes one, an empty
bucket answers 429 with the seconds to wait. The buckets live in the server
process (with ``--workers N`` each worker keeps its own, so an address may
create up to N times as many); idle full buckets are forgotten.

Hand-written because it is twenty lines: the rate-limiting libraries on PyPI
bring a storage layer (Redis, memcached) this server does not need.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg as message


class TooManyStreams(OrdnanceError):
    """This seat already holds as many live streams as the server allows (429, TABLE-LIVE-1)."""

    def __init__(self, limit: int):
        super().__init__(
            message("this seat already has {limit} live streams open on this table", limit=limit),
            clause="TABLE-LIVE-1",
            hint=message("close a tab or a device of this seat, then reload this page"),
        )


class TooManyTables(OrdnanceError):
    """This address created tables faster than the server allows (429)."""

    def __init__(self, retry_after: float, burst: int, per_seconds: float):
        self.retry_after = max(1, int(retry_after + 0.999))
        super().__init__(
            f"too many tables created from this address (at most {burst} per {per_seconds:g} s)",
            hint=f"try again in {self.retry_after} s",
        )


@dataclass(frozen=True)
class Rate:
    burst: int
    per_seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate | None:
        """``"20/60"`` (20 tables per 60 s); ``"off"`` or ``"0"``: no limit."""
        text = text.strip().lower()
        if text in ("off", "0", "none", ""):
            return None
        count, _, seconds = text.partition("/")
        try:
            rate = cls(int(count), float(seconds or "60"))
        except ValueError:
            raise ValueError(f"a rate is N/SECONDS (e.g. 20/60) or off, not {text!r}") from None
        if rate.burst < 1 or not rate.per_seconds > 0:
            raise ValueError(f"a rate needs N >= 1 and SECONDS > 0, not {text!r}")
        return rate


class TokenBucket:
    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, address: str) -> None:
        """Take one table from ``address``'s bucket, or raise :class:`TooManyTables`."""
        burst, per = self.rate.burst, self.rate.per_seconds
        refill = burst / per
        now = self.clock()
        with self._lock:
            level, at = self._buckets.get(address, (float(burst), now))
            level = min(float(burst), level + (now - at) * refill)
            if level < 1:
                raise TooManyTables((1 - level) / refill, burst, per)
            self._buckets[address] = (level - 1, now)
            if len(self._buckets) > 10_000:  # forget the buckets that are full again
                self._buckets = {
                    a: (lv, t)
                    for a, (lv, t) in self._buckets.items()
                    if lv + (now - t) * refill < burst
                }
