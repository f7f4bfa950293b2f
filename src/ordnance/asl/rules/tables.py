"""Typed, read-only access to the ASL chart values shipped in ``data/tables.json``.

The JSON is a copy of the project's rules notes table file (see
``data/TABLES-PROVENANCE.md``); this module turns it into frozen values with
the lookups the rules need (a range band for a range in hexes, a column for a
caliber) so no other module indexes raw JSON.

>>> t = load_tables()
>>> t.ift.columns[:4]
(1, 2, 4, 6)
>>> t.ift.row(3)[t.ift.columns.index(12)]
'K/3'
>>> t.canister_fp(75)
20
>>> t.to_hit.basic("vehicle", "black", 7)
9
>>> t.to_hit.modification("SMOKE", 5)
2
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ordnance.core.errors import OrdnanceError, RuleViolation, UnknownName
from ordnance.core.messages import Message, msg

if TYPE_CHECKING:
    from ordnance.asl.settings import AslOptions

__all__ = [
    "AslTables",
    "HeFlameToKill",
    "HeatToKill",
    "IftTable",
    "IiftTable",
    "RangeBand",
    "RangeBands",
    "ToHitTable",
    "ToKillTable",
    "ap_range_change",
    "ap_range_row",
    "load_tables",
]

#: Final DR rows of the IFT: every Final DR at or below this uses the "<=0" row.
IFT_LOWEST_ROW = 0
#: Every Final DR at or above this uses the ">=15" row.
IFT_HIGHEST_ROW = 15


@dataclass(frozen=True, slots=True)
class RangeBand:
    """An inclusive range of hexes; ``high`` None means open-ended."""

    low: int
    high: int | None
    label: str

    def contains(self, hexes: int) -> bool:
        return hexes >= self.low and (self.high is None or hexes <= self.high)


@dataclass(frozen=True, slots=True)
class RangeBands:
    """The column headings of a range-indexed table, in order."""

    bands: tuple[RangeBand, ...]

    @classmethod
    def parse(cls, labels: list[str]) -> RangeBands:
        return cls(tuple(_parse_band(label) for label in labels))

    def index(self, hexes: int) -> int:
        """Column index of the band holding a range of ``hexes``."""
        if hexes < 0:
            raise OrdnanceError(msg("a range cannot be negative ({hexes} hexes)", hexes=hexes))
        for i, band in enumerate(self.bands):
            if band.contains(hexes):
                return i
        raise OrdnanceError(
            msg("no range band holds {hexes} hexes", hexes=hexes)
        )  # pragma: no cover

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(b.label for b in self.bands)


def _refuse_unknown(names: Collection[str], name: str, refusal: Message) -> None:
    """Refuse a name the chart has no row or column for, listing the names it has."""
    if name not in names:
        raise UnknownName(refusal, hint="use one of " + ", ".join(names))


def _parse_band(label: str) -> RangeBand:
    text = label.strip()
    if text.startswith(">"):
        return RangeBand(int(text[1:]) + 1, None, label)
    if text.endswith("+"):
        return RangeBand(int(text[:-1]), None, label)
    if "-" in text:
        low, high = text.split("-", 1)
        return RangeBand(int(low), int(high), label)
    return RangeBand(int(text), int(text), label)


@dataclass(frozen=True, slots=True)
class IftTable:
    """The Infantry Fire Table (notes B7.1-B7.4).

    ``rows[i]`` holds the results for Final DR ``i`` (0 = "<=0", 15 = ">=15"),
    one per FP column; None is "no effect".
    """

    columns: tuple[int, ...]
    rows: tuple[tuple[str | None, ...], ...]
    vehicle_line: Mapping[int, int]
    he_caliber_min_mm: tuple[tuple[int, int], ...]
    weapon_labels: Mapping[str, int]

    def row(self, final_dr: int) -> tuple[str | None, ...]:
        """The row for a Final DR, clamped to the "<=0" and ">=15" rows."""
        return self.rows[min(max(final_dr, IFT_LOWEST_ROW), IFT_HIGHEST_ROW)]


@dataclass(frozen=True, slots=True)
class IiftTable:
    """Incremental IFT caliber -> FP (B7.3); the last entry is open-ended (200+)."""

    caliber_fp: tuple[tuple[int, Fraction], ...]

    def fp_for_caliber(self, mm: float | Fraction) -> Fraction:
        """FP of the largest listed caliber not above ``mm``."""
        best: Fraction | None = None
        for caliber, fp in self.caliber_fp:
            if caliber <= mm:
                best = fp
        if best is None:
            raise OrdnanceError(
                msg(
                    "a {mm}mm Gun is below the smallest IIFT caliber ({value}mm)",
                    mm=mm,
                    value=self.caliber_fp[0][0],
                ),
                clause="ASL-8.31-g",
            )
        return best


@dataclass(frozen=True, slots=True)
class ToHitTable:
    """Basic To Hit numbers and the Gun/ammunition modifications (B5.1, B5.2)."""

    ranges: RangeBands
    basic_table: Mapping[tuple[str, str], tuple[int, ...]]
    gun_ammo_mods: Mapping[str, tuple[int, ...]]

    def basic(self, target_type: str, colour: str, range_hexes: int) -> int:
        """Basic TH#: ``target_type`` is vehicle, infantry_other or area; colour black or red."""
        key = (target_type, colour)
        if key not in self.basic_table:
            known = ", ".join(f"{t}/{c}" for t, c in self.basic_table)
            raise UnknownName(
                msg("no To Hit row {target_type}/{colour}", target_type=target_type, colour=colour),
                hint=msg("use one of {known}", known=known),
            )
        return self.basic_table[key][self.ranges.index(range_hexes)]

    def modification(self, name: str, range_hexes: int) -> int:
        """A Gun/ammunition modification of the TH# (``*``, L, LL, APDS/APCR, SMOKE...)."""
        _refuse_unknown(self.gun_ammo_mods, name, msg("no To Hit modification {name!r}", name=name))
        return self.gun_ammo_mods[name][self.ranges.index(range_hexes)]


@dataclass(frozen=True, slots=True)
class ToKillTable:
    """AP or APCR/APDS To Kill: Basic TK# by Gun and range change by class (B6.1, B6.2)."""

    basic_tk_by_gun: Mapping[str, int]
    ranges: RangeBands
    range_mod_table: Mapping[str, tuple[int | None, ...]]
    unarmored_final_tk: Mapping[str, int]

    def basic_tk(self, gun: str) -> int:
        if gun not in self.basic_tk_by_gun:
            raise UnknownName(msg("no Basic TK# for {gun!r} on this table", gun=gun))
        return self.basic_tk_by_gun[gun]

    def range_mod(self, caliber_class: str, range_hexes: int) -> int | None:
        """Range change to the TK#; None where the table gives NA (no kill possible)."""
        _refuse_unknown(
            self.range_mod_table,
            caliber_class,
            msg("no range row {caliber_class!r}", caliber_class=caliber_class),
        )
        return self.range_mod_table[caliber_class][self.ranges.index(range_hexes)]


@dataclass(frozen=True, slots=True)
class HeatToKill:
    """HEAT To Kill (B6.3)."""

    basic_tk_by_weapon: Mapping[str, int]
    unarmored_final_tk: int
    unarmored_final_tk_critical_hit: int
    pf_range_hexes_from: tuple[tuple[str, int], ...]
    pfk_range_hexes: int

    def pf_range(self, year_month: str) -> int | None:
        """PF range in hexes for a date ``"YYYY-MM"``; None before the PF existed."""
        best: int | None = None
        for start, hexes in self.pf_range_hexes_from:
            if start <= year_month:
                best = hexes
        return best


@dataclass(frozen=True, slots=True)
class HeFlameToKill:
    """HE and Flame To Kill by gun size (B6.4); None unarmored = use the IFT vehicle line."""

    gun_sizes: tuple[str, ...]
    armored_basic_tk: tuple[int, ...]
    unarmored_final_tk: tuple[int | None, ...]

    def _index(self, gun_size: str) -> int:
        _refuse_unknown(
            self.gun_sizes,
            gun_size,
            msg("no HE/Flame To Kill column {gun_size!r}", gun_size=gun_size),
        )
        return self.gun_sizes.index(gun_size)

    def armored(self, gun_size: str) -> int:
        return self.armored_basic_tk[self._index(gun_size)]

    def unarmored(self, gun_size: str) -> int | None:
        return self.unarmored_final_tk[self._index(gun_size)]


@dataclass(frozen=True, slots=True)
class AslTables:
    """Every chart the ASL module reads."""

    ift: IftTable
    iift: IiftTable
    canister_fp_by_caliber: Mapping[int, int]
    to_hit: ToHitTable
    ap_tk: ToKillTable
    apcr_apds_tk: ToKillTable
    heat_tk: HeatToKill
    he_flame_tk: HeFlameToKill

    def canister_fp(self, caliber_mm: int) -> int:
        """Canister FP by caliber from the IFT labels (B7.5).

        The piece's own Ordnance Listing governs (ASL-8.4-e); this is the
        fallback, and any caliber the chart does not label is a data error.
        """
        if caliber_mm not in self.canister_fp_by_caliber:
            known = ", ".join(f"{mm}mm" for mm in sorted(self.canister_fp_by_caliber))
            raise UnknownName(
                msg(
                    "the charts give no Canister FP for a {caliber_mm}mm Gun", caliber_mm=caliber_mm
                ),
                clause="ASL-8.4-e",
                hint=msg(
                    "take the FP from the piece's Ordnance Listing, or use one of {known}",
                    known=known,
                ),
            )
        return self.canister_fp_by_caliber[caliber_mm]


def _frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(mapping))


def _ift(raw: Mapping[str, Any]) -> IftTable:
    columns = tuple(int(c) for c in raw["fp_columns"])
    keys = ["<=0", *(str(i) for i in range(1, IFT_HIGHEST_ROW)), ">=15"]
    rows = tuple(tuple(raw["rows"][k]) for k in keys)
    for key, row in zip(keys, rows, strict=True):
        if len(row) != len(columns):
            raise OrdnanceError(
                msg(
                    "IFT row {key} has {n_row} cells for {n_columns} columns",
                    key=key,
                    n_row=len(row),
                    n_columns=len(columns),
                )
            )
    vehicle = {int(k): int(v) for k, v in raw["vehicle_line"].items()}
    he = sorted((int(mm), int(col)) for col, mm in raw["he_caliber_min_mm_for_column"].items())
    labels = {str(k): int(v) for k, v in raw["fp_column_by_weapon_label"].items()}
    return IftTable(columns, rows, _frozen(vehicle), tuple(he), _frozen(labels))


def _iift(raw: Mapping[str, Any]) -> IiftTable:
    pairs = [
        (int(k.rstrip("+")), Fraction(str(v)))
        for k, v in raw.items()  # "25": 1.5 -> Fraction(3, 2) exactly
    ]
    return IiftTable(tuple(sorted(pairs)))


def _to_hit(raw: Mapping[str, Any]) -> ToHitTable:
    basic: dict[tuple[str, str], tuple[int, ...]] = {}
    for target in ("vehicle", "infantry_other", "area"):
        for colour, values in raw[target].items():
            basic[(target, colour)] = tuple(values)
    mods = {k: tuple(v) for k, v in raw["gun_ammo_mods"].items()}
    return ToHitTable(RangeBands.parse(raw["ranges"]), _frozen(basic), _frozen(mods))


def _to_kill(raw: Mapping[str, Any]) -> ToKillTable:
    return ToKillTable(
        _frozen(raw["basic_tk_by_gun"]),
        RangeBands.parse(raw["range_bands"]),
        _frozen({k: tuple(v) for k, v in raw["range_mod"].items()}),
        _frozen(raw.get("unarmored_final_tk", {})),
    )


@cache
def load_tables() -> AslTables:
    """Read the packaged chart data once (``importlib.resources``)."""
    text = (
        resources.files("ordnance.asl").joinpath("data").joinpath("tables.json").read_text("utf-8")
    )
    raw = json.loads(text)
    heat = raw["heat_tk"]
    he = raw["he_flame_tk"]
    return AslTables(
        ift=_ift(raw["ift"]),
        iift=_iift(raw["iift_caliber_to_fp"]),
        canister_fp_by_caliber=_frozen(
            {int(k): int(v) for k, v in raw["canister_fp_by_caliber_mm"].items()}
        ),
        to_hit=_to_hit(raw["to_hit_table"]),
        ap_tk=_to_kill(raw["ap_tk"]),
        apcr_apds_tk=_to_kill(raw["apcr_apds_tk"]),
        heat_tk=HeatToKill(
            _frozen(heat["basic_tk_by_weapon"]),
            int(heat["unarmored_final_tk"]),
            int(heat["unarmored_final_tk_critical_hit"]),
            tuple(sorted(heat["pf_range_hexes_from"].items())),
            int(heat["pfk_range_hexes"]),
        ),
        he_flame_tk=HeFlameToKill(
            tuple(he["gun_size"]), tuple(he["armored_basic_tk"]), tuple(he["unarmored_final_tk"])
        ),
    )


#: The calibers each row of the AP range-change table names (notes B6.1).
AP_RANGE_ROWS = (("<=25mm", 0, 25), ("37-57mm", 37, 57), (">=65mm", 65, None))


def ap_range_row(caliber_mm: float, options: AslOptions | None = None) -> tuple[str, str]:
    """The AP range-change row for a caliber, and the clause that chose it.

    The table has rows for <=25mm, 37-57mm and >=65mm only. A caliber between
    them (26-36mm, 58-64mm) uses the row below it by default: 26-36mm the
    <=25mm row, 58-64mm the 37-57mm row (ASL-AMB-17); with the option
    ``ap_range_missing_caliber="data-error"`` such a caliber is refused.

    >>> ap_range_row(28), ap_range_row(60), ap_range_row(75)
    (('<=25mm', 'ASL-AMB-17'), ('37-57mm', 'ASL-AMB-17'), ('>=65mm', 'B6.1'))
    """
    if caliber_mm <= 0:
        raise OrdnanceError(
            msg("a caliber must be positive ({caliber_mm}mm)", caliber_mm=caliber_mm),
            hint=msg("e.g. 75"),
        )
    for name, low, high in AP_RANGE_ROWS:
        if caliber_mm >= low and (high is None or caliber_mm <= high):
            return name, "B6.1"
    mode = options.ap_range_missing_caliber if options is not None else "nearest-row"
    if mode == "data-error":
        raise RuleViolation(
            "ASL-AMB-17",
            msg(
                "the AP range-change table has no row for a {caliber_mm:g}mm Gun",
                caliber_mm=caliber_mm,
            ),
            hint=msg(
                "correct the caliber, or use the option ap_range_missing_caliber=nearest-row (26-36mm as <=25mm, 58-64mm as 37-57mm)"
            ),
        )
    row = "<=25mm" if caliber_mm < 37 else "37-57mm"
    return row, "ASL-AMB-17"


def ap_range_change(
    caliber_mm: float, range_hexes: int, options: AslOptions | None = None
) -> int | None:
    """AP To Kill range change (Case D) for a caliber at a range in hexes.

    None where the table says NA (no AP kill at that range). Calibers with
    no row follow ASL-AMB-17 (:func:`ap_range_row`).

    >>> ap_range_change(28, 0), ap_range_change(60, 2), ap_range_change(60, 61)
    (2, 1, None)
    """
    row, _clause = ap_range_row(caliber_mm, options)
    return load_tables().ap_tk.range_mod(row, range_hexes)
