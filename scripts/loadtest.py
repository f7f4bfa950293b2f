"""Load test of a real table (bounded, loopback only): ``make loadtest``.

Each simulated game is a Tide of Iron table (hidden munitions tokens, server
dice with commit-reveal) played by its two seats over HTTP, through whole
rounds: the Action Phase's alternating action turns (moves, attacks, Op Fire,
a pass), the Command Phase, and the Status Phase with its purchase window
(face-down tokens bought), Op Fire placement and keep-or-discard. A player
attacks with the unit holding its token, so tokens get revealed.

A player does what its page does (``static/table/main.js``, ``refresh``;
:mod:`ordnance.bench.page_players`): its action carries ``since``, and the
answer its next view, entries and rolls; after another seat's action it reads
what changed in one ``POST /since`` (with its reveal when that action waits
for its dice, which it hears on the table's live stream while the acting seat's
answer, sent with ``wait_dice=1``, waits for that draw and then carries it); it picks its action from the ``legal`` forms of its view (:func:`ordnance.bench.toi_players.plan`), never from a script, and
asks ``/odds`` before an attack as the page's odds panel does (an attack the
odds refuse, out of range or line of sight, is not sent). A seat whose view
offers it nothing waits, so both seats act only when the sequence of play
gives them the move; the server's refusals are counted by kind (a healthy
run has no out-of-turn refusal at all).

Three servers run at once, one process each: the bare FastAPI baseline (the
very requests the SQLite tables' players sent, replayed turn by turn, so the
same mix per action, answered with canned JSON taken from a real table, no work),
the table on an SQLite file and the table on a throwaway PostgreSQL (skipped
if missing). The targets are **interleaved**: every slice runs the same turns
on each target in turn (SQLite, then bare replaying them, then PostgreSQL), so load from other
programs on the machine falls on all of them alike. Two rounds of slices:
fresh tables, then tables whose journals already hold 1,000 events
(bulk-inserted with their snapshots, see :mod:`ordnance.bench.journal`).

Reports, per target and journal length: actions/s (closed loop: each table
starts its next turn when the last is answered), the share of the bare
baseline, p50/p99 of the action request and of a whole turn (both seats'
refresh, the odds, the action), refusals by kind and rounds completed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tablebench import start

from ordnance.bench.page_players import (
    Stats,
    StreamLive,
    Table,
    create_tables,
    new_table,
    play_slice,
    replay_turn,
    turns_of,
)
from ordnance.bench.pg import ThrowawayPostgres
from ordnance.bench.toi_players import SEATS, attacks

# ---- the run ----------------------------------------------------------------------------


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1)


def report(stats: Stats) -> dict[str, Any]:
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
        "view_p99_ms": _pct(stats.view_ms, 0.99),
        "log_p50_ms": _pct(stats.log_ms, 0.5),
        "log_p99_ms": _pct(stats.log_ms, 0.99),
        "odds_p50_ms": _pct(stats.odds_ms, 0.5),
        "dice_p50_ms": _pct(stats.dice_ms, 0.5),
        "dice_p99_ms": _pct(stats.dice_ms, 0.99),
        "since_p50_ms": _pct(stats.since_ms, 0.5),
        "since_p99_ms": _pct(stats.since_ms, 0.99),
        "requests": len(stats.view_ms)
        + len(stats.log_ms)
        + len(stats.odds_ms)
        + len(stats.dice_ms)
        + len(stats.since_ms)
        + len(stats.action_ms),
        "out_of_turn_refusals": stats.out_of_turn,
        "refusals": dict(stats.refused),
        "odds_refused": stats.odds_refused,
        "rounds_completed": stats.rounds,
        "tokens_revealed": stats.revealed,
        "actions_by_type": dict(stats.kinds),
    }


def _prebuilt(db: str, games: int, events: int) -> list[tuple[str, dict[str, str]]]:
    """``games`` ToI tables whose journals hold ``events`` entries (bulk insert)."""
    from ordnance.bench import journal

    game, settings, rows = journal.play(events)
    ids = [f"load{events}-{i}" for i in range(games)]
    tokens = journal.insert_games(db, game, settings, rows, ids)
    return list(tokens.items())


def canned_answers(base: str) -> dict[str, Any]:
    """A real table's answers (each seat's view, a log, odds) for the bare baseline to serve."""
    with httpx.Client(base_url=base, timeout=120) as c:
        res = c.post("/api/tables", json={"game": "toi", "settings": {}})
        res.raise_for_status()
        data = res.json()
        gid, tokens = data["game_id"], {data["seat"]: data["token"]}
        for inv in data["invitations"]:
            claimed = c.post(f"/api/tables/{gid}/claim", json={"invitation": inv["code"]})
            tokens[inv["seat"]] = claimed.raise_for_status().json()["token"]
        auth = {s: {"Authorization": f"Bearer {tok}"} for s, tok in tokens.items()}
        views = {s: c.get(f"/api/tables/{gid}/view", headers=h).json() for s, h in auth.items()}
        first = views[SEATS[0]]
        attack = next(a for a in attacks(first["view"], _form(first, "attack"), SEATS[0]))
        odds = c.post(f"/api/tables/{gid}/odds", json={"action": attack}, headers=auth[SEATS[0]])
        move = {"type": "move", "unit": attack["unit"], "to": first["view"]["units"][0]["hex"]}
        acted = c.post(
            f"/api/tables/{gid}/actions",
            json={"action": move, "expected_version": first["version"]},
            headers=auth[SEATS[0]],
        )
        log = c.get(
            f"/api/tables/{gid}/log", params={"since": first["version"]}, headers=auth[SEATS[1]]
        )
        dice = c.get(f"/api/tables/{gid}/dice", headers=auth[SEATS[1]])
    return {
        "views": views,
        "odds": odds.json(),
        "act": acted.json(),
        "log": log.json(),
        "dice": dice.json(),
    }


def _form(answer: Mapping[str, Any], kind: str) -> dict[str, Any]:
    return next(f for f in answer["legal"] if f["type"] == kind)


async def _replay_slice(
    client: httpx.AsyncClient, bare: list[Table], played: list[Table], stats: Stats
) -> None:
    """Each bare table replays the turns its twin table played since the last slice:
    the baseline gets the table's very requests (the same mix per action)."""

    async def replay(b: Table, t: Table) -> None:
        assert t.record is not None
        for turn in turns_of(t.record)[b.turn :]:
            await replay_turn(client, b, turn, stats)
            b.turn += 1

    t0 = time.perf_counter()
    await asyncio.gather(*(replay(b, t) for b, t in zip(bare, played, strict=True)))
    stats.seconds += time.perf_counter() - t0


async def run(
    targets: dict[str, str],
    prebuilt: dict[str, list[tuple[str, dict[str, str]]]],
    games: int,
    turns: int,
    slices: int,
) -> dict[str, Any]:
    """Interleaved slices: the SQLite tables play (their requests recorded), the bare
    baseline replays those requests, then PostgreSQL plays, slice after slice."""
    limits = httpx.Limits(max_connections=games * 2, max_keepalive_connections=games * 2)
    out: dict[str, Any] = {}
    order = ["sqlite", "bare", *(n for n in targets if n not in ("sqlite", "bare"))]
    async with (
        httpx.AsyncClient(limits=limits, timeout=120) as client,
        httpx.AsyncClient(timeout=httpx.Timeout(120, read=None)) as streams,
    ):
        live = StreamLive(streams)  # the awaited pages hear a waiting roll, as the page does
        for length in ("fresh", "1k_events"):
            tables: dict[str, list[Table]] = {}
            for name in order:
                base = targets[name]
                if name == "bare":
                    tables[name] = [
                        new_table(base, f"bare-{length}-{i}", {s: f"bare-{s}" for s in SEATS}, "b")
                        for i in range(games)
                    ]
                    for t in tables[name]:
                        t.bare = True
                elif length == "fresh":
                    tables[name] = await create_tables(client, base, games, live)
                else:
                    tables[name] = [
                        new_table(base, gid, tok, f"{name}-{gid}") for gid, tok in prebuilt[name]
                    ]
                    for t in tables[name]:
                        t.live = live
            for t in tables["sqlite"]:
                t.record = []

            async def one(
                name: str, turns: int, stats: Stats, tables: dict[str, list[Table]] = tables
            ) -> None:
                if name == "bare":
                    await _replay_slice(client, tables["bare"], tables["sqlite"], stats)
                else:
                    await play_slice(client, tables[name], turns, stats)

            # warm-up turn (first connections, imports, first views), not measured
            for name in order:
                await one(name, 1, Stats())
            stats = {name: Stats() for name in order}
            for _ in range(slices):  # interleaved: every target plays each slice in turn
                for name in order:
                    await one(name, turns, stats[name])
            result = {name: report(stats[name]) for name in targets}
            bare = result["bare"]["actions_per_s"]
            for name, r in result.items():
                if name != "bare" and bare and r["actions_per_s"]:
                    r["share_of_bare"] = round(r["actions_per_s"] / bare, 3)
            out[length] = result
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=6, help="concurrent tables per target")
    ap.add_argument("--turns", type=int, default=12, help="turns per table per slice")
    ap.add_argument("--slices", type=int, default=3, help="interleaved slices per target")
    ap.add_argument("--events", type=int, default=1000, help="journal length of the long tables")
    ap.add_argument("--no-postgres", action="store_true")
    ap.add_argument("--json", action="store_true", help="print only the JSON line")
    args = ap.parse_args()
    results: dict[str, Any] = {
        "game": "toi",
        "games": args.games,
        "turns": args.turns * args.slices,
        "turn": "odds before an attack; one action with `since` (its answer carries the "
        "acting page's next view, entries and rolls); the other page's one POST /since "
        "(with its reveal when the action waits for its dice; the acting page reads once "
        "more when its roll is drawn)",
        "events": args.events,
        "cpus": os.cpu_count(),
        "load_average_before": round(os.getloadavg()[0], 1),
    }
    procs = []
    pg: ThrowawayPostgres | None = None
    with tempfile.TemporaryDirectory() as tmp:
        try:
            targets: dict[str, str] = {}
            prebuilt: dict[str, list[tuple[str, dict[str, str]]]] = {}
            db = f"{tmp}/load.db"
            prebuilt["sqlite"] = _prebuilt(db, args.games, args.events)
            proc, sqlite = start("table", db)
            procs.append(proc)
            canned = Path(tmp) / "canned.json"
            canned.write_text(json.dumps(canned_answers(sqlite)))
            proc, targets["bare"] = start("bare", str(canned))
            procs.append(proc)
            targets["sqlite"] = sqlite
            if not args.no_postgres:
                try:
                    pg = ThrowawayPostgres()
                    url = pg.__enter__()
                    prebuilt["postgres"] = _prebuilt(url, args.games, args.events)
                    proc, targets["postgres"] = start("table", url)
                    procs.append(proc)
                except (RuntimeError, OSError) as exc:
                    results["postgres"] = {"skipped": str(exc)}
                    pg = None
            results.update(asyncio.run(run(targets, prebuilt, args.games, args.turns, args.slices)))
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(timeout=30)
            if pg is not None:
                pg.__exit__(None, None, None)
    results["load_average_after"] = round(os.getloadavg()[0], 1)
    if not args.json:
        _print_table(results, args.events)
    print(json.dumps(results))


def _print_table(results: Mapping[str, Any], events: int) -> None:
    print(
        f"{results['games']} concurrent ToI tables per target, two seats each; a turn is "
        f"{results['turn']}; {results['turns']} turns per table, interleaved across targets"
    )
    head = (
        f"{'':10} {'actions/s':>9} {'of bare':>8} {'act p50':>8} {'act p99':>8} "
        f"{'turn p50':>9} {'turn p99':>9} {'refused':>8} {'rounds':>7}"
    )
    for length in ("fresh", "1k_events"):
        print(f"-- journals: {'fresh' if length == 'fresh' else f'{events} events'}")
        print(head)
        for name, r in results.get(length, {}).items():
            share = f"{100 * r['share_of_bare']:.0f}%" if "share_of_bare" in r else "-"
            refused = f"{r['out_of_turn_refusals']}/{sum(r['refusals'].values())}"
            print(
                f"{name:10} {r['actions_per_s']:>9} {share:>8} {r['action_p50_ms']:>8} "
                f"{r['action_p99_ms']:>8} {r['turn_p50_ms']:>9} {r['turn_p99_ms']:>9} "
                f"{refused:>8} {r['rounds_completed']:>7}"
            )
    print("(refused: out of turn / all refusals; rounds: rounds completed by all tables)")
    print(
        f"load average {results['load_average_before']} before, "
        f"{results['load_average_after']} after, on {results['cpus']} CPUs"
    )


if __name__ == "__main__":
    main()
