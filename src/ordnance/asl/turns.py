"""Who may act in each phase of the ASL Player Turn (notes B3, clause id ASL-B3).

The notes' B3 gives the eight phases and who acts in each; this module
cites it as ``ASL-B3`` (the notes number no finer clause for it):

* PFPh, AFPh and APh belong to the ATTACKER (the phasing player): he fires
  or advances, and he ends the phase;
* the DFPh belongs to the DEFENDER, whose Defensive Fire (and Final Fire)
  it is: he ends it when he has fired;
* RPh, MPh, RtPh and CCPh are *simultaneous*: both sides act (rally; move
  and Defensive First Fire; rout; close combat), each then says ``done``,
  and the phase ends with the second ``done``; neither may end it while the
  other is still awaited.

Setting up Guns, declaring ammunition and turning a Covered Arc are
record keeping for one's own Guns (any time; the game checks the owner).
``set_phase`` with no field is the step to the next phase; with a phase,
turn or ATTACKER named it corrects the record for both sides, so a seat
needs the other seat's consent for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.asl.rules.phases import Phase
from ordnance.asl.state import AslState
from ordnance.core.messages import Message, joined, msg, term
from ordnance.core.turns import Turn, simultaneous, single

CLAUSE = "ASL-B3"
ANY_TIME = frozenset({"add_gun", "declare_ammo", "turn_ca"})
STEP_ACTIONS = frozenset({"set_phase"})

_ATTACKER_PHASES = frozenset({Phase.PFPh, Phase.AFPh, Phase.APh})


def turn(state: AslState) -> Turn:
    where = term(
        "turn {turn}, Player Turn ({attacker}), {phase}",
        turn=state.turn,
        attacker=state.attacker,
        phase=term(state.phase.full_name),
    )
    phase = state.phase.value
    if state.phase in _ATTACKER_PHASES:
        return single(phase, None, state.attacker, CLAUSE, where)
    if state.phase is Phase.DFPh:
        return single(phase, None, state.defender, CLAUSE, where)
    sides = state.side_names
    return simultaneous(phase, None, sides, state.done, CLAUSE, where, sides)


def needs_consent(state: AslState, action: Mapping[str, Any], seat: str | None) -> str | None:
    """A phase, turn or ATTACKER correction by a seat needs the other side's yes."""
    if seat is None or action.get("type") != "set_phase":
        return None
    if all(action.get(k) is None for k in ("phase", "turn", "attacker")):
        return None
    others = [s for s in state.side_names if s != seat]
    return others[0] if others else None


def describe(state: AslState, action: Mapping[str, Any], seat: str | None) -> Message | None:
    """A record correction in one sentence (None: not a correction)."""
    if needs_consent(state, action, seat) is None:
        return None
    parts = [
        f"{key} {action[key]}"
        for key in ("phase", "turn", "attacker")
        if action.get(key) is not None
    ]
    return msg(
        "{seat} corrected the record: {changes} (now turn {turn}, {phase})",
        seat=seat,
        changes=joined(", ", parts),
        turn=state.turn,
        phase=state.phase.value,
    )
