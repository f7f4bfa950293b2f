"""``Journal.write_rows``: the journal's append on SQLite's driver connection writes
what the engine's own connections write, all or nothing.

On a SQLite file a plain append (the version bump and the entry) runs as two
prepared statements on the journal's own driver connection, without SQLAlchemy's
pool, transaction and execution layers. It must store the same values (JSON
columns, the entry's date), be seen at once by the engine's connections, write
nothing when its version check finds no row, still be heard by the engine's
``before_cursor_execute`` listeners (the statement counts count it), fall back to
the usual write when the driver fails, and close with the journal.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, func, select

from ordnance.core.journal import GameSession
from ordnance.core.journal.models import EntryRow, GameRow
from ordnance.core.journal.session import _append_statements
from ordnance.core.journal.store import Journal, open_journal
from ordnance.server.app import ServerJournal


def _entry(gid: str, seq: int) -> dict[str, Any]:
    return {
        "game_id": gid,
        "seq": seq,
        "kind": "action",
        "seat": "allies",
        "action": {"type": "move", "path": ["0,0", "1,0"]},
        "dice": [[3, 6, "hit"]],
        "dice_origin": "rolled",
        "events": [{"kind": "moved", "text": "moved"}],
        "created_at": datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC),
    }


def _open(tmp_path: Path, server: bool = False) -> tuple[Journal, str]:
    journal: Journal = (
        ServerJournal(f"sqlite:///{tmp_path / 'j.db'}")
        if server
        else open_journal(tmp_path / "j.db")
    )
    gid = GameSession.create(journal, "toi", {}).game_id
    return journal, gid


def _steps(gid: str, seen: int) -> tuple[tuple[Any, dict[str, Any]], ...]:
    bump, add_entry, _snapshot = _append_statements()
    return (
        (bump, {"gid": gid, "seen": seen, "bumped": seen + 1}),
        (add_entry, _entry(gid, seen + 1)),
    )


@pytest.mark.parametrize("server", [False, True])
def test_an_append_stores_what_the_engine_reads(tmp_path: Path, server: bool) -> None:
    journal, gid = _open(tmp_path, server)
    try:
        assert journal.write_rows(*_steps(gid, 0))
        with journal.engine.connect() as c:
            row = c.execute(select(EntryRow).where(EntryRow.game_id == gid)).one()
            version = c.execute(select(GameRow.version).where(GameRow.id == gid)).scalar()
        assert version == 1
        assert row.action == {"type": "move", "path": ["0,0", "1,0"]}
        assert row.dice == [[3, 6, "hit"]] and row.events == [{"kind": "moved", "text": "moved"}]
        assert row.created_at.replace(tzinfo=UTC) == _entry(gid, 1)["created_at"]
        assert journal._driver_writer is not None  # the driver's path, not the fallback
    finally:
        journal.close()


def test_a_stale_append_writes_nothing(tmp_path: Path) -> None:
    journal, gid = _open(tmp_path)
    try:
        assert journal.write_rows(*_steps(gid, 0))
        assert not journal.write_rows(*_steps(gid, 0))  # version 0 is past: no row bumped
        with journal.engine.connect() as c:
            count = c.execute(select(func.count()).where(EntryRow.game_id == gid)).scalar()
        assert count == 1
    finally:
        journal.close()


def test_listeners_hear_every_statement_of_the_append(tmp_path: Path) -> None:
    journal, gid = _open(tmp_path)
    heard: list[str] = []

    def hook(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        heard.append(statement.split()[0])

    event.listen(journal.engine, "before_cursor_execute", hook)
    try:
        assert journal.write_rows(*_steps(gid, 0))
    finally:
        event.remove(journal.engine, "before_cursor_execute", hook)
        journal.close()
    assert heard == ["BEGIN", "UPDATE", "INSERT"]


def test_a_driver_failure_falls_back_to_the_usual_write(tmp_path: Path) -> None:
    journal, gid = _open(tmp_path)
    try:
        assert journal.write_rows(*_steps(gid, 0))
        writer = journal._driver_writer
        assert writer is not None
        writer.connection.close()  # the driver fails on the next use
        assert journal.write_rows(*_steps(gid, 1))
        assert journal._driver_writer is None  # dropped; the next append opens another
        assert journal.write_rows(*_steps(gid, 2))
        assert journal._driver_writer is not None
        with journal.engine.connect() as c:
            assert c.execute(select(GameRow.version).where(GameRow.id == gid)).scalar() == 3
    finally:
        journal.close()
    assert journal._driver_writer is None  # closed with the journal
