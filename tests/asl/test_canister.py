"""Canister (ASL-8.4 to ASL-8.42, ASL-AMB-7 to -10): aim geometry, attacked Locations, resolution, odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ordnance.asl.canister.aim import aim_points, building_aim, check_aim
from ordnance.asl.canister.attacks import CanisterTarget, canister_attacks
from ordnance.asl.canister.ca import hexspine_changes
from ordnance.asl.canister.odds import NOT_FIRED, canister_odds, outcome_key
from ordnance.asl.canister.options import CanisterOptions
from ordnance.asl.canister.resolve import NO_EFFECT, fire_canister, resolve
from ordnance.asl.rules.tables import load_tables
from ordnance.core.dice import DR, EnteredDice
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.hexes import CoveredArc, Direction, Hex, Vertex, ring
from ordnance.core.odds import enumerate_procedure

G = Hex(0, 0)
CA = CoveredArc(G, Direction.N)

# The notes' table (ASL-AMB-7) in CA (a, b) coordinates:
# name -> (cluster, adjacent hexes, FP factor there, first cluster hex)
NOTES_TABLE = {
    "V1": ({(2, 0), (3, 0), (2, 1)}, {(1, 0)}, Fraction(1, 2), (2, 0)),
    "V2": ({(2, 0), (1, 1), (2, 1)}, {(1, 0)}, Fraction(1, 2), (1, 1)),
    "V3": ({(1, 1), (2, 1), (1, 2)}, {(1, 0), (0, 1)}, Fraction(1, 4), (1, 1)),
    "V4": ({(1, 1), (0, 2), (1, 2)}, {(0, 1)}, Fraction(1, 2), (1, 1)),
    "V5": ({(0, 2), (0, 3), (1, 2)}, {(0, 1)}, Fraction(1, 2), (0, 2)),
}

hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))
spines = st.sampled_from(list(Direction))


def table_of(gun: Hex, spine: Direction) -> dict[str, tuple[object, ...]]:
    ca = CoveredArc(gun, spine)
    return {
        a.name: (
            {ca.coords(h) for h in a.cluster},
            {ca.coords(h) for h in a.adjacent},
            a.adjacent_factor,
            ca.coords(a.first_hex),
        )
        for a in aim_points(gun, ca)
    }


# -- geometry --------------------------------------------------------------------------


@pytest.mark.parametrize("spine", list(Direction))
def test_derived_geometry_equals_the_notes_table(spine: Direction) -> None:
    """ASL-AMB-7 / ASL-8.4-h / ASL-8.41-b/-c: derived from hexes.line, equal to the notes' table."""
    assert table_of(Hex(3, -5), spine) == NOTES_TABLE


@given(hexes, spines)
def test_five_aims_per_ca_none_on_boundary_covering_range_2_and_3(
    gun: Hex, spine: Direction
) -> None:
    """ASL-8.4-k, ASL-AMB-7: exactly five aims, none on the CA boundary; their clusters cover
    exactly the three range-2 and four range-3 hexes of the CA."""
    ca = CoveredArc(gun, spine)
    aims = aim_points(gun, ca)
    assert [a.name for a in aims] == ["V1", "V2", "V3", "V4", "V5"]
    assert not any(a.on_ca_boundary for a in aims)
    covered = set().union(*(a.cluster for a in aims))
    assert covered == set(ca.hexes(3, min_range=2))
    assert len(covered) == 7
    for a in aims:
        assert isinstance(a.target, Vertex)
        assert set(a.cluster) == set(a.target.hexes)
        assert sorted(gun.distance(h) for h in a.cluster) in ([2, 2, 3], [2, 3, 3])
        assert all(ca.contains(h) for h in a.cluster)
        assert a.first_hex in a.cluster and gun.distance(a.first_hex) == 2
        assert all(gun.distance(h) == 1 for h in a.adjacent)
        assert len(a.adjacent) == (2 if a.adjacent_factor == Fraction(1, 4) else 1)


@given(hexes, spines)
def test_v3_runs_along_the_hexside_quarter_fp_on_both(gun: Hex, spine: Direction) -> None:
    """ASL-8.41-c: V3's LOS runs along the (1,0)/(0,1) hexside, so both hexes at quarter FP."""
    ca = CoveredArc(gun, spine)
    v3 = aim_points(gun, ca)[2]
    assert v3.along_hexside is not None
    assert {ca.coords(h) for h in v3.along_hexside.hexes} == {(1, 0), (0, 1)}
    attacks = canister_attacks(v3, 12)
    adjacent = [x for x in attacks if x.role == "adjacent"]
    assert {ca.coords(x.hex) for x in adjacent} == {(1, 0), (0, 1)}
    assert all(x.fp == 3 and x.column == 2 for x in adjacent)


@given(hexes, hexes, spines)
def test_translation_invariance(gun: Hex, offset: Hex, spine: Direction) -> None:
    moved = aim_points(gun + offset, CoveredArc(gun + offset, spine))
    base = aim_points(gun, CoveredArc(gun, spine))
    assert [(a.target + offset, tuple(h + offset for h in a.cluster)) for a in base] == [
        (a.target, a.cluster) for a in moved
    ]
    assert [tuple(h + offset for h in a.adjacent) for a in base] == [a.adjacent for a in moved]


@given(hexes, spines, st.integers(1, 5))
def test_rotation_invariance(gun: Hex, spine: Direction, turns: int) -> None:
    base = aim_points(gun, CoveredArc(gun, spine))
    turned = aim_points(gun, CoveredArc(gun, spine.cw(turns)))
    assert [a.target.rotate(turns, gun) for a in base] == [a.target for a in turned]
    assert [a.first_hex.rotate(turns, gun) for a in base] == [a.first_hex for a in turned]
    assert [{h.rotate(turns, gun) for h in a.adjacent} for a in base] == [
        set(a.adjacent) for a in turned
    ]


def test_thirty_aim_vertices_around_a_gun_each_in_one_ca() -> None:
    """ASL-AMB-7: the 30 vertices between rings 2 and 3, five in each of the six CAs."""
    all_aims = [a.target for spine in Direction for a in aim_points(G, spine)]
    assert len(all_aims) == len(set(all_aims)) == 30
    ring_vertices = {
        Vertex.of(h, k)
        for h in ring(G, 2)
        for k in range(6)
        if {G.distance(x) for x in Vertex.of(h, k).hexes} == {2, 3}
    }
    assert set(all_aims) == ring_vertices


def test_aim_points_accept_spine_and_check_origin() -> None:
    assert aim_points(G, Direction.N) == aim_points(G, CA)
    with pytest.raises(OrdnanceError):
        aim_points(Hex(1, 0), CA)


def test_aim_level_is_the_attacked_elevation() -> None:
    """ASL-8.4-h/-i: the aim has an elevation; the cluster is attacked at that level."""
    v1 = aim_points(G, CA, level=1)[0]
    assert v1.levels == (1,)
    assert {x.level for x in canister_attacks(v1, 12) if x.role == "cluster"} == {1}


def test_check_aim_refuses_other_vertices() -> None:
    """ASL-8.4-h: only the listed vertices two hexsides out are aim points."""
    v2 = aim_points(G, CA)[1]
    assert check_aim(G, CA, v2.target) == v2  # type: ignore[arg-type]
    too_close = Vertex.of(G, 0)
    with pytest.raises(RuleViolation) as err:
        check_aim(G, CA, too_close)
    assert err.value.clause == "ASL-8.4-h" and "V1" in (err.value.hint or "")
    other_ca = aim_points(G, Direction.S)[0].target
    with pytest.raises(RuleViolation):
        check_aim(G, CA, other_ca)  # type: ignore[arg-type]


def test_amb7_option_hexside_path() -> None:
    """ASL-AMB-7 option hexside-path: one adjacent + two range-2 hexes; the adjacent hex is
    attacked once (as a cluster hex), not twice."""
    opts = CanisterOptions(canister_geometry="hexside-path")
    aims = aim_points(G, CA, options=opts)
    assert [sorted(CA.coords(h) for h in a.cluster) for a in aims] == [
        [(1, 0), (1, 1), (2, 0)],
        [(0, 1), (0, 2), (1, 1)],
    ]
    for a in aims:
        assert a.adjacent[0] == a.first_hex
        attacks = canister_attacks(a, 12)
        assert len(attacks) == 3 and all(x.role == "cluster" and x.fp == 12 for x in attacks)


def test_amb7_option_hexspine_bounded_ca() -> None:
    """ASL-AMB-7 option hexspine-bounded: 4 interior aims plus 2 on the boundary."""
    aims = aim_points(G, CA, options=CanisterOptions(canister_ca="hexspine-bounded"))
    assert len(aims) == 6
    assert [a.on_ca_boundary for a in aims] == [True, False, False, False, False, True]


def test_building_aim() -> None:
    """ASL-8.4-j: three contiguous levels of a building hex at range 2, aimed at the middle."""
    b = building_aim(G, CA.hex_at(1, 1), 1, lowest_level=0, highest_level=2)
    assert b.kind == "building" and b.levels == (0, 1, 2) and b.cluster == (CA.hex_at(1, 1),)
    assert b.adjacent_factor == Fraction(1, 4)  # along the (1,0)/(0,1) hexside
    attacks = canister_attacks(b, 12)
    assert [(x.level, x.role) for x in attacks if x.role == "cluster"] == [
        (0, "cluster"),
        (1, "cluster"),
        (2, "cluster"),
    ]
    straight = building_aim(G, CA.hex_at(2, 0), 2, lowest_level=0, highest_level=3)
    assert straight.adjacent == (CA.hex_at(1, 0),) and straight.adjacent_factor == Fraction(1, 2)
    # a gun at level 0 firing at levels 1-3: no same-level target, no adjacent attack (8.41-b)
    assert {x.role for x in canister_attacks(straight, 12)} == {"cluster"}


@pytest.mark.parametrize(
    ("target", "middle", "low", "high"),
    [(Hex(0, -3), 1, 0, 2), (Hex(0, -1), 1, 0, 2), (Hex(1, -2), 0, 0, 2), (Hex(1, -2), 2, 0, 2)],
)
def test_building_aim_refusals(target: Hex, middle: int, low: int, high: int) -> None:
    """ASL-8.4-j: range 2 only; the aimed level must have a level below and above it."""
    with pytest.raises(RuleViolation) as err:
        building_aim(G, target, middle, lowest_level=low, highest_level=high)
    assert err.value.clause == "ASL-8.4-j"


def test_hexspine_changes() -> None:
    """ASL-8.4-d: the DRM counts hexspine changes of the CA."""
    assert hexspine_changes(Direction.N, Direction.N) == 0
    assert hexspine_changes(Direction.N, Direction.NE) == 1
    assert hexspine_changes(Direction.NW, Direction.NE) == 2
    assert hexspine_changes(CA, CoveredArc(G, Direction.S)) == 3


# -- attacked Locations ----------------------------------------------------------------

V1, V2, V3, V4, V5 = aim_points(G, CA)


def test_full_fp_in_cluster_half_in_adjacent_hex() -> None:
    """ASL-8.4-d, ASL-8.41-b: cluster at full FP; the adjacent hex on the LOS at half, Area Fire."""
    attacks = canister_attacks(V1, 20)
    got = sorted((CA.coords(x.hex), str(x.role), x.fp, x.column, x.area_fire) for x in attacks)
    assert got == [
        ((1, 0), "adjacent", Fraction(10), 8, True),
        ((2, 0), "cluster", Fraction(20), 20, False),
        ((2, 1), "cluster", Fraction(20), 20, False),
        ((3, 0), "cluster", Fraction(20), 20, False),
    ]


def test_area_fire_halving_after_movement() -> None:
    """ASL-8.4-c: moved AFV (or manned in the MPh, fired in the AFPh): halved as Area Fire."""
    attacks = canister_attacks(V2, 24, moved_or_manned_in_mph=True)
    cluster = [x for x in attacks if x.role == "cluster"]
    assert all(x.fp == 12 and x.column == 12 and x.area_fire for x in cluster)
    assert all(x.factors == (("ASL-8.4-c", Fraction(1, 2)),) for x in cluster)


def test_amb8_reductions_cumulative_by_default() -> None:
    """ASL-AMB-8: 20 x 1/2 x 1/2 = 5 by default; the option keeps only the largest reduction."""
    adj = canister_attacks(V1, 20, moved_or_manned_in_mph=True)[0]
    assert adj.fp == 5 and adj.column == 4
    quarter = canister_attacks(V3, 20, moved_or_manned_in_mph=True)[0]
    assert quarter.fp == Fraction(5, 2) and quarter.column == 2
    opts = CanisterOptions(canister_reductions="largest")
    assert canister_attacks(V1, 20, moved_or_manned_in_mph=True, options=opts)[0].fp == 10
    assert canister_attacks(V3, 20, moved_or_manned_in_mph=True, options=opts)[0].fp == 5


def test_no_adjacent_attack_when_not_same_level() -> None:
    """ASL-8.41-b: only a same-level shot attacks the adjacent hex."""
    assert {x.role for x in canister_attacks(V1, 12, gun_level=1)} == {"cluster"}
    assert {x.role for x in canister_attacks(V1, 12, same_level=False)} == {"cluster"}
    assert "adjacent" in {x.role for x in canister_attacks(V1, 12, same_level=True)}


def test_no_pbf_doubling_in_adjacent_hex() -> None:
    """ASL-8.41-b: the adjacent hex is never doubled for Point Blank Fire."""
    assert canister_attacks(V1, 12)[0].fp == 6


def test_no_effect_in_the_firers_hex() -> None:
    """ASL-8.41-a: units in the firer's hex are never attacked."""
    targets = [CanisterTarget("crew", G), CanisterTarget("squad", CA.hex_at(2, 0))]
    attacks = canister_attacks(V1, 12, targets=targets)
    assert all(x.hex != G for x in attacks)
    assert [x.targets for x in attacks] == [("squad",)]
    for aim in aim_points(G, CA):
        assert G not in {x.hex for x in canister_attacks(aim, 12)}


def test_obstacle_in_first_hex_stops_the_rest() -> None:
    """ASL-8.4-i: an obstacle in the first cluster hex: only that hex is attacked."""
    attacks = canister_attacks(V2, 12, obstacle_in_first_hex=True)
    assert [(CA.coords(x.hex), x.role) for x in attacks] == [
        ((1, 0), "adjacent"),
        ((1, 1), "cluster"),
    ]


def test_only_hexes_in_los_are_attacked() -> None:
    """ASL-8.4-i: occupants of cluster hexes out of the firer's LOS are not attacked."""
    attacks = canister_attacks(V1, 12, out_of_los={CA.hex_at(3, 0)})
    assert CA.hex_at(3, 0) not in {x.hex for x in attacks}


def test_targets_armored_immune_prc_and_unarmored_attacked() -> None:
    """ASL-8.4-a, ASL-AMB-10: armored vehicles immune, their Vulnerable PRC and unarmored
    vehicles attacked; the option makes every vehicle immune."""
    h = CA.hex_at(2, 0)
    targets = [
        CanisterTarget("tank", h, "armored-vehicle"),
        CanisterTarget("riders", h, "vulnerable-prc"),
        CanisterTarget("truck", h, "unarmored-vehicle"),
        CanisterTarget("squad-up", h, "personnel", level=1),
    ]
    [attack] = canister_attacks(V1, 12, targets=targets)
    assert attack.targets == ("riders",)
    assert attack.vehicle_targets == ("truck",)
    assert attack.immune == (("tank", "ASL-8.4-a"),)
    [alt] = canister_attacks(
        V1, 12, targets=targets, options=CanisterOptions(canister_vehicles="all-immune")
    )
    assert alt.vehicle_targets == () and ("truck", "ASL-AMB-10") in alt.immune
    # squad-up is at level 1, not the aimed elevation (ASL-8.4-i)
    assert all("squad-up" not in x.targets for x in canister_attacks(V1, 12, targets=targets))


def test_canister_fp_from_charts() -> None:
    """ASL-8.4-e: the Ordnance Listing governs; the chart fallback gives C75 = 20."""
    fp = load_tables().canister_fp(75)
    assert canister_attacks(V1, fp)[1].fp == 20
    with pytest.raises(OrdnanceError):
        canister_attacks(V1, 0)


# -- resolution ------------------------------------------------------------------------


def test_no_to_hit_dr_one_dr_does_everything() -> None:
    """ASL-8.4-b, ASL-8.4-f, ASL-AMB-9: one DR; no To Hit DR is asked for."""
    dice = EnteredDice([2, 3])
    result = fire_canister(dice, canister_attacks(V1, 20), depletion_number=7)
    dice.finish()
    assert result.fired and result.depletion == "used" and not result.canister_gone
    assert all(h.dr == DR(2, 3) for h in result.hexes)


def test_each_location_its_own_final_dr() -> None:
    """ASL-8.4-d, ASL-8.4-i: common DR, each Location's own TEM/Hindrance DRM and column."""
    attacks = canister_attacks(V1, 20)
    drm: dict[Hex | tuple[Hex, int], int] = {CA.hex_at(2, 0): 3, (CA.hex_at(3, 0), 0): -1}
    r = resolve(DR(2, 3), attacks, depletion_number=7, drm=drm, common_drm=1)
    got = {CA.coords(h.hex): (h.final_dr, h.result) for h in r.hexes}
    assert got == {
        (1, 0): (6, "1MC"),  # 10 FP -> 8 column, 5 + 1
        (2, 0): (9, "1MC"),  # 20 column, 5 + 1 + 3
        (2, 1): (6, "3MC"),
        (3, 0): (5, "4MC"),
    }


@pytest.mark.parametrize(
    ("total", "outcome", "fired", "gone"),
    [
        (5, "used", True, False),
        (7, "used-and-depleted", True, True),
        (8, "not-available", False, True),
    ],
)
def test_depletion_check(total: int, outcome: str, fired: bool, gone: bool) -> None:
    """ASL-8.4-f, ASL-8.4-g with ASL-8.9-c/-d/-e: < C# used, = C# used then gone, > C# nothing."""
    dr = DR(total - 1, 1) if total <= 7 else DR(4, total - 4)
    r = resolve(dr, canister_attacks(V3, 12), depletion_number=7)
    assert (r.depletion, r.fired, r.canister_gone) == (outcome, fired, gone)
    if not fired:
        assert r.hexes == () and "ASL-8.9-e" in r.clauses
    else:
        assert len(r.hexes) == 5


def test_malfunction_checked_even_when_depleted() -> None:
    """ASL-8.4-f, ASL-8.9-e, ASL-AMB-18: the same DR checks the B#, also when no Canister was there."""
    r = resolve(DR(5, 6), canister_attacks(V1, 12), depletion_number=7, breakdown_number=11)
    assert r.malfunction and not r.fired
    r = resolve(DR(5, 5), canister_attacks(V1, 12), depletion_number=10, breakdown_number=10)
    assert r.malfunction and r.fired and r.depletion == "used-and-depleted" and r.hexes
    assert not resolve(DR(5, 6), canister_attacks(V1, 12), depletion_number=12).malfunction
    assert resolve(DR(6, 6), canister_attacks(V1, 12), depletion_number=12).malfunction


def test_cannot_rubble_fire_or_clear_wire() -> None:
    """ASL-8.42-a."""
    r = resolve(DR(1, 1), canister_attacks(V1, 24), depletion_number=7)
    assert (r.can_rubble, r.can_set_fire, r.can_clear_wire) == (False, False, False)


def test_kia_flags_sw_destruction_as_he() -> None:
    """ASL-8.42-b: a Canister KIA has the HE KIA chance to destroy a SW in the hex."""
    r = resolve(DR(1, 1), canister_attacks(V1, 24), depletion_number=7)
    by = {CA.coords(h.hex): h for h in r.hexes}
    assert by[(2, 0)].result == "3KIA" and by[(2, 0)].sw_destruction_as_he_kia
    assert by[(1, 0)].result == "1KIA" and by[(1, 0)].sw_destruction_as_he_kia  # 12 FP column
    r = resolve(DR(2, 2), canister_attacks(V1, 12), depletion_number=7)
    assert {h.result for h in r.hexes} == {"3MC", "2MC"}
    assert not any(h.sw_destruction_as_he_kia for h in r.hexes)


def test_unarmored_vehicle_gets_vehicle_line() -> None:
    """ASL-AMB-10: unarmored vehicles use the IFT vehicle line of the column."""
    t = [CanisterTarget("truck", CA.hex_at(2, 0), "unarmored-vehicle")]
    r = resolve(DR(3, 3), canister_attacks(V1, 20, targets=t), depletion_number=7)
    assert [h.vehicle_tk for h in r.hexes] == [10]


def test_amb9_option_per_location_drs() -> None:
    """ASL-AMB-9 option: a DR per Location; only the first is the depletion/B# check."""
    opts = CanisterOptions(canister_dr="per-location")
    attacks = canister_attacks(V1, 20)
    dice = EnteredDice([1, 1, 6, 6, 3, 3, 2, 2])
    r = fire_canister(dice, attacks, depletion_number=7, breakdown_number=12, options=opts)
    dice.finish()
    assert [h.dr.total for h in r.hexes] == [2, 12, 6, 4]
    assert not r.malfunction  # the 12 is not the first DR
    assert "ASL-AMB-9:per-location" in r.clauses
    # a first DR above the Depletion Number rolls nothing more
    dice = EnteredDice([4, 5])
    assert not fire_canister(dice, attacks, depletion_number=7, options=opts).fired
    dice.finish()
    with pytest.raises(OrdnanceError):
        resolve(DR(1, 1), attacks, depletion_number=7, options=opts)


def test_to_dict_json_ready() -> None:
    r = resolve(DR(2, 3), canister_attacks(V3, 12), depletion_number=7)
    d = r.to_dict()
    assert d["depletion"] == "used" and d["hexes"][0]["fp"] == "3/1"
    assert V3.to_dict()["adjacent_factor"] == "1/4"
    assert canister_attacks(V3, 12)[0].to_dict()["factors"] == [["ASL-8.41-c", "1/4"]]


# -- exact odds ------------------------------------------------------------------------


def _check_against_enumeration(**kw: object) -> None:
    attacks = kw.pop("attacks")
    odds = canister_odds(attacks, **kw)  # type: ignore[arg-type]
    brute = enumerate_procedure(
        lambda dice: outcome_key(fire_canister(dice, attacks, **kw))  # type: ignore[arg-type]
    )
    assert odds.joint == brute


@pytest.mark.parametrize("c_number", [4, 7, 10, None])
def test_odds_equal_enumeration_one_dr(c_number: int | None) -> None:
    """ASL-8.4-f, ASL-AMB-9 default: closed form over DR totals == brute force over resolve."""
    attacks = canister_attacks(V3, 20, moved_or_manned_in_mph=True)
    drm = {attacks[2].hex: 2}
    _check_against_enumeration(
        attacks=attacks, depletion_number=c_number, breakdown_number=11, drm=drm, common_drm=1
    )


def test_odds_equal_enumeration_per_location() -> None:
    """ASL-AMB-9 option: every Location's own DR, still equal to brute force."""
    attacks = canister_attacks(V2, 12, obstacle_in_first_hex=True)
    assert len(attacks) == 2
    _check_against_enumeration(
        attacks=attacks,
        depletion_number=7,
        options=CanisterOptions(canister_dr="per-location"),
    )


def test_per_location_odds_values() -> None:
    """Marginals: C7, 12 FP in the cluster: P(not fired) = 15/36; P(KIA) at DR 2 = 1/36."""
    attacks = canister_attacks(V1, 12)
    odds = canister_odds(attacks, depletion_number=7)
    assert odds.depletion["not-available"] == Fraction(15, 36)
    assert odds.depletion["used-and-depleted"] == Fraction(6, 36)
    assert odds.malfunction == Fraction(1, 36)
    loc = dict(odds.per_location)
    cluster = loc[(CA.hex_at(2, 0), 0)]
    assert cluster[NOT_FIRED] == Fraction(15, 36)
    assert cluster["1KIA"] == Fraction(1, 36)  # DR 2 on the 12 column
    assert cluster["K/3"] == Fraction(2, 36)
    adjacent = loc[(CA.hex_at(1, 0), 0)]  # 6 FP column
    assert adjacent["1KIA"] == Fraction(1, 36)
    assert sum(adjacent.probability(lambda _k: True) for _ in [0]) == 1
    assert NO_EFFECT in adjacent or adjacent[NOT_FIRED] > 0
    assert odds.to_dict()["depletion"]["not-available"] == "5/12"
