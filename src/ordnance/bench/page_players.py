"""The page's players over HTTP: the requests ``static/table/main.js`` and ``dice.js`` make.

Shared by the load test (``scripts/loadtest.py``, real servers on loopback), the
in-process table benchmark (:mod:`ordnance.bench.table`, ``make bench-table``)
and the statement-count test. A player does what its page does
(``refreshOnce``): after every action at its table it reads its view, and the
log since the last version it saw only when the version moved, then
publishes its dice chain's anchor or reveals this version's element and reads
the rolls not yet checked; it picks its action from the ``legal`` forms of
that view (:func:`ordnance.bench.toi_players.plan`) and asks ``/odds`` before
an attack, as the page's odds panel does.

Every request goes through :func:`_send`, which can record it (:class:`Sent`),
so that a baseline server can be sent exactly the same requests
(:func:`replay_turn`): the same mix of views, logs, dice reads and reveals,
odds and actions per accepted action.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import httpx

from ordnance.bench.journal import page_tail
from ordnance.bench.toi_players import SEATS, plan, position_key
from ordnance.server.dice_scheme import chain_from


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
    #: every request sent, when set (see :func:`replay_turn`)
    record: list[Sent] | None = None
    turn: int = 0

    @property
    def path(self) -> str:
        prefix = "/bare" if self.bare else "/api/tables"
        return f"{self.base}{prefix}/{self.game_id}"


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
    res = await client.request(method, t.path + suffix, params=params, json=json, headers=p.headers)
    into.append(1000 * (time.perf_counter() - t0))
    if res.status_code >= 500:
        raise RuntimeError(f"server error {res.status_code}: {res.text[:300]}")
    return res


async def refresh(client: httpx.AsyncClient, t: Table, p: Player, stats: Stats) -> dict[str, Any]:
    """The page's ``refreshOnce``: the view; when the version moved (or on the first
    load), the log since the last seen version, then ``dice.js``: publish the chain's
    anchor or reveal this version's element (:func:`sync_dice`) and read the dice
    record of the rolls not yet checked to recompute them (``GET /dice?since=``)."""
    res = await _send(client, t, p, stats.view_ms, "GET", "/view", phase=0)
    res.raise_for_status()
    answer: dict[str, Any] = res.json()
    version = int(answer["version"])
    first = p.seen is None
    if p.seen is None:
        p.seen = version  # the page was already open: its log is up to date
    if version != p.seen:
        res = await _send(
            client, t, p, stats.log_ms, "GET", "/log", phase=0, params={"since": p.seen}
        )
        res.raise_for_status()
        p.seen = int(res.json()["version"])
    elif not first:
        return answer  # same version: the page keeps what it shows
    await sync_dice(client, t, p, answer, stats)
    # dice.js reads the rolls of the journal's tail at first, then only the new ones
    since = p.dice_seen if p.dice_seen is not None else max(0, version - page_tail())
    res = await _send(client, t, p, stats.dice_ms, "GET", "/dice", phase=0, params={"since": since})
    res.raise_for_status()
    p.dice_seen = version
    return answer


async def sync_dice(
    client: httpx.AsyncClient,
    t: Table,
    p: Player,
    answer: Mapping[str, Any],
    stats: Stats,
    phase: int = 0,
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
        res = await _send(client, t, p, stats.dice_ms, "POST", path, phase=phase, json=body)
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
    t.turn += 1
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
                res = await _send(
                    client, t, p, stats.odds_ms, "POST", "/odds", phase=1, json={"action": action}
                )
                if res.status_code != 200:
                    stats.odds_refused += 1
                    continue
            body = {
                "action": action,
                "expected_version": answer["version"],
                **action_fields(p, answer),
            }
            res = await _send(client, t, p, stats.action_ms, "POST", "/actions", phase=1, json=body)
            if res.status_code == 202 and "rolling" in res.json():
                # the action rolls: the other seats' pages get the notice, view the
                # waiting action and reveal for it, which draws the dice
                for other in t.players:
                    if other is not p:
                        seen = await _send(client, t, other, stats.view_ms, "GET", "/view", phase=1)
                        await sync_dice(client, t, other, seen.json(), stats, phase=1)
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


async def play_slice(
    client: httpx.AsyncClient, tables: list[Table], turns: int, stats: Stats
) -> None:
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


def route_of(suffix: str) -> str:
    """The route a request's path suffix names (``/dice/reveal`` -> ``dice``)."""
    return suffix.strip("/").split("/")[0]


def stats_list(stats: Stats, suffix: str) -> list[float]:
    route = route_of(suffix)
    return {
        "view": stats.view_ms,
        "log": stats.log_ms,
        "dice": stats.dice_ms,
        "odds": stats.odds_ms,
        "actions": stats.action_ms,
    }[route]


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

    async def seat_part(i: int) -> None:
        for s in turn:
            if s.phase == 0 and s.seat == i:
                p = t.players[i]
                await _send(
                    client,
                    t,
                    p,
                    stats_list(stats, s.suffix),
                    s.method,
                    s.suffix,
                    phase=0,
                    params=s.params or None,
                    json=s.json,
                )

    await asyncio.gather(*(seat_part(i) for i in range(len(t.players))))
    for s in turn:
        if s.phase == 1:
            p = t.players[s.seat]
            await _send(
                client,
                t,
                p,
                stats_list(stats, s.suffix),
                s.method,
                s.suffix,
                phase=1,
                params=s.params or None,
                json=s.json,
            )
    stats.kinds["replayed"] += 1
    stats.turn_ms.append(1000 * (time.perf_counter() - t0))
