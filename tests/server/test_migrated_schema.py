"""The journal's Alembic revisions build the same schema, revision by revision, on
SQLite and on PostgreSQL: every table's columns (in order, with types, nullability
and server defaults), primary key, foreign keys, unique constraints and indexes
after each upgrade and after each downgrade, compared with a dump saved in
``tests/data/migrated_schema.json``.

The dump was made from the revisions as first written; a shared helper used by the
revisions must leave it unchanged. To make a new dump after adding a revision on
purpose: ``ORDNANCE_WRITE_SCHEMA_DUMP=1 pytest tests/server/test_migrated_schema.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

from ordnance.core.journal.store import MIGRATIONS
from tests.server.conftest import fresh_pg_db

DUMP = Path(__file__).parents[1] / "data" / "migrated_schema.json"


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def _revisions() -> list[str]:
    """Every revision id, oldest first."""
    script = ScriptDirectory.from_config(_config())
    return [rev.revision for rev in reversed(list(script.walk_revisions()))]


def _run(engine: sa.Engine, fn: str, rev: str) -> None:
    with engine.begin() as conn:
        cfg = _config()
        cfg.attributes["connection"] = conn
        getattr(command, fn)(cfg, rev)


def _plain(value: Any) -> Any:
    """A JSON-able form of what the inspector says (types and clauses as text)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items())}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _sorted(items: Any) -> list[Any]:
    """Constraints in an order that does not depend on how the database lists them."""
    return sorted((_plain(i) for i in items), key=lambda i: json.dumps(i, sort_keys=True))


def _schema(engine: sa.Engine) -> dict[str, Any]:
    """Table by table, what ``sqlalchemy.inspect`` reads back."""
    with engine.connect() as conn:
        insp = sa.inspect(conn)
        tables: dict[str, Any] = {}
        for name in sorted(insp.get_table_names()):
            tables[name] = _plain(
                {
                    "columns": insp.get_columns(name),
                    "primary_key": insp.get_pk_constraint(name),
                    "foreign_keys": _sorted(insp.get_foreign_keys(name)),
                    "unique": _sorted(insp.get_unique_constraints(name)),
                    "indexes": _sorted(insp.get_indexes(name)),
                }
            )
        return tables


def _walk(url: str) -> dict[str, Any]:
    """The schema after each upgrade from empty, then after each downgrade to empty."""
    engine = sa.create_engine(url)
    revisions = _revisions()
    steps: dict[str, Any] = {}
    try:
        for rev in revisions:
            _run(engine, "upgrade", rev)
            steps[f"up {rev}"] = _schema(engine)
        for rev in reversed(revisions[:-1]):
            _run(engine, "downgrade", rev)
            steps[f"down {rev}"] = _schema(engine)
        _run(engine, "downgrade", "base")
        steps["down base"] = _schema(engine)
    finally:
        engine.dispose()
    return steps


def _digest(table: Any) -> str:
    return hashlib.sha256(json.dumps(table, sort_keys=True).encode()).hexdigest()[:16]


def _check(dialect: str, steps: dict[str, Any]) -> None:
    """Compare with the dump: each step names its tables' dumps, each dump stored once."""
    saved: dict[str, Any] = json.loads(DUMP.read_text()) if DUMP.exists() else {}
    if os.environ.get("ORDNANCE_WRITE_SCHEMA_DUMP"):
        saved[dialect] = {
            "steps": {
                step: {name: _digest(t) for name, t in tables.items()}
                for step, tables in steps.items()
            },
            "tables": {_digest(t): t for tables in steps.values() for t in tables.values()},
        }
        DUMP.write_text(json.dumps(saved, indent=1) + "\n")
    want = saved[dialect]
    assert list(steps) == list(want["steps"]), "the revisions or their order changed"
    for step, tables in steps.items():
        assert list(tables) == list(want["steps"][step]), f"{dialect}: tables after {step}"
        for name, table in tables.items():
            expected = want["tables"][want["steps"][step][name]]
            assert table == expected, f"{dialect}: table {name} after {step} changed"


def test_sqlite_schema_revision_by_revision(tmp_path: Path) -> None:
    steps = _walk(f"sqlite:///{tmp_path / 'fresh.db'}")
    assert "journal" in steps[f"up {_revisions()[-1]}"]
    assert steps["down base"].keys() <= {"alembic_version"}
    _check("sqlite", steps)


@pytest.mark.postgres
def test_postgresql_schema_revision_by_revision(pg_url: str) -> None:
    steps = _walk(fresh_pg_db(pg_url))
    assert "journal" in steps[f"up {_revisions()[-1]}"]
    assert steps["down base"].keys() <= {"alembic_version"}
    _check("postgresql", steps)
