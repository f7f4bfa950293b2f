"""Moving a unit in the Action Phase (TOI-B8).

The munitions rules need only where a unit stands (range, LOS, cover), so a
move places the unit in the hex named; movement points and terrain costs
stay with the players. A move activates the unit: it is fatigued (TOI-B8,
only a fresh unit may be activated), though its action stays open until the
next action turn (TOI-ACT-3): it may move on, hex by hex, or fire.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import parse_hex
from ordnance.core.messages import msg
from ordnance.toi.actions import Move
from ordnance.toi.seats import check_seat
from ordnance.toi.shapes import MoveEvent
from ordnance.toi.state import Phase, ToIState


def move(state: ToIState, a: Move, seat: str | None) -> tuple[ToIState, list[Event]]:
    """Place the unit in the hex named, in the Action Phase (TOI-B8)."""
    unit = state.unit(a.unit)
    check_seat(seat, unit.side, state)
    if state.phase is not Phase.ACTION:
        raise RuleViolation(
            "TOI-B8", msg("units move in the Action Phase"), hint=msg("advance to the action phase")
        )
    if not unit.alive:
        raise RuleViolation("TOI-B8", msg("{id} is no longer on the board", id=unit.id))
    dest = parse_hex(a.to)
    state.map.info(dest)
    # a move activates the unit (TOI-B8); until the next action turn it may move
    # on or fire (TOI-ACT-3, :meth:`ToIState.open_move`), then it waits for the
    # Status Phase, which makes every unit fresh again
    state = state.with_unit(replace(unit, hex=dest, activation="fatigued"))
    step: MoveEvent = {"unit": unit.id, "from": str(unit.hex), "to": str(dest)}
    return state, [
        Event.of(
            "move",
            step,
            msg(
                "{unit} moves {start} -> {dest}",
                unit=unit.id,
                start=numbered_hex(unit.hex),
                dest=numbered_hex(dest),
            ),
        )
    ]
