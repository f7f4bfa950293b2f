"""Dice no single party can choose or predict (scheme ordnance-dice-v2; v1 kept verifiable).

Clauses: TABLE-DICE-1 (entered dice only where agreed), TABLE-DICE-2 (hex
values), TABLE-DICE-3 (an anchor counts from the next version), TABLE-DICE-4
(one chain step per reveal), TABLE-DICE-5 (one element per seat and version),
TABLE-DICE-7 (a reveal names a pending action), TABLE-DICE-8 (one pending
action at a time).
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from ordnance.server import commitments
from ordnance.server.app import create_app
from ordnance.server.dice_scheme import (
    action_digest,
    canonical_json,
    derive,
    message,
    seed_hash,
)
from ordnance.server.dice_verify import MalformedRecord, check
from ordnance.server.models import CommitmentRow
from tests.server.conftest import Table, fresh_pg_db
from tests.server.dice_helpers import Chain, Clock

ATTACK = {"type": "attack", "dice": 6, "target": "2,0"}

#: The worked example of docs/server.md ("Trust model"); dice.js is checked on it too.
VECTOR: dict[str, Any] = {
    "seed": "5e" * 32,
    "game_id": "example",
    "version": 3,
    "elements": {"allies": "a1" * 32, "axis": None},
    "sides": [6, 6, 6, 6, 6, 6, 6, 6, 10, 2],
}
#: Block 0 of the stream is 0bf3586cfedc44c9 0f5e172c...: bytes 11, 243, 88, 108,
#: 254 (skipped: not below 252), 220, 68, 201, 15 give the d6s; 94 < 250 the d10; 23 the d2.
VECTOR_FACES = [6, 4, 5, 1, 5, 3, 4, 4, 5, 2]


#: The ordnance-dice-v2 worked example of docs/server.md ("The derivation").
VECTOR_V2: dict[str, Any] = {
    "seed": "5e" * 32,
    "game_id": "example",
    "version": 3,
    "seat": "allies",
    "action": {"type": "attack", "dice": 8, "target": "2,0"},
    "elements": {"allies": "a1" * 32, "axis": "b2" * 32},
    "sides": [6, 6, 6, 6, 6, 6, 6, 6, 10, 2],
}
VECTOR_V2_DIGEST = "7d960e7d35330f4b5a7086307c15dd5a3efa26261c7a886b493af0b5addf5cb7"
#: Block 0 is 983b4fec 9c3de6d9 a682...: bytes 152, 59, 79, 236, 156, 61, 230, 217 give
#: the d6s (all below 252), 166 the d10 (below 250), 130 the d2.
VECTOR_V2_FACES = [3, 6, 2, 3, 1, 2, 3, 2, 7, 1]


def _sit(client: TestClient) -> tuple[Table, Chain, Chain]:
    """A table whose two seats published anchors at version 0 and reached version 1."""
    table = Table(client)
    allies, axis = Chain(table, "allies"), Chain(table, "axis")
    assert allies.publish().status_code == 200
    assert axis.publish().status_code == 200
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    return table, allies, axis


def _roll(table: Table, allies: Chain, axis: Chain | None) -> Any:
    """Allies attack sending their element with the action (202: pending); axis reveals
    for it (unless None: then the deadline passes on the service's clock)."""
    view = table.get("allies", "/view").json()
    body = {
        "action": ATTACK,
        "expected_version": view["version"],
        "commitment": view["commitment"]["hash"],
        "element": allies.next_element(),
    }
    res = table.post("allies", "/actions", body)
    if res.status_code == 200:
        return res.json()["entry"]["dice"]
    assert res.status_code == 202, res.text
    pending = res.json()["rolling"]
    if axis is not None:
        done = axis.reveal()
        assert done.status_code == 200 and done.json()["applied"] == view["version"] + 1
    else:
        Clock(pending["deadline"] + 1).install(table.client)
    entries = table.get("allies", "/log").json()["entries"]
    assert entries[-1]["seq"] == view["version"] + 1
    return entries[-1]["dice"]


def test_worked_vector_of_the_docs() -> None:
    faces = derive(
        VECTOR["seed"], VECTOR["game_id"], VECTOR["version"], VECTOR["elements"], VECTOR["sides"]
    )
    assert faces == VECTOR_FACES
    text = message(VECTOR["game_id"], VECTOR["version"], VECTOR["elements"]).decode()
    assert text == f"ordnance-dice-v1\nexample\n3\nallies={'a1' * 32}\naxis=-\n"
    # the same faces by hand from the first HMAC block (rejection above 251 for a d6)
    block = hmac.new(VECTOR["seed"].encode(), text.encode() + b"\0\0\0\0", "sha256").digest()
    assert block[:4].hex() == "0bf3586c" and block[4] == 254
    by_hand = [b % 6 + 1 for b in block[:9] if b < 252] + [block[9] % 10 + 1, block[10] % 2 + 1]
    assert by_hand == VECTOR_FACES


def test_worked_vector_v2_of_the_docs() -> None:
    v = VECTOR_V2
    h = seed_hash(v["seed"])
    assert h == "8414cd6b08e92be7f34132d9f8fabaa0cf0f072bab807b434e7ff02efc918a1e"
    payload = canonical_json(
        {
            "scheme": "ordnance-dice-v2",
            "game_id": v["game_id"],
            "version": v["version"],
            "seat": v["seat"],
            "action": v["action"],
            "hash": h,
        }
    ).decode()
    assert payload == (
        '{"action":{"dice":8,"target":"2,0","type":"attack"},"game_id":"example",'
        f'"hash":"{h}","scheme":"ordnance-dice-v2","seat":"allies","version":3}}'
    )
    digest = action_digest(v["game_id"], v["version"], v["seat"], v["action"], h)
    assert digest == VECTOR_V2_DIGEST == hashlib.sha256(payload.encode()).hexdigest()
    text = message(v["game_id"], v["version"], v["elements"], digest).decode()
    assert text == (
        f"ordnance-dice-v2\nexample\n3\n{digest}\nallies={'a1' * 32}\naxis={'b2' * 32}\n"
    )
    block = hmac.new(v["seed"].encode(), text.encode() + b"\0\0\0\0", "sha256").digest()
    assert block[:4].hex() == "983b4fec"
    by_hand = [b % 6 + 1 for b in block[:8]] + [block[8] % 10 + 1, block[9] % 2 + 1]
    assert all(b < 252 for b in block[:8]) and block[8] < 250
    faces = derive(v["seed"], v["game_id"], v["version"], v["elements"], v["sides"], digest)
    assert faces == by_hand == VECTOR_V2_FACES
    # the same action committed with a salt (docs: "c3" x 32), as every action is now
    salted = canonical_json({**json.loads(payload), "salt": "c3" * 32}).decode()
    assert salted.index('"salt":"c3') > salted.index('"hash":') and '"scheme"' in salted
    digest = action_digest(v["game_id"], v["version"], v["seat"], v["action"], h, "c3" * 32)
    assert digest == hashlib.sha256(salted.encode()).hexdigest()
    assert digest == "2a7becab71710aab56fcfd00cd6765e5586e4088caec92ec511e5574a73dbc5b"
    faces = derive(v["seed"], v["game_id"], v["version"], v["elements"], v["sides"], digest)
    assert faces == [2, 4, 5, 2, 3, 1, 6, 4, 1, 2]


def test_a_seats_secret_changes_the_dice() -> None:
    """Same server seed, same table and version: another seat element, other faces."""
    base = dict(VECTOR, sides=[6] * 12)
    mine = derive(base["seed"], "g", 3, {"allies": "a1" * 32, "axis": "b2" * 32}, base["sides"])
    other = derive(base["seed"], "g", 3, {"allies": "a1" * 32, "axis": "b3" * 32}, base["sides"])
    absent = derive(base["seed"], "g", 3, {"allies": "a1" * 32, "axis": None}, base["sides"])
    assert mine != other and mine != absent and other != absent


def test_server_roll_combines_every_revealed_secret(client: TestClient) -> None:
    table, allies, axis = _sit(client)
    dice = _roll(table, allies, axis)
    record = table.get("axis", "/dice").json()
    (roll,) = record["rolls"]
    assert roll["dice"] == dice and roll["version"] == 1
    assert set(roll["elements"]) == {"allies", "axis"} and None not in roll["elements"].values()
    # the faces are the derivation from the seed AND both seats' elements
    digest = roll["pending"]["digest"]
    assert dice == derive(roll["seed"], table.id, 1, roll["elements"], roll["sides"], digest)
    without_axis = dict(roll["elements"], axis=None)
    assert dice != derive(roll["seed"], table.id, 1, without_axis, roll["sides"], digest)
    report = check(record)
    assert report.success() and report.verified == 1 and report.rolls[0].absent == []
    # each element is published with its chain: it hashes to the anchor
    step = hashlib.sha256(bytes.fromhex(roll["elements"]["axis"])).hexdigest()
    assert step == record["chains"]["axis"][0]["anchor"] == axis.anchor


def test_a_seat_without_a_reveal_is_recorded_absent(client: TestClient) -> None:
    table, allies, _axis = _sit(client)
    _roll(table, allies, None)
    report = check(table.get("allies", "/dice").json())
    assert report.success() and report.rolls[0].absent == ["axis"]


def test_operator_replacing_an_unpublished_seed_is_detected(client: TestClient) -> None:
    """The seed of version 1 was drawn at creation and not yet shown; the operator
    swaps it in the database. Its published hash then no longer matches."""
    table, allies, axis = _sit(client)
    journal = client.app.state.service.journal  # type: ignore[attr-defined]
    with journal.transaction() as s:
        s.execute(
            update(CommitmentRow)
            .where(CommitmentRow.game_id == table.id, CommitmentRow.for_version == 1)
            .values(seed="00" * 32)
        )
    commitments._SEEN.clear()  # the operator restarts the server
    _roll(table, allies, axis)
    report = check(table.get("axis", "/dice").json())
    assert not report.success()
    assert any(p.startswith("hash mismatch") for p in report.rolls[0].problems)


def test_operator_choosing_seed_and_hash_before_publication_cannot_choose_the_dice(
    client: TestClient,
) -> None:
    """Replacing seed AND hash before anyone saw them is not detectable, and
    useless: the operator picks a seed giving six 1s without the seats'
    elements, and the roll comes out otherwise once both seats revealed."""
    table, allies, axis = _sit(client)
    forced = next(
        seed
        for seed in (hashlib.sha256(str(i).encode()).hexdigest() for i in range(200_000))
        if derive(seed, table.id, 1, {"allies": None, "axis": None}, [6, 6, 6], "00" * 32)
        == [1, 1, 1]
    )
    journal = client.app.state.service.journal  # type: ignore[attr-defined]
    with journal.transaction() as s:
        s.execute(
            update(CommitmentRow)
            .where(CommitmentRow.game_id == table.id, CommitmentRow.for_version == 1)
            .values(seed=forced, seed_hash=seed_hash(forced))
        )
    commitments._SEEN.clear()
    dice = _roll(table, allies, axis)
    assert dice[:3] != [1, 1, 1]
    assert check(table.get("axis", "/dice").json()).success()


def test_a_forged_die_or_element_is_named(client: TestClient) -> None:
    table, allies, axis = _sit(client)
    _roll(table, allies, axis)
    record = table.get("axis", "/dice").json()
    forged = copy.deepcopy(record)
    forged["rolls"][0]["dice"][2] = forged["rolls"][0]["dice"][2] % 6 + 1
    problems = check(forged).rolls[0].problems
    assert problems == [problems[0]] and problems[0].startswith("die value mismatch: die #3")
    swapped = copy.deepcopy(record)
    swapped["rolls"][0]["elements"]["axis"] = "ab" * 32
    assert any(p.startswith("chain mismatch") for p in check(swapped).rolls[0].problems)
    left_out = copy.deepcopy(record)
    left_out["rolls"][0]["elements"]["axis"] = None
    assert any("left it out" in p for p in check(left_out).rolls[0].problems)


def _pending(table: Table, allies: Chain) -> dict[str, Any]:
    view = table.get("allies", "/view").json()
    body = {"action": ATTACK, "expected_version": view["version"], "element": allies.next_element()}
    res = table.post("allies", "/actions", body)
    assert res.status_code == 202, res.text
    rolling: dict[str, Any] = res.json()["rolling"]
    return rolling


def test_reveals_follow_the_chain_one_step_per_version(client: TestClient) -> None:
    table, allies, axis = _sit(client)
    view = table.get("axis", "/view").json()
    body = {"version": 1, "commitment": view["commitment"]["hash"], "element": axis.chain[-2]}
    early = table.post("axis", "/dice/reveal", body)  # no action is waiting: TABLE-DICE-7
    assert early.status_code == 422 and early.json()["clause"] == "TABLE-DICE-7"
    pending = _pending(table, allies)
    assert pending["waiting_for"] == ["axis"] and pending["revealed"] == ["allies"]
    body["pending"] = pending["digest"]
    skip = table.post("axis", "/dice/reveal", dict(body, element=axis.chain[-3]))
    assert skip.status_code == 422 and skip.json()["clause"] == "TABLE-DICE-4"
    stale = table.post("axis", "/dice/reveal", dict(body, version=0))
    assert stale.status_code == 409
    wrong_hash = table.post("axis", "/dice/reveal", dict(body, commitment="0" * 64))
    assert wrong_hash.status_code == 409
    other_action = table.post("axis", "/dice/reveal", dict(body, pending="0" * 64))
    assert other_action.status_code == 409
    bad = table.post("axis", "/dice/reveal", dict(body, element="XYZ"))
    assert bad.status_code == 422
    # the actor's element came with its action: a reveal of its own after it is TABLE-DICE-10
    mine = table.post("allies", "/dice/reveal", dict(body, element=allies.chain[-3]))
    assert mine.status_code == 422 and mine.json()["clause"] == "TABLE-DICE-10"
    # while it waits, no other action is taken at this version (TABLE-DICE-8)
    busy = table.act("axis", {"type": "end_phase"})
    assert busy.status_code == 422 and busy.json()["clause"] == "TABLE-DICE-8"
    ok = table.post("axis", "/dice/reveal", body)
    assert ok.status_code == 200 and ok.json()["applied"] == 2
    again = table.post("axis", "/dice/reveal", body)
    assert again.status_code == 409  # the game moved on


def test_an_anchor_published_after_the_commitment_cannot_serve_it(client: TestClient) -> None:
    """TABLE-DICE-4: a chain published while an action waits cannot feed its roll; the
    chain in force at the commitment still does (the seat is not dropped)."""
    table, allies, axis = _sit(client)
    pending = _pending(table, allies)
    late = Chain(table, "axis", root="cd" * 32)
    published = late.publish().json()
    assert published["from_version"] == 1 and published["seq"] > pending["commit_seq"]
    view = table.get("axis", "/view").json()
    assert view["dice"]["chain"]["anchor"] == axis.chain[-1]  # the chain in force
    body = {
        "version": 1,
        "commitment": view["commitment"]["hash"],
        "element": late.chain[-2],
        "pending": pending["digest"],
    }
    res = table.post("axis", "/dice/reveal", body)
    assert res.status_code == 422 and res.json()["clause"] == "TABLE-DICE-4"
    assert axis.reveal().json()["applied"] == 2
    (roll,) = table.get("allies", "/dice").json()["rolls"]
    assert roll["elements"]["axis"] == axis.chain[-2] and roll["without"] == []


def test_a_reveal_names_its_action_and_comes_after_it(client: TestClient) -> None:
    """The published reveal names the pending action's digest and its order number is
    above the action's commitment; the roll's message carries the digest."""
    table, allies, axis = _sit(client)
    pending = _pending(table, allies)
    assert axis.chain[-2] not in table.get("allies", "/view").text
    assert axis.reveal().json()["applied"] == 2
    record = table.get("allies", "/dice").json()
    (roll,) = record["rolls"]
    (reveal,) = record["chains"]["axis"][0]["reveals"]
    assert reveal["element"] == axis.chain[-2] and reveal["pending"] == pending["digest"]
    assert roll["scheme"] == "ordnance-dice-v2"
    assert reveal["seq"] > roll["pending"]["commit_seq"] == pending["commit_seq"]
    faces = derive(roll["seed"], table.id, 1, roll["elements"], roll["sides"], pending["digest"])
    assert faces == roll["dice"]
    assert derive(roll["seed"], table.id, 1, roll["elements"], roll["sides"]) != roll["dice"]


def test_an_action_element_must_match_the_reveal(client: TestClient) -> None:
    table, allies, _axis = _sit(client)
    view = table.get("allies", "/view").json()
    body = {"action": ATTACK, "expected_version": 1, "element": allies.chain[-3]}
    res = table.post("allies", "/actions", body)  # two steps: not the next element
    assert res.status_code == 422 and res.json()["clause"] == "TABLE-DICE-4"
    stale = table.post("allies", "/actions", dict(body, element=None, commitment="1" * 64))
    assert stale.status_code == 409
    body = dict(body, element=allies.chain[-2], commitment=view["commitment"]["hash"])
    assert table.post("allies", "/actions", body).status_code == 202


def test_a_refused_action_stores_no_element(client: TestClient) -> None:
    """Nothing is written for a refused action, its dice element included."""
    table, allies, _axis = _sit(client)
    body = {"action": {"type": "buy", "kind": "phosphorus-round", "hex": "1,0"}}
    res = table.post(
        "allies", "/actions", dict(body, expected_version=1, element=allies.next_element())
    )
    assert res.status_code == 422 and res.json()["clause"] == "TEST-STATUS-1"
    assert table.get("allies", "/view").json()["dice"]["chain"]["revealed"] is None


def test_a_reveal_arriving_while_the_rules_run_is_not_left_out(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The roll's record is written in the journal's transaction, which re-reads
    the reveals for the pending action: one that slipped in while the rules ran
    (after the deadline, as the roll went ahead) is in the roll."""
    from ordnance.server import dice_table

    table, allies, axis = _sit(client)
    pending = _pending(table, allies)
    journal = client.app.state.service.journal  # type: ignore[attr-defined]
    commit = table.get("axis", "/view").json()["commitment"]["hash"]
    element = axis.next_element()
    real = dice_table.settle_hook
    calls: list[int] = []

    def hook_then_reveal(*args: Any) -> Any:
        hook = real(*args)
        if not calls:
            dice_table.reveal(journal, table.id, "axis", 1, commit, element, pending["digest"])
        calls.append(1)
        return hook

    monkeypatch.setattr(dice_table, "settle_hook", hook_then_reveal)
    Clock(pending["deadline"] + 1).install(client)
    table.get("allies", "/view")
    assert len(calls) == 2
    report = check(table.get("allies", "/dice").json())
    assert report.success() and report.rolls[0].absent == []


def test_entered_dice_only_at_a_table_made_for_them(client: TestClient) -> None:
    """TABLE-DICE-1: a remote table with server dice refuses entered dice."""
    table = Table(client)
    table.act("allies", {"type": "end_phase"})
    res = table.act("allies", ATTACK, dice=[6] * 6)
    assert res.status_code == 422 and res.json()["clause"] == "TABLE-DICE-1"
    assert table.version() == 1
    at_one_table = Table(client, dice="entered")
    at_one_table.act("allies", {"type": "end_phase"})
    assert at_one_table.get("axis", "/view").json()["dice"]["mode"] == "entered"
    assert at_one_table.act("allies", ATTACK, dice=[6] * 6).status_code == 200
    bad = client.post("/api/tables", json={"game": "secrets", "dice": "loaded"})
    assert bad.status_code == 422


def test_verifier_refuses_hidden_or_missing_commitments(client: TestClient) -> None:
    table, allies, axis = _sit(client)
    _roll(table, allies, axis)
    record = table.get("axis", "/dice").json()
    hidden = copy.deepcopy(record)
    for roll in hidden["rolls"]:
        roll["seed"] = roll["dice"] = roll["sides"] = None
    report = check(hidden)
    assert report.verified == 0 and not report.success() and not report.success(True)
    missing = copy.deepcopy(record)
    missing["rolls"][0]["hash"] = None
    assert check(missing).rolls[0].status == "failed"
    no_record = copy.deepcopy(record)
    no_record["rolls"][0]["scheme"] = None
    assert check(no_record).rolls[0].status == "failed"
    assert not check(dict(record, rolls=[])).success()  # "0 verified" is not a success


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["rolls"][0]["dice"].append(4), "rolls.0"),  # one extra die
        (lambda r: r["rolls"][0].update(seed="zz"), "rolls.0.seed"),
        (lambda r: r["rolls"][0].update(dice=["4"] * 6), "rolls.0.dice.0"),
        (lambda r: r["chains"]["axis"][0].update(anchor=5), "chains.axis.0.anchor"),
        (lambda r: r.pop("rolls"), "rolls"),
        (lambda r: r.update(scheme="v0"), "scheme"),
    ],
)
def test_malformed_records_are_named(client: TestClient, change: Any, field: str) -> None:
    table, allies, axis = _sit(client)
    _roll(table, allies, axis)
    record = table.get("axis", "/dice").json()
    change(record)
    with pytest.raises(MalformedRecord) as err:
        check(record)
    assert str(err.value).startswith(field) and "\n" not in str(err.value)


@pytest.fixture
def pg_client(pg_url: str) -> Iterator[TestClient]:
    app = create_app(fresh_pg_db(pg_url), heartbeat=60.0)
    with TestClient(app) as c:
        yield c
    app.state.service.journal.close()


@pytest.mark.postgres
def test_dice_on_postgres(pg_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same flow, the chain rules and the late-reveal retry on PostgreSQL."""
    test_server_roll_combines_every_revealed_secret(pg_client)
    test_reveals_follow_the_chain_one_step_per_version(pg_client)
    test_a_reveal_arriving_while_the_rules_run_is_not_left_out(pg_client, monkeypatch)
