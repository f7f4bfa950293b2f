"""What the command line says when something outside the rules goes wrong.

Every command runs through :func:`ordnance.cli.main.run_command`, which
prints any :class:`~ordnance.core.errors.OrdnanceError` as one line and exits
with :func:`exit_status`. An error from the database, the network or the file
system that no code below worded already is turned into one here by
:func:`as_refusal`, so that no command prints a traceback for a bad ``--db``,
a server that is down or a path that does not exist. Anything else is a bug
and is left to show as one.

Exit status: 2 for bad input (a wrong value on the command line: a missing
directory, a file that is not a journal, an unsupported URL, a game id of
another game type, a refused action); 1 for the environment (a database or
table server that cannot be reached, a read-only journal, a broken
installation).

The journal's store (and with it SQLAlchemy's error types) is imported only when a
failure is being described: every command imports this module, and a stand-alone command
must not load the store.
"""

from __future__ import annotations

from ordnance.core.errors import OrdnanceError


class Unavailable(OrdnanceError):
    """Something the command needs is not there or not reachable."""

    def __init__(self, message: str, *, hint: str | None = None, environment: bool = True):
        self.environment = environment
        super().__init__(message, hint=hint)


class CommandUnavailable(Unavailable):
    """A sub-command whose module cannot be imported: a broken installation (exit 1)."""


def exit_status(exc: OrdnanceError) -> int:
    """1 for a problem of the environment, 2 for bad input or a refused action."""
    return 1 if getattr(exc, "environment", False) else 2


def as_refusal(exc: BaseException) -> OrdnanceError | None:
    """``exc`` worded as a one-line refusal, or ``None`` when it is a bug."""
    module = type(exc).__module__
    if module.startswith("sqlalchemy"):
        from ordnance.core.journal.store import describe_database_error, is_database_problem

        return describe_database_error(exc) if is_database_problem(exc) else None
    if module.startswith(("httpx", "httpcore")):
        request = getattr(exc, "_request", None)
        where = f" {request.url}" if request is not None else ""
        return Unavailable(
            f"cannot reach the table server{where} ({exc})",
            hint="check --url and that the server is running",
        )
    if isinstance(exc, ImportError):
        return CommandUnavailable(
            f"a part of ordnance cannot be imported: {exc}",
            hint="the installation is broken: reinstall ordnance (pip install -e .)",
        )
    if isinstance(exc, FileNotFoundError | IsADirectoryError | NotADirectoryError):
        return Unavailable(
            f"cannot use {exc.filename!r}: {exc.strerror}",
            hint="check the path",
            environment=False,
        )
    if isinstance(exc, OSError):
        return Unavailable(
            f"cannot use {exc.filename!r}: {exc.strerror or exc}",
            hint="check the path and its permissions",
        )
    return None
