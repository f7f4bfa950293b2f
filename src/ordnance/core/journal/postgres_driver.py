"""The journal's hot statements on PostgreSQL, sent on psycopg connections of its own.

Two statements make most of a table's traffic: the table status read at the
start of every request (:meth:`Journal.first_row`) and an accepted action's
append (:meth:`Journal.write_rows`: the version bump and the journal row).
Through SQLAlchemy each paid for a pool checkout and return, a ``Connection``
and its execution context, and the request scope's connection set-up: about
0.44 ms of CPU for the status read against 0.09 ms for psycopg running the same
SQL on a connection it already holds (measured side by side on a loopback
cluster). On SQLite the journal keeps driver connections of its own for the
same reason (:class:`~ordnance.core.journal.store.Journal`).

Here the connections come from :class:`psycopg_pool.ConnectionPool`, psycopg's
own pool, opened with the very arguments SQLAlchemy's dialect gives psycopg
(``create_connect_args``, the dialect's adapters included, so a JSON value
is adapted as SQLAlchemy would), in autocommit: a read is one statement, as
on the readers' engine; an append runs in ``conn.transaction()``, committed
whole or rolled back whole. The pool holds at most :data:`MAX_CONNECTIONS`;
a request that waits longer than :data:`WAIT_SECONDS` for one, or any driver
error, goes the usual SQLAlchemy way instead, so every failure is reported as
it always was. The engine's ``before_cursor_execute`` listeners still hear every
statement (they count what is sent).
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

#: The most connections the journal's own pool opens (beside SQLAlchemy's pool).
MAX_CONNECTIONS = 8
#: How the pool's sessions name themselves to the server (``pg_stat_activity``),
#: unless the journal's URL names one.
APPLICATION_NAME = "ordnance journal"
#: How long a statement waits for one of them before taking SQLAlchemy's way.
WAIT_SECONDS = 2.0


class DriverStatement(NamedTuple):
    """A Core statement compiled once for the driver: its SQL, its parameters' names
    in order, each one's bind processor (a JSON column's encoder, a date's formatter;
    None where the driver takes the value as is) and whether the driver takes them by
    name (psycopg's ``%(name)s``) or by position (SQLite's ``?``)."""

    sql: str
    names: tuple[str, ...]
    processors: tuple[Callable[[Any], Any] | None, ...]
    named: bool

    @classmethod
    def of(cls, statement: Any, dialect: Any, keys: Sequence[str] | None = None) -> DriverStatement:
        """``statement`` compiled for ``dialect``; ``keys``, an INSERT's columns (the
        others, the autoincremented id among them, are left out of its SQL)."""
        compiled = statement.compile(
            dialect=dialect, column_keys=list(keys) if keys is not None else None
        )
        if compiled.positional:
            names = tuple(compiled.positiontup or ())
        else:
            names = tuple(dict.fromkeys(compiled.bind_names.values()))
        processors = tuple(
            compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in names
        )
        return cls(compiled.string, names, processors, not compiled.positional)

    def arguments(self, params: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        """The driver's arguments of ``params`` (every name must be given)."""
        values = [
            params[name] if process is None else process(params[name])
            for name, process in zip(self.names, self.processors, strict=True)
        ]
        if self.named:
            return dict(zip(self.names, values, strict=True))
        return tuple(values)


class PostgresDriver:
    """The journal's own psycopg pool (opened on first use, closed with the journal)."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self._pool: Any = None
        self._lock = threading.Lock()

    @staticmethod
    def available() -> bool:
        """Whether psycopg's pool is installed (``psycopg[pool]``, the ``postgres`` extra)."""
        return importlib.util.find_spec("psycopg_pool") is not None

    def _opened(self) -> Any:
        pool = self._pool
        if pool is not None:
            return pool
        with self._lock:
            if self._pool is None:
                from psycopg_pool import ConnectionPool

                args, kwargs = self._engine.dialect.create_connect_args(self._engine.url)
                kwargs.setdefault("application_name", APPLICATION_NAME)
                self._pool = ConnectionPool(
                    " ".join(args),
                    kwargs={**kwargs, "autocommit": True},
                    min_size=1,
                    max_size=MAX_CONNECTIONS,
                    timeout=WAIT_SECONDS,
                    name="ordnance-journal",
                    open=True,
                )
            return self._pool

    def first_row(self, sql: DriverStatement, params: Mapping[str, Any]) -> Any:
        """The first row of ``sql`` (one autocommit statement), or None."""
        pool = self._opened()
        conn = pool.getconn()
        try:
            cursor = conn.cursor()
            try:
                self._execute(cursor, sql, params)
                return cursor.fetchone()
            finally:
                cursor.close()
        finally:
            pool.putconn(conn)

    def write_rows(self, steps: Sequence[tuple[DriverStatement, Mapping[str, Any], bool]]) -> bool:
        """Each ``(statement, params, is_insert)`` in one transaction: True when every
        UPDATE changed exactly one row and it committed; False, rolled back, at the
        first that changed none."""
        import psycopg

        pool = self._opened()
        conn = pool.getconn()
        done = True
        try:
            with conn.transaction():
                cursor = conn.cursor()
                try:
                    for sql, params, insert in steps:
                        self._execute(cursor, sql, params)
                        if cursor.rowcount != 1 and not insert:
                            done = False
                            raise psycopg.Rollback()  # rolls back, and is swallowed
                finally:
                    cursor.close()
        finally:
            pool.putconn(conn)
        return done

    def _execute(self, cursor: Any, sql: DriverStatement, params: Mapping[str, Any]) -> None:
        args = sql.arguments(params)
        listeners = self._engine.dispatch.before_cursor_execute
        if listeners:
            listeners(None, cursor, sql.sql, args, None, False)
        cursor.execute(sql.sql, args)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()
