"""``POST /api/tables`` with a scenario document: the table starts from the file's set-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from ordnance.core import scenario as sc
from ordnance.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "t.db", heartbeat=0.2))


def _doc(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(sc.examples()[name].read_text("utf-8"))
    return data


@pytest.mark.parametrize(
    "name", ["toi/crossroads-sample", "waw/fulda-sample", "asl/normandy-sample"]
)
def test_create_a_table_from_a_scenario_document(client: TestClient, name: str) -> None:
    doc = _doc(name)
    res = client.post("/api/tables", json={"game": doc["game"], "scenario": doc})
    assert res.status_code == 201, res.text
    body = res.json()
    # the creator's seat, and one invitation for each other side of the scenario
    seats = {body["seat"]} | {i["seat"] for i in body["invitations"]}
    assert seats == {s["id"] for s in doc["sides"]}
    token = body["token"]
    view = client.get(
        f"/api/tables/{body['game_id']}/view", headers={"Authorization": f"Bearer {token}"}
    )
    assert view.status_code == 200
    text = view.text
    assert all(u["id"] in text for u in doc["units"])


def test_a_bad_scenario_document_names_its_fields_and_writes_nothing(client: TestClient) -> None:
    doc = _doc("waw/fulda-sample")
    doc["units"][0]["kind"] = "Hovercraft"
    doc["map"]["rows"] = 0
    res = client.post("/api/tables", json={"game": "waw", "scenario": doc})
    assert 400 <= res.status_code < 500
    problems = res.json()["problems"]
    assert [p["field"] for p in problems] == ["map.rows"]
    doc["map"]["rows"] = 6
    res = client.post("/api/tables", json={"game": "waw", "scenario": doc})
    assert 400 <= res.status_code < 500
    assert res.json()["problems"][0]["field"] == "units[0]"
    assert "Hovercraft" in res.json()["problems"][0]["message"]


def test_the_body_game_must_be_the_scenario_game(client: TestClient) -> None:
    res = client.post("/api/tables", json={"game": "toi", "scenario": _doc("waw/fulda-sample")})
    assert 400 <= res.status_code < 500
    assert "for 'waw', not 'toi'" in res.json()["message"]
