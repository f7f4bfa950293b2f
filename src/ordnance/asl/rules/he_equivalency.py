"""HE Equivalency FP of AP and HEAT (ASL-8.31), Residual FP, HEAT targets.

The table (ASL-8.31-e, reconstructed in the notes from the garbled chart):

=============================================  =====  ===================
attack                                          FP     Residual FP
=============================================  =====  ===================
AP < 37mm, every APCR/APDS, a 20mm ATR          1      never (ASL-8.31-d)
AP >= 37mm                                      2      never
HEAT from BAZ / PIAT                            8      not forbidden by C8
HEAT from PSK / PFk, and H#[9]                  12     PFk, H#[9]: never
HEAT from PF                                    16     never
HEAT from other ordnance                        one IFT column left of the
                                                Gun's HE column (ASL-8.31-g)
=============================================  =====  ===================

The HE Equivalency is the effect of a hit, never a way round the To Hit
(ASL-8.31-h): an AP or HEAT attack on Personnel is ordnance fire, so it first
needs a hit on the To Hit Table (normally the Infantry Target Type); only then
is the FP resolved on the IFT. Every answer says so (``requires``), and
:func:`resolve_he_equivalency` refuses to resolve a shot that did not hit.

ASL-AMB-2 option: H#[9] at 8 FP. ASL-AMB-3 options: step one Incremental IFT
column left; forbid HEAT at Personnel for a Gun that cannot fire HE. MGs
(12.7 and 15mm included) have no AP HE Equivalency, nor has an ATR other
than 20mm (ASL-8.31-f).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from ordnance.asl.rules import ift
from ordnance.asl.rules.option_defaults import DEFAULT_OPTIONS, DefaultOptions
from ordnance.core.dice import DR, DiceSource
from ordnance.core.errors import RuleViolation, UnknownName
from ordnance.core.messages import msg, said
from ordnance.core.plain import attributes

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.settings import AslOptions

Use = Literal["personnel", "collateral", "rubble-fire"]

#: ASL-8.31-a/c: what an HE Equivalency FP is used for. HEAT: against
#: Personnel, for Collateral Attacks and for rubble/fire determination; AP-type
#: attacks: against Personnel and for Collateral Attacks only.
USES: dict[str, tuple[Use, ...]] = {
    "HEAT": ("personnel", "collateral", "rubble-fire"),
    "AP": ("personnel", "collateral"),
}
USE_LABELS = {
    "personnel": "against Personnel",
    "collateral": "Collateral Attack",
    "rubble-fire": "rubble and fire determination",
}
HEAT_WEAPONS = ("BAZ", "PIAT", "PSK", "PFk", "PF", "H9", "ordnance")

#: ASL-8.31-h: what must happen before an HE Equivalency FP is resolved.
REQUIRES = "To Hit (Infantry Target Type) first"
REQUIRES_CLAUSE = "ASL-8.31-h"


@dataclass(frozen=True, slots=True)
class HeEquivalency:
    """The FP an attack uses against Personnel, and whether it may leave Residual FP."""

    attack: str
    fp: Fraction
    residual_allowed: bool
    clause: str
    reason: str

    @property
    def uses(self) -> tuple[Use, ...]:
        """ASL-8.31-a/c: the purposes this FP serves (HEAT: also rubble/fire)."""
        return USES["HEAT" if self.attack.startswith("HEAT") else "AP"]

    def check_use(self, use: str) -> Use:
        """Refuse a purpose the HE Equivalency does not serve (ASL-8.31-a, -c).

        >>> he_equivalency("HEAT", weapon="PSK").check_use("rubble-fire")
        'rubble-fire'
        >>> he_equivalency("AP", caliber_mm=75).check_use("rubble-fire")
        Traceback (most recent call last):
        ...
        ordnance.core.errors.RuleViolation: [ASL-8.31-c] AP's HE Equivalency is used against Personnel and for Collateral Attacks only, not for rubble and fire determination (instead: only HEAT's HE Equivalency determines rubble and fire (ASL-8.31-a))
        """
        key = use.strip().lower()
        if key not in USE_LABELS:
            raise UnknownName(
                msg("unknown HE Equivalency use {use!r}", use=use),
                clause="ASL-8.31-a",
                hint=msg("personnel, collateral or rubble-fire"),
            )
        if key not in self.uses:
            raise RuleViolation(
                "ASL-8.31-c",
                msg(
                    "{attack}'s HE Equivalency is used against Personnel and for Collateral Attacks only, not for {value}",
                    attack=self.attack,
                    value=USE_LABELS[key],
                ),
                hint=msg("only HEAT's HE Equivalency determines rubble and fire (ASL-8.31-a)"),
            )
        return key

    def to_dict(self) -> dict[str, Any]:
        return {
            **attributes(self, "attack fp residual_allowed clause reason"),
            "uses": list(self.uses),
            "uses_clause": "ASL-8.31-a" if self.attack.startswith("HEAT") else "ASL-8.31-c",
            "requires": REQUIRES,
            "requires_clause": REQUIRES_CLAUSE,
            "order": [
                "To Hit DR on the To Hit Table (Infantry Target Type)",
                f"only if it hits: IFT attack at {self.fp} FP",
            ],
        }


@dataclass(frozen=True, slots=True)
class HeEquivalencyAttack:
    """An AP/HEAT hit on Personnel resolved on the IFT at its HE Equivalency FP."""

    equivalency: HeEquivalency
    dr: DR
    drm: int
    column: int
    result: str | None
    use: Use = "personnel"

    @property
    def final_dr(self) -> int:
        return self.dr.total + self.drm

    def to_dict(self) -> dict[str, Any]:
        return {
            "attack": self.equivalency.attack,
            "fp": self.equivalency.fp,
            "column": self.column,
            "dr": [self.dr.coloured, self.dr.white],
            "drm": self.drm,
            "final_dr": self.final_dr,
            "result": self.result,
            "residual_allowed": self.equivalency.residual_allowed,
            "use": self.use,
            "clauses": [REQUIRES_CLAUSE, self.equivalency.clause, "ASL-8.31-a"],
        }


def resolve_he_equivalency(
    dice: DiceSource,
    equivalency: HeEquivalency,
    *,
    hit: bool | None,
    drm: int = 0,
    use: str = "personnel",
) -> HeEquivalencyAttack:
    """ASL-8.31-h: the IFT attack of an AP/HEAT shot at its HE Equivalency, after its hit.

    ``hit`` is the outcome of the shot's To Hit DR (rolled at the table: this
    engine does not resolve To Hit). Unless it is True the IFT is not rolled:
    the attack is refused before any die is asked for. ``use`` is what the FP
    serves (ASL-8.31-a/c): ``personnel``, ``collateral`` (a Collateral Attack)
    or, for HEAT only, ``rubble-fire`` (the IFT DR that determines rubble and
    fire); a use the attack does not have is refused before any die.
    """
    purpose = equivalency.check_use(use)
    if hit is not True:
        raise RuleViolation(
            REQUIRES_CLAUSE,
            f"{equivalency.attack} at Personnel is ordnance fire: its HE Equivalency "
            + ("is resolved only after a hit" if hit is None else "has no effect: the shot missed"),
            hint=msg(
                "roll the To Hit DR on the Infantry Target Type first; resolve the IFT only for a hit"
            ),
        )
    column = ift.fp_column(equivalency.fp)
    dr = dice.dr("IFT DR")
    return HeEquivalencyAttack(
        equivalency, dr, drm, column, ift.result(column, dr.total + drm), purpose
    )


def he_equivalency(
    attack: str,
    *,
    caliber_mm: float | None = None,
    weapon: str | None = None,
    can_fire_he: bool = True,
    options: AslOptions | DefaultOptions | None = None,
) -> HeEquivalency:
    """ASL-8.31-c..g: the HE Equivalency FP of an AP-type or HEAT attack.

    ``attack``: AP, APCR, APDS, ATR, MG or HEAT. For HEAT, ``weapon`` is BAZ,
    PIAT, PSK, PFk, PF, H9 (the ``H#[9]`` round) or ordnance (the default,
    which needs ``caliber_mm``).

    >>> he_equivalency("AP", caliber_mm=75).fp, he_equivalency("APCR", caliber_mm=85).fp
    (Fraction(2, 1), Fraction(1, 1))
    >>> he_equivalency("HEAT", caliber_mm=75).fp
    Fraction(8, 1)
    """
    opts: AslOptions | DefaultOptions = options or DEFAULT_OPTIONS
    kind = attack.strip().upper()
    if kind in ("AP", "APCR", "APDS", "ATR", "MG"):
        return _ap_type(kind, caliber_mm)
    if kind != "HEAT":
        raise UnknownName(
            msg("no HE Equivalency for {attack!r}", attack=attack),
            clause="ASL-8.31-a",
            hint=msg("AP, APCR, APDS, ATR or HEAT"),
        )
    name = (weapon or "ordnance").strip()
    key = {w.lower(): w for w in HEAT_WEAPONS}.get(
        name.lower().replace("#", "").replace("[9]", "9")
    )
    if key is None and name.upper() in ("H#[9]", "H[9]"):
        key = "H9"
    if key is None:
        raise UnknownName(
            msg("unknown HEAT weapon {weapon!r}", weapon=weapon),
            clause="ASL-8.31-e",
            hint=msg("BAZ, PIAT, PSK, PFk, PF, H9 or ordnance"),
        )
    if key in ("BAZ", "PIAT"):
        return HeEquivalency(
            f"HEAT ({key})",
            Fraction(8),
            True,
            "ASL-8.31-e",
            said("{weapon} HEAT: {fp} FP", weapon=key, fp=8),
        )
    if key in ("PSK", "PFk"):
        return HeEquivalency(
            f"HEAT ({key})",
            Fraction(12),
            key == "PSK",
            "ASL-8.31-f" if key == "PFk" else "ASL-8.31-e",
            said(
                "{weapon} HEAT: {fp} FP; no Residual FP"
                if key == "PFk"
                else "{weapon} HEAT: {fp} FP",
                weapon=key,
                fp=12,
            ),
        )
    if key == "H9":
        h9_fp = opts.heat_he_equiv_h9
        return HeEquivalency(
            "HEAT (H#[9])",
            Fraction(h9_fp),
            False,
            "ASL-AMB-2",
            said("the 37mm stick round: {fp} FP; never Residual FP (ASL-8.31-f)", fp=h9_fp),
        )
    if key == "PF":
        return HeEquivalency(
            "HEAT (PF)", Fraction(16), False, "ASL-8.31-f", said("PF: 16 FP, no Residual")
        )
    # Other ordnance: one column left of the Gun's normal HE column.
    if caliber_mm is None:
        raise RuleViolation(
            "ASL-8.31-g",
            msg("ordnance HEAT needs the Gun's caliber"),
            hint=msg("give the caliber in mm"),
        )
    if not can_fire_he and opts.heat_without_he == "forbid":
        raise RuleViolation(
            "ASL-AMB-3",
            msg(
                "this Gun cannot fire HE, so (option heat_without_he=forbid) its HEAT has no HE Equivalency against Personnel"
            ),
            hint=msg(
                "fire HEAT at a vehicle, a Gun, or Infantry in wall/building/rubble/pillbox TEM only as an anti-vehicle attack, or use the default option"
            ),
        )
    if opts.heat_he_equiv_table == "iift":
        base = ift.iift_fp_for_caliber(caliber_mm)
        iift_fp = _iift_left(base)
        return HeEquivalency(
            "HEAT (ordnance)",
            iift_fp,
            True,
            "ASL-AMB-3",
            said(
                "{caliber}mm: IIFT {base} FP, one column left = {fp}",
                caliber=f"{caliber_mm:g}",
                base=str(base),
                fp=str(iift_fp),
            ),
        )
    col = ift.he_column_for_caliber(caliber_mm)
    left = ift.column_left(col)
    fp_col = left if left is not None else col
    return HeEquivalency(
        "HEAT (ordnance)",
        Fraction(fp_col),
        True,
        "ASL-8.31-g",
        said(
            "{caliber}mm: HE column {column}, one column left = {fp}",
            caliber=f"{caliber_mm:g}",
            column=col,
            fp=fp_col,
        ),
    )


def _iift_left(fp: Fraction) -> Fraction:
    """One column left on the Incremental IFT (1, 1.5, 2, 3, ... 36)."""
    cols = [Fraction(1), Fraction(3, 2), *[Fraction(n) for n in range(2, 37)]]
    lower = [c for c in cols if c < fp]
    return lower[-1] if lower else cols[0]


def _ap_type(kind: str, caliber_mm: float | None) -> HeEquivalency:
    if kind == "MG":
        raise RuleViolation(
            "ASL-8.31-f",
            msg("an MG (12.7 and 15mm included) has no AP HE Equivalency"),
            hint=msg("MG fire uses its own FP on the IFT"),
        )
    if kind == "ATR":
        if caliber_mm is None or round(caliber_mm) != 20:
            raise RuleViolation(
                "ASL-8.31-f",
                msg(
                    "only a 20mm ATR has an AP HE Equivalency (this one is {caliber_mm}mm)",
                    caliber_mm=caliber_mm,
                ),
                hint=msg("a 20mm ATR attacks Personnel at 1 FP"),
            )
        return HeEquivalency(
            "ATR", Fraction(1), False, "ASL-8.31-f", said("20mm ATR: 1 FP, no Residual")
        )
    if kind in ("APCR", "APDS"):
        return HeEquivalency(
            kind,
            Fraction(1),
            False,
            "ASL-8.31-f",
            said("every {ammo}: 1 FP; never Residual FP", ammo=kind),
        )
    if caliber_mm is None:
        raise RuleViolation(
            "ASL-8.31-c", msg("AP HE Equivalency needs the caliber"), hint=msg("give mm")
        )
    fp = 1 if caliber_mm < 37 else 2
    return HeEquivalency(
        "AP",
        Fraction(fp),
        False,
        "ASL-8.31-e",
        said(
            "AP < 37mm: {fp} FP; never Residual FP (ASL-8.31-d)"
            if fp == 1
            else "AP >= 37mm: {fp} FP; never Residual FP (ASL-8.31-d)",
            fp=fp,
        ),
    )


def residual_fp_allowed(attack: str, weapon: str | None = None) -> bool:
    """ASL-8.31-d/f: AP-type attacks, PF, PFk and H#[9] never leave Residual FP."""
    kind = attack.strip().upper()
    if kind in ("AP", "APCR", "APDS", "ATR"):
        return False
    if kind == "HEAT":
        w = (weapon or "ordnance").strip().lower()
        return w not in ("pf", "pfk", "h9", "h#[9]")
    return True


def check_residual(attack: str, weapon: str | None = None) -> None:
    """Refuse placing Residual FP for an attack that may never leave it (ASL-8.31-d/f)."""
    if not residual_fp_allowed(attack, weapon):
        raise RuleViolation(
            "ASL-8.31-d" if attack.upper() != "HEAT" else "ASL-8.31-f",
            msg(
                "{attack}{value} never leaves Residual FP",
                attack=attack,
                value=" (" + weapon + ")" if weapon else "",
            ),
            hint=msg("resolve the attack without placing a Residual FP counter"),
        )


HEAT_TEM = ("wall", "building", "rubble", "pillbox")


def check_heat_target(target: str, tem: str | None = None) -> None:
    """ASL-8.31-b: HEAT only at a vehicle, a Gun, or Infantry/Cavalry in wall/building/rubble/pillbox TEM.

    >>> check_heat_target("infantry", "building")
    >>> check_heat_target("infantry", "woods")
    Traceback (most recent call last):
    ...
    ordnance.core.errors.RuleViolation: [ASL-8.31-b] HEAT may not be fired at infantry receiving woods TEM (instead: fire HEAT at a vehicle, a Gun, or Infantry/Cavalry receiving wall, building, rubble or pillbox TEM; use HE or AP otherwise)
    """
    kind = target.strip().lower()
    if kind in ("vehicle", "gun"):
        return
    if kind in ("infantry", "cavalry") and (tem or "").strip().lower() in HEAT_TEM:
        return
    where = (
        f" receiving {tem} TEM"
        if tem
        else (" in the open" if kind in ("infantry", "cavalry") else "")
    )
    raise RuleViolation(
        "ASL-8.31-b",
        msg("HEAT may not be fired at {kind}{where}", kind=kind, where=where),
        hint=msg(
            "fire HEAT at a vehicle, a Gun, or Infantry/Cavalry receiving wall, building, rubble or pillbox TEM; use HE or AP otherwise"
        ),
    )
