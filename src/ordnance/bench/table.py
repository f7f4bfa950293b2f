"""The table's cost per accepted action, measured side by side in ONE process.

``make bench-table`` (``python -m ordnance.bench.table``) plays Tide of Iron
tables in process, through the page's own request flow
(:mod:`ordnance.bench.page_players`: both seats' views, logs since, dice
anchors, reveals and reads, the odds before an attack, the action), and
sends exactly the same requests to two baselines in the same process:

* ``bare``: bare FastAPI answering each route with canned JSON of a real
  table (same size and shape), nothing else (:mod:`ordnance.bench.bare`);
* ``bare_with_write``: the same, plus one durable INSERT and COMMIT of a
  journal row's size on every action, on the same kind of database.

The targets are **interleaved** turn by turn (each turn the table plays, and
each baseline replays the table's previous turn, in an order that changes
turn by turn), in several **rounds** of fresh tables after one uncounted
warm-up round, and each is timed with :func:`time.process_time`, the
process's CPU time, around its own requests only, after a garbage
collection outside the clocks; so load from other programs on the machine,
which slows the wall clock, barely moves the figures. The client (httpx over
ASGI, in process) costs CPU too: it is measured alone against a null ASGI
app answering the same bytes (``client``), and subtracted from each target
(``*_net``) before the share is taken. Every client asks for answers as they
are (``Accept-Encoding: identity``: the baselines do not compress, so the
table alone would pay gzip, and its players alone gunzip), and what only the
table's players do besides sending (decoding the answers, choosing an action,
hashing a new dice chain: :data:`~ordnance.bench.page_players.PLAYERS_CPU`,
their thread's CPU) is left out of the table's figure and shown apart
(``players_cpu_ms_per_action``).
SQL statements are counted with SQLAlchemy's ``before_cursor_execute`` event
on the table's engine.

One JSON line: CPU ms per action for each target, ``share_of_bare_with_write``
(bare-with-write CPU over table CPU, net of the client: the median of the
rounds' shares, their spread in ``share_of_bare_with_write_spread``), requests and SQL
statements per action, p50/p99 per route (wall clock, ms).

SQLAlchemy is imported only where the bare-with-write baseline opens its database.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import httpx
from sqlalchemy import Engine, event

from ordnance.bench.bare import bare_app, canned_answers, null_app
from ordnance.bench.page_players import (
    IN_STREAM,
    PLAYERS_CPU,
    AppLive,
    Player,
    Sent,
    Stats,
    Table,
    create_tables,
    play_turn,
    replay_turn,
)
from ordnance.bench.pg import ThrowawayPostgres
from ordnance.server.app import create_app

Clock = Callable[[], float]

#: The statement tally of the turn under way in this task (:func:`play_counted`:
#: each table's turn runs in its own task, and the app's threads copy its context).
_TURN: ContextVar[list[int] | None] = ContextVar("ordnance_bench_turn", default=None)


class StatementCounter:
    """Counts the SQL statements an engine sends (``before_cursor_execute``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.count = 0
        self.kinds: Counter[str] = Counter()
        self.on = True

    def _seen(self, _conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if self.on and not IN_STREAM.get():  # the live stream's reads: no turn's
            self.count += 1
            self.kinds[" ".join(statement.split()[:3])[:60]] += 1
            tally = _TURN.get()
            if tally is not None:
                tally[0] += 1

    def __enter__(self) -> StatementCounter:
        event.listen(self.engine, "before_cursor_execute", self._seen)
        return self

    def __exit__(self, *_exc: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._seen)


@dataclass
class Meter:
    """CPU time and wall time of one target, summed over its measured requests.

    ``cpu`` leaves out the players' own work done meanwhile (``players``: decoding
    answers, choosing actions, hashing new dice chains,
    :data:`~ordnance.bench.page_players.PLAYERS_CPU`), which only the table's
    players do: the baselines' replay decodes nothing."""

    clock: Clock = time.process_time
    #: the players' CPU so far (seconds, any origin): what ``measure`` leaves out
    players_clock: Clock = field(default=lambda: PLAYERS_CPU[0])
    cpu: float = 0.0
    players: float = 0.0
    actions: int = 0
    requests: int = 0
    per_route: dict[str, list[float]] = field(default_factory=dict)

    @contextmanager
    def measure(self) -> Iterator[None]:
        thought = self.players_clock()
        start = self.clock()
        try:
            yield
        finally:
            spent = self.clock() - start
            players = self.players_clock() - thought
            self.players += players
            self.cpu += spent - players

    def cpu_ms_per_action(self) -> float | None:
        return round(1000 * self.cpu / self.actions, 3) if self.actions else None

    def players_ms_per_action(self) -> float | None:
        return round(1000 * self.players / self.actions, 3) if self.actions else None


def share(bare_cpu: float, table_cpu: float, client_cpu: float = 0.0) -> float | None:
    """The table's rate as a share of the baseline's, from CPU per action, net of
    the in-process client's own CPU (the same requests cost it the same)."""
    table = table_cpu - client_cpu
    bare = bare_cpu - client_cpu
    if table <= 0 or bare <= 0:
        return None
    return round(bare / table, 3)


def percentile(values: Sequence[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def routes_of(stats: Stats, record: Sequence[Sent] = ()) -> dict[str, dict[str, float | None]]:
    lists = stats.by_route()
    return {
        name: {"n": len(v), "p50_ms": percentile(v, 0.5), "p99_ms": percentile(v, 0.99)}
        for name, v in lists.items()
        if v
    }


def requests_of(stats: Stats) -> int:
    return (
        len(stats.view_ms)
        + len(stats.log_ms)
        + len(stats.dice_ms)
        + len(stats.odds_ms)
        + len(stats.action_ms)
        + len(stats.since_ms)
    )


#: What every target's client asks for: answers as they are, not gzipped. httpx asks for
#: gzip by default, which the table's app honours and the baselines (no GZip middleware)
#: ignore, so the table alone paid the compression and its players alone the
#: decompression; compression costs any server the same per byte of the same answers.
IDENTITY = {"Accept-Encoding": "identity"}


def client_for(app: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app),
        base_url="http://bench",
        timeout=120,
        headers=IDENTITY,
    )


async def play_counted(
    app: Any, engine: Engine, *, games: int, turns: int, warmup: int = 1
) -> dict[str, Any]:
    """Play ``games`` fresh tables ``turns`` turns each through the page's requests;
    count requests and SQL statements per accepted action (after ``warmup`` turns)."""
    by_kind: dict[str, list[int]] = {}
    requests_by_kind: dict[str, list[tuple[int, int]]] = {}

    async def counted_turn(client: httpx.AsyncClient, t: Table, stats: Stats) -> None:
        tally = [0]
        _TURN.set(tally)  # this task's own context (gather wraps each turn in a task)
        own = Stats()
        action = await play_turn(client, t, own)
        by_kind.setdefault(str(action["type"]), []).append(tally[0])
        sent = (requests_of(own) - len(own.odds_ms), len(own.odds_ms))
        requests_by_kind.setdefault(str(action["type"]), []).append(sent)
        _merge(stats, own)

    async with app.router.lifespan_context(app), client_for(app) as client:
        tables = await create_tables(client, "http://bench", games, AppLive(app))
        for _ in range(warmup):
            await asyncio.gather(*(play_turn(client, t, Stats()) for t in tables))
        stats = Stats()
        with StatementCounter(engine) as counter:
            for _ in range(turns):
                await asyncio.gather(*(counted_turn(client, t, stats) for t in tables))
    actions = len(stats.turn_ms)
    return {
        "actions": actions,
        "requests": requests_of(stats),
        "statements": counter.count,
        "statements_per_action": round(counter.count / actions, 2) if actions else None,
        "requests_per_action": round(requests_of(stats) / actions, 2) if actions else None,
        "requests_by_route": {k: v["n"] for k, v in routes_of(stats).items()},
        "kinds": dict(stats.kinds),
        "refused": dict(stats.refused),
        "odds_refused": stats.odds_refused,
        "statement_kinds": dict(counter.kinds.most_common(30)),
        # each turn's own requests (its odds, refusals, action, the other pages'
        # /since), by the kind of the action accepted; statements sent outside a
        # turn's requests (the live stream's notices) are in no kind
        "statements_by_kind": {
            k: {"n": len(v), "per_action": round(sum(v) / len(v), 2)}
            for k, v in sorted(by_kind.items())
        },
        "statements_in_turns": sum(sum(v) for v in by_kind.values()),
        # each turn's requests besides the odds previews, and its odds previews (every
        # attack the players considered, refused ones too), by the kind accepted
        "requests_by_kind": {
            k: {"most": max(n for n, _ in v), "odds_most": max(o for _, o in v)}
            for k, v in sorted(requests_by_kind.items())
        },
    }


def _merge(into: Stats, more: Stats) -> None:
    """``more``'s requests and counts added to ``into``."""
    for name, values in more.by_route().items():
        into.by_route()[name].extend(values)
    into.turn_ms.extend(more.turn_ms)
    into.refused.update(more.refused)
    into.kinds.update(more.kinds)
    into.odds_refused += more.odds_refused
    into.drawn_in_answer += more.drawn_in_answer
    into.answered_pending += more.answered_pending
    into.revealed += more.revealed
    into.rounds += more.rounds


TARGETS = ("table", "bare", "bare_with_write", "client")


async def bench(
    table_app: Any,
    engine: Engine,
    write: Engine,
    *,
    games: int = 4,
    turns: int = 25,
    warmup: int = 2,
    rounds: int = 5,
    warmup_rounds: int = 1,
    clock: Clock = time.process_time,
    players_clock: Clock = lambda: PLAYERS_CPU[0],
) -> dict[str, Any]:
    """The table and its baselines, interleaved turn by turn, on the same requests.

    ``warmup_rounds`` uncounted rounds, then ``rounds`` counted ones; each round
    opens ``games`` fresh tables (the same seeds every round) and plays ``warmup``
    uncounted turns, then ``turns`` counted ones. Each turn (a *slot*), every table
    plays one turn through the page's requests (recorded) and each baseline replays
    the table's previous turn (:func:`replay_turn`): bare FastAPI, bare FastAPI with
    one durable write per action, and the null app (the client alone); the four parts
    of a slot run in an order that changes slot by slot (:func:`slot_order`), so no
    target always goes first or follows the same one. Before each part the garbage collector runs, outside the clocks (so no
    target pays for another's garbage), and what outlives a round's set-up is frozen
    (:func:`gc.freeze`) so that those collections stay cheap. Each target's CPU is
    ``clock`` (process CPU time) summed over its own parts, less the players' own work
    meanwhile (``players_clock``: :data:`~ordnance.bench.page_players.PLAYERS_CPU`,
    decoding answers, choosing actions and hashing new dice chains, which only the
    table's players do; the replays decode nothing). The shares are taken per
    round; the headline is their median, with the spread across rounds beside it.
    The table's app runs with its lifespan (its broadcaster's loop, PostgreSQL's
    listener), so that an action waiting for its roll (``wait_dice``) hears the
    draw, and its players hear the stream in process.
    """
    async with table_app.router.lifespan_context(table_app):
        async with client_for(table_app) as tc:
            answers = await canned_answers(tc)
        apps = {
            "table": table_app,
            "bare": bare_app(answers),
            "bare_with_write": bare_app(answers, write=write),
            "client": null_app(answers),
        }
        clients = {name: client_for(app) for name, app in apps.items()}
        counter = StatementCounter(engine)
        per_round: list[dict[str, Any]] = []
        totals = {name: Meter(clock, players_clock) for name in TARGETS}
        stats = {name: Stats() for name in TARGETS}
        try:
            with counter:
                counter.on = False  # on only for the counted rounds' counted turns
                for r in range(warmup_rounds + rounds):
                    counted = r >= warmup_rounds
                    meters = {name: Meter(clock, players_clock) for name in TARGETS}
                    await _round(
                        clients,
                        table_app,
                        r,
                        games=games,
                        turns=turns,
                        warmup=warmup,
                        meters=meters,
                        stats=stats if counted else {name: Stats() for name in TARGETS},
                        counter=counter if counted else None,
                    )
                    if counted:
                        per_round.append(_shares(meters))
                        for name in TARGETS:
                            totals[name].cpu += meters[name].cpu
                            totals[name].players += meters[name].players
                            totals[name].actions += meters[name].actions
        finally:
            counter.on = False
            gc.unfreeze()
            for c in clients.values():
                await c.aclose()
    return _report(totals, stats, counter, per_round)


async def _round(
    clients: Mapping[str, httpx.AsyncClient],
    table_app: Any,
    r: int,
    *,
    games: int,
    turns: int,
    warmup: int,
    meters: Mapping[str, Meter],
    stats: Mapping[str, Stats],
    counter: StatementCounter | None,
) -> None:
    """One round: fresh tables, ``warmup`` + ``turns`` slots, then the baselines'
    replay of the last turn (a last slot without the table)."""
    played = await create_tables(clients["table"], "http://bench", games, AppLive(table_app))
    for t in played:
        t.record = []
    twins = {
        name: [
            Table(
                "http://bench",
                f"{name}-{r}-{i}",
                [_bare_player(p) for p in t.players],
                bare=True,
            )
            for i, t in enumerate(played)
        ]
        for name in TARGETS[1:]
    }
    gc.collect()
    gc.freeze()  # what the round starts with is not the targets' garbage
    previous: list[list[Sent]] | None = None
    previous_measured = False
    for n in range(warmup + turns + 1):
        playing = n < warmup + turns
        measured = warmup <= n < warmup + turns
        if counter is not None:
            counter.on = measured
        for name in slot_order(n):
            if name == "table" and playing:
                await _part(
                    meters["table"],
                    measured,
                    len(played),
                    partial(_play, clients["table"], played, _own(stats, measured, "table")),
                )
            elif name != "table" and previous is not None:
                await _part(
                    meters[name],
                    previous_measured,
                    len(played),
                    partial(
                        _replay,
                        clients[name],
                        twins[name],
                        previous,
                        _own(stats, previous_measured, name),
                    ),
                )
        previous = [_last_turn(t) for t in played] if playing else None
        previous_measured = measured
    if counter is not None:
        counter.on = False


def slot_order(n: int) -> tuple[str, ...]:
    """The order of the targets' parts in slot ``n``: row ``n mod 4`` of a balanced
    Latin square (Williams' design: 0 1 3 2, then each row one more, mod 4), so that
    over any four slots each target goes first once and follows each other target once."""
    size = len(TARGETS)
    first = [0, 1, 3, 2]
    return tuple(TARGETS[(i + n) % size] for i in first)


def _own(stats: Mapping[str, Stats], measured: bool, name: str) -> Stats:
    return stats[name] if measured else Stats()


async def _play(client: httpx.AsyncClient, played: Sequence[Table], stats: Stats) -> None:
    await asyncio.gather(*(play_turn(client, t, stats) for t in played))


async def _replay(
    client: httpx.AsyncClient, twins: Sequence[Table], turns: Sequence[list[Sent]], stats: Stats
) -> None:
    await asyncio.gather(
        *(replay_turn(client, b, turn, stats) for b, turn in zip(twins, turns, strict=True))
    )


async def _part(
    meter: Meter, measured: bool, actions: int, work: Callable[[], Awaitable[Any]]
) -> None:
    """One target's part of a slot: garbage collected first (outside the clock),
    then ``work`` on ``meter``'s clock if ``measured``."""
    gc.collect()
    if not measured:
        await work()
        return
    with meter.measure():
        await work()
    meter.actions += actions


def _bare_player(p: Any) -> Any:

    return Player(p.seat, f"bare-{p.seat}", p.rng)


def _last_turn(t: Table) -> list[Sent]:
    assert t.record is not None
    return [s for s in t.record if s.turn == t.turn]


def _shares(meters: Mapping[str, Meter]) -> dict[str, float | None]:
    """One round's shares (net of that round's client)."""
    cpu = {name: meters[name].cpu_ms_per_action() or 0.0 for name in TARGETS}
    return {
        "share_of_bare": share(cpu["bare"], cpu["table"], cpu["client"]),
        "share_of_bare_with_write": share(cpu["bare_with_write"], cpu["table"], cpu["client"]),
        "table_cpu_ms_per_action": cpu["table"],
    }


def spread(values: Sequence[float | None]) -> dict[str, float | None]:
    """Median, min, max and interquartile range of the per-round figures (None when
    a round had none); ``rel_range``: (max - min) / median."""
    xs = sorted(v for v in values if v is not None)
    if not xs:
        return {"median": None, "min": None, "max": None, "iqr": None, "rel_range": None}
    med = statistics.median(xs)
    if len(xs) >= 2:
        q1, _q2, q3 = statistics.quantiles(xs, n=4, method="inclusive")
        iqr = q3 - q1
    else:
        iqr = 0.0
    return {
        "median": round(med, 3),
        "min": round(xs[0], 3),
        "max": round(xs[-1], 3),
        "iqr": round(iqr, 3),
        "rel_range": round((xs[-1] - xs[0]) / med, 3) if med else None,
    }


def _report(
    meters: Mapping[str, Meter],
    stats: Mapping[str, Stats],
    counter: StatementCounter,
    per_round: Sequence[Mapping[str, float | None]] = (),
) -> dict[str, Any]:
    cpu = {name: meters[name].cpu_ms_per_action() for name in TARGETS}
    client = cpu["client"] or 0.0
    net = {
        name: round(v - client, 3) if v is not None else None
        for name, v in cpu.items()
        if name != "client"
    }
    table = cpu["table"] or 0.0
    actions = meters["table"].actions
    with_write = spread([r["share_of_bare_with_write"] for r in per_round])
    of_bare = spread([r["share_of_bare"] for r in per_round])
    return {
        "actions": actions,
        "rounds": len(per_round),
        "cpu_ms_per_action": cpu,
        "cpu_ms_per_action_net_of_client": net,
        # the players' own work in each target's parts, left out of the figures above
        "players_cpu_ms_per_action": {
            name: meters[name].players_ms_per_action() for name in TARGETS
        },
        # the headline: the median over the rounds of each round's share
        "share_of_bare": of_bare["median"],
        "share_of_bare_with_write": with_write["median"],
        "share_of_bare_with_write_spread": with_write,
        "share_of_bare_spread": of_bare,
        # the same from all rounds' CPU pooled
        "share_of_bare_pooled": share(cpu["bare"] or 0.0, table, client),
        "share_of_bare_with_write_pooled": share(cpu["bare_with_write"] or 0.0, table, client),
        "per_round": list(per_round),
        "requests_per_action": {
            name: round(requests_of(stats[name]) / actions, 2) if actions else None
            for name in TARGETS
        },
        "statements_per_action": round(counter.count / actions, 2) if actions else None,
        "routes": {name: routes_of(stats[name]) for name in TARGETS if name != "client"},
    }


def _write_engine(url: str) -> Engine:
    """The baseline's durable write: the same kind of database, the table's durability."""
    from sqlalchemy import create_engine

    if not url.startswith("sqlite"):
        return create_engine(url)
    engine = create_engine(url, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    return engine


def run(url: str, write_url: str, *, games: int, turns: int, rounds: int = 5) -> dict[str, Any]:
    """:func:`bench` with the table over ``url`` and the durable write over ``write_url``."""

    app = create_app(url, create_rate=None)
    journal = app.state.service.journal
    write = _write_engine(write_url)
    try:
        return asyncio.run(
            bench(app, journal.engine, write, games=games, turns=turns, rounds=rounds)
        )
    finally:
        journal.close()
        write.dispose()


def _on_throwaway_postgres(games: int, turns: int, rounds: int) -> dict[str, Any]:

    try:
        pg = ThrowawayPostgres()
        url = pg.__enter__()
    except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
        return {"skipped": str(exc)}
    try:
        return run(url, url, games=games, turns=turns, rounds=rounds)
    finally:
        pg.__exit__(None, None, None)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=4, help="tables played at once")
    ap.add_argument("--turns", type=int, default=25, help="measured turns per table and round")
    ap.add_argument(
        "--rounds",
        type=int,
        default=5,
        help="counted rounds (fresh tables each; one more uncounted first)",
    )
    ap.add_argument(
        "--postgres",
        default=None,
        help="a PostgreSQL URL (default: a throwaway cluster on loopback, if installed)",
    )
    ap.add_argument("--no-postgres", action="store_true", help="SQLite only")
    ap.add_argument("--counts", action="store_true", help="only count requests and statements")
    args = ap.parse_args()
    out: dict[str, Any] = {
        "game": "toi",
        "games": args.games,
        "turns": args.turns,
        "rounds": args.rounds,
        "cpus": os.cpu_count(),
        "load_average_before": round(os.getloadavg()[0], 2),
    }
    with tempfile.TemporaryDirectory() as tmp:
        if args.counts:
            app = create_app(os.path.join(tmp, "bench.db"), create_rate=None)
            engine = app.state.service.journal.engine
            out["sqlite"] = asyncio.run(
                play_counted(app, engine, games=args.games, turns=args.turns)
            )
        else:
            table = f"sqlite:///{tmp}/table.db"
            out["sqlite"] = run(
                table,
                f"sqlite:///{tmp}/bare.db",
                games=args.games,
                turns=args.turns,
                rounds=args.rounds,
            )
            if args.postgres:
                out["postgres"] = run(
                    args.postgres,
                    args.postgres,
                    games=args.games,
                    turns=args.turns,
                    rounds=args.rounds,
                )
            elif not args.no_postgres:
                out["postgres"] = _on_throwaway_postgres(args.games, args.turns, args.rounds)
    out["load_average_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
