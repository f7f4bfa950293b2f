"""Actions that roll wait for the other seats' elements (ordnance-dice-v2).

Clauses (docs/server.md, "Trust model"): TABLE-DICE-7 (an element is revealed
only for a pending action), TABLE-DICE-8 (one action waits at a time). The
table's ``dice_wait`` decides what a silent seat means: ``wait`` keeps the
action pending; ``go_ahead`` rolls without it after ``dice_wait_seconds``,
and says so in the record, the journal and the verifiers. Time is the
service's injected clock (no sleeping).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ordnance.server.dice_scheme import derive
from ordnance.server.dice_verify import check
from ordnance.server.verify import app as verify_app
from tests.server.conftest import Table
from tests.server.dice_helpers import Chain, Clock

ATTACK = {"type": "attack", "dice": 6, "target": "2,0"}
WORDS = (
    "rolled without the element of axis: the operator and allies together could have foreseen it"
)


def _seated(client: TestClient, **more: Any) -> tuple[Table, Chain, Chain, Clock]:
    clock = Clock().install(client)
    table = Table(client, **more)
    allies, axis = Chain(table, "allies"), Chain(table, "axis")
    assert allies.publish().status_code == 200 and axis.publish().status_code == 200
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    return table, allies, axis, clock


def _attack(table: Table, allies: Chain) -> dict[str, Any]:
    view = table.get("allies", "/view").json()
    body = {"action": ATTACK, "expected_version": view["version"], "element": allies.next_element()}
    res = table.post("allies", "/actions", body)
    assert res.status_code == 202, res.text
    rolling: dict[str, Any] = res.json()["rolling"]
    return rolling


def test_go_ahead_rolls_without_a_silent_seat_and_says_so(client: TestClient) -> None:
    table, allies, _axis, clock = _seated(client, dice_wait="go_ahead", dice_wait_seconds=30)
    pending = _attack(table, allies)
    assert pending["deadline"] == clock.now + 30 and pending["seconds_left"] == 30
    clock.now += 29  # not yet: every request leaves it waiting
    assert table.get("axis", "/view").json()["dice"]["pending"]["waiting_for"] == ["axis"]
    assert table.version() == 1
    clock.now += 1  # the deadline: the next request of anyone draws the dice
    log = table.get("axis", "/log").json()
    assert log["version"] == 2 and log["entries"][-1]["dice_note"] == WORDS
    record = table.get("allies", "/dice").json()
    (roll,) = record["rolls"]
    assert roll["without"] == ["axis"] and roll["elements"]["axis"] is None
    report = check(record)
    assert report.success() and report.rolls[0].without == ["axis"]
    assert report.rolls[0].notes == [WORDS]
    # in Russian the journal says it too
    ru = table.get("axis", "/log?lang=ru").json()["entries"][-1]["dice_note"]
    assert "axis" in ru and "allies" in ru and ru != WORDS


def test_wait_keeps_the_action_pending_until_the_element_comes(client: TestClient) -> None:
    table, allies, axis, clock = _seated(client, dice_wait="wait")
    pending = _attack(table, allies)
    assert pending["deadline"] is None and pending["seconds_left"] is None
    clock.now += 10**7
    assert table.get("allies", "/view").json()["dice"]["pending"]["digest"] == pending["digest"]
    assert table.version() == 1
    busy = table.act("axis", {"type": "end_phase"})  # nothing else meanwhile (TABLE-DICE-8)
    assert busy.status_code == 422 and busy.json()["clause"] == "TABLE-DICE-8"
    assert axis.reveal().json()["applied"] == 2
    (roll,) = table.get("allies", "/dice").json()["rolls"]
    assert roll["without"] == [] and None not in roll["elements"].values()


def test_an_action_that_rolls_nothing_is_applied_at_once(client: TestClient) -> None:
    table, allies, _axis, _clock = _seated(client)
    view = table.get("allies", "/view").json()
    body = {
        "action": {"type": "end_phase"},
        "expected_version": 1,
        "element": allies.next_element(),
        "commitment": view["commitment"]["hash"],
    }
    res = table.post("allies", "/actions", body)
    assert res.status_code == 200 and res.json()["version"] == 2
    assert table.get("allies", "/view").json()["dice"]["pending"] is None


def test_bad_dice_wait_settings_are_refused(client: TestClient) -> None:
    for body in (
        {"game": "secrets", "dice_wait": "forever"},
        {"game": "secrets", "dice_wait_seconds": 0},
        {"game": "secrets", "dice_wait_seconds": 86_401},
    ):
        assert client.post("/api/tables", json=body).status_code == 422


def _recorded(client: TestClient) -> tuple[Table, dict[str, Any]]:
    table, allies, axis, _clock = _seated(client)
    _attack(table, allies)
    assert axis.reveal().json()["applied"] == 2
    return table, table.get("allies", "/dice").json()


def _cli(record: dict[str, Any], tmp_path: Path) -> Any:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return CliRunner().invoke(verify_app, [str(path)])


def test_verifiers_reject_an_element_revealed_before_its_action(
    client: TestClient, tmp_path: Path
) -> None:
    """The record says axis's element was revealed before the attack was committed
    (its order number below the commitment's, or naming no action): both the Python
    verifier and the CLI refuse the roll."""
    _table, record = _recorded(client)
    ok = _cli(record, tmp_path)
    assert ok.exit_code == 0 and "1 rolls verified" in ok.output
    (reveal,) = record["chains"]["axis"][0]["reveals"]
    assert reveal["seq"] > record["rolls"][0]["pending"]["commit_seq"]
    early = copy.deepcopy(record)
    early["chains"]["axis"][0]["reveals"][0]["seq"] = record["rolls"][0]["pending"]["commit_seq"]
    unnamed = copy.deepcopy(record)
    unnamed["chains"]["axis"][0]["reveals"][0]["pending"] = None
    for forged in (early, unnamed):
        problems = check(forged).rolls[0].problems
        assert any("revealed before the action was committed" in p for p in problems), problems
        res = _cli(forged, tmp_path)
        assert res.exit_code == 1 and "revealed before the action was committed" in res.output


def test_the_digest_binds_the_action(client: TestClient) -> None:
    """The record holds the (public) action: another action under the same digest fails."""
    _table, record = _recorded(client)
    swapped = copy.deepcopy(record)
    swapped["rolls"][0]["pending"]["action"]["dice"] = 5
    problems = check(swapped).rolls[0].problems
    assert any("digest is not the digest of the action" in p for p in problems)


def test_a_v1_roll_still_verifies(client: TestClient) -> None:
    """Older tables' rolls (ordnance-dice-v1: no pending action, no digest in the message)."""
    table, record = _recorded(client)
    old = copy.deepcopy(record)
    roll = old["rolls"][0]
    roll["scheme"] = "ordnance-dice-v1"
    roll.pop("pending")
    roll.pop("without")
    roll["dice"] = derive(roll["seed"], table.id, 1, roll["elements"], roll["sides"])
    old["scheme"] = "ordnance-dice-v1"
    assert check(old).success()
    roll["dice"] = derive(roll["seed"], table.id, 1, roll["elements"], roll["sides"], "0" * 64)
    assert not check(old).success()


def test_a_seat_that_re_anchors_before_the_action_is_awaited(client: TestClient) -> None:
    """A new anchor published before the action's commitment is the chain in force for it:
    the seat is awaited and its reveal from the new chain feeds the roll (it used to drop
    out of that version, unmarked)."""
    table, allies, _axis, _clock = _seated(client, dice_wait="wait")
    fresh = Chain(table, "axis", root="ab" * 32)
    assert fresh.publish().status_code == 200
    pending = _attack(table, allies)
    assert pending["awaited"] == ["axis"] and pending["waiting_for"] == ["axis"]
    assert table.version() == 1
    assert fresh.reveal().json()["applied"] == 2
    (roll,) = table.get("allies", "/dice").json()["rolls"]
    assert roll["elements"]["axis"] == fresh.chain[-2] and roll["without"] == []
    assert check(table.get("allies", "/dice").json()).success()


def test_an_anchor_published_after_the_commitment_leaves_the_seat_marked(
    client: TestClient,
) -> None:
    """A seat that re-anchors while an action waits (its page lost its chain) cannot serve
    that action with the new chain; at the go-ahead deadline the roll names it."""
    table, allies, _axis, clock = _seated(client, dice_wait="go_ahead", dice_wait_seconds=30)
    pending = _attack(table, allies)
    fresh = Chain(table, "axis", root="ab" * 32)
    assert fresh.publish().status_code == 200
    view = table.get("axis", "/view").json()
    assert view["dice"]["pending"]["waiting_for"] == ["axis"]
    assert view["dice"]["chain"]["newest"] == fresh.anchor != view["dice"]["chain"]["anchor"]
    clock.now += 30
    log = table.get("axis", "/log").json()
    assert log["version"] == 2 and log["entries"][-1]["dice_note"] == WORDS
    record = table.get("allies", "/dice").json()
    (roll,) = record["rolls"]
    assert roll["without"] == ["axis"] and pending["digest"] == roll["pending"]["digest"]
    assert check(record).success()
    # the next action is served by the new chain
    _attack(table, allies)
    assert fresh.reveal().json()["applied"] == 3


def test_a_seat_that_never_anchored_is_named_even_at_a_wait_table(client: TestClient) -> None:
    """A roll needs every other seat; one with no chain in force cannot reveal, so even
    under ``wait`` the roll goes ahead at once, and the record and journal name it."""
    clock = Clock().install(client)
    table = Table(client, dice_wait="wait")
    allies = Chain(table, "allies")
    assert allies.publish().status_code == 200
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    view = table.get("allies", "/view").json()
    body = {"action": ATTACK, "expected_version": 1, "element": allies.next_element()}
    res = table.post("allies", "/actions", body)
    assert res.status_code == 200, res.text  # nobody to wait for: drawn at once
    assert view["version"] == 1 and clock.now == Clock().now
    log = table.get("axis", "/log").json()
    assert log["entries"][-1]["dice_note"] == WORDS
    record = table.get("allies", "/dice").json()
    (roll,) = record["rolls"]
    assert roll["without"] == ["axis"] and roll["pending"]["awaited"] == []
    report = check(record)
    assert report.success() and report.rolls[0].without == ["axis"]


def test_the_actor_cannot_reveal_its_own_element_after_its_action(client: TestClient) -> None:
    """TABLE-DICE-10: the acting seat's element comes with its action or not at all; a
    reveal for its own committed action is refused and writes nothing."""
    table, allies, axis, _clock = _seated(client, dice_wait="wait")
    view = table.get("allies", "/view").json()
    res = table.post("allies", "/actions", {"action": ATTACK, "expected_version": 1})
    assert res.status_code == 202
    late = allies.reveal()
    assert late.status_code == 422 and late.json()["clause"] == "TABLE-DICE-10"
    assert table.get("allies", "/view").json()["dice"]["chain"]["revealed"] is None
    assert axis.reveal().json()["applied"] == 2
    (roll,) = table.get("allies", "/dice").json()["rolls"]
    assert roll["elements"]["allies"] is None and roll["without"] == []
    assert view["version"] == 1


def test_the_verifier_wants_every_missing_seat_named_and_chains_anchored_first(
    client: TestClient,
) -> None:
    """A record whose roll lacks a seat's element without naming it in ``without``, or
    whose element comes from a chain anchored after the action's commitment, fails."""
    table, allies, axis, _clock = _seated(client, dice_wait="wait")
    _attack(table, allies)
    assert axis.reveal().json()["applied"] == 2
    record = table.get("allies", "/dice").json()
    assert check(record).success()
    (roll,) = record["rolls"]
    late = copy.deepcopy(record)
    late["chains"]["axis"][0]["seq"] = roll["pending"]["commit_seq"] + 1
    report = check(late)
    assert not report.success()
    assert any("anchored after the action" in p for p in report.rolls[0].problems)
    hidden = copy.deepcopy(record)
    hidden["rolls"][0]["elements"]["axis"] = None
    hidden["chains"]["axis"][0]["reveals"] = []
    report = check(hidden)
    assert any("does not say so" in p for p in report.rolls[0].problems)


def test_an_undo_accepted_while_an_action_waits_says_it_drops_the_roll(
    client: TestClient,
) -> None:
    """An undo accepted at the version where an action waits for its dice drops that
    action unrolled: the request's text and the answer say so, and nothing is rolled."""
    table, allies, axis, _clock = _seated(client, dice_wait="wait")
    pending = _attack(table, allies)
    ask = table.post("allies", "/undo", {"expected_version": 1})
    assert ask.status_code == 201, ask.text
    note = "allies's action waiting for its dice at version 1 is dropped, never rolled"
    shown = table.get("axis", "/view").json()["undo"]["pending"]
    assert shown["text"].endswith(note)
    ok = table.post("axis", f"/undo/{ask.json()['request']}", {"accept": True})
    assert ok.status_code == 200 and ok.json()["dice_note"] == note
    view = table.get("axis", "/view").json()
    assert view["version"] == 2 and view["dice"]["pending"] is None
    late = table.post(
        "axis",
        "/dice/reveal",
        {
            "version": 1,
            "commitment": "0" * 64,
            "element": axis.chain[-2],
            "pending": pending["digest"],
        },
    )
    assert late.status_code == 409
    assert table.get("allies", "/dice").json()["rolls"] == []


def test_a_roll_without_the_acting_seats_element_names_the_others_as_able_to_foresee_it(
    client: TestClient,
) -> None:
    """TABLE-DICE-7: allies attack without their own element (it is optional); axis
    reveals. Whoever holds every input the roll used could have foreseen it: the
    operator with axis, not with allies, whose element is the one missing. The
    server's ``without`` names only other seats, so the journal says nothing."""
    table, _allies, axis, clock = _seated(client, dice_wait="go_ahead", dice_wait_seconds=30)
    view = table.get("allies", "/view").json()
    res = table.post("allies", "/actions", {"action": ATTACK, "expected_version": view["version"]})
    assert res.status_code == 202, res.text
    assert axis.reveal().json()["applied"] == 2
    record = table.get("allies", "/dice").json()
    (roll,) = record["rolls"]
    assert roll["elements"]["allies"] is None and roll["without"] == []
    assert table.get("axis", "/log").json()["entries"][-1]["dice_note"] is None
    report = check(record)
    assert report.success() and report.rolls[0].absent == ["allies"]
    assert report.rolls[0].notes == [
        "rolled without the element of allies: the operator and axis together could have foreseen it"
    ]
    # neither seat's element: the operator alone
    view = table.get("allies", "/view").json()
    res = table.post("allies", "/actions", {"action": ATTACK, "expected_version": view["version"]})
    assert res.status_code == 202, res.text
    clock.now += 30
    record = table.get("allies", "/dice").json()
    last = check(record).rolls[-1]
    assert last.absent == ["allies", "axis"]
    assert last.notes == [
        "rolled without the element of allies, axis: the operator alone could have foreseen it"
    ]
