"""One action to its procedure, and the rule behind each die a procedure rolls.

Each procedure module (:mod:`.setup`, :mod:`~ordnance.waw.procedures.he_mission`,
:mod:`~ordnance.waw.procedures.smoke_mission`, :mod:`~ordnance.waw.procedures.fascam_mission`, :mod:`~ordnance.waw.procedures.move`, :mod:`~ordnance.waw.procedures.fire`,
:mod:`~ordnance.waw.procedures.marker_removal`) takes the state, the validated action, the dice and
the acting seat, and returns the new state with its events, or raises an
:class:`~ordnance.core.errors.OrdnanceError` and changes nothing.
:func:`dice_rule` names the clause of refused entered dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import InvalidDice, OrdnanceError
from ordnance.core.game import Outcome
from ordnance.core.messages import msg
from ordnance.waw import actions as A
from ordnance.waw.procedures.fascam_mission import fascam
from ordnance.waw.procedures.fire import fire
from ordnance.waw.procedures.he_mission import he_fire, hq_check_result
from ordnance.waw.procedures.marker_removal import done, marker_removal_phase
from ordnance.waw.procedures.move import move
from ordnance.waw.procedures.smoke_mission import smoke
from ordnance.waw.setup import place_terrain, place_unit, remove_unit, set_condition
from ordnance.waw.state import WawState

Result = Outcome[WawState]


#: The procedures that roll no dice, by action type, and those that do.
_PROCEDURES: Mapping[type, Callable[[WawState, Any, str | None], Result]] = {
    A.PlaceTerrain: place_terrain,
    A.PlaceUnit: place_unit,
    A.RemoveUnit: remove_unit,
    A.SetCondition: set_condition,
    A.Smoke: smoke,
    A.MarkerRemoval: marker_removal_phase,
    A.HqCheckResult: hq_check_result,
    A.Done: done,
}
_ROLLING: Mapping[type, Callable[[WawState, Any, DiceSource, str | None], Result]] = {
    A.HeFire: he_fire,
    A.Fascam: fascam,
    A.Move: move,
    A.Fire: fire,
}


def apply_action(state: WawState, action: Any, dice: DiceSource, seat: str | None) -> Result:
    """Run one validated action through its procedure."""
    procedure = _PROCEDURES.get(type(action))
    if procedure is not None:
        return procedure(state, action, seat)
    rolling = _ROLLING.get(type(action))
    if rolling is not None:
        return rolling(state, action, dice, seat)
    raise OrdnanceError(msg("unhandled action {action!r}", action=action))  # pragma: no cover


#: The clause whose dice an action rolls (named when an entered die is not a d6 face).
DICE_CLAUSES = {
    "he_fire": "WAW-HE-a",
    "fascam": "WAW-8.3-d",
    "move": "WAW-8.3-d",
    "fire": "WAW-8.2-e",
}
#: The clause of a roll, by the label the procedure gives its dice.
_DICE_LABELS = (
    ("defence", "WAW-HE-e"),
    ("allocation", "WAW-HE-g"),
    ("HQ check", "WAW-HE-k"),
    ("mines", "WAW-8.3-d"),
    ("salvo", "WAW-HE-a"),
)


def dice_rule(action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str]:
    """The rule of the procedure that rolls the dice (WAW-HE-a salvo, WAW-8.3-d mines...)."""
    label = exc.label or ""
    clause = next((c for prefix, c in _DICE_LABELS if label.startswith(prefix)), None)
    return (
        clause or DICE_CLAUSES.get(str(action.get("type")), "WAW-HE-a"),
        "enter d6 values from 1 to 6, as many as the procedure asks for, in its order",
    )
