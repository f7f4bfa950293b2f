"""The journal at scale: ``make bench-journal`` (``python -m ordnance.bench.journal``).

A Tide of Iron game (hidden munitions tokens, server dice) is played in
memory by two players that pick each action from their own seat's legal forms
(:mod:`ordnance.bench.toi_players`, the load test's players), through the
sequence-of-play check and the real rules, and its entries
(each one the rules accepted, with the dice it consumed and its events, an
undo every 50 entries) are bulk-inserted into a fresh SQLite journal, with the
snapshots :meth:`GameSession.act` would have written beside them. Then the
table's HTTP API (FastAPI's in-process client, so HTTP routing and JSON are
included) is timed at that length:

* ``view_ms``, ``log_since_ms``, ``odds_ms``, ``action_ms``: a seat's
  requests at the current version (median of repeats). The actions are the
  players' (:mod:`ordnance.bench.toi_players`, from both seats' views); only
  the POST the server accepted is timed, never a refused try or the views;
* ``first_view_ms``: a fresh server process (empty state cache) and what a
  page opening the table asks it, in the page's order (``first_view``): the
  table's HTML, the view, the log's tail (``static/table/journal.js`` JOURNAL_TAIL),
  the seat's dice chain anchor (a browser new to the table publishes one) and
  the dice record of the tail (``/dice?since=``);
* ``cold_state_ms``: a fresh process rebuilding the state (a CLI command);
* ``full_log_ms`` / ``full_log_kb``: the whole log, which nothing needs per
  request any more;
* ``snapshot_read_us``, ``snapshot_write_us``, ``snapshot_kb``: the final
  state as the journal's snapshot (the game's typed JSON), side by side with
  a plain pickle of it (``*_pickle_*``, what snapshots were before; a plain
  ``pickle.loads``, faster than the restricted unpickler they were read
  with), interleaved call by call.

Prints one JSON line. ``--sizes`` picks the journal lengths.

FastAPI's test client is imported only by the HTTP measurement, so the journal's own
figures do not pay for the web stack.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import pickle
import random
import re
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from importlib.resources import files
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sqlalchemy import insert

from ordnance.bench import toi_players
from ordnance.core import registry
from ordnance.core.dice import SeededDice
from ordnance.core.events import Event
from ordnance.core.game import Game
from ordnance.core.journal import open_journal, snapshots
from ordnance.core.journal.entries import JournalEntry
from ordnance.core.journal.models import EntryRow, GameRow, SnapshotRow
from ordnance.core.journal.session import GameSession
from ordnance.core.messages import msg
from ordnance.server import seats
from ordnance.server.app import create_app
from ordnance.server.dice_scheme import chain_from, next_reveal
from ordnance.server.models import SeatRow

SIZES = (1_000, 5_000, 20_000, 100_000)
UNDO_EVERY = 50


def play(count: int, seed: int = 1) -> tuple[Game[Any], dict[str, Any], list[dict[str, Any]]]:
    """``count`` journal rows of a ToI game the table would have accepted (undo every 50th).

    Both seats are played by :mod:`ordnance.bench.toi_players`: each picks its
    action from its own view's ``legal`` forms, every action passes
    :func:`~ordnance.core.turns.check_turn` (the check :meth:`GameSession.act`
    runs) and the rules, so the journal has moves, attacks with revealed
    tokens, Op Fire, purchases and dice, as a real game does.

    A ToI game has no end of its own, and left alone one side is wiped out
    within a few hundred entries, after which nothing could be attacked any
    more (and ``odds_ms`` not measured). So the players never take the shot
    that destroys a nation's last unit (its outcome is dropped and the next
    candidate tried, see ``keep``), and the fight goes on at every length.
    """
    game: Game[Any] = registry.game("toi")
    settings: dict[str, Any] = {}
    states = [game.new(settings)]
    tops = [0]
    rows: list[dict[str, Any]] = []
    taken: dict[str, Counter[str]] = {s: Counter() for s in toi_players.SEATS}
    rngs = {s: random.Random(f"{seed}-{s}") for s in toi_players.SEATS}
    while len(rows) < count:
        seq = len(rows) + 1
        if seq % UNDO_EVERY == 0 and len(states) > 1:
            states.pop()
            undone = tops.pop()
            event = Event.of(
                "undo", {"undone_seq": undone}, msg("undid entry {entry}", entry=undone)
            )
            undo = JournalEntry(
                seq, "undo", None, {"type": "undo"}, (), "none", (event.to_record(),)
            )
            rows.append(_row(undo))
            rows[-1]["_state"] = (states[-1], tops[-1])
            continue
        took = toi_players.step(
            game,
            states[-1],
            seq - 1,
            taken,
            rngs,
            partial(SeededDice, f"{seed}-{seq}"),
            keep=lambda state: not toi_players.decided(state),
        )
        if took is None:
            raise RuntimeError(f"the players found no action at entry {seq}")
        rolls = tuple((r.value, r.sides, r.label) for r in took.dice.rolls)
        records = tuple(e.to_record() for e in took.outcome.events)
        rows.append(
            _row(JournalEntry(seq, "action", took.seat, took.action, rolls, "rolled", records))
        )
        states.append(took.outcome.state)
        tops.append(seq)
        rows[-1]["_state"] = (took.outcome.state, seq)
    return game, settings, rows


def _row(entry: JournalEntry) -> dict[str, Any]:
    """The columns of ``entry``'s journal row (without its game id)."""
    return {
        "seq": entry.seq,
        "kind": entry.kind,
        "seat": entry.seat,
        "action": entry.action,
        "dice": [list(d) for d in entry.dice],
        "dice_origin": entry.dice_origin,
        "events": list(entry.records),
    }


def build(db: Path | str, count: int) -> tuple[str, dict[str, str]]:
    """A journal at ``db`` holding one ToI game of ``count`` entries; its seat tokens."""
    game, settings, rows = play(count)
    ids = insert_games(db, game, settings, rows, [f"bench{count}"])
    return next(iter(ids.items()))


def insert_games(
    db: Path | str,
    game: Game[Any],
    settings: dict[str, Any],
    rows: list[dict[str, Any]],
    game_ids: list[str],
) -> dict[str, dict[str, str]]:
    """Bulk-insert the entries of :func:`play` as each of ``game_ids``; their seat tokens.

    The snapshots :meth:`GameSession.act` would have written (every
    :data:`~ordnance.core.journal.snapshots.EVERY` entries and after each
    undo) are inserted beside them.
    """

    journal = open_journal(db)
    key = snapshots.code_key(game, settings)
    blobs: list[tuple[int, int, bytes]] = []
    entries: list[dict[str, Any]] = []
    for row in rows:
        state, top = row["_state"]
        if row["seq"] % snapshots.EVERY == 0 or row["kind"] == "undo":
            blob = snapshots.dumps(state, game)
            assert blob is not None
            blobs.append((row["seq"], top, blob))
        entries.append({k: v for k, v in row.items() if k != "_state"})
    tokens: dict[str, dict[str, str]] = {}
    for gid in game_ids:
        with journal.transaction() as s:
            s.add(
                GameRow(
                    id=gid,
                    game=game.name,
                    rules_version=game.rules_version,
                    settings=settings,
                    version=len(rows),
                )
            )
            s.flush()
            mine = [{**e, "game_id": gid} for e in entries]
            for i in range(0, len(mine), 5_000):
                s.execute(insert(EntryRow), mine[i : i + 5_000])
            if blobs:
                s.execute(
                    insert(SnapshotRow),
                    [
                        {
                            "game_id": gid,
                            "seq": seq,
                            "rules_version": game.rules_version,
                            "code_key": key,
                            "top": top,
                            "state": blob,
                        }
                        for seq, top, blob in blobs
                    ],
                )
            # every seat claimed at once (the bench plays both sides)
            tokens[gid] = {seat: seats.new_token() for seat in game.seats(game.new(settings))}
            for seat, token in tokens[gid].items():
                s.add(SeatRow(game_id=gid, seat=seat, token_hash=seats.token_hash(token)))
    journal.close()
    return tokens


def _readonly(contents: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(contents)


class _FormerPickler(pickle.Pickler):
    """How snapshots were pickled before they were data (read-only mappings as dicts)."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, MappingProxyType):
            return _readonly, (dict(obj),)
        return NotImplemented


def _pickled(state: Any) -> bytes:
    out = io.BytesIO()
    _FormerPickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    return out.getvalue()


def snapshot_figures(game: Game[Any], state: Any, rounds: int = 41) -> dict[str, Any]:
    """A snapshot of ``state`` read and written as the game's typed JSON (what the journal
    stores) and as a pickle (what it stored before), interleaved call by call; medians."""
    codec = game.state_codec
    assert codec is not None
    data = codec.dumps(state)
    blob = _pickled(state)
    assert codec.loads(data) == state == pickle.loads(blob)
    times: dict[str, list[float]] = {
        k: [] for k in ("read", "read_pickle", "write", "write_pickle")
    }
    jobs: dict[str, Callable[[], Any]] = {
        "read": lambda: codec.loads(data),
        "read_pickle": lambda: pickle.loads(blob),
        "write": lambda: codec.dumps(state),
        "write_pickle": lambda: _pickled(state),
    }
    for _ in range(rounds):
        for name, job in jobs.items():
            t0 = time.perf_counter()
            job()
            times[name].append(time.perf_counter() - t0)
    med = {k: statistics.median(v) * 1e6 for k, v in times.items()}
    return {
        "snapshot_read_us": round(med["read"], 1),
        "snapshot_read_pickle_us": round(med["read_pickle"], 1),
        "snapshot_write_us": round(med["write"], 1),
        "snapshot_write_pickle_us": round(med["write_pickle"], 1),
        "snapshot_kb": round(len(data) / 1024, 1),
        "snapshot_pickle_kb": round(len(blob) / 1024, 1),
    }


def _ms(fn: Callable[[], Any], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return round(statistics.median(times) * 1e3, 2)


def page_tail() -> int:
    """The page's JOURNAL_TAIL, read from ``static/table/journal.js`` (one number, not two)."""

    text = (files("ordnance.server") / "static" / "table" / "journal.js").read_text(
        encoding="utf-8"
    )
    found = re.search(r"export const JOURNAL_TAIL = (\d+);", text)
    if found is None:
        raise RuntimeError("static/table/journal.js defines no JOURNAL_TAIL")
    return int(found.group(1))


def bench_chain(gid: str) -> list[str]:
    """The measuring seat's dice chain (a fixed root: the runs are repeatable)."""

    return chain_from(hashlib.sha256(f"bench root {gid}".encode()).hexdigest(), 2048)


def first_view(client: Any, gid: str, auth: dict[str, str], tail: int) -> None:
    """The requests the table page makes before it shows the table (static/table/main.js
    ``refresh`` and static/dice.js ``sync``/``verify``), in its order: the HTML, one
    ``POST /since`` without a version (the view, the journal's tail of ``tail``
    entries, the rolls of that tail), the dice anchor."""
    base = f"/api/tables/{gid}"

    def ok(res: Any) -> Any:
        res.raise_for_status()
        return res

    ok(client.get(f"/t/{gid}"))
    answer = ok(client.post(base + "/since", headers=auth, json={"version": None})).json()
    assert answer["log"] is None or len(answer["log"]["entries"]) <= tail
    anchor = bench_chain(gid)[-1]
    ok(client.post(base + "/dice/anchor", headers=auth, json={"anchor": anchor}))


def measure(count: int, workdir: Path) -> dict[str, Any]:
    """The figures for one journal length (see the module docstring)."""
    from fastapi.testclient import TestClient

    db = workdir / f"journal-{count}.db"
    t0 = time.perf_counter()
    gid, tokens = build(db, count)
    build_s = time.perf_counter() - t0
    auth = {"Authorization": f"Bearer {tokens['german']}"}
    base = f"/api/tables/{gid}"
    out: dict[str, Any] = {"events": count, "build_s": round(build_s, 1)}

    snapshots.STATES.clear()
    journal = open_journal(db)
    t0 = time.perf_counter()
    session = GameSession(journal, gid)
    state = session.state()
    out["cold_state_ms"] = round((time.perf_counter() - t0) * 1e3, 2)
    out.update(snapshot_figures(session.game, state))
    journal.close()

    snapshots.STATES.clear()
    app = create_app(db, heartbeat=60.0)
    with TestClient(app) as client:

        def get(path: str, **params: Any) -> Any:
            res = client.get(base + path, headers=auth, params=params)
            res.raise_for_status()
            return res

        tail = page_tail()
        t0 = time.perf_counter()
        first_view(client, gid, auth, tail)
        out["first_view_ms"] = round((time.perf_counter() - t0) * 1e3, 2)
        out["view_ms"] = _ms(lambda: get("/view"))
        out["view_kb"] = round(len(get("/view").content) / 1024, 1)

        heads = {s: {"Authorization": f"Bearer {tokens[s]}"} for s in toi_players.SEATS}
        rngs = {s: random.Random(f"measure-{s}") for s in toi_players.SEATS}
        taken: dict[str, Counter[str]] = {s: Counter() for s in toi_players.SEATS}
        timings: list[float] = []

        def views() -> list[tuple[str, dict[str, Any]]]:
            got = [(s, client.get(base + "/view", headers=h)) for s, h in heads.items()]
            return [(s, res.raise_for_status().json()) for s, res in got]

        def priced(seat: str, action: dict[str, Any]) -> bool:
            res = client.post(base + "/odds", headers=heads[seat], json={"action": action})
            return bool(res.status_code == 200)

        chain = bench_chain(gid)

        def reveal_for(rolling: dict[str, Any]) -> None:
            # an action that rolls waits for the other seat's element (ordnance-dice-v2):
            # the german's page (the one that published its chain) reveals for it

            for seat in rolling["waiting_for"]:
                seen = get("/view").json() if seat == "german" else None
                if seen is None:
                    continue
                element = next_reveal(chain, seen["dice"]["chain"]["last"])
                body = {
                    "version": seen["version"],
                    "commitment": seen["commitment"]["hash"],
                    "element": element,
                    "pending": rolling["digest"],
                }
                client.post(base + "/dice/reveal", headers=auth, json=body).raise_for_status()

        def post_action() -> None:
            # The players of the journal pick from each seat's view (Op Fire reactions
            # first); an attack is priced first, as the page's odds panel does. Only the
            # accepted POST is timed: a refused one is no action.
            plans = [(s, a, toi_players.plan(s, a, taken[s], rngs[s])) for s, a in views()]
            plans.sort(key=lambda p: not (p[2] and p[2][0].get("mode") == "op_fire"))
            for seat, seen, candidates in plans:
                for action in candidates:
                    if action["type"] == "attack" and not priced(seat, action):
                        continue
                    body = {"action": action, "expected_version": seen["version"]}
                    t = time.perf_counter()
                    res = client.post(base + "/actions", headers=heads[seat], json=body)
                    if res.status_code == 202 and "rolling" in res.json():
                        reveal_for(res.json()["rolling"])  # timed with it: the roll's cost
                        res.status_code = 200
                    if res.status_code == 200:
                        timings.append(time.perf_counter() - t)
                        key = toi_players.position_key(seen["view"])
                        taken[seat][key] += action["type"] not in ("done", "advance")
                        return
            raise RuntimeError("no action of either seat was accepted")

        def attack_to_price() -> tuple[str, dict[str, Any]] | None:
            # an attack a seat's view offers now and the odds answer (its unit in range)
            for seat, seen in views():
                form = next((f for f in seen["legal"] if f["type"] == "attack"), None)
                if form is not None:
                    for action in toi_players.attacks(seen["view"], form, seat):
                        if priced(seat, action):
                            return seat, action
            return None

        # Play on until a seat's view offers an attack the odds price (checked before
        # each action, so one is found before any shot could end the game), time the
        # odds there, then at least 5 more actions.
        while (asked := attack_to_price()) is None:
            post_action()
            if len(timings) > 400:
                raise RuntimeError("no attack the odds could price in 400 actions")
        asker, attack = asked

        def odds() -> Any:
            return client.post(base + "/odds", headers=heads[asker], json={"action": attack})

        assert odds().json()["odds"]
        out["odds_ms"] = _ms(odds)
        timings.clear()
        while len(timings) < 5:
            post_action()
        out["action_ms"] = round(statistics.median(timings) * 1e3, 2)
        version = get("/view").json()["version"]
        out["log_since_ms"] = _ms(lambda: get("/log", since=version - 3))
        # the whole journal, read page by page (GET /log is bounded: at most 500 a page)
        t0 = time.perf_counter()
        size, since = 0, 0
        while since is not None:
            page = get("/log", since=since, limit=500)
            size += len(page.content)
            since = page.json()["next_since"]
        out["full_log_ms"] = round((time.perf_counter() - t0) * 1e3, 1)
        out["full_log_kb"] = round(size / 1024, 1)
        t0 = time.perf_counter()
        page = get("/log")
        out["log_page_ms"] = round((time.perf_counter() - t0) * 1e3, 1)
        out["log_page_kb"] = round(len(page.content) / 1024, 1)
    app.state.service.journal.close()
    return out


def run(sizes: tuple[int, ...] = SIZES) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="ordnance-journal-bench-") as tmp:
        return {str(n): measure(n, Path(tmp)) for n in sizes}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default=",".join(str(n) for n in SIZES))
    args = parser.parse_args(argv)
    sizes = tuple(int(x) for x in args.sizes.split(","))
    print(json.dumps({"journal": run(sizes)}))


if __name__ == "__main__":
    main()
