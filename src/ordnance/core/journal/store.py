"""Opening a journal database and writing to it safely.

SQLite is the default (a file, WAL mode, foreign keys on for every
connection). A read-then-write transaction on SQLite must start with
``BEGIN IMMEDIATE`` or two writers can both read version N and one of them
fails late; SQLAlchemy documents the pysqlite event hooks used below.
Any other SQLAlchemy URL (PostgreSQL with psycopg) works unchanged: the
version check is an ``UPDATE ... WHERE version = :expected`` that only one
concurrent writer can win.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).with_name("migrations")

#: Environment variable naming the journal database (a URL or a file path).
DB_ENV = "ORDNANCE_DB"
DEFAULT_DB = "ordnance.db"


def database_url(db: str | os.PathLike[str] | None = None) -> str:
    """A SQLAlchemy URL from a URL, a file path, ``$ORDNANCE_DB`` or the default."""
    raw = str(db) if db is not None else os.environ.get(DB_ENV, DEFAULT_DB)
    if "://" in raw:
        return raw
    if raw == ":memory:":
        return "sqlite://"
    return f"sqlite:///{Path(raw).expanduser()}"


def _sqlite_hooks(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not pysqlite, decide when transactions begin.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
        with contextlib.suppress(Exception):  # in-memory databases refuse WAL
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        # Writers take the write lock up front; readers (Journal.reading) need
        # no lock in WAL mode and must not queue behind writers.
        read_only = conn.get_execution_options().get(_READ_ONLY, False)
        conn.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


_HEAD: str | None = None

#: Execution option marking the connections of :meth:`Journal.reading`.
_READ_ONLY = "ordnance_read_only"


class Journal:
    """A journal database: an engine plus a session factory."""

    def __init__(self, url: str, *, migrate: bool = True):
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            if url in ("sqlite://", "sqlite:///:memory:"):
                from sqlalchemy.pool import StaticPool

                kwargs.update(poolclass=StaticPool, connect_args={"check_same_thread": False})
            else:
                kwargs.update(connect_args={"check_same_thread": False, "timeout": 30})
        self.engine = create_engine(url, **kwargs)
        if self.is_sqlite:
            _sqlite_hooks(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._readers = sessionmaker(
            self.engine.execution_options(**{_READ_ONLY: True}), expire_on_commit=False
        )
        if migrate:
            self.migrate()

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (once per process and URL)."""
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        if self._at_head(cfg):
            return
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def _at_head(self, cfg: Config) -> bool:
        """True when the database already carries the newest revision."""
        global _HEAD
        if _HEAD is None:
            _HEAD = ScriptDirectory.from_config(cfg).get_current_head()
        try:
            with self.engine.connect() as conn:
                current = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        except DBAPIError:
            return False
        return current is not None and current == _HEAD

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One write transaction: committed whole or rolled back whole."""
        with self._sessions.begin() as session:
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reads only (on SQLite a deferred ``BEGIN``, no write lock)."""
        with self._readers() as session:
            yield session

    def close(self) -> None:
        self.engine.dispose()


def open_journal(db: str | os.PathLike[str] | None = None, *, migrate: bool = True) -> Journal:
    return Journal(database_url(db), migrate=migrate)
