"""The table on a real PostgreSQL (started by the ``pg_url`` fixture).

Two app instances over one database stand for two server processes: an
action through one reaches the other's live stream by LISTEN/NOTIFY (the
heartbeat re-read is set to a minute, so only NOTIFY can deliver it in time),
and concurrent actions on one version let exactly one win.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from ordnance.server.app import create_app
from tests.server.conftest import Table, fresh_pg_db

pytestmark = pytest.mark.postgres


@pytest.fixture
def two_servers(pg_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    url = fresh_pg_db(pg_url)
    a = create_app(url, heartbeat=60.0)
    b = create_app(url, heartbeat=60.0)
    with TestClient(a) as ca, TestClient(b) as cb:
        yield ca, cb
    a.state.service.journal.close()
    b.state.service.journal.close()


def test_actions_redaction_and_stale_versions_on_postgres(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    ca, cb = two_servers
    table = Table(ca)
    assert (
        table.act("allies", {"type": "buy", "kind": "phosphorus-round", "hex": "1,0"}).status_code
        == 200
    )
    other = Table.__new__(Table)
    other.__dict__.update(table.__dict__, client=cb)
    assert "phosphorus" not in other.get("axis", "/view").text + other.get("axis", "/log").text
    assert "phosphorus" in other.get("allies", "/view").text
    assert other.act("axis", {"type": "end_phase"}, version=0).status_code == 409
    assert other.version() == 1


def test_notify_reaches_another_process_stream(two_servers: tuple[TestClient, TestClient]) -> None:
    ca, cb = two_servers
    table = Table(ca)
    ticket = cb.post(f"/api/tables/{table.id}/ticket", headers=table.h("axis")).json()["ticket"]
    received: list[str] = []
    first = threading.Event()

    def listen() -> None:
        with cb.stream(
            "GET", f"/api/tables/{table.id}/events", params={"ticket": ticket, "max_events": 2}
        ) as res:
            for line in res.iter_lines():
                if line.startswith("data:"):
                    received.append(line)
                    first.set()

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    assert first.wait(20)
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    thread.join(timeout=20)
    assert not thread.is_alive(), "the second process never heard of the action"
    assert '"version": 1' in received[-1]


def test_concurrent_actions_on_one_version_let_exactly_one_win(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    ca, cb = two_servers
    table = Table(ca)
    clients = [ca, cb] * 4

    def attempt(i: int) -> int:
        c = clients[i]
        code: int = c.post(
            f"/api/tables/{table.id}/actions",
            json={
                "action": {"type": "buy", "kind": "canister-shot", "hex": f"{i % 4},0"},
                "expected_version": 0,
            },
            headers=table.h("allies"),
        ).status_code
        return code

    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(attempt, range(8)))
    assert sorted(codes) == [200] + [409] * 7
    assert len(table.get("allies", "/log").json()["entries"]) == 1
