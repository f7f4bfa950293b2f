"""The whole Gun shot, step by step (notes B5, B6; ASL-8.9, 8.31-h, 8.4-b, 8.5-a).

Each test names the clause it checks. Dice are entered (coloured die first).
"""

from __future__ import annotations

from typing import Any

import pytest

from ordnance.asl.rules.to_hit import FirerCases, judge, modified_th, th_colour, to_hit_drm
from ordnance.asl.rules.to_kill import basic_tk, destruction, final_tk, range_change
from ordnance.asl.settings import AslOptions
from ordnance.asl.shot.plan import plan_shot
from ordnance.asl.shot.resolve import resolve_shot
from ordnance.asl.shot.spec import GunShot
from ordnance.core.dice import DR, EnteredDice
from ordnance.core.errors import NotEnoughDice, RuleViolation, UnknownName


def shot(**kw: Any) -> GunShot:
    base: dict[str, Any] = {"gun": "75L", "range": 3, "target": "vehicle", "af": 11}
    base.update(kw)
    return GunShot.model_validate(base)


# -- ASL-B5.1 / B5.2: the Modified TH# ---------------------------------------------------------
@pytest.mark.parametrize(
    ("target", "colour", "rng", "basic"),
    [
        ("vehicle", "black", 6, 10),
        ("vehicle", "black", 7, 9),
        ("vehicle", "red", 7, 8),
        ("infantry", "black", 13, 6),
        ("infantry", "red", 60, -2),
        ("area", "black", 20, 8),  # the Area Target Type has a red row only
    ],
)
def test_basic_th_by_range_target_and_colour_b5_1(
    target: str, colour: Any, rng: int, basic: int
) -> None:
    """ASL-B5.1: the Basic TH# by range band, Target Type and black/red."""
    assert modified_th(target, rng, colour=colour).basic == basic


def test_gun_and_ammo_modifications_b5_2() -> None:
    """ASL-B5.2: L/LL/*, APCR/APDS and SMOKE change the TH#, cumulative caliber rows."""
    assert modified_th("vehicle", 13, gun_size="75L").number == 8 + 1
    assert modified_th("vehicle", 25, gun_size="76LL").number == 6 + 2
    assert modified_th("vehicle", 13, gun_size="75*").number == 8 - 1
    assert modified_th("vehicle", 25, gun_size="75", ammo="APCR").number == 6 - 2
    assert modified_th("vehicle", 25, gun_size="75", ammo="APCR").number == 4
    assert modified_th("area", 5, gun_size="75", ammo="SMOKE").number == 7 + 2
    assert modified_th("area", 13, gun_size="75", ammo="SMOKE").number == 8
    # notes B5.2: a 28mm Gun at 19 hexes: <=57mm -1 and <=40mm -1
    th = modified_th("vehicle", 19, gun_size="28")
    assert th.number == 7 - 2
    assert {m.what for m in th.mods} == {"<=57mm", "<=40mm (with <=57mm)"}


def test_wp_takes_the_smoke_modification_by_default_option_b5_2() -> None:
    """ASL-B5.2 [inference]: WP as SMOKE by default; the option leaves WP unmodified."""
    assert modified_th("area", 3, ammo="WP").number == 9
    assert modified_th("area", 3, ammo="WP", options=AslOptions(wp_smoke_th=False)).number == 7


def test_unknown_target_type_refused_b5_1() -> None:
    """ASL-B5.1: a Target Type the table lacks is refused with the clause."""
    with pytest.raises(UnknownName) as err:
        modified_th("boat", 3)
    assert err.value.clause == "ASL-B5.1"


# -- ASL-B5.3: the DRM cases A-I ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("cases", "total", "clause"),
    [
        ({"ca_hexsides": 1}, 1, "ASL-B5.3-A"),
        ({"ca_hexsides": 2, "mount": "non-turreted"}, 4, "ASL-B5.3-A"),
        ({"ca_hexsides": 1, "mount": "slow-turret", "firer_in_woods_building_rubble": True}, 4,
         "ASL-B5.3-A"),
        ({"afph_no_move": True}, 2, "ASL-B5.3-B"),
        ({"afph_no_move": True, "firer_in_woods_building_rubble": True}, 3, "ASL-B5.3-B"),
        ({"bounding_fire": True}, 4, "ASL-B5.3-C"),
        ({"bounding_fire": True, "bounding_aim": "limited"}, 6, "ASL-B5.3-C2"),
        ({"bounding_fire": True, "bounding_aim": "restricted", "mount": "stabilized"}, 4,
         "ASL-B5.3-C1"),
        ({"latw_or_backblast": 1}, 2, "ASL-B5.3-C3"),
        ({"motion": True, "mount": "stabilized"}, 1, "ASL-B5.3-C4"),
        ({"pinned": True}, 2, "ASL-B5.3-D"),
        ({"own_hex": True, "firer_in_woods_building_rubble": True}, 4, "ASL-B5.3-E"),
        ({"deliberate_immobilization": True}, 5, "ASL-B5.3-G"),
        ({"buttoned_up": True}, 1, "ASL-B5.3-I"),
        ({"acquisition": -2}, -2, "ASL-B5.3-N"),
    ],
)  # fmt: skip
def test_firer_cases_b5_3(cases: dict[str, Any], total: int, clause: str) -> None:
    """ASL-B5.3 cases A-I (and Acquisition entered as a DRM, Case N)."""
    drm = to_hit_drm(FirerCases.model_validate(cases))
    assert drm.total == total
    assert clause in {t.clause for t in drm.terms}


def test_intensive_fire_and_captured_use_drm_b5_3_f_h() -> None:
    """ASL-B5.3-F: Intensive Fire +2; ASL-B5.3-H: captured use +2."""
    drm = to_hit_drm(FirerCases(), intensive=True, captured=True)
    assert drm.total == 4
    assert [t.clause for t in drm.terms] == ["ASL-B5.3-F", "ASL-B5.3-H"]


@pytest.mark.parametrize("case", [{"afph_no_move": True}, {"pinned": True}, {"stun": 1}])
def test_intensive_fire_refused_with_case_b_d_or_stun_b5_3_f(case: dict[str, Any]) -> None:
    """ASL-B5.3-F: Intensive Fire is not allowed with Case B, Case D or Stun."""
    with pytest.raises(RuleViolation) as err:
        to_hit_drm(FirerCases.model_validate(case), intensive=True)
    assert err.value.clause == "ASL-B5.3-F"


def test_pinned_firer_has_no_multiple_rof_b5_3_d() -> None:
    """ASL-B5.3-D: a pinned firer cannot use Multiple ROF; the shot is refused before dice."""
    spec = shot(rof=2, cases=FirerCases(pinned=True))
    dice = EnteredDice([])
    with pytest.raises(RuleViolation) as err:
        resolve_shot(dice, spec)
    assert err.value.clause == "ASL-B5.3-D"


def test_restricted_aim_needs_bounding_fire_b5_3_c1() -> None:
    """ASL-B5.3-C1: restricted/limited aim exists only for Bounding First Fire."""
    with pytest.raises(RuleViolation) as err:
        to_hit_drm(FirerCases(bounding_aim="restricted"))
    assert err.value.clause == "ASL-B5.3-C1"


def test_motion_fire_unstabilized_doubles_the_lower_die_b5_3_c4() -> None:
    """ASL-B5.3-C4: a non-stabilized Gun in Motion doubles the lower die of the DR."""
    th = modified_th("vehicle", 3)
    drm = to_hit_drm(FirerCases(motion=True))
    assert drm.double_lower_die
    assert judge(th, drm, DR(2, 5)).final_dr == 7 + 2
    assert judge(th, drm, DR(5, 3)).final_dr == 8 + 3


# -- ASL-B5.4 / B5.5: the hit, Critical Hits and the hit location -------------------------------
def test_hit_iff_final_dr_at_most_th_b5_4() -> None:
    """ASL-B5.4: the shot hits when Final DR <= Modified TH#."""
    th = modified_th("vehicle", 7)  # 9
    drm = to_hit_drm(FirerCases(target_drm=2))
    assert judge(th, drm, DR(3, 4)).hit  # 9
    assert not judge(th, drm, DR(4, 4)).hit  # 10


def test_critical_hits_b5_4() -> None:
    """ASL-B5.4: Infantry Target Type Final DR < TH#/2 is a Critical Hit; an Original 2 too."""
    inf = modified_th("infantry", 3)  # 8
    none = to_hit_drm(FirerCases())
    assert judge(inf, none, DR(1, 2)).critical  # 3 < 4
    assert not judge(inf, none, DR(2, 2)).critical  # 4 is not < 4
    veh = modified_th("vehicle", 3)
    assert judge(veh, none, DR(1, 1)).critical
    assert not judge(veh, none, DR(1, 2)).critical
    off = AslOptions(critical_hit_on_original_2=False)
    assert not judge(veh, none, DR(1, 1), options=off).critical


def test_hit_location_turret_when_coloured_below_white_b5_5() -> None:
    """ASL-B5.5: turret hit if the target is turreted and coloured dr < white dr; else hull."""
    th, drm = modified_th("vehicle", 3), to_hit_drm(FirerCases())
    assert judge(th, drm, DR(1, 3)).location == "turret"
    assert judge(th, drm, DR(3, 1)).location == "hull"
    assert judge(th, drm, DR(2, 2)).location == "hull"
    assert judge(th, drm, DR(1, 3), turreted=False).location == "hull"


def test_colour_captured_is_red_and_nationality_default_b5_1() -> None:
    """ASL-B5.1 / ASL-B5.3-H: Italian Guns red by default; captured use always red."""
    assert th_colour("german") == ("black", "ASL-B5.1")
    assert th_colour("italian") == ("red", "ASL-B5.1")
    assert th_colour("german", captured=True) == ("red", "ASL-B5.3-H")


# -- ASL-8.9 + B5.7: the same DR is depletion and B# ---------------------------------------------
def test_dr_above_n_is_no_shot_even_if_it_would_hit_8_9_e() -> None:
    """ASL-8.9-e: DR > N: no shot, no hit, no effect; no To Kill DR is asked for."""
    dice = EnteredDice([3, 3])  # 6 > N=5 but 6 <= TH# 10
    out = resolve_shot(dice, shot(ammo="APCR", depletion=5))
    assert out.status == "no-round" and out.effect is None and out.to_hit is None
    assert out.check.gone and not out.check.counts_as_fired
    dice.finish()  # both dice used, no more


def test_dr_equal_n_resolves_the_hit_then_the_ammo_is_gone_8_9_d() -> None:
    """ASL-8.9-d: DR = N fires the special round; its hit is resolved with it."""
    out = resolve_shot(EnteredDice([2, 3, 3, 3]), shot(ammo="APCR", depletion=5))
    assert out.status == "hit" and out.check.gone
    assert out.tk is not None and out.tk.basic is not None and out.tk.basic.value == 20  # APCR


def test_dr_below_n_keeps_the_ammo_8_9_c() -> None:
    """ASL-8.9-c: DR < N: the round is fired and the ammunition stays."""
    out = resolve_shot(EnteredDice([1, 2, 6, 6]), shot(ammo="APCR", depletion=5))
    assert out.hit and not out.check.gone


def test_malfunction_on_the_same_dr_b5_7_with_intensive_and_captured() -> None:
    """ASL-B5.7: Original DR >= B#; Intensive Fire -2 (ASL-8.92-a), captured -2 (ASL-B5.3-H)."""
    assert shot(breakdown=11).effective_breakdown == 11
    assert shot(breakdown=11, intensive=True).effective_breakdown == 9
    assert shot(breakdown=11, intensive=True, captured=True).effective_breakdown == 7
    out = resolve_shot(EnteredDice([4, 4]), shot(range=40, breakdown=10, captured=True))
    assert out.check.malfunctioned and out.status == "miss"


def test_captured_use_lowers_rof_b5_3_h() -> None:
    """ASL-B5.3-H: captured use lowers the ROF (option captured_rof_loss, default 1)."""
    assert shot(rof=2, captured=True).effective_rof == 1
    assert shot(rof=1, captured=True).effective_rof == 0
    assert shot(rof=2, captured=True, options=AslOptions(captured_rof_loss=2)).effective_rof == 0


def test_multiple_rof_kept_on_coloured_at_most_rof_b5_6() -> None:
    """ASL-B5.6: a fired shot whose coloured dr <= ROF keeps Multiple ROF."""
    kept = resolve_shot(EnteredDice([2, 5]), shot(range=40, rof=2))
    lost = resolve_shot(EnteredDice([3, 5]), shot(range=40, rof=2))
    assert kept.status == "miss" and kept.rof_retained
    assert not lost.rof_retained


def test_malfunctioning_hit_option_amb_18() -> None:
    """ASL-AMB-18 [unverified]: a hit on a malfunction DR resolves by default, or not."""
    spec = shot(breakdown=4, cases=FirerCases(target_drm=-6))
    out = resolve_shot(EnteredDice([2, 2, 1, 1]), spec)
    assert out.check.malfunctioned and out.effect == "burn"
    off = shot(
        breakdown=4,
        cases=FirerCases(target_drm=-6),
        options=AslOptions(malfunction_hit="no-effect"),
    )
    out = resolve_shot(EnteredDice([2, 2]), off)
    assert out.effect == "no effect"


# -- ASL-B6: To Kill ------------------------------------------------------------------------------
def test_basic_tk_by_ammo_gun_and_nationality_b6_1_to_b6_4() -> None:
    """ASL-B6.1-B6.4: Basic TK# rows, nationality picking the rows the tables name."""
    assert basic_tk("AP", "75L", "german").value == 17
    assert basic_tk("AP", "76L", "russian").value == 13
    assert basic_tk("AP", "76L", "american").value == 17
    assert basic_tk("APCR", "76L", "american").value == 22
    assert basic_tk("APCR", "76L", "russian").value == 14
    assert basic_tk("APDS", "57L", "british").value == 18
    assert basic_tk("HEAT", "75", "german").value == 13
    assert basic_tk("HE", "75", "german").value == 7
    assert basic_tk("AP", "75 (Grant)").value == 13
    assert basic_tk("AP", "60L", entered=12).source == "entered"
    with pytest.raises(UnknownName) as err:
        basic_tk("APCR", "60L", "german")
    assert err.value.clause == "ASL-B6.2"


def test_range_change_case_d_b6_1_b6_2() -> None:
    """ASL-B6.1/B6.2 (Case D): AP/APCR/APDS range rows; HEAT and HE none; NA is None."""
    assert range_change("AP", "75L", 1).value == 1
    assert range_change("AP", "37L", 2).value == 1
    assert range_change("APCR", "50L", 15).value == -2
    assert range_change("APCR", "75L", 15).value == -1
    assert range_change("APDS", "57L", 26).value == -1
    assert range_change("HEAT", "75", 20).value == 0
    assert range_change("APCR", "50L", 40).value is None


def test_final_tk_af_critical_hit_and_unarmored_b6() -> None:
    """ASL-B6: Final TK# = Basic + range - AF; unarmoured tables doubled on a Critical Hit."""
    assert final_tk("APCR", "75L", 3, af=11).value == 20 + 1 - 11
    assert final_tk("APCR", "75L", 3, af=11, critical=True).value == 2 * 21 - 11
    doubled = AslOptions(armored_critical_hit="double-final")
    assert final_tk("APCR", "75L", 3, af=11, critical=True, options=doubled).value == 20
    assert final_tk("AP", "75L", 3, af=None).value == 9  # 65-83mm
    assert final_tk("AP", "75L", 3, af=None, critical=True).value == 18
    assert final_tk("HEAT", "75", 3, af=None, critical=True).value == 22
    assert final_tk("APCR", "50L", 40, af=5).value is None  # NA: no kill possible


@pytest.mark.parametrize(
    ("dr", "final", "loc", "he", "result"),
    [
        (5, 10, "hull", False, "burn"),
        (6, 10, "hull", False, "eliminated"),
        (10, 10, "hull", False, "immobilized"),
        (10, 10, "turret", False, "shocked"),
        (11, 10, "hull", False, "possible shock"),
        (11, 10, "hull", True, "immobilized"),
        (12, 10, "hull", False, "no effect"),
        (2, None, "hull", False, "no effect"),
    ],
)
def test_afv_destruction_table_direct_fire_b6_5(
    dr: int, final: int | None, loc: str, he: bool, result: str
) -> None:
    """ASL-B6.5: the Direct Fire column of the AFV Destruction Table."""
    assert destruction(dr, final, loc, he=he) == result


def test_dud_on_original_12_b6() -> None:
    """ASL-B6 [unverified]: an Original To Kill DR of 12 is a dud (option dud_on_12)."""
    spec = shot(ammo="AP", af=0, tk=30)
    assert resolve_shot(EnteredDice([1, 2, 6, 6]), spec).effect == "dud"
    off = shot(ammo="AP", af=0, tk=30, options=AslOptions(dud_on_12=False))
    assert resolve_shot(EnteredDice([1, 2, 6, 6]), off).effect == "burn"


def test_turret_hit_uses_turret_af_b5_5_b6() -> None:
    """ASL-B5.5 + ASL-B6: the AF of the hit location (turret AF when given)."""
    spec = shot(ammo="AP", af=2, af_turret=14)
    turret = resolve_shot(EnteredDice([1, 2, 3, 3]), spec)
    hull = resolve_shot(EnteredDice([2, 1, 4, 4]), spec)
    assert turret.tk is not None and turret.tk.af == 14 and turret.effect == "no effect"
    assert hull.tk is not None and hull.tk.af == 2 and hull.effect == "eliminated"


def test_armoured_target_needs_af_b6() -> None:
    """ASL-B6: an armoured target without its AF is refused before any die."""
    with pytest.raises(RuleViolation) as err:
        resolve_shot(EnteredDice([]), shot(af=None))
    assert err.value.clause == "ASL-B6"


# -- the effect on Personnel (ASL-8.31-h) and HEAT targets (ASL-8.31-b) --------------------------
def test_ap_at_infantry_is_he_equivalency_on_the_ift_after_a_hit_8_31_h() -> None:
    """ASL-8.31-h: only a hit goes to the IFT, at the HE Equivalency (AP >= 37mm: 2 FP)."""
    spec = shot(ammo="AP", target="infantry", af=None, ift_drm=1)
    out = resolve_shot(EnteredDice([1, 2, 1, 1]), spec)
    assert out.ift is not None and out.ift["fp"] == "2" and out.ift["final_dr"] == 3
    assert out.effect == "1MC"
    miss = resolve_shot(EnteredDice([6, 6]), spec)
    assert miss.status == "miss" and miss.ift is None


def test_he_at_infantry_uses_the_he_fp_of_its_caliber_b7_3() -> None:
    """ASL-B7.3: HE at Infantry attacks on the IFT column of its caliber (75mm: 12)."""
    out = resolve_shot(EnteredDice([2, 2, 1, 1]), shot(ammo="HE", target="infantry", af=None))
    assert out.ift is not None and out.ift["column"] == 12 and out.effect == "1KIA"
    assert out.killed


def test_heat_at_infantry_in_the_open_refused_before_dice_8_31_b() -> None:
    """ASL-8.31-b: HEAT at Infantry outside wall/building/rubble/pillbox TEM is refused."""
    spec = shot(ammo="HEAT", depletion=7, target="infantry", af=None)
    with pytest.raises(RuleViolation) as err:
        resolve_shot(EnteredDice([]), spec)
    assert err.value.clause == "ASL-8.31-b"
    ok = shot(ammo="HEAT", depletion=7, target="infantry", af=None, tem="building")
    assert resolve_shot(EnteredDice([1, 2, 1, 1]), ok).ift is not None


# -- SMOKE/WP placement only on a hit (C8.9, ASL-8.5-a) --------------------------------------------
def test_smoke_placed_only_on_a_hit_8_9_c() -> None:
    """ASL-8.9-c: SMOKE is placed by a hit on the Area Target Type, not by any DR <= N."""
    spec = shot(ammo="SMOKE", depletion=11, target="area", af=None, range=14)  # TH# 8+1 (L)
    placed = resolve_shot(EnteredDice([4, 5]), spec)
    missed = resolve_shot(EnteredDice([5, 5]), spec)  # 10 <= N=11 but > TH# 9
    assert placed.effect == "placed"
    assert missed.status == "miss" and missed.effect is None and not missed.check.gone


def test_smoke_at_a_vehicle_refused_8_5_a() -> None:
    """ASL-8.5-a: SMOKE is fired at a hex (the Area Target Type)."""
    with pytest.raises(RuleViolation) as err:
        plan_shot(shot(ammo="SMOKE", depletion=7))
    assert err.value.clause == "ASL-8.5-a"


# -- Canister (ASL-8.4-b/f) through ordnance.asl.canister -------------------------------------------
def test_canister_has_no_to_hit_its_ift_dr_is_the_depletion_check_8_4_b_f() -> None:
    """ASL-8.4-b/f: Canister rolls one IFT DR, also its depletion and B# check."""
    spec = shot(ammo="Canister", depletion=9, target="infantry", af=None, gun="75")
    out = resolve_shot(EnteredDice([1, 2]), spec)
    assert out.status == "fired" and out.to_hit is None
    assert out.effect is not None and out.effect.endswith("KIA")
    voided = resolve_shot(EnteredDice([5, 5]), spec)
    assert voided.status == "no-round" and voided.check.gone


def test_refused_shot_consumes_no_dice_8_1_a() -> None:
    """ASL-8.1-a: every refusal comes before the first die (an empty source is never asked)."""
    with pytest.raises(RuleViolation):
        resolve_shot(EnteredDice([]), shot(ammo="SMOKE", depletion=7))
    with pytest.raises(NotEnoughDice):
        resolve_shot(EnteredDice([]), shot())  # a legal shot asks for its DR
