"""One action to its procedure, and the rule behind each die a procedure rolls.

:func:`apply_action` is what ``ToIGame.apply`` runs: it validates the action
(:mod:`.actions`) and hands it to its procedure module (:mod:`~ordnance.toi.procedures.buy`,
:mod:`~ordnance.toi.procedures.discard`, :mod:`~ordnance.toi.procedures.op_fire`, :mod:`~ordnance.toi.procedures.command`, :mod:`~ordnance.toi.procedures.move`,
:mod:`~ordnance.toi.procedures.combat`; ``advance`` and ``done`` to :mod:`~ordnance.toi.procedures.status_phase` and
:mod:`.turns`). :func:`dice_rule` names the clause of refused entered dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import InvalidDice, NotEnoughDice, OrdnanceError, TooManyDice
from ordnance.core.events import Event
from ordnance.core.messages import msg
from ordnance.core.turns import done_side
from ordnance.toi import turns as toi_turns
from ordnance.toi.actions import (
    Advance,
    Attack,
    Buy,
    Discard,
    Done,
    Move,
    PlaceOpFire,
    ReceiveCommand,
    parse_action,
)
from ordnance.toi.procedures import status_phase
from ordnance.toi.procedures.buy import buy
from ordnance.toi.procedures.combat import attack
from ordnance.toi.procedures.command import receive_command
from ordnance.toi.procedures.discard import discard
from ordnance.toi.procedures.move import move
from ordnance.toi.procedures.op_fire import place_op_fire
from ordnance.toi.state import ToIState


def apply_action(
    state: ToIState, action: Mapping[str, Any], dice: DiceSource, seat: str | None
) -> tuple[ToIState, list[Event]]:
    """Run one action (refusals of entered dice name their rule: :func:`dice_rule`)."""
    return _dispatch(state, action, dice, seat)


#: Which rule rolls a die, by the label the procedure gives it.
_DICE_RULES = (
    ("attack", "TOI-B4"),
    ("defence", "TOI-B4"),
    ("smoke round", "TOI-SMK-2"),
    ("cover", "TOI-SMK-2"),
    ("drift", "TOI-SMK-4"),
    ("token draw", "TOI-AMB-12"),
)


def dice_rule(action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str]:
    """The clause of refused dice: a value no d6 shows breaks B1; a wrong count, the rule
    of the roll that asked for them (B4 attack and defence dice, TOI-SMK-2/4 smoke...)."""
    if not isinstance(exc, NotEnoughDice | TooManyDice):
        return "TOI-B1", "Tide of Iron dice are d6: enter values 1 to 6"
    by_type = {"attack": "TOI-B4", "buy": "TOI-AMB-12"}
    label = exc.label or ""
    clause = next(
        (c for prefix, c in _DICE_RULES if label.startswith(prefix)),
        by_type.get(str(action.get("type")), "TOI-B1"),
    )
    return clause, "Tide of Iron dice are d6: enter values 1 to 6, as many as the roll needs"


def _dispatch(
    state: ToIState, action: Mapping[str, Any], dice: DiceSource, seat: str | None
) -> tuple[ToIState, list[Event]]:
    a = parse_action(action)
    if isinstance(a, Advance):
        return status_phase.advance(state, a.to)
    if isinstance(a, Done):
        side = done_side(toi_turns.turn(state), action, seat)
        state, events, ends = toi_turns.done(state, side)
        if ends:
            state, more = status_phase.advance(state, None)
            events += more
        return state, events
    if isinstance(a, ReceiveCommand):
        return receive_command(state, a, seat)
    if isinstance(a, Buy):
        return buy(state, a, dice, seat)
    if isinstance(a, Discard):
        return discard(state, a, seat)
    if isinstance(a, PlaceOpFire):
        return place_op_fire(state, a, seat)
    if isinstance(a, Move):
        return move(state, a, seat)
    if isinstance(a, Attack):
        return attack(state, a, dice, seat)
    raise OrdnanceError(msg("unhandled action {a!r}", a=a))  # pragma: no cover
