"""What each action does to the game: one pure function per action type.

Each handler takes the state, the validated action, the dice and the acting
seat, and returns the new state with its events, or raises an
:class:`~ordnance.core.errors.OrdnanceError` and changes nothing.
"""

from __future__ import annotations

from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError
from ordnance.core.game import Outcome
from ordnance.waw import actions as A
from ordnance.waw.fascam_mission import fascam
from ordnance.waw.fire import fire
from ordnance.waw.he_mission import he_fire, hq_check_result
from ordnance.waw.marker_removal import done, marker_removal_phase
from ordnance.waw.move import move
from ordnance.waw.setup import place_terrain, place_unit, remove_unit, set_condition
from ordnance.waw.smoke_mission import smoke
from ordnance.waw.state import WawState

Result = Outcome[WawState]


def apply_action(state: WawState, action: Any, dice: DiceSource, seat: str | None) -> Result:
    if isinstance(action, A.PlaceTerrain):
        return place_terrain(state, action, seat)
    if isinstance(action, A.PlaceUnit):
        return place_unit(state, action, seat)
    if isinstance(action, A.RemoveUnit):
        return remove_unit(state, action, seat)
    if isinstance(action, A.SetCondition):
        return set_condition(state, action, seat)
    if isinstance(action, A.HeFire):
        return he_fire(state, action, dice, seat)
    if isinstance(action, A.Smoke):
        return smoke(state, action, seat)
    if isinstance(action, A.Fascam):
        return fascam(state, action, dice, seat)
    if isinstance(action, A.Move):
        return move(state, action, dice, seat)
    if isinstance(action, A.Fire):
        return fire(state, action, dice, seat)
    if isinstance(action, A.MarkerRemoval):
        return marker_removal_phase(state, action, seat)
    if isinstance(action, A.HqCheckResult):
        return hq_check_result(state, action, seat)
    if isinstance(action, A.Done):
        return done(state, action, seat)
    raise OrdnanceError(f"unhandled action {action!r}")  # pragma: no cover
