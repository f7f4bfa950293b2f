"""Tide of Iron sequence of play with owners (ordnance.toi.turns).

covers TOI-GEN-4 (each nation's purchase window), TOI-GEN-8 (keep or
discard), TOI-B8 (the round's phases and steps).
"""

from __future__ import annotations

import pytest

from ordnance.core.errors import RuleViolation
from ordnance.core.turns import check_turn
from ordnance.toi.plugin import GAME

from .helpers import act, new


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
