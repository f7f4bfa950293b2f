"""The worker threads the table's hot routes run their blocking work in.

``in_thread(fn, *args)`` runs ``fn`` in a thread of :data:`POOL` (a plain
:class:`~concurrent.futures.ThreadPoolExecutor`, as many threads as AnyIO's
default limiter allows, 40) with a copy of the caller's context, as
``run_in_threadpool`` does. AnyIO's hop pays on the event loop for a capacity
limiter, a cancel scope, its backend and token lookups and a ``Queue`` with a
Python condition, per call; this one for a C queue and the future's callback.
A caller cancelled while its function runs waits for it to end, then is
cancelled (as AnyIO's hop, which does not abandon the thread): a request's read
session is closed by the function's own thread, never under it.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

_T = TypeVar("_T")

#: The threads of :func:`in_thread` (AnyIO's default limit: 40 at once).
POOL = ThreadPoolExecutor(max_workers=40, thread_name_prefix="ordnance-route")


async def in_thread(fn: Callable[..., _T], *args: Any) -> _T:
    """``fn(*args)`` in a thread of :data:`POOL`, in a copy of this context."""
    context = contextvars.copy_context()
    work = POOL.submit(context.run, fn, *args)
    try:
        return await asyncio.wrap_future(work)
    except asyncio.CancelledError:
        if not work.done():  # the thread ends first (no abandoned read session)
            await asyncio.wait((asyncio.wrap_future(work),))
        raise
