"""Mines attacking a unit: the roll of one Mines! marker, and entering a mined hex.

One d6 per attack (WAW-8.3-d): the unit may be Disrupted (a unit already
Disrupted, WAW-AMB-15), and a 6 removes the marker (WAW-8.3-e), after the
Disrupt (WAW-AMB-16). Entering a hex rolls once for each marker whose area
holds it (WAW-AMB-13). A move (:mod:`~ordnance.waw.procedures.move`), the FASCAM placement option
(WAW-AMB-14, :mod:`~ordnance.waw.procedures.fascam_mission`) and the move's exact odds
(:func:`~ordnance.waw.odds.he_fire.move_through_mines`) all run these functions.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.dice import DiceSource
from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import Hex
from ordnance.core.messages import msg, term
from ordnance.waw.rules.fascam import (
    attacked_by_mines,
    markers_rolled_against,
    mine_attack,
    mine_disrupt,
)
from ordnance.waw.rules.units import condition_term
from ordnance.waw.shapes import MineAttackEvent
from ordnance.waw.state import WawState


def mine_attack_unit(
    state: WawState, uid: str, where: Hex, marker: Hex, dice: DiceSource
) -> tuple[WawState, Event]:
    """One mine attack (WAW-8.3-d, -e; WAW-AMB-15, -16)."""
    unit = state.unit(uid)
    die = dice.d6(f"mines {marker} vs {uid}")
    disrupts, removes = mine_attack(die)
    after = unit.condition
    if disrupts:
        after = mine_disrupt(unit.condition, state.unit_type(unit).armour, state.settings)
    new = state.with_condition(uid, after)
    if removes:  # WAW-AMB-16: after the Disrupt
        new = replace(new, mines=new.mines - {marker})
    effect = (
        term("no effect")
        if not disrupts
        else term(
            "{before} -> {after}",
            before=condition_term(unit.condition),
            after=condition_term(after),
        )
    )
    message = msg(
        "mines ({marker}) attack {unit} in {hex}: d6={die}, {effect}; the Mines! marker is removed"
        if removes
        else "mines ({marker}) attack {unit} in {hex}: d6={die}, {effect}",
        marker=numbered_hex(marker),
        unit=uid,
        hex=numbered_hex(where),
        die=die,
        effect=effect,
    )
    data: MineAttackEvent = {
        "unit": uid,
        "hex": str(where),
        "marker": str(marker),
        "die": die,
        "before": unit.condition.label,
        "after": after.label,
        "marker_removed": removes,
    }
    return new, Event.of("mine_attack", data, message)


def enter_hex(
    state: WawState, uid: str, step: Hex, dice: DiceSource, attacked: bool
) -> tuple[WawState, list[Event], bool]:
    """One hex of a move: the unit enters ``step`` and the mines there attack it.

    WAW-8.3-d with WAW-AMB-13: by default one roll for each marker whose
    area holds the hex (:func:`markers_rolled_against`; option
    ``fascam_overlap="per_hex"``: one roll for the hex), and with ``fascam_once_per_move`` no
    roll once the unit has been attacked during this move (``attacked``).
    Returns the new state, its events and whether the unit has been attacked.
    The move and its odds (:func:`ordnance.waw.odds.he_fire.move_through_mines`) both
    run this function.
    """
    new = state.with_unit(replace(state.unit(uid), hex=step))
    nationality = state.unit_type(state.unit(uid)).nationality
    if not attacked_by_mines(nationality, state.settings):
        return new, [], attacked
    events: list[Event] = []
    for marker in markers_rolled_against(new.mines, step, state.settings):
        if attacked and state.settings.fascam_once_per_move:
            break
        if new.unit(uid).condition.eliminated or marker not in new.mines:
            break
        new, ev = mine_attack_unit(new, uid, step, marker, dice)
        events.append(ev)
        attacked = True
    return new, events, attacked
