"""Waiting for a test's uvicorn server thread to start listening.

A loaded CI machine may take many seconds to start a server; the wait is a
start-up poll bounded only by a generous limit, never an assertion on speed.
"""

from __future__ import annotations

import threading
import time
from typing import Any

#: a server that has not started in this long is broken, not slow
START_LIMIT_S = 300.0


def wait_started(server: Any, thread: threading.Thread) -> None:
    """Return once ``server.started``; fail clearly if its thread died or never starts."""
    deadline = time.monotonic() + START_LIMIT_S
    while not server.started:
        if not thread.is_alive():
            raise RuntimeError("the test server's thread ended before it started listening")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the test server did not start within {START_LIMIT_S:.0f} s")
        time.sleep(0.05)  # start-up poll, not an assertion
