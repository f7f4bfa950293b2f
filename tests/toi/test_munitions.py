"""Each munitions token's effect (TOI-HE-*, TOI-APB-*, TOI-APC-*) and the
ambiguity options that shape them (TOI-AMB-6..11)."""

from __future__ import annotations

import pytest

from ordnance.core.errors import RuleViolation
from ordnance.toi.rules.attack import AttackInput, RangeBand, Supporter, plan_attack
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.settings import ToISettings

from .helpers import act, buy, new, on_turn, place_at, to


def plan(
    fp: int, band: str, m: Munition | None, target: str = "vehicle", **kw: object
) -> tuple[int, int]:
    settings = kw.pop("settings", None)
    inp = AttackInput(fp, target, RangeBand(band), 0, munitions=(m,) if m else (), **kw)  # type: ignore[arg-type]
    p = plan_attack(inp, settings)  # type: ignore[arg-type]
    return p.attack_dice, p.hit_on


def test_he_minus_one_vs_vehicles() -> None:
    """covers TOI-HE-1"""
    assert plan(5, "close", Munition.HE) == (4, 4)
    assert plan(5, "normal", None)[0] == 5 and plan(5, "normal", Munition.HE)[0] == 4


def test_he_normal_range_hits_on_four() -> None:
    """covers TOI-HE-2 (close stays 4+, long is refused)"""
    assert plan(5, "normal", Munition.HE)[1] == 4
    assert plan(5, "normal", None)[1] == 5
    assert plan(5, "close", Munition.HE)[1] == 4


def test_he_no_long_range() -> None:
    """covers TOI-HE-3"""
    with pytest.raises(RuleViolation) as err:
        plan(5, "long", Munition.HE)
    assert err.value.clause == "TOI-HE-3"


def test_he_is_no_more_than_its_three_effects() -> None:
    """covers TOI-HE-4: 'short to medium range' is flavour: close and normal work as usual."""
    assert plan(5, "close", Munition.HE) == (4, 4)
    assert plan(3, "normal", Munition.HE, target="squad") == (3, 4)


def test_he_scope_option() -> None:
    """covers TOI-AMB-6: 4+ applies vs squads by default; the option limits it to vehicles."""
    assert plan(3, "normal", Munition.HE, target="squad") == (3, 4)
    s = ToISettings(he_scope="vehicles_only")
    assert plan(3, "normal", Munition.HE, target="squad", settings=s) == (3, 5)


def test_apb_plus_one_at_every_band() -> None:
    """covers TOI-APB-1"""
    for band in ("close", "normal", "long"):
        assert plan(5, band, Munition.AP_B)[0] == 6


def test_apb_nothing_vs_squads() -> None:
    """covers TOI-APB-2"""
    assert plan(5, "normal", Munition.AP_B, target="squad")[0] == 5


def test_apc_plus_two_close() -> None:
    """covers TOI-APC-1"""
    assert plan(5, "close", Munition.AP_C)[0] == 7


def test_apc_minus_one_long() -> None:
    """covers TOI-APC-2"""
    assert plan(5, "long", Munition.AP_C) == (4, 6)


def test_apc_nothing_at_normal_or_vs_squads() -> None:
    """covers TOI-APC-3"""
    assert plan(5, "normal", Munition.AP_C)[0] == 5
    assert plan(5, "close", Munition.AP_C, target="squad")[0] == 5


def test_modifier_order_and_floor() -> None:
    """covers TOI-AMB-8: modifier before halving by default; option after; floor 0 or 1."""
    assert plan(4, "close", Munition.AP_C, fire_and_movement=True)[0] == 3  # (4+2)/2
    s = ToISettings(firepower_order="modifier_after_halving")
    assert plan(4, "close", Munition.AP_C, fire_and_movement=True, settings=s)[0] == 4  # 4/2+2
    assert plan(1, "close", Munition.HE)[0] == 0
    assert plan(1, "close", Munition.HE, settings=ToISettings(firepower_floor=1))[0] == 1


def test_combined_band_for_apc() -> None:
    """covers TOI-AMB-10: AP-C's +2 needs the whole combined attack at close range."""
    inp = AttackInput(
        5,
        "vehicle",
        RangeBand.NORMAL,
        0,
        munitions=(Munition.AP_C,),
        support=(Supporter(2, band=RangeBand.NORMAL),),
        lead_band=RangeBand.CLOSE,
    )
    assert plan_attack(inp).attack_dice == 5 + 1
    assert plan_attack(inp, ToISettings(combined_band="per_participant")).attack_dice == 7 + 1


# -- in a game ----------------------------------------------------------------------


def with_token(unit: str, munition: str, **extra: object) -> object:
    state = to(new(**extra), "munitions")
    state = buy(state, unit, munition)
    return to(state, "action")


def test_next_attack_flips_and_applies_the_token() -> None:
    """covers TOI-GEN-7: the next attack must reveal the token and apply it."""
    state = with_token("g-pz", "AP-B")
    state = place_at(state, "s-tank", "3,3")  # g-pz at 0,4 -> distance 3, normal
    state, ev = act(
        state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, [1] * 6 + [1] * 3
    )
    assert (
        ev[0].kind == "token-revealed"
        and ev[0].data["munition"] == "AP-B"
        and ev[0].secret_for is None
    )
    assert ev[-1].data["attack_dice"] == 6
    token = state.tokens_on("g-pz")[0]
    assert token.face_up


def test_op_fire_reveals_too() -> None:
    """covers TOI-GEN-7 with notes B9: an Op Fire attack is an attack."""
    state = to(new(), "munitions")
    state = buy(state, "g-pz", "AP-C")
    state = to(state, "op-fire")
    state = act(state, {"type": "op_fire", "unit": "g-pz"})[0]
    state = to(state, "action")
    state = place_at(on_turn(state, "soviet"), "s-tank", "2,4")
    state = act(state, {"type": "move", "unit": "s-tank", "to": "1,4"})[0]  # next to g-pz 0,4
    state, ev = act(
        state,
        {"type": "attack", "unit": "g-pz", "target": "s-tank", "mode": "op_fire"},
        [1] * 7 + [1] * 3,
    )
    assert ev[0].data["munition"] == "AP-C" and ev[-1].data["attack_dice"] == 7


def test_he_long_range_refused_in_game_and_nothing_changes() -> None:
    """covers TOI-HE-3, TOI-AMB-7 default: the owner knows, so the declaration is refused."""
    state = with_token("g-tank", "HE")  # g-tank vehicle range 2: distance 4 = long
    with pytest.raises(RuleViolation) as err:
        act(state, {"type": "attack", "unit": "g-tank", "target": "s-kv"}, [1] * 10)
    assert err.value.clause == "TOI-HE-3"
    assert not state.tokens_on("g-tank")[0].face_up


def test_he_long_range_void_option() -> None:
    """covers TOI-AMB-7 option: flipped, attack void, unit fatigued, token discarded."""
    state = with_token("g-tank", "HE", he_long_range="void")
    state, ev = act(state, {"type": "attack", "unit": "g-tank", "target": "s-kv"})
    assert ev[-1].kind == "attack-void"
    assert state.unit("g-tank").activation == "fatigued" and not state.tokens_on("g-tank")
    assert state.nation("german").supply_count(Munition.HE) == 1


def test_attack_on_squad_reveals_and_wastes_ap() -> None:
    """covers TOI-AMB-9 default (and TOI-APB-2): any attack reveals; AP-B does nothing vs squads."""
    state = with_token("g-pz", "AP-B")
    state, ev = act(state, {"type": "attack", "unit": "g-pz", "target": "s-squad"}, [1] * 4)
    assert ev[0].kind == "token-revealed" and ev[-1].data["attack_dice"] == 4
    assert state.tokens_on("g-pz")[0].face_up


def test_reveal_only_vs_vehicles_option() -> None:
    """covers TOI-AMB-9 option reveal_only_vs_vehicles."""
    state = with_token("g-pz", "AP-B", reveal_only_vs_vehicles=True)
    state, ev = act(state, {"type": "attack", "unit": "g-pz", "target": "s-squad"}, [1] * 4)
    assert ev[0].kind == "attack" and not state.tokens_on("g-pz")[0].face_up


def test_supporting_fire_reveals_and_applies_the_token_by_default() -> None:
    """covers TOI-AMB-9 and TOI-GEN-7: the supporter's next attack is this one, so its token is
    flipped and applied to its own share (HE: 5 - 1 = 4, half = 2 dice instead of half of 5 = 3);
    the option keeps it face down and unapplied."""
    attack = {"type": "attack", "unit": "g-tank", "target": "s-tank", "support": ["g-gun"]}
    state = place_at(with_token("g-gun", "HE"), "s-tank", "1,3")  # g-tank 1 hex, g-gun 2
    revealed, ev = act(state, attack, [1] * 7 + [1] * 3)
    assert revealed.tokens_on("g-gun")[0].face_up
    assert any(e.kind == "token-revealed" and e.data["unit"] == "g-gun" for e in ev)
    assert ev[-1].data["attack_dice"] == 5 + 2
    state = place_at(with_token("g-gun", "HE", reveal_on_support=False), "s-tank", "1,3")
    kept, ev = act(state, attack, [1] * 8 + [1] * 3)
    assert not kept.tokens_on("g-gun")[0].face_up
    assert ev[-1].data["attack_dice"] == 5 + 3  # half of 5, no token applied


def test_one_token_per_unit() -> None:
    """covers TOI-AMB-11: one face-down token per unit by default; option allows more."""
    state = buy(to(new(), "munitions"), "g-pz", "HE")
    with pytest.raises(RuleViolation) as err:
        buy(state, "g-pz", "AP-B")
    assert err.value.clause == "TOI-AMB-11"
    state = buy(to(new(tokens_per_unit=2), "munitions"), "g-pz", "HE")
    state = buy(state, "g-pz", "AP-B")
    assert len(state.tokens_on("g-pz")) == 2
