"""Load test of the table server (bounded, loopback only): ``make loadtest``.

50 concurrent games, two seats each alternating ``roll`` actions with server
dice (commit-reveal) and the version they last saw. Two phases per target:

* throughput: every game sends its next action as soon as the last one is
  answered (closed loop, the server saturated): actions/s;
* latency: every game acts once per ``--pace`` seconds (25
  actions/s offered at the default 2 s, far above real play where a seat acts every few
  seconds at most): p50/p99 of the answer time.

(Latency in the saturated phase is just queueing: 50 requests in flight
over N actions/s wait about 50/N s whatever the server does.)

Targets, run one after the other in one process each:

1. a bare FastAPI endpoint doing the same HTTP + JSON work (the baseline),
2. the table on an SQLite file,
3. the table on a throwaway PostgreSQL (skipped if PostgreSQL is missing),

all measured in the same run with the same client. Prints actions/s and
p50/p99 latency, and the table's throughput as a share of the baseline
(targets: >= 25 % of the baseline, p99 <= 50 ms on SQLite).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tablebench import ThrowawayPostgres, start


async def _game(
    client: httpx.AsyncClient, base: str, actions: int, lat: list[float], pace: float = 0.0
) -> None:
    res = await client.post(base + "/api/tables", json={"game": "tally", "settings": {}})
    res.raise_for_status()
    data = res.json()
    tokens = [data["token"]]
    for invitation in data["invitations"]:  # claim the other seats, as their players would
        claimed = await client.post(
            f"{base}/api/tables/{data['game_id']}/claim", json={"invitation": invitation["code"]}
        )
        claimed.raise_for_status()
        tokens.append(claimed.json()["token"])
    url = f"{base}/api/tables/{data['game_id']}/actions"
    version = 0
    await asyncio.sleep(random.random() * pace)
    for i in range(actions):
        if pace:
            await asyncio.sleep(pace)
        headers = {"Authorization": f"Bearer {tokens[i % 2]}"}
        t0 = time.perf_counter()
        r = await client.post(
            url, json={"action": {"type": "roll"}, "expected_version": version}, headers=headers
        )
        lat.append(time.perf_counter() - t0)
        if r.status_code != 200:
            raise RuntimeError(f"action refused: {r.status_code} {r.text}")
        version = r.json()["version"]


async def _bare(
    client: httpx.AsyncClient, base: str, actions: int, lat: list[float], pace: float = 0.0
) -> None:
    await asyncio.sleep(random.random() * pace)
    for i in range(actions):
        if pace:
            await asyncio.sleep(pace)
        t0 = time.perf_counter()
        r = await client.post(
            base + "/bare", json={"action": {"type": "roll"}, "expected_version": i}
        )
        lat.append(time.perf_counter() - t0)
        r.raise_for_status()


def _pct(lat: list[float], q: float) -> float:
    lat = sorted(lat)
    return round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 1)


async def _run(kind: str, base: str, games: int, actions: int, pace: float) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        worker = _bare if kind == "bare" else _game
        # warm-up (imports, first connections), not measured
        await asyncio.gather(*(worker(client, base, 2, []) for _ in range(min(games, 10))))
        lat: list[float] = []
        t0 = time.perf_counter()
        await asyncio.gather(*(worker(client, base, actions, lat) for _ in range(games)))
        wall = time.perf_counter() - t0
        paced: list[float] = []
        await asyncio.gather(
            *(worker(client, base, max(5, actions // 2), paced, pace) for _ in range(games))
        )
    return {
        "actions": len(lat),
        "seconds": round(wall, 2),
        "actions_per_s": round(len(lat) / wall, 1),
        "saturated_p50_ms": round(1000 * statistics.median(lat), 1),
        "paced_actions": len(paced),
        "p50_ms": _pct(paced, 0.5),
        "p99_ms": _pct(paced, 0.99),
    }


def measure(
    kind: str, games: int, actions: int, pace: float, db: str | None = None
) -> dict[str, Any]:
    proc, base = start("bare") if kind == "bare" else start("table", db or "")
    try:
        return asyncio.run(_run(kind, base, games, actions, pace))
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--actions", type=int, default=20, help="actions per game")
    ap.add_argument("--pace", type=float, default=2.0, help="seconds between a game's actions")
    ap.add_argument("--no-postgres", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results: dict[str, Any] = {"games": args.games, "actions_per_game": args.actions}
    results["bare"] = measure("bare", args.games, args.actions, args.pace)
    with tempfile.TemporaryDirectory() as tmp:
        results["sqlite"] = measure("table", args.games, args.actions, args.pace, f"{tmp}/load.db")
    if not args.no_postgres:
        try:
            with ThrowawayPostgres() as url:
                results["postgres"] = measure("table", args.games, args.actions, args.pace, url)
        except RuntimeError as exc:
            results["postgres"] = {"skipped": str(exc)}
    bare = results["bare"]["actions_per_s"]
    for key in ("sqlite", "postgres"):
        r = results.get(key, {})
        if "actions_per_s" in r:
            r["share_of_bare"] = round(r["actions_per_s"] / bare, 3)
    sq = results["sqlite"]
    results["targets_met"] = sq["share_of_bare"] >= 0.25 and sq["p99_ms"] <= 50
    if args.json:
        print(json.dumps(results))
        return
    print(
        f"{args.games} concurrent games (loopback, one server process); throughput: "
        f"{args.actions} actions per game back to back; latency: one action per game "
        f"every {args.pace:g} s"
    )
    print(f"{'':10} {'actions/s':>10} {'of bare':>8} {'p50 ms':>8} {'p99 ms':>8}")
    for key in ("bare", "sqlite", "postgres"):
        r = results.get(key)
        if not r or "skipped" in r:
            print(f"{key:10} skipped: {r and r.get('skipped')}")
            continue
        share = f"{100 * r['share_of_bare']:.0f}%" if "share_of_bare" in r else "-"
        print(f"{key:10} {r['actions_per_s']:>10} {share:>8} {r['p50_ms']:>8} {r['p99_ms']:>8}")
    print(
        "targets (SQLite >= 25% of bare, p99 <= 50 ms):",
        "met" if results["targets_met"] else "NOT met",
    )


if __name__ == "__main__":
    main()
