"""A seat holds a bounded number of live streams (no request without a bound).

Each open stream reads the table's version on every heartbeat and notice, so
one seat opening streams without end could tie up the server's workers. The
server counts the open streams of each (table, seat) in its process
(``ordnance.server.live.StreamSeats``) and refuses one past
``MAX_STREAMS_PER_SEAT`` with a 429 that says why, before it reads anything.
A stream leaves the count when it ends. docs/server.md, "Live updates".
"""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from ordnance.server import live
from tests.server.conftest import Table


def _stream(
    client: TestClient, table: Table, seat: str, ticket: str | None = None
) -> tuple[int, str]:
    ticket = ticket or table.post(seat, "/ticket", None).json()["ticket"]
    with client.stream(
        "GET", f"/api/tables/{table.id}/events", params={"ticket": ticket, "max_events": 1}
    ) as res:
        return res.status_code, "".join(res.iter_text())


def _held_open(client: TestClient, table: Table, seat: str, n: int) -> list[object]:
    """``n`` streams of ``seat`` counted as open (kept alive by the caller)."""
    streams: live.StreamSeats = client.app.state.stream_seats  # type: ignore[attr-defined]

    async def idle() -> object:  # stands for a stream still being served
        yield ""

    held = [idle() for _ in range(n)]
    for stream in held:
        assert streams.admit(table.id, seat, stream)
    return held


def test_a_seat_past_its_open_streams_is_refused_with_the_reason(
    client: TestClient, table: Table
) -> None:
    # tickets taken before the streams fill up (a tab that asked for one just before)
    ticket = table.post("axis", "/ticket", None).json()["ticket"]
    held = _held_open(client, table, "axis", live.MAX_STREAMS_PER_SEAT)
    status, body = _stream(client, table, "axis", ticket)
    assert status == 429
    refusal = json.loads(body)
    assert refusal["clause"] == "TABLE-LIVE-1"
    assert f"already has {live.MAX_STREAMS_PER_SEAT} live streams open" in refusal["message"]
    assert "close a tab" in refusal["hint"]
    russian = client.get(
        f"/api/tables/{table.id}/events", params={"ticket": ticket, "lang": "ru"}
    ).json()
    assert russian["clause"] == "TABLE-LIVE-1" and "живых потоков" in russian["message"]
    # the other seat of the same table is not held back by the first seat's streams
    status, body = _stream(client, table, "allies")
    assert status == 200 and '"version": 0' in body
    del held


def test_a_stream_that_ends_gives_its_place_back(client: TestClient, table: Table) -> None:
    streams: live.StreamSeats = client.app.state.stream_seats  # type: ignore[attr-defined]
    held = _held_open(client, table, "axis", live.MAX_STREAMS_PER_SEAT - 1)
    for _ in range(3):  # one place left: each stream takes it and gives it back when it ends
        status, _body = _stream(client, table, "axis")
        assert status == 200
        assert streams.held(table.id, "axis") == live.MAX_STREAMS_PER_SEAT - 1
    held.pop()  # a stream dropped before it ran leaves the count too (held weakly)
    assert streams.held(table.id, "axis") == live.MAX_STREAMS_PER_SEAT - 2


def test_a_seat_at_its_open_streams_gets_no_ticket(client: TestClient, table: Table) -> None:
    """TABLE-LIVE-1 already at ``POST /ticket``: the page learns why it cannot go live
    (a stream refused by the server gives the page's EventSource no status to read)."""
    held = _held_open(client, table, "axis", live.MAX_STREAMS_PER_SEAT)
    res = table.post("axis", "/ticket", None)
    assert res.status_code == 429
    assert res.json()["clause"] == "TABLE-LIVE-1"
    assert table.post("allies", "/ticket", None).status_code == 200  # the other seat is free
    held.pop()  # one place free again: a ticket
    assert table.post("axis", "/ticket", None).status_code == 200
    del held
