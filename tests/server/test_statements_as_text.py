"""The hot statements run as text (``store.as_text``) answer what their Core form answers.

The table status is read on every request as a text statement compiled once (its
constants written in as literals, so SQLite keeps it prepared);
its Core form stays the definition. Both are run on the same rows, on SQLite
and on PostgreSQL, for a table with nothing open and for one with a reissue
pending, an action waiting for its dice, seat events and dice chain anchors
and reveals (each flag and count of :class:`table_status.TableStatus`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import bindparam, select

from ordnance.core.journal.store import as_text
from ordnance.server import table_status
from ordnance.server.app import create_app
from ordnance.server.models import ReissueRow
from tests.server.conftest import Table, fresh_pg_db
from tests.server.dice_helpers import Chain, Clock

ATTACK = {"type": "attack", "dice": 6, "target": "2,0"}


def _both(client: TestClient, game_id: str) -> tuple[Any, Any]:
    journal = client.app.state.service.journal  # type: ignore[attr-defined]
    with journal.reading() as s:
        conn = s.connection()
        core = tuple(conn.execute(table_status._STATEMENT, {"gid": game_id}).one())
        text = tuple(conn.execute(table_status._SQL, {"gid": game_id}).one())
    return core, text


def _normal(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """Booleans as SQLite answers them (0/1) or PostgreSQL (False/True), as numbers."""
    return tuple(int(v) if isinstance(v, bool) else v for v in row)


def _check_statuses(client: TestClient) -> None:
    quiet = Table(client)
    core, text = _both(client, quiet.id)
    assert _normal(core) == _normal(text)
    assert _normal(text)[1:5] == (0, 0, 0, 0)  # nothing open at a new table

    busy = Table(client, dice_wait="wait")
    Clock().install(client)
    allies, axis = Chain(busy, "allies"), Chain(busy, "axis")
    assert allies.publish().status_code == 200 and axis.publish().status_code == 200
    assert busy.act("allies", {"type": "end_phase"}).status_code == 200
    view = busy.get("allies", "/view").json()
    body = {"action": ATTACK, "expected_version": view["version"], "element": allies.next_element()}
    assert busy.post("allies", "/actions", body).status_code == 202  # waits for axis
    # another seat asks for a new link for axis, who holds its seat: pending
    assert busy.post("allies", "/invitations", {"seat": "axis"}).status_code == 202
    core, text = _both(client, busy.id)
    assert _normal(core) == _normal(text)
    version, pending, open_, consent, dice, events, anchors, reveals = _normal(text)
    assert (version, pending, open_, consent, dice) == (1, 1, 1, 0, 1)
    assert events > 0 and anchors > 0 and reveals > 0  # the request's event, chains, allies


def test_table_status_as_text_matches_its_core_form_on_sqlite(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.db")
    with TestClient(app) as client:
        _check_statuses(client)
    app.state.service.journal.close()


@pytest.fixture
def pg_client(pg_url: str) -> Iterator[TestClient]:
    app = create_app(fresh_pg_db(pg_url), heartbeat=60.0)
    with TestClient(app) as client:
        yield client
    app.state.service.journal.close()


@pytest.mark.postgres
def test_table_status_as_text_matches_its_core_form_on_postgres(pg_client: TestClient) -> None:
    _check_statuses(pg_client)


def test_as_text_writes_the_constants_as_literals_and_leaves_the_given_parameters() -> None:
    statement = select(ReissueRow.id).where(
        ReissueRow.game_id == bindparam("gid"), ReissueRow.status.in_(("pending", "kept"))
    )
    text = as_text(statement, "gid")
    # its columns named in order, as the Core statement's (SQLAlchemy then matches
    # them by position and keeps the result's metadata with the compiled statement)
    assert list(text.selected_columns.keys()) == list(statement.selected_columns.keys())
    binds = {name: b.value for name, b in text.element._bindparams.items()}
    assert binds == {"gid": None}  # given at each execution; nothing else is bound
    # the IN list is in the SQL itself: SQLite re-prepares a statement at every
    # execution when a bound value may decide whether a partial index applies
    assert "IN ('pending', 'kept')" in str(text)
    assert ":gid" in str(text)


def test_the_table_status_binds_only_the_game() -> None:
    """Its consent subquery meets the partial index ``uq_undo_requests_one_pending``:
    with ``status`` bound, SQLite would prepare the whole statement again every time."""
    binds = set(table_status._SQL.element._bindparams)
    assert binds == {"gid"}
    assert "undo_requests.status = 'pending'" in str(table_status._SQL)
