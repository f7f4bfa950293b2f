"""Changing phase: ``set_phase`` and a side's ``done`` (ASL-B3, notes B5.6).

``set_phase`` without arguments moves to the next phase of the Player Turn,
and after the CCPh to the other side's Player Turn (a new Game Turn when the
first side attacks again); with arguments it jumps. Every change clears the
per-phase firing rights and the SMOKE window; the once-per-Player-Turn record
of B5.6 only with a new Player Turn (:mod:`ordnance.asl.rules.fire_limits`). In a
simultaneous phase each side says ``done`` and the second one ends it
(:mod:`ordnance.asl.turns`).
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.asl import turns as asl_turns
from ordnance.asl.actions import Done, SetPhase
from ordnance.asl.rules.fire_limits import enter_phase, new_player_turn
from ordnance.asl.rules.phases import Phase, next_phase, parse_phase
from ordnance.asl.shapes import DoneEvent, PhaseEvent
from ordnance.asl.state import AslState, find_side
from ordnance.core.events import Event
from ordnance.core.game import Outcome
from ordnance.core.messages import msg, term
from ordnance.core.turns import done_side

__all__ = ["done", "set_phase"]


def done(state: AslState, act: Done, seat: str | None) -> Outcome[AslState]:
    """A side is done with a simultaneous phase; the second done ends it (ASL-B3)."""
    side = done_side(asl_turns.turn(state), {"side": act.side}, seat)
    state = replace(state, done=state.done | {side})
    event = Event.of(
        "done",
        DoneEvent(side=side, phase=state.phase.value),
        msg("{side} finished the {phase}", side=side, phase=term(state.phase.full_name)),
    )
    if asl_turns.turn(state).is_simultaneous:
        return Outcome(state.remember(event.text), (event,))
    after = set_phase(state, SetPhase())
    return Outcome(after.state, (event, *after.events))


def set_phase(state: AslState, act: SetPhase) -> Outcome[AslState]:
    turn = state.turn
    attacker = state.attacker
    if act.phase is None and act.turn is None and act.attacker is None:
        phase = next_phase(state.phase)
        if state.phase is Phase.CCPh:
            attacker = state.defender
            if attacker == state.side_names[0]:
                turn += 1
    else:
        phase = parse_phase(act.phase) if act.phase else state.phase
        turn = act.turn if act.turn is not None else turn
        if act.attacker is not None:
            find_side(state, act.attacker)
            attacker = act.attacker
    # B5.6: per-phase rights reset; the once-per-Player-Turn record only with a new one
    fresh = new_player_turn(state.turn, state.attacker, state.phase, turn, attacker, phase)
    guns = tuple(enter_phase(g, new_turn=fresh) for g in state.guns)
    new = replace(
        state,
        turn=turn,
        phase=phase,
        attacker=attacker,
        guns=guns,
        non_smoke_fired=frozenset(),
        done=frozenset(),
    )
    event = Event.of(
        "phase",
        PhaseEvent(turn=turn, phase=phase.value, attacker=attacker),
        msg(
            "turn {turn}, Player Turn ({attacker}): {phase} ({phase_name})",
            turn=turn,
            attacker=attacker,
            phase=phase.value,
            phase_name=term(phase.full_name),
        ),
    )
    return Outcome(new.remember(event.text), (event,))
