"""The registry is whole before anyone reads it (issue 10, "No races").

Before the fix the first caller marked the registry loaded and then loaded
the entry points, so a second thread arriving meanwhile found no game
("no game called 'toi' (known: none)"). Every thread here must find every
game, whatever the interleaving.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from ordnance.core import registry


@pytest.fixture
def unloaded() -> Iterator[None]:
    saved = dict(registry._REGISTRY)
    registry._REGISTRY.clear()
    registry._LOADED = False
    yield
    registry._REGISTRY.update(saved)
    registry._LOADED = True


def test_threads_never_see_a_half_loaded_registry(unloaded: None) -> None:
    threads = 8
    barrier = threading.Barrier(threads)
    found: list[object] = []

    def look() -> None:
        barrier.wait()
        try:
            found.append(sorted(registry.plugins()))
        except Exception as exc:
            found.append(exc)

    workers = [threading.Thread(target=look) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert all(isinstance(f, list) and {"asl", "toi", "waw"} <= set(f) for f in found), found
    assert registry.get("toi").name == "toi"
