"""The published OpenAPI document has the table routes' real answer shapes, and the answers
the routes send have those shapes (checked against the very schema types the document is
made of) without losing a game's own keys."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from ordnance.core.shapes import LosAnswer
from ordnance.server.answers import (
    ActAnswer,
    LogAnswer,
    OddsReply,
    OpenedRequest,
    RequestAnswer,
    SinceAnswer,
    TableView,
)
from ordnance.server.openapi_shapes import documented
from tests.server.conftest import Table

#: (method, path, status) -> the shape its answer is documented with.
ROUTES = {
    ("get", "/api/tables/{game_id}/view", "200"): "TableView",
    ("get", "/api/tables/{game_id}/log", "200"): "LogAnswer",
    ("get", "/api/tables/{game_id}/since", "200"): "SinceAnswer",
    ("post", "/api/tables/{game_id}/since", "200"): "SinceAnswer",
    ("post", "/api/tables/{game_id}/actions", "200"): "ActAnswer",
    ("post", "/api/tables/{game_id}/actions", "202"): "ActAnswer",
    ("post", "/api/tables/{game_id}/odds", "200"): "OddsReply",
    ("get", "/api/tables/{game_id}/los", "200"): "LosAnswer",
    ("post", "/api/tables/{game_id}/undo", "201"): "OpenedRequest",
    ("post", "/api/tables/{game_id}/undo/{request_id}", "200"): "RequestAnswer",
    ("post", "/api/tables/{game_id}/requests/{request_id}", "200"): "RequestAnswer",
}


def test_every_table_route_names_its_answer_shape(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    for (method, path, status), shape in ROUTES.items():
        content = doc["paths"][path][method]["responses"][status]["content"]
        assert content["application/json"]["schema"] == {"$ref": f"#/components/schemas/{shape}"}, (
            method,
            path,
            status,
        )
    schemas = doc["components"]["schemas"]
    # nested shapes are published too, with their required keys
    assert {"TableView", "GameView", "TurnView", "ActionForm", "LogEntry"} <= set(schemas)
    assert "view" in schemas["TableView"]["required"]
    assert schemas["TableView"]["properties"]["view"] == {"$ref": "#/components/schemas/GameView"}
    assert "entry" not in schemas["ActAnswer"].get("required", [])  # NotRequired stays optional


def _check(shape: Any, answer: dict[str, Any]) -> None:
    TypeAdapter(documented(shape)[200]["model"]).validate_python(answer)


def test_the_answers_have_their_documented_shapes(table: Table) -> None:
    for game in ("toi", "asl", "waw"):
        real = Table(table.client, game=game)
        view = real.get(real.creator, "/view").json()
        _check(TableView, view)
        since = real.get(real.creator, "/since?version=0")
        assert since.status_code == 200, since.text
        _check(SinceAnswer, since.json())
    toi = Table(table.client, game="toi").get("german", "/view").json()
    assert "units" in toi["view"]  # a game's own key is sent, not cut to GameView's
    odds = table.post("allies", "/odds", {"action": {"type": "end_phase"}})
    assert odds.status_code == 200, odds.text
    _check(OddsReply, odds.json())
    acted = table.act("allies", {"type": "end_phase"})
    assert acted.status_code in (200, 202), acted.text
    _check(ActAnswer, acted.json())
    _check(LogAnswer, table.get("allies", "/log").json())


def test_an_undo_request_and_its_answer_have_their_shapes(table: Table) -> None:
    assert table.act("allies", {"type": "end_phase"}).status_code in (200, 202)
    opened = table.post("allies", "/undo", {"expected_version": table.version()})
    assert opened.status_code == 201, opened.text
    _check(OpenedRequest, opened.json())
    answer = table.post("axis", f"/undo/{opened.json()['request']}", {"accept": False})
    assert answer.status_code == 200, answer.text
    _check(RequestAnswer, answer.json())


def test_a_line_of_sight_has_its_shape(client: TestClient) -> None:
    waw = Table(client, game="waw")
    seat = next(iter(waw.tokens))
    res = waw.client.get(
        f"/api/tables/{waw.id}/los", params={"from": "0104", "to": "0504"}, headers=waw.h(seat)
    )
    assert res.status_code == 200, res.text
    _check(LosAnswer, res.json())
    assert res.json()["hexes"]
