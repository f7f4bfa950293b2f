"""Setting up and keeping the record: terrain, units and conditions the players place.

These actions roll no dice and may be taken at any time (``turns.ANY_TIME``):
the players lay out the map's terrain with its wreck and cover dice
(WAW-AMB-2), place and remove units (stacking, WAW-B5), and record a
condition the section 8 rules do not decide themselves.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.errors import OrdnanceError
from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.game import Outcome
from ordnance.core.messages import msg, term
from ordnance.waw import actions as A
from ordnance.waw.rules.units import Condition, Unit, condition_term
from ordnance.waw.seats import check_seat
from ordnance.waw.shapes import ConditionEvent, PlacedEvent, RemovedEvent, TerrainEvent
from ordnance.waw.state import HexInfo, WawState


def place_terrain(state: WawState, a: A.PlaceTerrain, seat: str | None) -> Outcome[WawState]:
    """Lay one terrain type, with its optional wreck and cover dice, in the hexes named."""
    terrain = state.catalogue.terrain(a.terrain)
    hexes = [state.hex(h) for h in a.hexes]
    info = HexInfo(terrain.name, a.wreck_dice, a.cover_dice)
    new = {**state.terrain, **{h: info for h in hexes}}
    event = Event.of(
        "terrain",
        TerrainEvent(hexes=[str(h) for h in hexes], terrain=terrain.name),
        msg(
            "{terrain} in {hexes}",
            terrain=term(terrain.name),
            hexes=", ".join(map(numbered_hex, hexes)),
        ),
    )
    return Outcome(replace(state, terrain=new), (event,))


def place_unit(state: WawState, a: A.PlaceUnit, seat: str | None) -> Outcome[WawState]:
    """Place a new unit of a catalogue type, within the stacking limit (WAW-B5)."""
    state.check_side(a.side)
    check_seat(seat, a.side)
    kind = state.catalogue.unit(a.kind)
    if a.id in state.units:
        raise OrdnanceError(
            msg("a unit called {id!r} is already in play", id=a.id), hint=msg("pick another id")
        )
    h = state.hex(a.hex)
    unit = Unit(a.id, kind.name, a.side, h, Condition.from_label(a.condition))
    state.check_stacking(h, unit)
    event = Event.of(
        "placed",
        PlacedEvent(unit=a.id, unit_type=kind.name, side=a.side, hex=str(h)),
        msg(
            "{side}: {kind} {unit} placed in {hex}",
            side=a.side,
            kind=kind.name,
            unit=a.id,
            hex=numbered_hex(h),
        ),
    )
    return Outcome(state.with_unit(unit), (event,))


def remove_unit(state: WawState, a: A.RemoveUnit, seat: str | None) -> Outcome[WawState]:
    """Take one of the seat's units off the map."""
    unit = state.unit(a.unit)
    check_seat(seat, unit.side)
    units = {k: v for k, v in state.units.items() if k != a.unit}
    return Outcome(
        replace(state, units=units),
        (
            Event.of(
                "removed",
                RemovedEvent(unit=a.unit),
                msg("{unit} removed from the map", unit=a.unit),
            ),
        ),
    )


def set_condition(state: WawState, a: A.SetCondition, seat: str | None) -> Outcome[WawState]:
    """Record a condition the players decided (the rules here do not)."""
    unit = state.unit(a.unit)
    cond = Condition.from_label(a.condition)
    event = Event.of(
        "condition",
        ConditionEvent(unit=unit.id, before=unit.condition.label, after=cond.label),
        msg(
            "{unit}: {before} -> {after} (set by the players)",
            unit=unit.id,
            before=condition_term(unit.condition),
            after=condition_term(cond),
        ),
    )
    return Outcome(state.with_condition(unit.id, cond), (event,))
