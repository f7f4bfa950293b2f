"""Keep or discard: dropping an unused face-down token (TOI-GEN-8, TOI-GEN-9, TOI-AMB-14).

At the end of the Status Phase a nation may discard a face-down token bought
in an earlier Status Phase; by default only once, at the end of the first
Status Phase after its purchase. :func:`discard_refusal` is the one check, so
the discard form offers exactly the tokens :func:`discard` accepts.
"""

from __future__ import annotations

from ordnance.core.errors import OrdnanceError, RuleViolation, UnknownName
from ordnance.core.events import Event
from ordnance.core.messages import msg
from ordnance.toi.actions import Discard
from ordnance.toi.procedures.status_phase import return_token
from ordnance.toi.seats import check_seat, check_status_step, secret_event
from ordnance.toi.shapes import TokenDiscardedEvent, TokenDiscardedPublic
from ordnance.toi.state import ToIState, Token


def discard_refusal(state: ToIState, token: Token) -> RuleViolation | None:
    """Why ``token`` may not be discarded at this keep-or-discard step, or ``None``.

    TOI-GEN-8/9 with TOI-AMB-14: a face-down token bought in an earlier Status
    Phase; by default only at the end of the first Status Phase after its
    purchase (option: any later one). The discard form offers exactly these.
    """
    if token.face_up:
        return RuleViolation(
            "TOI-GEN-9", msg("a revealed token is discarded at the start of the Status Phase")
        )
    eligible = (
        token.bought_in_status < state.status_no
        if state.settings.keep_or_discard == "every_status_phase"
        else token.bought_in_status == state.status_no - 1
    )
    if eligible:
        return None
    return RuleViolation(
        "TOI-GEN-8" if token.bought_in_status == state.status_no else "TOI-AMB-14",
        "this token may not be discarded now (only at the end of a later Status Phase)"
        if token.bought_in_status == state.status_no
        else "the keep-or-discard choice for this token was offered once and it was kept",
        hint=msg("keep it with its unit at no cost"),
    )


def discard(state: ToIState, a: Discard, seat: str | None) -> tuple[ToIState, list[Event]]:
    """Drop an unused face-down token at the end of the Status Phase (TOI-GEN-8, TOI-AMB-14)."""
    token = _find_token(state, a, seat)
    check_seat(seat, token.side, state)
    check_status_step(
        state,
        "keep-or-discard",
        "TOI-GEN-8",
        msg("unused tokens are discarded only at the end of the Status Phase"),
        msg("advance to keep-or-discard, or keep the token"),
    )
    refusal = discard_refusal(state, token)
    if refusal is not None:
        raise refusal
    state = return_token(state, token)
    event = secret_event(
        token.side,
        "token-discarded",
        TokenDiscardedEvent(
            side=token.side, unit=token.unit, token=token.id, munition=token.munition.value
        ),
        msg(
            "{side} discarded unused token {token} ({munition}) from {unit}",
            side=token.side,
            token=token.id,
            munition=token.munition.value,
            unit=token.unit,
        ),
        TokenDiscardedPublic(side=token.side, unit=token.unit),
        msg(
            "{side} discarded the face-down munitions token beside {unit}",
            side=token.side,
            unit=token.unit,
        ),
    )
    return state, [event]


def _find_token(state: ToIState, a: Discard, seat: str | None) -> Token:
    if a.token is not None:
        # Token ids are shown to their owner only; another seat cannot probe them.
        for t in state.tokens:
            if t.id == a.token and (seat is None or seat == t.side):
                return t
        raise UnknownName(msg("no munitions token {token!r} of yours on the board", token=a.token))
    if a.unit is None:
        raise OrdnanceError(msg("name the unit (or the token) whose token to discard"))
    state.unit(a.unit)
    down = [t for t in state.tokens_on(a.unit) if not t.face_up]
    if not down:
        raise UnknownName(msg("{unit} carries no face-down munitions token", unit=a.unit))
    if len(down) > 1:
        raise OrdnanceError(
            msg("{unit} carries several tokens", unit=a.unit), hint=msg("name the token id")
        )
    return down[0]
