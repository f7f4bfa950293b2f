"""Migration 0007_dice_pending on a database made by 0006: a table made before it keeps
its dice setting and gets ``go_ahead`` after 60 s, its reveals keep their rows (no
pending action, no order number: v1), and a downgrade goes back cleanly."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from tests.server.test_migration_0005 import _run


def test_upgrade_keeps_old_rows_and_downgrades(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    _run(url, "upgrade", "0006")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO games (id, game, rules_version, settings, version, created_at) "
                "VALUES ('g', 'secrets', '1', '{}', 1, '2026-01-01')"
            )
        )
        conn.execute(sa.text("INSERT INTO dice_tables (game_id, mode) VALUES ('g', 'server')"))
        conn.execute(
            sa.text(
                "INSERT INTO dice_anchors (game_id, seat, anchor, from_version, created_at) "
                "VALUES ('g', 'axis', :a, 1, '2026-01-01')"
            ),
            {"a": "ab" * 32},
        )
        conn.execute(
            sa.text(
                "INSERT INTO dice_reveals (game_id, seat, for_version, element, anchor_id, "
                "created_at) VALUES ('g', 'axis', 1, :e, 1, '2026-01-01')"
            ),
            {"e": "cd" * 32},
        )
    engine.dispose()
    _run(url, "upgrade", "head")
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        setting = conn.execute(sa.text("SELECT mode, wait, wait_seconds FROM dice_tables")).one()
        assert tuple(setting) == ("server", "go_ahead", 60)
        reveal = conn.execute(sa.text("SELECT element, pending_id, seq FROM dice_reveals")).one()
        assert tuple(reveal) == ("cd" * 32, None, None)
        assert conn.execute(sa.text("SELECT count(*) FROM dice_pending")).scalar() == 0
        names = {i["name"] for i in sa.inspect(conn).get_indexes("journal")}
        assert "ix_journal_game_kind_seq" in names
    engine.dispose()
    _run(url, "downgrade", "0006")
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        tables = set(sa.inspect(conn).get_table_names())
        assert "dice_pending" not in tables
        columns = {c["name"] for c in sa.inspect(conn).get_columns("dice_reveals")}
        assert "pending_id" not in columns and "seq" not in columns
        assert conn.execute(sa.text("SELECT count(*) FROM dice_reveals")).scalar() == 1
    engine.dispose()
