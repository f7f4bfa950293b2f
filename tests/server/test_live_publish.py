"""A change is delivered to the streams subscribed to its table, and a change of a
table nobody here follows does not wake the event loop (``live.Broadcaster``)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from ordnance.server import live


def test_publish_reaches_the_tables_subscribers_and_wakes_nothing_for_others() -> None:
    async def scenario() -> tuple[list[Any], int, bool]:
        broadcaster = live.Broadcaster()
        queue = broadcaster.subscribe("followed")
        loop = asyncio.get_running_loop()
        deliveries: list[Any] = []  # the tables the loop was woken for
        original = loop.call_soon_threadsafe

        def counting(callback: Any, *args: Any, **kwargs: Any) -> Any:
            if callback == broadcaster._deliver:
                deliveries.append(args[0])
            return original(callback, *args, **kwargs)

        loop.call_soon_threadsafe = counting  # type: ignore[method-assign]
        try:
            worker = threading.Thread(
                target=lambda: (
                    broadcaster.publish("unfollowed", 5),
                    broadcaster.publish("followed", 7),
                )
            )
            worker.start()
            await asyncio.to_thread(worker.join)
            got = await asyncio.wait_for(queue.get(), timeout=10)
        finally:
            del loop.call_soon_threadsafe
        broadcaster.unsubscribe("followed", queue)
        return deliveries, got, queue.empty()

    deliveries, got, empty = asyncio.run(scenario())
    assert got == 7 and empty  # the followed table's change arrived, nothing else
    assert deliveries == ["followed"]  # the loop was not woken for the other table
