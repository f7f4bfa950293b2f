"""A seat's dice chain as a test drives it (fixed roots: no unseeded randomness)."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ordnance.server.dice_scheme import chain_from, next_reveal
from tests.server.conftest import Table, free_port
from tests.server.live import wait_started

#: Short chains keep the tests fast; the page and the CLI use CHAIN_LENGTH.
LENGTH = 64


def root_of(name: str) -> str:
    return hashlib.sha256(f"test root of {name}".encode()).hexdigest()


class Chain:
    """One seat's secret chain at one table."""

    def __init__(self, table: Table, seat: str, root: str | None = None):
        self.table = table
        self.seat = seat
        self.chain = chain_from(root or root_of(seat), LENGTH)
        self.anchor = self.chain[-1]

    def publish(self) -> Any:
        return self.table.post(self.seat, "/dice/anchor", {"anchor": self.anchor})

    def next_element(self) -> str:
        view = self.table.get(self.seat, "/view").json()
        state = view["dice"]["chain"]
        if state["revealed"]:
            return str(state["revealed"])
        element = next_reveal(self.chain, state["last"])
        assert element is not None
        return element

    def reveal(self, element: str | None = None) -> Any:
        """Reveal the next element for the action waiting for its dice (as the page does)."""
        view = self.table.get(self.seat, "/view").json()
        pending = view["dice"]["pending"]
        body = {
            "version": view["version"],
            "commitment": view["commitment"]["hash"],
            "element": element or self.next_element(),
            "pending": pending["digest"] if pending else None,
        }
        return self.table.post(self.seat, "/dice/reveal", body)


class Clock:
    """The service's clock, moved by hand (the dice deadline is checked lazily)."""

    def __init__(self, start: float = 1_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def install(self, client: Any) -> Clock:
        return self.install_app(client.app)

    def install_app(self, app: Any) -> Clock:
        app.state.service.clock = self
        return self


@contextmanager
def live_server(db: Path) -> Iterator[tuple[str, Any]]:
    """A real server on loopback, and its app (tests play the operator on its database)."""
    import uvicorn

    from ordnance.server.app import create_app

    app = create_app(db, heartbeat=1.0)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    wait_started(srv, thread)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
