"""The table's answers encoded by the route itself (``routes.json_bytes``): the same
bytes FastAPI's ``jsonable_encoder`` and Starlette's ``JSONResponse`` would send, the
status a route sets kept, and what the standard encoder cannot write still encoded."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from enum import Enum
from fractions import Fraction
from typing import Any

import pytest
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient

from ordnance.server.routes import json_bytes
from tests.server.conftest import Table


def _fastapi_bytes(content: Any) -> bytes:
    return bytes(JSONResponse(jsonable_encoder(content)).body)


def test_a_view_and_a_since_answer_are_the_bytes_fastapi_would_send(
    client: TestClient, table: Table
) -> None:
    for path in ("/view", "/since", "/log"):
        res = table.get("allies", path)
        assert res.status_code == 200, res.text
        assert res.headers["content-type"] == "application/json"
        data = res.json()
        assert res.content == _fastapi_bytes(data)
        assert json_bytes(data) == res.content


class _Colour(Enum):
    RED = "red"


@pytest.mark.parametrize(
    "content",
    [
        {"when": datetime(2026, 12, 2, 3, 0, tzinfo=UTC), "n": [1, 2.5, None, True]},
        {"colour": _Colour.RED, "words": ("ход", "тень"), "set": frozenset({3})},
        {_Colour.RED: 1},  # a key the standard encoder cannot write: FastAPI's way
    ],
)
def test_what_the_standard_encoder_does_not_know_goes_through_fastapis(content: Any) -> None:
    assert json_bytes(content) == _fastapi_bytes(content)
    assert json.loads(json_bytes(content)) == jsonable_encoder(content)


def test_a_value_fastapi_cannot_encode_is_refused_as_before() -> None:
    with pytest.raises(ValueError):
        json_bytes({"p": Fraction(1, 3)})
    with pytest.raises(ValueError):
        _fastapi_bytes({"p": Fraction(1, 3)})


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_a_float_that_is_not_finite_is_never_written_as_such(value: float) -> None:
    """JSONResponse refuses it (a 500); the table writes ``null``, never ``NaN`` or
    ``Infinity``, which are not JSON."""
    encoded = json_bytes({"x": value, "y": [1.5]})
    assert encoded == b'{"x":null,"y":[1.5]}'
    assert json.loads(encoded, parse_constant=lambda c: pytest.fail(c)) == {"x": None, "y": [1.5]}


@pytest.mark.parametrize("value", [1.5e-05, 1e-07, 3.14159e-09, 1e-12, 1e16, 0.1, 2.5])
def test_a_float_is_written_as_the_standard_library_writes_it(value: float) -> None:
    """orjson writes some small floats otherwise (``0.000015``, ``1e-7``): the answer
    is then written by the standard library, as JSONResponse would."""
    content = {"p": value, "q": [value, {"r": value}], "s": "e-1 0.0000"}
    assert json_bytes(content) == _fastapi_bytes(content)


def test_the_status_a_route_sets_is_kept(client: TestClient) -> None:
    """An action that rolls server dice waits for the other seat's element: 202
    ``rolling`` (set by the route on its Response parameter); a plain one 200, a
    stale one 409 (TABLE-DICE-8's flow, as test_table_client plays it)."""
    table = Table(client)
    assert table.post("allies", "/dice/anchor", {"anchor": "ab" * 32}).status_code == 200
    res = table.act("allies", {"type": "end_phase"}, version=0)
    assert res.status_code == 200, res.text
    assert res.json()["version"] == 1
    rolling = table.act("axis", {"type": "attack", "dice": 2, "target": "0,0"}, version=1)
    assert rolling.status_code == 202, rolling.text
    assert rolling.json()["rolling"]["waiting_for"] == ["allies"]
    stale = table.act("allies", {"type": "end_phase"}, version=0)
    assert stale.status_code == 409 and stale.json()["error"] == "StaleVersion"
