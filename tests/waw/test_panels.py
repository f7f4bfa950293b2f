"""The table page's panels and choices for World at War (ordnance.core.forms conventions).

World at War hides nothing here, so every seat gets the same panels; the
choices follow who may act: a seat calls missions for its own side only, only
an American side may call FASCAM (WAW-8.3-a), an HQ check result names a
pending check (WAW-HE-k).
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema_rs

from ordnance.core.dice import EnteredDice, SeededDice
from ordnance.waw.plugin import GAME
from ordnance.waw.state import WawState


def _play(actions: list[dict[str, Any]]) -> WawState:
    state = GAME.new({})
    for a in actions:
        state = GAME.apply(state, a, SeededDice(1), None).state
    return state


def _form(legal: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(item["schema"] for item in legal if item["type"] == kind)


def _choices(schema: dict[str, Any], field: str) -> list[Any]:
    prop = schema["properties"][field]
    for branch in [prop, *prop.get("anyOf", [])]:
        if "items" in branch:
            branch = branch["items"]
        if "x-labels" in branch:
            assert len(branch["x-labels"]) == len(branch["enum"])
            return list(branch["enum"])
    raise AssertionError(f"{field} offers no choice")


SETUP: list[dict[str, Any]] = [
    {"type": "place_terrain", "hexes": ["4,1"], "terrain": "woods"},
    {"type": "place_unit", "id": "t72", "kind": "T-72", "side": "soviet", "hex": "4,1"},
    {"type": "place_unit", "id": "hq", "kind": "Soviet HQ", "side": "soviet", "hex": "4,1"},
    {"type": "place_unit", "id": "abrams", "kind": "M1 Abrams", "side": "us", "hex": "0,2"},
    {"type": "smoke", "side": "us", "target": "2,1"},
    {"type": "fascam", "side": "us", "target": "6,1"},
]


def test_panels_show_units_markers_and_hq_checks() -> None:
    """covers WAW-8.2-a (Smoke 2 marker), WAW-8.3-b (Mines! marker)."""
    state = _play(SETUP)
    panels = {p["title"]: p for p in GAME.view(state, "us")["panels"]}
    assert list(panels) == ["Units", "Markers", "Pending HQ checks", "Sides"]
    # each unit by its name (as the journal names it), never its id; titled columns
    assert panels["Units"]["columns"] == ["Unit", "Side", "Hex", "Terrain", "Condition"]
    units = {row[0]: row for row in panels["Units"]["rows"]}
    assert units["T-72"] == ["T-72", "soviet", "0504", "woods", "good order"]
    assert not {"t72", "hq", "abrams"} & set(units)
    assert ["0303", "Smoke 2"] in panels["Markers"]["rows"]
    assert ["0705", "Mines!"] in panels["Markers"]["rows"]
    assert panels["Pending HQ checks"]["rows"] == []
    assert GAME.view(state, "us")["panels"] == GAME.view(state, "soviet")["panels"]


def test_pending_hq_check_is_a_panel_row_and_a_choice() -> None:
    """covers WAW-HE-k: the HQ in a hit hex checks; its result is entered by the players."""
    state = _play(SETUP)
    he = {"type": "he_fire", "side": "us", "target": "4,1", "firepower": 2, "hit_number": 4}
    state = GAME.apply(state, he, EnteredDice([6, 6, 1, 3]), "us").state
    panels = {p["title"]: p for p in GAME.view(state, "soviet")["panels"]}
    assert [row[0] for row in panels["Pending HQ checks"]["rows"]] == ["Soviet HQ"]
    legal = GAME.legal(state, "soviet")
    assert _choices(_form(legal, "hq_check_result"), "hq") == ["hq"]


def test_choices_follow_the_seat() -> None:
    """covers WAW-8.3-a: only the American side is offered FASCAM; missions name the own side."""
    state = _play(SETUP)
    us = GAME.legal(state, "us")
    soviet = GAME.legal(state, "soviet")
    for legal in (us, soviet):
        for item in legal:
            # as served (JSON): a label that is a shown text (Said) is a plain string there
            jsonschema_rs.Draft202012Validator(json.loads(json.dumps(item["schema"])))
    assert _choices(_form(us, "he_fire"), "side") == ["us"]
    assert _choices(_form(soviet, "smoke"), "side") == ["soviet"]
    assert "fascam" not in [i["type"] for i in soviet]
    assert _choices(_form(us, "fascam"), "side") == ["us"]
    assert _choices(_form(us, "move"), "unit") == ["abrams"]
    assert set(_choices(_form(soviet, "move"), "unit")) == {"t72", "hq"}
    assert set(_choices(_form(us, "set_condition"), "unit")) == {"abrams", "hq", "t72"}
    assert "woods" in _choices(_form(us, "place_terrain"), "terrain")
    assert _form(us, "move")["properties"]["path"]["x-hex"] == "many"
    assert _form(us, "he_fire")["properties"]["target"]["x-hex"] == "one"
    kinds = _choices(_form(soviet, "place_unit"), "kind")
    assert "T-72" in kinds and "M1 Abrams" not in kinds


def test_eliminated_units_are_named_as_the_journal_names_them() -> None:
    """An eliminated unit (WAW-HE-a damage ladder) leaves the map; the Units note names
    it by its type, numbered like the one still on the map, never by its id."""
    state = _play(
        [
            *SETUP,
            {"type": "place_unit", "id": "t72b", "kind": "T-72", "side": "soviet", "hex": "5,1"},
            {"type": "set_condition", "unit": "t72b", "condition": "eliminated"},
        ]
    )
    units = next(p for p in GAME.view(state, "us")["panels"] if p["title"] == "Units")
    assert units["note"] == "eliminated: T-72 #2"
    assert [row[0] for row in units["rows"] if row[0].startswith("T-72")] == ["T-72 #1"]
    assert "t72b" not in json.dumps(units)
