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
A missed notice only delays the answer: the table's status is read again at
least every ``recheck`` seconds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from fastapi.concurrency import run_in_threadpool

from ordnance.server.live import Broadcaster

#: How long an action's request waits for its roll to be drawn, by default (seconds).
DEFAULT_SECONDS = 20.0


async def drawn(
    broadcaster: Broadcaster,
    game_id: str,
    still_rolling: Callable[[], bool],
    *,
    timeout: float,
    recheck: float,
) -> bool:
    """Wait until ``still_rolling()`` (a blocking read, run in the thread pool) is
    False, woken by each change notice of ``game_id`` and at least every ``recheck``
    seconds; at most ``timeout`` seconds. True when it stopped rolling in time."""
    queue = broadcaster.subscribe(game_id)  # before the first read: no notice is missed
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(0.0, timeout)
        while True:
            if not await run_in_threadpool(still_rolling):
                return True
            left = deadline - loop.time()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(queue.get(), timeout=min(left, recheck))
            except TimeoutError:
                pass
            while not queue.empty():  # a burst of notices: one read
                queue.get_nowait()
    finally:
        broadcaster.unsubscribe(game_id, queue)
