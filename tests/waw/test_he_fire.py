"""HE Fire missions: one test per clause WAW-HE-a..l, allocation properties, odds vs enumeration."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation
from ordnance.core.odds import enumerate_procedure
from ordnance.core.odds.pools import net_hits
from ordnance.waw.odds.he_fire import HeMission, he_fire_outcomes, he_net_hits, marginals
from ordnance.waw.rules.catalogue import ArmourClass, catalogue
from ordnance.waw.rules.he_fire import Target, allocate, defence_dice, resolve_he_fire
from ordnance.waw.rules.units import ALL_CONDITIONS, Condition, he_hits
from ordnance.waw.settings import WawSettings

H, L, U, V = ArmourClass.HEAVY, ArmourClass.LIGHT, ArmourClass.UNARMOURED, ArmourClass.VULNERABLE
DEFAULT = WawSettings()
D = Condition(disrupted=True)


def resolve(units, fp, hn, defence, dice, settings=DEFAULT, city=False):
    src = EnteredDice(dice)
    result = resolve_he_fire(units, fp, hn, defence, src, settings, city)
    src.finish()  # every entered die was used, no more, no fewer
    return result


def after(result, uid):
    return next(u.after for u in result.units if u.unit == uid)


# -- clauses -----------------------------------------------------------------------------


def test_salvo_counts_dice_at_or_above_the_hit_number():
    """covers WAW-HE-a: Firepower d6, each >= Hit Number is a Hit."""
    r = resolve([Target("a", V)], 5, 4, 0, [4, 3, 6, 1, 4])
    assert r.salvos[0].hits == 3 and r.net_hits == 3


def test_defence_pool_is_the_terrain_infantry_bonus_without_cover():
    """covers WAW-HE-b (and WAW-AMB-2 default: no cover, no Wreck dice)."""
    cat = catalogue()
    assert defence_dice(cat.terrain("woods"), DEFAULT, wreck_dice=1, cover_dice=1) == 1
    assert defence_dice(cat.terrain("clear"), DEFAULT, cover_dice=2) == 0
    wrecks = WawSettings(he_defence_include_wrecks=True)
    cover = WawSettings(he_defence_include_cover=True)
    assert defence_dice(cat.terrain("woods"), wrecks, wreck_dice=1, cover_dice=1) == 2
    assert defence_dice(cat.terrain("woods"), cover, wreck_dice=1, cover_dice=2) == 3


def test_armour_does_not_change_the_defence():
    """covers WAW-HE-c: an armoured stack rolls the same infantry dice, same odds."""

    def net(armour):
        units = [Target("x", armour)]
        return enumerate_procedure(lambda d: resolve_he_fire(units, 3, 4, 1, d, DEFAULT).net_hits)

    assert net(H) == net(L) == net(U) == net(V) == net_hits(3, 4, 1, 5)


def test_city_gives_every_defender_two_dice():
    """covers WAW-HE-d and WAW-AMB-1 (default: one pool of 2 dice)."""
    city = catalogue().terrain("city")
    assert defence_dice(city, DEFAULT) == 2
    # a city hex of infantry DB 3 (scenario data) still rolls 2 against HE Fire
    big = city.model_copy(update={"infantry_db": 3})
    assert defence_dice(big, DEFAULT) == 2


def test_city_per_unit_option_rolls_two_dice_per_unit_hit():
    """covers WAW-AMB-1 option city_defence=per_unit."""
    opts = WawSettings(city_defence="per_unit")
    units = [Target("a", V), Target("b", V)]
    # 2 raw hits, one each; a defends with 5,1 (cancels 1), b with 2,2
    r = resolve(units, 2, 4, 2, [4, 4, 5, 1, 2, 2], opts, city=True)
    assert (after(r, "a"), after(r, "b")) == (Condition(), D)


def test_each_defence_die_of_five_or_six_cancels_one_hit():
    """covers WAW-HE-e."""
    r = resolve([Target("a", V)], 3, 2, 3, [6, 6, 6, 5, 6, 4])
    assert r.salvos[0].cancelled == 2 and r.net_hits == 1
    # cancellations never go below zero net
    r = resolve([Target("a", V)], 1, 6, 2, [6, 5, 5])
    assert r.net_hits == 0


def test_mixed_stack_uses_the_infantry_bonus():
    """covers WAW-HE-f: vehicle + infantry in woods rolls the woods infantry dice."""
    woods = catalogue().terrain("woods")
    assert defence_dice(woods, DEFAULT) == woods.infantry_db == 1
    # the mission consumes exactly 1 defence die for a mixed stack
    r = resolve([Target("t", H), Target("i", V)], 1, 6, 1, [1, 1])
    assert r.salvos[0].defence == (1,)


def test_one_hit_on_two_units_goes_by_the_allocation_die():
    """covers WAW-HE-g: 1-3 the unit listed first, 4-6 the other."""
    units = [Target("a", V), Target("b", V)]
    low = resolve(units, 1, 4, 0, [5, 2])
    high = resolve(units, 1, 4, 0, [5, 6])
    assert low.order_die == 2 and after(low, "a") == D and after(low, "b") == Condition()
    assert after(high, "b") == D and after(high, "a") == Condition()


def test_no_allocation_die_when_the_order_changes_nothing():
    """covers WAW-HE-g / WAW-HE-h: two Hits on two units need no die."""
    r = resolve([Target("a", V), Target("b", H)], 2, 4, 0, [4, 4])
    assert r.order_die is None and after(r, "a") == D and after(r, "b") == D


def test_every_unit_takes_one_hit_before_any_takes_a_second():
    """covers WAW-HE-h."""
    given, _ = allocate(3, [Target("a", V), Target("b", V), Target("c", V)], DEFAULT)
    assert given == {"a": 1, "b": 1, "c": 1}


def test_combat_vehicles_are_disrupted_and_never_reduced():
    """covers WAW-HE-i: light or heavy armour, any number of Hits: Disrupted only."""
    for armour in (H, L):
        for cond in (Condition(), D):
            assert he_hits(cond, armour, 5) == D
    r = resolve([Target("b", L)], 4, 2, 0, [6, 6, 6, 6])
    assert after(r, "b") == D


def test_further_hits_reduce_soft_targets_next_to_heavy_armour():
    """covers WAW-HE-j and WAW-AMB-3 overflow: the extra Hit goes to the truck."""
    units = [Target("tank", H), Target("truck", U)]
    r = resolve(units, 3, 4, 0, [4, 4, 4])
    assert after(r, "tank") == D
    assert after(r, "truck") == Condition(disrupted=True, reduced=True)
    assert r.lost == 0


def test_soft_ladder_goes_disrupted_then_reduced_and_stops():
    """covers WAW-HE-j and WAW-AMB-4 default (current state, capped at Reduced: the text says
    only that further Hits Reduce): a Disrupted unit starts one step on."""
    assert he_hits(Condition(), V, 1) == D
    assert he_hits(Condition(), V, 2) == Condition(disrupted=True, reduced=True)
    assert he_hits(Condition(), U, 3) == Condition(disrupted=True, reduced=True)
    assert he_hits(D, V, 2) == Condition(disrupted=True, reduced=True)


def test_per_salvo_ladder_option_counts_this_salvos_hits_only():
    """covers WAW-AMB-4 option he_ladder=per_salvo."""
    assert he_hits(D, V, 1, "per_salvo") == D
    assert he_hits(D, V, 2, "per_salvo") == Condition(disrupted=True, reduced=True)
    assert he_hits(Condition(reduced=True), V, 2, "per_salvo") == Condition(
        disrupted=True, reduced=True
    )
    assert he_hits(Condition(reduced=True), V, 2, "per_salvo", soft_cap="eliminated") == Condition(
        eliminated=True
    )


def test_eliminating_option_takes_a_third_step():
    """covers WAW-AMB-4 option he_soft_cap=eliminated (the earlier reading): a Hit on a
    Disrupted and Reduced soft unit eliminates it."""
    assert he_hits(Condition(), U, 3, soft_cap="eliminated") == Condition(eliminated=True)
    assert he_hits(D, V, 2, soft_cap="eliminated") == Condition(eliminated=True)
    assert he_hits(Condition(), V, 5) == Condition(disrupted=True, reduced=True)


def test_overflow_loses_hits_that_harm_nobody_and_strict_wastes_them():
    """covers WAW-AMB-3: default overflow vs option strict_round_robin."""
    units = [Target("a", H), Target("b", L)]
    given, lost = allocate(4, units, DEFAULT)
    assert given == {"a": 1, "b": 1} and lost == 2
    strict = WawSettings(he_allocation="strict_round_robin")
    given, lost = allocate(3, [Target("a", H), Target("b", V)], strict)
    assert given == {"a": 2, "b": 1} and lost == 0


def test_hq_is_never_a_target_but_checks_when_its_hex_is_hit():
    """covers WAW-HE-k and WAW-AMB-5 default (one die, players judge)."""
    units = [Target("inf", V), Target("hq", V, hq=True)]
    r = resolve(units, 1, 4, 0, [4, 3])  # 1 Hit: all on inf, no allocation die; HQ die 3
    assert [u.unit for u in r.units] == ["inf"]
    assert r.hq_checks[0].hq == "hq" and r.hq_checks[0].dice == (3,)
    assert r.hq_checks[0].result == "pending"
    miss = resolve(units, 1, 4, 0, [3])  # no Hit: no HQ die asked for
    assert miss.hq_checks == () and miss.hqs_unchecked == (("hq", Condition()),)


def test_hq_alone_cannot_be_targeted():
    """covers WAW-HE-k: a mission on a hex holding only an HQ is refused."""
    with pytest.raises(RuleViolation) as err:
        resolve([Target("hq", V, hq=True)], 3, 4, 0, [])
    assert err.value.clause == "WAW-HE-k"


def test_hq_check_table_and_per_hit_options():
    """covers WAW-AMB-5 options: a configured table, one roll per Hit."""
    opts = WawSettings(hq_check={"mode": "table", "fails_on": [1, 2]}, hq_roll="per_hit")
    units = [Target("inf", V), Target("hq", V, hq=True)]
    r = resolve(units, 2, 4, 0, [4, 4, 6, 2], opts)
    assert r.hq_checks[0].dice == (6, 2) and r.hq_checks[0].after == D


def test_optional_rule_attacks_each_unit_separately():
    """covers WAW-HE-l and WAW-AMB-6: one full salvo and defence per unit, no allocation."""
    opts = WawSettings(he_per_unit_salvo=True)
    units = [Target("a", V), Target("b", H)]
    r = resolve(units, 2, 4, 1, [4, 4, 1, 4, 1, 5], opts)
    assert [s.against for s in r.salvos] == ["a", "b"]
    assert after(r, "a") == Condition(disrupted=True, reduced=True)
    assert after(r, "b") == Condition()  # 1 Hit cancelled by the 5
    assert r.order_die is None


def test_hit_number_above_six_is_refused():
    """covers WAW-HE-a / notes B2: no d6 reaches 7."""
    with pytest.raises(RuleViolation) as err:
        resolve([Target("a", V)], 3, 7, 0, [])
    assert err.value.clause == "WAW-HE-a"


# -- properties --------------------------------------------------------------------------

armour = st.sampled_from(list(ArmourClass))
condition = st.sampled_from([c for c in ALL_CONDITIONS if not c.eliminated])
#: WAW-B5: at most two units besides HQs stack in a hex (three only for ``allocate``).
target_lists = st.lists(st.tuples(armour, condition), min_size=1, max_size=3)
stack_lists = st.lists(st.tuples(armour, condition), min_size=1, max_size=2)
any_settings = st.builds(
    WawSettings,
    he_allocation=st.sampled_from(["overflow", "strict_round_robin"]),
    he_ladder=st.sampled_from(["current_state", "per_salvo"]),
)


@given(target_lists, st.integers(0, 12), any_settings)
def test_property_no_second_hit_before_everyone_has_one(specs, hits, settings):
    """covers WAW-HE-h for every allocation mode: one round of Hits goes to every unit first."""
    units = [Target(f"u{i}", a, c) for i, (a, c) in enumerate(specs)]
    given_, lost = allocate(hits, units, settings)
    if any(n >= 2 for n in given_.values()):
        assert all(n >= 1 for n in given_.values())
    assert sum(given_.values()) + lost == hits
    assert min(hits, len(units)) == sum(1 for n in given_.values() if n)


@given(stack_lists, st.integers(0, 6), st.integers(0, 2), any_settings, st.data())
def test_property_he_never_reduces_an_armoured_vehicle(specs, fp, defence, settings, data):
    """covers WAW-HE-i: whatever the dice, a combat vehicle ends at most Disrupted."""
    units = [Target(f"u{i}", a, c) for i, (a, c) in enumerate(specs)]
    dice = data.draw(
        st.lists(st.integers(1, 6), min_size=fp + defence + 1, max_size=fp + defence + 1)
    )
    src = EnteredDice(dice)
    r = resolve_he_fire(units, fp, 4, defence, src, settings)
    for u, t in zip(r.units, sorted(units, key=lambda t: t.id), strict=True):
        if t.armour.combat_vehicle:
            assert u.after.reduced == t.condition.reduced and not u.after.eliminated


# -- odds vs enumeration -----------------------------------------------------------------


def test_net_hits_match_the_issue_example():
    """covers WAW-HE-a, WAW-HE-e: 6 dice at 4+, 2 defence dice.

    By hand: Hits H ~ Bin(6, 1/2), counts over 64: 1, 6, 15, 20 for H = 0..3;
    cancels C ~ Bin(2, 1/3) (5+): P(C = 0, 1, 2) = 4/9, 4/9, 1/9. Net = max(0, H - C).
    P(0) = P(H <= C) = (4*1 + 4*7 + 1*22) / 576 = 54/576 = 3/32;
    P(1) = P(H = C + 1) = (4*6 + 4*15 + 1*20) / 576 = 104/576 = 13/72.
    """
    dist = he_net_hits(6, 4, 2)
    assert dist[0] == Fraction(3, 32) and dist[1] == Fraction(13, 72)


@pytest.mark.parametrize("fp,hn,defence", [(0, 4, 1), (1, 3, 0), (3, 4, 2), (4, 5, 1), (2, 6, 3)])
def test_net_hits_equal_enumeration_of_the_resolving_code(fp, hn, defence):
    """covers WAW-HE-a, WAW-HE-e: closed form == brute force over resolve_he_fire."""
    units = [Target("a", V)]
    brute = enumerate_procedure(
        lambda d: resolve_he_fire(units, fp, hn, defence, d, DEFAULT).net_hits
    )
    assert brute == he_net_hits(fp, hn, defence)


STACKS = [
    [Target("a", H), Target("b", V)],
    [Target("a", L, D), Target("b", U), Target("hq", V, hq=True)],
    [Target("a", V, D), Target("c", H), Target("hq", V, D, hq=True)],
    [Target("a", U, Condition(disrupted=True, reduced=True))],
]
OPTIONS = [
    DEFAULT,
    WawSettings(he_allocation="strict_round_robin"),
    WawSettings(he_ladder="per_salvo"),
    WawSettings(city_defence="per_unit"),
    WawSettings(hq_check={"mode": "table", "fails_on": [1]}, hq_roll="per_hit"),
]


@pytest.mark.parametrize("stack", range(len(STACKS)))
@pytest.mark.parametrize("opts", range(len(OPTIONS)))
def test_unit_states_equal_enumeration(stack, opts):
    """covers WAW-HE-g..k, WAW-AMB-1/3/4/5: per-unit states == brute force, exactly."""
    units, settings = STACKS[stack], OPTIONS[opts]
    fp, defence = (3, 1) if opts < 3 else (2, 1)
    closed = he_fire_outcomes(HeMission(units, fp, 4, defence, settings, city=True))
    brute = enumerate_procedure(
        lambda d: resolve_he_fire(units, fp, 4, defence, d, settings, city=True).outcome_key()
    )
    assert closed == brute
    assert sum(p for _, p in closed.items()) == 1


def test_per_unit_salvo_odds_equal_enumeration():
    """covers WAW-HE-l / WAW-AMB-6."""
    units = [Target("a", V), Target("b", H), Target("hq", V, hq=True)]
    opts = WawSettings(he_per_unit_salvo=True)
    closed = he_fire_outcomes(HeMission(units, 2, 3, 0, opts))
    brute = enumerate_procedure(lambda d: resolve_he_fire(units, 2, 3, 0, d, opts).outcome_key())
    assert closed == brute


def test_marginals_of_a_tank_and_infantry_in_woods():
    """covers WAW-HE-g/h/i/j, WAW-AMB-3/4: exact per-unit odds (6 dice at 4+, woods: 1 die).

    By hand: Hits H ~ Bin(6, 1/2) (counts 1, 6, 15, 20, 15, 6, 1 over 64), one
    defence die cancels on 5+ (1/3), so over 192: P(N = 0..6) = 9, 27, 50, 55, 36,
    13, 2. Overflow allocation: one Hit each in random order, the rest only to the
    soft infantry. The tank is Disrupted by any Hit it takes: half the time at
    N = 1, always at N >= 2: 27/384 + 156/192 = 113/128. The infantry takes N - 1
    Hits when N >= 2; under the eliminating ladder option (WAW-AMB-4) its third
    Hit (GO, D, D+R, eliminated) removes it: N >= 4, (36 + 13 + 2)/192 = 17/64.
    """
    units = [Target("t", H), Target("i", V)]
    eliminating = WawSettings(he_soft_cap="eliminated")
    m = marginals(he_fire_outcomes(HeMission(units, 6, 4, 1, eliminating)))
    assert m["t"]["disrupted"] == Fraction(113, 128)
    assert m["i"]["eliminated"] == Fraction(17, 64)
    assert "reduced" not in {k.split("+")[-1] for k in m["t"]}
    # by default (WAW-AMB-4) the infantry ends Reduced where the option eliminates it
    d = marginals(he_fire_outcomes(HeMission(units, 6, 4, 1, DEFAULT)))
    assert "eliminated" not in d["i"]
    assert d["i"]["disrupted+reduced"] == m["i"]["disrupted+reduced"] + m["i"]["eliminated"]


def test_more_targets_than_the_stacking_limit_are_refused():
    """covers WAW-B5: three units besides the HQ cannot be in one hex, so no mission on them."""
    three = [Target("a", V), Target("b", V, D), Target("c", H), Target("hq", V, hq=True)]
    with pytest.raises(RuleViolation) as err:
        resolve_he_fire(three, 3, 4, 0, EnteredDice([]), DEFAULT)
    assert err.value.clause == "WAW-B5" and "at most 2 units" in str(err.value)
    assert err.value.hint
    with pytest.raises(RuleViolation) as err:
        he_fire_outcomes(HeMission(three, 3, 4, 0, DEFAULT))
    assert err.value.clause == "WAW-B5"
    # two units and an HQ are fine
    assert he_fire_outcomes(HeMission(three[:2] + three[3:], 1, 4, 0, DEFAULT))
