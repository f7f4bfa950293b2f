"""Every cache a table server process keeps, with its size and its bound, in one list.

docs/server.md ("Caches and their bounds") describes each; the test
``tests/server/test_cache_bounds.py`` opens and abandons more tables than each
bound and checks that every cache of this list then holds exactly its bound,
never more. A cache added to the server belongs here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ordnance.asl.shot import odds as shot_odds
from ordnance.asl.shot import plan as shot_plan
from ordnance.core.game import TURN_VIEWS
from ordnance.core.journal.snapshots import STATES
from ordnance.core.memo import SHARED_PARTS, IdentityMemo
from ordnance.server import commitments, dice_table, routes, seat_cache, seats
from ordnance.server.bounded import BoundedDict
from ordnance.server.service import TableService
from ordnance.toi import legal as toi_legal
from ordnance.toi import views as toi_views


@dataclass(frozen=True)
class Cache:
    name: str
    #: entries held now
    size: Callable[[], int]
    #: the most entries it may hold
    bound: Callable[[], int]
    #: does every table a process serves add entries (so N tables fill it)?
    per_table: bool = True


def _bounded(name: str, d: BoundedDict[Any, Any], per_table: bool = True) -> Cache:
    return Cache(name, lambda: len(d), lambda: d.limit, per_table)


def _lru(name: str, fn: Any) -> Cache:
    return Cache(
        name,
        lambda: int(fn.cache_info().currsize),
        lambda: int(fn.cache_info().maxsize),
        per_table=False,
    )


def _memo(d: IdentityMemo[Any]) -> Cache:
    return Cache(d.name, d.__len__, lambda: d.limit, per_table=False)


def caches(service: TableService) -> list[Cache]:
    """The process's caches, and those of ``service`` (its tables' memo)."""
    seen: Any = commitments._SEEN
    return [
        Cache("core.journal.snapshots.STATES", STATES.__len__, lambda: STATES.size),
        Cache("server.seat_cache", seat_cache.size, lambda: seat_cache.MAX_ENTRIES),
        _bounded("server.commitments._SEEN", seen),
        _bounded("TableService._meta", service._meta),  # type: ignore[arg-type]
        # filled by the pages read after a change (``since``), not by every table
        _bounded("TableService._pages", service._pages, per_table=False),
        _bounded("server.dice_table._MODES", dice_table._MODES),  # type: ignore[arg-type]
        _bounded("server.dice_table._WAITS", dice_table._WAITS),  # type: ignore[arg-type]
        _bounded("server.dice_table._SEATS", dice_table._SEATS),  # type: ignore[arg-type]
        _bounded("server.seats._EVENTS", seats._EVENTS),
        # filled only by tables whose seats publish dice chains
        _bounded("server.dice_table._ANCHORS", dice_table._ANCHORS, per_table=False),
        _bounded("server.dice_table._HEADS", dice_table._HEADS, per_table=False),
        # derived from the immutable parts of states, by identity (ordnance.core.memo)
        _memo(TURN_VIEWS),
        _memo(toi_views._UNITS),
        _memo(toi_views._ROWS),
        _memo(toi_views._SETTINGS),
        _memo(toi_legal._LABELS),
        _memo(SHARED_PARTS),
        _memo(routes._ENCODED),
        _lru("asl.shot_plan.plan_shot", shot_plan.plan_shot),
        _lru("asl.shot_odds.shot_distribution", shot_odds.shot_distribution),
        _lru("asl.shot_odds.sequence_distribution", shot_odds.sequence_distribution),
    ]


def sizes(service: TableService) -> dict[str, tuple[int, int]]:
    """``{name: (entries, bound)}`` of every cache."""
    return {c.name: (c.size(), c.bound()) for c in caches(service)}
