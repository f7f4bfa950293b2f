"""An action taken by name: the offered form, else the game's schema for any of its actions."""

from __future__ import annotations

from typing import Any

from ordnance.core.shapes import ActionForm, JsonSchema
from tests.core.toy_game import ToyGame, ToyState

ROLL: ActionForm = {"type": "roll", "title": "Roll a die", "schema": {"properties": {}}}


class _Offering(ToyGame):
    """Offers ``roll``; takes ``hide`` by name too (and titles both)."""

    def legal(self, state: ToyState, seat: str | None) -> list[ActionForm]:
        return [ROLL]

    def action_kinds(self) -> dict[str, str]:
        return {"roll": "Roll a die", "hide": "Hide a number"}

    def any_action_schema(self, state: ToyState, seat: str | None, kind: str) -> JsonSchema | None:
        return {"properties": {"value": {"type": "integer"}}} if kind == "hide" else None


def test_the_offered_form_comes_first_then_the_games_schema_with_its_title() -> None:
    game, state = _Offering(), ToyState()
    assert game.action_form(state, "red", "roll") == ROLL
    hide: Any = game.action_form(state, "red", "hide")
    assert hide == {
        "type": "hide",
        "title": "Hide a number",
        "schema": {"properties": {"value": {"type": "integer"}}},
    }
    assert game.action_form(state, "red", "jump") is None


def test_a_game_without_the_hook_has_only_its_offered_forms() -> None:
    assert ToyGame().action_form(ToyState(), None, "hide") is None
