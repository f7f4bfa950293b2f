"""Many requests at once never wait on each other for a database connection.

Each request's reads share one session (``request_scope``), checked out of the pool at
its first read and given back when the request ends. The thread that gives it back must
not be one of the routes' own worker threads: with as many requests in flight as those
threads, every thread may be waiting for a connection that only the close of an already
finished request returns, and the server stalls until the pool's timeout, then answers
500 (no request without a bound; bad load is never a 5xx). One seat, or anyone with a
table's address, could stall every table that way with a burst of plain reads.

The burst here (more requests than the 40 worker threads and the 15 connections of the
default pool together) is answered in full, each 200.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from tests.server.test_dice_wait_answer import Seats, _play

BURST = 120


def _views(tmp_path: Path, path: str) -> list[Any]:
    async def scenario(_app: Any, seats: Seats) -> list[Any]:
        await seats.view("allies")  # the table's state is read once before the burst
        headers = {"Authorization": f"Bearer {seats.tokens['allies']}"}
        url = f"/api/tables/{seats.id}{path}"
        burst = [seats.client.get(url, headers=headers) for _ in range(BURST)]
        return list(await asyncio.gather(*burst, return_exceptions=True))

    answers: list[Any] = _play(tmp_path, scenario)
    return answers


def test_a_burst_of_views_is_answered_in_full(tmp_path: Path) -> None:
    answers = _views(tmp_path, "/view")
    failed = [a for a in answers if not isinstance(a, httpx.Response) or a.status_code != 200]
    assert failed == []
    assert {a.json()["version"] for a in answers} == {1}


def test_a_burst_of_since_reads_is_answered_in_full(tmp_path: Path) -> None:
    answers = _views(tmp_path, "/since?version=0&dice_since=0")
    failed = [a for a in answers if not isinstance(a, httpx.Response) or a.status_code != 200]
    assert failed == []
