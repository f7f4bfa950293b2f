"""A fresh page's dice anchor inside its first ``POST /since`` (one round trip less).

The anchor travels with the read and is published exactly as ``POST /dice/anchor``
publishes it, before the answer is read: the answer's ``dice.chain`` shows it, it
takes the table's next order number, and it serves only the actions committed after
it (docs/server.md "Which seats a roll needs, and which chain counts"). Clauses:
TABLE-DICE-2 (an anchor is 64 lowercase hex digits), TABLE-DICE-3 (the chain in
force for an action is the newest one anchored before its commitment).
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ordnance.server.dice_verify import check
from tests.server.conftest import Table
from tests.server.dice_helpers import Chain, Clock

ATTACK = {"type": "attack", "dice": 6, "target": "2,0"}
WORDS = "rolled without axis's element: the operator and allies together could have foreseen it"


def _first_read(table: Table, chain: Chain, **more: Any) -> Any:
    body = {"version": None, "dice_since": None, "anchor": chain.anchor, **more}
    return table.post(chain.seat, "/since", body)


def _attack(table: Table, allies: Chain) -> dict[str, Any]:
    view = table.get("allies", "/view").json()
    body = {"action": ATTACK, "expected_version": view["version"], "element": allies.next_element()}
    res = table.post("allies", "/actions", body)
    assert res.status_code == 202, res.text
    rolling: dict[str, Any] = res.json()["rolling"]
    return rolling


def test_the_first_read_publishes_the_anchor_its_answer_shows(client: TestClient) -> None:
    """TABLE-DICE-3: both seats anchor with their first read; the next roll awaits both
    and is made of both elements, and the record verifies."""
    table = Table(client)
    allies, axis = Chain(table, "allies"), Chain(table, "axis")
    for chain in (allies, axis):
        res = _first_read(table, chain)
        assert res.status_code == 200, res.text
        mine = res.json()["view"]["dice"]["chain"]
        assert mine["anchor"] == mine["newest"] == chain.anchor and mine["from_version"] == 0
    # the same anchor again changes nothing (as POST /dice/anchor)
    assert _first_read(table, axis).status_code == 200
    record = table.get("allies", "/dice").json()
    assert [c["anchor"] for c in record["chains"]["axis"]] == [axis.anchor]
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    pending = _attack(table, allies)
    assert pending["awaited"] == ["axis"]
    assert axis.reveal().json()["applied"] == 2
    record = table.get("allies", "/dice").json()
    (roll,) = record["rolls"]
    assert roll["without"] == [] and all(roll["elements"].values())
    assert check(record).success()


def test_an_anchor_sent_while_an_action_waits_serves_only_the_next(client: TestClient) -> None:
    """TABLE-DICE-3: an anchor read in after the commitment (a page that lost its chain)
    cannot serve the waiting action: it goes without the seat at the go-ahead deadline,
    marked, and the new chain serves the next action."""
    clock = Clock().install(client)
    table = Table(client, dice_wait="go_ahead", dice_wait_seconds=30)
    allies, old = Chain(table, "allies"), Chain(table, "axis")
    assert allies.publish().status_code == 200 and old.publish().status_code == 200
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    _attack(table, allies)
    fresh = Chain(table, "axis", root="ab" * 32)
    res = _first_read(table, fresh)
    assert res.status_code == 200, res.text
    dice = res.json()["view"]["dice"]
    assert dice["pending"]["waiting_for"] == ["axis"]
    assert dice["chain"]["newest"] == fresh.anchor and dice["chain"]["anchor"] == old.anchor
    clock.now += 30
    log = table.get("axis", "/log").json()
    assert log["entries"][-1]["dice_note"] == WORDS
    record = table.get("allies", "/dice").json()
    (roll,) = record["rolls"]
    new = next(c for c in record["chains"]["axis"] if c["anchor"] == fresh.anchor)
    (mine,) = (c for c in record["chains"]["axis"] if c["anchor"] == old.anchor)
    assert new["seq"] > roll["pending"]["commit_seq"] > mine["seq"]
    assert roll["without"] == ["axis"] and check(record).success()
    _attack(table, allies)
    assert fresh.reveal().json()["applied"] == 3


def test_a_reveal_and_an_anchor_in_one_read_the_reveal_first(client: TestClient) -> None:
    """The reveal is made from the chain in force for the action, then the anchor takes
    the next order number: the roll uses the old chain's element, the new chain the
    next action."""
    table = Table(client, dice_wait="wait")
    allies, old = Chain(table, "allies"), Chain(table, "axis")
    assert allies.publish().status_code == 200 and old.publish().status_code == 200
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    pending = _attack(table, allies)
    view = table.get("axis", "/view").json()
    reveal = {
        "version": view["version"],
        "commitment": view["commitment"]["hash"],
        "element": old.next_element(),
        "pending": pending["digest"],
    }
    fresh = Chain(table, "axis", root="cd" * 32)
    res = _first_read(table, fresh, reveal=reveal)
    assert res.status_code == 200, res.text
    answer = res.json()
    assert answer["reveal"]["applied"] == 2 and answer["view"]["version"] == 2
    assert answer["view"]["dice"]["chain"]["anchor"] == fresh.anchor
    record = table.get("allies", "/dice").json()
    (roll,) = record["rolls"]
    assert roll["elements"]["axis"] == reveal["element"] and roll["without"] == []
    old_chain, new_chain = record["chains"]["axis"]
    assert new_chain["seq"] > old_chain["reveals"][-1]["seq"]
    assert check(record).success()


def test_a_bad_anchor_refuses_the_read_and_writes_nothing(client: TestClient) -> None:
    """TABLE-DICE-2: an anchor that is not 64 lowercase hex digits is a 422; no anchor
    is published and nothing else is."""
    table = Table(client)
    before = table.get("allies", "/dice").json()
    for bad in ("AB" * 32, "ab" * 31, "zz" * 32, 7):
        res = table.post("axis", "/since", {"version": None, "anchor": bad})
        assert res.status_code == 422, res.text
    assert table.get("allies", "/dice").json() == before
    assert table.get("axis", "/view").json()["dice"]["chain"]["anchor"] is None
