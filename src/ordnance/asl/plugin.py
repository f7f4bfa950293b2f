"""The ASL game as the core sees it: :class:`AslGame`, registered as ``PLUGIN``.

The class only delegates, as in every game (docs/architecture.md): a new game is
:mod:`~ordnance.asl.setup`, each action goes through :mod:`~ordnance.asl.dispatch`
to its procedure (one module per action), the offered forms are
:mod:`~ordnance.asl.legal`, the seat checks :mod:`~ordnance.asl.seats`, the state
:mod:`~ordnance.asl.state`, the odds :mod:`~ordnance.asl.odds.action`, and the
forms, panels, board and SMOKE/WP LOS of the view :mod:`~ordnance.asl.views`.

``apply`` is pure: a procedure validates the action and asks the dice source
for its DR only after every check has passed (so a refused action consumes no
dice and writes nothing), and returns a new :class:`~ordnance.asl.state.AslState`.
What the procedures enforce, with the clause a refusal names:

* special ammunition is declared before its DR (ASL-8.1-a): ``fire`` carries
  the declaration, ``declare_ammo`` sets it for a later shot, and declaring
  for a shot already rolled is refused;
* each shot of a Multiple ROF Gun declares afresh (ASL-8.1-c);
* the Depletion Number comes from the counter, the chart, the HEAT date
  gate and the Elite rule (:mod:`ordnance.asl.rules.capability`);
* the depletion check and its consequences (ASL-8.9-c/d/e, ASL-AMB-18);
  Intensive Fire keeps N and lowers B# by 2 (ASL-8.92-a);
* limited stowage AP#/HE# is special ammunition (ASL-8.8-b): fired only when
  declared (the declaration brings the depletion check); an undeclared shot
  whose automatic choice (HE at an unarmored target, AP at a vehicle) would
  be that scarce type is refused;
* a voided shot (DR > N) leaves the Gun without a fire marker for the phase,
  so it may fire other ammunition; a CA change made for it stays, or with
  ``voided_shot_ca="undo"`` is undone (ASL-AMB-15);
* no depletion for dispensers (ASL-8.9-f); IR is recorded only (ASL-8.7-a);
* HEAT targets (ASL-8.31-b); SMOKE/WP windows and placement (ASL-8.5, 8.51,
  8.52, 8.6 via :mod:`ordnance.asl.rules.smoke`), with the Placement DR as the
  depletion check (ASL-AMB-14); Canister via :mod:`ordnance.asl.canister`.

Ordinary fire outside the fire phases is refused under the notes' sequence of
play (``ASL-B3``): a Gun fires in its side's PFPh/AFPh as ATTACKER, or in the
MPh/DFPh as DEFENDER.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ordnance.asl import turns as asl_turns
from ordnance.asl.actions import ACTION_TITLES
from ordnance.asl.dispatch import apply_action, dice_rule
from ordnance.asl.legal import any_form_schema, legal_forms
from ordnance.asl.odds.action import shot_odds
from ordnance.asl.seats import gun_owner
from ordnance.asl.settings import AslSettings
from ordnance.asl.setup import new_state
from ordnance.asl.shapes import (
    AslLosAnswer,
    AslMapPart,
    AslShotOdds,
    AslView,
    AslViewHead,
    MapPiece,
)
from ordnance.asl.shot.checks import firing_sides
from ordnance.asl.state import AslState
from ordnance.asl.views import board_view, map_marker, map_piece, panels, smoke_los
from ordnance.core.codec import StateCodec
from ordnance.core.dice import DiceSource
from ordnance.core.errors import InvalidDice
from ordnance.core.game import Game, Outcome
from ordnance.core.hexes import Hex, parse_hex
from ordnance.core.messages import Message
from ordnance.core.naming import distinct_names
from ordnance.core.registry import GamePlugin
from ordnance.core.shapes import ActionForm, JsonSchema
from ordnance.core.turns import Turn, owned_legal

__all__ = ["GAME", "PLUGIN", "AslGame"]


class AslGame(Game[AslState]):
    name = "asl"
    title = "ASL Chapter C8: Special Ammunition"
    rules_version = 1
    scenario_files = "ordnance.asl.scenario:AslScenario"
    state_codec = StateCodec(AslState)  # snapshots as typed JSON
    any_time_actions = asl_turns.ANY_TIME
    step_actions = asl_turns.STEP_ACTIONS

    def turn(self, state: AslState) -> Turn:
        return asl_turns.turn(state)

    def acting_seat(self, state: AslState, action: Mapping[str, Any]) -> str | None:
        """The owner of the Gun that acts (a shot, a declaration), else the side named."""
        owner = gun_owner(state, action)
        return owner if owner is not None else super().acting_seat(state, action)

    def needs_consent(
        self, state: AslState, action: Mapping[str, Any], seat: str | None
    ) -> str | None:
        return asl_turns.needs_consent(state, action, seat)

    def describe(self, state: AslState, action: Mapping[str, Any], seat: str | None) -> Message:
        found = asl_turns.describe(state, action, seat)
        return found if found is not None else super().describe(state, action, seat)

    # -- setup ----------------------------------------------------------------
    def start(self, settings: Mapping[str, Any]) -> AslState:
        return new_state(settings)

    def restore(self, state: AslState, position: Any) -> AslState:
        """The position's set-up actions are played by this game, then its records read."""
        from ordnance.asl.scenario import restore  # lazy: scenario files load the counter data

        return restore(self, state, position)

    def settings_schema(self) -> JsonSchema:
        return AslSettings.model_json_schema()

    def dice_rule(self, action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str] | None:
        return dice_rule()

    def seats(self, state: AslState) -> Sequence[str]:
        return state.side_names

    # -- apply ------------------------------------------------------------------
    def _resolve(
        self,
        state: AslState,
        action: Mapping[str, Any],
        dice: DiceSource,
        seat: str | None,
    ) -> Outcome[AslState]:
        return apply_action(state, action, dice, seat)

    # -- observer -------------------------------------------------------------
    def view(self, state: AslState, seat: str | None) -> AslView:
        record = [g.to_dict() for g in state.guns]
        units: list[MapPiece] = [map_piece(state, g) for g in state.guns if g.hex]
        head: AslViewHead = {
            "game": self.name,
            "date": str(state.date),
            "date_label": state.date.label,
            "theatre": state.theatre.value,
            "game_turn": state.turn,
            "turn": self.turn_view(state),
            "phase": state.phase.value,
            "phase_name": state.phase.full_name,
            "attacker": state.attacker,
            "defender": state.defender,
            "firing": list(firing_sides(state)),
            "sides": [s.model_dump() for s in state.settings.sides],
            "options": state.settings.options.model_dump(),
            "record": record,
            "recent": list(state.recent),
        }
        placed: AslMapPart = {}
        if units or state.markers:
            placed["map"] = {
                "hexes": [],
                "units": units,
                "markers": [map_marker(m) for m in state.markers],
                "arrows": [],
                "clusters": [
                    {"hexes": list(c), "kind": "canister", "kind_name": "Canister cluster"}
                    for c in state.clusters
                ],
            }
        return {**head, **placed, "board": board_view(state), "panels": panels(head)}

    introducing_events = frozenset({"gun_added"})

    def counter_names(self, state: AslState) -> Mapping[str, str]:
        """Each Gun by its counter's name (``T-34/85``), numbered when two share it."""
        return distinct_names((g.id, g.name or g.id) for g in state.guns)

    # -- line of sight --------------------------------------------------------
    def hex_label(self, state: AslState, h: Hex) -> str:
        """The hex's printed id on the board of the settings, ``C5``."""
        return state.settings.board.printed(h)

    def read_hex(self, state: AslState, text: str) -> Hex:
        """A hex as typed: its printed id on the table's board (``C5``) or axial ``q,r``."""
        if "," in text:
            return parse_hex(text)
        return state.settings.board.hex_of(text.strip())

    def los(
        self, state: AslState, origin: Hex, target: Hex, seat: str | None = None
    ) -> AslLosAnswer:
        """SMOKE/WP Hindrance along the line (ASL-8.5-c/d): a DRM total, never a block.

        Reads only the SMOKE/WP counters of the side record's map markers,
        which every seat's view shows. The game records no terrain and no
        levels, so the answer states its assumption: ground-level counters
        (ASL-8.52-a) and a LOS traced below their two-level height.
        """
        return smoke_los(state, origin, target)

    def action_kinds(self) -> Mapping[str, str]:
        return dict(ACTION_TITLES)

    def any_action_schema(self, state: AslState, seat: str | None, kind: str) -> JsonSchema | None:
        """Any ASL action but ``done`` (``apply`` judges it)."""
        return (
            any_form_schema(state, seat, kind) if kind in ACTION_TITLES and kind != "done" else None
        )

    def legal(self, state: AslState, seat: str | None) -> list[ActionForm]:
        return owned_legal(self, state, seat, legal_forms(state, seat))

    def odds(
        self, state: AslState, action: Mapping[str, Any], seat: str | None = None
    ) -> AslShotOdds | None:
        return shot_odds(state, action)


GAME = AslGame()
PLUGIN = GamePlugin(
    GAME,
    cli="ordnance.cli.asl:app",
    odds_cli="ordnance.cli.asl:odds_app",
    calculators="ordnance.asl.calculators:CALCULATORS",
    demo="ordnance.cli.asl.demo:walk",
)
