"""Races on consent requests (issue 10, "No races"), on SQLite and on PostgreSQL.

Threads released together by a barrier hit one :class:`TableService` over a
plain :class:`Journal` (no in-process write lock, so only the database keeps
order). The assertions are invariants, never timings:

* however many seats ask at once, at most one request is pending per table
  (the partial unique index), and every other ask is a 4xx refusal;
* of concurrent answers to one request exactly one wins (a conditional
  update in the entry's transaction), the others are 4xx; the request's
  final status matches the journal: ``accepted`` exactly when its undo or
  action entry is there, ``declined`` with no entry.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from ordnance.core.errors import OrdnanceError
from ordnance.core.journal import Journal
from ordnance.core.journal.models import EntryRow
from ordnance.core.journal.store import database_url
from ordnance.server.app import status_for
from ordnance.server.models import ConsentRequestRow
from ordnance.server.service import TableService
from tests.server.conftest import fresh_pg_db

THREADS = 6
TRIALS = 4


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def service(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableService]:
    if request.param == "sqlite":
        url = database_url(tmp_path / "races.db")
    else:
        url = fresh_pg_db(request.getfixturevalue("pg_url"))
    journal = Journal(url)
    yield TableService(journal)
    journal.close()


def _together(calls: list[Callable[[], Any]]) -> list[tuple[int, Any]]:
    """Run ``calls`` in threads released at once; (HTTP status, result or error) each."""
    barrier = threading.Barrier(len(calls))
    results: list[tuple[int, Any]] = [(0, None)] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = (200, calls[i]())
        except OrdnanceError as exc:
            results[i] = (status_for(exc), exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def _requests(service: TableService, game_id: str) -> list[ConsentRequestRow]:
    with service.journal.reading() as s:
        return list(
            s.scalars(select(ConsentRequestRow).where(ConsentRequestRow.game_id == game_id))
        )


def _undo_entries(service: TableService, game_id: str) -> int:
    with service.journal.reading() as s:
        n = s.scalar(
            select(func.count()).where(EntryRow.game_id == game_id, EntryRow.kind == "undo")
        )
    return int(n or 0)


def _table(service: TableService) -> str:
    game_id = service.create("secrets", {}).game_id
    service.act(game_id, "allies", {"type": "end_phase"}, 0)
    return game_id


def test_concurrent_undo_requests_leave_one_pending(service: TableService) -> None:
    """At most one pending request per table, enforced by the database."""
    for _ in range(TRIALS):
        game_id = _table(service)
        seats = ["allies", "axis"] * (THREADS // 2)
        results = _together([lambda s=s, g=game_id: service.request_undo(g, s, 1) for s in seats])
        codes = sorted(code for code, _r in results)
        assert codes.count(200) == 1, results
        assert all(400 <= c < 500 for c in codes if c != 200)
        assert [r.status for r in _requests(service, game_id)] == ["pending"]


def test_concurrent_answers_one_wins_and_status_matches_the_journal(
    service: TableService,
) -> None:
    """Accepts and declines at once: one 200, the rest 4xx; accepted iff the undo is journaled."""
    for trial in range(TRIALS):
        game_id = _table(service)
        rid = service.request_undo(game_id, "allies", 1)["request"]
        answers = [(trial + i) % 2 == 0 for i in range(THREADS)]
        results = _together(
            [lambda a=a, g=game_id, r=rid: service.answer_request(g, "axis", r, a) for a in answers]
        )
        codes = [code for code, _r in results]
        assert codes.count(200) == 1, results
        assert all(400 <= c < 500 for c in codes if c != 200)
        winner = next(r for code, r in results if code == 200)
        (row,) = _requests(service, game_id)
        assert row.status == winner["status"]
        undos = _undo_entries(service, game_id)
        if row.status == "accepted":
            assert undos == 1 and row.applied_seq == 2 and service.version(game_id) == 2
        else:
            assert row.status == "declined" and undos == 0 and service.version(game_id) == 1


def test_concurrent_accepts_apply_an_action_once(service: TableService) -> None:
    """A consent request for an action, accepted by several answers at once, is applied once."""
    game_id = service.create("waw", {}).game_id
    for seat, uid, kind, hex_ in (
        ("us", "abrams", "M1 Abrams", "2,2"),
        ("soviet", "t72", "T-72", "5,2"),
    ):
        action = {"type": "place_unit", "id": uid, "kind": kind, "side": seat, "hex": hex_}
        service.act(game_id, seat, action, service.version(game_id))
    version = service.version(game_id)
    asked = service.act(
        game_id,
        "soviet",
        {"type": "set_condition", "unit": "abrams", "condition": "eliminated"},
        version,
    )
    rid = asked["pending"]["request"]
    results = _together(
        [lambda: service.answer_request(game_id, "us", rid, True) for _ in range(THREADS)]
    )
    codes = [code for code, _r in results]
    assert codes.count(200) == 1, results
    assert all(400 <= c < 500 for c in codes if c != 200)
    assert service.version(game_id) == version + 1
    (row,) = _requests(service, game_id)
    assert row.status == "accepted" and row.applied_seq == version + 1
    view = service.view(game_id, "us")
    assert "abrams" in view["view"]["eliminated"]
