"""ASL Player Turn owners (ordnance.asl.turns), cited as ASL-B3 (notes Part B, B3).

PFPh/AFPh/APh belong to the ATTACKER, the DFPh (Defensive Fire, Final Fire)
to the DEFENDER; RPh, MPh, RtPh, CCPh wait for both sides' done. A phase
correction by a seat needs the other side's consent (CORE-CONSENT).
"""

from __future__ import annotations

import pytest

from ordnance.asl.plugin import AslGame
from ordnance.asl.rules.phases import Phase
from ordnance.core.dice import SeededDice
from ordnance.core.errors import RuleViolation
from ordnance.core.turns import check_turn

GAME = AslGame()


def _at(phase: str) -> object:
    state = GAME.new({})
    return GAME.apply(state, {"type": "set_phase", "phase": phase}, SeededDice(0)).state


def test_attacker_owns_prep_fire_and_defender_owns_defensive_fire() -> None:
    """covers ASL-B3: the phasing player ends the PFPh; the DEFENDER ends the DFPh."""
    state = _at("PFPh")
    turn = GAME.turn(state)
    assert turn.active == ("russian",) and turn.clause == "ASL-B3" and turn.waiting_for == ()
    with pytest.raises(RuleViolation) as err:
        check_turn(GAME, state, {"type": "set_phase"}, "german")
    assert err.value.clause == "ASL-B3"
    check_turn(GAME, state, {"type": "set_phase"}, "russian")
    state = _at("DFPh")
    assert GAME.turn(state).active == ("german",)
    with pytest.raises(RuleViolation):
        check_turn(GAME, state, {"type": "fire", "gun": "x"}, "russian")
    check_turn(GAME, state, {"type": "set_phase"}, "german")


def test_movement_phase_waits_for_both_and_second_done_moves_on() -> None:
    """covers ASL-B3: the MPh (moves and Defensive First Fire) ends with both sides' done."""
    state = _at("MPh")
    assert set(GAME.turn(state).waiting_for) == {"russian", "german"}
    with pytest.raises(RuleViolation):
        check_turn(GAME, state, {"type": "set_phase"}, "russian")
    state = GAME.apply(state, {"type": "done"}, SeededDice(0), "german").state
    check_turn(GAME, state, {"type": "set_phase"}, "russian")  # the last awaited
    out = GAME.apply(state, {"type": "done"}, SeededDice(0), "russian")
    assert out.state.phase is Phase.DFPh and out.state.done == frozenset()
    assert GAME.view(out.state, "german")["turn"]["active"] == ["german"]


def test_phase_corrections_need_consent_and_gun_records_are_any_time() -> None:
    """covers CORE-CONSENT for a set_phase naming a phase; add_gun is record keeping."""
    state = _at("PFPh")
    jump = {"type": "set_phase", "phase": "CCPh"}
    assert GAME.needs_consent(state, jump, "russian") == "german"
    with pytest.raises(RuleViolation) as err:
        check_turn(GAME, state, jump, "russian")
    assert err.value.clause == "CORE-CONSENT"
    text = GAME.describe(state, jump, "russian")
    assert text.template.startswith("{seat} corrected the record") and text.args["phase"] == "PFPh"
    gun = {"type": "add_gun", "id": "g1", "side": "german", "gun_size": "75L"}
    check_turn(GAME, state, gun, "german")  # not german's phase, still allowed
    assert "add_gun" in {f["type"] for f in GAME.legal(state, "german")}
    assert "set_phase" not in {f["type"] for f in GAME.legal(state, "german")}
