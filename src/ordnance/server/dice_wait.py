"""An acting page's request that waits for its own roll to be drawn (``?wait_dice=1``).

An action whose server dice wait for the other seats' elements is committed
first (``dice_pending``, :func:`ordnance.server.dice_table.open_pending`); the
other seats' pages, told by the live stream, send their reveals, and the last
one draws the dice. Without waiting, the acting page then needs one more read
once the stream tells it the roll is drawn. With ``wait_dice`` the action's
request, already committed, waits on the event loop (no thread is held, no
database connection either) for the notice of that draw, as the live stream
hears it (:class:`ordnance.server.live.Broadcaster`: in this process, or from
another process over PostgreSQL's ``NOTIFY``), then answers with the drawn
roll in its ``next``. The wait is bounded (:data:`DEFAULT_SECONDS`, the app's
``dice_wait_answer`` setting); past it, the answer is the pending one, as
without the flag, and the page reads after the notice as before.

Nothing here draws, reveals or writes: a client that leaves while its request
waits leaves a committed pending action, exactly as one that did not wait.
A missed notice only delays the answer: the table's status is read again after
``recheck`` seconds (the live stream's heartbeat) without one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from fastapi.concurrency import run_in_threadpool

from ordnance.server.live import Broadcaster

#: How long an action's request waits for its roll to be drawn, by default (seconds).
DEFAULT_SECONDS = 20.0


@contextmanager
def listening(
    broadcaster: Broadcaster, game_id: str, wanted: bool = True
) -> Iterator[asyncio.Queue[int] | None]:
    """The change notices of ``game_id`` from now on (subscribed before the action is
    sent, so that no notice of its draw can come before the wait listens); None when
    not ``wanted``."""
    if not wanted:
        yield None
        return
    queue = broadcaster.subscribe(game_id)
    try:
        yield queue
    finally:
        broadcaster.unsubscribe(game_id, queue)


async def drawn(
    notices: asyncio.Queue[int],
    version: int,
    still_rolling: Callable[[], bool],
    *,
    timeout: float,
    recheck: float,
) -> bool:
    """Wait until a notice names a version after ``version`` (the draw appends the
    action's entry), at most ``timeout`` seconds. A notice at ``version`` itself (the
    commit's own, a seat event) reads nothing; after ``recheck`` seconds without a
    notice, ``still_rolling()`` (a blocking read, run in the thread pool) is asked, so
    that a missed notice, or an action its rules refused when drawn, ends the wait.
    True when the action no longer waits for its dice."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max(0.0, timeout)
    while True:
        left = deadline - loop.time()
        if left <= 0:
            return False
        try:
            notice = await asyncio.wait_for(notices.get(), timeout=min(left, recheck))
        except TimeoutError:
            if not await run_in_threadpool(still_rolling):
                return True
            continue
        if notice > version:
            return True
