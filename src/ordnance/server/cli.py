"""``ordnance serve``: run the table with Uvicorn.

Uvicorn, the journal and the server's limits are imported only when the server is
started, not when the command line lists its commands.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from ordnance.core.messages import msg

#: The table's own journal when neither --db nor $ORDNANCE_DB names one: not the
#: command line's ``ordnance.db``, so games played at the table and on the command
#: line do not mix in one file unless asked to.
TABLE_DB = "ordnance-table.db"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="ORDNANCE_DB",
            help=f"Journal database: SQLite file path (default {TABLE_DB}) or SQLAlchemy URL "
            "(postgresql+psycopg://user@host/db).",
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, max=64, help="Server processes (use PostgreSQL for more than 1).")
    ] = 1,
    sqlite_synchronous: Annotated[
        str,
        typer.Option(
            help="SQLite durability: normal (survives a crash of the server) or full "
            "(also survives a power cut; slower)."
        ),
    ] = "normal",
    log_level: Annotated[str, typer.Option(help="Uvicorn log level.")] = "info",
    create_rate: Annotated[
        str,
        typer.Option(
            envvar="ORDNANCE_CREATE_RATE",
            help="Tables one address may create: N/SECONDS (a burst of N, refilled over "
            "SECONDS; per worker), or off.",
        ),
    ] = "20/60",
) -> None:
    """Serve the multiplayer table (the page and the HTTP API) on HOST:PORT."""
    import uvicorn

    from ordnance.core.errors import OrdnanceError
    from ordnance.core.journal import open_journal

    if not 0 <= port <= 65535:
        raise OrdnanceError(
            msg("--port {port} is not a TCP port", port=port),
            hint=msg("give a port from 0 to 65535 (0: any free port), e.g. 8000"),
        )

    os.environ["ORDNANCE_DB"] = db if db is not None else TABLE_DB
    if sqlite_synchronous.lower() not in ("normal", "full", "extra"):
        raise typer.BadParameter("use normal, full or extra", param_hint="--sqlite-synchronous")
    os.environ["ORDNANCE_SQLITE_SYNCHRONOUS"] = sqlite_synchronous.lower()
    from ordnance.server.limits import Rate

    try:
        Rate.parse(create_rate)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--create-rate") from None
    os.environ["ORDNANCE_CREATE_RATE"] = create_rate
    # Migrate once here, not in every worker at the same time.
    journal = open_journal(os.environ.get("ORDNANCE_DB"))
    url = journal.engine.url.render_as_string(hide_password=True)
    journal.close()
    typer.echo(f"ordnance table on http://{host}:{port}  (journal: {url}, workers: {workers})")
    uvicorn.run(
        "ordnance.server.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        proxy_headers=False,
        # open live streams would otherwise hold Ctrl+C until every browser leaves
        timeout_graceful_shutdown=3,
    )
