"""The four munitions specializations and their effect on one attack.

Each function here is pure and cites the clause it implements, so
``grep TOI-APC-1`` finds the rule and its test.
"""

from __future__ import annotations

from enum import StrEnum

from ordnance.core.errors import UnknownName
from ordnance.core.messages import msg


class Munition(StrEnum):
    """A munitions specialization token type (its face)."""

    HE = "HE"
    AP_B = "AP-B"
    AP_C = "AP-C"
    SMOKE = "Smoke"

    @classmethod
    def parse(cls, text: str) -> Munition:
        """Read a type as typed by a player (``he``, ``ap-b``, ``APC``, ``smoke``).

        >>> Munition.parse("apc"), Munition.parse("Smoke")
        (<Munition.AP_C: 'AP-C'>, <Munition.SMOKE: 'Smoke'>)
        """
        key = text.strip().upper().replace("_", "").replace("-", "").replace(" ", "")
        for m in cls:
            if m.value.upper().replace("-", "") == key:
                return m
        raise UnknownName(
            msg(
                "no munitions token called {text!r} (known: {value})",
                text=text,
                value=", ".join(m.value for m in cls),
            )
        )


#: The reference card (TOI-GEN-10: the rulebook prints one; it has no rules effect).
SUMMARY: dict[Munition, str] = {
    Munition.HE: "-1 firepower vs vehicles; normal range hits on 4+; no long-range attacks",
    Munition.AP_B: "+1 firepower vs vehicles at every range",
    Munition.AP_C: "+2 firepower vs vehicles at close range, -1 at long range",
    Munition.SMOKE: "target a hex with the vehicle attack dice: 2+ hits smoke, 1 hit drifts, 0 misfire",
}

#: Default supply per nation: one of each type (TOI-GEN-3, TOI-AMB-13, notes B12).
DEFAULT_SUPPLY: dict[Munition, int] = {m: 1 for m in Munition}


def vehicle_firepower_modifier(munition: Munition, band: str, target: str) -> int:
    """Change to the unit's firepower for this attack.

    * HE: -1 against vehicles (TOI-HE-1);
    * AP-B: +1 against vehicles at every band (TOI-APB-1); nothing vs squads (TOI-APB-2);
    * AP-C: +2 at close range, -1 at long range, against vehicles (TOI-APC-1, TOI-APC-2),
      nothing at normal range or vs squads (TOI-APC-3);
    * Smoke: not an attack at all (TOI-SMK-1), so no modifier.

    >>> vehicle_firepower_modifier(Munition.AP_C, "close", "vehicle")
    2
    >>> vehicle_firepower_modifier(Munition.AP_C, "close", "squad")
    0
    """
    if target != "vehicle":
        return 0
    if munition is Munition.HE:
        return -1
    if munition is Munition.AP_B:
        return 1
    if munition is Munition.AP_C:
        return {"close": 2, "long": -1}.get(band, 0)
    return 0


def forbids_long_range(munition: Munition) -> bool:
    """HE may not fire at long range (TOI-HE-3)."""
    return munition is Munition.HE


def normal_range_hit_number(munition: Munition) -> int | None:
    """HE hits on 4, 5 or 6 at normal range (TOI-HE-2); others change nothing."""
    return 4 if munition is Munition.HE else None
