"""World at War sequence of play and consent (ordnance.waw.turns).

covers WAW-B6 (a turn's impulses end when both sides are done, then the
Marker Removal Phase, WAW-8.2-h), CORE-CONSENT (a condition set on the
other side's unit).
"""

from __future__ import annotations

import pytest

from ordnance.core.dice import SeededDice
from ordnance.core.errors import RuleViolation
from ordnance.core.messages import render_message
from ordnance.core.turns import check_turn
from ordnance.waw.plugin import WorldAtWar

GAME = WorldAtWar()


def _state() -> object:
    state = GAME.new({})
    for side, uid, kind, h in (("us", "m1", "M1 Abrams", "2,2"), ("soviet", "t72", "T-72", "5,2")):
        action = {"type": "place_unit", "id": uid, "kind": kind, "side": side, "hex": h}
        state = GAME.apply(state, action, SeededDice(0), side).state
    return state


def test_both_sides_act_until_both_are_done() -> None:
    """covers WAW-B6: the second done runs the Marker Removal Phase and starts turn 2."""
    state = GAME.apply(
        _state(), {"type": "smoke", "side": "us", "target": "3,3"}, SeededDice(0), "us"
    ).state
    turn = GAME.turn(state)
    assert turn.clause == "WAW-B6" and set(turn.waiting_for) == {"us", "soviet"}
    with pytest.raises(RuleViolation) as err:
        check_turn(GAME, state, {"type": "marker_removal"}, "us")
    assert err.value.clause == "WAW-B6"
    state = GAME.apply(state, {"type": "done"}, SeededDice(0), "us").state
    with pytest.raises(RuleViolation) as err:  # the US is done firing this turn
        check_turn(GAME, state, {"type": "smoke", "side": "us", "target": "3,3"}, "us")
    assert err.value.clause == "WAW-B6"
    out = GAME.apply(state, {"type": "done"}, SeededDice(0), "soviet")
    assert [e.kind for e in out.events] == ["done", "marker_removal"]
    assert out.state.marker_phases == 1 and out.state.done == frozenset()
    assert dict(out.state.smoke) and max(out.state.smoke.values()) == 1  # Smoke 2 -> 1


def test_set_condition_on_the_other_sides_unit_needs_consent() -> None:
    """covers CORE-CONSENT: any time, but the other side's unit needs its yes."""
    state = _state()
    action = {"type": "set_condition", "unit": "m1", "condition": "eliminated"}
    assert GAME.needs_consent(state, action, "soviet") == "us"
    assert GAME.needs_consent(state, action, "us") is None
    assert GAME.needs_consent(state, action, None) is None  # hot seat
    with pytest.raises(RuleViolation) as err:
        check_turn(GAME, state, action, "soviet")
    assert err.value.clause == "CORE-CONSENT" and "M1 Abrams" in err.value.message
    check_turn(GAME, state, action, "soviet", consented=True)
    check_turn(GAME, state, action, "us")
    text = GAME.describe(state, action, "soviet")
    name = GAME.counter_names(state)["m1"]
    assert text.args["side"] == "us" and name != "m1"
    shown = render_message(text.template, text.args)
    assert name in shown and "m1" not in shown.split(), shown  # the unit by name, not id


def test_legal_offers_done_and_hides_the_turn_end_while_the_other_side_acts() -> None:
    """covers WAW-B6: marker_removal only for the last side awaited."""
    state = _state()
    kinds = {f["type"] for f in GAME.legal(state, "us")}
    assert "done" in kinds and "marker_removal" not in kinds and "he_fire" in kinds
    state = GAME.apply(state, {"type": "done"}, SeededDice(0), "soviet").state
    assert "marker_removal" in {f["type"] for f in GAME.legal(state, "us")}
    soviet = {f["type"] for f in GAME.legal(state, "soviet")}
    assert "he_fire" not in soviet and "set_condition" in soviet  # any-time stays
