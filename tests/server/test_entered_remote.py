"""Entered dice at a remote table (issue 10, item 1): a table made with
``dice: "entered_remote"`` applies a roll typed in by one seat only when the other
seat confirms it (TABLE-DICE-6); ``entered`` (one table, real dice) applies it at
once; a server-dice table refuses entered dice (TABLE-DICE-1). Refusals and
pending requests write no journal entry."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import Table

ATTACK = {"type": "attack", "dice": 3, "target": "2,0"}


def _remote(client: TestClient) -> Table:
    table = Table(client, dice="entered_remote")
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    return table


def test_a_remote_roll_waits_for_the_other_seat_and_applies_its_dice(client: TestClient) -> None:
    table = _remote(client)
    before = table.version()
    res = table.act("allies", ATTACK, dice=[5, 6, 1])
    assert res.status_code == 202, res.text
    pending = res.json()["pending"]
    assert "5, 6, 1" in pending["text"]  # the other seat sees the roll it is asked to confirm
    assert table.version() == before  # nothing applied yet
    seen = table.get("axis", "/view").json()["pending_request"]
    assert seen["may_answer"] and seen["requested_by"] == "allies"
    # the seat that typed the roll may not confirm it itself
    mine = table.post("allies", f"/requests/{pending['request']}", {"accept": True})
    assert mine.status_code == 422 and mine.json()["clause"] == "TABLE-UNDO-3"
    ok = table.post("axis", f"/requests/{pending['request']}", {"accept": True})
    assert ok.status_code == 200, ok.text
    log = table.get("axis", "/log").json()["entries"]
    assert log[-1]["dice"] == [5, 6, 1] and log[-1]["dice_origin"] == "entered"
    assert table.get("axis", "/view").json()["view"]["hits"]["allies"] == 2


def test_a_declined_remote_roll_leaves_no_entry(client: TestClient) -> None:
    table = _remote(client)
    before = table.version()
    pending = table.act("allies", ATTACK, dice=[6, 6, 6]).json()["pending"]
    res = table.post("axis", f"/requests/{pending['request']}", {"accept": False})
    assert res.status_code == 200 and res.json()["status"] == "declined"
    assert table.version() == before
    assert table.get("allies", "/view").json()["pending_request"] is None


def test_one_table_entered_dice_apply_at_once_and_server_tables_refuse_them(
    client: TestClient,
) -> None:
    here = Table(client, dice="entered")
    here.act("allies", {"type": "end_phase"})
    assert here.act("allies", ATTACK, dice=[5, 6, 1]).status_code == 200
    server = Table(client)
    server.act("allies", {"type": "end_phase"})
    before = server.version()
    res = server.act("allies", ATTACK, dice=[5, 6, 1])
    assert res.status_code == 422 and res.json()["clause"] == "TABLE-DICE-1"
    assert server.version() == before
