"""The journal's hot statements on PostgreSQL, on its own psycopg pool (issue 21, item 2).

On PostgreSQL through psycopg, the table status read (``Journal.first_row``) and a
plain append (``Journal.write_rows``: the version bump and the entry) run on
connections of the journal's own ``psycopg_pool`` pool, without SQLAlchemy's pool
and execution layers. They must read and store what the engine's own connections
read and store (JSON columns, the entry's date), see every commit at once, write
nothing when the version check finds no row, still be heard by the engine's
``before_cursor_execute`` listeners (the statement counts count them), fall back
to the usual statements when the driver fails (a backend killed under them), and
close with the journal.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest
from sqlalchemy import bindparam, event, func, select, text

from ordnance.core.journal import GameSession
from ordnance.core.journal.models import EntryRow, GameRow
from ordnance.core.journal.postgres_driver import APPLICATION_NAME
from ordnance.core.journal.session import _append_statements
from ordnance.core.journal.store import as_text
from ordnance.server.app import ServerJournal
from tests.server.conftest import fresh_pg_db

pytestmark = pytest.mark.postgres

VERSION = as_text(select(GameRow.version).where(GameRow.id == bindparam("gid")), "gid")


@pytest.fixture
def journal(pg_url: str) -> Iterator[ServerJournal]:
    j = ServerJournal(fresh_pg_db(pg_url))
    yield j
    j.close()


def _steps(gid: str, seen: int) -> tuple[tuple[Any, dict[str, Any]], ...]:
    bump, add_entry, _snapshot = _append_statements()
    entry = {
        "game_id": gid,
        "seq": seen + 1,
        "kind": "action",
        "seat": "allies",
        "action": {"type": "move", "path": ["0,0", "1,0"]},
        "dice": [[3, 6, "hit"]],
        "dice_origin": "rolled",
        "events": [{"kind": "moved", "text": "moved"}],
        "created_at": datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC),
    }
    return ((bump, {"gid": gid, "seen": seen, "bumped": seen + 1}), (add_entry, entry))


@contextmanager
def _heard(journal: ServerJournal) -> Iterator[list[str]]:
    """The first word of every statement the engine's listeners hear meanwhile."""
    heard: list[str] = []

    def hook(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        heard.append(statement.split()[0])

    event.listen(journal.engine, "before_cursor_execute", hook)
    try:
        yield heard
    finally:
        event.remove(journal.engine, "before_cursor_execute", hook)


def _pool_requests(journal: ServerJournal) -> int:
    driver = journal._postgres
    assert driver is not None and driver._pool is not None
    return int(driver._pool.get_stats().get("requests_num", 0))


def test_the_status_read_runs_on_the_pool_and_sees_each_commit(journal: ServerJournal) -> None:
    gid = GameSession.create(journal, "toi", {}).game_id
    with _heard(journal) as heard:
        assert tuple(journal.first_row(VERSION, {"gid": gid})) == (0,)
        before = _pool_requests(journal)
        with journal.engine.begin() as c:  # another connection commits
            c.execute(text("UPDATE games SET version = version + 1 WHERE id = :id"), {"id": gid})
        assert tuple(journal.first_row(VERSION, {"gid": gid})) == (1,)
        assert journal.first_row(VERSION, {"gid": "nope"}) is None
        assert _pool_requests(journal) == before + 2  # the pool's, not the fallback
    assert heard.count("SELECT") == 3 and "UPDATE" in heard


def test_an_append_stores_what_the_engine_reads_all_or_nothing(journal: ServerJournal) -> None:
    gid = GameSession.create(journal, "toi", {}).game_id
    with _heard(journal) as heard:
        assert journal.write_rows(*_steps(gid, 0))
    assert heard == ["UPDATE", "INSERT"]  # heard, as the engine's own statements are
    assert _pool_requests(journal) >= 1
    assert not journal.write_rows(*_steps(gid, 0))  # version 0 is past: nothing written
    with journal.engine.connect() as c:
        rows = c.execute(select(EntryRow).where(EntryRow.game_id == gid)).all()
        version = c.execute(select(GameRow.version).where(GameRow.id == gid)).scalar()
    assert version == 1 and len(rows) == 1
    row = rows[0]
    assert row.action == {"type": "move", "path": ["0,0", "1,0"]}
    assert row.dice == [[3, 6, "hit"]] and row.events == [{"kind": "moved", "text": "moved"}]
    assert row.created_at == datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)


def test_a_killed_backend_falls_back_to_the_usual_statements(journal: ServerJournal) -> None:
    gid = GameSession.create(journal, "toi", {}).game_id
    assert journal.write_rows(*_steps(gid, 0))
    driver = journal._postgres
    assert driver is not None and driver._pool is not None
    # end every backend the pool holds, from a connection of the engine's own
    with journal.engine.connect() as c:
        ended = c.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = :name AND datname = current_database()"
            ),
            {"name": APPLICATION_NAME},
        ).scalars()
        assert any(ended)  # the pool held one at least
        c.commit()
    assert journal.write_rows(*_steps(gid, 1))  # the driver failed; the usual write did it
    assert tuple(journal.first_row(VERSION, {"gid": gid})) == (2,)
    assert journal.write_rows(*_steps(gid, 2))
    with journal.engine.connect() as c:
        count = c.execute(select(func.count()).where(EntryRow.game_id == gid)).scalar()
    assert count == 3


def test_the_pool_closes_with_the_journal(pg_url: str) -> None:
    journal = ServerJournal(fresh_pg_db(pg_url))
    gid = GameSession.create(journal, "toi", {}).game_id
    assert journal.first_row(VERSION, {"gid": gid}) is not None
    driver = journal._postgres
    assert driver is not None
    pool = driver._pool
    assert pool is not None
    journal.close()
    assert driver._pool is None and pool.closed
    with pytest.raises(psycopg.OperationalError):
        pool.getconn()
