"""To Hit: the Modified TH#, the To Hit DRM and the hit test (notes B5).

The shot's To Hit is computed in three parts, each naming its clause:

* the Basic TH# by range and Target Type, black or red (``ASL-B5.1``);
* the Gun and ammunition modifications added to the TH# (``ASL-B5.2``): the
  ``*``/L/LL length marks, APCR/APDS, SMOKE (WP too, option ``wp_smoke_th``),
  and the cumulative <=57mm and <=40mm caliber rows;
* the DRM added to the DR (``ASL-B5.3``): the firer-based cases A-I, with
  Acquisition (Case N) and every target-based case entered as numbers, and
  Intensive Fire (Case F) and captured use (Case H) from the shot.

Then the hit test and Critical Hits (``ASL-B5.4``) and the hit location
(``ASL-B5.5``). Nothing here rolls dice: :mod:`ordnance.asl.shot.resolve` rolls one DR
and hands it to :func:`judge`.

>>> th = modified_th("vehicle", 3, gun_size="75L", ammo="APCR")
>>> th.basic, th.number
(10, 10)
>>> modified_th("vehicle", 20, gun_size="75L", ammo="APCR").number
7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from ordnance.asl.rules.tables import load_tables
from ordnance.asl.settings import AslOptions
from ordnance.core.dice import DR
from ordnance.core.errors import RuleViolation, UnknownName
from ordnance.core.fields import Record
from ordnance.core.messages import msg
from ordnance.core.terms import Term

#: The To Hit Table row each target uses: an unarmoured vehicle is still a vehicle.
TH_ROW = {
    "vehicle": "vehicle",
    "unarmored": "vehicle",
    "infantry": "infantry_other",
    "area": "area",
}
Colour = Literal["black", "red"]
Mount = Literal["turret", "slow-turret", "non-turreted", "stabilized", "ma-aamg", "prc"]


@dataclass(frozen=True, slots=True)
class ModifiedTh:
    """Basic TH# plus the Gun/ammunition modifications (``ASL-B5.1``, ``ASL-B5.2``)."""

    target: str
    range_hexes: int
    colour: str
    basic: int
    mods: tuple[Term, ...]

    @property
    def number(self) -> int:
        return self.basic + sum(m.value for m in self.mods)

    def to_dict(self) -> dict[str, Any]:
        return {
            "target_type": TH_ROW[self.target],
            "range": self.range_hexes,
            "colour": self.colour,
            "basic": self.basic,
            "mods": [m.to_dict() for m in self.mods],
            "th": self.number,
            "clauses": ["ASL-B5.1", "ASL-B5.2"],
        }


def parse_gun_size(gun_size: str) -> tuple[int, str]:
    """``"75L"`` -> (75, "L"); ``"37*"`` -> (37, "*"); ``"D57L"`` (APDS key) -> (57, "L").

    >>> parse_gun_size("76LL"), parse_gun_size("37*"), parse_gun_size("50")
    ((76, 'LL'), (37, '*'), (50, ''))
    """
    text = "".join(gun_size.split()).upper().removeprefix("D")
    digits = ""
    for ch in text:
        if ch.isdigit() or (ch == "." and digits):
            digits += ch
        else:
            break
    suffix = text[len(digits) :]
    if not digits or suffix not in ("", "L", "LL", "*"):
        raise UnknownName(
            msg("cannot read the gun size {gun_size!r}", gun_size=gun_size),
            clause="ASL-B5.2",
            hint=msg("the caliber in mm and its mark, e.g. 75L, 76LL, 37* or 50"),
        )
    return int(float(digits)), suffix


def th_colour(
    nationality: str | None,
    *,
    captured: bool = False,
    red: bool | None = None,
    options: AslOptions | None = None,
) -> tuple[Colour, str]:
    """Black or red TH# and why: captured use is red (Case H), else by nationality (B5.1)."""
    if captured:
        return "red", "ASL-B5.3-H"
    if red is not None:
        return ("red" if red else "black"), "ASL-B5.1"
    opts = options or AslOptions()
    nat = (nationality or "").strip().lower()
    return ("red" if nat in opts.red_th_nationalities else "black"), "ASL-B5.1"


def modified_th(
    target: str,
    range_hexes: int,
    *,
    gun_size: str | None = None,
    ammo: str = "AP",
    colour: Colour = "black",
    options: AslOptions | None = None,
) -> ModifiedTh:
    """``ASL-B5.1``/``ASL-B5.2``: the Modified TH# of a shot at ``range_hexes``.

    The Area Target Type has a red row only; SMOKE (and by default WP) takes
    the SMOKE row. A Gun of unknown size takes no length or caliber change.
    """
    if target not in TH_ROW:
        raise UnknownName(
            msg("unknown Target Type {target!r}", target=target),
            clause="ASL-B5.1",
            hint=msg("vehicle, unarmored, infantry or area"),
        )
    if range_hexes < 0:
        raise RuleViolation(
            "ASL-B5.1",
            msg("a range cannot be negative ({range_hexes})", range_hexes=range_hexes),
            hint=msg("0+"),
        )
    opts = options or AslOptions()
    table = load_tables().to_hit
    row = TH_ROW[target]
    used_colour: str = "red" if row == "area" else colour
    basic = table.basic(row, used_colour, range_hexes)
    mods: list[Term] = []

    def add(name: str, label: str) -> None:
        value = table.modification(name, range_hexes)
        if value:
            mods.append(Term(label, value, "ASL-B5.2"))

    if gun_size is not None:
        caliber, mark = parse_gun_size(gun_size)
        if mark:
            add(mark, f"{mark} weapon")
        if caliber <= 57:
            add("<=57mm", "<=57mm")
        if caliber <= 40:
            add("<=40mm", "<=40mm (with <=57mm)")
    kind = ammo.strip().upper()
    if kind in ("APCR", "APDS"):
        add("APDS/APCR", kind)
    if kind == "SMOKE" or (kind == "WP" and opts.wp_smoke_th):
        add("SMOKE", "SMOKE" if kind == "SMOKE" else "WP (as SMOKE)")
    return ModifiedTh(target, range_hexes, used_colour, basic, tuple(mods))


class FirerCases(Record):
    """The firer-based To Hit DRM cases A-I of the card (``ASL-B5.3``), as the firer states them.

    Case F (Intensive Fire) and Case H (captured use) come from the shot
    itself. Acquisition (Case N) and every target-based case (J-R: moving
    target, concealment, Point Blank, TEM, Hindrance...) are entered as one
    number each, ``acquisition`` and ``target_drm``: the engine keeps no map
    of them.
    """

    ca_hexsides: int = Field(0, ge=0, le=3, description="Case A: hexsides of CA change.")
    mount: Mount = Field("turret", description="Turret, slow-turret, non-turreted...")
    firer_in_woods_building_rubble: bool = Field(
        False, description="Doubles Case A and E; Case B is +3."
    )
    afph_no_move: bool = Field(False, description="Case B: AFPh fire, no hex entered.")
    bounding_fire: bool = Field(False, description="Case C: Bounding (First) Fire.")
    bounding_aim: Literal["normal", "restricted", "limited"] = Field(
        "normal", description="Case C1 (restricted) / C2 (limited)."
    )
    latw_or_backblast: int = Field(0, ge=0, le=2, description="Case C3: how many apply.")
    motion: bool = Field(False, description="Case C4: Motion or Non-Stopped fire.")
    pinned: bool = Field(False, description="Case D: pinned firer or spotter.")
    own_hex: bool = Field(False, description="Case E: target in the firer's own hex.")
    deliberate_immobilization: bool = Field(False, description="Case G.")
    buttoned_up: bool = Field(False, description="Case I: buttoned-up AFV.")
    stun: int = Field(0, ge=0, description="Stun results on the firer (+1 each).")
    target_moving: bool = Field(
        False, description="Case J: the target is a moving vehicle (or Dashing Infantry): +2."
    )
    point_blank: bool = Field(
        False, description="Case L: Point Blank range, -2 at 0-1 hexes, -1 at 2 hexes."
    )
    acquisition: int = Field(0, ge=-6, le=0, description="Case N: the Acquisition DRM, entered.")
    target_drm: int = Field(0, description="Every target-based DRM (J-R), entered as one sum.")
    other_drm: int = Field(0, description="Other firer DRM (CX, leadership...), entered.")


#: Case A per hexside: first, second, third (then the same as the second).
CASE_A = {
    "turret": (1, 1, 1),
    "slow-turret": (2, 1, 1),
    "non-turreted": (3, 1, 1),
    "stabilized": (1, 1, 1),
    "ma-aamg": (1, 1, 1),
    "prc": (3, 1, 1),
}
#: Case C: the bounding-fire addition by mount (on top of Case B).
CASE_C = {
    "ma-aamg": 0,
    "stabilized": 1,
    "turret": 2,
    "slow-turret": 2,
    "non-turreted": 3,
    "prc": 3,
}


@dataclass(frozen=True, slots=True)
class ToHitDrm:
    """The DRM of a To Hit DR (``ASL-B5.3``); ``double_lower_die`` is Case C4 unstabilized."""

    terms: tuple[Term, ...]
    double_lower_die: bool

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)

    def to_dict(self) -> dict[str, Any]:
        return {
            "terms": [t.to_dict() for t in self.terms],
            "total": self.total,
            "double_lower_die": self.double_lower_die,
        }


def to_hit_drm(
    cases: FirerCases,
    *,
    intensive: bool = False,
    captured: bool = False,
    multiple_rof: bool = False,
    range_hexes: int | None = None,
) -> ToHitDrm:
    """``ASL-B5.3``: the To Hit DRM of a shot, refusing the combinations the card forbids.

    Intensive Fire (Case F) is not allowed with Case B, Case D or Stun; a
    pinned firer (Case D) has no Multiple ROF; Point Blank (Case L) needs a
    range of at most 2 hexes.
    """
    terms: list[Term] = []
    rough = cases.firer_in_woods_building_rubble
    if intensive and (cases.afph_no_move or cases.pinned or cases.stun):
        why = "Case B" if cases.afph_no_move else ("Case D (pinned)" if cases.pinned else "Stun")
        raise RuleViolation(
            "ASL-B5.3-F",
            msg("Intensive Fire is not allowed with {why}", why=why),
            hint=msg("fire normally"),
        )
    if multiple_rof and cases.pinned:
        raise RuleViolation(
            "ASL-B5.3-D",
            msg("a pinned firer cannot use Multiple ROF"),
            hint=msg("one shot only (no ROF)"),
        )
    if cases.ca_hexsides:
        steps = CASE_A[cases.mount]
        value = sum(steps[min(i, 2)] for i in range(cases.ca_hexsides))
        terms.append(
            Term(
                f"CA change, {cases.ca_hexsides} hexside(s)" + (" x2" if rough else ""),
                value * (2 if rough else 1),
                "ASL-B5.3-A",
            )
        )
    if cases.afph_no_move or cases.bounding_fire:
        terms.append(Term("AFPh fire", 3 if rough else 2, "ASL-B5.3-B"))
    if cases.bounding_fire:
        terms.append(Term(f"Bounding Fire ({cases.mount})", CASE_C[cases.mount], "ASL-B5.3-C"))
        if cases.bounding_aim == "restricted":
            terms.append(Term("restricted aim", 1, "ASL-B5.3-C1"))
        elif cases.bounding_aim == "limited":
            terms.append(Term("limited aim", 2, "ASL-B5.3-C2"))
    elif cases.bounding_aim != "normal":
        raise RuleViolation(
            "ASL-B5.3-C1",
            msg("restricted/limited aim is Bounding First Fire only"),
            hint=msg("--bounding"),
        )
    if cases.latw_or_backblast:
        terms.append(Term("LATW/backblast", 2 * cases.latw_or_backblast, "ASL-B5.3-C3"))
    double_lower = False
    if cases.motion:
        if cases.mount == "stabilized":
            terms.append(Term("Motion fire, stabilized", 1, "ASL-B5.3-C4"))
        else:
            double_lower = True
    if cases.pinned:
        terms.append(Term("pinned", 2, "ASL-B5.3-D"))
    if cases.own_hex:
        terms.append(Term("own hex" + (" x2" if rough else ""), 4 if rough else 2, "ASL-B5.3-E"))
    if intensive:
        terms.append(Term("Intensive Fire", 2, "ASL-B5.3-F"))
    if cases.deliberate_immobilization:
        terms.append(Term("Deliberate Immobilization", 5, "ASL-B5.3-G"))
    if captured:
        terms.append(Term("captured use", 2, "ASL-B5.3-H"))
    if cases.buttoned_up:
        terms.append(Term("buttoned up", 1, "ASL-B5.3-I"))
    if cases.stun:
        terms.append(Term("Stun", cases.stun, "ASL-B5.3"))
    if cases.target_moving:
        terms.append(Term("moving target", 2, "ASL-B5.3-J"))
    if cases.point_blank:
        if range_hexes is None or range_hexes > 2:
            raise RuleViolation(
                "ASL-B5.3-L",
                msg(
                    "Point Blank range is 0 to 2 hexes, not {range_hexes}", range_hexes=range_hexes
                ),
                hint=msg("drop --point-blank"),
            )
        terms.append(Term("Point Blank", -1 if range_hexes == 2 else -2, "ASL-B5.3-L"))
    if cases.acquisition:
        terms.append(Term("Acquisition", cases.acquisition, "ASL-B5.3-N"))
    if cases.target_drm:
        terms.append(Term("target DRM", cases.target_drm, "ASL-B5.3"))
    if cases.other_drm:
        terms.append(Term("other DRM", cases.other_drm, "ASL-B5.3"))
    return ToHitDrm(tuple(terms), double_lower)


@dataclass(frozen=True, slots=True)
class ToHitResult:
    """The hit test of one To Hit DR (``ASL-B5.4``) and its hit location (``ASL-B5.5``)."""

    th: int
    dr: DR
    final_dr: int
    hit: bool
    critical: bool
    location: str | None  # "turret" / "hull" on a hit against a vehicle
    clause: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "th": self.th,
            "dr": [self.dr.coloured, self.dr.white],
            "original_dr": self.dr.total,
            "final_dr": self.final_dr,
            "hit": self.hit,
            "critical_hit": self.critical,
            "location": self.location,
            "clause": self.clause,
        }


def judge(
    th: ModifiedTh,
    drm: ToHitDrm,
    dr: DR,
    *,
    turreted: bool = True,
    options: AslOptions | None = None,
) -> ToHitResult:
    """``ASL-B5.4``: hit if Final DR <= Modified TH#; Critical Hits; ``ASL-B5.5`` location.

    A Critical Hit is a hit on the Infantry Target Type with a Final DR below
    half the TH# (C3.7 via the notes), or (default of the [unverified] option
    ``critical_hit_on_original_2``) any hit with an Original DR of 2.
    """
    opts = options or AslOptions()
    final = dr.total + drm.total + (min(dr.coloured, dr.white) if drm.double_lower_die else 0)
    hit = final <= th.number
    critical = False
    if hit:
        if TH_ROW[th.target] == "infantry_other" and 2 * final < th.number:
            critical = True
        if opts.critical_hit_on_original_2 and dr.total == 2:
            critical = True
    location: str | None = None
    if hit and TH_ROW[th.target] == "vehicle":
        location = "turret" if turreted and dr.coloured < dr.white else "hull"
    return ToHitResult(th.number, dr, final, hit, critical, location, "ASL-B5.4")
