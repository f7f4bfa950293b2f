"""Crash test of the table server: ``make crashtest``.

Runs the table (SQLite file by default, ``--db URL`` for PostgreSQL) under
load from several concurrent games, kills the server with SIGKILL at a random
moment, restarts it on the same database, and checks for every game:

* every action the server acknowledged is in the journal, with the same dice;
* the state rebuilt from the journal at the last acknowledged version equals
  the state the client computed from the acknowledgements (at most one more,
  unacknowledged action may follow: it was committed but its answer was lost);
* the restarted server's view equals a fresh replay of the whole journal.

Repeats for ``--rounds`` kills; the games continue across restarts.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _tablebench import SEATS, TallyGame, start, tokens_of


@dataclass
class Game:
    id: str
    tokens: list[str]
    acked: list[tuple[int, str, int]] = field(default_factory=list)  # (version, seat, die)

    @property
    def version(self) -> int:
        return self.acked[-1][0] if self.acked else 0

    def totals(self, upto: int | None = None) -> dict[str, int]:
        out = dict.fromkeys(SEATS, 0)
        for v, seat, die in self.acked:
            if upto is None or v <= upto:
                out[seat] += die
        return out


def _load(base: str, game: Game, stop: threading.Event) -> None:
    with httpx.Client(timeout=10) as client:
        while not stop.is_set():
            i = game.version
            try:
                r = client.post(
                    f"{base}/api/tables/{game.id}/actions",
                    json={"action": {"type": "roll"}, "expected_version": i},
                    headers={"Authorization": f"Bearer {game.tokens[i % 2]}"},
                )
            except httpx.HTTPError:
                return  # the server is gone: whatever was not answered is not acknowledged
            if r.status_code != 200:
                raise SystemExit(f"unexpected refusal: {r.status_code} {r.text}")
            body = r.json()
            game.acked.append((body["version"], SEATS[i % 2], body["entry"]["dice"][0]))


def _resync(base: str, game: Game) -> list[str]:
    """Compare the journal after the restart with what was acknowledged."""
    problems: list[str] = []
    h = {"Authorization": f"Bearer {game.tokens[0]}"}
    log = httpx.get(f"{base}/api/tables/{game.id}/log", headers=h, timeout=30).json()["entries"]
    view = httpx.get(f"{base}/api/tables/{game.id}/view", headers=h, timeout=30).json()
    by_seq = {e["seq"]: e for e in log}
    for version, seat, die in game.acked:
        entry = by_seq.get(version)
        if entry is None or entry["seat"] != seat or entry["dice"] != [die]:
            problems.append(f"{game.id}: acknowledged action {version} missing or changed")
    extra = len(log) - game.version
    if extra not in (0, 1):
        problems.append(f"{game.id}: {extra} entries beyond the last acknowledged one")
    if extra == 1:  # committed, answer lost: adopt it as acknowledged now
        e = log[-1]
        game.acked.append((e["seq"], e["seat"], e["dice"][0]))
    if view["view"]["totals"] != game.totals():
        problems.append(f"{game.id}: rebuilt state {view['view']['totals']} != {game.totals()}")
    if view["version"] != game.version:
        problems.append(f"{game.id}: version {view['version']} != {game.version}")
    return problems


def _replay_offline(db: str, games: list[Game]) -> list[str]:
    """Rebuild every game from the database file directly (no server)."""
    from ordnance.core import registry
    from ordnance.core.journal import GameSession, open_journal
    from ordnance.core.registry import GamePlugin

    registry.register(GamePlugin(TallyGame()))
    journal = open_journal(db)
    problems = []
    for g in games:
        session = GameSession(journal, g.id)
        entries = session.entries()
        state = session.replay(entries[: g.version])
        if dict(zip(SEATS, state.totals, strict=True)) != g.totals(g.version):
            problems.append(f"{g.id}: offline replay differs")
    journal.close()
    return problems


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--db", help="database URL or file (default: a temporary SQLite file)")
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"{tmp}/crash.db"
        proc, base = start("table", db)
        games = []
        for _ in range(args.games):
            data = httpx.post(f"{base}/api/tables", json={"game": "tally"}, timeout=30).json()
            tokens = tokens_of(
                data, lambda path, body: httpx.post(base + path, json=body, timeout=30).json()
            )
            games.append(Game(data["game_id"], tokens))
        problems: list[str] = []
        total_killed_in_flight = 0
        for rnd in range(1, args.rounds + 1):
            stop = threading.Event()
            threads = [threading.Thread(target=_load, args=(base, g, stop)) for g in games]
            for t in threads:
                t.start()
            time.sleep(rng.uniform(1.0, 3.0))
            before = sum(len(g.acked) for g in games)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            stop.set()
            for t in threads:
                t.join()
            proc, base = start("table", db)
            versions = [g.version for g in games]
            round_problems = [p for g in games for p in _resync(base, g)]
            adopted = sum(g.version for g in games) - sum(versions)
            total_killed_in_flight += adopted
            problems += round_problems
            print(
                f"round {rnd}: killed with {before} acknowledged actions so far; "
                f"{adopted} committed-but-unanswered found; "
                f"{'OK' if not round_problems else 'PROBLEMS: ' + '; '.join(round_problems[:5])}"
            )
        proc.terminate()
        proc.wait(timeout=30)
        problems += _replay_offline(db, games)
        total = sum(len(g.acked) for g in games)
        print(
            f"{args.rounds} kills, {args.games} games, {total} actions in the journal: "
            + ("every acknowledged action present, states equal" if not problems else "FAILED")
        )
        if problems:
            for p in problems[:20]:
                print("  ", p)
            raise SystemExit(1)


if __name__ == "__main__":
    main()
