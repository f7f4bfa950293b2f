"""HEAT availability dates (ASL-8.3-a, ASL-AMB-6) and SCW HEAT (ASL-8.3-b, -c).

Ordnance HEAT exists only from a date that depends on the nation that made
the Gun (ASL-AMB-6 default; option: the army using it): German from May 1942,
American, British and Russian from January 1943. Other nations are not named
by the rule, so only their counter data decides. A later date on the counter
still wins, because both must allow the round (see
:func:`ordnance.asl.rules.capability.resolve_capability`).

Shaped-charge weapons (BAZ, PIAT, PSK, PF, PFk) fire HEAT with no Depletion
Number: their removal number already accounts for running out (ASL-8.3-b);
their HEAT has the same effects as ordnance HEAT (ASL-8.3-c).

>>> heat_gate("german").label
'May 1942'
>>> heat_allowed("russian", ScenarioDate(1942, 12))
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.rules.he_equivalency import HeEquivalency, check_heat_target, he_equivalency
from ordnance.asl.rules.nationalities import KNOWN_NATIONALITIES
from ordnance.asl.rules.supply import _ALIASES
from ordnance.core.errors import UnknownName
from ordnance.core.messages import msg, said
from ordnance.core.plain import attributes

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.rules.option_defaults import DefaultOptions
    from ordnance.asl.settings import AslOptions

HEAT_GATES: dict[str, ScenarioDate] = {
    "german": ScenarioDate(1942, 5),
    "american": ScenarioDate(1943, 1),
    "british": ScenarioDate(1943, 1),
    "russian": ScenarioDate(1943, 1),
}

SCW_WEAPONS = ("BAZ", "PIAT", "PSK", "PF", "PFk")


def _nat(text: str) -> str:
    key = text.strip().lower()
    return _ALIASES.get(key, key)


def check_nationality(nationality: str) -> str:
    """A nationality the game knows (aliases and Commonwealth armies resolved), or a refusal.

    ASL-8.3-a names four nations; every other known nation has no date gate
    (ASL-AMB-6), but a name that is no nation at all (``banana``) must not
    read as "no gate, so HEAT is available".

    >>> check_nationality("Canadian")
    'british'
    """
    key = _nat(nationality)
    if key not in KNOWN_NATIONALITIES:
        raise UnknownName(
            msg("unknown nationality {nationality!r}", nationality=nationality),
            clause="ASL-8.3-a",
            hint="one of " + ", ".join(KNOWN_NATIONALITIES),
        )
    return key


def heat_gate(nationality: str) -> ScenarioDate | None:
    """ASL-8.3-a: the first month of HEAT for a nation; None when the rule names none."""
    return HEAT_GATES.get(_nat(nationality))


def heat_allowed(nationality: str, date: ScenarioDate) -> bool:
    """ASL-8.3-a: whether the date gate lets a nation's ordnance fire HEAT.

    Unnamed nations are not gated here (ASL-AMB-6: their counter data decides).
    """
    gate = heat_gate(nationality)
    return gate is None or date >= gate


def gate_nationality(
    made_by: str | None, used_by: str | None, *, gate_by: str = "manufacture"
) -> str | None:
    """ASL-AMB-6: whose date applies, the maker's (default) or the user's (option)."""
    if gate_by == "user":
        return used_by
    return made_by or used_by


@dataclass(frozen=True, slots=True)
class ScwHeat:
    """HEAT fired by a shaped-charge weapon: always there, never depleted."""

    weapon: str
    depletion: None = None
    clause: str = "ASL-8.3-b"


def scw_heat(weapon: str) -> ScwHeat:
    """ASL-8.3-b: SCW HEAT has no Depletion Number.

    >>> scw_heat("psk").weapon, scw_heat("PSK").depletion
    ('PSK', None)
    """
    for name in SCW_WEAPONS:
        if name.lower() == weapon.strip().lower():
            return ScwHeat(name)
    raise UnknownName(
        msg("{weapon!r} is not a shaped-charge weapon", weapon=weapon),
        clause="ASL-8.3-b",
        hint="SCW are " + ", ".join(SCW_WEAPONS) + " (ASL-8.3-b)",
    )


@dataclass(frozen=True, slots=True)
class ScwHeatAttack:
    """An SCW HEAT attack: legal target, no depletion check, the effects of ordnance HEAT."""

    weapon: str
    target: str
    tem: str | None
    he_equivalency: HeEquivalency

    def to_dict(self) -> dict[str, Any]:
        return {
            **attributes(self, "weapon target tem"),
            "depletion": None,
            "depletion_clause": "ASL-8.3-b",
            "why": said(
                "SCW HEAT has no Depletion Number: the weapon's X# already accounts for "
                "running out of rounds"
            ),
            "effects_clause": "ASL-8.3-c",
            "target_clause": "ASL-8.31-b",
            "he_equivalency": {**self.he_equivalency.to_dict(), "fp": str(self.he_equivalency.fp)},
        }


def scw_heat_attack(
    weapon: str,
    target: str,
    tem: str | None = None,
    *,
    options: AslOptions | DefaultOptions | None = None,
) -> ScwHeatAttack:
    """ASL-8.3-b/-c, 8.31-a/b: an SCW fires HEAT with no depletion check, at a legal target.

    Its HE Equivalency (8 FP BAZ/PIAT, 12 PSK/PFk, 16 PF; ASL-8.31-e) serves
    against Personnel, for Collateral Attacks and rubble/fire, as for any HEAT.

    >>> scw_heat_attack("PSK", "vehicle").he_equivalency.fp
    Fraction(12, 1)
    """
    scw = scw_heat(weapon)
    check_heat_target(target, tem)
    return ScwHeatAttack(
        scw.weapon,
        target.strip().lower(),
        tem,
        he_equivalency("HEAT", weapon=scw.weapon, options=options),
    )


__all__ = [
    "HEAT_GATES",
    "SCW_WEAPONS",
    "ScwHeat",
    "ScwHeatAttack",
    "check_nationality",
    "gate_nationality",
    "heat_allowed",
    "heat_gate",
    "scw_heat",
    "scw_heat_attack",
]
