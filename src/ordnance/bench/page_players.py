"""The page's players over HTTP: the requests ``static/table/main.js`` and ``dice.js`` make.

Shared by the load test (``scripts/loadtest.py``, real servers on loopback), the
in-process table benchmark (:mod:`ordnance.bench.table`, ``make bench-table``)
and the statement-count test. A player does what its page does: it opens the
table with one ``POST /since`` (its view, the journal's tail, the rolls of the
tail) and publishes its dice chain's anchor if the server lacks it; it acts
with ``since`` in the action, whose answer carries its next view, entries and
rolls (``next``); told of another seat's change by the live stream, it reads
what changed in one ``POST /since``, and when the change is an action waiting
for its dice element it sends its reveal in that same request. An action whose
form rolls is sent with ``wait_dice=1`` when the table has a live stream to hear
(:attr:`Table.live`: :class:`StreamLive` over HTTP, :class:`AppLive` in process):
its answer then comes once the other seat's reveal has drawn the roll and carries
it, so the acting page reads nothing more (a move 2 requests, an attack 3 with its
odds); without one, or past the server's wait, it reads once the roll is drawn, as
before. It picks its
action from the ``legal`` forms of its view
(:func:`ordnance.bench.toi_players.plan`) and asks ``/odds`` before an attack,
as the page's odds panel does.

Every request goes through :func:`_send`, which can record it (:class:`Sent`),
so that a baseline server can be sent exactly the same requests
(:func:`replay_turn`): the same mix of reads, reveals, odds and actions per
accepted action.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple, Protocol, TypeVar

import httpx

from ordnance.bench.toi_players import SEATS, plan, position_key
from ordnance.server.dice_scheme import chain_from

_R = TypeVar("_R")


class Sent(NamedTuple):
    """One request a player sent: in which turn, before (0) or after (1) both refreshes."""

    turn: int
    phase: int
    seat: int
    method: str
    suffix: str
    params: dict[str, Any]
    json: Any


#: The refusals that mean "not your move": the sequence-of-play clauses of ToI
#: (TOI-B8 round and Action Phase alternation, TOI-B9 Op Fire, TOI-GEN-4 purchase
#: window, TOI-GEN-8 keep-or-discard).
SEQUENCE_CLAUSES = frozenset({"TOI-B8", "TOI-B9", "TOI-GEN-4", "TOI-GEN-8"})


#: The players' own CPU, in seconds of the event loop's thread (:func:`time.thread_time`):
#: decoding the answers, choosing what to do, hashing a new dice chain
#: (:func:`thinking`), what a page does and no server. The table benchmark
#: (:mod:`ordnance.bench.table`) leaves it out of every target's figure: its
#: baselines replay recorded requests and decode nothing.
PLAYERS_CPU = [0.0]


@contextlib.contextmanager
def thinking() -> Iterator[None]:
    """The players' own work (decoding an answer, choosing an action), its CPU on this
    thread added to :data:`PLAYERS_CPU` (server threads' work is not in that clock)."""
    start = time.thread_time()
    try:
        yield
    finally:
        PLAYERS_CPU[0] += time.thread_time() - start


def decoded(res: httpx.Response) -> Any:
    """The answer's JSON, as the page's ``fetch(...).json()``, on the players' clock."""
    with thinking():
        return res.json()


# ---- a table and its players ----------------------------------------------------------


@dataclass
class Stats:
    action_ms: list[float] = field(default_factory=list)
    turn_ms: list[float] = field(default_factory=list)
    view_ms: list[float] = field(default_factory=list)
    log_ms: list[float] = field(default_factory=list)
    odds_ms: list[float] = field(default_factory=list)
    dice_ms: list[float] = field(default_factory=list)
    since_ms: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    #: actions sent with ``wait_dice`` whose roll the other pages drew while they
    #: waited: answered with the roll, or (past the server's wait) still pending
    drawn_in_answer: int = 0
    answered_pending: int = 0
    odds_refused: int = 0
    revealed: int = 0
    rounds: int = 0
    seconds: float = 0.0

    @property
    def out_of_turn(self) -> int:
        return sum(n for k, n in self.refused.items() if k in SEQUENCE_CLAUSES)

    def by_route(self) -> dict[str, list[float]]:
        """The durations of each route's requests, by route name (``dice``, ``since``...)."""
        return {
            "view": self.view_ms,
            "log": self.log_ms,
            "dice": self.dice_ms,
            "odds": self.odds_ms,
            "actions": self.action_ms,
            "since": self.since_ms,
        }


@dataclass
class Player:
    seat: str
    token: str
    rng: random.Random
    seen: int | None = None  # the last journal entry this seat's page holds
    dice_seen: int | None = None  # the last version whose rolls this seat has checked
    answer: dict[str, Any] | None = None  # the view its page shows
    base: str | None = None  # the server this seat's page talks to (None: the table's)
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
        """A new chain: 2,048 hashes, the page's work (on the players' clock)."""
        with thinking():
            self.elements = chain_from(f"{self.rng.getrandbits(256):064x}")
            self.index = {e: i for i, e in enumerate(self.elements)}
            self.anchor = self.elements[-1]

    def after(self, last: str | None) -> str | None:
        i = self.index.get(last or "", 0)
        return self.elements[i - 1] if i > 0 else None

    def sent_before(self, element: str, version: int) -> bool:
        return self.sent is not None and self.sent[0] == element and self.sent[1] != version


class Live(Protocol):
    """Where the players hear the live stream's notices (the page's ``EventSource``)."""

    async def rolling(self, t: Table, actor: Player, version: int) -> str:
        """Once the stream says ``actor``'s action waits for its dice at ``version``:
        the action's digest (what the notice names, ``dice_pending``)."""
        ...


def _rolling_notice(data: Mapping[str, Any], actor: Player, version: int) -> str | None:
    if data.get("version") == version and data.get("dice_pending_by") == actor.seat:
        digest = data.get("dice_pending")
        return str(digest) if digest else None
    return None


class StreamLive:
    """The live stream over HTTP (a real server): another seat's ``/ticket`` and
    ``/events`` stream, read until its notice names the actor's waiting action. (The
    page keeps its stream open; this opens one per roll, outside the counted requests,
    on a client of its own, so that streams never wait for the players' connections.)"""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def rolling(self, t: Table, actor: Player, version: int) -> str:
        other = next(p for p in t.players if p is not actor)
        path = t.path_for(other)  # the stream of the page that reveals
        res = await self.client.post(path + "/ticket", headers=other.headers)
        ticket = res.raise_for_status().json()["ticket"]
        params = {"ticket": ticket}
        async with self.client.stream("GET", path + "/events", params=params) as stream:
            async for line in stream.aiter_lines():
                if line.startswith("data: "):
                    digest = _rolling_notice(json.loads(line[6:]), actor, version)
                    if digest is not None:
                        return digest
        raise RuntimeError("the live stream ended before the roll was announced")


#: Set while a player hears the live stream in process (:class:`AppLive`): the stream's
#: reads are the server's for every notice of every page, no turn's requests', and the
#: statement counts (:mod:`ordnance.bench.table`) leave them out, as they always have.
IN_STREAM: ContextVar[bool] = ContextVar("ordnance_bench_in_stream", default=False)


def _stream_read(read: Callable[[], _R]) -> _R:
    IN_STREAM.set(True)  # this thread's own copy of the context
    return read()


class AppLive:
    """The live stream in process (an ASGI client cannot stream): the app's own
    broadcaster and the stream's own read of the waiting action
    (:meth:`TableService.pending_notice`, outside the statement counts)."""

    def __init__(self, app: Any) -> None:
        self.broadcaster = app.state.broadcaster
        self.service = app.state.service

    async def rolling(self, t: Table, actor: Player, version: int) -> str:
        queue = self.broadcaster.subscribe(t.game_id)  # before the action is sent
        try:
            while True:
                if await queue.get() != version:
                    continue
                digest, by = await asyncio.to_thread(
                    _stream_read, partial(self.service.pending_notice, t.game_id)
                )
                notice = {"version": version, "dice_pending": digest, "dice_pending_by": by}
                found = _rolling_notice(notice, actor, version)
                if found is not None:
                    return found
        finally:
            self.broadcaster.unsubscribe(t.game_id, queue)


@dataclass
class Table:
    base: str
    game_id: str
    players: list[Player]
    bare: bool = False
    round: int | None = None
    #: every request sent, when set (see :func:`replay_turn`)
    record: list[Sent] | None = None
    turn: int = 0
    #: the live stream the players hear (None: none; an action is answered at once)
    live: Live | None = None

    @property
    def path(self) -> str:
        return self.path_for(None)

    def path_for(self, p: Player | None) -> str:
        """The table's API as ``p``'s page reaches it (its own server, if it has one)."""
        prefix = "/bare" if self.bare else "/api/tables"
        base = p.base if p is not None and p.base is not None else self.base
        return f"{base}{prefix}/{self.game_id}"


def new_table(base: str, game_id: str, tokens: Mapping[str, str], seed: str) -> Table:
    players = [Player(s, tokens[s], random.Random(f"{seed}-{s}")) for s in SEATS]
    return Table(base, game_id, players)


class Stuck(RuntimeError):
    """No seat of a table found an action the server accepted (a bug of the players)."""


async def _send(
    client: httpx.AsyncClient,
    t: Table,
    p: Player,
    into: list[float],
    method: str,
    suffix: str,
    *,
    phase: int,
    params: Mapping[str, Any] | None = None,
    json: Any = None,
) -> httpx.Response:
    """One request of a seat's page, timed into ``into`` and recorded in ``t.record``
    (when set) so that a baseline can replay the very same requests."""
    if t.record is not None:
        seat = t.players.index(p)
        t.record.append(Sent(t.turn, phase, seat, method, suffix, dict(params or {}), json))
    t0 = time.perf_counter()
    url = t.path_for(p) + suffix
    res = await client.request(method, url, params=params, json=json, headers=p.headers)
    into.append(1000 * (time.perf_counter() - t0))
    if res.status_code >= 500:
        raise RuntimeError(f"server error {res.status_code}: {res.text[:300]}")
    return res


def _apply(p: Player, data: Mapping[str, Any]) -> dict[str, Any]:
    """What the page does with a ``/since`` answer (or an action's ``next``): keep the
    view, the entries up to the log's version and the dice checked up to the record's."""
    view: dict[str, Any] = dict(data["view"])
    version = int(view["version"])
    log = data.get("log")
    p.seen = int(log["version"]) if log else max(p.seen or 0, version)
    dice = data.get("dice")
    p.dice_seen = int(dice["version"]) if dice else max(p.dice_seen or 0, version)
    p.answer = view
    return view


async def since(
    client: httpx.AsyncClient,
    t: Table,
    p: Player,
    stats: Stats,
    *,
    reveal: Mapping[str, Any] | None = None,
    phase: int = 1,
) -> httpx.Response:
    """The page's one request after a change notice (``refreshOnce``): ``POST /since``
    with the last entry it holds, the last version whose rolls it checked and, when it
    is awaited, its reveal; the answer is its view, the new entries and the new rolls."""
    body: dict[str, Any] = {"version": p.seen, "dice_since": p.dice_seen}
    if reveal is not None:
        body["reveal"] = dict(reveal)
        p.chain.sent = (str(reveal["element"]), int(reveal["version"]))
    res = await _send(client, t, p, stats.since_ms, "POST", "/since", phase=phase, json=body)
    if res.status_code == 200:
        data = decoded(res)
        with thinking():
            _apply(p, data)
    elif reveal is not None and res.status_code in (409, 422):
        stats.refused[str(decoded(res).get("clause") or res.status_code)] += 1
    else:
        res.raise_for_status()
    return res


async def refresh(
    client: httpx.AsyncClient, t: Table, p: Player, stats: Stats, phase: int = 1
) -> dict[str, Any]:
    """One refresh of a seat's page and what ``dice.js`` does after it: publish the
    chain's anchor when the server lacks it, or reveal for the action waiting for this
    seat's element in a second ``/since`` (:func:`sync_dice`)."""
    res = await since(client, t, p, stats, phase=phase)
    if res.status_code != 200:  # a refused reveal: the page reads again
        res = await since(client, t, p, stats, phase=phase)
    assert p.answer is not None
    reveal = await sync_dice(client, t, p, p.answer, stats, phase)
    if reveal is not None:
        await since(client, t, p, stats, reveal=reveal, phase=phase)
    return p.answer


async def sync_dice(
    client: httpx.AsyncClient,
    t: Table,
    p: Player,
    answer: Mapping[str, Any],
    stats: Stats,
    phase: int = 1,
) -> dict[str, Any] | None:
    """``OrdnanceDice.sync``: after a view, publish this seat's anchor when the server
    does not hold it (``POST /dice/anchor``), else answer the reveal to send (in the
    next ``/since``) for the action waiting for this seat's element (``dice.pending``)."""
    chain = (answer.get("dice") or {}).get("chain")
    if not chain:
        return None
    version = int(answer["version"])

    async def anchor() -> None:
        body = {"anchor": p.chain.anchor}
        res = await _send(
            client, t, p, stats.dice_ms, "POST", "/dice/anchor", phase=phase, json=body
        )
        if res.status_code != 200:
            stats.refused[str(decoded(res).get("clause") or res.status_code)] += 1

    if (chain.get("newest") or chain.get("anchor")) != p.chain.anchor:
        await anchor()
        return None
    pending = (answer.get("dice") or {}).get("pending")
    if not pending or not pending.get("reveal"):
        return None  # nothing is revealed before an action that rolls is committed
    if chain.get("revealed") or int(chain.get("from_version") or 0) > version:
        return None
    if chain.get("anchor") != p.chain.anchor:
        return None  # the chain in force is one this seat no longer holds
    element = p.chain.after(chain.get("last"))
    if element is None or p.chain.sent_before(element, version):
        p.chain.renew()  # an element is sent once: a new chain rather than resend it
        await anchor()
        return None
    return {
        "version": version,
        "commitment": answer["commitment"]["hash"],
        "element": element,
        "pending": pending["digest"],
    }


def reveal_for_notice(p: Player, digest: str, by: str) -> dict[str, Any] | None:
    """``OrdnanceDice.revealFor``: on a notice that ``by``'s action waits for its dice
    (``digest``) at the version this seat's view shows, the reveal to send with its
    one ``/since`` (None: it reads its view first, as the page does)."""
    view = p.answer
    if view is None or by == p.seat:
        return None
    d = view.get("dice") or {}
    chain = d.get("chain") or {}
    version = int(view["version"])
    if d.get("pending") or not chain.get("anchor") or chain.get("revealed"):
        return None
    if (
        chain["anchor"] != p.chain.anchor
        or (chain.get("newest") or chain["anchor"]) != chain["anchor"]
    ):
        return None
    if int(chain.get("from_version") or 0) > version:
        return None
    element = p.chain.after(chain.get("last"))
    if element is None or p.chain.sent_before(element, version):
        return None
    return {
        "version": version,
        "commitment": view["commitment"]["hash"],
        "element": element,
        "pending": digest,
    }


def action_fields(
    p: Player, answer: Mapping[str, Any], action: Mapping[str, Any]
) -> dict[str, Any]:
    """``OrdnanceDice.actionFields``, sent with an action whose form rolls dice (its
    schema's ``x-dice``): the commitment this seat saw and its element for this version
    (the one it revealed, else its next one, each sent once)."""
    forms = {f.get("type"): f for f in answer.get("legal") or []}
    schema = (forms.get(action.get("type")) or {}).get("schema") or {}
    if schema.get("x-dice") is False:
        return {}
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


async def _notice(
    client: httpx.AsyncClient,
    t: Table,
    actor: Player,
    data: Mapping[str, Any],
    stats: Stats,
    *,
    heard: bool = False,
) -> None:
    """Every other page, told of the change by its live stream, reads what changed in
    one request; a waiting roll's notice makes each awaited page reveal in that request
    (``heard``: they did already, while the action's answer waited). The acting page
    holds the answer's ``next``; if that still shows its roll waiting (no ``wait_dice``,
    or past the server's wait), it reads once more when told the roll was drawn."""
    rolling = data.get("rolling")
    if not heard:
        for other in t.players:
            if other is actor:
                continue
            if rolling:
                reveal = reveal_for_notice(other, str(rolling["digest"]), actor.seat)
                if reveal is not None:
                    await since(client, t, other, stats, reveal=reveal)
                    continue
            await refresh(client, t, other, stats)
    if rolling:
        assert actor.answer is not None
        seen = [o.answer for o in t.players if o is not actor and o.answer is not None]
        if any(int(v["version"]) > int(actor.answer["version"]) for v in seen):
            await refresh(client, t, actor, stats)  # the notice of the drawn roll


async def play_turn(client: httpx.AsyncClient, t: Table, stats: Stats) -> dict[str, Any]:
    """One turn of a table: the seat given the move acts, the other pages follow.

    Each page holds the view its last answer carried (a page opening the table
    reads it first). Returns the accepted action. Op Fire reactions are tried
    before the action of the nation on turn (a reaction comes straight after
    the move).
    """
    t0 = time.perf_counter()
    t.turn += 1
    for p in t.players:
        if p.answer is None:  # the page opens: the journal's tail, its anchor
            await refresh(client, t, p, stats, phase=0)
    answers = [(p, p.answer) for p in t.players]
    view = t.players[0].answer["view"] if t.players[0].answer else {}
    if t.round is None:
        t.round = int(view.get("round", 0))
    elif view.get("round", 0) > t.round:
        stats.rounds += int(view["round"]) - t.round
        t.round = int(view["round"])
    with thinking():
        plans = [(p, a, plan(p.seat, a, p.taken, p.rng)) for p, a in answers if a is not None]
    plans.sort(key=lambda x: not (x[2] and x[2][0].get("mode") == "op_fire"))
    tried = []
    for p, answer, candidates in plans:
        for action in candidates:
            if action["type"] == "attack":
                res = await _send(
                    client, t, p, stats.odds_ms, "POST", "/odds", phase=1, json={"action": action}
                )
                if res.status_code != 200:
                    stats.odds_refused += 1
                    continue
            body = {
                "action": action,
                "expected_version": answer["version"],
                "since": p.seen,
                "dice_since": p.dice_seen,
                **action_fields(p, answer, action),
            }
            res, heard = await _act(client, t, p, stats, body, rolls="commitment" in body)
            if res.status_code in (200, 202):
                data = decoded(res)
                with thinking():
                    _apply(p, data["next"])
                await _notice(client, t, p, data, stats, heard=heard)
                p.taken[position_key(answer["view"])] += action["type"] not in ("done", "advance")
                stats.kinds[action["type"]] += 1
                events = data.get("entry", {}).get("events", [])
                stats.revealed += sum(e.get("kind") == "token-revealed" for e in events)
                stats.turn_ms.append(1000 * (time.perf_counter() - t0))
                return action
            stats.action_ms.pop()  # a refusal is not an action; counted apart
            data = decoded(res) if res.headers.get("content-type", "").startswith("app") else {}
            stats.refused[str(data.get("clause") or res.status_code)] += 1
            tried.append((p.seat, action, res.status_code, data.get("message")))
            if res.status_code == 409:
                await refresh(client, t, p, stats)
    raise Stuck(f"table {t.game_id}: nothing accepted at {view.get('position')}: {tried}")


async def _act(
    client: httpx.AsyncClient,
    t: Table,
    p: Player,
    stats: Stats,
    body: Mapping[str, Any],
    *,
    rolls: bool,
) -> tuple[httpx.Response, bool]:
    """Send the action, as the page does. One whose form rolls goes with ``wait_dice=1``
    when the table has a live stream: if the stream says it waits for the other seats'
    elements, their pages reveal in their one ``/since`` (drawing the roll) while its
    answer waits. Returns the answer and whether the other pages have read already."""
    if t.live is None or not rolls:
        res = await _send(client, t, p, stats.action_ms, "POST", "/actions", phase=1, json=body)
        return res, False
    heard = asyncio.ensure_future(t.live.rolling(t, p, int(body["expected_version"])))
    await asyncio.sleep(0)  # the stream is listening before the action is sent
    params = {"wait_dice": 1}
    acting = asyncio.ensure_future(
        _send(client, t, p, stats.action_ms, "POST", "/actions", phase=1, params=params, json=body)
    )
    await asyncio.wait({heard, acting}, return_when=asyncio.FIRST_COMPLETED)
    if not heard.done() or heard.exception() is not None:  # answered without waiting
        heard.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await heard
        return await acting, False
    digest = heard.result()
    for other in t.players:
        if other is p:
            continue
        reveal = reveal_for_notice(other, digest, p.seat)
        if reveal is not None:
            await since(client, t, other, stats, reveal=reveal)
        else:
            await refresh(client, t, other, stats)
    res = await acting
    if res.status_code == 200:
        stats.drawn_in_answer += 1
    elif res.status_code == 202:
        stats.answered_pending += 1
    return res, True


async def play_slice(
    client: httpx.AsyncClient, tables: list[Table], turns: int, stats: Stats
) -> None:
    async def play(t: Table) -> None:
        for _ in range(turns):
            await play_turn(client, t, stats)

    t0 = time.perf_counter()
    await asyncio.gather(*(play(t) for t in tables))
    stats.seconds += time.perf_counter() - t0


async def create_tables(
    client: httpx.AsyncClient, base: str, games: int, live: Live | None = None
) -> list[Table]:
    """``games`` fresh ToI tables, each seat claimed with its invitation as its player
    would; ``live``: the stream their players hear (:attr:`Table.live`)."""
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
        tables[-1].live = live
    return tables


def route_of(suffix: str) -> str:
    """The route a request's path suffix names (``/dice/reveal`` -> ``dice``)."""
    return suffix.strip("/").split("/")[0]


def stats_list(stats: Stats, suffix: str) -> list[float]:
    return stats.by_route()[route_of(suffix)]


def turns_of(record: Sequence[Sent]) -> list[list[Sent]]:
    """A table's recorded requests, turn by turn."""
    out: dict[int, list[Sent]] = {}
    for sent in record:
        out.setdefault(sent.turn, []).append(sent)
    return [out[k] for k in sorted(out)]


async def replay_turn(
    client: httpx.AsyncClient, t: Table, turn: Sequence[Sent], stats: Stats
) -> None:
    """Send ``t`` the requests another table's players sent in one turn, in the same
    order: each seat's refresh at once, then the odds and actions one by one. The
    baselines get exactly the table's request mix this way."""
    t0 = time.perf_counter()

    async def resend(s: Sent) -> None:
        await _send(
            client,
            t,
            t.players[s.seat],
            stats_list(stats, s.suffix),
            s.method,
            s.suffix,
            phase=s.phase,
            params=s.params or None,
            json=s.json,
        )

    async def seat_part(i: int) -> None:
        for s in turn:
            if s.phase == 0 and s.seat == i:
                await resend(s)

    await asyncio.gather(*(seat_part(i) for i in range(len(t.players))))
    for s in turn:
        if s.phase == 1:
            await resend(s)
    stats.kinds["replayed"] += 1
    stats.turn_ms.append(1000 * (time.perf_counter() - t0))
