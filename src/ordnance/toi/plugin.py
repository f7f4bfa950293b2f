"""The Tide of Iron game as the core sees it: ``ToIGame`` and ``PLUGIN``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from pydantic import ValidationError

from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError, UnknownName
from ordnance.core.game import Game, Outcome
from ordnance.core.hexes import parse_hex
from ordnance.core.registry import GamePlugin
from ordnance.toi import rules
from ordnance.toi.actions import ACTION_MODELS
from ordnance.toi.catalogue import profile
from ordnance.toi.hexmap import load_map, map_data
from ordnance.toi.munitions import Munition
from ordnance.toi.settings import ToISettings, UnitPlacement
from ordnance.toi.state import Nation, Phase, ToIState, Unit
from ordnance.toi.status_phase import enter
from ordnance.toi.views import view

_TITLES = {
    "advance": "Advance to the next step",
    "receive_command": "Receive command",
    "buy": "Buy a munitions token (1 command)",
    "discard": "Discard an unused face-down token",
    "op_fire": "Place a unit on Op Fire",
    "move": "Move a unit",
    "attack": "Attack (or fire a Smoke round)",
}


def parse_settings(settings: Mapping[str, Any]) -> ToISettings:
    try:
        return ToISettings.model_validate(dict(settings))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "settings"
        raise OrdnanceError(f"bad Tide of Iron settings: {where}: {first['msg']}") from None


class ToIGame(Game[ToIState]):
    name = "toi"
    title = "Tide of Iron: Fury of the Bear munitions tokens"
    rules_version = 1

    def new(self, settings: Mapping[str, Any]) -> ToIState:
        s = parse_settings(settings)
        m = load_map(s.map)
        placements = s.units
        if placements is None:
            placements = tuple(
                UnitPlacement.model_validate(p) for p in map_data(s.map).get("scenario", [])
            )
        extra = {p.name: p for p in s.profiles}
        units: list[Unit] = []
        seen: set[str] = set()
        for p in placements:
            if p.side not in s.nations:
                raise UnknownName(
                    f"unit {p.id} belongs to {p.side!r}, not a nation of this game",
                    hint=f"nations: {', '.join(s.nations)}",
                )
            if p.id in seen:
                raise OrdnanceError(f"two units are called {p.id!r}")
            seen.add(p.id)
            prof = extra[p.profile] if p.profile in extra else profile(p.profile)
            h = parse_hex(p.hex)
            m.info(h)
            figures = 0 if prof.kind.counts_as_vehicle else (p.figures or prof.figures or 1)
            units.append(Unit(p.id, p.side, prof, h, figures=figures))
        nations = tuple(
            Nation(n, s.command_for(n), tuple((mt, c) for mt, c in s.supply_for(n).items()))
            for n in s.nations
        )
        state = ToIState(settings=s, map=m, nations=nations, units=tuple(units))
        if s.start_phase == "status":
            state = replace(state, phase=Phase.STATUS, step="draw-cards")
            state, _ = enter(state)
        return state

    def seats(self, state: ToIState) -> Sequence[str]:
        return state.sides

    def apply(
        self, state: ToIState, action: Mapping[str, Any], dice: DiceSource, seat: str | None = None
    ) -> Outcome[ToIState]:
        new_state, events = rules.apply_action(state, action, dice, seat)
        return Outcome(new_state, tuple(events))

    def view(self, state: ToIState, seat: str | None) -> dict[str, Any]:
        return view(state, seat)

    def legal(self, state: ToIState, seat: str | None) -> list[dict[str, Any]]:
        kinds = ["advance"]
        if state.phase is Phase.ACTION:
            kinds += ["attack", "move"]
        elif state.phase is Phase.COMMAND:
            kinds.append("receive_command")
        elif state.step == "munitions" and state.settings.munitions_in_force:
            kinds.append("buy")
        elif state.step == "op-fire":
            kinds.append("op_fire")
        elif state.step == "keep-or-discard":
            kinds.append("discard")
        return [
            {"type": k, "title": _TITLES[k], "schema": ACTION_MODELS[k].model_json_schema()}
            for k in kinds
        ]

    def odds(
        self, state: ToIState, action: Mapping[str, Any], seat: str | None = None
    ) -> dict[str, Any] | None:
        return rules.attack_odds(state, action, seat)

    def settings_schema(self) -> dict[str, Any]:
        return ToISettings.model_json_schema()


GAME = ToIGame()
PLUGIN = GamePlugin(GAME, cli="ordnance.toi.cli:app", odds_cli="ordnance.toi.cli:odds_app")

__all__ = ["GAME", "PLUGIN", "Munition", "ToIGame"]
