"""Moving a unit hex by hex; each mined hex entered may attack it (WAW-8.3-d, WAW-AMB-13).

The path must list adjacent hexes in order and end in a hex the unit may
stack in (WAW-B5); an Eliminated unit stops where it fell.
"""

from __future__ import annotations

from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError
from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.game import Outcome
from ordnance.core.messages import msg
from ordnance.waw import actions as A
from ordnance.waw.rules.mines import enter_hex
from ordnance.waw.seats import check_seat
from ordnance.waw.shapes import MovedEvent, StoppedEvent
from ordnance.waw.state import WawState


def move(state: WawState, a: A.Move, dice: DiceSource, seat: str | None) -> Outcome[WawState]:
    """Move hex by hex; each mined hex entered attacks the unit (WAW-8.3-d, WAW-AMB-13)."""
    unit = state.live_unit(a.unit)
    check_seat(seat, unit.side)
    path = [state.hex(h) for h in a.path]
    here = unit.hex
    for step in path:
        if here.distance(step) != 1:
            raise OrdnanceError(
                msg("{step} is not adjacent to {here}", step=step, here=here),
                hint=msg("list every hex of the path in order"),
            )
        here = step
    state.check_stacking(path[-1], unit)
    new = state
    events: list[Event] = []
    attacked = False
    for step in path:
        new, step_events, attacked = enter_hex(new, unit.id, step, dice, attacked)
        events.extend(step_events)
        if new.unit(unit.id).condition.eliminated:
            break
    moved_to = new.unit(unit.id).hex
    moved: MovedEvent = {"unit": unit.id, "from": str(unit.hex), "path": [str(h) for h in path]}
    events.insert(
        0,
        Event.of(
            "moved",
            moved,
            msg(
                "{unit} moves {start} -> {path}",
                unit=unit.id,
                start=numbered_hex(unit.hex),
                path=" -> ".join(map(numbered_hex, path)),
            ),
        ),
    )
    if moved_to != path[-1]:
        events.append(
            Event.of(
                "stopped",
                StoppedEvent(unit=unit.id, hex=str(moved_to)),
                msg("{unit} is Eliminated in {hex}", unit=unit.id, hex=numbered_hex(moved_to)),
            )
        )
    return Outcome(new, tuple(events))
