"""Shared by scripts/loadtest.py and scripts/crashtest.py: server processes on
loopback, a bare-FastAPI baseline, and a throwaway PostgreSQL.

The crash test plays "tally" (one action, ``roll``: one d6 added to the
actor's total), which keeps its check on the journal itself. The load test
plays Tide of Iron, a real game; its bare baseline answers the same requests
(view, log, odds, action, dice) with canned JSON of a real table and does nothing else.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx

from ordnance.core.codec import StateCodec
from ordnance.core.dice import DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.game import Game, Outcome

SEATS = ("north", "south")


@dataclass(frozen=True)
class Tally:
    totals: tuple[int, int] = (0, 0)
    rolls: int = 0


class TallyGame(Game[Tally]):
    name = "tally"
    title = "Tally (load test)"
    state_codec = StateCodec(Tally)

    def new(self, settings: Mapping[str, Any]) -> Tally:
        return Tally()

    def seats(self, state: Tally) -> Sequence[str]:
        return SEATS

    def _resolve(
        self, state: Tally, action: Mapping[str, Any], dice: DiceSource, seat: str | None = None
    ) -> Outcome[Tally]:
        if action.get("type") != "roll" or seat not in SEATS:
            raise RuleViolation("TALLY-1", "only 'roll' by a seat", hint='{"type": "roll"}')
        value = dice.d6("roll")
        totals = list(state.totals)
        totals[SEATS.index(seat)] += value
        return Outcome(
            replace(state, totals=(totals[0], totals[1]), rolls=state.rolls + 1),
            (Event("rolled", {"seat": seat, "value": value}, text=f"{seat} rolled {value}"),),
        )

    def view(self, state: Tally, seat: str | None) -> dict[str, Any]:
        return {"totals": dict(zip(SEATS, state.totals, strict=True)), "rolls": state.rolls}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def trace_memory(folder: str, every: float) -> None:
    """Start :mod:`tracemalloc` and dump a snapshot into ``folder`` every ``every``
    seconds (``snap-0000.pickle``...), for ``soak.py --tracemalloc`` to diff."""
    import threading
    import tracemalloc

    tracemalloc.start(12)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)

    def dump() -> None:
        n = 0
        while True:
            time.sleep(every)
            tracemalloc.take_snapshot().dump(str(out / f"snap-{n:04d}.pickle"))
            n += 1

    threading.Thread(target=dump, name="tracemalloc-dump", daemon=True).start()


def serve_table(db: str, port: int, workers: int = 1) -> None:
    """Entry point of a server process (registers the tally game first; traces its
    memory when ``$ORDNANCE_TRACEMALLOC`` names a folder)."""
    import uvicorn

    from ordnance.core import registry
    from ordnance.core.registry import GamePlugin

    registry.register(GamePlugin(TallyGame()))
    os.environ["ORDNANCE_DB"] = db
    from ordnance.server.allocator import limit_arenas
    from ordnance.server.app import create_app

    limit_arenas()  # as app_from_env does for ``ordnance serve``
    app = create_app(db, create_rate=None)  # the bench creates its games from one address
    if folder := os.environ.get("ORDNANCE_TRACEMALLOC"):  # after the imports: what grows
        trace_memory(folder, float(os.environ.get("ORDNANCE_TRACEMALLOC_EVERY", "30")))
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
        timeout_keep_alive=60,
    )


def serve_bare(port: int, canned: str) -> None:
    """The bare FastAPI baseline (:func:`ordnance.bench.bare.bare_app`) over a JSON file
    of a real ToI table's answers (taken by ``loadtest.canned_answers``)."""
    import json

    import uvicorn

    from ordnance.bench.bare import bare_app

    uvicorn.run(
        bare_app(json.loads(Path(canned).read_text())),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
        timeout_keep_alive=60,
    )


def tokens_of(created: dict[str, Any], claim: Any) -> list[str]:
    """Every seat's token, in seat order: the creator's, then each claimed invitation.

    ``claim(path, body)`` posts and returns the JSON answer (sync or awaited by the caller).
    """
    return [created["token"]] + [
        claim(f"/api/tables/{created['game_id']}/claim", {"invitation": i["code"]})["token"]
        for i in created["invitations"]
    ]


def start(kind: str, *args: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    cmd = [sys.executable, str(Path(__file__).resolve()), kind, str(port), *args]
    root = Path(__file__).resolve().parent.parent
    # this checkout's code first, whatever the virtual environment has installed
    path = [str(root / "src"), str(root), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    proc = subprocess.Popen(cmd, env=env)
    base = f"http://127.0.0.1:{port}"
    wait_up(base, proc)
    return proc, base


def wait_up(base: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            httpx.get(base + "/openapi.json", timeout=2)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


if __name__ == "__main__":
    what, port_text, *rest = sys.argv[1:]
    if what == "table":
        serve_table(rest[0], int(port_text))
    elif what == "bare":
        serve_bare(int(port_text), rest[0])
    else:
        raise SystemExit(f"unknown server kind {what!r}")
