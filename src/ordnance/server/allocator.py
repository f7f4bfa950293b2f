"""Few malloc arenas for a server process (glibc only; elsewhere nothing happens).

glibc gives each thread that allocates concurrently an arena of its own, up to
eight per core; the server runs each request in one of FastAPI's pool
threads (up to 40), so a long-running process holds many arenas, each
fragmented by its own mix of short-lived answers, and its RSS keeps creeping
up long after every cache is full (docs/server.md, "Soak"). Two arenas level
it off (``make soak``: the last third's slope 0.35 against 1.0 MB a minute);
requests still run in parallel, the allocator's locks are not the cost of a
request. ``$ORDNANCE_MALLOC_ARENAS`` sets the number (0: leave glibc's default).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

#: glibc's ``mallopt`` parameter for the most arenas (``M_ARENA_MAX``).
M_ARENA_MAX = -8
DEFAULT_ARENAS = 2


def limit_arenas() -> int | None:
    """Cap this process's malloc arenas; the cap set, or None (not glibc, or 0 asked)."""
    wanted = int(os.environ.get("ORDNANCE_MALLOC_ARENAS", str(DEFAULT_ARENAS)))
    if wanted <= 0:
        return None
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to set
        return None
    return wanted if mallopt(M_ARENA_MAX, wanted) == 1 else None
