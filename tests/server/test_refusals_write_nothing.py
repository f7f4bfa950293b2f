"""A refused action writes no row in any table (covers TABLE-VERSION and the
issue's "a refused action writes nothing").

Each test counts the rows of EVERY table of the database (found by inspecting
it, so a table added later is counted too) before and after a stale POST, a
refused POST and an unreadable POST. Before the fix a stale POST drew a batch
of dice commitments for whatever version the client named, so a seat could
grow the database without limit.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from ordnance.server.app import create_app
from ordnance.server.routes import MAX_VERSION
from tests.server.conftest import Table, fresh_pg_db

Counts = dict[str, int]


def row_counts(client: TestClient) -> Counts:
    engine = client.app.state.service.journal.engine  # type: ignore[attr-defined]
    names = sorted(inspect(engine).get_table_names())
    assert {"dice_commitments", "journal", "games", "seats", "undo_requests"} <= set(names)
    with engine.connect() as conn:
        return {
            n: int(conn.execute(text(f'SELECT COUNT(*) FROM "{n}"')).scalar_one()) for n in names
        }


def raw_post(table: Table, body: object) -> int:
    """POST an action WITHOUT reading the view first (a view may draw a commitment)."""
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    res = table.client.post(
        f"/api/tables/{table.id}/actions",
        content=content,
        headers={**table.h("allies"), "Content-Type": "application/json"},
    )
    assert "Traceback" not in res.text
    return int(res.status_code)


def advance(table: Table, steps: int) -> int:
    """Play ``steps`` accepted actions by explicit version (no view in between)."""
    for v in range(steps):
        assert raw_post(table, {"action": {"type": "end_phase"}, "expected_version": v}) == 200
    return steps


REFUSALS: list[tuple[str, Callable[[int], object], int]] = [
    (
        "stale, far ahead",
        lambda v: {"action": {"type": "end_phase"}, "expected_version": 10**6},
        409,
    ),
    ("stale, next", lambda v: {"action": {"type": "end_phase"}, "expected_version": v + 1}, 409),
    ("stale, behind", lambda v: {"action": {"type": "end_phase"}, "expected_version": v - 1}, 409),
    (
        "stale, server dice",
        lambda v: {
            "action": {"type": "attack", "dice": 2, "target": "1,0"},
            "expected_version": v + 40,
        },
        409,
    ),
    (
        "over the bound",
        lambda v: {"action": {"type": "end_phase"}, "expected_version": MAX_VERSION + 1},
        422,
    ),
    (
        "refused by the rules",  # TEST-STATUS-1: buying outside the Status Phase
        lambda v: {
            "action": {"type": "buy", "kind": "smoke-round", "hex": "1,0"},
            "expected_version": v,
        },
        422,
    ),
    (
        "refused with server dice",  # the game rolls nothing: refused before the dice
        lambda v: {"action": {"type": "nothing"}, "expected_version": v},
        422,
    ),
    ("bad JSON", lambda v: b"{not json", 422),
    (
        "bad action fields",
        lambda v: {"action": {"type": "attack", "dice": "many"}, "expected_version": v},
        422,
    ),
]


@pytest.mark.parametrize(("name", "body", "status"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refused_post_writes_no_row_in_any_table(
    client: TestClient, name: str, body: Callable[[int], object], status: int
) -> None:
    table = Table(client)
    # 17 accepted actions: past the first batch of commitments drawn at creation,
    # and odd, so the game is in its Attack Phase (buying is refused there).
    version = advance(table, 17)
    before = row_counts(client)
    for _ in range(3):
        assert raw_post(table, body(version)) == status, name
    assert row_counts(client) == before
    # the table still plays on at the same version
    assert raw_post(table, {"action": {"type": "end_phase"}, "expected_version": version}) == 200


def test_accepted_action_draws_the_next_commitment_so_a_refusal_need_not(
    client: TestClient,
) -> None:
    table = Table(client)
    for v in range(40):
        advance_one = {"action": {"type": "end_phase"}, "expected_version": v}
        assert raw_post(table, advance_one) == 200
        before = row_counts(client)
        assert raw_post(table, {"action": {"type": "nothing"}, "expected_version": v + 1}) == 422
        assert row_counts(client) == before


def test_undo_request_with_a_far_version_writes_nothing(client: TestClient) -> None:
    table = Table(client)
    advance(table, 1)
    before = row_counts(client)
    res = table.post("allies", "/undo", {"expected_version": 10**6})
    assert res.status_code == 409
    res = table.post("allies", "/undo", {"expected_version": MAX_VERSION + 1})
    assert res.status_code == 422
    assert row_counts(client) == before


@pytest.fixture
def pg_client(pg_url: str) -> Iterator[TestClient]:
    app = create_app(fresh_pg_db(pg_url), heartbeat=60.0)
    with TestClient(app) as c:
        yield c
    app.state.service.journal.close()


@pytest.mark.postgres
def test_refusals_write_nothing_on_postgres(pg_client: TestClient) -> None:
    table = Table(pg_client)
    version = advance(table, 17)
    before = row_counts(pg_client)
    for _name, body, status in REFUSALS:
        assert raw_post(table, body(version)) == status, _name
    assert row_counts(pg_client) == before


def test_row_counts_sees_a_write(tmp_path: Path) -> None:
    """The counter itself can fail: an accepted action adds rows."""
    app = create_app(tmp_path / "t.db", heartbeat=0.2)
    with TestClient(app) as c:
        table = Table(c)
        before = row_counts(c)
        advance(table, 1)
        assert row_counts(c) != before


# -- texts the databases cannot hold alike: refused at the boundary, 422 naming the field ------
LONG = "x" * 33
#: (name, method, path with {gid}, JSON body or raw bytes or None, the field named)
BAD_TEXTS: list[tuple[str, str, str, object, str]] = [
    (
        "seat name over 32 characters",
        "POST",
        "/api/tables",
        {"game": "waw", "settings": {"sides": {LONG: "american", "soviet": "soviet"}}},
        f"settings.sides.{LONG}",
    ),
    (
        "seat name with NUL",
        "POST",
        "/api/tables",
        {"game": "waw", "settings": {"sides": {"us\x00": "american", "soviet": "soviet"}}},
        "settings.sides",
    ),
    (
        "seat name with a lone surrogate",
        "POST",
        "/api/tables",
        b'{"game": "waw", "settings": {"sides": {"us\\ud800": "american", "soviet": "soviet"}}}',
        "settings.sides",
    ),
    (
        "ToI profile title with a lone surrogate",
        "POST",
        "/api/tables",
        b'{"game": "toi", "settings": {"profiles": [{"title": "T-34 \\udc00"}]}}',
        "settings.profiles.0.title",
    ),
    (
        "setting string of 501 characters",
        "POST",
        "/api/tables",
        {"game": "toi", "settings": {"profiles": [{"title": "y" * 501}]}},
        "settings.profiles.0.title",
    ),
    (
        "control character in a game name",
        "POST",
        "/api/tables",
        {"game": "toi\x1b", "settings": {}},
        "game",
    ),
    (
        "NaN in the settings",
        "POST",
        "/api/tables",
        b'{"game": "toi", "settings": {"x": NaN}}',
        "settings.x",
    ),
    (
        "action string with NUL",
        "POST",
        "/api/tables/{gid}/actions",
        {"action": {"type": "end_phase\x00"}, "expected_version": 0},
        "action.type",
    ),
    (
        "action string with a lone surrogate",
        "POST",
        "/api/tables/{gid}/actions",
        b'{"action": {"type": "attack", "target": "\\ud83d"}, "expected_version": 0}',
        "action.target",
    ),
    (
        "odds action key with a surrogate",
        "POST",
        "/api/tables/{gid}/odds",
        b'{"action": {"\\ud83d": 1}}',
        "action",
    ),
    (
        "claim code with NUL",
        "POST",
        "/api/tables/{gid}/claim",
        {"invitation": "a\x00" * 10},
        "invitation",
    ),
    (
        "query parameter with NUL",
        "GET",
        "/api/tables/{gid}/los?from=%00&to=1,0",
        None,
        "query.from",
    ),
    ("ticket with NUL", "GET", "/api/tables/{gid}/events?ticket=%00", None, "query.ticket"),
    ("path with NUL (API)", "GET", "/api/tables/%00/view", None, "path.game_id"),
    ("path with NUL (page)", "GET", "/t/%00", None, "path.game_id"),
    ("path with NUL (join page)", "GET", "/join/%00", None, "path.game_id"),
    ("path too long (page)", "GET", "/t/" + "a" * 65, None, "path.game_id"),
]


def send_bad(client: TestClient, table: Table, method: str, path: str, body: object) -> Any:
    url = path.replace("{gid}", table.id)
    headers = dict(table.h("allies"))
    if body is None:
        return client.request(method, url, headers=headers)
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    headers["Content-Type"] = "application/json"
    return client.request(method, url, content=content, headers=headers)


def _check_bad_texts(client: TestClient) -> None:
    table = Table(client)
    advance(table, 1)
    table.get("allies", "/view")  # draws what a view draws, before counting
    before = row_counts(client)
    for name, method, path, body, field in BAD_TEXTS:
        res = send_bad(client, table, method, path, body)
        assert res.status_code == 422, (name, res.status_code, res.text)
        answer = res.json()
        assert answer["field"] == field, (name, answer)
        assert "Traceback" not in res.text
        assert row_counts(client) == before, name
    # the table still plays, and every view still answers
    assert raw_post(table, {"action": {"type": "end_phase"}, "expected_version": 1}) == 200
    assert table.get("axis", "/view").status_code == 200


def test_bad_texts_are_refused_naming_the_field_and_write_nothing(client: TestClient) -> None:
    """NUL, lone surrogates, control characters, long strings, NaN: 422 with the field, no row."""
    _check_bad_texts(client)


@pytest.mark.postgres
def test_bad_texts_are_refused_alike_on_postgres(pg_client: TestClient) -> None:
    """The same limits on PostgreSQL, which refuses NUL and over-long VARCHARs itself."""
    _check_bad_texts(pg_client)


def test_seat_names_within_the_limits_are_kept_exactly(client: TestClient) -> None:
    """32 characters and a '.' are accepted on SQLite as on PostgreSQL (same limit)."""
    name = "3rd.Bn " + "z" * 25
    assert len(name) == 32
    res = client.post(
        "/api/tables",
        json={"game": "waw", "settings": {"sides": {name: "american", "soviet": "soviet"}}},
    )
    assert res.status_code == 201, res.text
    assert res.json()["seat"] == name
