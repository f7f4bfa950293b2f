"""The Infantry Fire Table (IFT): FP columns, results, vehicle line, HE by caliber.

Canister (ASL-8.4-d), HE Equivalency (ASL-8.31-a, -g) and every other attack
that C8 sends to the IFT go through these functions. FP that falls between two
columns uses the highest column not above it (notes B7.1), which is what makes
halved and quartered Canister FP (ASL-8.4-c, ASL-8.41-b/-c) land where it does;
FP is exact (:class:`~fractions.Fraction`), so 12 x 1/4 = 3 uses the 2 column
and 20 x 1/2 x 1/4 = 5/2 uses the 2 column too.

>>> fp_column(Fraction(5, 2)), fp_column(10), fp_column(40)
(2, 8, 36)
>>> result(12, 3), result(12, 10), result(12, 11)
('K/3', 'PTC', None)
>>> result(36, -4), result(36, 19)
('7KIA', 'PTC')
>>> he_column_for_caliber(75), vehicle_line(12)
(12, 8)
>>> fp_column(Fraction(1, 2))
Traceback (most recent call last):
...
ordnance.core.errors.RuleViolation: [ASL-B7.1] 1/2 FP is below the IFT's 1 FP column: there is no attack (instead: an attack needs at least 1 FP; leave this Location unattacked)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ordnance.asl.rules.tables import load_tables
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.messages import msg

__all__ = [
    "IftResult",
    "attack_result",
    "column_left",
    "columns",
    "fp_column",
    "fp_column_or_none",
    "he_column_for_caliber",
    "heat_he_equivalency",
    "iift_fp_for_caliber",
    "is_kia",
    "parse_result",
    "result",
    "vehicle_line",
]

#: Clause id used for the column rule; the notes state it in Part B, B7.1.
COLUMN_RULE = "ASL-B7.1"

Number = int | Fraction


def columns() -> tuple[int, ...]:
    """The IFT FP columns, left to right (1 ... 36)."""
    return load_tables().ift.columns


def _exact(fp: Number | float) -> Fraction:
    if isinstance(fp, float):
        return Fraction(str(fp))
    return Fraction(fp)


def fp_column_or_none(fp: Number | float) -> int | None:
    """The highest IFT column not above ``fp``; None below 1 FP (no attack)."""
    value = _exact(fp)
    best: int | None = None
    for col in columns():
        if col <= value:
            best = col
    return best


def fp_column(fp: Number | float) -> int:
    """The IFT column an attack of ``fp`` FP uses (notes B7.1).

    Accepts exact fractions (halved or quartered FP). Below 1 FP there is no
    attack at all: that is a :class:`RuleViolation` naming ``ASL-B7.1``
    (use :func:`fp_column_or_none` to get None instead).
    """
    col = fp_column_or_none(fp)
    if col is None:
        raise RuleViolation(
            COLUMN_RULE,
            msg("{value} FP is below the IFT's 1 FP column: there is no attack", value=_exact(fp)),
            hint=msg("an attack needs at least 1 FP; leave this Location unattacked"),
        )
    return col


def _check_column(col: int) -> int:
    if col not in columns():
        raise OrdnanceError(
            msg("{col} is not an IFT column", col=col),
            clause=COLUMN_RULE,
            hint="use one of " + ", ".join(str(c) for c in columns()) + " (see fp_column)",
        )
    return col


def column_left(col: int, steps: int = 1) -> int | None:
    """The column ``steps`` to the left of ``col``; None when that falls off the table.

    >>> column_left(12), column_left(12, 2), column_left(1)
    (8, 6, None)
    """
    cols = columns()
    index = cols.index(_check_column(col)) - steps
    if index < 0:
        return None
    return cols[min(index, len(cols) - 1)]


def result(fp_col: int, final_dr: int) -> str | None:
    """The IFT result for a Final DR in a column; None is "no effect".

    Final DRs at or below 0 use the "<=0" row and at or above 15 the ">=15" row.
    """
    ift = load_tables().ift
    return ift.row(final_dr)[ift.columns.index(_check_column(fp_col))]


def attack_result(fp: Number | float, final_dr: int) -> str | None:
    """:func:`result` in the column for ``fp`` (no result below 1 FP)."""
    col = fp_column_or_none(fp)
    return None if col is None else result(col, final_dr)


def vehicle_line(fp_col: int) -> int:
    """The IFT vehicle line (the unarmored-vehicle Final TK#) of a column (B7.2)."""
    return load_tables().ift.vehicle_line[_check_column(fp_col)]


def he_column_for_caliber(mm: Number | float) -> int:
    """The normal HE FP column of a Gun on the standard IFT (B7.3, ASL-8.31-g).

    The largest listed caliber not above ``mm`` decides; below 20mm the IFT
    gives no HE column.

    >>> [he_column_for_caliber(mm) for mm in (37, 57, 88, 105, 152, 240)]
    [4, 6, 16, 20, 30, 36]
    """
    value = _exact(mm)
    best: int | None = None
    for min_mm, col in load_tables().ift.he_caliber_min_mm:
        if min_mm <= value:
            best = col
    if best is None:
        raise RuleViolation(
            "ASL-8.31-g",
            msg(
                "a {value}mm weapon has no HE column on the IFT (the smallest is 20mm)", value=value
            ),
            hint=msg("Guns of 20mm and more have an HE column"),
        )
    return best


def heat_he_equivalency(mm: Number | float) -> int:
    """HE Equivalency FP of ordnance HEAT: one column left of the HE column (ASL-8.31-e, -g).

    ASL-AMB-3 default: the HE column comes from the caliber even for a Gun that
    cannot fire HE, and a Gun already on the 1 column stays at 1 FP.

    >>> [heat_he_equivalency(mm) for mm in (20, 37, 57, 75, 88, 105, 150)]
    [1, 2, 4, 8, 12, 16, 24]
    """
    col = he_column_for_caliber(mm)
    return column_left(col) or col


def iift_fp_for_caliber(mm: Number | float) -> Fraction:
    """Incremental IFT FP of a caliber (B7.3): 75mm -> 14, 25mm -> 3/2."""
    return load_tables().iift.fp_for_caliber(_exact(mm))


ResultKind = Literal["KIA", "K", "MC", "NMC", "PTC"]


@dataclass(frozen=True, slots=True)
class IftResult:
    """A parsed IFT result: ``2KIA`` -> (KIA, 2); ``K/3`` -> (K, 3); ``1MC`` -> (MC, 1)."""

    kind: ResultKind
    number: int = 0

    def __str__(self) -> str:
        if self.kind == "K":
            return f"K/{self.number}"
        if self.kind in ("KIA", "MC"):
            return f"{self.number}{self.kind}"
        return self.kind


def parse_result(text: str) -> IftResult:
    """Read an IFT cell.

    >>> parse_result("2KIA"), parse_result("K/3"), parse_result("NMC")
    (IftResult(kind='KIA', number=2), IftResult(kind='K', number=3), IftResult(kind='NMC', number=0))
    """
    if text in ("NMC", "PTC"):
        return IftResult(text)  # type: ignore[arg-type]
    if text.startswith("K/") and text[2:].isdigit():
        return IftResult("K", int(text[2:]))
    for kind in ("KIA", "MC"):
        head = text.removesuffix(kind)
        if head != text and head.isdigit():
            return IftResult(kind, int(head))
    raise OrdnanceError(msg("{text!r} is not an IFT result", text=text))


def is_kia(cell: str | None) -> bool:
    """True for a KIA result (``1KIA`` ... ``7KIA``), not for ``K/#``."""
    return cell is not None and parse_result(cell).kind == "KIA"
