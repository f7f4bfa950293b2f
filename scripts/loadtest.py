"""Load test of a real table (bounded, loopback only): ``make loadtest``.

Each simulated game is a Tide of Iron table (hidden munitions tokens, server
dice with commit-reveal) played by its two seats over HTTP. A turn is what a
page does: the acting seat reads its view, reads the log since the last
version it saw (``/log?since=N``), then acts (buys a face-down token in the
munitions step now and then, moves a squad in the Action Phase, otherwise
advances the round); an action the rules refuse is followed by the next
candidate, as a player would pick another.

Three servers run at once, one process each: the bare FastAPI baseline
(same three requests, JSON of the same size, no work), the table on an
SQLite file and the table on a throwaway PostgreSQL (skipped if missing).
The phases are **interleaved**: every slice runs the same turns on each
target in turn (bare, SQLite, PostgreSQL), so load from other programs on
the machine falls on all of them alike. Two rounds of slices: fresh tables,
then tables whose journals already hold 1,000 events (bulk-inserted with
their snapshots, see :mod:`ordnance.bench.journal`).

Reports, per target and journal length: actions/s (closed loop: each game
starts its next turn when the last is answered), the share of the bare
baseline, p50/p99 of the action request and of a whole turn, and refusals.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tablebench import ThrowawayPostgres, start

SEATS = ("german", "soviet")
MOVES = {"german": [("g-squad-1", "3,2"), ("g-squad-1", "3,3")]}


@dataclass
class Stats:
    action_ms: list[float] = field(default_factory=list)
    turn_ms: list[float] = field(default_factory=list)
    view_ms: list[float] = field(default_factory=list)
    log_ms: list[float] = field(default_factory=list)
    refused: int = 0
    seconds: float = 0.0


@dataclass
class Table:
    base: str
    game_id: str
    tokens: dict[str, str]
    seen: int = 0
    turn: int = 0


def _candidates(view: dict[str, Any], turn: int, seat: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if view.get("step") == "munitions" and turn % 3 == 0:
        mine = [u["id"] for u in view.get("units", []) if str(u.get("id", "")).startswith(seat[0])]
        out += [{"type": "buy", "unit": u, "munition": "AP-B"} for u in mine[:2]]
    if view.get("phase") == "action" and seat in MOVES:
        unit, to = MOVES[seat][(turn // 2) % 2]
        out.append({"type": "move", "unit": unit, "to": to})
    out.append({"type": "advance"})
    return out


async def _timed(stats: list[float], coro: Any) -> httpx.Response:
    t0 = time.perf_counter()
    res: httpx.Response = await coro
    stats.append(1000 * (time.perf_counter() - t0))
    return res


async def _turn(client: httpx.AsyncClient, t: Table, stats: Stats, bare: bool) -> None:
    """One turn of one seat: view, log since, act (next candidate if refused)."""
    start_turn = time.perf_counter()
    seat = SEATS[t.turn % 2]
    t.turn += 1
    path = "/bare" if bare else f"/api/tables/{t.game_id}"
    headers = {"Authorization": f"Bearer {t.tokens[seat]}"}
    res = await _timed(stats.view_ms, client.get(t.base + path + "/view", headers=headers))
    res.raise_for_status()
    view = res.json()
    version = view["version"] if not bare else t.seen
    res = await _timed(
        stats.log_ms,
        client.get(t.base + path + "/log", params={"since": t.seen}, headers=headers),
    )
    res.raise_for_status()
    game_view = view.get("view", {})
    for action in [{"type": "advance"}] if bare else _candidates(game_view, t.turn, seat):
        for who in (seat, SEATS[t.turn % 2]):
            body = {"action": action, "expected_version": version}
            res = await _timed(
                stats.action_ms,
                client.post(
                    t.base + path + "/actions",
                    json=body,
                    headers={"Authorization": f"Bearer {t.tokens[who]}"},
                ),
            )
            if res.status_code == 200:
                t.seen = res.json()["version"]
                stats.turn_ms.append(1000 * (time.perf_counter() - start_turn))
                return
            if res.status_code >= 500:
                raise RuntimeError(f"server error {res.status_code}: {res.text}")
            stats.action_ms.pop()  # a refusal is not an action; counted apart
            stats.refused += 1
    raise RuntimeError(f"no candidate accepted at version {version}: {res.text}")


async def _slice(
    client: httpx.AsyncClient, tables: list[Table], turns: int, stats: Stats, bare: bool
) -> None:
    async def play(t: Table) -> None:
        for _ in range(turns):
            await _turn(client, t, stats, bare)

    t0 = time.perf_counter()
    await asyncio.gather(*(play(t) for t in tables))
    stats.seconds += time.perf_counter() - t0


async def _new_tables(client: httpx.AsyncClient, base: str, games: int) -> list[Table]:
    tables = []
    for _ in range(games):
        res = await client.post(base + "/api/tables", json={"game": "toi", "settings": {}})
        res.raise_for_status()
        data = res.json()
        tokens = {data["seat"]: data["token"]}
        for invitation in data["invitations"]:  # claim the other seats, as their players would
            claimed = await client.post(
                f"{base}/api/tables/{data['game_id']}/claim",
                json={"invitation": invitation["code"]},
            )
            claimed.raise_for_status()
            tokens[invitation["seat"]] = claimed.json()["token"]
        tables.append(Table(base, data["game_id"], tokens))
    return tables


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1)


def _report(stats: Stats) -> dict[str, Any]:
    actions = len(stats.turn_ms)
    return {
        "actions": actions,
        "seconds": round(stats.seconds, 2),
        "actions_per_s": round(actions / stats.seconds, 1) if stats.seconds else None,
        "action_p50_ms": _pct(stats.action_ms, 0.5),
        "action_p99_ms": _pct(stats.action_ms, 0.99),
        "turn_p50_ms": _pct(stats.turn_ms, 0.5),
        "turn_p99_ms": _pct(stats.turn_ms, 0.99),
        "view_p50_ms": _pct(stats.view_ms, 0.5),
        "log_p50_ms": _pct(stats.log_ms, 0.5),
        "refused": stats.refused,
    }


def _prebuilt(db: str, games: int, events: int) -> list[tuple[str, dict[str, str]]]:
    """``games`` ToI tables whose journals hold ``events`` entries (bulk insert)."""
    from ordnance.bench import journal

    game, settings, rows = journal.play(events)
    ids = [f"load{events}-{i}" for i in range(games)]
    tokens = journal.insert_games(db, game, settings, rows, ids)
    return list(tokens.items())


async def _run(
    targets: dict[str, str],
    prebuilt: dict[str, list[tuple[str, dict[str, str]]]],
    games: int,
    turns: int,
    slices: int,
) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=games * 2, max_keepalive_connections=games * 2)
    out: dict[str, Any] = {}
    async with httpx.AsyncClient(limits=limits, timeout=120) as client:
        for length in ("fresh", "1k_events"):
            tables: dict[str, list[Table]] = {}
            for name, base in targets.items():
                if name == "bare":
                    tables[name] = [
                        Table(base, "bare", {s: f"bare-{i}-{s}" for s in SEATS})
                        for i in range(games)
                    ]
                elif length == "fresh":
                    tables[name] = await _new_tables(client, base, games)
                else:
                    tables[name] = [Table(base, gid, tok, seen=1000) for gid, tok in prebuilt[name]]
            # warm-up turn (first connections, imports), not measured
            for name, ts in tables.items():
                await _slice(client, ts, 1, Stats(), name == "bare")
            stats = {name: Stats() for name in targets}
            for _ in range(slices):  # interleaved: every target plays each slice in turn
                for name, ts in tables.items():
                    await _slice(client, ts, turns, stats[name], name == "bare")
            report = {name: _report(s) for name, s in stats.items()}
            bare = report["bare"]["actions_per_s"]
            for name, r in report.items():
                if name != "bare" and bare and r["actions_per_s"]:
                    r["share_of_bare"] = round(r["actions_per_s"] / bare, 3)
            out[length] = report
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=10, help="concurrent tables per target")
    ap.add_argument("--turns", type=int, default=6, help="turns per table per slice")
    ap.add_argument("--slices", type=int, default=3, help="interleaved slices per target")
    ap.add_argument("--no-postgres", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results: dict[str, Any] = {
        "game": "toi",
        "games": args.games,
        "turns": args.turns * args.slices,
        "turn": "view + log?since + action (server dice)",
    }
    procs = []
    pg: ThrowawayPostgres | None = None
    with tempfile.TemporaryDirectory() as tmp:
        try:
            targets: dict[str, str] = {}
            prebuilt: dict[str, list[tuple[str, dict[str, str]]]] = {}
            proc, targets["bare"] = start("bare")
            procs.append(proc)
            db = f"{tmp}/load.db"
            prebuilt["sqlite"] = _prebuilt(db, args.games, 1000)
            proc, targets["sqlite"] = start("table", db)
            procs.append(proc)
            if not args.no_postgres:
                try:
                    pg = ThrowawayPostgres()
                    url = pg.__enter__()
                    prebuilt["postgres"] = _prebuilt(url, args.games, 1000)
                    proc, targets["postgres"] = start("table", url)
                    procs.append(proc)
                except RuntimeError as exc:
                    results["postgres"] = {"skipped": str(exc)}
                    pg = None
            results.update(
                asyncio.run(_run(targets, prebuilt, args.games, args.turns, args.slices))
            )
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(timeout=30)
            if pg is not None:
                pg.__exit__(None, None, None)
    if args.json:
        print(json.dumps(results))
        return
    print(
        f"{args.games} concurrent ToI tables per target, two seats each; a turn is "
        f"{results['turn']}; {results['turns']} turns per table, interleaved across targets"
    )
    head = f"{'':22} {'actions/s':>9} {'of bare':>8} {'act p50':>8} {'act p99':>8} {'turn p99':>9}"
    for length in ("fresh", "1k_events"):
        print(f"-- journals: {length}")
        print(head)
        for name, r in results.get(length, {}).items():
            share = f"{100 * r['share_of_bare']:.0f}%" if "share_of_bare" in r else "-"
            print(
                f"{name:22} {r['actions_per_s']:>9} {share:>8} {r['action_p50_ms']:>8} "
                f"{r['action_p99_ms']:>8} {r['turn_p99_ms']:>9}"
            )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
