"""A server process caps its malloc arenas (glibc), so its RSS levels off (docs/server.md, "Soak")."""

from __future__ import annotations

import ctypes.util
import platform

import pytest

from ordnance.server import allocator


def test_zero_leaves_the_allocator_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORDNANCE_MALLOC_ARENAS", "0")
    assert allocator.limit_arenas() is None


@pytest.mark.skipif(
    platform.system() != "Linux"
    or platform.libc_ver()[0] != "glibc"
    or ctypes.util.find_library("c") is None,
    reason="mallopt(M_ARENA_MAX) is glibc's",
)
def test_glibc_takes_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ORDNANCE_MALLOC_ARENAS", raising=False)
    assert allocator.limit_arenas() == allocator.DEFAULT_ARENAS == 2
    monkeypatch.setenv("ORDNANCE_MALLOC_ARENAS", "4")
    assert allocator.limit_arenas() == 4
    monkeypatch.setenv("ORDNANCE_MALLOC_ARENAS", "2")  # as the server sets it
    assert allocator.limit_arenas() == 2
