"""A fourth game declares one action and one calculator and gets, with no face code,
a CLI command for each, an API route and a page form (docs/architecture.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from fastapi.testclient import TestClient

from ordnance.cli.game_entries import GameEntry
from ordnance.cli.main import game_loader, run_command
from ordnance.core import registry
from ordnance.server.app import create_app
from ordnance.server.static_files import PREFIX
from tests.core.toy_calc_game import PLUGIN

ENTRY = GameEntry("fourth", "tests.core.toy_calc_game:PLUGIN")


@pytest.fixture(autouse=True)
def _fourth_registered() -> Iterator[None]:
    registry.register(PLUGIN)
    yield
    with registry._LOCK:
        registry._REGISTRY.pop("fourth", None)


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "t.db"))


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    command = game_loader(ENTRY, "cli")()
    code = 0
    try:
        run_command(command, args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else None


def test_the_calculator_is_a_command_with_options_from_its_model(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, answer = _run(["sum", "--dice", "2", "--at-least", "11", "--json"], capsys)
    assert code == 0
    assert answer["distribution"]["7"] == "1/6"
    assert answer["p_at_least"] == "1/12"  # 5,6 6,5 6,6


def test_a_refusal_names_the_field_its_value_and_the_clause(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, refusal = _run(["sum", "--dice", "9", "--json"], capsys)
    assert code == 2
    assert (refusal["field"], refusal["clause"]) == ("dice", "TOY-3")
    assert refusal["problems"][0]["value"] == "9"


def test_the_action_is_a_command_of_the_game_group() -> None:
    command: Any = game_loader(ENTRY, "cli")()
    game = command.get_command(typer.Context(command), "game")
    assert "roll" in game.list_commands(typer.Context(game))
    assert command.get_command(typer.Context(command), "sum").help.startswith("Exact distribution")


def test_the_api_lists_and_answers_the_calculator(client: TestClient) -> None:
    listed = client.get("/api/calculators").json()["calculators"]
    mine = next(c for c in listed if c["game"] == "fourth")
    assert mine["schema"]["properties"]["dice"]["title"] == "Dice"
    answer = client.post("/api/calculators/fourth/sum", json={"dice": 3}).json()
    assert answer["distribution"]["18"] == "1/216"
    refused = client.post("/api/calculators/fourth/sum", json={"dice": 1, "at_least": 9})
    assert refused.status_code == 422 and refused.json()["clause"] == "TOY-3"


def test_the_page_has_a_form_for_it(client: TestClient) -> None:
    page = client.get("/calc/fourth")
    assert page.status_code == 200
    assert '"name": "sum"' in page.text and f"{PREFIX}/calc.js" in page.text


def test_the_action_is_offered_by_the_api(client: TestClient) -> None:
    modules = client.get("/api/modules").json()["games"]
    assert "fourth" in {m["name"] for m in modules}
