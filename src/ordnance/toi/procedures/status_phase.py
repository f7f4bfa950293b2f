"""Moving through the round, and what happens automatically at each step.

* Entering the Status Phase: every face-up token is discarded (TOI-GEN-9)
  and each nation's purchase count restarts (TOI-GEN-4: three per Status Phase).
* ``remove-tokens``: units become fresh, pinned markers go, disrupted squads
  become pinned, expired smoke is removed (B8 step 2, TOI-AMB-17).
* ``munitions``: the purchase window (TOI-GEN-4), before ``op-fire``.
* ``advance-round``: the round marker advances.
* ``keep-or-discard``: the owner may drop unused face-down tokens (TOI-GEN-8).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ordnance.core.errors import UnknownName
from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.messages import joined, msg, term
from ordnance.toi.shapes import (
    NoData,
    PhaseEvent,
    RoundEvent,
    TokensDiscardedEvent,
    TokensRemovedEvent,
)
from ordnance.toi.state import (
    ROUND,
    STATUS_STEPS,
    Phase,
    ToIState,
    Token,
    position_name,
    shown_round,
)


def return_token(state: ToIState, token: Token) -> ToIState:
    """Take ``token`` off the board; back to its supply unless discarded tokens are
    removed from the game (TOI-AMB-15)."""
    state = replace(state, tokens=tuple(t for t in state.tokens if t.id != token.id))
    if state.settings.discarded_tokens == "supply":
        state = state.with_nation(state.nation(token.side).with_supply(token.munition, 1))
    return state


def enter(state: ToIState) -> tuple[ToIState, list[Event]]:
    events: list[Event] = []
    if state.phase is Phase.STATUS and state.step == STATUS_STEPS[0]:
        state = replace(
            state,
            status_no=state.status_no + 1,
            nations=tuple(replace(n, bought_this_status=0) for n in state.nations),
        )
        revealed = [t for t in state.tokens if t.face_up]
        for t in revealed:
            state = return_token(state, t)
        if revealed:
            listing = joined(", ", [f"{t.munition.value} ({t.unit})" for t in revealed])
            events.append(
                Event.of(
                    "tokens-discarded",
                    TokensDiscardedEvent(
                        tokens=[{"unit": t.unit, "munition": t.munition.value} for t in revealed]
                    ),
                    msg(
                        "revealed tokens discarded at the start of the Status Phase: "
                        "{tokens} (TOI-GEN-9)",
                        tokens=listing,
                    ),
                )
            )
    elif state.step == "remove-tokens":
        units = []
        for u in state.units:
            morale = {"pinned": "normal", "disrupted": "pinned"}.get(u.morale, u.morale)
            units.append(replace(u, activation="fresh", morale=morale))
        expiry_inclusive = state.settings.smoke_expiry == "next_status_phase"
        kept = tuple(
            s
            for s in state.smoke
            if not (
                s.placed_round < state.round or (expiry_inclusive and s.placed_round <= state.round)
            )
        )
        gone = [str(s.hex) for s in state.smoke if s not in kept]
        gone_labels = [numbered_hex(s.hex) for s in state.smoke if s not in kept]
        state = replace(state, units=tuple(units), smoke=kept, last_drift=None)
        fresh = "units are fresh; pinned markers removed; disrupted squads now pinned"
        message = (
            msg(
                fresh + "; smoke removed from {hexes} (TOI-AMB-17)",
                hexes=joined(", ", gone_labels),
            )
            if gone
            else msg(fresh)
        )
        events.append(Event.of("tokens-removed", TokensRemovedEvent(smoke_removed=gone), message))
    elif state.step == "munitions":
        events.append(
            Event.of(
                "purchase-window",
                NoData(),
                msg(
                    "munitions purchase window: up to three tokens per nation, "
                    "1 command each (TOI-GEN-4)"
                ),
            )
        )
    elif state.step == "advance-round":
        state = replace(state, round=state.round + 1)
        events.append(
            Event.of(
                "round",
                RoundEvent(round=state.round),
                msg("round marker advanced to {round}", round=state.round),
            )
        )
    elif state.step == "keep-or-discard":
        events.append(
            Event.of(
                "keep-or-discard",
                NoData(),
                msg(
                    "end of the Status Phase: unused face-down tokens may be discarded "
                    "or kept (TOI-GEN-8)"
                ),
            )
        )
    return state, events


def next_position(state: ToIState) -> ToIState:
    i = ROUND.index((state.phase, state.step))
    phase, step = ROUND[(i + 1) % len(ROUND)]
    return replace(state, phase=phase, step=step, done=frozenset())


def positions() -> list[str]:
    names = [position_name(p, s) for p, s in ROUND]
    return names + [s for _p, s in ROUND if s] + ["status"]


def advance(
    state: ToIState, to: str | None, may_leave: Callable[[ToIState], None] | None = None
) -> tuple[ToIState, list[Event]]:
    """Advance one step, or step by step until ``to`` (a step or phase name).

    ``may_leave`` refuses leaving a step (the sequence of play of a remote
    seat, :func:`ordnance.toi.turns.check_may_leave`); it is asked before
    each step is left, so an advance that would skip another nation's step
    is refused whole.
    """
    key = ""
    if to is not None:
        key = to.strip().lower()
        if key not in positions():
            raise UnknownName(
                msg("no step called {to!r}", to=to),
                hint=msg("one of {value}", value=", ".join(positions())),
            )
    events: list[Event] = []
    for _ in range(len(ROUND)):
        if may_leave is not None:
            may_leave(state)
        state = next_position(state)
        state, more = enter(state)
        events.append(
            Event.of(
                "phase",
                PhaseEvent(position=state.position, round=state.round),
                msg(
                    "round {round}: {position}",
                    round=shown_round(state.round, state.step),
                    position=term(state.position_words),
                ),
            )
        )
        events.extend(more)
        if to is None or key in (state.position, state.step, state.phase.value):
            break
    return state, events
