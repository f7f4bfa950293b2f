"""The Smoke mission on the map (WAW-8.2-a).

Smoke 2 goes in the target hex; it blocks LOS in that hex and its six
neighbours (WAW-8.2-b, -c) until the Marker Removal Phases take it away
(:mod:`~ordnance.waw.procedures.marker_removal`).
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.game import Outcome
from ordnance.core.messages import msg
from ordnance.waw import actions as A
from ordnance.waw.rules.los import smoke_area
from ordnance.waw.rules.smoke import lay_smoke
from ordnance.waw.seats import check_seat
from ordnance.waw.shapes import SmokeEvent
from ordnance.waw.state import WawState


def smoke(state: WawState, a: A.Smoke, seat: str | None) -> Outcome[WawState]:
    """WAW-8.2-a: Smoke 2 in the target hex."""
    state.check_side(a.side)
    check_seat(seat, a.side)
    target = state.hex(a.target)
    area = sorted(smoke_area(target))
    event = Event.of(
        "smoke",
        SmokeEvent(side=a.side, target=str(target), level=2, area=[str(h) for h in area]),
        msg(
            "Smoke 2 in {target}: LOS blocked in it and its six neighbours",
            target=numbered_hex(target),
        ),
    )
    return Outcome(replace(state, smoke=lay_smoke(state.smoke, target)), (event,))
