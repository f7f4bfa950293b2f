"""Memory of a table server under a long stream of tables: ``make soak``.

One server process (the table on an SQLite file, or ``--db`` a PostgreSQL
URL) serves batch after batch of fresh Tide of Iron tables: each is created,
both seats claimed, a few turns played through the page's own requests
(:mod:`ordnance.bench.page_players`), then abandoned for good, as most tables
are. The server's resident set (``VmRSS`` of ``/proc/<pid>/status``) is
sampled all along and printed as it goes; the end gives a verdict: the
growth over the last half of the run (after a warm-up quarter) against a
bound, ``plateau`` or ``still growing``.

Every cache of the process has a bound (docs/server.md lists them), so the
RSS must level off once they are full: this run shows where.

    python scripts/soak.py                 # 30 minutes
    python scripts/soak.py --minutes 3     # a short look
    python scripts/soak.py --minutes 6 --tracemalloc /tmp/trace   # what grows

``--tracemalloc DIR`` runs the server under :mod:`tracemalloc` (slower), dumps a
snapshot into DIR every ``--sample-seconds`` and ends with the allocation sites
that grew most between the snapshot after the warm-up quarter and the last one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tablebench import start

from ordnance.bench.page_players import Stats, create_tables, play_turn

#: The last half may grow by at most this share of its starting RSS (and this many
#: MB per minute) for the verdict to be a plateau.
PLATEAU_SHARE = 0.03
PLATEAU_MB_PER_MIN = 0.5


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def slope(points: Sequence[tuple[float, float]]) -> float:
    """Least-squares slope of (minute, MB) points (MB per minute)."""
    n = len(points)
    if n < 2:
        return 0.0
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    den = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / den if den else 0.0


def verdict(samples: Sequence[tuple[float, float]]) -> dict[str, object]:
    """``plateau`` when, after the first quarter, the last half grew little.

    ``samples`` are (minutes since start, RSS MB). The last half's rise (its
    fitted slope times its length) must stay under :data:`PLATEAU_SHARE` of its
    starting RSS, and its slope under :data:`PLATEAU_MB_PER_MIN`.
    """
    if len(samples) < 8:
        return {"verdict": "too short", "samples": len(samples)}
    end = samples[-1][0]
    steady = [p for p in samples if p[0] >= end / 4]
    last = [p for p in steady if p[0] >= end / 2]
    rate = slope(last)
    rise = rate * (last[-1][0] - last[0][0])
    base = last[0][1]
    flat = rise <= PLATEAU_SHARE * base and rate <= PLATEAU_MB_PER_MIN
    first_third = [p for p in samples if p[0] <= end / 3]
    last_third = [p for p in samples if p[0] >= 2 * end / 3]
    return {
        "verdict": "plateau" if flat else "still growing",
        "last_half_mb_per_min": round(rate, 3),
        "last_half_rise_mb": round(rise, 2),
        "warm_mb_per_min": round(slope(steady), 3),
        "first_third_mb_per_min": round(slope(first_third), 3),
        "last_third_mb_per_min": round(slope(last_third), 3),
        "rss_start_mb": round(samples[0][1], 1),
        "rss_end_mb": round(samples[-1][1], 1),
        "rss_max_mb": round(max(y for _, y in samples), 1),
    }


async def soak(
    base: str, pid: int, minutes: float, batch: int, turns: int, every: float
) -> dict[str, object]:
    samples: list[tuple[float, float]] = []
    t0 = time.monotonic()
    tables = actions = 0
    next_sample = 0.0
    async with httpx.AsyncClient(timeout=120) as client:
        while (elapsed := time.monotonic() - t0) < minutes * 60:
            if elapsed >= next_sample:
                samples.append((elapsed / 60, rss_mb(pid)))
                print(
                    f"{elapsed / 60:6.1f} min  rss {samples[-1][1]:7.1f} MB  "
                    f"tables {tables:6d}  actions {actions:7d}",
                    flush=True,
                )
                next_sample += every
            made = await create_tables(client, base, batch)
            stats = Stats()
            for _ in range(turns):
                await asyncio.gather(*(play_turn(client, t, stats) for t in made))
            tables += len(made)
            actions += len(stats.turn_ms)  # then abandoned: never asked again
    samples.append(((time.monotonic() - t0) / 60, rss_mb(pid)))
    return {"tables": tables, "actions": actions, "samples": samples, **verdict(samples)}


def growth(folder: Path, top: int = 15) -> list[str]:
    """The allocation sites that grew most between the first snapshot after the
    warm-up quarter and the last one (``--tracemalloc``), as printable lines."""

    snaps = sorted(folder.glob("snap-*.pickle"))
    if len(snaps) < 2:
        return [f"tracemalloc: {len(snaps)} snapshot(s), nothing to compare"]
    first = tracemalloc.Snapshot.load(str(snaps[len(snaps) // 4]))
    last = tracemalloc.Snapshot.load(str(snaps[-1]))
    keep = [
        tracemalloc.Filter(False, tracemalloc.__file__),
        tracemalloc.Filter(False, "<frozen importlib._bootstrap*>"),
    ]
    first, last = first.filter_traces(keep), last.filter_traces(keep)
    lines = [
        f"tracemalloc: {snaps[len(snaps) // 4].name} -> {snaps[-1].name}, traced "
        f"{sum(s.size for s in first.statistics('filename')) / 2**20:.1f} -> "
        f"{sum(s.size for s in last.statistics('filename')) / 2**20:.1f} MB"
    ]
    for stat in last.compare_to(first, "traceback")[:top]:
        lines.append(f"{stat.size_diff / 1024:+9.1f} kB {stat.count_diff:+7d} blocks")
        lines.extend(
            f"      {frame}" for frame in stat.traceback.format(limit=6, most_recent_first=True)
        )
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--minutes", type=float, default=30.0, help="length of the run")
    ap.add_argument("--batch", type=int, default=4, help="tables opened at once")
    ap.add_argument("--turns", type=int, default=4, help="turns played on each table")
    ap.add_argument("--sample-seconds", type=float, default=20.0, help="RSS sampling period")
    ap.add_argument("--db", default=None, help="journal URL (default: a temporary SQLite file)")
    ap.add_argument(
        "--small-caches",
        action="store_true",
        help="bounds small enough to be reached in minutes (64 states, 50 tables' memos)",
    )
    ap.add_argument(
        "--state-cache",
        type=int,
        default=None,
        help="the server's state cache size (ORDNANCE_STATE_CACHE; default 1,024 states)",
    )
    ap.add_argument(
        "--tracemalloc",
        type=Path,
        default=None,
        metavar="DIR",
        help="trace the server's allocations, snapshots in DIR, and print what grew",
    )
    args = ap.parse_args()
    if args.tracemalloc is not None:
        os.environ["ORDNANCE_TRACEMALLOC"] = str(args.tracemalloc)
        os.environ["ORDNANCE_TRACEMALLOC_EVERY"] = str(args.sample_seconds)
    load = round(os.getloadavg()[0], 2)
    if args.small_caches:  # caches that fill, and level off, within a short run
        os.environ["ORDNANCE_STATE_CACHE"] = "64"
        os.environ["ORDNANCE_TABLES_REMEMBERED"] = "50"
    if args.state_cache is not None:
        os.environ["ORDNANCE_STATE_CACHE"] = str(args.state_cache)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start("table", args.db or f"{tmp}/soak.db")
        try:
            out = asyncio.run(
                soak(base, proc.pid, args.minutes, args.batch, args.turns, args.sample_seconds)
            )
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    out["load_average_before"] = load
    out["load_average_after"] = round(os.getloadavg()[0], 2)
    out["samples"] = [[round(x, 2), round(y, 1)] for x, y in out["samples"]]  # type: ignore[attr-defined]
    print(
        f"verdict: {out['verdict']} (last half {out.get('last_half_mb_per_min')} MB/min; "
        f"first third {out.get('first_third_mb_per_min')}, last third "
        f"{out.get('last_third_mb_per_min')} MB/min; "
        f"rss {out.get('rss_start_mb')} -> {out.get('rss_end_mb')} MB, {out['tables']} tables)"
    )
    if args.tracemalloc is not None:
        print("\n".join(growth(args.tracemalloc)))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
