"""The World at War game as the core sees it, and its registry entry.

World at War has no hidden information in these rules, so every seat's view
is the public view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ordnance.core.codec import StateCodec
from ordnance.core.dice import DiceSource
from ordnance.core.errors import InvalidDice
from ordnance.core.forms import numbered_hex
from ordnance.core.game import ANY_SEAT, Game, Outcome
from ordnance.core.hexes import Hex
from ordnance.core.messages import Message
from ordnance.core.naming import distinct_names
from ordnance.core.registry import GamePlugin
from ordnance.core.shapes import ActionForm, JsonSchema
from ordnance.core.turns import Turn, owned_legal
from ordnance.waw import actions as A
from ordnance.waw import turns as waw_turns
from ordnance.waw.dispatch import apply_action, dice_rule
from ordnance.waw.legal import form_schema, legal_forms
from ordnance.waw.odds.action import action_odds
from ordnance.waw.rules.los_answer import los_answer
from ordnance.waw.settings import WawSettings, parse_settings
from ordnance.waw.shapes import WawLosAnswer, WawOdds, WawView
from ordnance.waw.state import WawState
from ordnance.waw.views import view


class WorldAtWar(Game[WawState]):
    name = "waw"
    title = "World at War: artillery (HE Fire, Smoke, FASCAM)"
    rules_version = 1
    scenario_files = "ordnance.waw.scenario:WawScenario"
    #: snapshots as typed JSON; the catalogue is the settings' and is rebuilt from them
    state_codec = StateCodec(
        WawState, derived={WawState: {"catalogue": WawState.rebuilt_catalogue}}
    )
    any_time_actions = waw_turns.ANY_TIME
    step_actions = waw_turns.STEP_ACTIONS

    def turn(self, state: WawState) -> Turn:
        return waw_turns.turn(state)

    def acting_seat(self, state: WawState, action: Mapping[str, Any]) -> str | None:
        """The owner of the unit that acts (a move, a fire), else the side calling a mission."""
        unit = state.units.get(action["unit"]) if isinstance(action.get("unit"), str) else None
        if unit is not None:
            return unit.side
        return super().acting_seat(state, action)

    def needs_consent(
        self, state: WawState, action: Mapping[str, Any], seat: str | None
    ) -> str | None:
        return waw_turns.needs_consent(state, action, seat)

    def describe(self, state: WawState, action: Mapping[str, Any], seat: str | None) -> Message:
        found = waw_turns.describe(state, action, seat, self.counter_names(state))
        return found if found is not None else super().describe(state, action, seat)

    def start(self, settings: Mapping[str, Any]) -> WawState:
        return WawState.start(parse_settings(settings))

    def seats(self, state: WawState) -> Sequence[str]:
        return tuple(state.settings.sides)

    def settings_schema(self) -> JsonSchema:
        return WawSettings.model_json_schema()

    def _resolve(
        self,
        state: WawState,
        action: Mapping[str, Any],
        dice: DiceSource,
        seat: str | None,
    ) -> Outcome[WawState]:
        act = A.parse_action(dict(action))
        return apply_action(state, act, dice, seat)

    def dice_rule(self, action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str] | None:
        return dice_rule(action, exc)

    # -- every action, offered now or not (for faces that take an action by name) ------
    def action_kinds(self) -> Mapping[str, str]:
        return dict(A.TITLES)

    def any_action_schema(self, state: WawState, seat: str | None, kind: str) -> JsonSchema | None:
        """Any WaW action but ``done`` (``apply`` judges it)."""
        return form_schema(state, seat, kind) if kind in A.TITLES and kind != "done" else None

    # -- what a seat may do ------------------------------------------------------------
    def legal(self, state: WawState, seat: str | None) -> list[ActionForm]:
        return owned_legal(self, state, seat, legal_forms(state, seat))

    # -- odds --------------------------------------------------------------------------
    def odds(
        self, state: WawState, action: Mapping[str, Any], seat: str | None = ANY_SEAT
    ) -> WawOdds | None:
        return action_odds(state, action)

    introducing_events = frozenset({"placed"})

    def counter_names(self, state: WawState) -> Mapping[str, str]:
        """Each unit by its type's name (``T-72``), numbered when two share it."""
        return distinct_names((u.id, state.unit_type(u).name) for u in state.units.values())

    # -- line of sight -----------------------------------------------------------------
    def hex_label(self, state: WawState, h: Hex) -> str:
        """The board's printed column-row number, ``0305``."""
        return numbered_hex(h)

    def los(
        self, state: WawState, origin: Hex, target: Hex, seat: str | None = ANY_SEAT
    ) -> WawLosAnswer:
        """LOS through Smoke (WAW-8.2-b..g), and each unit in ``origin``'s shot at ``target``.

        Everything here is public in World at War, so every seat gets the same answer.
        """
        return los_answer(state, origin, target)

    # -- the observer ------------------------------------------------------------------
    def view(self, state: WawState, seat: str | None) -> WawView:
        return view(state, seat)


GAME = WorldAtWar()
PLUGIN = GamePlugin(
    GAME,
    calculators="ordnance.waw.calculators:CALCULATORS",
    commands="ordnance.waw.commands:COMMANDS",
)

__all__ = ["GAME", "PLUGIN", "WorldAtWar"]
