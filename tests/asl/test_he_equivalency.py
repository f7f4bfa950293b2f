"""HE Equivalency, Residual FP and HEAT targets (ASL-8.31, ASL-AMB-2, ASL-AMB-3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ordnance.asl.rules.he_equivalency import (
    check_heat_target,
    check_residual,
    he_equivalency,
    residual_fp_allowed,
)
from ordnance.asl.settings import AslOptions
from ordnance.core.errors import RuleViolation


def test_ap_he_equivalency() -> None:
    """ASL-8.31-c/-e: AP < 37mm = 1 FP, >= 37mm = 2 FP."""
    assert he_equivalency("AP", caliber_mm=20).fp == 1
    assert he_equivalency("AP", caliber_mm=36).fp == 1
    assert he_equivalency("AP", caliber_mm=37).fp == 2
    assert he_equivalency("AP", caliber_mm=88).fp == 2


def test_apcr_apds_atr_in_the_one_fp_column() -> None:
    """ASL-8.31-f: every APCR/APDS (any caliber) and a 20mm ATR are 1 FP; MG none."""
    assert he_equivalency("APCR", caliber_mm=85).fp == 1
    assert he_equivalency("APDS", caliber_mm=76).fp == 1
    assert he_equivalency("ATR", caliber_mm=20).fp == 1
    with pytest.raises(RuleViolation) as err:
        he_equivalency("ATR", caliber_mm=14.5)
    assert err.value.clause == "ASL-8.31-f"
    with pytest.raises(RuleViolation):
        he_equivalency("MG", caliber_mm=12.7)


def test_scw_heat_values() -> None:
    """ASL-8.31-a/-e: BAZ/PIAT 8, PSK/PFk 12, PF 16 (SCW or ordnance alike)."""
    assert he_equivalency("HEAT", weapon="BAZ").fp == 8
    assert he_equivalency("HEAT", weapon="PIAT").fp == 8
    assert he_equivalency("HEAT", weapon="PSK").fp == 12
    assert he_equivalency("HEAT", weapon="PFk").fp == 12
    assert he_equivalency("HEAT", weapon="PF").fp == 16


def test_h9_default_and_option() -> None:
    """ASL-AMB-2: H#[9] is 12 FP by default, 8 FP with the option."""
    assert he_equivalency("HEAT", weapon="H9").fp == 12
    assert he_equivalency("HEAT", weapon="H#[9]").fp == 12
    opt = AslOptions(heat_he_equiv_h9=8)
    assert he_equivalency("HEAT", weapon="H9", options=opt).fp == 8


@pytest.mark.parametrize(
    ("mm", "fp"), [(37, 2), (47, 2), (57, 4), (75, 8), (76, 8), (88, 12), (105, 16), (150, 24)]
)
def test_other_ordnance_heat(mm: int, fp: int) -> None:
    """ASL-8.31-g: one IFT column left of the Gun's HE column (the notes' worked examples)."""
    assert he_equivalency("HEAT", caliber_mm=mm).fp == fp


def test_heat_on_the_one_column_stays_one() -> None:
    """ASL-AMB-3: a Gun already on the 1 FP column keeps 1 FP."""
    assert he_equivalency("HEAT", caliber_mm=20).fp == 1


def test_iift_option() -> None:
    """ASL-AMB-3 option: one Incremental IFT column left (75mm: 14 -> 13)."""
    opt = AslOptions(heat_he_equiv_table="iift")
    assert he_equivalency("HEAT", caliber_mm=75, options=opt).fp == 13
    assert he_equivalency("HEAT", caliber_mm=25, options=opt).fp == 1


def test_no_he_gun_option() -> None:
    """ASL-AMB-3: default allows a no-HE Gun's HEAT vs Personnel; the option forbids it."""
    assert he_equivalency("HEAT", caliber_mm=75, can_fire_he=False).fp == 8
    with pytest.raises(RuleViolation) as err:
        he_equivalency(
            "HEAT", caliber_mm=75, can_fire_he=False, options=AslOptions(heat_without_he="forbid")
        )
    assert err.value.clause == "ASL-AMB-3"


def test_residual_fp() -> None:
    """ASL-8.31-d/-f: AP, APCR, APDS, ATR, PF, PFk, H#[9] never leave Residual FP."""
    for attack in ("AP", "APCR", "APDS", "ATR"):
        assert not residual_fp_allowed(attack)
        with pytest.raises(RuleViolation):
            check_residual(attack)
    for weapon in ("PF", "PFk", "H9"):
        assert not residual_fp_allowed("HEAT", weapon)
    for weapon in ("BAZ", "PIAT", "PSK", None):
        assert residual_fp_allowed("HEAT", weapon)
        check_residual("HEAT", weapon)
    assert not he_equivalency("AP", caliber_mm=75).residual_allowed
    assert he_equivalency("HEAT", caliber_mm=75).residual_allowed


def test_heat_targets() -> None:
    """ASL-8.31-b: HEAT only at vehicles, Guns, Infantry/Cavalry in wall/building/rubble/pillbox."""
    check_heat_target("vehicle")
    check_heat_target("gun")
    for tem in ("wall", "building", "rubble", "pillbox"):
        check_heat_target("infantry", tem)
        check_heat_target("cavalry", tem)
    for target, tem in (
        ("infantry", None),
        ("infantry", "woods"),
        ("cavalry", "open"),
        ("other", None),
    ):
        with pytest.raises(RuleViolation) as err:
            check_heat_target(target, tem)
        assert err.value.clause == "ASL-8.31-b"


def test_fp_is_exact() -> None:
    assert isinstance(he_equivalency("HEAT", caliber_mm=75).fp, Fraction)
