"""Smoke markers and the Hit Number of a unit firing near smoke (section 8.2).

* WAW-8.2-a: a Smoke mission puts Smoke 2 in the target hex.
* WAW-8.2-h: each Marker Removal Phase turns Smoke 2 into Smoke 1 and takes
  Smoke 1 off the map.
* WAW-8.2-d / -e: an Advanced Imaging unit sees through smoke, its AP and HE
  Hit Numbers +1 (only when smoke would otherwise block it, WAW-AMB-9).
* WAW-8.2-f: the ITV cannot fire HE through smoke; its AP fires at 4 + 1 = 5.
* WAW-8.2-g: an adjacent unit may fire into a hex holding Smoke at +1
  (WAW-AMB-8: the marker hex only, by default).
* A Hit Number above 6 cannot be fired (notes B2): refused, naming the clause
  whose +1 pushed it there.

>>> from ordnance.core.hexes import Hex
>>> marker_removal({Hex(0, 0): 2, Hex(3, 0): 1})
{Hex(0, 0): 1}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ordnance.core.errors import RuleViolation
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import Hex
from ordnance.core.messages import msg
from ordnance.core.terms import Term
from ordnance.waw.rules.catalogue import Rating, UnitType
from ordnance.waw.rules.los import LosReport, judge_los, smoke_area
from ordnance.waw.settings import WawSettings

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.waw.shapes import FireCheckView

Weapon = Literal["ap", "he"]

#: The level a fresh Smoke marker shows (WAW-8.2-a).
FRESH_SMOKE = 2


def lay_smoke(smoke: Mapping[Hex, int], target: Hex) -> dict[Hex, int]:
    """WAW-8.2-a: Smoke 2 in ``target`` (a fresh marker replaces an older one)."""
    return {**smoke, target: FRESH_SMOKE}


def marker_removal(smoke: Mapping[Hex, int]) -> dict[Hex, int]:
    """WAW-8.2-h: Smoke 2 flips to Smoke 1; Smoke 1 is removed."""
    return {h: level - 1 for h, level in sorted(smoke.items()) if level > 1}


@dataclass(frozen=True, slots=True)
class FireCheck:
    """A unit's shot at a hex: LOS, the smoke modifiers and the final Hit Number."""

    unit_type: UnitType
    weapon: Weapon
    rating: Rating
    los: LosReport
    modifiers: tuple[Term, ...]

    @property
    def hit_number(self) -> int:
        return self.rating.hit_number + sum(m.value for m in self.modifiers)

    def to_dict(self) -> FireCheckView:
        return {
            "unit_type": self.unit_type.name,
            "weapon": self.weapon,
            "rating": str(self.rating),
            "base_hit_number": self.rating.hit_number,
            "modifiers": [
                {"clause": m.clause, "amount": m.value, "why": m.what} for m in self.modifiers
            ],
            "hit_number": self.hit_number,
            "firepower": self.rating.firepower,
            "advanced_imaging": self.unit_type.advanced_imaging,
            "los": self.los.to_dict(),
        }


def _adjacent_penalty(
    origin: Hex, target: Hex, smoke: Mapping[Hex, int], settings: WawSettings
) -> bool:
    """WAW-8.2-g / WAW-AMB-8: an adjacent firer shooting into smoke."""
    if origin.distance(target) != 1:
        return False
    if settings.smoke_adjacent_penalty == "whole_area":
        return any(target in smoke_area(m) for m in smoke)
    return target in smoke


def fire_check(
    unit_type: UnitType,
    weapon: Weapon,
    origin: Hex,
    target: Hex,
    smoke: Mapping[Hex, int],
    settings: WawSettings,
) -> FireCheck:
    """Judge a unit's AP or HE shot from ``origin`` at ``target``; refuse what the rules forbid."""
    rating = unit_type.ap if weapon == "ap" else unit_type.he
    if rating is None:
        raise RuleViolation(
            "WAW-B2",
            msg("{name} has no {value} rating", name=unit_type.name, value=weapon.upper()),
            hint="fire the other weapon"
            if (unit_type.ap or unit_type.he)
            else "this unit cannot fire",
        )
    report = judge_los(origin, target, smoke, settings)
    mods: list[Term] = []
    thermal = False
    if report.blocked:
        markers = ", ".join(numbered_hex(c.marker) for c in report.crossings if c.blocks)
        if not unit_type.advanced_imaging:
            raise RuleViolation(
                "WAW-8.2-c",
                msg(
                    "no line of sight from {value} to {value2}: smoke from {markers} blocks it",
                    value=numbered_hex(origin),
                    value2=numbered_hex(target),
                    markers=markers,
                ),
                hint=msg(
                    "fire with an Advanced Imaging unit, from an adjacent hex, or at another target"
                ),
            )
        if unit_type.family == "ITV" and weapon == "he":
            raise RuleViolation(
                "WAW-8.2-f",
                msg("the ITV cannot fire its HE Firepower through smoke"),
                hint=msg("fire its AP Firepower (Hit Number 4 becomes 5)"),
            )
        thermal = True
    adjacent = _adjacent_penalty(origin, target, smoke, settings)
    if adjacent:
        mods.append(Term("adjacent unit firing into a smoke hex", 1, "WAW-8.2-g"))
    if unit_type.advanced_imaging and adjacent and settings.thermal_smoke_penalty_stacks:
        thermal = True
    if thermal and (not adjacent or settings.thermal_smoke_penalty_stacks):
        clause = "WAW-8.2-f" if unit_type.family == "ITV" else "WAW-8.2-e"
        mods.append(Term("thermal imager firing through smoke", 1, clause))
    check = FireCheck(unit_type, weapon, rating, report, tuple(mods))
    if check.hit_number > 6:
        raise RuleViolation(
            mods[-1].clause if mods else "WAW-HE-a",
            msg(
                "{name}'s {value} Hit Number {hit_number} becomes {hit_number2}, above 6: the shot cannot be fired",
                name=unit_type.name,
                value=weapon.upper(),
                hit_number=rating.hit_number,
                hit_number2=check.hit_number,
            ),
            hint=msg("fire from a hex where smoke adds nothing, or wait for the smoke to clear"),
        )
    return check
