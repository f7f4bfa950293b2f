"""A cancelled request and its read session (request_scope), on SQLite and PostgreSQL.

A request whose task is cancelled (the client went away, a timeout) while its
sync endpoint still runs in a pool thread must not close the shared read
session under that thread: the close waits for the thread's read to end, the
session is closed exactly once, its connection goes back to the pool, and no
error is logged or answered.

The thread is held deterministically inside the pool checkout of its read (as
when every pooled connection is taken) by a ``checkout`` listener waiting on a
``threading.Event``; no test asserts a duration.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event, text
from sqlalchemy.orm import Session

from ordnance.core.journal.store import Journal, RequestScope, database_url, request_scope
from ordnance.server.routes import CheckedRoute
from ordnance.server.service import TableService
from tests.server.conftest import Table, fresh_pg_db

WAIT = 30.0  # an upper bound for a thread to reach a point, never asserted


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def journal(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Journal]:
    if request.param == "sqlite":
        url = database_url(tmp_path / "cancel.db")
    else:
        url = fresh_pg_db(request.getfixturevalue("pg_url"))
    journal = Journal(url)
    yield journal
    journal.close()


class Held:
    """Holds the next pool checkout of ``journal`` until :meth:`release`;
    ``back`` is set when that connection is checked in again."""

    def __init__(self, journal: Journal) -> None:
        self.armed = threading.Event()
        self.inside = threading.Event()
        self.released = threading.Event()
        self.back = threading.Event()
        self._held: Any = None
        event.listen(journal.engine, "checkout", self._checkout)
        event.listen(journal.engine, "checkin", self._checkin)

    def _checkout(self, dbapi_connection: Any, *_: Any) -> None:
        if self.armed.is_set():
            self.armed.clear()
            self._held = dbapi_connection
            self.inside.set()
            self.released.wait(WAIT)

    def _checkin(self, dbapi_connection: Any, *_: Any) -> None:
        if self._held is not None and dbapi_connection is self._held:
            self.back.set()

    def release(self) -> None:
        self.released.set()


def _app(journal: Journal, done: threading.Event, reads: list[int]) -> FastAPI:
    router = APIRouter(route_class=CheckedRoute)

    @router.get("/read")
    def read() -> dict[str, int]:
        try:
            with journal.reading() as session:
                reads.append(int(session.execute(text("SELECT 7")).scalar_one()))
            with journal.reading() as session:  # a second read of the same request
                reads.append(int(session.execute(text("SELECT 8")).scalar_one()))
            return {"read": len(reads)}
        finally:
            done.set()

    app = FastAPI()
    app.include_router(router)
    return app


def _http(path: str, headers: list[tuple[bytes, bytes]] | None = None) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"test"), *(headers or [])],
        "client": ("127.0.0.1", 1),
        "server": ("test", 80),
    }


async def _call(
    app: FastAPI,
    path: str,
    sent: list[dict[str, Any]],
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(_http(path, headers), receive, send)


def test_a_cancelled_request_closes_its_session_after_the_thread_still_reading(
    journal: Journal, caplog: pytest.LogCaptureFixture
) -> None:
    held = Held(journal)
    done = threading.Event()
    reads: list[int] = []
    app = _app(journal, done, reads)

    async def scenario() -> tuple[BaseException | None, list[dict[str, Any]]]:
        sent: list[dict[str, Any]] = []
        held.armed.set()
        task = asyncio.create_task(_call(app, "/read", sent))
        assert await asyncio.to_thread(held.inside.wait, WAIT)  # the read waits in checkout
        task.cancel()
        (outcome,) = await asyncio.gather(task, return_exceptions=True)
        held.release()
        assert await asyncio.to_thread(done.wait, WAIT)
        # another request afterwards is answered normally
        await _call(app, "/read", sent)
        return (outcome if isinstance(outcome, BaseException) else None), sent

    caplog.set_level(logging.WARNING)
    outcome, sent = asyncio.run(scenario())

    assert isinstance(outcome, asyncio.CancelledError), repr(outcome)
    # the abandoned thread's reads ran to the end on an open session, then the next request's
    assert reads == [7, 8, 7, 8]
    statuses = [m["status"] for m in sent if m["type"] == "http.response.start"]
    assert statuses == [200]
    assert journal.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_scope_closes_each_session_once_and_reads_after_close_on_their_own(
    journal: Journal,
) -> None:
    closes: list[Session] = []
    original = Session.close

    def counting(self: Session) -> None:
        closes.append(self)
        original(self)

    Session.close = counting  # type: ignore[method-assign]
    try:
        with request_scope() as scope:
            with journal.reading() as session:
                session.execute(text("SELECT 1"))
            with journal.reading() as again:
                assert again is session
            scope.close()
            scope.close()
            assert scope.closed
            with journal.reading() as own:  # after close: a session of its own, closed at once
                assert own is not session
                own.execute(text("SELECT 1"))
    finally:
        Session.close = original  # type: ignore[method-assign]
    assert closes.count(session) == 1
    assert closes.count(own) == 1
    assert journal.engine.pool.checkedout() == 0  # type: ignore[attr-defined]


def test_close_during_a_read_waits_for_the_reader(journal: Journal) -> None:
    """Closing the scope from another thread while a read is held defers the
    close to the end of that read (the reader closes the session)."""
    scope_box: list[RequestScope] = []
    in_read = threading.Event()
    go_on = threading.Event()
    seen: list[int] = []

    def reader() -> None:
        with request_scope() as scope:
            scope_box.append(scope)
            with journal.reading() as session:
                session.execute(text("SELECT 1"))
                in_read.set()
                go_on.wait(WAIT)
                seen.append(int(session.execute(text("SELECT 2")).scalar_one()))
                seen.append(journal.engine.pool.checkedout())  # type: ignore[attr-defined]
            seen.append(journal.engine.pool.checkedout())  # type: ignore[attr-defined]

    thread = threading.Thread(target=reader)
    thread.start()
    assert in_read.wait(WAIT)
    scope_box[0].close()  # from this thread, mid-read: deferred
    assert scope_box[0].closed
    assert journal.engine.pool.checkedout() == 1  # type: ignore[attr-defined]
    go_on.set()
    thread.join(WAIT)
    assert not thread.is_alive()
    assert seen == [2, 1, 0]  # read on an open session, closed by the reader at its end
    assert journal.engine.pool.checkedout() == 0  # type: ignore[attr-defined]


def test_a_cancelled_table_view_leaks_nothing_and_the_next_requests_answer(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """The same through the table server: a seat's view is cancelled while
    its read waits for a pooled connection; a request meanwhile and one after
    are answered 200, and the held connection is given back (checked in) when
    the abandoned thread's read ends."""
    table = Table(client)
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    journal = service.journal
    held = Held(journal)
    path = f"/api/tables/{table.id}/view"
    auth = [(b"authorization", f"Bearer {table.tokens[table.creator]}".encode())]

    async def scenario() -> tuple[BaseException | None, list[int], list[int]]:
        cancelled: list[dict[str, Any]] = []
        others: list[dict[str, Any]] = []
        held.armed.set()
        task = asyncio.create_task(_call(client.app, path, cancelled, auth))  # type: ignore[arg-type]
        assert await asyncio.to_thread(held.inside.wait, WAIT)
        await _call(client.app, "/api/modules", others)  # type: ignore[arg-type]
        task.cancel()
        (outcome,) = await asyncio.gather(task, return_exceptions=True)
        held.release()
        await _call(client.app, path, others, auth)  # type: ignore[arg-type]
        return (
            outcome if isinstance(outcome, BaseException) else None,
            _statuses(cancelled),
            _statuses(others),
        )

    caplog.set_level(logging.WARNING)
    outcome, cancelled, others = client.portal.call(scenario)  # type: ignore[union-attr]
    assert isinstance(outcome, asyncio.CancelledError), repr(outcome)
    assert cancelled == []  # the cancelled request answered nothing
    assert others == [200, 200]
    # the abandoned thread's read ended and gave its connection back to the pool
    assert held.back.wait(WAIT)
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def _statuses(sent: list[dict[str, Any]]) -> list[int]:
    return [int(m["status"]) for m in sent if m["type"] == "http.response.start"]
