"""Memory that levels off: every cache of a server process holds at most its bound.

Opening and abandoning more tables than a cache's bound leaves the cache
exactly at its bound (docs/server.md, "Caches and their bounds"; the list is
``ordnance.server.caches``). The bounds are made small so that a few tables
fill them; nothing here depends on time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ordnance.asl.shot import odds as shot_odds
from ordnance.asl.shot import plan as shot_plan
from ordnance.core.errors import OrdnanceError
from ordnance.core.journal.snapshots import STATES
from ordnance.server import caches, commitments, dice_table, i18n, seat_cache, seats
from ordnance.server.bounded import BoundedDict
from ordnance.server.service import TableService
from tests.server.conftest import Table

BOUND = 3
TABLES = 3 * BOUND


@pytest.fixture
def small_bounds(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> Iterator[TableService]:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    memos: list[Any] = [
        commitments._SEEN,
        service._meta,
        dice_table._MODES,
        dice_table._WAITS,
        dice_table._SEATS,
        dice_table._ANCHORS,
        dice_table._HEADS,
        seats._EVENTS,
    ]
    for memo in memos:  # empty first: earlier tests in this process filled them
        memo.clear()
        monkeypatch.setattr(memo, "limit", BOUND)
    STATES.clear()
    seat_cache.clear()
    monkeypatch.setattr(STATES, "size", BOUND)
    monkeypatch.setattr(seat_cache, "MAX_ENTRIES", BOUND)
    yield service
    for memo in memos:  # the next tests see their usual bounds again, trimmed on the next write
        memo.clear()
    STATES.clear()
    seat_cache.clear()


def test_every_cache_is_listed_with_a_bound(client: TestClient) -> None:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    listed = caches.sizes(service)
    assert {
        "core.journal.snapshots.STATES",
        "server.seat_cache",
        "server.commitments._SEEN",
        "TableService._meta",
        "server.dice_table._MODES",
        "server.dice_table._WAITS",
        "server.dice_table._SEATS",
        "server.seats._EVENTS",
        "server.dice_table._ANCHORS",
        "server.dice_table._HEADS",
        "asl.shot_plan.plan_shot",
        "asl.shot_odds.shot_distribution",
    } <= set(listed)
    for name, (size, bound) in listed.items():
        assert 0 < bound <= 100_000, name
        assert size <= bound, name


def test_opening_and_abandoning_tables_leaves_each_cache_at_its_bound(
    client: TestClient, small_bounds: TableService
) -> None:
    for _ in range(TABLES):
        t = Table(client)  # created, every seat claimed
        for seat in t.tokens:
            assert t.get(seat, "/view").status_code == 200  # its page opened once
        assert t.act("allies", {"type": "end_phase"}).status_code == 200  # one action
        # then abandoned: never asked for again
    for c in caches.caches(small_bounds):
        if c.per_table:
            assert c.size() == c.bound() == BOUND, c.name
        else:
            assert c.size() <= c.bound(), c.name


def test_a_bounded_memo_drops_the_least_recently_used() -> None:
    memo: BoundedDict[str, int] = BoundedDict(2)
    memo["a"], memo["b"] = 1, 2
    assert memo.get("a") == 1  # "a" is now the most recently used
    memo["c"] = 3
    assert list(memo) == ["a", "c"]
    assert memo.get("b") is None and memo.get("b", 0) == 0
    memo["a"] = 4
    memo["d"] = 5
    assert dict(memo) == {"a": 4, "d": 5}


def test_the_shot_caches_fed_by_requests_are_bounded() -> None:
    # the ASL calculators' declarations come from requests: a least-recently-used bound
    for fn in (shot_plan.plan_shot, shot_odds.shot_distribution):
        info = fn.cache_info()  # type: ignore[attr-defined]
        assert info.maxsize is not None and info.maxsize <= 4096


def test_an_unknown_language_adds_no_catalogue() -> None:
    # a refusal is worded in the request's ?lang=, whatever it names (the error
    # handler reads it from any route): one catalogue per language the server
    # knows, at most, however many names the requests bring
    for n in range(20):
        answer = i18n.localize_error(OrdnanceError("refused"), f"x{n}")
        assert answer["message"] == "refused"
    assert i18n._translations.cache_info().currsize <= len(i18n.LANGUAGES) + 1
    assert i18n.translations("x1") is i18n.translations("x2")
