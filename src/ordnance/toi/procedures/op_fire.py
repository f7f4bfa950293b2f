"""Placing a unit on Op Fire in the Status Phase (TOI-B8, TOI-B9).

Only a fresh unit in play whose morale is normal may be placed; it then fires
in the opponent's Action Phase with the ``op_fire`` attack mode.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.messages import msg
from ordnance.toi.actions import PlaceOpFire
from ordnance.toi.seats import check_seat, check_status_step
from ordnance.toi.shapes import UnitEvent
from ordnance.toi.state import ToIState


def place_op_fire(
    state: ToIState, a: PlaceOpFire, seat: str | None
) -> tuple[ToIState, list[Event]]:
    """Put a fresh unit with normal morale on Op Fire (TOI-B8 step 3, TOI-B9)."""
    unit = state.unit(a.unit)
    check_seat(seat, unit.side, state)
    check_status_step(
        state,
        "op-fire",
        "TOI-B8",
        msg("units are placed on Op Fire in the Status Phase, step 3"),
        msg("advance to op-fire"),
    )
    if not unit.alive or unit.activation != "fresh":
        raise RuleViolation("TOI-B9", msg("{id} is not a fresh unit in play", id=unit.id))
    if unit.morale != "normal":
        raise RuleViolation(
            "TOI-B9",
            msg(
                "{id} is {morale}: pinned or disrupted squads cannot Op Fire",
                id=unit.id,
                morale=unit.morale,
            ),
        )
    state = state.with_unit(replace(unit, activation="op-fire"))
    return state, [
        Event.of("op-fire", UnitEvent(unit=unit.id), msg("{unit} placed on Op Fire", unit=unit.id))
    ]
