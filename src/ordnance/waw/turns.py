"""Who may act in a World at War turn, as far as this module models it (WAW-B6).

A turn is a chit-pull of formation impulses (notes B6); the players draw
the chits and keep the impulse order, which this module does not model. So
a turn here is one *simultaneous* step: both sides fire their own missions
and units (HE Fire, Smoke, FASCAM by the side firing, WAW-HE, WAW-8.2,
WAW-8.3), then each says ``done``. When the last side says done, the
Marker Removal Phase runs (WAW-8.2-h) and the next turn begins; a side may
call the Marker Removal Phase itself only once the other side is done.

Set-up and record keeping (terrain, placing and removing one's own units,
the players' condition and HQ-check judgements) are any-time actions; a
condition set on the *other* side's unit needs that side's consent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ordnance.core.events import Event
from ordnance.core.messages import Message, msg, term
from ordnance.core.naming import name_term
from ordnance.core.turns import Turn, simultaneous
from ordnance.waw.shapes import DoneEvent
from ordnance.waw.state import WawState

CLAUSE = "WAW-B6"

#: No owner check: set-up and the players' own record keeping.
ANY_TIME = frozenset(
    {"place_terrain", "place_unit", "remove_unit", "set_condition", "hq_check_result"}
)
#: Ends the turn's impulses.
STEP_ACTIONS = frozenset({"marker_removal"})


def turn(state: WawState) -> Turn:
    sides = tuple(state.settings.sides)
    number = state.marker_phases + 1
    return simultaneous(
        "impulses",
        None,
        sides,
        state.done,
        CLAUSE,
        term("turn {turn}, formation impulses", turn=number),
        sides,
    )


def needs_consent(state: WawState, action: Mapping[str, Any], seat: str | None) -> str | None:
    """The other side, when ``seat`` sets the condition of that side's unit or HQ."""
    if seat is None:
        return None
    kind = action.get("type")
    key = {"set_condition": "unit", "hq_check_result": "hq"}.get(str(kind))
    if key is None or not isinstance(action.get(key), str):
        return None
    unit = state.units.get(str(action[key]))
    if unit is None or unit.side == seat:
        return None
    return unit.side


def describe(
    state: WawState, action: Mapping[str, Any], seat: str | None, names: Mapping[str, str]
) -> Message | None:
    """What a condition change would do, in one sentence (None: not one of ours); the
    unit by its name in ``names`` (``Game.counter_names``), never its id."""
    kind = action.get("type")
    key = {"set_condition": "unit", "hq_check_result": "hq"}.get(str(kind))
    unit = state.units.get(str(action.get(key))) if key else None
    if unit is None:
        return None
    return msg(
        "{seat} set {unit} ({side}) from {before} to {after}",
        seat=seat or "hot seat",
        side=unit.side,
        unit=name_term(names.get(unit.id, unit.id)),
        before=term(unit.condition.label),
        after=term(str(action.get("condition"))),
    )


def done(state: WawState, side: str) -> tuple[WawState, Event, bool]:
    """``side`` is done with this turn's impulses; True when both are."""
    state = replace(state, done=state.done | {side})
    event = Event.of(
        "done",
        DoneEvent(side=side, turn=state.marker_phases + 1),
        msg("{side} finished turn {turn}", side=side, turn=state.marker_phases + 1),
    )
    return state, event, not turn(state).is_simultaneous
