"""The table page's panels and choices for the ASL side record (ordnance.core.forms conventions).

The side record (ASL-8.0-a) is a panel with one row per ammunition of each
Gun; the forms offer only Guns of the seat's side that may fire in this phase
(notes B3) and the ammunition their record still holds (ASL-8.9-d).
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema_rs

from ordnance.asl.plugin import PLUGIN
from ordnance.core.dice import EnteredDice, SeededDice

GAME = PLUGIN.game


def _play(actions: list[dict[str, Any]]) -> Any:
    state = GAME.new({})
    for a in actions:
        state = GAME.apply(state, a, SeededDice(1), None).state
    return state


def _form(legal: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(item["schema"] for item in legal if item["type"] == kind)


def _choices(schema: dict[str, Any], field: str) -> list[Any]:
    prop = schema["properties"][field]
    for branch in [prop, *prop.get("anyOf", [])]:
        if "x-labels" in branch:
            assert len(branch["x-labels"]) == len(branch["enum"])
            return list(branch["enum"])
    raise AssertionError(f"{field} offers no choice")


SETUP: list[dict[str, Any]] = [
    {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
     "notation": "A5^4^/6^5 s7", "hex": "2,1"},
    {"type": "add_gun", "id": "pak", "side": "german", "name": "PaK 40", "size": None,
     "notation": "A4"},
    {"type": "set_phase", "phase": "PFPh"},
]  # fmt: skip


def test_side_record_and_turn_panels() -> None:
    """covers ASL-8.0-a: the record, per Gun and ammunition, with N, status, uses and tries."""
    state = _play([{k: v for k, v in a.items() if k != "size"} for a in SETUP])
    state = GAME.apply(
        state, {"type": "fire", "gun": "t34", "ammo": "APCR"}, EnteredDice([2, 2]), "russian"
    ).state
    for seat in ("russian", "german", None):
        panels = {p["title"]: p for p in GAME.view(state, seat)["panels"]}
        assert list(panels) == ["Turn", "Side record"]
        record = panels["Side record"]
        assert record["columns"] == ["side", "gun", "ammo", "N", "status", "used", "tries"]
        rows = record["rows"]
        assert rows[0][:4] == ["russian", "t34 (T-34/85)", "APCR (A5^4^/6^5)", "5"]
        assert rows[0][5:] == ["1", "1"]
        assert rows[1][:2] == ["", ""] and rows[1][2].startswith("SMOKE")
        assert panels["Turn"]["rows"][0][2] == "PFPh: Prep Fire Phase"


def test_choices_offer_own_guns_that_may_fire_and_their_ammunition() -> None:
    """covers ASL-8.9-d (gone ammunition is no longer offered), notes B3 (who fires when)."""
    state = _play([{k: v for k, v in a.items() if k != "size"} for a in SETUP])
    legal = GAME.legal(state, "russian")
    for item in legal:
        # the schema as a face sends it (shown texts in x-labels are their English strings)
        jsonschema_rs.Draft202012Validator(json.loads(json.dumps(item["schema"])))
    assert _choices(_form(legal, "fire"), "gun") == ["t34"]
    assert "APCR" in _choices(_form(legal, "fire"), "ammo")
    assert _choices(_form(legal, "place_smoke"), "gun") == ["t34"]
    assert _form(legal, "place_smoke")["properties"]["target"]["x-hex"] == "one"
    assert _choices(_form(legal, "add_gun"), "side") == ["russian"]
    assert "PFPh" in _choices(_form(legal, "set_phase"), "phase")
    assert "fire" not in [i["type"] for i in GAME.legal(state, "german")]  # not its fire phase
    state = GAME.apply(
        state, {"type": "fire", "gun": "t34", "ammo": "APCR"}, EnteredDice([3, 2]), "russian"
    ).state
    assert "APCR" not in _choices(_form(GAME.legal(state, "russian"), "declare_ammo"), "ammo")
