"""Every list request is one bounded page: the journal, the dice record.

``GET /log`` and ``GET /dice`` take a cursor and ``limit`` (default 100, at
most 500: ``service.PAGE`` / ``MAX_PAGE``). Without parameters ``/log`` is the
newest page, with ``before`` the cursor of the older one; ``/dice`` pages
forward with ``next_since``. A journal of 100,000 entries is built by bulk
inserts; every statement that reads the journal is bounded by the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, insert, select, update

from ordnance.core.journal import snapshots
from ordnance.core.journal.derive import snapshot_row
from ordnance.core.journal.models import EntryRow, GameRow
from ordnance.server.dice_verify import check
from ordnance.server.service import MAX_PAGE, PAGE
from ordnance.server.verify import merge_pages
from tests.server.conftest import Table

ATTACK = {"type": "attack", "dice": 2, "target": "2,0"}


@contextmanager
def statements(client: TestClient) -> Iterator[list[tuple[str, Any]]]:
    engine = client.app.state.service.journal.engine  # type: ignore[attr-defined]
    seen: list[tuple[str, Any]] = []

    def hook(_conn: Any, _cursor: Any, statement: str, params: Any, *_rest: Any) -> None:
        seen.append((statement, params))

    event.listen(engine, "before_cursor_execute", hook)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", hook)


def long_table(client: TestClient, count: int) -> Table:
    """A table of ``count`` entries: two played, the rest copies of the attack (bulk
    inserted), with a snapshot at the top so the state needs no replay."""
    table = Table(client)
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    assert table.act("allies", ATTACK).status_code == 200  # nobody's chain: rolled at once
    service = client.app.state.service  # type: ignore[attr-defined]
    journal = service.journal
    session = service.session(table.id)
    state = session.state()
    with journal.reading() as s:
        row = s.scalar(select(EntryRow).where(EntryRow.game_id == table.id, EntryRow.seq == 2))
        assert row is not None
        model = {
            "game_id": table.id,
            "kind": row.kind,
            "seat": row.seat,
            "action": row.action,
            "dice": row.dice,
            "dice_origin": row.dice_origin,
            "events": row.events,
        }
    blob = snapshots.dumps(state, session.game)
    assert blob is not None
    with journal.transaction() as s:
        rows = [dict(model, seq=seq) for seq in range(3, count + 1)]
        for i in range(0, len(rows), 10_000):
            s.execute(insert(EntryRow), rows[i : i + 10_000])
        s.execute(update(GameRow).where(GameRow.id == table.id).values(version=count))
        s.add(snapshot_row(session, count, blob, count))
    snapshots.STATES.clear()
    return table


def journal_reads(seen: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    return [(sql, p) for sql, p in seen if re.search(r"\bFROM journal\b", sql)]


@pytest.mark.slow
def test_log_without_parameters_is_one_bounded_page_at_100k_events(client: TestClient) -> None:
    table = long_table(client, 100_000)
    table.get("allies", "/log")  # warm: the seats, the state
    with statements(client) as seen:
        res = table.get("allies", "/log")
    answer = res.json()
    seqs = [e["seq"] for e in answer["entries"]]
    assert seqs == list(range(100_000 - PAGE + 1, 100_001))
    assert answer["before"] == 100_000 - PAGE + 1 and answer["next_since"] is None
    assert len(res.content) < 200_000  # one page, not 26 MB
    reads = journal_reads(seen)
    assert reads
    for sql, params in reads:  # every read of the journal is bounded by the page
        assert re.search(r"journal\.seq >= \? AND journal\.seq <= \?", sql), sql
        assert 100_000 - PAGE + 1 in tuple(params) and 100_000 in tuple(params)
    # the dice record without parameters is one page too (the first), with its cursor
    with statements(client) as seen:
        dice = table.get("allies", "/dice").json()
    assert dice["next_since"] == PAGE and dice["version"] == PAGE
    assert [r["seq"] for r in dice["rolls"]] == list(range(2, PAGE + 1))
    for sql, _params in journal_reads(seen):
        assert re.search(r"journal\.seq >= \? AND journal\.seq <= \?", sql), sql


def test_log_pages_walk_back_and_forth_with_their_cursors(client: TestClient) -> None:
    table = long_table(client, 1_234)
    tail = table.get("allies", "/log?limit=500").json()
    assert [e["seq"] for e in tail["entries"]] == list(range(735, 1_235))
    older = table.get("allies", f"/log?before={tail['before']}&limit=500").json()
    assert [e["seq"] for e in older["entries"]] == list(range(235, 735))
    first = table.get("allies", f"/log?before={older['before']}&limit=500").json()
    assert [e["seq"] for e in first["entries"]] == list(range(1, 235))
    assert first["before"] is None
    forward = table.get("allies", "/log?since=0&limit=10").json()
    assert [e["seq"] for e in forward["entries"]] == list(range(1, 11))
    assert forward["next_since"] == 10
    assert table.get("allies", "/log?since=1230").json()["next_since"] is None
    # over the documented maximum, or both cursors at once: refused, nothing read
    assert table.get("allies", f"/log?limit={MAX_PAGE + 1}").status_code == 422
    assert table.get("allies", "/log?limit=0").status_code == 422
    assert table.get("allies", "/log?since=3&before=9").status_code == 422


def test_an_undo_after_a_page_marks_its_entries_undone(client: TestClient) -> None:
    """TABLE-UNDO-1: an older page (not the tail) still says which of its entries an
    undo after it cancelled (the undo entries after the page are read for it)."""
    table = Table(client)
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    for _ in range(4):
        assert table.act("allies", ATTACK).status_code == 200
    rid = table.post("allies", "/undo", {"expected_version": 5}).json()["request"]
    assert table.post("axis", f"/undo/{rid}", {"accept": True}).status_code == 200
    page = table.get("allies", "/log?since=3&limit=2").json()
    assert [(e["seq"], e["undone"]) for e in page["entries"]] == [(4, False), (5, True)]
    tail = table.get("allies", "/log").json()
    assert [(e["seq"], e["undone"]) for e in tail["entries"]][-2:] == [(5, True), (6, False)]


def test_a_paged_dice_record_merges_into_the_whole_one(client: TestClient) -> None:
    """The CLI verifier reads the record page by page (next_since) and merges it."""
    table = Table(client)
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    for _ in range(7):
        assert table.act("allies", ATTACK).status_code == 200
    pages = [table.get("axis", "/dice?since=0&limit=3").json()]
    while pages[-1]["next_since"] is not None:
        pages.append(table.get("axis", f"/dice?since={pages[-1]['next_since']}&limit=3").json())
    assert len(pages) == 3
    merged = merge_pages(pages)
    whole = table.get("axis", f"/dice?limit={MAX_PAGE}").json()
    assert [r["seq"] for r in merged["rolls"]] == [r["seq"] for r in whole["rolls"]]
    assert merged["rolls"] == whole["rolls"] and merged["chains"] == whole["chains"]
    report = check(merged)
    assert report.success() and report.verified == 7


def test_the_scenario_list_is_paged_by_name(client: TestClient) -> None:
    whole = client.get("/api/scenarios?limit=500").json()
    names = [s["name"] for s in whole["scenarios"]]
    assert names == sorted(names) and whole["next_after"] is None and len(names) >= 2
    first = client.get("/api/scenarios?limit=1").json()
    assert [s["name"] for s in first["scenarios"]] == names[:1]
    assert first["next_after"] == names[0]
    rest = client.get(f"/api/scenarios?limit=500&after={first['next_after']}").json()
    assert [s["name"] for s in rest["scenarios"]] == names[1:]
    assert client.get("/api/scenarios?limit=501").status_code == 422
