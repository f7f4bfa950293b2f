"""Fuzzing the HTTP API from its OpenAPI document (schemathesis), on SQLite and PostgreSQL.

Bounded: a dozen examples per operation and mode. Every request is sent
with a real seat token and, for the table routes, a real table id, so the
generated bodies reach the rules. On top of schemathesis's own data, each
example may have one text replaced by a hostile one (NUL, a lone surrogate,
a control character, 501 or 33 characters, a dotted name), in the body, the
query or the path: the texts the two databases treat differently.

Two properties, on both databases: no 5xx, and a refused request (any 4xx)
changes no row of any table (every table found by inspecting the database).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from sqlalchemy import inspect, text

from ordnance.server.app import create_app
from tests.server.conftest import Table, claim, fresh_pg_db

#: Texts that SQLite and PostgreSQL store differently, or that cannot be stored at all.
HOSTILE_URL = ["\x00", "a\x00b", "\x1b[2J", "\x7f", "\u0085", "z" * 33, "y" * 501, "1st.inf"]
HOSTILE_BODY = [*HOSTILE_URL, "\ud800", "x\udfff", "\ud83d", "\t\n"]
#: Of those, the ones refused wherever they appear (the others are refused only in some places).
ALWAYS_REFUSED = (  # a tuple: ruff reads lone surrogates as one character
    "\x00",
    "a\x00b",
    "\x1b[2J",
    "\x7f",
    "\u0085",
    "y" * 501,
    "\ud800",
    "x\udfff",
    "\ud83d",
)


def row_counts(app: FastAPI) -> dict[str, int]:
    engine = app.state.service.journal.engine
    names = sorted(inspect(engine).get_table_names())
    with engine.connect() as conn:
        return {
            n: int(conn.execute(text(f'SELECT COUNT(*) FROM "{n}"')).scalar_one()) for n in names
        }


def _snapshot(app: FastAPI) -> tuple[Any, ...]:
    engine = app.state.service.journal.engine
    with engine.connect() as conn:
        versions = tuple(conn.execute(text("SELECT id, version FROM games ORDER BY id")).all())
        undo = tuple(conn.execute(text("SELECT id, status FROM undo_requests ORDER BY id")).all())
        seats = tuple(
            conn.execute(text("SELECT game_id, seat, token_hash FROM seats ORDER BY id")).all()
        )
    return row_counts(app), versions, undo, seats


def _slots(case: Any) -> list[tuple[str, Any, Any]]:
    """Where a hostile text can go: (part, container, key) for each string in the
    body (values and keys), each query value, and the path's table id."""
    found: list[tuple[str, Any, Any]] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            found.append(("body-key", value, None))
            for k, v in list(value.items()):
                if isinstance(v, str):
                    found.append(("body", value, k))
                else:
                    walk(v)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                if isinstance(v, str):
                    found.append(("body", value, i))
                else:
                    walk(v)

    if isinstance(case.body, dict | list):
        walk(case.body)
    for k in list(case.query or {}):
        found.append(("query", case.query, k))
    if case.path_parameters and "game_id" in case.path_parameters:
        found.append(("path", case.path_parameters, "game_id"))
    return found


def poison(case: Any, where: int, hostile: str) -> str:
    """Put ``hostile`` in one slot of ``case`` (URLs cannot carry surrogates)."""
    slots = _slots(case)
    if not slots:
        return "none"
    part, container, key = slots[where % len(slots)]
    if part != "body" and part != "body-key" and any(0xD800 <= ord(c) <= 0xDFFF for c in hostile):
        hostile = "\x00"
    if part == "body-key":
        container[hostile] = "x"
    else:
        container[key] = hostile
    return part


OPERATIONS = (
    30  # operations in the document besides the stream (checked below; GET and POST /since)
)


#: Open reissue requests the fuzzer made: request id -> (seat, invitation link).
PENDING_LINKS: dict[int, tuple[str, str]] = {}


def _refresh_tokens(table: Table, seat: str, path: str, response: Any) -> None:
    """Keep the fuzzer's tokens working after a fuzzed request replaced one."""
    if response.status_code >= 300:
        return
    if path.endswith("/token"):
        table.tokens[seat] = response.json()["token"]
    elif path.endswith("/invitations"):
        answer = response.json()
        if answer["status"] == "issued" and answer["seat"] in table.tokens:
            table.tokens[answer["seat"]] = claim(table.client, answer["link"])["token"]
        elif answer["status"] == "pending":  # the holder may hand the seat over later
            PENDING_LINKS[answer["request"]] = (answer["seat"], answer["link"])
    elif "/reissues/" in path and response.json().get("status") == "completed":
        held, link = PENDING_LINKS.pop(response.json()["request"])
        table.tokens[held] = claim(table.client, link)["token"]


def _fuzz(app: FastAPI, table: Table, mode: str) -> list[int]:
    api = schemathesis.openapi.from_asgi("/openapi.json", app).exclude(path_regex=".*/events$")
    operations = [r.ok() for r in api.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) == OPERATIONS
    generation = GenerationMode.POSITIVE if mode == "positive" else GenerationMode.NEGATIVE
    seen: list[int] = []
    for op in operations:
        label = op.label
        params = {"game_id": table.id} if "{game_id}" in op.path else None

        @given(
            case=op.as_strategy(generation, path_parameters=params),
            hostile=st.one_of(st.none(), st.sampled_from(HOSTILE_BODY)),
            where=st.integers(0, 40),
        )
        @settings(
            max_examples=12,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def run(case: Any, hostile: str | None, where: int) -> None:
            part = "none" if hostile is None else poison(case, where, hostile)
            seat = "allies" if len(repr(case.body)) % 2 else "axis"
            before = _snapshot(app)
            response = case.call(headers={"Authorization": f"Bearer {table.tokens[seat]}"})
            seen.append(response.status_code)
            what = (label, part, hostile, response.status_code, response.text[:300])  # noqa: B023
            assert response.status_code < 500, what
            assert "Traceback" not in response.text, what
            if hostile in ALWAYS_REFUSED and part != "none":
                # refused at the boundary, before any route, naming where
                assert response.status_code == 422, what
                assert json.loads(response.text).get("field"), what
            if response.status_code >= 400:
                assert _snapshot(app) == before, what
            _refresh_tokens(table, seat, case.formatted_path, response)

        try:
            run()
        except Unsatisfiable:  # nothing invalid to send to this operation
            assert mode == "negative"
    return seen


@pytest.fixture(scope="module")
def sqlite_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[FastAPI, Table]]:
    yield from _app(tmp_path_factory.mktemp("fuzz") / "f.db")


def _app(url: str | Path) -> Iterator[tuple[FastAPI, Table]]:
    app = create_app(url, heartbeat=0.1, create_rate=None)
    with TestClient(app) as client:
        table = Table(client)
        table.act("allies", {"type": "end_phase"})
        table.get("allies", "/view")  # the commitments a first view draws, drawn now
        yield app, table
    app.state.service.journal.close()


@pytest.mark.parametrize("mode", ["positive", "negative"])
def test_api_never_fails_and_refusals_change_nothing(
    sqlite_app: tuple[FastAPI, Table], mode: str
) -> None:
    seen = _fuzz(*sqlite_app, mode)
    assert any(400 <= c < 500 for c in seen)
    assert any(c == 422 for c in seen)


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.parametrize("mode", ["positive", "negative"])
def test_api_never_fails_and_refusals_change_nothing_on_postgres(pg_url: str, mode: str) -> None:
    """The same fuzzing on PostgreSQL, where NUL and long names once gave 500s."""
    for app, table in _app(fresh_pg_db(pg_url)):
        seen = _fuzz(app, table, mode)
        assert any(400 <= c < 500 for c in seen)


def test_poison_reaches_body_query_and_path() -> None:
    """The hostile-text injection itself can fail: it changes what is sent."""

    class FakeCase:
        def __init__(self) -> None:
            self.body: Any = {"action": {"type": "attack"}, "expected_version": 0}
            self.query: Any = {"lang": "en"}
            self.path_parameters: Any = {"game_id": "abc"}

    sent = []
    for i in range(len(_slots(FakeCase()))):
        case = FakeCase()
        sent.append((poison(case, i, "\ud800"), case.body, case.query, case.path_parameters))
    assert {part for part, *_ in sent} == {"body", "body-key", "query", "path"}
    assert (
        "path",
        {"action": {"type": "attack"}, "expected_version": 0},
        {"lang": "en"},
        {
            "game_id": "\x00"  # a URL cannot carry a surrogate: NUL instead
        },
    ) in sent
    assert any(
        body == {"action": {"type": "\ud800"}, "expected_version": 0} for _p, body, *_ in sent
    )
