"""The general procedure (TOI-GEN-1..10), the Status Phase and token timing
(TOI-AMB-12..16), vehicle damage (notes B6) and the game through its journal."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ordnance.core.dice import EnteredDice
from ordnance.core.errors import NotYourSeat, RuleViolation
from ordnance.core.journal import GameSession, open_journal
from ordnance.toi.dispatch import apply_action
from ordnance.toi.plugin import GAME
from ordnance.toi.rules.damage import VehicleDamage, hits_to_destroy, vehicle_after_hits
from ordnance.toi.rules.munitions import SUMMARY, Munition
from ordnance.toi.state import STATUS_STEPS

from .helpers import act, buy, new, on_turn, place_at, settings, to

#: The rules of a purchase roll no die.
NO_DICE = EnteredDice(())


def test_equipment_counts_as_a_vehicle() -> None:
    """covers TOI-GEN-1: an AT gun takes a token and is attacked with vehicle firepower."""
    state = buy(to(new(), "munitions"), "g-gun", "AP-B")
    assert state.tokens_on("g-gun")
    state = on_turn(to(state, "action"), "soviet")
    _, ev = act(state, {"type": "attack", "unit": "s-tank", "target": "g-gun"}, [1] * 5 + [])
    assert ev[-1].data["attack_dice"] == 5  # T-34 vehicle firepower, armour 0 on clear


def test_optional_rule_agreement_and_scenario() -> None:
    """covers TOI-GEN-2: agreed -> on; not agreed -> off; the scenario forces either way."""
    for extra, on in [
        ({}, True),
        ({"munitions_agreed": False}, False),
        ({"munitions_agreed": False, "scenario_munitions": "required"}, True),
        ({"munitions_agreed": True, "scenario_munitions": "forbidden"}, False),
    ]:
        state = to(new(**extra), "munitions")
        if on:
            assert buy(state, "g-pz", "HE").tokens
        else:
            with pytest.raises(RuleViolation) as err:
                buy(state, "g-pz", "HE")
            assert err.value.clause == "TOI-GEN-2"


def test_supply_per_nation() -> None:
    """covers TOI-GEN-3, TOI-AMB-13: one of each by default; a scenario sets it; it runs out."""
    state = new()
    assert state.nation("german").supply == tuple((m, 1) for m in Munition)
    state = new(supply={"soviet": {"HE": 2, "Smoke": 0}})
    assert state.nation("soviet").supply_count(Munition.HE) == 2
    assert state.nation("soviet").supply_count(Munition.SMOKE) == 0
    state = buy(to(new(), "munitions"), "g-pz", "HE")
    with pytest.raises(RuleViolation) as err:
        buy(state, "g-gun", "HE")
    assert err.value.clause == "TOI-GEN-3"
    state = buy(to(new(unlimited_supply=True), "munitions"), "g-pz", "HE")
    assert buy(state, "g-gun", "HE").tokens_on("g-gun")


def test_purchase_window_is_right_before_op_fire() -> None:
    """covers TOI-GEN-4: the window sits between removing tokens and Op Fire placement."""
    assert STATUS_STEPS.index("munitions") + 1 == STATUS_STEPS.index("op-fire")
    assert STATUS_STEPS.index("remove-tokens") < STATUS_STEPS.index("munitions")
    for where in ("action", "command", "remove-tokens", "op-fire", "keep-or-discard"):
        state = to(new(), where)
        with pytest.raises(RuleViolation) as err:
            buy(state, "g-pz", "HE")
        assert err.value.clause == "TOI-GEN-4"


def test_purchase_costs_one_command_each() -> None:
    """covers TOI-GEN-4: 1 command per token; no purchase beyond the command held."""
    state = to(new(command={"german": 1}), "munitions")
    state = buy(state, "g-pz", "HE")
    assert state.nation("german").command == 0
    # without command the German is out of the purchase window (the sequence of play) ...
    assert "german" not in GAME.turn(state).active
    with pytest.raises(RuleViolation) as err:
        buy(state, "g-gun", "AP-B")
    assert err.value.clause == "TOI-GEN-4" and "german" in err.value.message
    # ... and the purchase rule itself refuses it for the command it lacks
    with pytest.raises(RuleViolation) as err:
        apply_action(state, {"type": "buy", "unit": "g-gun", "munition": "AP-B"}, NO_DICE, None)
    assert err.value.clause == "TOI-GEN-4" and "command" in err.value.message


def test_three_per_status_phase() -> None:
    """covers TOI-GEN-4: at most three purchases in one Status Phase."""
    state = to(new(), "munitions")
    state = state.with_nation(replace(state.nation("german"), bought_this_status=3))
    with pytest.raises(RuleViolation) as err:
        buy(state, "g-pz", "HE")
    assert err.value.clause == "TOI-GEN-4"


def test_token_placed_face_down_beside_own_vehicle() -> None:
    """covers TOI-GEN-5: face down, next to one of the buyer's vehicles; squads refused."""
    state = buy(to(new(), "munitions"), "g-pz", "HE", seat="german")
    token = state.tokens_on("g-pz")[0]
    assert not token.face_up and token.side == "german"
    for unit, seat in (("g-squad", "german"), ("s-tank", "german")):
        with pytest.raises(RuleViolation) as err:
            buy(state, unit, "AP-B", seat=seat)
        assert err.value.clause == "TOI-GEN-5"


def test_truck_refused() -> None:
    """covers notes B7: a token beside a unit with no attack could never be revealed."""
    with pytest.raises(RuleViolation) as err:
        buy(to(new(), "munitions"), "s-truck", "HE")
    assert err.value.clause == "TOI-B7"


def test_cap_of_three_on_the_board() -> None:
    """covers TOI-GEN-6: a fourth token on the board is refused, even a round later."""
    state = to(
        new(supply={"german": {"HE": 2, "AP-B": 2, "AP-C": 2, "Smoke": 2}}, command={"german": 9}),
        "munitions",
    )
    for unit, m in (("g-pz", "HE"), ("g-gun", "AP-B"), ("g-tank", "AP-C")):
        state = buy(state, unit, m)
    state2 = to(to(state, "action"), "munitions")
    assert len(state2.tokens_of("german")) == 3
    # three on the board: the German has no purchase window (the sequence of play) ...
    assert "german" not in GAME.turn(state2).active
    with pytest.raises(RuleViolation):
        buy(state2, "g-pz", "Smoke")
    # ... and the cap itself refuses a fourth token
    with pytest.raises(RuleViolation) as err:
        apply_action(state2, {"type": "buy", "unit": "g-pz", "munition": "Smoke"}, NO_DICE, None)
    assert err.value.clause == "TOI-GEN-6"


def test_token_kept_until_the_unit_attacks() -> None:
    """covers TOI-GEN-7: the token stays face down across rounds until the unit attacks."""
    state = buy(to(new(), "munitions"), "g-pz", "AP-B")
    state = to(to(to(state, "action"), "munitions"), "action")
    assert not state.tokens_on("g-pz")[0].face_up
    state = place_at(state, "s-tank", "3,3")
    state, ev = act(
        state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, [1] * 6 + [1] * 3
    )
    assert ev[0].kind == "token-revealed" and state.tokens_on("g-pz")[0].face_up


def test_keep_or_discard_at_end_of_next_status_phase() -> None:
    """covers TOI-GEN-8, TOI-AMB-14: not in the Status Phase it was bought in; at the end of
    the next one, keep or discard; by default that choice is not offered again."""
    state = buy(to(new(), "munitions"), "g-pz", "HE")
    state = to(state, "keep-or-discard")
    with pytest.raises(RuleViolation) as err:
        act(state, {"type": "discard", "unit": "g-pz"})
    assert err.value.clause == "TOI-GEN-8"
    state = to(state, "munitions")
    with pytest.raises(RuleViolation) as err:  # only at the end of the Status Phase
        act(state, {"type": "discard", "unit": "g-pz"})
    assert err.value.clause == "TOI-GEN-8"
    kept = to(state, "keep-or-discard")
    assert kept.tokens_on("g-pz")  # keeping costs nothing and needs no action
    after, ev = act(kept, {"type": "discard", "unit": "g-pz"}, seat="german")
    assert not after.tokens_on("g-pz") and after.nation("german").supply_count(Munition.HE) == 1
    assert ev[0].for_seat("soviet")["text"].endswith("beside Panzer IV") and "HE" not in str(
        ev[0].for_seat("soviet")
    )
    # ... and only once by default (the text: "at the end of the next Status Phase") ...
    once = buy(to(new(), "munitions"), "g-pz", "HE")
    once = to(to(to(once, "action"), "keep-or-discard"), "action")
    once = to(once, "keep-or-discard")
    with pytest.raises(RuleViolation) as err:
        act(once, {"type": "discard", "unit": "g-pz"})
    assert err.value.clause == "TOI-AMB-14"
    # ... or again at the end of every later Status Phase under the option
    every = buy(to(new(keep_or_discard="every_status_phase"), "munitions"), "g-pz", "HE")
    every = to(to(to(every, "action"), "keep-or-discard"), "action")
    every = to(every, "keep-or-discard")
    assert act(every, {"type": "discard", "unit": "g-pz"})[0].tokens_on("g-pz") == ()


def test_revealed_tokens_discarded_at_start_of_status_phase() -> None:
    """covers TOI-GEN-9, TOI-AMB-15: gone before the purchase window, back to the supply."""
    state = buy(to(new(), "munitions"), "g-pz", "AP-B")
    state = to(state, "action")
    state = place_at(state, "s-tank", "3,3")
    state, _ = act(state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, [1] * 6 + [1] * 3)
    assert (
        state.tokens_on("g-pz")[0].face_up
        and state.nation("german").supply_count(Munition.AP_B) == 0
    )
    state = to(state, "draw-cards")
    assert not state.tokens and state.nation("german").supply_count(Munition.AP_B) == 1
    removed = buy(to(new(discarded_tokens="removed"), "munitions"), "g-pz", "AP-B")
    removed = place_at(to(removed, "action"), "s-tank", "3,3")
    removed, _ = act(
        removed, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, [1] * 6 + [1] * 3
    )
    removed = to(removed, "draw-cards")
    assert not removed.tokens and removed.nation("german").supply_count(Munition.AP_B) == 0


def test_reference_card_has_no_rules_effect() -> None:
    """covers TOI-GEN-10: the summary is information only (all four types described)."""
    assert set(SUMMARY) == set(Munition)


def test_random_draw_option() -> None:
    """covers TOI-AMB-12 option: the type is drawn with a die over the remaining supply."""
    state = to(new(token_choice="random"), "munitions")
    state2, ev = act(state, {"type": "buy", "unit": "g-pz"}, [3])
    assert state2.tokens_on("g-pz")[0].munition is Munition.AP_C
    assert "AP-C" not in str(ev[0].for_seat("soviet"))
    with pytest.raises(RuleViolation) as err:
        act(state, {"type": "buy", "unit": "g-pz", "munition": "HE"})
    assert err.value.clause == "TOI-AMB-12"


def test_destroyed_unit_token_leaves_the_board_unrevealed() -> None:
    """covers TOI-AMB-16: back to the supply, no longer counted, type not shown."""
    state = buy(to(new(), "munitions"), "g-gun", "HE")
    state = on_turn(to(state, "action"), "soviet")
    state = place_at(state, "s-tank", "1,2")  # adjacent to g-gun at 0,2
    state, ev = act(state, {"type": "attack", "unit": "s-tank", "target": "g-gun"}, [6] * 5)
    assert not state.unit("g-gun").alive and not state.tokens
    assert state.nation("german").supply_count(Munition.HE) == 1
    assert "HE" not in ev[-1].text


def test_status_phase_steps_in_order() -> None:
    """covers notes B8 with the munitions hooks: Status Phase order, round marker."""
    state = new()
    seen = []
    for _ in range(len(STATUS_STEPS) + 2):
        state = act(state, {"type": "advance"})[0]
        seen.append(state.position)
    assert seen[:2] == ["command", "status:draw-cards"]
    assert seen[1:-1] == [f"status:{s}" for s in STATUS_STEPS]
    assert seen[-1] == "action" and state.round == 2


def test_vehicle_damage_default() -> None:
    """covers notes B6 (documented default; the rows after the first are [unverified])."""
    u = VehicleDamage.UNDAMAGED
    assert [vehicle_after_hits(u, k) for k in range(5)] == [
        u,
        VehicleDamage.LIGHT,
        VehicleDamage.LIGHT,
        VehicleDamage.HEAVY,
        VehicleDamage.DESTROYED,
    ]
    assert vehicle_after_hits(VehicleDamage.LIGHT, 2) is VehicleDamage.HEAVY
    assert vehicle_after_hits(VehicleDamage.LIGHT, 3) is VehicleDamage.DESTROYED
    assert vehicle_after_hits(VehicleDamage.HEAVY, 1) is VehicleDamage.DESTROYED
    assert hits_to_destroy(VehicleDamage.LIGHT) == 3


def test_only_the_owner_acts_for_its_units() -> None:
    state = to(new(), "action")
    with pytest.raises(RuleViolation) as err:  # the german's action turn first (TOI-B8)
        act(state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, [1] * 8, seat="soviet")
    assert err.value.clause == "TOI-B8"
    state = act(state, {"type": "done"}, seat="german")[0]  # the german passes
    with pytest.raises(NotYourSeat):  # the soviet's turn, but the german's unit
        act(state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, [1] * 8, seat="soviet")


def test_journal_replay_and_undo(tmp_path: object) -> None:
    """The journal rebuilds the same state; undo takes the last action back."""
    journal = open_journal(f"{tmp_path}/toi.db")
    session = GameSession.create(journal, "toi", settings())
    session.act({"type": "advance", "to": "munitions"})
    session.act({"type": "buy", "unit": "g-pz", "munition": "AP-C"}, seat="german")
    assert session.state().tokens_on("g-pz")[0].munition is Munition.AP_C
    version = session.version
    with pytest.raises(RuleViolation):
        session.act({"type": "buy", "unit": "g-squad", "munition": "HE"}, seat="german")
    assert session.version == version  # nothing written
    session.undo()
    assert not session.state().tokens
    assert GAME.view(session.state(), "soviet")["nations"]["german"]["tokens_on_board"] == 0
