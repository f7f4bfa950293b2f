"""The journal at scale: ``make bench-journal`` (``python -m ordnance.bench.journal``).

A Tide of Iron game (hidden munitions tokens, server dice) is played by a
scripted pair of players through the real rules, in memory, and its entries
(each one the rules accepted, with the dice it consumed and its events, an
undo every 50 entries) are bulk-inserted into a fresh SQLite journal, with the
snapshots :meth:`GameSession.act` would have written beside them. Then the
table's HTTP API (FastAPI's in-process client, so HTTP routing and JSON are
included) is timed at that length:

* ``view_ms``, ``log_since_ms``, ``odds_ms``, ``action_ms``: a seat's
  requests at the current version (median of repeats; each action is followed
  by the next view, as the page does);
* ``first_view_ms``: a fresh server process (empty state cache) and what a
  page opening the table asks it, in the page's order (``first_view``): the
  table's HTML, the view, the log's tail (``static/table.js`` JOURNAL_TAIL),
  the seat's dice chain anchor (a browser new to the table publishes one) and
  the dice record of the tail (``/dice?since=``);
* ``cold_state_ms``: a fresh process rebuilding the state (a CLI command);
* ``full_log_ms`` / ``full_log_kb``: the whole log, which nothing needs per
  request any more.

Prints one JSON line. ``--sizes`` picks the journal lengths.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import insert

from ordnance.core import registry
from ordnance.core.dice import SeededDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.game import Event, Game
from ordnance.core.journal import open_journal, snapshots
from ordnance.core.journal.models import EntryRow, GameRow, SnapshotRow
from ordnance.core.journal.session import GameSession

SIZES = (1_000, 5_000, 20_000, 100_000)
UNDO_EVERY = 50

#: What each ToI seat tries, in order, at each position of the round.
_MOVES = {
    "german": [("g-squad-1", "3,3"), ("g-squad-1", "3,2")],
    "soviet": [("s-squad-1", "5,2"), ("s-squad-1", "5,1")],
}


def _candidates(state: Any, turn: int) -> Iterator[tuple[str, dict[str, Any]]]:
    seats = ("german", "soviet")
    first, second = seats[turn % 2], seats[(turn + 1) % 2]
    step = state.step or ""
    if step == "munitions" and turn % 3 == 0:
        for seat in (first, second):
            for unit in state.units:
                if unit.side == seat:
                    yield seat, {"type": "buy", "unit": unit.id, "munition": "AP-B"}
    if str(state.phase.value) == "action" and turn % 2 == 0:
        unit, to = _MOVES[first][(turn // 2) % 2]
        yield first, {"type": "move", "unit": unit, "to": to}
    for seat in (first, second):
        yield seat, {"type": "advance"}


def play(count: int, seed: int = 1) -> tuple[Game[Any], dict[str, Any], list[dict[str, Any]]]:
    """``count`` journal rows of a ToI game the rules accepted (undo every 50th)."""
    game: Game[Any] = registry.game("toi")
    settings: dict[str, Any] = {}
    states = [game.new(settings)]
    tops = [0]
    rows: list[dict[str, Any]] = []
    turn = 0
    while len(rows) < count:
        seq = len(rows) + 1
        if seq % UNDO_EVERY == 0 and len(states) > 1:
            states.pop()
            undone = tops.pop()
            event = Event("undo", {"undone_seq": undone}, text=f"undid entry {undone}")
            rows.append(_row(seq, "undo", None, {"type": "undo"}, [], "none", [event]))
            rows[-1]["_state"] = (states[-1], tops[-1])
            continue
        for seat, action in _candidates(states[-1], turn):
            dice = SeededDice(f"{seed}-{seq}-{turn}")
            try:
                outcome = game.apply(states[-1], action, dice, seat)
            except OrdnanceError:
                continue
            rolls = [[r.value, r.sides, r.label] for r in dice.rolls]
            rows.append(_row(seq, "action", seat, action, rolls, "rolled", list(outcome.events)))
            states.append(outcome.state)
            tops.append(seq)
            rows[-1]["_state"] = (outcome.state, seq)
            break
        else:
            raise RuntimeError(f"the scripted players found no action at entry {seq}")
        turn += 1
    return game, settings, rows


def _row(
    seq: int,
    kind: str,
    seat: str | None,
    action: dict[str, Any],
    dice: list[list[Any]],
    origin: str,
    events: list[Event],
) -> dict[str, Any]:
    return {
        "seq": seq,
        "kind": kind,
        "seat": seat,
        "action": action,
        "dice": dice,
        "dice_origin": origin,
        "events": [e.to_record() for e in events],
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
    from ordnance.server import seats
    from ordnance.server.models import SeatRow

    journal = open_journal(db)
    key = snapshots.code_key(game, settings)
    blobs: list[tuple[int, int, bytes]] = []
    entries: list[dict[str, Any]] = []
    for row in rows:
        state, top = row["_state"]
        if row["seq"] % snapshots.EVERY == 0 or row["kind"] == "undo":
            blob = snapshots.dumps(state)
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


def _ms(fn: Callable[[], Any], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return round(statistics.median(times) * 1e3, 2)


def page_tail() -> int:
    """The page's JOURNAL_TAIL, read from ``static/table.js`` (one number, not two)."""
    from importlib.resources import files

    text = (files("ordnance.server") / "static" / "table.js").read_text(encoding="utf-8")
    found = re.search(r"const JOURNAL_TAIL = (\d+);", text)
    if found is None:
        raise RuntimeError("static/table.js defines no JOURNAL_TAIL")
    return int(found.group(1))


def first_view(client: Any, gid: str, auth: dict[str, str], tail: int) -> None:
    """The requests the table page makes before it shows the table (static/table.js
    ``refreshOnce`` and static/dice.js ``sync``/``verify``), in its order."""
    base = f"/api/tables/{gid}"

    def ok(res: Any) -> Any:
        res.raise_for_status()
        return res

    ok(client.get(f"/t/{gid}"))
    view = ok(client.get(base + "/view", headers=auth)).json()
    since = max(view["version"] - tail, 0)
    ok(client.get(base + "/log", headers=auth, params={"since": since}))
    anchor = hashlib.sha256(f"bench anchor {gid}".encode()).hexdigest()
    ok(client.post(base + "/dice/anchor", headers=auth, json={"anchor": anchor}))
    ok(client.get(base + "/dice", headers=auth, params={"since": since} if since else {}))


def measure(count: int, workdir: Path) -> dict[str, Any]:
    """The figures for one journal length (see the module docstring)."""
    from fastapi.testclient import TestClient

    from ordnance.server.app import create_app

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
    GameSession(journal, gid).state()
    out["cold_state_ms"] = round((time.perf_counter() - t0) * 1e3, 2)
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

        def post_action() -> None:
            version = get("/view").json()["version"]
            t = time.perf_counter()
            act_only(version)
            timings.append(time.perf_counter() - t)

        timings: list[float] = []

        def act_only(version: int) -> None:
            # whoever owns the step advances it; a step both nations share ends when
            # each has said "done" (the sequence of play, core.turns)
            for action in ({"type": "advance"}, {"type": "done"}):
                for seat in ("german", "soviet"):
                    res = client.post(
                        base + "/actions",
                        headers={"Authorization": f"Bearer {tokens[seat]}"},
                        json={"action": action, "expected_version": version},
                    )
                    if res.status_code == 200:
                        return
            raise RuntimeError(res.text)

        odds_body = {"action": {"type": "attack", "unit": "g-pziv-1", "target": "s-t34-1"}}

        def odds() -> Any:
            return client.post(base + "/odds", headers=auth, json=odds_body)

        # Act (advance) at least 5 times and on until an attack may be asked about.
        while len(timings) < 5 or odds().status_code != 200:
            post_action()
            if len(timings) > 40:
                raise RuntimeError("never reached an Action Phase")
        out["action_ms"] = round(statistics.median(timings) * 1e3, 2)
        version = get("/view").json()["version"]
        out["log_since_ms"] = _ms(lambda: get("/log", since=version - 3))
        assert odds().json()["odds"]
        out["odds_ms"] = _ms(odds)
        t0 = time.perf_counter()
        full = get("/log")
        out["full_log_ms"] = round((time.perf_counter() - t0) * 1e3, 1)
        out["full_log_kb"] = round(len(full.content) / 1024, 1)
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
