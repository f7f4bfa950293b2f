"""Who may act for a nation, and events only one nation sees in full.

Every ToI procedure starts by checking the acting seat (:func:`check_seat`)
and, for a Status Phase step, that the game is at that step
(:func:`check_status_step`);
the purchase and the discard of a face-down token report its type only to
its owner (:func:`secret_event`, TOI-GEN-5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.core.errors import NotYourSeat, RuleViolation, UnknownName
from ordnance.core.events import Event
from ordnance.core.messages import Message, msg
from ordnance.toi.state import Phase, ToIState


def check_status_step(
    state: ToIState, step: str, clause: str, message: Message, hint: Message
) -> None:
    """Refuse an action of the Status Phase's ``step`` at any other point of the round."""
    if state.phase is not Phase.STATUS or state.step != step:
        raise RuleViolation(clause, message, hint=hint)


def check_seat(seat: str | None, side: str, state: ToIState) -> None:
    """Refuse a seat that is not a nation of the game, or acts for another nation."""
    if seat is None:
        return
    if seat not in state.sides:
        raise UnknownName(
            msg("no seat called {seat!r} (seats: {value})", seat=seat, value=", ".join(state.sides))
        )
    if seat != side:
        raise NotYourSeat(
            msg("{seat} cannot act for {side}", seat=seat, side=side),
            hint=msg("act as {side}", side=side),
        )


def secret_event(
    side: str,
    kind: str,
    data: Mapping[str, Any],
    message: Message,
    public: Mapping[str, Any],
    public_message: Message,
) -> Event:
    """An event only ``side`` sees in full; the others get ``public`` and ``public_message``
    (which never name the token's type)."""
    return Event.of(
        kind,
        data,
        message,
        secret_for=frozenset({side}),
        public=public,
        public_message=public_message,
    )
