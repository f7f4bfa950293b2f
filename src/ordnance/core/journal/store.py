"""Opening a journal database and writing to it safely.

SQLite is the default (a file, WAL mode, foreign keys on for every
connection). A read-then-write transaction on SQLite must start with
``BEGIN IMMEDIATE`` or two writers can both read version N and one of them
fails late; SQLAlchemy documents the pysqlite event hooks used below.
Any other SQLAlchemy URL (PostgreSQL with psycopg) works unchanged: the
version check is an ``UPDATE ... WHERE version = :expected`` that only one
concurrent writer can win.

SQLAlchemy and Alembic are imported when a journal is opened, not when this
module is: the command line imports the journal for every game command, and
a stand-alone command (``ordnance asl supply``) must not pay for them.

A database that cannot be opened (a missing directory, a file that is not a
database, an unreachable server, an unsupported URL) raises
:class:`JournalUnavailable`, one sentence naming the database and what to do;
:func:`describe_database_error` words a database error met later (a read-only
file on the first write) the same way.
"""

from __future__ import annotations

import contextlib
import os
import threading
import uuid
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ordnance.core.errors import OrdnanceError
from ordnance.core.journal.postgres_driver import DriverStatement, PostgresDriver

if TYPE_CHECKING:  # pragma: no cover
    from alembic.config import Config
    from sqlalchemy import Connection, Engine
    from sqlalchemy.orm import Session, sessionmaker

_T = TypeVar("_T")

MIGRATIONS = Path(__file__).with_name("migrations")

#: Environment variable naming the journal database (a URL or a file path).
DB_ENV = "ORDNANCE_DB"
DEFAULT_DB = "ordnance.db"


def database_url(db: str | os.PathLike[str] | None = None) -> str:
    """A SQLAlchemy URL from a URL, a file path, ``$ORDNANCE_DB`` or the default.

    Anything else is a caller's bug, refused rather than turned into a file
    named after its ``repr``.
    """
    if db is not None and not isinstance(db, str | os.PathLike):
        raise TypeError(f"a journal database is a URL or a path, not {type(db).__name__}")
    raw = os.fspath(db) if db is not None else os.environ.get(DB_ENV, DEFAULT_DB)
    if "://" in raw:
        return raw
    if raw == ":memory:":
        return "sqlite://"
    return f"sqlite:///{Path(raw).expanduser()}"


#: The database back-ends the journal is written and tested for (URL schemes).
SUPPORTED_DIALECTS = ("sqlite", "postgresql")


class JournalUnavailable(OrdnanceError):
    """The journal database cannot be opened or written.

    ``environment`` tells a problem outside the command line (a server that
    is down, a read-only file: exit status 1) from a wrong ``--db`` value (a
    missing directory, a file that is not a database: exit status 2).
    """

    def __init__(self, message: str, *, hint: str | None = None, environment: bool = False):
        self.environment = environment
        super().__init__(message, hint=hint)


def _shown(url: str) -> str:
    """The URL as it may be printed: the password hidden, a SQLite file as its path."""
    if url.startswith("sqlite:///"):
        return url.removeprefix("sqlite:///") or ":memory:"
    head, sep, tail = url.partition("@")
    if sep and ":" in head.partition("://")[2]:
        scheme, _, user = head.partition("://")
        return f"{scheme}://{user.partition(':')[0]}:***@{tail}"
    return url


def check_url(url: str) -> None:
    """Refuse before connecting what cannot be a journal (:class:`JournalUnavailable`)."""
    scheme = url.partition("://")[0]
    dialect = scheme.partition("+")[0].lower()
    if dialect not in SUPPORTED_DIALECTS:
        raise JournalUnavailable(
            f"the journal database {_shown(url)!r} uses {scheme!r}, which ordnance does not support",
            hint="give a SQLite file path or a postgresql+psycopg://user@host/db URL",
        )
    if dialect != "sqlite" or url in ("sqlite://", "sqlite:///:memory:"):
        return
    raw = url.partition("://")[2].removeprefix("/")
    if raw.startswith("file:") or "?" in raw:  # a SQLite URI (sqlite:///file:x?mode=ro&uri=true)
        return
    path = Path(raw)
    if path.is_dir():
        raise JournalUnavailable(
            f"the journal database {str(path)!r} is a directory",
            hint=f"give a file path, e.g. --db {path / 'ordnance.db'}",
        )
    if not path.parent.is_dir():
        raise JournalUnavailable(
            f"cannot create the journal database {str(path)!r}: "
            f"there is no directory {str(path.parent)!r}",
            hint="create the directory first or give another --db",
        )


#: What a database error means, by words of its first line, in the order tried: the
#: words, what it says of the database, the hint, and whether it is a problem of the
#: environment (exit status 1) rather than of the ``--db`` given.
_DATABASE_PROBLEMS: tuple[tuple[tuple[str, ...], str, str, bool], ...] = (
    (
        ("not a database", "malformed", "no such table"),
        "is not an ordnance journal",
        "give the path of a journal, or a new file name to start one",
        False,
    ),
    (
        ("readonly", "read-only", "permission denied"),
        "cannot be written",
        "make the file and its directory writable, or give another --db",
        True,
    ),
    (
        ("unable to open database file",),
        "cannot be opened",
        "check that the path exists and is readable",
        False,
    ),
    (
        ("locked", "busy"),
        "is locked by another writer",
        "try again when the other process has finished",
        True,
    ),
    (
        ("could not parse", "can't load plugin", "invalid"),
        "is not a valid database URL",
        "give a SQLite file path or a postgresql+psycopg://user@host/db URL",
        False,
    ),
)


def describe_database_error(exc: BaseException, url: str | None = None) -> JournalUnavailable:
    """A database error (SQLAlchemy's, the driver's or the OS's) as one clear refusal."""
    detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    first = detail[0] if detail else type(exc).__name__
    where = f"the journal database {_shown(url)!r}" if url else "the journal database"
    low = first.lower()
    if isinstance(exc, ImportError):
        return JournalUnavailable(
            f"{where} needs a database driver that is not installed ({first})",
            hint="pip install 'ordnance[postgres]' for PostgreSQL",
            environment=True,
        )
    for words, what, hint, environment in _DATABASE_PROBLEMS:
        if any(word in low for word in words):
            return JournalUnavailable(
                f"{where} {what} ({first})", hint=hint, environment=environment
            )
    return JournalUnavailable(
        f"cannot reach {where} ({first})",
        hint="check that the database server is running and the URL (--db or ORDNANCE_DB)",
        environment=True,
    )


def _sqlite_hooks(engine: Engine) -> None:
    from sqlalchemy import event

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
        # Writers take the write lock up front. Readers (Journal.reading) open
        # no transaction at all: each SELECT is its own snapshot, as every
        # statement is under PostgreSQL's READ COMMITTED, so the code sees the
        # same isolation on both databases and a read costs one statement.
        if not conn.get_execution_options().get(_READ_ONLY, False):
            conn.exec_driver_sql("BEGIN IMMEDIATE")


_HEAD: str | None = None


class RequestScope:
    """The read session of one request: every :meth:`Journal.reading` inside
    :func:`request_scope` uses the same session (one connection, one pool
    checkout) instead of opening one each. Each block still leaves the session
    as a fresh one would be: its objects detached, a failed read rolled back.

    The scope counts the reads in progress. :meth:`close` (the request ended,
    or was cancelled while a pool thread still reads) closes the sessions at
    once when no read is in progress, else the last read to end closes them:
    a session is never closed under a running read, and each is closed exactly
    once. A read that begins after :meth:`close` uses a session of its own.

    Under the session is the scope's one Core connection of the journal
    (:meth:`Journal.reading_rows`): reads that want rows, not ORM entities, run on
    it without an ORM session (the version, a page of entries; the table status too,
    but on a SQLite file that is read on the thread's own connection,
    :meth:`Journal.first_row`); a session, if a read of the request needs one, is
    bound to that connection.
    """

    def __init__(self) -> None:
        self.sessions: dict[int, Session] = {}
        self.connections: dict[int, Connection] = {}
        #: (journal, key) -> what was read (a game's version, a table's status), read
        #: once per request until a write transaction of the request ends
        self.memo: dict[tuple[int, Any], Any] = {}
        self.closed = False
        self._lock = threading.Lock()
        self._users = 0

    @property
    def opened(self) -> bool:
        """Whether a read of the scope opened anything (to be closed)."""
        return bool(self.sessions or self.connections)

    def enter(
        self,
        journal: int,
        connect: Callable[[], Connection],
        opener: Callable[[Connection], Session],
    ) -> Session | None:
        """The shared session of ``journal`` for one read (opened on first use, on the
        scope's connection), counted until :meth:`leave`; None once the scope is closed."""
        with self._lock:
            if self.closed:
                return None
            session = self.sessions.get(journal)
            if session is None:
                session = self.sessions[journal] = opener(self._connection(journal, connect))
            self._users += 1
            return session

    def enter_rows(self, journal: int, connect: Callable[[], Connection]) -> Connection | None:
        """The shared connection of ``journal`` for one read (as :meth:`enter`)."""
        with self._lock:
            if self.closed:
                return None
            connection = self._connection(journal, connect)
            self._users += 1
            return connection

    def _connection(self, journal: int, connect: Callable[[], Connection]) -> Connection:
        connection = self.connections.get(journal)
        if connection is None:
            connection = self.connections[journal] = connect()
        return connection

    @contextmanager
    def lent(
        self, shared: Session | Connection, tidy: Callable[[], object] | None = None
    ) -> Iterator[None]:
        """One read on ``shared`` (what :meth:`enter` or :meth:`enter_rows` gave): rolled
        back if the read fails, ``tidy`` run after it, then :meth:`leave` (which closes
        it if the request closed the scope meanwhile)."""
        try:
            yield
        except BaseException:
            shared.rollback()
            raise
        finally:
            try:
                if tidy is not None:
                    tidy()
            finally:
                self.leave()

    def leave(self) -> None:
        """One read of :meth:`enter` ended; the last one closes a closed scope."""
        with self._lock:
            self._users -= 1
            taken = self._take() if self.closed and self._users == 0 else ([], [])
        _close_all(*taken)

    def close(self) -> None:
        """Close the sessions now, or when the last read in progress ends."""
        with self._lock:
            self.closed = True
            taken = self._take() if self._users == 0 else ([], [])
        _close_all(*taken)

    def _take(self) -> tuple[list[Session], list[Connection]]:
        sessions, self.sessions = list(self.sessions.values()), {}
        connections, self.connections = list(self.connections.values()), {}
        return sessions, connections


def _close_all(sessions: list[Session], connections: list[Connection]) -> None:
    try:
        for session in sessions:
            session.close()
    finally:
        for connection in connections:
            connection.close()


_SCOPE: ContextVar[RequestScope | None] = ContextVar("ordnance_request_scope", default=None)


@contextmanager
def request_scope() -> Iterator[RequestScope]:
    """One read session per journal for what runs inside (a request; threads
    started with a copy of the context, as FastAPI's thread pool is, share it)."""
    scope = RequestScope()
    token = _SCOPE.set(scope)
    try:
        yield scope
    finally:
        _SCOPE.reset(token)
        scope.close()


def as_text(statement: Any, *given: str) -> Any:
    """A Core statement as a ``text()`` statement of the same SQL, compiled once.

    SQLAlchemy computes a statement's cache key on every execution by walking its
    whole expression tree: for the table status (seven subqueries) that costs about
    0.2 ms of CPU per request, against 0.05 ms for the same SQL as text. The SQL is the
    generic compiler's (named ``:params``, which SQLAlchemy turns into each driver's
    style); the constants of the statement (an ``IN`` list included) are bound here,
    the parameters named in ``given`` at each execution. Only for statements whose
    columns need no type processing (numbers, strings, booleans: a text statement's
    columns come back as the driver gives them, not as JSON or datetimes), named as the
    Core statement's result names them.

    The constants are written into the SQL as literals, not bound: SQLite re-prepares
    a statement on every execution when a bound value may decide whether a partial
    index applies (``undo_requests.status = ?`` against ``uq_undo_requests_one_pending``),
    and re-preparing the table status cost about 0.1 ms a request against 0.01 ms for
    running it prepared."""
    from sqlalchemy import BindParameter, column, text
    from sqlalchemy.sql import visitors

    def literal(element: Any, **_kw: Any) -> Any:
        if isinstance(element, BindParameter) and element.key not in given:
            inline = element._clone()
            inline.literal_execute = True  # rendered as its value when expanded below
            return inline
        return None

    compiled = visitors.replacement_traverse(statement, {}, literal).compile()
    state = compiled.construct_expanded_state({name: None for name in given})
    fixed = {k: v for k, v in state.parameters.items() if k not in given}
    # the result's columns named in order (untyped: no processing, as before), so that
    # SQLAlchemy matches them by position and keeps the result's metadata with the
    # compiled statement instead of building it from the cursor on every execution
    names = [c.keyname for c in compiled._result_columns]
    return text(state.statement).bindparams(**fixed).columns(*(column(n) for n in names))


def _forget_remembered() -> None:
    """A write transaction of the request under way ended: its remembered reads go."""
    scope = _SCOPE.get()
    if scope is not None:
        scope.memo.clear()


def close_request_scope() -> None:
    """Close the read sessions of the request under way now (:meth:`RequestScope.close`),
    from the thread that ran its work, so that the request's end has nothing left to
    close (and no thread pool hop to make for it); a read after this opens its own."""
    scope = _SCOPE.get()
    if scope is not None:
        scope.close()


#: Execution option marking the connections of :meth:`Journal.reading`.
_READ_ONLY = "ordnance_read_only"


class _ThreadReader:
    """One thread's own read-only driver connection to a SQLite file (:meth:`Journal.first_row`).

    Kept in a :class:`threading.local`, so it is dropped, and closed, when its thread
    ends; the journal also holds it weakly, to close it when the journal closes."""

    __slots__ = ("__weakref__", "connection")

    def __init__(self, path: str) -> None:
        import sqlite3

        self.connection = sqlite3.connect(
            path, isolation_level=None, check_same_thread=False, timeout=30
        )
        self.connection.execute("PRAGMA busy_timeout=10000")
        self.connection.execute("PRAGMA query_only=ON")  # it never writes

    def close(self) -> None:
        self.connection.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.connection.close()


class _DriverWriter:
    """A SQLite file's own driver connection for :meth:`Journal.write_rows`, taken once
    from the engine's pool (so with every setting its connections get: foreign keys,
    the busy timeout, WAL, a server's ``synchronous``) and detached from it, used under
    the journal's lock (one transaction at a time)."""

    def __init__(self, engine: Engine) -> None:
        fairy = engine.raw_connection()
        self.connection: Any = fairy.driver_connection
        fairy.detach()  # the journal's own from now on, closed with it

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.connection.close()


def _plain_sqlite_file(url: str) -> str | None:
    """The path of a SQLite URL naming a plain file (not in memory, not a URI), else None."""
    if not url.startswith("sqlite:///") or url == "sqlite:///:memory:":
        return None
    raw = url.removeprefix("sqlite:///")
    if not raw or raw.startswith("file:") or "?" in raw:
        return None
    return raw


class Journal:
    """A journal database: an engine plus a session factory."""

    engine: Engine
    _sessions: sessionmaker[Session]

    def __init__(self, url: str, *, migrate: bool = True):
        check_url(url)
        self.url = url
        #: What the process-wide caches (states, commitments, seats) key on: unique to
        #: this object, so two in-memory journals (both ``sqlite://``), or a file
        #: replaced under the same name, never share a cached state.
        self.cache_key = f"{url}#{uuid.uuid4().hex}"
        try:
            self._open(migrate)
        except OrdnanceError:
            raise
        except Exception as exc:  # SQLAlchemy, driver and OS errors alike
            if not is_database_problem(exc, opening=True):
                raise
            if hasattr(self, "engine"):
                self.engine.dispose()
            raise describe_database_error(exc, url) from None

    def _open(self, migrate: bool) -> None:
        from sqlalchemy import create_engine
        from sqlalchemy.orm import sessionmaker

        url = self.url
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
        readers = self.engine.execution_options(**{_READ_ONLY: True})
        if not self.is_sqlite:
            # PostgreSQL: a reader's statements run in autocommit, as on SQLite (see
            # _sqlite_hooks): under READ COMMITTED each statement took its own snapshot
            # anyway, and a request's read session no longer costs a BEGIN and, when
            # its connection goes back to the pool, a ROLLBACK (two round trips)
            readers = readers.execution_options(isolation_level="AUTOCOMMIT")
        #: the readers' engine: no write lock on SQLite, autocommit on PostgreSQL (a
        #: statement sent alone, e.g. a NOTIFY, costs one round trip)
        self.autocommit: Engine = readers
        self._readers = sessionmaker(readers, expire_on_commit=False)
        #: a SQLite file's path for :meth:`first_row`'s own connections (else None)
        self._reader_path = _plain_sqlite_file(url) if self.is_sqlite else None
        self._thread_readers = threading.local()
        self._all_readers: weakref.WeakSet[_ThreadReader] = weakref.WeakSet()
        self._driver_sql: dict[int, tuple[Any, DriverStatement]] = {}
        #: the driver connection of :meth:`write_rows` on a SQLite file (opened on first
        #: use) and the statements it runs, compiled once
        self._driver_writer: _DriverWriter | None = None
        self._driver_writer_lock = threading.Lock()
        self._driver_dml: dict[tuple[int, tuple[str, ...]], tuple[Any, DriverStatement]] = {}
        #: PostgreSQL through psycopg: the same two statements on connections of the
        #: journal's own psycopg pool (:mod:`ordnance.core.journal.postgres_driver`)
        self._postgres = (
            PostgresDriver(self.engine)
            if self.engine.dialect.driver == "psycopg" and PostgresDriver.available()
            else None
        )
        if migrate:
            self.migrate()

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (once per process and URL)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        if self._at_head(cfg):
            return
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def _at_head(self, cfg: Config) -> bool:
        """True when the database already carries the newest revision."""
        from alembic.script import ScriptDirectory
        from sqlalchemy import text
        from sqlalchemy.exc import DBAPIError

        global _HEAD
        if _HEAD is None:
            _HEAD = ScriptDirectory.from_config(cfg).get_current_head()
        try:
            with self.engine.connect() as conn:
                current = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        except DBAPIError as exc:
            if _is_missing_table(exc):
                return False
            raise
        return current is not None and current == _HEAD

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One write transaction: committed whole or rolled back whole.

        When it ends (either way) the request's remembered reads are
        forgotten (:meth:`remembered`): the next read sees the write.
        """
        try:
            with self._writer(), self._sessions.begin() as session:
                yield session
        finally:
            _forget_remembered()

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One write transaction on a Core connection, without an ORM session (the
        journal's append, the dice and commitment rows): as :meth:`transaction`,
        committed whole or rolled back whole, the request's remembered reads
        forgotten when it ends. An ORM session costs an action about as much CPU as
        the statements it sends; Core statements on the connection need none."""
        try:
            with self._writer(), self.engine.begin() as connection:
                yield connection
        finally:
            _forget_remembered()

    def write_rows(self, *steps: tuple[Any, Mapping[str, Any]]) -> bool:
        """Run each Core INSERT or UPDATE of ``steps`` with its parameters, in order, in
        one write transaction, each UPDATE required to change exactly one row: True when
        all did and the transaction committed; False, with nothing written (the
        transaction rolled back), at the first that changed none (its ``WHERE`` found
        no row). Every parameter of a statement must be given (column
        defaults are not applied: give ``created_at``).

        On a SQLite file the statements run on the journal's own driver connection
        (:class:`_DriverWriter`), compiled once (a prepared statement in the driver's
        cache), with ``BEGIN IMMEDIATE`` and ``COMMIT`` sent by hand: none of
        SQLAlchemy's pool, transaction and execution layers, which cost an accepted
        action several times SQLite's own work on its two statements (0.7 to 1 ms of
        CPU against about 0.1 ms in the bench). The engine's ``before_cursor_execute``
        listeners still hear every statement, as :meth:`first_row`'s do. A driver error
        rolls back and runs the steps the usual way (:meth:`writing`), so it is
        reported as any write's. On PostgreSQL through psycopg, on a connection of the
        journal's own pool (:class:`PostgresDriver`), the same way. Elsewhere, on
        :meth:`writing`'s connection."""
        if self._reader_path is not None:
            try:
                done = self._write_rows_own(steps)
            except Exception:  # the driver's: rolled back; the usual path reports it
                self._drop_driver_writer()
            else:
                _forget_remembered()
                return done
        elif self._postgres is not None:
            prepared = [
                (self._driver_statement(st, params), params, bool(st.is_insert))
                for st, params in steps
            ]
            try:
                with self._writer():
                    done = self._postgres.write_rows(prepared)
            except Exception:  # the driver's or the pool's: rolled back; reported below
                pass
            else:
                _forget_remembered()
                return done
        with self.writing() as c:
            for statement, params in steps:
                # an INSERT adds its row or raises (PostgreSQL's INSERT ... RETURNING
                # reports no row count)
                if c.execute(statement, params).rowcount != 1 and not statement.is_insert:
                    c.rollback()
                    return False
        return True

    def _write_rows_own(self, steps: Sequence[tuple[Any, Mapping[str, Any]]]) -> bool:
        prepared = [
            (self._driver_statement(st, params), params, bool(st.is_insert)) for st, params in steps
        ]
        with self._writer(), self._driver_writer_lock:
            writer = self._driver_writer
            if writer is None:
                writer = self._driver_writer = _DriverWriter(self.engine)
            cursor = writer.connection.cursor()
            listeners = self.engine.dispatch.before_cursor_execute
            try:
                self._driver_execute(cursor, listeners, "BEGIN IMMEDIATE", ())
                for compiled, params, insert in prepared:
                    self._driver_execute(
                        cursor, listeners, compiled.sql, compiled.arguments(params)
                    )
                    if cursor.rowcount != 1 and not insert:
                        writer.connection.rollback()
                        return False
                writer.connection.commit()
                return True
            except BaseException:
                with contextlib.suppress(Exception):
                    writer.connection.rollback()
                raise
            finally:
                cursor.close()

    def _driver_statement(self, statement: Any, params: Mapping[str, Any]) -> DriverStatement:
        key = (id(statement), tuple(params))
        found = self._driver_dml.get(key)
        if found is None or found[0] is not statement:
            compiled = DriverStatement.of(statement, self.engine.dialect, tuple(params))
            found = self._driver_dml[key] = (statement, compiled)
        return found[1]

    @staticmethod
    def _driver_execute(cursor: Any, listeners: Any, sql: str, args: Any) -> None:
        if listeners:
            listeners(None, cursor, sql, args, None, False)
        cursor.execute(sql, args)

    def _drop_driver_writer(self) -> None:
        with self._driver_writer_lock:
            writer, self._driver_writer = self._driver_writer, None
        if writer is not None:
            writer.close()

    def _writer(self) -> contextlib.AbstractContextManager[Any]:
        """What a write transaction holds while it runs (nothing here; a lock in a
        server process, :class:`ordnance.server.app.ServerJournal`)."""
        return contextlib.nullcontext()

    def remembered_version(self, game_id: str, read: Callable[[], int]) -> int:
        """A game's version, read once per request (:meth:`remembered`)."""
        return self.remembered(("version", game_id), read)

    def remembered(self, key: Any, read: Callable[[], _T]) -> _T:
        """What ``read`` answers for ``key`` (hashable), read once per request
        (:func:`request_scope`) until a write transaction of the request ends;
        outside a request, read each time.

        Another process's write during the request is seen by the next request,
        as if this one had run a moment earlier; every write still checks the
        version it bumps (``UPDATE ... WHERE version = :seen``). What is kept
        must be immutable (callers share it)."""
        scope = _SCOPE.get()
        if scope is None or scope.closed:
            return read()
        memo_key = (id(self), key)
        if memo_key in scope.memo:
            hit: _T = scope.memo[memo_key]
            return hit
        value = scope.memo[memo_key] = read()
        return value

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reads only (on SQLite no transaction and no lock: each
        statement reads the last commit). Inside :func:`request_scope`, the
        request's one read session."""
        scope = _SCOPE.get()
        if scope is None or scope.closed:
            with self._readers() as own:
                yield own
            return
        shared = scope.enter(id(self), self.autocommit.connect, self._bound)
        if shared is None:  # the request ended (or was cancelled) before this read
            with self._readers() as own:
                yield own
            return
        # rows detached after, as a closed session would have left them
        with scope.lent(shared, shared.expunge_all):
            yield shared

    def _bound(self, connection: Connection) -> Session:
        return self._readers(bind=connection)

    @contextmanager
    def reading_rows(self) -> Iterator[Connection]:
        """A Core connection for reads only (as :meth:`reading`, without an ORM
        session): inside :func:`request_scope`, the request's one connection, the
        one its read session uses too."""
        scope = _SCOPE.get()
        shared = (
            None
            if scope is None or scope.closed
            else scope.enter_rows(id(self), self.autocommit.connect)
        )
        if shared is None:
            with self.autocommit.connect() as own:
                yield own
            return
        assert scope is not None
        with scope.lent(shared):
            yield shared

    def first_row(self, statement: Any, params: dict[str, Any]) -> Any:
        """The first row of a read-only statement built once (:func:`as_text`), or None.
        (Also PostgreSQL's ``SELECT pg_notify(...)``: one autocommit statement that
        changes no row.)

        On a SQLite file, it runs on this thread's own driver connection, opened once
        per thread (read-only, autocommit: the last commit, as :meth:`reading` reads),
        with the driver's SQL compiled once: no pool checkout and none of SQLAlchemy's
        execution layers, which cost a request several times what SQLite's own work on
        the table status does (about 0.5 ms against 0.1 ms of CPU in the bench). The
        engine's ``before_cursor_execute`` listeners still hear the statement (they
        count what is sent). A driver error drops the connection and runs the read the
        usual way, so it is reported as any read's. On PostgreSQL through psycopg, on a
        connection of the journal's own pool (:class:`PostgresDriver`), the same way.
        Elsewhere, on the request's connection (:meth:`reading_rows`)."""
        if self._reader_path is not None:
            try:
                return self._first_row_own(statement, params)
            except Exception:  # the driver's: reported by the usual path below
                self._drop_thread_reader()
        elif self._postgres is not None:
            try:
                return self._postgres.first_row(self._read_statement(statement), params)
            except Exception:  # the driver's or the pool's: reported by the usual path
                pass
        with self.reading_rows() as c:
            return c.execute(statement, params).first()

    def _read_statement(self, statement: Any) -> DriverStatement:
        """``statement`` compiled once for the driver (:meth:`first_row`)."""
        found = self._driver_sql.get(id(statement))
        if found is None or found[0] is not statement:
            compiled = DriverStatement.of(statement, self.engine.dialect)
            found = self._driver_sql[id(statement)] = (statement, compiled)
        return found[1]

    def _first_row_own(self, statement: Any, params: dict[str, Any]) -> Any:
        compiled = self._read_statement(statement)
        args = compiled.arguments(params)
        reader: _ThreadReader | None = getattr(self._thread_readers, "reader", None)
        if reader is None:
            assert self._reader_path is not None
            reader = self._thread_readers.reader = _ThreadReader(self._reader_path)
            self._all_readers.add(reader)
        cursor = reader.connection.cursor()
        try:
            listeners = self.engine.dispatch.before_cursor_execute
            if listeners:
                listeners(None, cursor, compiled.sql, args, None, False)
            return cursor.execute(compiled.sql, args).fetchone()
        finally:
            cursor.close()

    def _drop_thread_reader(self) -> None:
        reader = getattr(self._thread_readers, "reader", None)
        self._thread_readers.reader = None
        if reader is not None:
            self._all_readers.discard(reader)
            with contextlib.suppress(Exception):
                reader.close()

    def reconnect(self) -> None:
        """Drop every pooled connection and the append's own (:meth:`write_rows`): the
        next ones are opened anew, with the engine's connect hooks as they are now."""
        self._drop_driver_writer()
        if self._postgres is not None:
            self._postgres.close()
        self.engine.dispose()

    def close(self) -> None:
        for reader in list(self._all_readers):
            with contextlib.suppress(Exception):
                reader.close()
        self._drop_driver_writer()
        if self._postgres is not None:
            self._postgres.close()
        self.engine.dispose()


def open_journal(db: str | os.PathLike[str] | None = None, *, migrate: bool = True) -> Journal:
    return Journal(database_url(db), migrate=migrate)


def is_database_problem(exc: BaseException, *, opening: bool = False) -> bool:
    """A database that cannot be reached, opened or written: not a bug in the code.

    SQLAlchemy's operational errors (connection refused, read-only or locked
    file, "file is not a database"), a missing driver, an OS error; while
    ``opening``, also a URL SQLAlchemy cannot parse. An integrity or
    programming error is a bug and is not one of these: it must show as one.
    """
    if isinstance(exc, OSError | ImportError):
        return True
    if not type(exc).__module__.startswith("sqlalchemy"):
        return False
    from sqlalchemy import exc as sa

    if isinstance(exc, sa.OperationalError | sa.InterfaceError):
        return True
    if opening and isinstance(exc, sa.ArgumentError | sa.NoSuchModuleError):
        return True
    return type(exc) is sa.DatabaseError  # e.g. "file is not a database"


def _is_missing_table(exc: BaseException) -> bool:
    text = str(getattr(exc, "orig", exc)).lower()
    return "no such table" in text or "does not exist" in text or "undefinedtable" in text
