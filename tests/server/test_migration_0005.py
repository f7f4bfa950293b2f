"""Migration 0005 on a database made by 0002: duplicate pending undo requests (possible
before the index) are expired except the newest, and the partial unique index then
refuses a second pending request of the same game. Downgrade goes back cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from ordnance.core.journal.store import MIGRATIONS


def _config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    return cfg


def _run(url: str, fn: str, rev: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        cfg = _config(url)
        cfg.attributes["connection"] = conn
        getattr(command, fn)(cfg, rev)
    engine.dispose()


def test_upgrade_expires_duplicates_and_enforces_one_pending(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    _run(url, "upgrade", "0002")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO games (id, game, rules_version, settings, version, created_at) "
                "VALUES ('g', 'secrets', 1, '{}', 1, CURRENT_TIMESTAMP)"
            )
        )
        for _ in range(3):
            conn.execute(
                sa.text(
                    "INSERT INTO undo_requests (game_id, at_version, requested_by, status, "
                    "created_at) VALUES ('g', 1, 'allies', 'pending', CURRENT_TIMESTAMP)"
                )
            )
    engine.dispose()
    _run(url, "upgrade", "0005")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        rows = conn.execute(sa.text("SELECT id, status, kind FROM undo_requests ORDER BY id")).all()
    assert [(r.status, r.kind) for r in rows] == [
        ("expired", "undo"),
        ("expired", "undo"),
        ("pending", "undo"),
    ]
    with pytest.raises(sa.exc.IntegrityError), engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO undo_requests (game_id, at_version, requested_by, status, "
                "created_at, kind, text) VALUES ('g', 1, 'axis', 'pending', CURRENT_TIMESTAMP, "
                "'undo', '')"
            )
        )
    engine.dispose()
    _run(url, "downgrade", "0002")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        columns = {c["name"] for c in sa.inspect(conn).get_columns("undo_requests")}
    assert "kind" not in columns and "status" in columns
    engine.dispose()
