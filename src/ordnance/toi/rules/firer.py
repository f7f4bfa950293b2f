"""What firing does to the units that fire, whatever they fire.

The attacker's face-down tokens are flipped face up (TOI-GEN-7) and every
unit that took part is fatigued (TOI-B8; combined fire, TOI-B5). Both the
attack (:mod:`~ordnance.toi.procedures.combat`) and the Smoke round (:mod:`~ordnance.toi.procedures.smoke_round`) end their
firers' activation here.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.events import Event
from ordnance.core.messages import msg
from ordnance.toi.shapes import TokenRevealedEvent
from ordnance.toi.state import ToIState, Token, Unit


def reveal_tokens(state: ToIState, tokens: tuple[Token, ...]) -> tuple[ToIState, list[Event]]:
    """Flip ``tokens`` face up, one public event each (TOI-GEN-7)."""
    events = []
    ids = {t.id for t in tokens}
    state = replace(
        state, tokens=tuple(replace(t, face_up=True) if t.id in ids else t for t in state.tokens)
    )
    for t in tokens:
        events.append(
            Event.of(
                "token-revealed",
                TokenRevealedEvent(side=t.side, unit=t.unit, munition=t.munition.value),
                msg(
                    "{unit}'s munitions token is flipped: {munition} (TOI-GEN-7)",
                    unit=t.unit,
                    munition=t.munition.value,
                ),
            )
        )
    return state, events


def fatigue(state: ToIState, units: tuple[Unit, ...]) -> ToIState:
    """Mark every unit that fired fatigued (TOI-B8, TOI-B5)."""
    for u in units:
        state = state.with_unit(replace(state.unit(u.id), activation="fatigued"))
    return state
