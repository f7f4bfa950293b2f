"""Two server processes over one PostgreSQL: every client sees every change.

Two real Uvicorn processes (``ordnance.server.app:app_from_env``) listen on
two loopback ports over one database. Each seat of a Tide of Iron table keeps
a live stream open on *each* process, and the seats' players (the page's own
requests, :mod:`ordnance.bench.page_players`) act through one process, then
the other, turn by turn. Every stream must hear of the last version (the
processes' heartbeat is a minute, so only LISTEN/NOTIFY can bring it), both
processes must answer the same journal with every acknowledged action in it,
and a token revoked through one process must stop opening its seat on the
other, though that one had it cached (for an hour: only NOTIFY can tell it). Waits are polls with generous limits,
never assertions on a duration.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from ordnance.bench.page_players import Stats, StreamLive, Table, create_tables, play_turn
from tests.server.conftest import free_port, fresh_pg_db

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
#: generous: a loaded CI machine is slow, a broken notice never arrives at all
LIMIT_S = 120.0


def _serve(url: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {
        **os.environ,
        "ORDNANCE_DB": url,
        "ORDNANCE_HEARTBEAT": "60",
        "ORDNANCE_CREATE_RATE": "off",
        "ORDNANCE_SEAT_CACHE_TTL": "3600",  # only NOTIFY can tell B of a revocation in time
        "PYTHONPATH": str(ROOT / "src"),
    }
    cmd = [
        sys.executable,
        "-m",
        "uvicorn",
        "ordnance.server.app:app_from_env",
        "--factory",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
    ]
    proc = subprocess.Popen(cmd, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + LIMIT_S
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/api/health", timeout=2).status_code == 200:
                return proc, base
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("server did not start")
        time.sleep(0.1)  # start-up poll


@pytest.fixture
def two_processes(pg_url: str) -> Iterator[tuple[str, str]]:
    url = fresh_pg_db(pg_url)
    a, base_a = _serve(url)  # migrates the database first
    try:
        b, base_b = _serve(url)
    except BaseException:
        a.terminate()
        raise
    try:
        yield base_a, base_b
    finally:
        for proc in (a, b):
            proc.terminate()
            proc.wait(timeout=30)


async def _listen(
    client: httpx.AsyncClient, base: str, t: Table, token: str, seen: list[int]
) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    res = await client.post(f"{base}/api/tables/{t.game_id}/ticket", headers=headers)
    ticket = res.raise_for_status().json()["ticket"]
    url = f"{base}/api/tables/{t.game_id}/events"
    async with client.stream("GET", url, params={"ticket": ticket}) as stream:
        async for line in stream.aiter_lines():
            if line.startswith("data: "):
                seen.append(int(json.loads(line[6:])["version"]))


async def _until(check: object, what: str) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {LIMIT_S:.0f} s: {what}")
        await asyncio.sleep(0.05)  # a poll, not an assertion on speed


def test_two_processes_over_one_postgres(two_processes: tuple[str, str]) -> None:
    base_a, base_b = two_processes

    async def play() -> None:
        async with (
            httpx.AsyncClient(timeout=httpx.Timeout(60, read=None)) as client,
            httpx.AsyncClient(timeout=httpx.Timeout(60, read=None)) as streams_client,
        ):
            [t] = await create_tables(client, base_a, 1, StreamLive(streams_client))
            streams: dict[tuple[str, str], list[int]] = {}
            tasks = []
            for base in (base_a, base_b):
                for p in t.players:
                    seen = streams[(base, p.seat)] = []
                    tasks.append(asyncio.create_task(_listen(client, base, t, p.token, seen)))
            await _until(lambda: all(streams.values()), "every stream's first event")
            stats = Stats()
            acted = []
            german, soviet = t.players
            for turn in range(8):  # each seat's page on one process, then on the other
                german.base, soviet.base = (base_a, base_b)[:: 1 if turn % 2 else -1]
                action = await play_turn(client, t, stats)
                acted.append((german.base, action["type"]))
            assert {base for base, _ in acted} == {base_a, base_b}
            # an attack sent with wait_dice waits on its page's process; the other page's
            # reveal, through the other process, draws it: only NOTIFY can end the wait in
            # time (the heartbeat is a minute, past the 20 s wait), so every such answer
            # carried its roll
            assert stats.drawn_in_answer >= 1 and stats.answered_pending == 0, stats
            view = await client.get(
                f"{base_a}/api/tables/{t.game_id}/view", headers=t.players[0].headers
            )
            final = int(view.raise_for_status().json()["version"])

            # every client, on either process, hears of the last change
            await _until(
                lambda: all(final in seen for seen in streams.values()),
                f"version {final} on every stream: {streams}",
            )
            for seen in streams.values():
                assert seen == sorted(seen)  # versions only move forward

            # nothing lost: both processes answer one journal holding every action
            logs = []
            for base in (base_a, base_b):
                res = await client.get(
                    f"{base}/api/tables/{t.game_id}/log", headers=t.players[1].headers
                )
                logs.append(res.raise_for_status().json())
            assert logs[0] == logs[1]
            actions = [e for e in logs[0]["entries"] if e["kind"] == "action"]
            assert len(actions) >= len(acted) and logs[0]["version"] == final

            # a token revoked through A stops at once on A, and on B (which has it cached)
            view_b = f"{base_b}/api/tables/{t.game_id}/view"
            assert (await client.get(view_b, headers=soviet.headers)).status_code == 200
            res = await client.post(
                f"{base_a}/api/tables/{t.game_id}/invitations",
                json={"seat": soviet.seat},
                headers=german.headers,
            )
            assert res.status_code == 202, res.text  # a held seat: its holder is asked
            res = await client.post(  # and the Soviet hands its seat over, through A
                f"{base_a}/api/tables/{t.game_id}/reissues/{res.json()['request']}",
                json={"accept": True},
                headers=soviet.headers,
            )
            assert res.status_code == 200, res.text
            view_a = f"{base_a}/api/tables/{t.game_id}/view"
            assert (await client.get(view_a, headers=soviet.headers)).status_code == 403
            codes: list[int] = []

            async def refused_on_b() -> None:
                codes.append((await client.get(view_b, headers=soviet.headers)).status_code)

            deadline = time.monotonic() + LIMIT_S
            while True:
                await refused_on_b()
                if codes[-1] == 403 or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.05)
            assert codes[-1] == 403, codes
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(play())
