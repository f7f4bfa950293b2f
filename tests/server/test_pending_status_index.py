"""The table status finds an action waiting for its dice by one index probe.

Every request reads the table status (``server.table_status``), which asks whether
the table has an action still ``pending`` in ``dice_pending``. With an index on
``game_id`` alone, SQLite visited every action that ever rolled at the table (each
``applied`` row, on every request: linear in the game's length); migration 0011's
``ix_dice_pending_game_status`` on ``(game_id, status)`` makes it one probe. The
plan is SQLite's own (``EXPLAIN QUERY PLAN``); the answers are those of the
statement's Core form, on a table with hundreds of applied rows and one pending.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import insert, text

from ordnance.core.journal.models import GameRow
from ordnance.server import table_status
from ordnance.server.app import create_app
from ordnance.server.models import DicePendingRow


def _pending(game_id: str, version: int, status: str) -> dict[str, object]:
    return {
        "game_id": game_id,
        "at_version": version,
        "seat": "allies",
        "action": {"type": "attack"},
        "digest": "0" * 64,
        "seed_hash": "0" * 64,
        "commit_seq": version,
        "awaited": ["axis"],
        "opened_at": 0.0,
        "status": status,
    }


def test_the_status_probes_the_pending_index(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.db", create_rate=None)
    journal = app.state.service.journal
    with journal.engine.begin() as c:
        c.execute(
            insert(GameRow),
            [
                {"id": gid, "game": "toi", "rules_version": 1, "settings": {}, "version": 300}
                for gid in ("long", "other")
            ],
        )
        rows = [_pending("long", v, "applied") for v in range(300)]
        rows += [_pending("other", v, "applied") for v in range(50)]
        c.execute(insert(DicePendingRow), rows)
    sql = str(table_status._SQL.compile(dialect=journal.engine.dialect))
    with journal.engine.connect() as c:
        plan = [
            str(row[-1])
            for row in c.exec_driver_sql("EXPLAIN QUERY PLAN " + sql, ("x",) * sql.count("?"))
        ]
        assert any("ix_dice_pending_game_status" in step for step in plan), plan
        quiet = table_status.status(journal, "long")
        assert quiet.version == 300 and not quiet.dice_pending
        c.execute(
            text(
                "UPDATE dice_pending SET status = 'pending' WHERE game_id = 'long' AND at_version = 299"
            )
        )
        c.commit()
    assert table_status.status(journal, "long").dice_pending
    assert not table_status.status(journal, "other").dice_pending
    journal.close()
