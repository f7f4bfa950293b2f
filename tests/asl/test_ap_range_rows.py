"""The AP To Kill range rows by calibre and their change values; missing calibre data (ASL-AMB-17)."""

from __future__ import annotations

import pytest

from ordnance.asl.rules.tables import ap_range_change, ap_range_row, load_tables
from ordnance.asl.settings import AslOptions
from ordnance.core.errors import RuleViolation


# ----------------------------------------------------------------------------- ASL-AMB-17
@pytest.mark.parametrize(
    ("caliber", "row"),
    [(20, "<=25mm"), (25, "<=25mm"), (28, "<=25mm"), (36, "<=25mm"), (37, "37-57mm"),
     (57, "37-57mm"), (60, "37-57mm"), (64, "37-57mm"), (65, ">=65mm"), (88, ">=65mm")],
)  # fmt: skip
def test_ap_range_rows(caliber: float, row: str) -> None:
    """covers ASL-AMB-17 default: 26-36mm use the <=25mm row, 58-64mm the 37-57mm row."""
    name, clause = ap_range_row(caliber)
    assert name == row
    assert clause == ("ASL-AMB-17" if 25 < caliber < 37 or 57 < caliber < 65 else "B6.1")
    table = load_tables().ap_tk
    for hexes in (0, 2, 5, 20, 50, 58, 70, 80):
        assert ap_range_change(caliber, hexes) == table.range_mod(row, hexes)


def test_ap_range_change_values() -> None:
    """covers ASL-AMB-17 with the notes' values (B6.1): 28mm at 0-1 hexes +2 (the <=25mm
    row), at 49 hexes NA; 60mm at 2 hexes +1 and at 55 hexes -5 (the 37-57mm row)."""
    assert ap_range_change(28, 1) == 2 and ap_range_change(28, 49) is None
    assert ap_range_change(60, 2) == 1 and ap_range_change(60, 55) == -5
    assert ap_range_change(60, 61) is None and ap_range_change(75, 61) == -4


def test_ap_range_missing_caliber_data_error_option() -> None:
    """covers ASL-AMB-17 option ap_range_missing_caliber=data-error."""
    opts = AslOptions(ap_range_missing_caliber="data-error")
    for caliber in (28, 60):
        with pytest.raises(RuleViolation) as err:
            ap_range_change(caliber, 3, opts)
        assert err.value.clause == "ASL-AMB-17"
    assert ap_range_change(37, 3, opts) == 0 and ap_range_change(20, 3, opts) == 1
    assert AslOptions().ap_range_missing_caliber == "nearest-row"
