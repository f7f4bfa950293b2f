"""A Gun fires once per Player Turn (notes B5.6 [confirmed, C2.24]; B3), kept in its record.

The limit lives in the Gun's own record (``Gun.fired_phases``: the phases of
the current Player Turn in which it counted as having fired), not in the
phase ownership, so it holds whoever moves the phases:

* within one phase, Multiple ROF and Intensive Fire are the only ways to
  fire again (:func:`ordnance.asl.shot.checks.check_may_fire`, ASL-8.1-c, ASL-B5.8);
* a Gun that fired in the PFPh may not fire in the AFPh (B3: the AFPh is for
  units that did not fire in the PFPh);
* a Gun that First Fired in the MPh may fire in the DFPh only as Final Fire
  at an adjacent target (B3), so the ``fire`` action must give ``range`` 0
  or 1;
* any other second phase of fire in one Player Turn is refused (B5.6);
* a voided attempt (DR > N) is no shot (ASL-8.9-e): it leaves the record as
  it was.

The record is cleared when a new Player Turn begins (:func:`enter_phase`).
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.asl.rules.phases import PLAYER_TURN, Phase
from ordnance.asl.state import Gun
from ordnance.core.errors import RuleViolation
from ordnance.core.messages import msg

#: Final Fire after First Fire reaches adjacent targets only (B3): range 0 or 1.
FINAL_FIRE_RANGE = 1


def new_player_turn(
    old_turn: int, old_attacker: str, old_phase: Phase, turn: int, attacker: str, phase: Phase
) -> bool:
    """A different Game Turn or ATTACKER, or a phase earlier than the current one."""
    if (old_turn, old_attacker) != (turn, attacker):
        return True
    return PLAYER_TURN.index(phase) < PLAYER_TURN.index(old_phase)


def enter_phase(gun: Gun, *, new_turn: bool) -> Gun:
    """The Gun at the start of a phase: per-phase rights reset, the Player Turn record kept."""
    return replace(
        gun,
        fired_this_phase=False,
        may_fire_again=False,
        intensive_used=False,
        pending=None,
        fire_marker=None,
        fired_phases=() if new_turn else gun.fired_phases,
    )


def check_fire_limit(gun: Gun, phase: Phase, *, range_hexes: int | None = None) -> None:
    """Refuse a second phase of fire in one Player Turn (B5.6, B3); see the module docstring."""
    earlier = [p for p in gun.fired_phases if p != phase.value]
    if not earlier:
        return
    if phase is Phase.AFPh and Phase.PFPh.value in earlier:
        raise RuleViolation(
            "ASL-B3",
            msg(
                "{id} fired in the PFPh: a Gun that Prep Fired may not fire in the AFPh", id=gun.id
            ),
            hint=msg("a Gun fires once per Player Turn (B5.6); fire it in the next Player Turn"),
        )
    if phase is Phase.DFPh and earlier == [Phase.MPh.value]:
        if range_hexes is None or range_hexes > FINAL_FIRE_RANGE:
            raise RuleViolation(
                "ASL-B3",
                msg(
                    "{id} First Fired in the MPh: in the DFPh it may fire only as Final Fire at an adjacent target",
                    id=gun.id,
                ),
                hint=msg(
                    "fire at an adjacent target (range 0 or 1, with its target type), or hold fire"
                ),
            )
        return
    raise RuleViolation(
        "ASL-B5.6",
        msg(
            "{id} already fired this Player Turn (in the {value})",
            id=gun.id,
            value=", ".join(earlier),
        ),
        hint=msg(
            "a Gun normally fires once per Player Turn (Multiple ROF and Intensive Fire only within the same phase)"
        ),
    )


def record_fired(gun: Gun, phase: Phase) -> Gun:
    """The Gun after a shot that counts as fired in ``phase``."""
    if phase.value in gun.fired_phases:
        return gun
    return replace(gun, fired_phases=(*gun.fired_phases, phase.value))


def may_fire_in(gun: Gun, phase: Phase) -> bool:
    """Whether any shot is still open to the Gun in ``phase`` (for the legal actions).

    True for Final Fire after First Fire (its range is checked on the shot).
    """
    try:
        check_fire_limit(gun, phase, range_hexes=0)
    except RuleViolation:
        return False
    return True
