"""The core Tide of Iron attack (notes B2-B5): bands, Hit Numbers, defence, combined fire,
and the exact odds against brute-force enumeration of the resolving code."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation
from ordnance.core.odds import enumerate_procedure
from ordnance.toi.rules.attack import (
    AttackInput,
    RangeBand,
    Supporter,
    attack_distribution,
    plan_attack,
    range_band,
    resolve_attack,
    worst_band,
)
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.settings import HitNumbers, ToISettings

from .helpers import act, new, on_turn, place_at


def test_range_bands() -> None:
    """covers TOI-B2: close = adjacent, normal <= range, long <= 2 x range, else out."""
    assert range_band(1, 4) is RangeBand.CLOSE
    assert range_band(2, 4) is RangeBand.NORMAL
    assert range_band(4, 4) is RangeBand.NORMAL
    assert range_band(5, 4) is RangeBand.LONG
    assert range_band(8, 4) is RangeBand.LONG
    assert range_band(9, 4) is RangeBand.OUT
    assert range_band(1, 0) is RangeBand.OUT


def test_higher_ground_adds_one_range() -> None:
    """covers TOI-B2: +1 range from higher ground (normal and long both stretch)."""
    assert range_band(5, 4, higher_ground=True) is RangeBand.NORMAL
    assert range_band(10, 4, higher_ground=True) is RangeBand.LONG
    assert range_band(11, 4, higher_ground=True) is RangeBand.OUT


def test_higher_ground_in_a_game() -> None:
    """covers TOI-B2: the elevation of the map gives the bonus (village map: a hill at 1,3)."""
    from ordnance.toi.plugin import GAME

    units = [
        {"id": "g", "profile": "panzer-iv", "side": "german", "hex": "1,3"},
        {"id": "s", "profile": "t-34-76", "side": "soviet", "hex": "8,-1"},
    ]
    state = GAME.new({"map": "village", "units": units})
    # distance 7 > range 6, but the Panzer IV stands on the hill: normal range.
    odds = GAME.odds(state, {"type": "attack", "unit": "g", "target": "s"}, "german")
    assert odds is not None and odds["band"] == "normal" and odds["hit_on"] == 5


def test_worst_band_for_combined_fire() -> None:
    """covers TOI-B5: a combined attack takes the worst band of its participants."""
    assert worst_band([RangeBand.CLOSE, RangeBand.NORMAL]) is RangeBand.NORMAL
    assert worst_band([RangeBand.CLOSE]) is RangeBand.CLOSE


@pytest.mark.parametrize(("band", "hit_on"), [("close", 4), ("normal", 5), ("long", 6)])
def test_hit_numbers_by_band(band: str, hit_on: int) -> None:
    """covers TOI-B3: 4+ close, 5+ normal, 6 long (documented default)."""
    plan = plan_attack(AttackInput(firepower=3, target="squad", band=RangeBand(band), defence=0))
    assert plan.hit_on == hit_on


def test_hit_numbers_are_configurable() -> None:
    """covers TOI-B3: the table is a setting."""
    s = ToISettings(hit_on=HitNumbers(close=3, normal=4, long=5))
    plan = plan_attack(AttackInput(3, "squad", RangeBand.LONG, 0), s)
    assert plan.hit_on == 5


def test_out_of_range_refused() -> None:
    """covers TOI-B2: no attack beyond twice the range."""
    with pytest.raises(RuleViolation) as err:
        plan_attack(AttackInput(3, "squad", RangeBand.OUT, 0))
    assert err.value.clause == "TOI-B2"


def test_fire_and_movement_halves_rounding_up_and_forbids_long() -> None:
    """covers TOI-B2, TOI-B4: Fire and Movement halves (round up), no long range."""
    assert (
        plan_attack(
            AttackInput(5, "squad", RangeBand.NORMAL, 0, fire_and_movement=True)
        ).attack_dice
        == 3
    )
    assert (
        plan_attack(
            AttackInput(4, "squad", RangeBand.NORMAL, 0, fire_and_movement=True)
        ).attack_dice
        == 2
    )
    with pytest.raises(RuleViolation) as err:
        plan_attack(AttackInput(5, "squad", RangeBand.LONG, 0, fire_and_movement=True))
    assert err.value.clause == "TOI-B2"


def test_combined_fire_adds_half_rounded_up() -> None:
    """covers TOI-B5: each supporter adds half its firepower, rounded up."""
    plan = plan_attack(
        AttackInput(4, "squad", RangeBand.NORMAL, 0, support=(Supporter(3), Supporter(2)))
    )
    assert plan.attack_dice == 4 + 2 + 1


def test_no_combined_fire_with_fire_and_movement() -> None:
    """covers TOI-B5."""
    with pytest.raises(RuleViolation) as err:
        plan_attack(
            AttackInput(
                4, "squad", RangeBand.NORMAL, 0, fire_and_movement=True, support=(Supporter(2),)
            )
        )
    assert err.value.clause == "TOI-B5"


def test_resolve_rolls_black_then_red_and_nets() -> None:
    """covers TOI-B4: black attack dice first, red defence dice second; each red 5+ cancels."""
    plan = plan_attack(AttackInput(3, "vehicle", RangeBand.NORMAL, 2))
    dice = EnteredDice([5, 6, 1, 5, 2])
    roll = resolve_attack(plan, dice)
    assert (roll.black, roll.red, roll.hits, roll.cancels, roll.net) == ((5, 6, 1), (5, 2), 2, 1, 1)
    assert [r.label for r in dice.rolls] == ["attack (black)"] * 3 + ["defence (red)"] * 2
    # cancellations never make the result negative
    assert resolve_attack(plan, EnteredDice([1, 1, 1, 6, 6])).net == 0


@pytest.mark.parametrize("attack", [1, 2, 3])  # 0 firepower cannot attack (TOI-B4)
@pytest.mark.parametrize("defence", [0, 1, 2])
@pytest.mark.parametrize("band", ["close", "normal", "long"])
def test_closed_form_matches_enumeration(attack: int, defence: int, band: str) -> None:
    """The odds are the resolving function's: enumerate_procedure == pools.net_hits."""
    plan = plan_attack(AttackInput(attack, "vehicle", RangeBand(band), defence))
    brute = enumerate_procedure(lambda d: resolve_attack(plan, d).net)
    assert brute == attack_distribution(plan)


@pytest.mark.parametrize("munition", [None, Munition.HE, Munition.AP_B, Munition.AP_C])
def test_closed_form_with_each_munition_matches_enumeration(munition: Munition | None) -> None:
    """covers TOI-HE-1/2, TOI-APB-1, TOI-APC-1: exact odds with each token, brute-forced."""
    inp = AttackInput(
        2,
        "vehicle",
        RangeBand.CLOSE if munition is Munition.AP_C else RangeBand.NORMAL,
        2,
        munitions=(munition,) if munition else (),
    )
    plan = plan_attack(inp)
    assert enumerate_procedure(lambda d: resolve_attack(plan, d).net) == attack_distribution(plan)


def test_issue_example_numbers() -> None:
    """The issue's example: fp 5, vehicle, close, defence 4, AP-C -> 7 dice at 4+ vs 4 red at 5+.

    By hand (TOI-APC-1, TOI-B4): hits H ~ Bin(7, 1/2), counts over 128 for H = 0..4:
    1, 7, 21, 35, 35 (cumulative 1, 8, 29, 64, 99); cancels C ~ Bin(4, 1/3), over 81
    for C = 0..4: 16, 32, 24, 8, 1. Net = max(0, H - C), over 81 * 128 = 10368:
    P(0) = P(H <= C) = 16*1 + 32*8 + 24*29 + 8*64 + 1*99 = 1579;
    P(1) = P(H = C + 1) = 16*7 + 32*21 + 24*35 + 8*35 + 1*21 = 1925.
    """
    plan = plan_attack(AttackInput(5, "vehicle", RangeBand.CLOSE, 4, munitions=(Munition.AP_C,)))
    dist = attack_distribution(plan)
    assert (plan.attack_dice, plan.hit_on, plan.defence_dice) == (7, 4, 4)
    assert dist[0] == Fraction(1579, 10368) and dist[1] == Fraction(1925, 10368)
    # every other value from the same two binomial laws, summed here term by term
    hits = [Fraction(comb(7, h), 2**7) for h in range(8)]
    cancels = [Fraction(comb(4, c) * 2 ** (4 - c), 3**4) for c in range(5)]
    by_hand: dict[int, Fraction] = {}
    for h, ph in enumerate(hits):
        for c, pc in enumerate(cancels):
            by_hand[max(0, h - c)] = by_hand.get(max(0, h - c), Fraction(0)) + ph * pc
    assert {k: dist[k] for k in dist} == by_hand


def test_defence_is_armour_plus_cover_in_a_game() -> None:
    """covers TOI-B4: defence dice = armour + cover (woods 2 on the range map at 1,5)."""
    state = on_turn(new(), "soviet")
    plain = act(state, {"type": "attack", "unit": "s-tank", "target": "g-tank"}, [1] * 5 + [1] * 2)[
        1
    ]
    assert plain[-1].data["defence_dice"] == 2  # armour 2, clear
    moved = place_at(state, "g-tank", "1,5")
    moved = place_at(moved, "s-tank", "2,4")
    ev = act(moved, {"type": "attack", "unit": "s-tank", "target": "g-tank"}, [1] * 5 + [1] * 4)[1]
    assert ev[-1].data["defence_dice"] == 4  # armour 2 + woods 2


def test_squad_firepower_is_the_sum_of_its_figures() -> None:
    """covers TOI-B4: 4 figures, 1 vs vehicles each, adjacent to a vehicle -> 4 dice."""
    state = place_at(new(), "g-squad", "1,3")
    ev = act(state, {"type": "attack", "unit": "g-squad", "target": "s-tank"}, [1] * 4 + [1] * 3)[1]
    assert ev[-1].data["attack_dice"] == 4 and ev[-1].data["band"] == "close"


def test_game_odds_equal_enumeration_through_apply() -> None:
    """The game's odds preview equals brute force over ``apply`` itself (the resolving code)."""
    from ordnance.core.dice import DiceSource
    from ordnance.toi.plugin import GAME

    from .helpers import UNITS, settings

    units = [dict(u, figures=1) if u["id"] == "g-squad" else u for u in UNITS]
    state = place_at(GAME.new(settings(units=units)), "g-squad", "1,3")
    action = {"type": "attack", "unit": "g-squad", "target": "s-tank"}

    def net(dice: DiceSource) -> int:
        events = GAME.apply(state, action, dice, "german").events
        return int(events[-1].data["net_hits"])

    odds = GAME.odds(state, action, "german")
    assert odds is not None
    brute = enumerate_procedure(net)
    assert brute.to_json() == odds["distribution"]
    assert odds["attack_dice"] == 1 and odds["defence_dice"] == 3
