"""To Kill: the Final TK# of a hit and the AFV Destruction Table result (notes B6).

* Basic TK# by ammunition and Gun (``ASL-B6.1`` AP, ``ASL-B6.2`` APCR/APDS,
  ``ASL-B6.3`` HEAT, ``ASL-B6.4`` HE), a nationality picking the rows the
  tables name (Russian/(r)/Japanese 76L, U.S. 76L, Italian 90L...), or an
  entered Basic TK# for a Gun the tables lack;
* the range change (Case D): AP by caliber row (ASL-AMB-17 for the gaps),
  APCR by <=57mm/>=65mm, APDS its own row, none for HEAT and HE; "NA" means
  no kill is possible at that range;
* Final TK# = Basic TK# + range change - AF at the hit location; against an
  unarmoured target the tables give the Final TK# directly, doubled on a
  Critical Hit; a Critical Hit on an armoured target follows the option
  ``armored_critical_hit``;
* the To Kill DR on the Direct Fire column of the AFV Destruction Table
  (``ASL-B6.5``), with an Original 12 a dud by default (option ``dud_on_12``).

>>> basic_tk("APCR", "75L", "german").value, basic_tk("AP", "75L", "german").value
(20, 17)
>>> range_change("APCR", "75L", 3).value, range_change("AP", "75L", 3).value
(1, 0)
>>> destruction(7, 14, "hull", he=False)
'burn'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ordnance.asl.rules.tables import ap_range_row, load_tables
from ordnance.asl.rules.to_hit import parse_gun_size
from ordnance.asl.settings import AslOptions
from ordnance.core.errors import RuleViolation, UnknownName
from ordnance.core.messages import msg

KILL_AMMO = ("AP", "APCR", "APDS", "HEAT", "HE")
#: AFV Destruction Table results, the worst for the target first.
RESULTS = ("burn", "eliminated", "shocked", "immobilized", "possible shock", "dud", "no effect")
KILLS = ("burn", "eliminated")

_AP_NATIONAL = {
    ("76L", "russian"): "76L (Russian/(r)/Japanese)",
    ("76L", "japanese"): "76L (Russian/(r)/Japanese)",
    ("76LL", "russian"): "76LL (Russian/(r)/Japanese)",
    ("76LL", "japanese"): "76LL (Russian/(r)/Japanese)",
    ("90L", "italian"): "90L (Italian)",
}
_APCR_NATIONAL = {
    ("76L", "russian"): "76L (Russian)",
    ("76LL", "russian"): "76LL (Russian)",
    ("76L", "american"): "76L (U.S.)",
}
#: HE To Kill columns by the smallest caliber of each (notes B6.4).
_HE_SIZES = ((150, "150+"), (120, "120+"), (100, "100+"), (80, "80+"), (70, "70+"),
             (50, "50+"), (40, "40+"), (30, "30+"), (20, "20+"))  # fmt: skip
#: AP/APCR/APDS Final TK# against unarmoured targets by caliber (notes B6.1).
_UNARMORED_AP = ((100, "100+mm"), (85, "85-95mm"), (65, "65-83mm"), (37, "37-57mm"),
                 (0, "ATR-28mm"))  # fmt: skip


@dataclass(frozen=True, slots=True)
class TkValue:
    """A number with the table entry and clause it came from (None: NA on the table)."""

    value: int | None
    source: str
    clause: str

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "source": self.source, "clause": self.clause}


def _kind(ammo: str) -> str:
    kind = ammo.strip().upper()
    if kind not in KILL_AMMO:
        raise RuleViolation(
            "ASL-B6",
            msg("{ammo} has no To Kill number", ammo=ammo),
            hint=msg("AP, APCR, APDS, HEAT or HE (SMOKE/WP are placed, Canister uses the IFT)"),
        )
    return kind


def basic_tk(
    ammo: str, gun_size: str, nationality: str | None = None, *, entered: int | None = None
) -> TkValue:
    """The Basic TK# of ``ammo`` fired by a ``gun_size`` Gun (B6.1-B6.4).

    ``gun_size`` may also be a table entry as printed (``"75 (Grant)"``).
    ``entered`` is a Basic TK# the user gives for a Gun the tables lack.
    """
    kind = _kind(ammo)
    if entered is not None:
        return TkValue(entered, "entered", "ASL-B6")
    tables = load_tables()
    nat = (nationality or "").strip().lower()
    key = "".join(gun_size.split())
    if kind == "AP":
        table = tables.ap_tk.basic_tk_by_gun
        name = _AP_NATIONAL.get((key.upper(), nat), key.upper())
        if name == key.upper() and gun_size in table:
            return TkValue(table[gun_size], gun_size, "ASL-B6.1")
        return _lookup(table, name, kind, "ASL-B6.1")
    if kind in ("APCR", "APDS"):
        table = tables.apcr_apds_tk.basic_tk_by_gun
        if gun_size in table and "(" in gun_size:
            return TkValue(table[gun_size], gun_size, "ASL-B6.2")
        size = key.upper().removeprefix("D")
        name = "D" + size if kind == "APDS" else _APCR_NATIONAL.get((size, nat), size)
        return _lookup(table, name, kind, "ASL-B6.2")
    if kind == "HEAT":
        heat = tables.heat_tk.basic_tk_by_weapon
        if gun_size in heat:
            return TkValue(heat[gun_size], gun_size, "ASL-B6.3")
        caliber, _mark = parse_gun_size(gun_size)
        return _lookup(heat, str(caliber), kind, "ASL-B6.3")
    caliber, _mark = parse_gun_size(gun_size)
    for low, column in _HE_SIZES:
        if caliber >= low:
            return TkValue(tables.he_flame_tk.armored(column), f"HE {column}", "ASL-B6.4")
    raise RuleViolation(
        "ASL-B6.4",
        msg("a {caliber}mm Gun has no HE To Kill column", caliber=caliber),
        hint=msg("20mm+"),
    )


def _lookup(table: Any, name: str, kind: str, clause: str) -> TkValue:
    if name not in table:
        raise UnknownName(
            msg("the {kind} To Kill Table has no Basic TK# for {name!r}", kind=kind, name=name),
            clause=clause,
            hint="enter the Basic TK# (--tk N), or one of " + ", ".join(sorted(table)),
        )
    return TkValue(int(table[name]), name, clause)


def range_change(
    ammo: str, gun_size: str, range_hexes: int, options: AslOptions | None = None
) -> TkValue:
    """Case D, the range change to the TK#; ``value`` None where the table says NA."""
    kind = _kind(ammo)
    if kind in ("HEAT", "HE"):
        return TkValue(
            0, f"no range change for {kind}", "ASL-B6.3" if kind == "HEAT" else "ASL-B6.4"
        )
    caliber, _mark = parse_gun_size(gun_size)
    tables = load_tables()
    if kind == "AP":
        row, clause = ap_range_row(caliber, options)
        return TkValue(tables.ap_tk.range_mod(row, range_hexes), f"AP {row}", clause)
    row = "APDS(D)" if kind == "APDS" else "APCR<=57mm" if caliber < 65 else "APCR>=65mm"
    return TkValue(tables.apcr_apds_tk.range_mod(row, range_hexes), row, "ASL-B6.2")


def unarmored_tk(ammo: str, gun_size: str, *, critical: bool) -> TkValue:
    """Final TK# against an unarmoured target (B6.1, B6.3, B6.4), doubled on a Critical Hit."""
    kind = _kind(ammo)
    tables = load_tables()
    caliber, _mark = parse_gun_size(gun_size)
    if kind == "HEAT":
        heat = tables.heat_tk
        value = heat.unarmored_final_tk_critical_hit if critical else heat.unarmored_final_tk
        return TkValue(value, "HEAT unarmoured", "ASL-B6.3")
    if kind == "HE":
        for low, column in _HE_SIZES:
            if caliber >= low:
                base = tables.he_flame_tk.unarmored(column)
                if base is None:  # pragma: no cover - only DC/FT/MOL columns are null
                    break
                return TkValue(base * (2 if critical else 1), f"HE {column}", "ASL-B6.4")
        raise RuleViolation(
            "ASL-B6.4",
            msg("a {caliber}mm Gun has no HE To Kill column", caliber=caliber),
            hint=msg("20mm+"),
        )
    # AP, and APCR/APDS, which use the AP table against unarmoured targets (B6.2)
    for low, column in _UNARMORED_AP:
        if caliber >= low:
            base = tables.ap_tk.unarmored_final_tk[column]
            return TkValue(base * (2 if critical else 1), f"AP {column}", "ASL-B6.1")
    raise AssertionError("unreachable")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class FinalTk:
    """The Final TK# of one hit, with its parts."""

    value: int | None
    basic: TkValue | None
    range: TkValue | None
    af: int | None
    critical: bool
    armored: bool
    clause: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "final_tk": self.value,
            "basic": None if self.basic is None else self.basic.to_dict(),
            "range_change": None if self.range is None else self.range.to_dict(),
            "af": self.af,
            "critical_hit": self.critical,
            "armored": self.armored,
            "clause": self.clause,
        }


def final_tk(
    ammo: str,
    gun_size: str,
    range_hexes: int,
    *,
    nationality: str | None = None,
    af: int | None,
    critical: bool = False,
    entered_tk: int | None = None,
    options: AslOptions | None = None,
) -> FinalTk:
    """The Final TK# of a hit: ``af`` None means an unarmoured target."""
    opts = options or AslOptions()
    if af is None:
        tk = unarmored_tk(ammo, gun_size, critical=critical)
        return FinalTk(tk.value, tk, None, None, critical, False, tk.clause)
    if af < 0:
        raise RuleViolation(
            "ASL-B6", msg("an Armor Factor cannot be negative ({af})", af=af), hint=msg("0+")
        )
    basic = basic_tk(ammo, gun_size, nationality, entered=entered_tk)
    change = range_change(ammo, gun_size, range_hexes, opts)
    if change.value is None or basic.value is None:
        return FinalTk(None, basic, change, af, critical, True, change.clause)
    before_af = basic.value + change.value
    if critical and opts.armored_critical_hit == "double-before-af":
        value = 2 * before_af - af
    elif critical:
        value = 2 * (before_af - af)
    else:
        value = before_af - af
    return FinalTk(value, basic, change, af, critical, True, "ASL-B6")


def destruction(tk_dr: int, final: int | None, location: str | None, *, he: bool) -> str:
    """``ASL-B6.5``: the Direct Fire column of the AFV Destruction Table.

    ``final`` None (NA on the range table) can do nothing. The dud on 12 is
    checked by the caller, which knows the option.
    """
    if final is None:
        return "no effect"
    if 2 * tk_dr <= final:
        return "burn"
    if tk_dr < final:
        return "eliminated"
    if tk_dr == final or (he and tk_dr == final + 1):
        return "shocked" if location == "turret" else "immobilized"
    if tk_dr == final + 1:
        return "possible shock"
    return "no effect"


def to_kill_result(
    tk_dr: int, final: FinalTk, location: str | None, *, he: bool, options: AslOptions | None = None
) -> tuple[str, str]:
    """(result, clause) of a To Kill DR: a dud on an Original 12 first (option ``dud_on_12``)."""
    opts = options or AslOptions()
    if opts.dud_on_12 and tk_dr == 12:
        return "dud", "ASL-B6"
    return destruction(tk_dr, final.value, location, he=he), "ASL-B6.5"
