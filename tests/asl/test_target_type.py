"""Aiming by clicking: a Gun on the map says what it is as a target, so the page's Fire form
takes its Target type from the counter clicked (To Hit Cases by target type, notes B5)."""

from __future__ import annotations

from typing import Any

from ordnance.asl.plugin import PLUGIN
from ordnance.asl.rules.target_type import target_type
from ordnance.core.dice import SeededDice

GAME = PLUGIN.game


def test_the_counter_database_answers_vehicle_or_gun_by_name() -> None:
    assert target_type("PzKpfw IVH", "german") == "vehicle"  # a model name (PzKw IVH)
    assert target_type("T-34/85", "russian") == "vehicle"
    assert target_type("75L AT PaK 40", "german") == "gun"
    assert target_type("PaK 40", None) == "gun"  # an alias


def test_a_guess_or_an_unknown_name_answers_nothing() -> None:
    assert target_type("T-34/76", "russian") is None  # only a fuzzy match (T-37)
    assert target_type("x", None) is None
    assert target_type("  ", "german") is None


def _state(actions: list[dict[str, Any]]) -> Any:
    state = GAME.new({})
    for a in actions:
        state = GAME.apply(state, a, SeededDice(1), None).state
    return state


def test_map_pieces_carry_their_target_type_and_the_form_says_where_it_comes_from() -> None:
    """covers ASL-8.0-a: the record's Guns on the map, each named, with its target type."""
    state = _state([
        {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
         "notation": "s8", "gun_size": "85L", "hex": "2,2"},
        {"type": "add_gun", "id": "pak", "side": "german", "name": "75L AT PaK 40",
         "gun_size": "75L", "hex": "6,1"},
        {"type": "add_gun", "id": "odd", "side": "german", "name": "Something home-made",
         "gun_size": "75L", "hex": "6,2"},
        {"type": "set_phase", "phase": "PFPh"},
    ])  # fmt: skip
    view = GAME.view(state, "russian")
    pieces = {u["id"]: u for u in view["map"]["units"]}
    assert pieces["t34"]["target_type"] == "vehicle"
    assert pieces["pak"]["target_type"] == "gun"
    assert "target_type" not in pieces["odd"]  # the player chooses
    fire = next(i for i in GAME.legal(state, "russian") if i["type"] == "fire")
    props = fire["schema"]["properties"]
    assert props["target"]["x-from-target"] == "target_type"
    assert props["af"]["x-from-target"] == "af"
    # every value the view may carry is one of the field's choices
    choices = next(
        b["enum"] for b in [props["target"], *props["target"].get("anyOf", [])] if "enum" in b
    )
    assert {"vehicle", "gun"} <= set(choices)
