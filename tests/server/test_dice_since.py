"""``GET /dice?since=N``: the rolls of the entries after N only, checked as fully as before.

Clauses: TABLE-DICE-4 (one chain step per reveal: a chain in use after N keeps
every reveal from its anchor), TABLE-DICE-5 (one element per seat and version).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from ordnance.server.dice_verify import check
from tests.server.conftest import Table
from tests.server.dice_helpers import Chain

ATTACK = {"type": "attack", "dice": 3, "target": "2,0"}


def _attack(table: Table, allies: Chain, axis: Chain) -> None:
    """Allies attack with their own element, axis reveals for it (a roll of both secrets)."""
    view = table.get("allies", "/view").json()
    body = {
        "action": ATTACK,
        "expected_version": view["version"],
        "commitment": view["commitment"]["hash"],
        "element": allies.next_element(),
    }
    res = table.post("allies", "/actions", body)
    assert res.status_code == 202, res.text
    assert axis.reveal().json()["applied"] == view["version"] + 1


def _played(client: TestClient, rolls: int) -> tuple[Table, Chain, Chain]:
    table = Table(client)
    allies, axis = Chain(table, "allies"), Chain(table, "axis")
    assert allies.publish().status_code == 200 and axis.publish().status_code == 200
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    for _ in range(rolls):
        _attack(table, allies, axis)
    return table, allies, axis


def test_since_keeps_the_shape_and_lists_only_later_rolls(client: TestClient) -> None:
    """TABLE-DICE-4: the partial record is the full one cut at N, and it verifies."""
    table, _allies, _axis = _played(client, 4)
    full = table.get("axis", "/dice").json()
    assert [r["seq"] for r in full["rolls"]] == [2, 3, 4, 5] and full["since"] == 0
    part = table.get("axis", "/dice?since=3").json()
    assert set(part) == set(full)
    assert part["since"] == 3 and part["version"] == full["version"] == 5
    assert part["next"] == full["next"] and part["seats"] == full["seats"]
    assert part["rolls"] == [r for r in full["rolls"] if r["seq"] > 3]
    # the chains in use keep every reveal from their anchor: nothing to trust blindly
    assert part["chains"] == full["chains"]
    report = check(part)
    assert report.success() and report.verified == 2
    # past the last entry: no roll, the same version
    late = table.get("axis", "/dice?since=99").json()
    assert late["rolls"] == [] and late["version"] == 5 and late["since"] == 5


def test_a_chain_ended_before_since_is_listed_without_its_reveals(client: TestClient) -> None:
    """TABLE-DICE-4: a seat's replaced chain serves no later roll; the new one is whole."""
    table, allies, _axis = _played(client, 2)
    fresh = Chain(table, "axis", root="ab" * 32)
    assert fresh.publish().status_code == 200  # counts from the next version (4)
    assert table.act("allies", {"type": "end_phase"}).status_code == 200  # to 4
    assert table.act("allies", {"type": "end_phase"}).status_code == 200  # to 5: attack
    _attack(table, allies, fresh)
    _attack(table, allies, fresh)
    full = table.get("allies", "/dice").json()
    assert len(full["chains"]["axis"]) == 2 and check(full).success()
    part = table.get("allies", "/dice?since=5").json()
    old, new = part["chains"]["axis"]
    assert old["omitted"] is True and old["reveals"] == []
    assert "omitted" not in new and new == full["chains"]["axis"][1]
    assert [r["seq"] for r in part["rolls"]] == [6, 7]
    assert check(part).success()
    # a forged element in the new chain is still caught on the partial record
    forged = dict(part, rolls=[dict(part["rolls"][0], elements=dict(part["rolls"][0]["elements"]))])
    forged["rolls"][0]["elements"]["axis"] = "cd" * 32
    assert not check(forged).success()


@pytest.mark.parametrize("since", ["-1", "abc", "1.5", str(10**10), ""])
def test_bad_since_is_a_422_and_writes_nothing(client: TestClient, since: str) -> None:
    table, _allies, _axis = _played(client, 1)
    before = table.get("axis", "/dice").json()
    res = table.get("axis", "/dice?since=" + since)
    assert res.status_code == 422, res.text
    assert "since" in res.text
    assert table.get("axis", "/dice").json() == before


@contextmanager
def _statements(client: TestClient) -> Iterator[list[tuple[str, Any]]]:
    engine = client.app.state.service.journal.engine  # type: ignore[attr-defined]
    seen: list[tuple[str, Any]] = []

    def hook(_conn: Any, _cursor: Any, statement: str, params: Any, *_rest: Any) -> None:
        seen.append((statement, params))

    event.listen(engine, "before_cursor_execute", hook)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", hook)


def test_since_reads_only_the_journal_rows_after_it(client: TestClient) -> None:
    """Every read of the journal table is bounded by the page: seq >= N + 1 and <= its end."""
    table, _allies, _axis = _played(client, 6)
    table.get("axis", "/dice?since=5")  # warm: the state, the seats
    # the short page of entries the warm read kept is forgotten: this read goes to the table
    client.app.state.service._pages.clear()  # type: ignore[attr-defined]
    with _statements(client) as seen:
        record = table.get("axis", "/dice?since=5").json()
    journal_reads = [(sql, p) for sql, p in seen if re.search(r"\bFROM journal\b", sql)]
    assert journal_reads, "the journal is read"
    for sql, params in journal_reads:
        assert re.search(r"journal\.seq >= \? AND journal\.seq <= \?", sql), sql
        assert 6 in tuple(params), params
    engine = client.app.state.service.journal.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        rows = conn.exec_driver_sql(
            "SELECT count(*) FROM journal WHERE game_id = ? AND seq > 5", (table.id,)
        ).scalar()
    assert rows == 2 and [r["seq"] for r in record["rolls"]] == [6, 7]


def test_since_at_a_table_without_anchors(client: TestClient) -> None:
    """No seat published a chain: the partial record has no chain, its rolls list no secret."""
    table = Table(client)
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    assert table.act("allies", ATTACK).status_code == 200
    assert table.act("allies", ATTACK).status_code == 200
    part = table.get("axis", "/dice?since=2").json()
    assert part["chains"] == {} and [r["seq"] for r in part["rolls"]] == [3]
    assert check(part).success()
