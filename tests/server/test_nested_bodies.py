"""A deeply nested JSON body is refused with 422 before any parser recurses into it.

Python's JSON reader recurses once per level, so a body of 30,000 brackets used
to end in a RecursionError and a 500 with a traceback. The body-limit
middleware now scans the raw body's bracket depth (strings skipped) and refuses
anything nested deeper than the API accepts (``texts.MAX_DEPTH``), on every
route and with or without a token, in the API's usual error shape.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ordnance.server.texts import MAX_DEPTH, raw_depth
from tests.server.conftest import Table

JSON = {"Content-Type": "application/json"}


def _deep(depth: int) -> bytes:
    return b'{"action":' + b"[" * depth + b"]" * depth + b',"expected_version":0}'


def _assert_refused(res: object) -> None:
    assert res.status_code == 422, res.text  # type: ignore[attr-defined]
    body = res.json()  # type: ignore[attr-defined]
    assert body["error"] == "BadText" and body["field"] == "body"
    assert f"nested deeper than {MAX_DEPTH} levels" in body["message"]
    assert "Traceback" not in res.text  # type: ignore[attr-defined]


@pytest.mark.parametrize("depth", [30_000, 2_000])
def test_deep_bodies_are_refused_on_create_claim_and_actions(
    client: TestClient, table: Table, depth: int
) -> None:
    body = _deep(depth)
    _assert_refused(client.post("/api/tables", content=body, headers=JSON))
    _assert_refused(client.post(f"/api/tables/{table.id}/claim", content=body, headers=JSON))
    # without a token, and with one (an action nested 2,000 deep inside a valid envelope)
    _assert_refused(client.post(f"/api/tables/{table.id}/actions", content=body, headers=JSON))
    headers = {**JSON, **table.h("allies")}
    _assert_refused(client.post(f"/api/tables/{table.id}/actions", content=body, headers=headers))
    # no content type: the routes would still read it as JSON
    _assert_refused(client.post("/api/tables", content=body))
    assert table.version() == 0  # nothing written


def test_brackets_inside_strings_do_not_count(client: TestClient, table: Table) -> None:
    """A string full of brackets is text, not nesting: the action reaches the game."""
    text = "[" * 400
    res = table.act("allies", {"type": "nothing", "note": text[:400]})
    assert res.status_code == 422 and "nested" not in res.text


def test_raw_depth_counts_brackets_outside_strings() -> None:
    assert raw_depth(b'{"a": [1, {"b": "]]]{{{"}]}') == 3
    assert raw_depth(b'["\\"[[["]') == 1  # an escaped quote does not end the string
    assert raw_depth(b"[" * 10_000) == MAX_DEPTH + 2  # the scan stops past the limit
    assert raw_depth(b"") == 0
