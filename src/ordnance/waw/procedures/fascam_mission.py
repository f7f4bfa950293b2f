"""The FASCAM mission on the map: Mines! in the target hex (WAW-8.3-a, -b).

Only Americans call it (a side or a named American caller). With the
WAW-AMB-14 option the mines attack the units already in the area at once.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.dice import DiceSource
from ordnance.core.errors import NotYourSeat
from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.game import Outcome
from ordnance.core.messages import msg, term
from ordnance.waw import actions as A
from ordnance.waw.rules.fascam import check_fascam_caller
from ordnance.waw.rules.los import smoke_area
from ordnance.waw.rules.mines import mine_attack_unit
from ordnance.waw.seats import check_seat
from ordnance.waw.shapes import FascamEvent
from ordnance.waw.state import WawState


def fascam(state: WawState, a: A.Fascam, dice: DiceSource, seat: str | None) -> Outcome[WawState]:
    """WAW-8.3-a/-b: Americans only; Mines! in the target hex."""
    nationality = state.side_nationality(a.side)
    check_seat(seat, a.side)
    who: str | dict[str, object] = term("side {side}", side=a.side)
    if a.caller is not None:
        caller = state.live_unit(a.caller)
        if caller.side != a.side:
            raise NotYourSeat(
                msg(
                    "{caller} belongs to {side}, not {side2}",
                    caller=a.caller,
                    side=caller.side,
                    side2=a.side,
                )
            )
        nationality = state.unit_type(caller).nationality
        who = term("{caller} ({name})", caller=a.caller, name=state.unit_type(caller).name)
    check_fascam_caller(nationality, who)
    target = state.hex(a.target)
    new = replace(state, mines=state.mines | {target})
    events = [
        Event.of(
            "fascam",
            FascamEvent(
                side=a.side, target=str(target), area=[str(h) for h in sorted(smoke_area(target))]
            ),
            msg(
                "Mines! in {target}: it and its six neighbours are mined",
                target=numbered_hex(target),
            ),
        )
    ]
    if state.settings.fascam_attack_on_placement:  # WAW-AMB-14 option
        for unit in sorted(new.units.values(), key=lambda u: u.id):
            if unit.condition.eliminated or unit.hex not in smoke_area(target):
                continue
            if target not in new.mines:
                break
            new, ev = mine_attack_unit(new, unit.id, unit.hex, target, dice)
            events.append(ev)
    return Outcome(new, tuple(events))
