"""Tide of Iron sequence of play with owners (ordnance.toi.turns).

covers TOI-GEN-4 (each nation's purchase window), TOI-GEN-8 (keep or
discard), TOI-B8 (the round's phases and steps, the Action Phase's alternating
action turns), TOI-B9 (Op Fire as a reaction) and our own TOI-ACT-1..3
(initiative, passing and skipping, a move's open action; see toi/turns.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from ordnance.core.dice import DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.turns import check_turn
from ordnance.toi.plugin import GAME
from ordnance.toi.state import ToIState

from .helpers import act, new, rolled, to


def _at(step: str) -> object:
    state, _ = act(new(), {"type": "advance", "to": step})
    return state


def test_purchase_window_waits_for_both_nations() -> None:
    """covers TOI-GEN-4: both nations may buy; each says done; the last done ends the step."""
    state = _at("munitions")
    turn = GAME.turn(state)
    assert (turn.step, turn.clause) == ("munitions", "TOI-GEN-4")
    assert set(turn.waiting_for) == set(turn.active) == {"german", "soviet"}
    with pytest.raises(RuleViolation) as err:
        check_turn(GAME, state, {"type": "advance"}, "soviet")
    assert err.value.clause == "TOI-GEN-4" and "german" in err.value.message
    state, events = act(state, {"type": "done"}, seat="german")
    assert [e.kind for e in events] == ["done"]
    assert GAME.turn(state).waiting_for == ("soviet",)
    with pytest.raises(RuleViolation) as err:  # german's part is over
        check_turn(GAME, state, {"type": "buy", "unit": "g-tank", "munition": "HE"}, "german")
    assert err.value.clause == "TOI-GEN-4"
    check_turn(GAME, state, {"type": "advance"}, "soviet")  # last awaited: may move on
    state, events = act(state, {"type": "done"}, seat="soviet")
    assert state.step == "op-fire" and "phase" in [e.kind for e in events]


def test_hot_seat_acts_for_every_nation() -> None:
    """Seat None may act for the active seat: advance and done as before (TOI-B8)."""
    state = _at("munitions")
    check_turn(GAME, state, {"type": "advance"}, None)
    with pytest.raises(RuleViolation):  # two nations awaited: name one
        act(state, {"type": "done"})
    state, _ = act(state, {"type": "done", "side": "german"})
    state, _ = act(state, {"type": "done"})  # only the soviet is left
    assert state.step == "op-fire"


def test_multi_step_advance_is_refused_whole() -> None:
    """covers TOI-B8: an advance may not skip a step another nation has not finished."""
    state, _ = act(_at("munitions"), {"type": "done"}, seat="soviet")
    with pytest.raises(RuleViolation) as err:
        check_turn(GAME, state, {"type": "advance", "to": "action"}, "german")
    assert err.value.clause == "TOI-B8" and "op-fire" in err.value.message
    check_turn(GAME, state, {"type": "advance", "to": "op-fire"}, "german")


def test_automatic_steps_belong_to_both_and_keep_or_discard_to_token_holders() -> None:
    """covers TOI-B8 (open steps) and TOI-GEN-8 (only a nation with a face-down token waits)."""
    state = _at("draw-cards")
    turn = GAME.turn(state)
    assert turn.waiting_for == () and set(turn.active) == {"german", "soviet"}
    check_turn(GAME, state, {"type": "advance"}, "soviet")
    state, _ = act(
        _at("munitions"), {"type": "buy", "unit": "g-tank", "munition": "HE"}, seat="german"
    )
    state, _ = act(state, {"type": "advance", "to": "keep-or-discard"})
    turn = GAME.turn(state)
    assert turn.clause == "TOI-GEN-8" and turn.waiting_for == ("german",)
    with pytest.raises(RuleViolation) as err:
        check_turn(GAME, state, {"type": "advance"}, "soviet")
    assert err.value.clause == "TOI-GEN-8"


def test_legal_lists_only_what_the_seat_may_do_now() -> None:
    """covers TOI-GEN-4: the awaited nations get buy and done; advance only for the last one."""
    state = _at("munitions")
    assert {f["type"] for f in GAME.legal(state, "soviet")} == {"buy", "done"}
    state, _ = act(state, {"type": "done"}, seat="german")
    assert {f["type"] for f in GAME.legal(state, "german")} == set()
    assert {f["type"] for f in GAME.legal(state, "soviet")} == {"advance", "buy", "done"}
    view = GAME.view(state, "german")["turn"]
    assert view["waiting_for"] == ["soviet"] and "waiting for soviet" in view["text"]


# -- the Action Phase: alternating action turns (TOI-B8, TOI-B9, ours TOI-ACT-1..3) --


def _play(
    state: ToIState, action: dict[str, Any], seat: str, dice: Sequence[int] | DiceSource = ()
) -> ToIState:
    """An action as every face runs it: the owner check first, then the rules."""
    check_turn(GAME, state, action, seat)
    return act(state, action, dice, seat=seat)[0]


def _refused(state: ToIState, action: dict[str, Any], seat: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        check_turn(GAME, state, action, seat)
    return err.value


def test_initiative_nation_acts_first_and_the_nations_alternate() -> None:
    """covers TOI-B8 (alternate action turns, initiative first) and ours TOI-ACT-1."""
    state = new()
    turn = GAME.turn(state)
    assert (turn.phase, turn.clause, turn.active) == ("action", "TOI-B8", ("german",))
    assert turn.waiting_for == ("german", "soviet")
    assert "german to act with one unit or pass" in turn.text()
    err = _refused(state, {"type": "attack", "unit": "s-tank", "target": "g-tank"}, "soviet")
    assert err.clause == "TOI-B8" and "german" in err.message
    state = _play(
        state,
        {"type": "attack", "unit": "g-tank", "target": "s-tank"},
        "german",
        rolled(1),
    )
    assert state.last_action == (1, "german", "g-tank", "attack")
    assert GAME.turn(state).active == ("soviet",)
    err = _refused(state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, "german")
    assert err.clause == "TOI-B8" and "soviet" in err.message
    state = _play(state, {"type": "move", "unit": "s-squad", "to": "3,3"}, "soviet")
    # the soviet's move keeps its action open for s-squad, and the german is next
    turn = GAME.turn(state)
    assert turn.active == ("german", "soviet")
    assert "soviet may still move or fire s-squad" in turn.text()


def test_a_move_stays_open_for_its_unit_until_the_other_nation_acts() -> None:
    """covers ours TOI-ACT-3: the mover may move on with the same unit (or fire), no other."""
    state = _play(new(), {"type": "move", "unit": "g-squad", "to": "1,3"}, "german")
    state = _play(state, {"type": "move", "unit": "g-squad", "to": "1,4"}, "german")
    err = _refused(state, {"type": "move", "unit": "g-pz", "to": "0,5"}, "german")
    assert err.clause == "TOI-B8" and "g-squad" in err.message
    state = _play(state, {"type": "move", "unit": "s-kv", "to": "4,4"}, "soviet")
    assert GAME.turn(state).active == ("german", "soviet")  # german next; s-kv still open
    err = _refused(state, {"type": "move", "unit": "s-gun", "to": "5,3"}, "soviet")
    assert err.clause == "TOI-B8" and "s-kv" in err.message
    state = _play(state, {"type": "move", "unit": "g-pz", "to": "0,5"}, "german")
    text = GAME.turn(state).text()  # the german's action closed s-kv's
    assert "s-kv" not in text and "soviet to act with one unit" in text
    err = _refused(state, {"type": "move", "unit": "g-tank", "to": "0,6"}, "german")
    assert err.clause == "TOI-B8" and "g-pz" in err.message


def test_a_move_activates_the_unit_once_a_round() -> None:
    """covers TOI-B8 (only a fresh unit may be activated; after acting it is fatigued) and
    ours TOI-ACT-3: the mover is fatigued; it may move on or fire while its action is open,
    never again once another action turn was taken, until the Status Phase."""
    state = _play(new(), {"type": "move", "unit": "g-squad", "to": "1,3"}, "german")
    assert state.unit("g-squad").activation == "fatigued"
    # Fire and Movement: the open mover may still fire (at s-tank, 2,3, adjacent)
    fired = _play(
        state, {"type": "attack", "unit": "g-squad", "target": "s-tank"}, "german", rolled(1)
    )
    # an attack closes the action: no move after the fire
    err = _refused(fired, {"type": "move", "unit": "g-squad", "to": "1,4"}, "german")
    assert err.clause == "TOI-B8"
    # the Soviet takes its action turn; the German may not activate g-squad again
    state = _play(state, {"type": "move", "unit": "s-kv", "to": "4,4"}, "soviet")
    for action in (
        {"type": "move", "unit": "g-squad", "to": "1,4"},
        {"type": "attack", "unit": "g-squad", "target": "s-tank"},
    ):
        with pytest.raises(RuleViolation) as exc:
            act(state, action, rolled(1), seat="german")
        assert (
            exc.value.clause == "TOI-B8" and "German regular squad is fatigued" in exc.value.message
        )
    offered = {
        form["type"]: form["schema"]["properties"]["unit"]["enum"]
        for form in GAME.legal(state, "german")
        if form["type"] in ("move", "attack")
    }
    assert set(offered) == {"move", "attack"} and "g-tank" in offered["move"]
    assert all("g-squad" not in units for units in offered.values())
    # the Status Phase makes every unit fresh again
    later = to(to(state, "munitions"), "action")
    assert later.unit("g-squad").activation == "fresh"


def test_op_fire_is_a_reaction_to_an_enemy_move_and_takes_no_turn() -> None:
    """covers TOI-B9: a unit on Op Fire fires right after an enemy unit moves; the mover's
    action stays open and the turn order does not change."""
    state = to(new(), "op-fire")
    state = act(state, {"type": "op_fire", "unit": "s-tank"}, seat="soviet")[0]
    state = act(state, {"type": "op_fire", "unit": "g-pz"}, seat="german")[0]
    state = to(state, "action")
    assert state.phase.value == "action" and state.round == 2
    opfire = {"type": "attack", "unit": "s-tank", "target": "g-tank", "mode": "op_fire"}
    err = _refused(state, opfire, "soviet")
    assert err.clause == "TOI-B8" and "german" in err.message  # nothing has moved yet
    mine = {"type": "attack", "unit": "g-pz", "target": "s-tank", "mode": "op_fire"}
    err = _refused(state, mine, "german")  # the german's own turn: no enemy moved
    assert err.clause == "TOI-B9"
    state = _play(state, {"type": "move", "unit": "g-tank", "to": "1,3"}, "german")
    assert "soviet may Op Fire at it" in GAME.turn(state).text()
    state = _play(state, opfire, "soviet", rolled(2))
    assert state.last_action == (2, "german", "g-tank", "move")
    assert GAME.turn(state).active[0] == "soviet"


def test_a_nation_that_passed_or_has_nothing_left_is_skipped() -> None:
    """covers ours TOI-ACT-2: pass on your own turn; the other then takes every action;
    the phase ends with the last pass."""
    state = new()
    err = _refused(state, {"type": "done"}, "soviet")
    assert err.clause == "TOI-B8" and "own action turn" in err.message
    assert "done" not in {f["type"] for f in GAME.legal(state, "soviet")}
    state = _play(state, {"type": "done"}, "german")
    assert GAME.turn(state).active == ("soviet",)
    state = _play(state, {"type": "move", "unit": "s-kv", "to": "4,4"}, "soviet")
    state = _play(state, {"type": "move", "unit": "s-gun", "to": "5,3"}, "soviet")
    assert GAME.turn(state).active == ("soviet",)
    err = _refused(state, {"type": "move", "unit": "g-pz", "to": "0,5"}, "german")
    assert err.clause == "TOI-B8"
    state = _play(state, {"type": "done"}, "soviet")
    assert state.phase.value == "command"


def test_without_a_fresh_unit_a_nation_may_pass_out_of_turn() -> None:
    """covers TOI-B8 (only a fresh unit may be activated) and ours TOI-ACT-2."""
    state = new()
    fatigued = tuple(
        replace(u, activation="fatigued") if u.side == "german" else u for u in state.units
    )
    state = replace(state, units=fatigued)
    turn = GAME.turn(state)
    assert turn.active == ("soviet",)
    state = _play(state, {"type": "move", "unit": "s-kv", "to": "4,4"}, "soviet")
    assert GAME.turn(state).active == ("soviet",)  # the german is skipped
    state = _play(state, {"type": "done"}, "german")  # nothing left: may pass any time
    state = _play(state, {"type": "done"}, "soviet")
    assert state.phase.value == "command"


def test_legal_offers_only_the_units_that_may_act_now() -> None:
    """covers TOI-B8 / ours TOI-ACT-3: the forms follow the same alternation as the check."""
    state = new()
    assert {f["type"] for f in GAME.legal(state, "soviet")} == set()
    state = _play(state, {"type": "move", "unit": "g-squad", "to": "1,3"}, "german")
    german = {f["type"]: f for f in GAME.legal(state, "german")}
    assert german["move"]["schema"]["properties"]["unit"]["enum"] == ["g-squad"]
    soviet = {f["type"]: f for f in GAME.legal(state, "soviet")}
    assert "s-kv" in soviet["move"]["schema"]["properties"]["unit"]["enum"]
    assert "done" in soviet and "done" not in german


def test_a_unit_on_op_fire_is_offered_to_fire_but_not_to_move() -> None:
    """covers TOI-B9 and TOI-B8: a nation on its action turn that may also Op Fire (the enemy
    just moved) is offered its Op Fire unit in the attack form only; every unit the move
    form offers passes the sequence-of-play check (found by the load test's players)."""
    state = to(new(), "op-fire")
    state = act(state, {"type": "op_fire", "unit": "s-tank"}, seat="soviet")[0]
    state = to(state, "action")
    state = _play(state, {"type": "move", "unit": "g-tank", "to": "1,3"}, "german")
    forms = {f["type"]: f for f in GAME.legal(state, "soviet")}
    movers = forms["move"]["schema"]["properties"]["unit"]["enum"]
    assert "s-tank" not in movers and movers
    assert "s-tank" in forms["attack"]["schema"]["properties"]["unit"]["enum"]
    for unit in movers:
        check_turn(GAME, state, {"type": "move", "unit": unit, "to": "4,4"}, "soviet")
    err = _refused(state, {"type": "move", "unit": "s-tank", "to": "4,4"}, "soviet")
    assert err.clause == "TOI-B8" and "fresh" in err.message
