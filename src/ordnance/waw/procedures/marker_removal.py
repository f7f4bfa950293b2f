"""The end of a turn: each side's ``done`` and the Marker Removal Phase (WAW-B6, WAW-8.2-h).

When the last side says done, the Marker Removal Phase runs: Smoke 2 turns
to Smoke 1 and Smoke 1 leaves the map; Mines! markers stay (WAW-8.3-f).
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.game import Outcome
from ordnance.core.messages import joined, msg, term
from ordnance.core.turns import done_side
from ordnance.waw import actions as A
from ordnance.waw import turns as waw_turns
from ordnance.waw.rules.smoke import marker_removal
from ordnance.waw.shapes import MarkerRemovalEvent
from ordnance.waw.state import WawState


def marker_removal_phase(
    state: WawState, a: A.MarkerRemoval, seat: str | None
) -> Outcome[WawState]:
    """WAW-8.2-h: Smoke 2 -> Smoke 1 -> removed. Mines! stay (WAW-8.3-f)."""
    after = marker_removal(state.smoke)
    flipped = [str(h) for h, lvl in state.smoke.items() if lvl == 2]
    removed = [str(h) for h, lvl in state.smoke.items() if lvl == 1]
    printed = {str(h): numbered_hex(h) for h in state.smoke}
    flipped_at = ", ".join(printed[h] for h in flipped)
    removed_at = ", ".join(printed[h] for h in removed)
    changes = [
        term("Smoke 2 -> Smoke 1 in {hexes}", hexes=flipped_at) if flipped else None,
        term("Smoke 1 removed from {hexes}", hexes=removed_at) if removed else None,
    ]
    done = [c for c in changes if c is not None]
    event = Event.of(
        "marker_removal",
        MarkerRemovalEvent(flipped=flipped, removed=removed),
        msg(
            "Marker Removal Phase: {changes}",
            changes=joined("; ", done) if done else term("no smoke on the map"),
        ),
    )
    return Outcome(
        replace(state, smoke=after, marker_phases=state.marker_phases + 1, done=frozenset()),
        (event,),
    )


def done(state: WawState, a: A.Done, seat: str | None) -> Outcome[WawState]:
    """A side's impulses are over; the last side's done runs the Marker Removal Phase (WAW-B6)."""
    side = done_side(waw_turns.turn(state), {"side": a.side}, seat)
    state, event, ends = waw_turns.done(state, side)
    if not ends:
        return Outcome(state, (event,))
    after = marker_removal_phase(state, A.MarkerRemoval(), seat)
    return Outcome(after.state, (event, *after.events))
