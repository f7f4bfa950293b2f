"""A unit on the map, its condition, and the HE damage ladder.

A unit's condition is three flags, Disrupted, Reduced and Eliminated; the
HE damage ladder (WAW-HE-i, -j, WAW-AMB-4) moves a unit along them:

* a combat vehicle (heavily or lightly armoured) is Disrupted by its first Hit
  and harmed by nothing after that;
* a soft target (vulnerable unit or unarmoured vehicle) goes Disrupted, then
  Reduced, and no further: the text says only that further Hits Reduce it
  (WAW-AMB-4 default ``soft_cap="reduced"``); with ``soft_cap="eliminated"``
  a third step removes it.

>>> ok = Condition()
>>> he_hits(ok, ArmourClass.LIGHT, 3).label
'disrupted'
>>> he_hits(ok, ArmourClass.VULNERABLE, 2).label
'disrupted+reduced'
>>> he_hits(ok, ArmourClass.UNARMOURED, 3).label
'disrupted+reduced'
>>> he_hits(ok, ArmourClass.UNARMOURED, 3, soft_cap="eliminated").label
'eliminated'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from ordnance.core.hexes import Hex
from ordnance.core.messages import term
from ordnance.waw.rules.catalogue import ArmourClass

#: Units per hex; an HQ does not count (WAW-B5, notes Part B5).
STACKING_LIMIT = 2

Ladder = Literal["current_state", "per_salvo"]
SoftCap = Literal["eliminated", "reduced"]


@dataclass(frozen=True, slots=True, order=True)
class Condition:
    """Disrupted / Reduced / Eliminated."""

    disrupted: bool = False
    reduced: bool = False
    eliminated: bool = False

    @property
    def label(self) -> str:
        if self.eliminated:
            return "eliminated"
        parts = [p for p, on in (("disrupted", self.disrupted), ("reduced", self.reduced)) if on]
        return "+".join(parts) or "good order"

    @classmethod
    def from_label(cls, label: str) -> Condition:
        for cond in ALL_CONDITIONS:
            if cond.label == label:
                return cond
        raise ValueError(f"unknown condition {label!r}")


ALL_CONDITIONS = (
    Condition(),
    Condition(disrupted=True),
    Condition(reduced=True),
    Condition(disrupted=True, reduced=True),
    Condition(eliminated=True),
)


def he_hit(cond: Condition, armour: ArmourClass, soft_cap: SoftCap = "reduced") -> Condition:
    """One HE Hit on a unit in condition ``cond`` (WAW-HE-i, WAW-HE-j, WAW-AMB-4).

    Combat vehicles: Disrupted, then nothing. Soft targets: Disrupted, then
    Reduced, and held there (default ``soft_cap="reduced"``), or then
    Eliminated with ``soft_cap="eliminated"``.
    """
    if cond.eliminated:
        return cond
    if not cond.disrupted:
        return replace(cond, disrupted=True)
    if armour.combat_vehicle:
        return cond  # WAW-HE-i: never Reduced by HE Fire
    if not cond.reduced:
        return replace(cond, reduced=True)
    if soft_cap == "reduced":
        return cond
    return Condition(eliminated=True)


def he_hits(
    cond: Condition,
    armour: ArmourClass,
    hits: int,
    ladder: Ladder = "current_state",
    soft_cap: SoftCap = "reduced",
) -> Condition:
    """``hits`` HE Hits from one salvo.

    ``ladder="per_salvo"`` (WAW-AMB-4 option) counts this salvo's Hits only:
    the first Disrupts, the second Reduces (a unit already Reduced is then
    Eliminated), the third Eliminates.
    """
    if hits <= 0 or cond.eliminated:
        return cond
    if ladder == "per_salvo":
        out = replace(cond, disrupted=True)
        if armour.combat_vehicle or hits == 1:
            return out
        if soft_cap == "reduced":
            return replace(out, reduced=True)
        if cond.reduced or hits >= 3:
            return Condition(eliminated=True)
        return replace(out, reduced=True)
    for _ in range(hits):
        cond = he_hit(cond, armour, soft_cap)
    return cond


def harmable_hits(cond: Condition, armour: ArmourClass, ladder: Ladder, soft_cap: SoftCap) -> int:
    """How many Hits of one salvo can still change this unit (for WAW-AMB-3 overflow)."""
    if cond.eliminated:
        return 0
    final = he_hits(cond, armour, 4, ladder, soft_cap)
    n = 4
    while n > 0 and he_hits(cond, armour, n - 1, ladder, soft_cap) == final:
        n -= 1
    return n


@dataclass(frozen=True, slots=True)
class Unit:
    """A counter on the map: its id, type name, owning side, hex and condition."""

    id: str
    kind: str
    side: str
    hex: Hex
    condition: Condition = Condition()


def condition_term(c: Condition) -> dict[str, Any]:
    """A condition label as a translatable word of an event message."""
    return term(c.label)
