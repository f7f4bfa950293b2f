"""``Journal.first_row``: a read on the thread's own SQLite connection reads what the
engine's own connections read.

On a SQLite file the table status is read on a driver connection each thread opens
once (no pool checkout, no SQLAlchemy execution layers). It must see every commit
at once (it is what every request checks first), never write, still be heard by the
engine's ``before_cursor_execute`` listeners (the statement counts count it), fall
back to the usual read when the driver fails, and close with the journal.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import bindparam, event, select, text

from ordnance.core.journal.models import GameRow
from ordnance.core.journal.store import Journal, as_text, open_journal

VERSION = as_text(select(GameRow.version).where(GameRow.id == bindparam("gid")), "gid")


def _game(journal: Journal, gid: str, version: int) -> None:
    with journal.engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO games (id, game, rules_version, settings, version, created_at)"
                " VALUES (:id, 'toi', 1, '{}', :v, CURRENT_TIMESTAMP)"
            ),
            {"id": gid, "v": version},
        )


def _bump(journal: Journal, gid: str) -> None:
    with journal.transaction() as s:
        s.execute(text("UPDATE games SET version = version + 1 WHERE id = :id"), {"id": gid})


def test_it_reads_each_commit_at_once_and_the_listeners_hear_it(tmp_path: Path) -> None:
    journal = open_journal(tmp_path / "j.db")
    _game(journal, "g1", 3)
    heard: list[tuple[str, Any]] = []

    def hook(_conn: Any, _cursor: Any, statement: str, params: Any, *_rest: Any) -> None:
        heard.append((statement, params))

    event.listen(journal.engine, "before_cursor_execute", hook)
    try:
        assert tuple(journal.first_row(VERSION, {"gid": "g1"})) == (3,)
        _bump(journal, "g1")  # committed by another connection of the engine
        assert tuple(journal.first_row(VERSION, {"gid": "g1"})) == (4,)
        assert journal.first_row(VERSION, {"gid": "nope"}) is None
    finally:
        event.remove(journal.engine, "before_cursor_execute", hook)
    reads = [(sql, params) for sql, params in heard if sql.startswith("SELECT games.version")]
    assert reads[0] == (reads[0][0], ("g1",)) and len(reads) == 3
    journal.close()


def test_each_thread_has_its_own_connection_that_never_writes(tmp_path: Path) -> None:
    journal = open_journal(tmp_path / "j.db")
    _game(journal, "g1", 0)
    journal.first_row(VERSION, {"gid": "g1"})
    mine = journal._thread_readers.reader
    seen: list[Any] = []

    def other() -> None:
        journal.first_row(VERSION, {"gid": "g1"})
        seen.append(journal._thread_readers.reader)

    worker = threading.Thread(target=other)
    worker.start()
    worker.join()
    assert seen[0] is not None and seen[0] is not mine
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        mine.connection.execute("UPDATE games SET version = 9")
    journal.close()
    with pytest.raises(sqlite3.ProgrammingError):  # closed with the journal
        mine.connection.execute("SELECT 1")


def test_a_driver_failure_falls_back_to_the_usual_read(tmp_path: Path) -> None:
    journal = open_journal(tmp_path / "j.db")
    _game(journal, "g1", 5)
    journal.first_row(VERSION, {"gid": "g1"})
    journal._thread_readers.reader.connection.close()  # e.g. a connection gone bad
    assert tuple(journal.first_row(VERSION, {"gid": "g1"})) == (5,)
    assert journal._thread_readers.reader is None  # dropped; the next read opens another
    assert tuple(journal.first_row(VERSION, {"gid": "g1"})) == (5,)
    journal.close()


def test_an_in_memory_journal_reads_on_its_engine() -> None:
    journal = open_journal(":memory:")
    _game(journal, "g1", 2)
    assert tuple(journal.first_row(VERSION, {"gid": "g1"})) == (2,)
    assert getattr(journal._thread_readers, "reader", None) is None
    journal.close()
