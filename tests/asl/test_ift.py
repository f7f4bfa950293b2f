"""The IFT and the chart tables (notes Part B, B5-B7), as packaged."""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ordnance.asl.rules import ift
from ordnance.asl.rules.tables import load_tables
from ordnance.core.errors import OrdnanceError, RuleViolation, UnknownName

COLUMNS = (1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36)


def test_packaged_json_is_loaded_through_importlib_resources() -> None:
    raw = json.loads(
        resources.files("ordnance.asl").joinpath("data").joinpath("tables.json").read_text()
    )
    t = load_tables()
    assert t.ift.columns == tuple(raw["ift"]["fp_columns"]) == COLUMNS
    assert len(t.ift.rows) == 16


@pytest.mark.parametrize(
    ("fp", "col"),
    [
        (1, 1),
        (Fraction(3, 2), 1),
        (3, 2),
        (5, 4),
        (10, 8),
        (Fraction(5, 2), 2),
        (12, 12),
        (15, 12),
        (35, 30),
        (36, 36),
        (100, 36),
        (2.5, 2),
    ],
)
def test_fp_column_is_highest_not_above(fp: int | Fraction, col: int) -> None:
    """B7.1: FP between columns uses the highest column that does not exceed it."""
    assert ift.fp_column(fp) == col


@given(st.fractions(min_value=1, max_value=80))
def test_fp_column_property(fp: Fraction) -> None:
    col = ift.fp_column(fp)
    assert col <= fp
    assert all(c <= col or c > fp for c in COLUMNS)


@pytest.mark.parametrize("fp", [0, Fraction(1, 2), Fraction(99, 100)])
def test_below_one_fp_is_no_attack(fp: Fraction) -> None:
    """B7.1: there is no column below 1 FP, so no attack (refusal names the rule)."""
    with pytest.raises(RuleViolation) as err:
        ift.fp_column(fp)
    assert err.value.clause == "ASL-B7.1"
    assert "no attack" in str(err.value)
    assert ift.fp_column_or_none(fp) is None
    assert ift.attack_result(fp, 2) is None


def test_result_rows_and_extremes() -> None:
    """B7.1 cells, including the <=0 and >=15 rows."""
    assert ift.result(1, 0) == "1KIA"
    assert ift.result(1, -3) == "1KIA"
    assert ift.result(1, 1) == "K/1"
    assert ift.result(1, 5) == "PTC"
    assert ift.result(1, 6) is None
    assert ift.result(12, 2) == "1KIA"
    assert ift.result(20, 4) == "K/4"
    assert ift.result(36, 14) == "NMC"
    assert ift.result(36, 15) == "PTC"
    assert ift.result(36, 40) == "PTC"
    assert ift.result(30, 15) is None
    with pytest.raises(OrdnanceError, match="not an IFT column"):
        ift.result(10, 5)


def test_results_weaken_monotonically_down_each_column() -> None:
    """Sanity on the copied data: a higher Final DR never gives a worse result."""
    severity = {"KIA": 4, "K": 3, "MC": 2, "NMC": 1, "PTC": 0}

    def rank(cell: str | None) -> tuple[int, int]:
        if cell is None:
            return (-1, 0)
        r = ift.parse_result(cell)
        return (severity[r.kind], r.number)

    for col in COLUMNS:
        ranks = [rank(ift.result(col, dr)) for dr in range(0, 16)]
        assert ranks == sorted(ranks, reverse=True)


def test_column_left() -> None:
    assert ift.column_left(12) == 8
    assert ift.column_left(2) == 1
    assert ift.column_left(1) is None
    assert ift.column_left(36, 3) == 20


def test_vehicle_line() -> None:
    """B7.2: 3 at the 1 column up to 13 at 36."""
    assert [ift.vehicle_line(c) for c in COLUMNS] == list(range(3, 14))


@pytest.mark.parametrize(
    ("mm", "col"),
    [
        (20, 1),
        (28, 1),
        (37, 4),
        (47, 4),
        (57, 6),
        (75, 12),
        (76, 12),
        (88, 16),
        (105, 20),
        (122, 24),
        (150, 30),
        (155, 30),
        (203, 36),
    ],
)
def test_he_column_for_caliber(mm: int, col: int) -> None:
    """B7.3 / ASL-8.31-g: largest listed caliber not above the Gun's."""
    assert ift.he_column_for_caliber(mm) == col


def test_he_column_below_20mm_refused() -> None:
    with pytest.raises(RuleViolation) as err:
        ift.he_column_for_caliber(15)
    assert err.value.clause == "ASL-8.31-g"


@pytest.mark.parametrize(
    ("mm", "fp"),
    [(37, 2), (47, 2), (57, 4), (75, 8), (76, 8), (88, 12), (105, 16), (150, 24), (20, 1)],
)
def test_heat_he_equivalency_worked_examples(mm: int, fp: int) -> None:
    """ASL-8.31-e/-g worked examples; ASL-AMB-3 keeps the 1 column at 1 FP."""
    assert ift.heat_he_equivalency(mm) == fp


def test_iift() -> None:
    assert ift.iift_fp_for_caliber(75) == 14
    assert ift.iift_fp_for_caliber(25) == Fraction(3, 2)
    assert ift.iift_fp_for_caliber(240) == 36
    assert ift.iift_fp_for_caliber(86) == 17
    with pytest.raises(OrdnanceError):
        ift.iift_fp_for_caliber(12)


def test_parse_result_and_kia() -> None:
    assert str(ift.parse_result("3KIA")) == "3KIA"
    assert str(ift.parse_result("K/2")) == "K/2"
    assert str(ift.parse_result("PTC")) == "PTC"
    assert ift.is_kia("1KIA") and not ift.is_kia("K/1") and not ift.is_kia(None)
    with pytest.raises(OrdnanceError):
        ift.parse_result("KIA2")


def test_canister_fp_by_caliber() -> None:
    """B7.5 / ASL-8.4-e: C37 and C47 12, C75 20, C105 24; others are a data error."""
    t = load_tables()
    assert [t.canister_fp(mm) for mm in (37, 47, 75, 105)] == [12, 12, 20, 24]
    assert t.ift.weapon_labels["C75"] == 20
    with pytest.raises(UnknownName) as err:
        t.canister_fp(57)
    assert err.value.clause == "ASL-8.4-e"


def test_to_hit_table() -> None:
    """B5.1/B5.2 lookups by range in hexes."""
    th = load_tables().to_hit
    assert th.basic("vehicle", "black", 6) == 10
    assert th.basic("vehicle", "red", 13) == 7
    assert th.basic("infantry_other", "black", 60) == -1
    assert th.basic("area", "red", 20) == 8
    assert th.modification("APDS/APCR", 30) == -2
    assert th.modification("SMOKE", 7) == 2
    assert th.modification("SMOKE", 13) == 0
    with pytest.raises(UnknownName):
        th.basic("ship", "black", 3)
    with pytest.raises(UnknownName):
        th.modification("HEAT", 3)


def test_to_kill_tables() -> None:
    """B6.1-B6.4 lookups, NA as None."""
    t = load_tables()
    assert t.ap_tk.basic_tk("88L") == 20
    assert t.ap_tk.range_mod("<=25mm", 0) == 2
    assert t.ap_tk.range_mod("<=25mm", 50) is None
    assert t.ap_tk.range_mod(">=65mm", 80) is None
    assert t.ap_tk.range_mod(">=65mm", 20) == -1
    assert t.ap_tk.unarmored_final_tk["37-57mm"] == 8
    assert t.apcr_apds_tk.basic_tk("90L") == 27
    assert t.apcr_apds_tk.range_mod("APDS(D)", 26) == -1
    assert t.heat_tk.basic_tk_by_weapon["PSK"] == 26
    assert t.heat_tk.pf_range("1943-07") is None
    assert t.heat_tk.pf_range("1944-06") == 2
    assert t.heat_tk.pf_range("1945-03") == 3
    assert t.he_flame_tk.armored("150+") == 16
    assert t.he_flame_tk.unarmored("DC") is None
    assert t.he_flame_tk.unarmored("70+") == 12
    with pytest.raises(UnknownName):
        t.ap_tk.basic_tk("999L")
