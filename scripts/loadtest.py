"""Load test of a real table (bounded, loopback only): ``make loadtest``.

Each simulated game is a Tide of Iron table (hidden munitions tokens, server
dice with commit-reveal) played by its two seats over HTTP, through whole
rounds: the Action Phase's alternating action turns (moves, attacks, Op Fire,
a pass), the Command Phase, and the Status Phase with its purchase window
(face-down tokens bought), Op Fire placement and keep-or-discard. A player
attacks with the unit holding its token, so tokens get revealed.

A player does what its page does (``static/table/main.js``, ``refreshOnce``):
after every action at its table it reads its view, and the log since the
last version it saw only when the version moved; it picks its action from
the ``legal`` forms of that view (:func:`ordnance.bench.toi_players.plan`), never from a script, and
asks ``/odds`` before an attack as the page's odds panel does (an attack the
odds refuse, out of range or line of sight, is not sent). A seat whose view
offers it nothing waits, so both seats act only when the sequence of play
gives them the move; the server's refusals are counted by kind (a healthy
run has no out-of-turn refusal at all).

Three servers run at once, one process each: the bare FastAPI baseline (the
same requests answered with canned JSON taken from a real table, no work),
the table on an SQLite file and the table on a throwaway PostgreSQL (skipped
if missing). The targets are **interleaved**: every slice runs the same turns
on each target in turn (bare, SQLite, PostgreSQL), so load from other
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
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tablebench import ThrowawayPostgres, start

from ordnance.bench.journal import page_tail
from ordnance.bench.toi_players import SEATS, attacks, plan, position_key
from ordnance.server.dice_scheme import chain_from

#: The refusals that mean "not your move": the sequence-of-play clauses of ToI
#: (TOI-B8 round and Action Phase alternation, TOI-B9 Op Fire, TOI-GEN-4 purchase
#: window, TOI-GEN-8 keep-or-discard).
SEQUENCE_CLAUSES = frozenset({"TOI-B8", "TOI-B9", "TOI-GEN-4", "TOI-GEN-8"})


# ---- a table and its players ----------------------------------------------------------


@dataclass
class Stats:
    action_ms: list[float] = field(default_factory=list)
    turn_ms: list[float] = field(default_factory=list)
    view_ms: list[float] = field(default_factory=list)
    log_ms: list[float] = field(default_factory=list)
    odds_ms: list[float] = field(default_factory=list)
    dice_ms: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    odds_refused: int = 0
    revealed: int = 0
    rounds: int = 0
    seconds: float = 0.0

    @property
    def out_of_turn(self) -> int:
        return sum(n for k, n in self.refused.items() if k in SEQUENCE_CLAUSES)


@dataclass
class Player:
    seat: str
    token: str
    rng: random.Random
    seen: int | None = None  # the last version whose log this seat read
    dice_seen: int | None = None  # the last version whose rolls this seat has checked
    taken: Counter[str] = field(default_factory=Counter)
    chain: DiceChain = field(init=False)

    def __post_init__(self) -> None:
        self.chain = DiceChain(self.rng)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


class DiceChain:
    """A seat's secret dice chain as ``static/dice.js`` keeps it (scheme ordnance-dice-v1).

    The root comes from the player's seeded generator (the page draws it from
    ``crypto.getRandomValues``); an element is sent once, and a chain whose
    next element was sent at another version (or is used up) is replaced by a
    new one, as the page does.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.sent: tuple[str, int] | None = None
        self.renew()

    def renew(self) -> None:
        self.elements = chain_from(f"{self.rng.getrandbits(256):064x}")
        self.index = {e: i for i, e in enumerate(self.elements)}
        self.anchor = self.elements[-1]

    def after(self, last: str | None) -> str | None:
        i = self.index.get(last or "", 0)
        return self.elements[i - 1] if i > 0 else None

    def sent_before(self, element: str, version: int) -> bool:
        return self.sent is not None and self.sent[0] == element and self.sent[1] != version


@dataclass
class Table:
    base: str
    game_id: str
    players: list[Player]
    bare: bool = False
    round: int | None = None

    @property
    def path(self) -> str:
        prefix = "/bare" if self.bare else "/api/tables"
        return f"{self.base}{prefix}/{self.game_id}"


def new_table(base: str, game_id: str, tokens: Mapping[str, str], seed: str) -> Table:
    players = [Player(s, tokens[s], random.Random(f"{seed}-{s}")) for s in SEATS]
    return Table(base, game_id, players)


class Stuck(RuntimeError):
    """No seat of a table found an action the server accepted (a bug of the players)."""


async def _timed(into: list[float], coro: Any) -> httpx.Response:
    t0 = time.perf_counter()
    res: httpx.Response = await coro
    into.append(1000 * (time.perf_counter() - t0))
    if res.status_code >= 500:
        raise RuntimeError(f"server error {res.status_code}: {res.text[:300]}")
    return res


async def refresh(client: httpx.AsyncClient, t: Table, p: Player, stats: Stats) -> dict[str, Any]:
    """The page's ``refreshOnce``: the view; when the version moved (or on the first
    load), the log since the last seen version, then ``dice.js``: publish the chain's
    anchor or reveal this version's element (:func:`sync_dice`) and read the dice
    record of the rolls not yet checked to recompute them (``GET /dice?since=``)."""
    res = await _timed(stats.view_ms, client.get(t.path + "/view", headers=p.headers))
    res.raise_for_status()
    answer: dict[str, Any] = res.json()
    version = int(answer["version"])
    first = p.seen is None
    if p.seen is None:
        p.seen = version  # the page was already open: its log is up to date
    if version != p.seen:
        res = await _timed(
            stats.log_ms,
            client.get(t.path + "/log", params={"since": p.seen}, headers=p.headers),
        )
        res.raise_for_status()
        p.seen = int(res.json()["version"])
    elif not first:
        return answer  # same version: the page keeps what it shows
    await sync_dice(client, t, p, answer, stats)
    # dice.js reads the rolls of the journal's tail at first, then only the new ones
    since = p.dice_seen if p.dice_seen is not None else max(0, version - page_tail())
    res = await _timed(
        stats.dice_ms,
        client.get(t.path + "/dice", params={"since": since}, headers=p.headers),
    )
    res.raise_for_status()
    p.dice_seen = version
    return answer


async def sync_dice(
    client: httpx.AsyncClient, t: Table, p: Player, answer: Mapping[str, Any], stats: Stats
) -> None:
    """``OrdnanceDice.sync``: after a view, publish this seat's anchor when the server
    does not hold it, else reveal the next element for the action waiting for this
    seat's element (``dice.pending``; once). A refused anchor or reveal is counted
    with the refusals, by clause."""
    chain = (answer.get("dice") or {}).get("chain")
    if not chain:
        return
    version = int(answer["version"])

    async def post(path: str, body: dict[str, Any]) -> None:
        res = await _timed(stats.dice_ms, client.post(t.path + path, json=body, headers=p.headers))
        if res.status_code != 200:
            stats.refused[str(res.json().get("clause") or res.status_code)] += 1

    if chain.get("anchor") != p.chain.anchor:
        await post("/dice/anchor", {"anchor": p.chain.anchor})
        return
    pending = (answer.get("dice") or {}).get("pending")
    if not pending or not pending.get("reveal"):
        return  # nothing is revealed before an action that rolls is committed
    if chain.get("revealed") or int(chain.get("from_version") or 0) > version:
        return
    element = p.chain.after(chain.get("last"))
    if element is None or p.chain.sent_before(element, version):
        p.chain.renew()  # an element is sent once: a new chain rather than resend it
        await post("/dice/anchor", {"anchor": p.chain.anchor})
        return
    p.chain.sent = (element, version)
    commitment = answer["commitment"]["hash"]
    body = {
        "version": version,
        "commitment": commitment,
        "element": element,
        "pending": pending["digest"],
    }
    await post("/dice/reveal", body)


def action_fields(p: Player, answer: Mapping[str, Any]) -> dict[str, Any]:
    """``OrdnanceDice.actionFields``: the commitment this seat saw and its element for
    this version (the one it revealed, else its next one, each sent once)."""
    out: dict[str, Any] = {"commitment": answer["commitment"]["hash"]}
    chain = (answer.get("dice") or {}).get("chain") or {}
    version = int(answer["version"])
    if chain.get("anchor") and int(chain.get("from_version") or 0) <= version:
        element = chain.get("revealed") or (
            p.chain.after(chain.get("last")) if chain["anchor"] == p.chain.anchor else None
        )
        if element and not p.chain.sent_before(element, version):
            p.chain.sent = (element, version)
            out["element"] = element
    return out


async def play_turn(client: httpx.AsyncClient, t: Table, stats: Stats) -> dict[str, Any]:
    """One turn of a table: both seats refresh, then the seat given the move acts.

    Returns the accepted action. Op Fire reactions are tried before the
    action of the nation on turn (a reaction comes straight after the move).
    """
    t0 = time.perf_counter()
    # both pages refresh at once, as two browsers told of the new version would
    fresh = await asyncio.gather(*(refresh(client, t, p, stats) for p in t.players))
    answers = list(zip(t.players, fresh, strict=True))
    view = answers[0][1]["view"]
    if t.round is None:
        t.round = int(view.get("round", 0))
    elif view.get("round", 0) > t.round:
        stats.rounds += int(view["round"]) - t.round
        t.round = int(view["round"])
    plans = [(p, a, plan(p.seat, a, p.taken, p.rng)) for p, a in answers]
    plans.sort(key=lambda x: not (x[2] and x[2][0].get("mode") == "op_fire"))
    tried = []
    for p, answer, candidates in plans:
        for action in candidates:
            if action["type"] == "attack":
                res = await _timed(
                    stats.odds_ms,
                    client.post(t.path + "/odds", json={"action": action}, headers=p.headers),
                )
                if res.status_code != 200:
                    stats.odds_refused += 1
                    continue
            body = {
                "action": action,
                "expected_version": answer["version"],
                **action_fields(p, answer),
            }
            res = await _timed(
                stats.action_ms, client.post(t.path + "/actions", json=body, headers=p.headers)
            )
            if res.status_code == 202 and "rolling" in res.json():
                # the action rolls: the other seats' pages get the notice, view the
                # waiting action and reveal for it, which draws the dice
                for other in t.players:
                    if other is not p:
                        seen = await _timed(
                            stats.view_ms, client.get(t.path + "/view", headers=other.headers)
                        )
                        await sync_dice(client, t, other, seen.json(), stats)
            if res.status_code in (200, 202):
                p.taken[position_key(answer["view"])] += action["type"] not in ("done", "advance")
                stats.kinds[action["type"]] += 1
                events = res.json().get("entry", {}).get("events", [])
                stats.revealed += sum(e.get("kind") == "token-revealed" for e in events)
                stats.turn_ms.append(1000 * (time.perf_counter() - t0))
                return action
            stats.action_ms.pop()  # a refusal is not an action; counted apart
            data = res.json() if res.headers.get("content-type", "").startswith("app") else {}
            stats.refused[str(data.get("clause") or res.status_code)] += 1
            tried.append((p.seat, action, res.status_code, data.get("message")))
    raise Stuck(f"table {t.game_id}: nothing accepted at {view.get('position')}: {tried}")


async def _slice(client: httpx.AsyncClient, tables: list[Table], turns: int, stats: Stats) -> None:
    async def play(t: Table) -> None:
        for _ in range(turns):
            await play_turn(client, t, stats)

    t0 = time.perf_counter()
    await asyncio.gather(*(play(t) for t in tables))
    stats.seconds += time.perf_counter() - t0


async def create_tables(client: httpx.AsyncClient, base: str, games: int) -> list[Table]:
    """``games`` fresh ToI tables, each seat claimed with its invitation as its player would."""
    tables = []
    for i in range(games):
        res = await client.post(base + "/api/tables", json={"game": "toi", "settings": {}})
        res.raise_for_status()
        data = res.json()
        tokens = {data["seat"]: data["token"]}
        for invitation in data["invitations"]:
            claimed = await client.post(
                f"{base}/api/tables/{data['game_id']}/claim",
                json={"invitation": invitation["code"]},
            )
            claimed.raise_for_status()
            tokens[invitation["seat"]] = claimed.json()["token"]
        tables.append(new_table(base, data["game_id"], tokens, f"fresh-{i}"))
    return tables


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
        "requests": len(stats.view_ms)
        + len(stats.log_ms)
        + len(stats.odds_ms)
        + len(stats.dice_ms)
        + actions,
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


async def run(
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
                        new_table(base, f"bare-{i}", {s: f"bare-{s}" for s in SEATS}, f"bare-{i}")
                        for i in range(games)
                    ]
                    for t in tables[name]:
                        t.bare = True
                elif length == "fresh":
                    tables[name] = await create_tables(client, base, games)
                else:
                    tables[name] = [
                        new_table(base, gid, tok, f"{name}-{gid}") for gid, tok in prebuilt[name]
                    ]
            # warm-up turn (first connections, imports, first views), not measured
            for ts in tables.values():
                await _slice(client, ts, 1, Stats())
            stats = {name: Stats() for name in targets}
            for _ in range(slices):  # interleaved: every target plays each slice in turn
                for name, ts in tables.items():
                    await _slice(client, ts, turns, stats[name])
            result = {name: report(s) for name, s in stats.items()}
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
        "turn": "both seats: view (+ log?since, dice anchor/reveal, GET /dice when moved); "
        "odds before an attack; one action with commitment and element",
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
