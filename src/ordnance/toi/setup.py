"""A new Tide of Iron game: the map, the units placed and each nation's command and supply.

The settings (or the packaged map's own scenario) place the units; every
nation starts with its command and its supply of tokens (TOI-GEN-3,
TOI-AMB-13). A game may start in the Status Phase, whose first steps then
run at once (:func:`~ordnance.toi.procedures.status_phase.enter`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ordnance.core.errors import OrdnanceError, UnknownName
from ordnance.core.hexes import parse_hex
from ordnance.core.messages import msg
from ordnance.toi.procedures.status_phase import enter
from ordnance.toi.rules.catalogue import profile
from ordnance.toi.rules.hexmap import ToIMap, load_map, map_data, map_from_dict
from ordnance.toi.settings import UnitPlacement, parse_settings
from ordnance.toi.state import Nation, Phase, ToIState, Unit


def state_map(state: ToIState) -> ToIMap:
    """The map a state plays on: a function of its settings (its snapshots leave it out)."""
    s = state.settings
    return map_from_dict(s.custom_map) if s.custom_map is not None else load_map(s.map)


def new_state(settings: Mapping[str, Any]) -> ToIState:
    """The state before the first action (refuses a unit of an unknown nation or a hex off the map)."""
    s = parse_settings(settings)
    m = map_from_dict(s.custom_map) if s.custom_map is not None else load_map(s.map)
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
                msg(
                    "unit {id} belongs to {side!r}, not a nation of this game", id=p.id, side=p.side
                ),
                hint=msg("nations: {value}", value=", ".join(s.nations)),
            )
        if p.id in seen:
            raise OrdnanceError(msg("two units are called {id!r}", id=p.id))
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
