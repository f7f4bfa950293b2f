"""The Tide of Iron game as the core sees it: ``ToIGame`` and ``PLUGIN``.

Its scenario files are read by the core's default ``new`` (:meth:`ordnance.core.game.Game.new`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ordnance.core.codec import StateCodec
from ordnance.core.dice import DiceSource
from ordnance.core.errors import InvalidDice
from ordnance.core.forms import choices, numbered_hex
from ordnance.core.game import Game, Outcome
from ordnance.core.hexes import Hex
from ordnance.core.memo import IdentityMemo
from ordnance.core.naming import distinct_names
from ordnance.core.registry import GamePlugin
from ordnance.core.shapes import ActionForm, JsonSchema
from ordnance.core.turns import Turn, owned_legal
from ordnance.toi import turns as toi_turns
from ordnance.toi.actions import parse_action
from ordnance.toi.dispatch import apply_action, dice_rule
from ordnance.toi.legal import ACTION_TITLES, any_form_schema, legal_forms
from ordnance.toi.odds.action import attack_odds
from ordnance.toi.procedures import status_phase
from ordnance.toi.rules.hexmap import map_data, map_names
from ordnance.toi.rules.los_answer import los_answer
from ordnance.toi.settings import ToISettings
from ordnance.toi.setup import new_state, state_map
from ordnance.toi.shapes import ToILosAnswer, ToIOdds, ToIView
from ordnance.toi.state import ToIState
from ordnance.toi.views import view

#: A ToI state's counter names (:meth:`ToIGame.counter_names`), by its units tuple: at
#: most 1,024 (read-only mappings; the tuples held alive, most also in ``STATES``).
_NAMES: IdentityMemo[Mapping[str, str]] = IdentityMemo("toi.plugin._NAMES", 1024)


class ToIGame(Game[ToIState]):
    name = "toi"
    title = "Tide of Iron: Fury of the Bear munitions tokens"
    rules_version = 1
    scenario_files = "ordnance.toi.scenario:ToIScenario"
    #: snapshots as typed JSON; the map is the settings' and is rebuilt from them
    state_codec = StateCodec(ToIState, derived={ToIState: {"map": state_map}})
    #: ``advance`` ends a step; every other action belongs to the step's
    #: nations (:mod:`ordnance.toi.turns`).
    step_actions = frozenset({"advance"})
    #: a token's type in a message ("bought AP-B ...") is a word of the catalogue
    word_args = frozenset({"munition"})

    def start(self, settings: Mapping[str, Any]) -> ToIState:
        return new_state(settings)

    def dice_rule(self, action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str] | None:
        return dice_rule(action, exc)

    def seats(self, state: ToIState) -> Sequence[str]:
        return state.sides

    def _resolve(
        self, state: ToIState, action: Mapping[str, Any], dice: DiceSource, seat: str | None
    ) -> Outcome[ToIState]:
        after, events = apply_action(state, action, dice, seat)
        after = toi_turns.record_action(state, after, action)  # whose action next
        return Outcome(after, tuple(events))

    def view(self, state: ToIState, seat: str | None) -> ToIView:
        return view(state, seat, self.turn_view(state))

    def turn(self, state: ToIState) -> Turn:
        return toi_turns.turn(state)

    def acting_seat(self, state: ToIState, action: Mapping[str, Any]) -> str | None:
        """The nation of the acting unit (a move, an attack), else the side named."""
        unit = next((u for u in state.units if u.id == action.get("unit")), None)
        if unit is not None:
            return unit.side
        return super().acting_seat(state, action)

    def check_sequence(self, state: ToIState, action: Mapping[str, Any], seat: str) -> None:
        """An advance over several steps must be this nation's to leave at each one;
        in the Action Phase the nations alternate (:func:`toi_turns.action_refusal`)."""
        refusal = toi_turns.action_refusal(state, action, seat)
        if refusal is not None:
            raise refusal
        if action.get("type") == "advance":
            a = parse_action(action)
            status_phase.advance(state, getattr(a, "to", None), toi_turns.check_may_leave(seat))

    def action_kinds(self) -> Mapping[str, str]:
        return {**ACTION_TITLES, "done": "Done with this step"}

    def any_action_schema(self, state: ToIState, seat: str | None, kind: str) -> JsonSchema | None:
        """Any ToI action but ``done`` (``apply`` judges it)."""
        return any_form_schema(state, seat, kind) if kind in ACTION_TITLES else None

    def legal(self, state: ToIState, seat: str | None) -> list[ActionForm]:
        # a seat the step does not await gets only the any-time forms (``owned_legal``
        # drops the others), so the others are not built for it
        idle = seat is not None and seat not in self.turn(state).active
        forms = legal_forms(state, seat, only=self.any_time_actions if idle else None)
        out = owned_legal(self, state, seat, forms)
        if seat is not None and toi_turns.action_refusal(state, {"type": "done"}, seat):
            out = [f for f in out if f["type"] != "done"]  # a pass waits for its own turn
        return out

    def odds(
        self, state: ToIState, action: Mapping[str, Any], seat: str | None = None
    ) -> ToIOdds | None:
        return attack_odds(state, action, seat)

    def settings_schema(self) -> JsonSchema:
        """The settings' JSON schema, the map a choice of the packaged maps (by title)."""
        maps = [(name, str(map_data(name).get("title", name))) for name in map_names()]
        schema = choices(ToISettings.model_json_schema(), "map", maps)
        # a map as data comes from a scenario file (docs/scenarios.md), not from the lobby
        schema["properties"].pop("custom_map", None)
        return schema

    def counter_names(self, state: ToIState) -> Mapping[str, str]:
        """Each unit by its type's name (``Panzer IV``), numbered when two share it.

        Once per units tuple (:data:`_NAMES`: the states an action leaves the units
        unchanged in, and the views and event texts of a state, share it), read-only."""
        units = state.units
        return _NAMES.one(
            units,
            lambda: MappingProxyType(distinct_names((u.id, u.profile.title) for u in units)),
        )

    def hex_label(self, state: ToIState, h: Hex) -> str:
        """The map's printed column-row number, ``0305``."""
        return numbered_hex(h)

    def los(
        self, state: ToIState, origin: Hex, target: Hex, seat: str | None = None
    ) -> ToILosAnswer:
        """LOS as the attack procedure judges it: smoke (TOI-B10) and blocking terrain.

        Reads only the map, the smoke markers and unit positions, which every
        seat sees; never a munitions token.
        """
        return los_answer(state, origin, target)


GAME = ToIGame()
PLUGIN = GamePlugin(
    GAME,
    calculators="ordnance.toi.calculators:CALCULATORS",
    commands="ordnance.toi.commands:COMMANDS",
)

__all__ = ["GAME", "PLUGIN", "ToIGame"]
