"""The Locations one Canister shot attacks (ASL-8.4-a, -c, -e, -i, ASL-8.41, ASL-AMB-8, -10).

:func:`canister_attacks` turns an aim (:mod:`ordnance.asl.canister.aim`) into
the attacked Locations with their exact FP and IFT column: the Area Fire
halving after movement (ASL-8.4-c), the adjacent hex(es) at half or quarter FP
(ASL-8.41-b/-c), reductions combined per ASL-AMB-8, armored targets immune but
not their Vulnerable PRC (ASL-8.4-a, ASL-AMB-10), and each Location's own TEM,
Hindrance and CA change DRM (ASL-8.4-d, -i).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ordnance.asl.canister.aim import CanisterAim
from ordnance.asl.canister.options import CanisterOptions
from ordnance.asl.rules import ift
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import Hex
from ordnance.core.messages import msg

__all__ = ["CanisterHexAttack", "CanisterTarget", "Location", "TargetKind", "canister_attacks"]

Location = tuple[Hex, int]
TargetKind = Literal["personnel", "armored-vehicle", "unarmored-vehicle", "vulnerable-prc"]


@dataclass(frozen=True, slots=True)
class CanisterTarget:
    """Something in a Location that Canister might attack."""

    id: str
    hex: Hex
    kind: TargetKind = "personnel"
    level: int = 0


@dataclass(frozen=True, slots=True)
class CanisterHexAttack:
    """One Location a Canister shot attacks, with its exact FP and IFT column."""

    hex: Hex
    level: int
    role: Literal["cluster", "adjacent"]
    fp: Fraction
    #: None when the FP is below 1: no attack in that Location (notes B7.1).
    column: int | None
    area_fire: bool
    #: (clause, factor) for each FP reduction applied, in order.
    factors: tuple[tuple[str, Fraction], ...]
    targets: tuple[str, ...] = ()
    #: Targets attacked through the IFT vehicle line (unarmored vehicles, ASL-AMB-10).
    vehicle_targets: tuple[str, ...] = ()
    #: (target id, clause) for targets Canister cannot affect here.
    immune: tuple[tuple[str, str], ...] = ()
    #: (what, DRM) added to this Location's Final DR: TEM, LOS Hindrance and
    #: the CA change (ASL-8.4-d, -i: "the individual TEM of each Location").
    drm: tuple[tuple[str, int], ...] = ()

    @property
    def location(self) -> Location:
        return (self.hex, self.level)

    @property
    def total_drm(self) -> int:
        return sum(v for _what, v in self.drm)

    def place_dict(self) -> dict[str, Any]:
        """The Location, its role, FP and IFT column: the keys a Location's result repeats."""
        return {
            "hex": str(self.hex),
            "level": self.level,
            "role": self.role,
            "fp": f"{self.fp.numerator}/{self.fp.denominator}",
            "column": self.column,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.place_dict(),
            "area_fire": self.area_fire,
            "factors": [[c, f"{f.numerator}/{f.denominator}"] for c, f in self.factors],
            "targets": list(self.targets),
            "vehicle_targets": list(self.vehicle_targets),
            "immune": [list(x) for x in self.immune],
            "drm": [list(x) for x in self.drm],
            "total_drm": self.total_drm,
        }


def _combine(factors: Sequence[tuple[str, Fraction]], options: CanisterOptions) -> Fraction:
    if not factors:
        return Fraction(1)
    if options.canister_reductions == "largest":
        return min(f for _c, f in factors)  # ASL-AMB-8 option
    out = Fraction(1)
    for _c, f in factors:  # ASL-AMB-8 default: cumulative
        out *= f
    return out


def canister_attacks(
    aim: CanisterAim,
    gun_fp: int | Fraction,
    *,
    moved_or_manned_in_mph: bool = False,
    same_level: bool | None = None,
    gun_level: int = 0,
    obstacle_in_first_hex: bool = False,
    out_of_los: Collection[Hex] = (),
    targets: Sequence[CanisterTarget] | None = None,
    tem: Mapping[Hex | Location, int] | None = None,
    hindrance: Mapping[Hex | Location, int] | None = None,
    ca_drm: int = 0,
    options: CanisterOptions | None = None,
) -> list[CanisterHexAttack]:
    """The Locations one Canister shot attacks, with FP, IFT column and DRM each.

    * ``gun_fp``: the Canister FP from the Ordnance Listing (ASL-8.4-e;
      :meth:`ordnance.asl.rules.tables.AslTables.canister_fp` is the chart fallback).
    * ``moved_or_manned_in_mph``: the AFV moved this Player Turn, or Infantry
      manned the Gun in the MPh and fire in the AFPh: FP halved as Area Fire (ASL-8.4-c).
    * ``same_level``: firing at a same-level target, so the adjacent hex(es) on
      the LOS are attacked too (ASL-8.41-b/-c). Default: ``gun_level`` equals
      the aimed level (a building aim: is one of its three levels).
    * ``obstacle_in_first_hex``: only the first cluster hex is attacked (ASL-8.4-i).
    * ``out_of_los``: cluster hexes the firer cannot see at that elevation (not attacked).
    * ``targets``: when given, only Locations holding one of them are listed, each
      with the targets attacked and those immune (ASL-8.4-a, ASL-AMB-10). Targets
      in the firer's hex are never attacked (ASL-8.41-a).
    * ``tem`` / ``hindrance``: each Location's own TEM and LOS Hindrance DRM,
      keyed by ``(hex, level)`` or by hex (ASL-8.4-d, -i); ``ca_drm``: the DRM
      of a CA change made for this shot
      (:func:`~ordnance.asl.canister.ca.ca_change_drm`), on every
      Location. Each attack carries them in ``drm``.
    """
    opts = options or CanisterOptions()
    base = Fraction(gun_fp)
    if base <= 0:
        raise OrdnanceError(
            msg("Canister FP must be positive, not {base}", base=base), clause="ASL-8.4-e"
        )
    movement: list[tuple[str, Fraction]] = (
        [("ASL-8.4-c", Fraction(1, 2))] if moved_or_manned_in_mph else []
    )
    if same_level is None:
        same_level = gun_level in aim.levels

    locations: list[
        tuple[Hex, int, Literal["cluster", "adjacent"], list[tuple[str, Fraction]]]
    ] = []
    cluster = aim.cluster[:1] if obstacle_in_first_hex else aim.cluster
    cluster_set = set(aim.cluster)
    if same_level:
        clause = "ASL-8.41-c" if aim.adjacent_factor == Fraction(1, 4) else "ASL-8.41-b"
        for h in aim.adjacent:
            if h in cluster_set:
                continue  # hexside-path geometry: attacked once, as a cluster hex
            locations.append((h, gun_level, "adjacent", [*movement, (clause, aim.adjacent_factor)]))
    for h in cluster:
        if h in out_of_los or h == aim.gun_hex:
            continue
        for lvl in aim.levels:
            locations.append((h, lvl, "cluster", list(movement)))

    by_location: dict[Location, list[CanisterTarget]] = {}
    for t in targets or ():
        by_location.setdefault((t.hex, t.level), []).append(t)

    attacks: list[CanisterHexAttack] = []
    for h, lvl, role, factors in locations:
        fp = base * _combine(factors, opts)
        drm: list[tuple[str, int]] = []
        for what, table in (("TEM", tem), ("LOS Hindrance", hindrance)):
            value = _lookup(table, h, lvl)
            if value:
                drm.append((what, value))
        if ca_drm:
            drm.append(("CA change", ca_drm))
        here = by_location.get((h, lvl), [])
        if targets is not None and not here:
            continue
        attacked: list[str] = []
        vehicles: list[str] = []
        immune: list[tuple[str, str]] = []
        for t in here:
            if t.kind == "armored-vehicle":
                immune.append((t.id, "ASL-8.4-a"))
            elif t.kind == "unarmored-vehicle":
                if opts.canister_vehicles == "all-immune":
                    immune.append((t.id, "ASL-AMB-10"))
                else:
                    vehicles.append(t.id)
            else:
                attacked.append(t.id)
        attacks.append(
            CanisterHexAttack(
                hex=h,
                level=lvl,
                role=role,
                fp=fp,
                column=ift.fp_column_or_none(fp),
                area_fire=bool(factors),
                factors=tuple(factors),
                targets=tuple(attacked),
                vehicle_targets=tuple(vehicles),
                immune=tuple(immune),
                drm=tuple(drm),
            )
        )
    return attacks


def _lookup(table: Mapping[Hex | Location, int] | None, h: Hex, level: int) -> int:
    if not table:
        return 0
    if (h, level) in table:
        return table[(h, level)]
    return table.get(h, 0)
