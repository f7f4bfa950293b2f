"""A deeply nested JSON body is refused with 422 before any parser recurses into it.

Python's JSON reader recurses once per level, so a body of 30,000 brackets used
to end in a RecursionError and a 500. The body-limit middleware scans the raw
body's bracket depth first (strings skipped, no recursion) and refuses anything
nested deeper than ``texts.MAX_RAW_DEPTH`` (100) on every route, with or without
a token, in the API's usual error shape. Below that cap each route keeps its own
check: an action body nested over ``texts.MAX_DEPTH`` (12) is refused by
``texts.check_json``, while a scenario document, deeper than that under its
envelope, still reaches its route.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from httpx import Response

from ordnance.server.texts import MAX_DEPTH, MAX_RAW_DEPTH, raw_depth
from tests.server.conftest import Table

JSON = {"Content-Type": "application/json"}


def _deep(depth: int) -> bytes:
    """An action envelope whose action nests ``depth`` lists deep (the whole body one more)."""
    return b'{"action":' + b"[" * depth + b"]" * depth + b',"expected_version":0}'


def _assert_too_deep(res: Response) -> None:
    assert res.status_code == 422, res.text
    body = res.json()
    assert body["error"] == "BadText" and body["field"] == "body"
    assert f"nested deeper than {MAX_RAW_DEPTH} levels" in body["message"]
    assert "Traceback" not in res.text


def _post_paths(client: TestClient, game_id: str) -> list[str]:
    """Every POST route of the API, its path parameters filled with plausible values."""
    paths = client.get("/openapi.json").json()["paths"]
    filled = {
        "{game_id}": game_id,
        "{game}": "toi",
        "{name}": "odds",
        "{seat}": "allies",
        "{request_id}": "1",
        "{request}": "1",
    }
    out = []
    for path, ops in paths.items():
        if "post" not in ops:
            continue
        for key, value in filled.items():
            path = path.replace(key, value)
        assert "{" not in path, path  # a parameter this test does not know yet
        out.append(path)
    return out


@pytest.mark.parametrize("depth", [30_000, 2_000, MAX_RAW_DEPTH + 1])
def test_deep_bodies_are_refused_on_every_post_route(
    client: TestClient, table: Table, depth: int
) -> None:
    body = _deep(depth)
    paths = _post_paths(client, table.id)
    assert f"/api/tables/{table.id}/actions" in paths and "/api/tables" in paths
    for path in paths:
        _assert_too_deep(client.post(path, content=body, headers=JSON))
        # with a seat's token, and with no content type (the routes would read it as JSON)
        _assert_too_deep(client.post(path, content=body, headers={**JSON, **table.h("allies")}))
        _assert_too_deep(client.post(path, content=body))
    assert table.version() == 0  # nothing written


def test_below_the_raw_cap_each_route_keeps_its_own_depth(client: TestClient, table: Table) -> None:
    """An action nested 50 deep passes the raw scan and is refused by the action
    check (MAX_DEPTH), naming its own limit, not the raw one."""
    res = client.post(
        f"/api/tables/{table.id}/actions",
        content=_deep(50),
        headers={**JSON, **table.h("allies")},
    )
    assert res.status_code == 422, res.text
    assert f"nested deeper than {MAX_DEPTH} levels" in res.json()["message"]
    assert table.version() == 0


def test_brackets_inside_strings_do_not_count(client: TestClient, table: Table) -> None:
    """A string full of brackets is text, not nesting: the action reaches the game."""
    res = table.act("allies", {"type": "nothing", "note": "[" * 400})
    assert res.status_code == 422 and "nested" not in res.text


def test_raw_depth_counts_brackets_outside_strings() -> None:
    assert raw_depth(b'{"a": [1, {"b": "]]]{{{"}]}') == 3
    assert raw_depth(b'["\\"[[["]') == 1  # an escaped quote does not end the string
    assert raw_depth(b'["\\\\", [[]]]') == 3  # an escaped backslash does
    assert raw_depth(b"[" * 30_000) == 30_000
    assert raw_depth(b"") == 0 and raw_depth(b"12") == 0
