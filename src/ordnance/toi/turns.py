"""Who may act in each step of the Tide of Iron round (notes B8, TOI-GEN-4, TOI-GEN-8).

The round is Action Phase, Command Phase, Status Phase (its steps in
:data:`ordnance.toi.state.STATUS_STEPS`). A step in which each nation makes
its own choices that this module records is *simultaneous*: every nation
involved acts in it, then says ``done``; the last ``done`` ends the step, and
no nation may ``advance`` out of it while another is still awaited.

* Action Phase (TOI-B8): both nations attack and move. The alternation of
  action turns inside the phase is not modelled: the players keep it.
* Command Phase (TOI-B8): each nation receives its command.
* ``munitions``, the purchase window (TOI-GEN-4): each nation that can buy
  (munitions in force, at least 1 command, fewer than three bought this
  Status Phase and on the board, a token left in its supply) buys or not, in
  its own window; the other nation cannot close it.
* ``op-fire`` (TOI-B8 step 3): each nation with a fresh unit.
* ``keep-or-discard`` (TOI-GEN-8): each nation holding a face-down token.

The other steps (cards, token removal, transfers, reinforcements, the round
marker) record no choice here: any nation may advance past them.
Everything used to decide who is involved is public (command, counts of
tokens, supply totals), so the turn reveals no secret.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ordnance.core.errors import RuleViolation
from ordnance.core.game import Event, msg, term
from ordnance.core.turns import Turn, may_end_step, simultaneous
from ordnance.toi.state import Phase, ToIState

#: Sequence-of-play clause of each step (the notes' B8, or the munitions clause).
CLAUSES = {"munitions": "TOI-GEN-4", "keep-or-discard": "TOI-GEN-8"}
ROUND_CLAUSE = "TOI-B8"

_WHERE = {
    "action": "Action Phase",
    "command": "Command Phase",
    "munitions": "Status Phase, purchase window",
    "op-fire": "Status Phase, Op Fire placement",
    "keep-or-discard": "Status Phase, keep or discard face-down tokens",
}


def _involved(state: ToIState) -> list[str]:
    """The nations that have a choice to make in the current step."""
    if state.phase is Phase.ACTION or state.phase is Phase.COMMAND:
        return list(state.sides)
    s = state.settings
    if state.step == "munitions":
        if not s.munitions_in_force:
            return []
        out = []
        for n in state.nations:
            supply = s.unlimited_supply or sum(c for _m, c in n.supply) > 0
            room = n.bought_this_status < 3 and len(state.tokens_of(n.name)) < 3
            if n.command >= 1 and supply and room:
                out.append(n.name)
        return out
    if state.step == "op-fire":
        return [
            n
            for n in state.sides
            if any(u.alive and u.side == n and u.activation == "fresh" for u in state.units)
        ]
    if state.step == "keep-or-discard":
        return [n for n in state.sides if any(not t.face_up for t in state.tokens_of(n))]
    return []


def turn(state: ToIState) -> Turn:
    key = state.step or state.phase.value
    step = term(_WHERE[key]) if key in _WHERE else term(state.position)
    where = term("round {round}, {step}", round=state.round, step=step)
    return simultaneous(
        state.phase.value,
        state.step,
        _involved(state),
        state.done,
        CLAUSES.get(key, ROUND_CLAUSE),
        where,
        state.sides,
    )


def check_may_leave(seat: str | None) -> Callable[[ToIState], None]:
    """A ``may_leave`` guard for :func:`ordnance.toi.status_phase.advance` for ``seat``."""

    def guard(state: ToIState) -> None:
        t = turn(state)
        if not may_end_step(t, seat):
            others = ", ".join(s for s in t.waiting_for if s != seat)
            raise RuleViolation(
                t.clause,
                f"{seat} may not advance past {state.position}: it waits for {others} to say done",
                hint=f"wait until {others} says done (the step is theirs too)",
            )

    return guard


def done(state: ToIState, side: str) -> tuple[ToIState, list[Event], bool]:
    """``side`` is done with the current step; True when that ends the step."""
    t = turn(state)
    state = replace(state, done=state.done | {side})
    event = Event.of(
        "done",
        {"side": side, "position": state.position},
        msg("{side} is done: {position}", side=side, position=term(state.position)),
    )
    return state, [event], not turn(state).is_simultaneous and t.is_simultaneous
