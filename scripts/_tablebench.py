"""Shared by scripts/loadtest.py and scripts/crashtest.py: server processes on
loopback, a bare-FastAPI baseline, and a throwaway PostgreSQL.

The crash test plays "tally" (one action, ``roll``: one d6 added to the
actor's total), which keeps its check on the journal itself. The load test
plays Tide of Iron, a real game; its bare baseline answers the same requests
(view, log, odds, action, dice) with canned JSON of a real table and does nothing else.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel

from ordnance.core.dice import DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.game import Event, Game, Outcome

SEATS = ("north", "south")


@dataclass(frozen=True)
class Tally:
    totals: tuple[int, int] = (0, 0)
    rolls: int = 0


class TallyGame(Game[Tally]):
    name = "tally"
    title = "Tally (load test)"

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


class BareBody(BaseModel):
    action: dict[str, Any]
    expected_version: int


class BareOdds(BaseModel):
    action: dict[str, Any]


class BareAnchor(BaseModel):
    anchor: str


class BareReveal(BaseModel):
    version: int
    commitment: str
    element: str


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_table(db: str, port: int, workers: int = 1) -> None:
    """Entry point of a server process (registers the tally game first)."""
    import uvicorn

    from ordnance.core import registry
    from ordnance.core.registry import GamePlugin

    registry.register(GamePlugin(TallyGame()))
    os.environ["ORDNANCE_DB"] = db
    from ordnance.server.app import create_app

    uvicorn.run(
        create_app(db, create_rate=None),  # the bench creates its games from one address
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
        timeout_keep_alive=60,
    )


def serve_bare(port: int, canned: str) -> None:
    """Bare FastAPI endpoints doing the table's HTTP and JSON work and nothing else.

    ``canned`` is a JSON file of a real ToI table's answers (each seat's view
    with its legal forms, an odds answer, a log answer, an action's answer, a
    dice record, taken by ``loadtest.canned_answers``), so the baseline sends
    JSON of the very size and shape the table sends. The only state is a
    version counter per table id, so the players read the log only when the
    version moved, and each seat's dice chain (anchor, last reveal), so they
    publish and reveal as on the table.
    """
    import json

    import uvicorn
    from fastapi import FastAPI, Header

    answers = json.loads(Path(canned).read_text())
    by_seat = {f"bare-{seat}": view for seat, view in answers["views"].items()}
    versions: dict[str, int] = {}
    app = FastAPI()

    # each seat's dice chain as the table keeps it: anchor, from_version, last reveal
    chains: dict[tuple[str, str], dict[str, Any]] = {}

    @app.get("/bare/{game_id}/view")
    def bare_view(game_id: str, authorization: str = Header("")) -> dict[str, Any]:
        token = authorization.removeprefix("Bearer ")
        view = by_seat[token]
        version = versions.get(game_id, 0)
        chain = chains.get((game_id, token))
        if chain is not None:
            shown = {**chain, "revealed": chain["last"] if chain["at"] == version else None}
            shown.pop("at")
            view = {**view, "dice": {**view["dice"], "chain": shown}}
        return {**view, "game_id": game_id, "version": version}

    @app.post("/bare/{game_id}/dice/anchor")
    def bare_anchor(
        game_id: str, body: BareAnchor, authorization: str = Header("")
    ) -> dict[str, Any]:
        start = versions.get(game_id, 0) + 1
        chains[(game_id, authorization.removeprefix("Bearer "))] = {
            "anchor": body.anchor,
            "from_version": start,
            "last": body.anchor,
            "at": None,
        }
        return {"anchor": body.anchor, "from_version": start}

    @app.post("/bare/{game_id}/dice/reveal")
    def bare_reveal(
        game_id: str, body: BareReveal, authorization: str = Header("")
    ) -> dict[str, Any]:
        chain = chains[(game_id, authorization.removeprefix("Bearer "))]
        chain.update(last=body.element, at=body.version)
        return {"version": body.version, "element": body.element}

    @app.get("/bare/{game_id}/dice")
    def bare_dice(game_id: str, authorization: str = Header("")) -> dict[str, Any]:
        return {**answers["dice"], "game_id": game_id}

    @app.get("/bare/{game_id}/log")
    def bare_log(game_id: str, since: int = 0, authorization: str = Header("")) -> dict[str, Any]:
        return {**answers["log"], "game_id": game_id, "version": versions.get(game_id, 0)}

    @app.post("/bare/{game_id}/odds")
    def bare_odds(game_id: str, body: BareOdds, authorization: str = Header("")) -> dict[str, Any]:
        return dict(answers["odds"])

    @app.post("/bare/{game_id}/actions")
    def bare_act(game_id: str, body: BareBody, authorization: str = Header("")) -> dict[str, Any]:
        versions[game_id] = body.expected_version + 1
        return {**answers["act"], "version": versions[game_id]}

    uvicorn.run(
        app,
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


class ThrowawayPostgres:
    """initdb + pg_ctl on loopback in a temp dir (as user postgres when root)."""

    def __init__(self) -> None:
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), reverse=True)
        if not bins:
            raise RuntimeError("PostgreSQL is not installed (make sysdeps)")
        self.bin = bins[0].parent
        self.root = os.geteuid() == 0
        self.base = Path(tempfile.mkdtemp(prefix="ordnance-pg-"))
        self.port = free_port()

    def _run(self, *cmd: str) -> None:
        full = (["runuser", "-u", "postgres", "--"] if self.root else []) + list(cmd)
        subprocess.run(full, check=True, capture_output=True, timeout=120)

    def __enter__(self) -> str:
        if self.root:
            shutil.chown(self.base, "postgres", "postgres")
        data = str(self.base / "data")
        self._run(str(self.bin / "initdb"), "-D", data, "-U", "postgres", "--auth=trust")
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            data,
            "-l",
            str(self.base / "log"),
            "-w",
            "-o",
            f"-h 127.0.0.1 -p {self.port} -k {self.base} -c max_connections=200",
            "start",
        )
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def __exit__(self, *exc: object) -> None:
        try:
            self._run(
                str(self.bin / "pg_ctl"), "-D", str(self.base / "data"), "-m", "fast", "-w", "stop"
            )
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


if __name__ == "__main__":
    what, port_text, *rest = sys.argv[1:]
    if what == "table":
        serve_table(rest[0], int(port_text))
    elif what == "bare":
        serve_bare(int(port_text), rest[0])
    else:
        raise SystemExit(f"unknown server kind {what!r}")
