"""Nobody who reads the database before an action is sent can compute its roll.

The operator holds the database (every server seed, every stored element), and
often plays a seat too. These tests read EVERY row of EVERY table just before
the acting seat sends an attack and show that the dice cannot be derived from
it, even with the acting seat's own secret chain added: the other seat's
element for that roll does not exist anywhere yet, because a seat reveals only
for an action already committed (scheme ``ordnance-dice-v2``; clauses
TABLE-DICE-7 and TABLE-DICE-8 in docs/server.md).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from ordnance.server.dice_scheme import SCHEME_V3, action_digest, derive, seed_hash
from tests.server.conftest import Table
from tests.server.dice_helpers import Chain

#: 12 dice: a chance match of one wrong derivation is 6**-12 (about 5e-10).
ATTACK = {"type": "attack", "dice": 12, "target": "2,0"}
HEX64 = re.compile(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])")


def whole_database(client: TestClient) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the journal database (SQLite), as the operator sees it."""
    engine = client.app.state.service.journal.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        names = [
            r[0]
            for r in conn.execute(
                text("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            )
        ]
        return {n: [tuple(r) for r in conn.execute(text(f'SELECT * FROM "{n}"'))] for n in names}


def hex_values(dump: dict[str, list[tuple[Any, ...]]]) -> set[str]:
    """Every 64-hex-digit string anywhere in the dump (columns, JSON, pickled blobs)."""
    found: set[str] = set()
    for rows in dump.values():
        for row in rows:
            for value in row:
                raw = value.decode("latin-1") if isinstance(value, bytes) else str(value)
                found |= set(HEX64.findall(raw))
    return found


def _seated(client: TestClient, **more: Any) -> tuple[Table, Chain, Chain]:
    table = Table(client, **more)
    allies, axis = Chain(table, "allies"), Chain(table, "axis")
    assert allies.publish().status_code == 200 and axis.publish().status_code == 200
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    # the axis page has seen version 1 (as a live page would) and revealed nothing
    assert table.get("axis", "/view").json()["dice"]["pending"] is None
    return table, allies, axis


def test_the_whole_database_before_an_action_does_not_give_its_roll(client: TestClient) -> None:
    table, allies, axis = _seated(client)
    view = table.get("allies", "/view").json()
    dump = whole_database(client)
    assert {"dice_commitments", "dice_reveals", "dice_anchors", "journal"} <= set(dump)
    known = hex_values(dump)
    axis_next = axis.chain[-2]
    # the operator has the seed of version 1 and every anchor; not axis's next element
    seed = next(s for s in known if seed_hash(s) == view["commitment"]["hash"])
    assert seed in known and axis.anchor in known and allies.anchor in known
    assert axis_next not in known
    assert not any(axis_next in str(row) for rows in dump.values() for row in rows)

    # the attack is sent (with allies' element) and waits; axis's page reveals for it
    allies_element = allies.next_element()
    body = {
        "action": ATTACK,
        "expected_version": 1,
        "commitment": view["commitment"]["hash"],
        "element": allies_element,
    }
    res = table.post("allies", "/actions", body)
    assert res.status_code == 202
    digest = res.json()["rolling"]["digest"]
    # salted: not the digest of the action with the public inputs alone
    assert digest != action_digest(table.id, 1, "allies", ATTACK, view["commitment"]["hash"])
    assert axis.reveal().json()["applied"] == 2
    salt = table.get("allies", "/dice").json()["rolls"][-1]["pending"]["salt"]
    assert digest == action_digest(
        table.id, 1, "allies", ATTACK, view["commitment"]["hash"], salt, SCHEME_V3
    )
    dice = table.get("allies", "/log").json()["entries"][-1]["dice"]
    sides = [6] * 12
    assert len(dice) == 12

    # the operator together with allies (who knows its own chain) tries every seed and
    # every element the database held, and even knows the action's digest: no roll fits
    seeds = sorted(known)
    elements: list[str | None] = [None, *sorted(known)]
    tried = 0
    for s, e in itertools.product(seeds, elements):
        for d in (digest, None):
            tried += 1
            got = derive(s, table.id, 1, {"allies": allies_element, "axis": e}, sides, d)
            assert got != dice, (s, e, d)
    assert tried > 2 * len(seeds)
    # the one missing input is axis's element, revealed after the action was committed
    assert (
        derive(seed, table.id, 1, {"allies": allies_element, "axis": axis_next}, sides, digest)
        == dice
    )


def test_a_seat_cannot_reveal_before_the_action(client: TestClient) -> None:
    """TABLE-DICE-7: the old early reveal (for a version, before any action) is refused
    and writes nothing, so the database never holds an element ahead of its action."""
    table, _allies, axis = _seated(client)
    before = whole_database(client)
    view = table.get("axis", "/view").json()
    body = {"version": 1, "commitment": view["commitment"]["hash"], "element": axis.chain[-2]}
    res = table.post("axis", "/dice/reveal", body)
    assert res.status_code == 422 and res.json()["clause"] == "TABLE-DICE-7"
    after = whole_database(client)
    assert after["dice_reveals"] == before["dice_reveals"]
    assert axis.chain[-2] not in hex_values(after)


def test_an_anchor_published_at_the_action_s_version_is_awaited(client: TestClient) -> None:
    """An anchor published at version v, before the action at v was committed, is in force
    for it (at a real game's version 0 the first seat acts before any version passed):
    the other seat is awaited and the database before the action cannot give the roll.
    It used to count from v + 1 only, so the roll was drawn at once, unmarked."""
    table = Table(client, dice_wait="wait")
    assert table.act("allies", {"type": "end_phase"}).status_code == 200
    allies, axis = Chain(table, "allies"), Chain(table, "axis")
    assert allies.publish().status_code == 200 and axis.publish().status_code == 200
    assert table.get("allies", "/view").json()["version"] == 1
    known = hex_values(whole_database(client))
    allies_element = allies.next_element()
    body = {"action": ATTACK, "expected_version": 1, "element": allies_element}
    res = table.post("allies", "/actions", body)
    assert res.status_code == 202, res.text
    rolling = res.json()["rolling"]
    assert rolling["awaited"] == ["axis"] and rolling["waiting_for"] == ["axis"]
    assert axis.reveal().json()["applied"] == 2
    (roll,) = table.get("allies", "/dice").json()["rolls"]
    assert roll["without"] == [] and roll["elements"]["axis"] == axis.chain[-2]
    assert axis.chain[-2] not in known
    sides = [6] * 12
    for s, e in itertools.product(sorted(known), [None, *sorted(known)]):
        got = derive(
            s, table.id, 1, {"allies": allies_element, "axis": e}, sides, rolling["digest"]
        )
        assert got != roll["dice"], (s, e)
