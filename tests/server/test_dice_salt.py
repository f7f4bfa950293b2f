"""The salt of a pending action's digest (``ordnance-dice-v3``, docs/server.md "The derivation").

A digest of public inputs alone could be inverted by hashing every action the
acting seat might have sent; the salt, published only with the roll, closes
that. It is derived from the roll's server seed (committed before the action),
so the server cannot try salts until the roll suits it; rows committed before
that carry a random salt under ``v2`` and are reported as such. The CLI
verifier checks the salt against the revealed seed and the digest against the
action and its salt (clauses TABLE-DICE-1..10 are the dice rules, see test_dice.py).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from ordnance.server import dice_table
from ordnance.server.dice_scheme import (
    SCHEME,
    SCHEME_V3,
    action_digest,
    derive,
    fresh_salt,
    is_hex,
    seed_hash,
    seed_salt,
)
from ordnance.server.dice_verify import RANDOM_SALT_NOTE, check
from tests.server.test_dice import ATTACK, VECTOR_V2, _pending, _roll, _sit
from tests.server.test_migration_0005 import _run

DIGEST_PROBLEM = "order: the action's digest is not the digest of the action recorded"


def test_a_pending_digest_cannot_be_found_from_public_inputs(client: TestClient) -> None:
    table, allies, axis = _sit(client)
    view = table.get("axis", "/view").json()
    pending = _pending(table, allies)
    digest, h = pending["digest"], view["commitment"]["hash"]
    # every attack allies could have made here, the true one among them: none of them,
    # hashed with the public inputs, gives the digest the other seats see
    candidates = [
        {"type": "attack", "dice": n, "target": f"{q},{r}"}
        for n in range(1, 13)
        for q in range(-3, 4)
        for r in range(-3, 4)
    ]
    assert ATTACK in candidates
    assert all(action_digest(table.id, 1, "allies", a, h) != digest for a in candidates)
    seen = table.get("axis", "/view")
    waiting = seen.json()
    assert waiting["dice"]["pending"]["digest"] == digest
    assert "salt" not in waiting["dice"]["pending"]
    # once rolled, the record publishes the salt with the action, and they give the digest
    assert axis.reveal().json()["applied"] == 2
    record = table.get("axis", "/dice").json()
    (roll,) = record["rolls"]
    salt = roll["pending"]["salt"]
    assert is_hex(salt) and roll["pending"]["action"] == ATTACK
    assert roll["pending"]["scheme"] == SCHEME_V3
    assert action_digest(table.id, 1, "allies", ATTACK, h, salt, SCHEME_V3) == digest
    assert salt not in seen.text  # it was not shown before the roll
    assert check(record).rolls[0].problems == []


def test_each_commitment_draws_its_own_salt(client: TestClient) -> None:
    """The same action by the same seat on two tables: the salts (and so the digests'
    payloads) differ, so one digest says nothing about another."""
    salts = []
    for _ in range(2):
        table, allies, axis = _sit(client)
        _pending(table, allies)
        assert axis.reveal().status_code == 200
        salts.append(table.get("allies", "/dice").json()["rolls"][0]["pending"]["salt"])
    assert salts[0] != salts[1]


def test_the_verifier_fails_a_salt_or_action_changed_after_the_fact(client: TestClient) -> None:
    table, allies, axis = _sit(client)
    _pending(table, allies)
    assert axis.reveal().status_code == 200
    record = table.get("allies", "/dice").json()
    assert check(record).rolls[0].problems == []
    for change in (
        lambda p: p.update(salt="00" * 32),
        lambda p: p.update(salt=None),
        lambda p: p["action"].update(target="1,0"),
    ):
        forged = copy.deepcopy(record)
        change(forged["rolls"][0]["pending"])
        assert DIGEST_PROBLEM in check(forged).rolls[0].problems


def test_the_salt_is_derived_from_the_seed_revealed_with_the_roll(client: TestClient) -> None:
    """The server's salt is ``seed_salt`` of the seed whose hash it published before the
    action: the record's salt is recomputed from the revealed seed and matches."""
    table, allies, axis = _sit(client)
    h = table.get("axis", "/view").json()["commitment"]["hash"]
    _pending(table, allies)
    assert axis.reveal().status_code == 200
    (roll,) = table.get("axis", "/dice").json()["rolls"]
    assert roll["hash"] == h and roll["seed"] is not None
    assert roll["pending"]["salt"] == seed_salt(roll["seed"], table.id, 1, "allies")
    result = check(table.get("axis", "/dice").json()).rolls[0]
    assert result.status == "ok" and RANDOM_SALT_NOTE not in result.notes
    # the derivation itself: HMAC-SHA256 keyed by the seed over label, game, version, seat
    assert seed_salt("ab" * 32, "g1", 3, "a") == (
        "98a6ad0e28d4a4c6ffd90ec732c915204bbdb8e1c92315b496105f05650871c6"
    )
    assert seed_salt("ab" * 32, "g1", 3, "b") != seed_salt("ab" * 32, "g1", 3, "a")


def test_worked_vector_v3_of_the_docs() -> None:
    """docs/server.md, "The derivation": the v2 worked example under a v3 digest."""
    v = VECTOR_V2
    salt = seed_salt(v["seed"], v["game_id"], v["version"], v["seat"])
    assert salt == "6af8e7f07c6174e83f6ce5f8488a1815908f3c1dc1077610e0008058c2fc0f27"
    h = seed_hash(v["seed"])
    digest = action_digest(v["game_id"], v["version"], v["seat"], v["action"], h, salt, SCHEME_V3)
    assert digest == "11c17b4497b090bc8d534dc9ab03418ba820f998d2295aa401c0f36a22d105de"
    sides = [6] * 8 + [10, 2]
    faces = derive(v["seed"], v["game_id"], v["version"], v["elements"], sides, digest)
    assert faces == [5, 4, 6, 5, 5, 5, 3, 1, 9, 2]


SALT_PROBLEM = "salt: the published salt is not the one derived from the revealed seed"


def test_a_salt_not_from_the_seed_fails(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A v3 record whose salt is replaced fails on the salt itself; a server that committed
    a v3 digest with a salt of its own choosing fails too (it checks as neither v3 nor v2)."""
    table, allies, axis = _sit(client)
    _pending(table, allies)
    assert axis.reveal().status_code == 200
    record = table.get("allies", "/dice").json()
    forged = copy.deepcopy(record)
    forged["rolls"][0]["pending"]["salt"] = fresh_salt()
    result = check(forged).rolls[0]
    assert result.status == "failed" and SALT_PROBLEM in result.problems
    # the operator picks the salt at the commitment (here: a random one) under v3
    table, allies, axis = _sit(client)
    monkeypatch.setattr(dice_table, "seed_salt", lambda *_a: fresh_salt())
    _pending(table, allies)
    assert axis.reveal().status_code == 200
    result = check(table.get("allies", "/dice").json()).rolls[0]
    assert result.status == "failed" and DIGEST_PROBLEM in result.problems


def _committed_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commit the way the server did before the derived salt: a random salt, v2 digest."""
    monkeypatch.setattr(dice_table, "seed_salt", lambda *_a: fresh_salt())
    monkeypatch.setattr(dice_table, "SCHEME_V3", SCHEME)


def test_a_random_salt_from_before_the_change_is_reported(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A roll committed with a random salt (``v2`` digest) still verifies, with a note
    saying the operator chose its salt; after a roll salted from its seed, such a roll
    fails (the server cannot go back to choosing salts)."""
    table, allies, axis = _sit(client)
    with monkeypatch.context() as m:
        _committed_as_before(m)
        _roll(table, allies, axis)
    _roll(table, allies, axis)
    record = table.get("allies", "/dice").json()
    assert [r["pending"]["scheme"] for r in record["rolls"]] == [SCHEME, SCHEME_V3]
    old, new = check(record).rolls
    assert old.status == "ok" and old.notes == [RANDOM_SALT_NOTE]
    assert new.status == "ok" and new.notes == []
    # v3 first, then a random salt: refused
    table, allies, axis = _sit(client)
    _roll(table, allies, axis)
    with monkeypatch.context() as m:
        _committed_as_before(m)
        _roll(table, allies, axis)
    late = check(table.get("allies", "/dice").json()).rolls[1]
    assert late.status == "failed"
    assert any(p.startswith("salt: a random salt after rolls") for p in late.problems)


def test_migration_0010_keeps_old_pending_rows_unsalted(tmp_path: Path) -> None:
    """A pending action committed before salts keeps its row with ``salt`` NULL (its
    digest, made without one, still checks: the payload has no "salt" key), and a
    downgrade drops the column."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    _run(url, "upgrade", "0009_anchor_order")
    engine = sa.create_engine(url)
    old = action_digest("g", 1, "allies", ATTACK, "00" * 32)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO games (id, game, rules_version, settings, version, created_at) "
                "VALUES ('g', 'secrets', '1', '{}', 1, '2026-01-01')"
            )
        )
        conn.execute(
            sa.text(
                "INSERT INTO dice_pending (game_id, at_version, seat, action, digest, seed_hash, "
                "commit_seq, awaited, opened_at, status) VALUES ('g', 1, 'allies', :a, :d, :h, "
                "3, '[]', 0, 'pending')"
            ),
            {"a": json.dumps(ATTACK), "d": old, "h": "00" * 32},
        )
    engine.dispose()
    _run(url, "upgrade", "head")
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        row = conn.execute(sa.text("SELECT digest, salt FROM dice_pending")).one()
        assert tuple(row) == (old, None)
    engine.dispose()
    _run(url, "downgrade", "0009_anchor_order")
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        columns = {c["name"] for c in sa.inspect(conn).get_columns("dice_pending")}
        assert "salt" not in columns and "digest" in columns
    engine.dispose()
