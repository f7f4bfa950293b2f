"""Names hold visible text only: bidirectional and other invisible format characters,
controls and separators are refused in every string a request carries (422 naming the
field), and a World at War side of an unknown nationality is refused naming the known
ones. Nothing is written by a refusal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ordnance.core.names import name_problem
from tests.server.conftest import Table
from tests.server.test_refusals_write_nothing import row_counts

#: A right-to-left override, an isolate, a zero-width space and joiner, a
#: left-to-right mark, a byte order mark, a soft hyphen, a line separator.
INVISIBLE = ["\u202e", "\u2067", "\u200b", "\u200d", "\u200e", "\ufeff", "\u00ad", "\u2028"]


@pytest.mark.parametrize("ch", INVISIBLE)
def test_every_invisible_character_is_no_name(ch: str) -> None:
    wrong = name_problem(f"ev{ch}il")
    assert wrong is not None and f"U+{ord(ch):04X}" in wrong


def test_visible_names_in_any_script_pass() -> None:
    for name in ("soviet", "Советы", "Bundeswehr 1985", "us-1", "ÆØÅ", "日本"):
        assert name_problem(name) is None


def _refused(res: Any, field: str) -> dict[str, Any]:
    assert res.status_code == 422, res.text
    body: dict[str, Any] = res.json()
    assert body["field"] == field, body
    assert "U+" in body["message"] or "nationality" in body["message"]
    return body


@pytest.mark.parametrize("ch", INVISIBLE)
def test_a_waw_side_named_with_an_invisible_character_is_refused(
    client: TestClient, ch: str
) -> None:
    before = row_counts(client)
    res = client.post(
        "/api/tables",
        json={"game": "waw", "settings": {"sides": {f"{ch}evil": "american", "soviet": "soviet"}}},
    )
    _refused(res, "settings.sides")
    assert row_counts(client) == before


def test_the_reported_override_is_refused_as_a_seat_and_in_any_field(client: TestClient) -> None:
    """The issue's side ``"\\u202eevil"``; and a scenario title, an ASL side name, a unit
    type's name: every string of the body."""
    before = row_counts(client)
    sides = {"\u202eevil": "american", "soviet": "soviet"}
    _refused(
        client.post("/api/tables", json={"game": "waw", "settings": {"sides": sides}}),
        "settings.sides",
    )
    asl = {
        "sides": [
            {"name": "rus\u202esian", "nationality": "russian"},
            {"name": "german", "nationality": "german"},
        ]
    }
    _refused(
        client.post("/api/tables", json={"game": "asl", "settings": asl}), "settings.sides.0.name"
    )
    doc = {"game": "waw", "title": "Fulda\u2066 Gap", "sides": [], "units": []}
    _refused(client.post("/api/tables", json={"game": "waw", "scenario": doc}), "scenario.title")
    assert row_counts(client) == before


def test_an_action_field_with_an_override_is_refused(table: Table) -> None:
    before = row_counts(table.client)
    res = table.post(
        "allies",
        "/actions",
        {"action": {"type": "buy", "kind": "x\u202e", "hex": "1,0"}, "expected_version": 0},
    )
    _refused(res, "action.kind")
    assert row_counts(table.client) == before


def test_a_waw_side_of_an_unknown_nationality_is_refused_naming_the_known(
    client: TestClient,
) -> None:
    before = row_counts(client)
    res = client.post(
        "/api/tables",
        json={"game": "waw", "settings": {"sides": {"us": "american", "mars": "martian"}}},
    )
    body = _refused(res, "settings.sides.mars")
    assert "martian" in body["message"]
    for known in ("american", "british", "soviet", "west_german"):
        assert known in (body["hint"] or "")
    assert row_counts(client) == before


def test_a_scenario_unit_type_makes_its_nationality_known(client: TestClient) -> None:
    settings = {
        "sides": {"us": "american", "nl": "dutch"},
        "unit_types": [
            {
                "name": "Leopard 1NL",
                "family": "Leopard I",
                "nationality": "dutch",
                "armour": "heavy",
                "ap": "10/4/4",
            }
        ],
    }
    res = client.post("/api/tables", json={"game": "waw", "settings": settings})
    assert res.status_code == 201, res.text


def test_the_cli_refuses_the_same_names(tmp_path: Path) -> None:
    """The games' own settings refuse them too (a CLI game never meets the server)."""
    from ordnance.core.errors import OrdnanceError
    from ordnance.waw.settings import parse_settings

    with pytest.raises(OrdnanceError, match="U\\+202E"):
        parse_settings({"sides": {"\u202eevil": "american"}})
    with pytest.raises(OrdnanceError, match="nationality") as info:
        parse_settings({"sides": {"us": "martian"}})
    assert "american" in str(info.value)


def test_the_games_own_models_refuse_invisible_names() -> None:
    """Seat names, nations, unit type names and scenario titles, outside the server too."""
    from pydantic import ValidationError

    from ordnance.asl.plugin import AslGame
    from ordnance.core import scenario as sc
    from ordnance.core.errors import OrdnanceError
    from ordnance.toi.settings import ToISettings
    from ordnance.waw.settings import parse_settings

    with pytest.raises(OrdnanceError, match="U\\+202E"):
        AslGame().new(
            {"sides": [{"name": "rus\u202esian", "nationality": "russian"},
                       {"name": "german", "nationality": "german"}]}
        )  # fmt: skip
    with pytest.raises(ValidationError, match="U\\+2066"):
        ToISettings(nations=("ger\u2066man", "soviet"))
    unit = {"name": "T\u200b-72", "family": "T-72", "nationality": "soviet", "armour": "heavy"}
    with pytest.raises(OrdnanceError, match="U\\+200B"):
        parse_settings({"unit_types": [unit]})
    text = 'game: waw\ntitle: "Fulda\\u202e Gap"\nsides: []\nunits: []\n'
    problems = sc.problems_of(sc.parse_text(text, "w.yaml"))
    assert any(p.field == "title" and "U+202E" in p.message for p in problems), problems
