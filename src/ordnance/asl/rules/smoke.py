"""Where and when ordnance may place SMOKE and WP (ASL-8.5 to ASL-8.6).

:func:`check_placement` answers one question: may this Gun put this round in
this hex now, and if so what goes down (full or Dispersed, at which level,
with which Hindrance DRM). It either returns a :class:`SmokePlacement` or
raises a :class:`~ordnance.core.errors.RuleViolation` naming the clause.

What it does not do: the depletion check on the Placement DR (ASL-8.9,
ASL-AMB-14) and the side record belong to the ASL rules module, which calls
this first; vehicular smoke dispensers (ASL-8.52-c, D13) never come here.

Windows (notes B3, ASL-AMB-11, ASL-AMB-13):

========  ============================================  ==========================
Round     Legal phases (before any non-SMOKE fire)        Placed as
========  ============================================  ==========================
SMOKE     owner's PFPh (as ATTACKER)                     full strength (8.51-a)
SMOKE     owner's DFPh (as DEFENDER)                     Dispersed (8.51-b)
WP        PFPh, AFPh (as ATTACKER), DFPh (as DEFENDER)   full in PFPh, else Dispersed
========  ============================================  ==========================

>>> from ordnance.asl.rules.phases import Phase
>>> p = check_placement("SMOKE", Phase.DFPh, owner_is_attacker=False,
...                     non_smoke_fired_this_phase=False, target_hex=(2, 0), gun_hex=(0, 0))
>>> p.dispersed, p.level, p.hindrance_drm, p.marker_kind
(True, 'ground', 2, 'dispersed-smoke')
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from pydantic import Field

from ordnance.asl.rules.phases import PLAYER_TURN, Phase, Side, is_friendly_fire_phase
from ordnance.core.errors import RuleViolation, UnknownName
from ordnance.core.fields import Record
from ordnance.core.messages import msg
from ordnance.core.plain import attributes

__all__ = [
    "HINDRANCE_DRM",
    "SMOKE_HEIGHT_LEVELS",
    "SmokeAmmo",
    "SmokeOptions",
    "SmokePlacement",
    "check_placement",
    "legal_phases",
    "smoke_hinders",
]

SmokeAmmo = Literal["SMOKE", "WP"]

#: SMOKE and WP are a Hindrance two levels tall (ASL-8.5-c).
SMOKE_HEIGHT_LEVELS = 2

#: Hindrance DRM of ordnance SMOKE/WP counters, full and Dispersed side (notes B8).
HINDRANCE_DRM: dict[tuple[SmokeAmmo, bool], int] = {
    ("SMOKE", False): 3,
    ("SMOKE", True): 2,
    ("WP", False): 2,
    ("WP", True): 1,
}


class SmokeOptions(Record):
    """The documented alternatives to the notes' recommended defaults."""

    smoke_other_phases: bool = Field(
        False,
        description=(
            "ASL-AMB-11 option: also allow Dispersed SMOKE in the owner's other fire phases "
            "(AFPh as ATTACKER, Defensive First Fire in the MPh as DEFENDER). "
            "Default: only the owner's PFPh and DFPh."
        ),
    )
    smoke_interior_building: bool = Field(
        False,
        description=(
            "ASL-AMB-12 option: allow SMOKE/WP into an Interior Building hex, placed at the "
            "targeted level. Default: refused."
        ),
    )
    wp_defensive_first_fire: bool = Field(
        False,
        description=(
            "ASL-AMB-13 option: WP may also be fired as Defensive First Fire in the MPh "
            "(Dispersed). Default: PFPh, DFPh and AFPh only."
        ),
    )


@dataclass(frozen=True, slots=True)
class SmokePlacement:
    """What a legal SMOKE/WP round puts down (before its Placement DR is judged)."""

    ammo: SmokeAmmo
    phase: Phase
    hex: Hashable
    dispersed: bool
    #: "ground" (ASL-8.52-a), or the targeted level under the ASL-AMB-12 option.
    level: Literal["ground"] | int
    hindrance_drm: int
    clauses: tuple[str, ...]
    #: Hindrance height in levels (ASL-8.5-c).
    height_levels: int = SMOKE_HEIGHT_LEVELS
    #: SMOKE hinders, it never blocks LOS (ASL-8.5-d; the B.10 exception is not modelled).
    blocks_los: bool = False

    @property
    def other_effects(self) -> tuple[str, ...]:
        """Rules outside C8 that govern this counter's further effects (ASL-8.5-e, ASL-8.6-c).

        Not modelled here: the engine records the counter and its Hindrance only.
        """
        if self.ammo == "SMOKE":
            return ("A24",)
        return ("A24.31-.32", "C1.71", "A24.5") if self.dispersed else ("A24.31-.32", "C1.71")

    @property
    def base_level(self) -> int:
        return 0 if self.level == "ground" else self.level

    @property
    def marker_kind(self) -> str:
        """Map marker kind for the table's ``view`` (``smoke``, ``dispersed-smoke``, ``wp``)."""
        if self.ammo == "WP":
            return "wp"
        return "dispersed-smoke" if self.dispersed else "smoke"

    @property
    def label(self) -> str:
        name = "SMOKE" if self.ammo == "SMOKE" else "WP"
        return f"Dispersed {name}" if self.dispersed else name

    def hinders(self, los_height: int | Fraction) -> bool:
        """Does this counter hinder a LOS passing through its hex at ``los_height``?"""
        return smoke_hinders(los_height, self.base_level)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (for events, ``--json`` and the table's map markers)."""
        return {
            "ammo": self.ammo,
            "phase": self.phase.value,
            "hex": str(self.hex),
            **attributes(
                self,
                "dispersed level hindrance_drm height_levels blocks_los marker_kind label",
            ),
            "clauses": list(self.clauses),
            "other_effects": list(self.other_effects),
        }


def smoke_hinders(los_height: int | Fraction, base_level: int = 0) -> bool:
    """ASL-8.5-c: a SMOKE counter hinders LOS below ``base_level + 2`` only.

    LOS traced through the hex at or above two levels over the counter's base
    (fire, Observation or Spotting from higher up) is not hindered.

    >>> smoke_hinders(0), smoke_hinders(1), smoke_hinders(Fraction(3, 2)), smoke_hinders(2)
    (True, True, True, False)
    """
    return los_height < base_level + SMOKE_HEIGHT_LEVELS


def _side(owner_is_attacker: bool) -> Side:
    return Side.ATTACKER if owner_is_attacker else Side.DEFENDER


def legal_phases(
    ammo: SmokeAmmo, owner_is_attacker: bool, options: SmokeOptions | None = None
) -> tuple[Phase, ...]:
    """The phases of the current Player Turn in which the owner may fire ``ammo``.

    >>> legal_phases("SMOKE", True), legal_phases("WP", True), legal_phases("WP", False)
    ((<Phase.PFPh: 'PFPh'>,), (<Phase.PFPh: 'PFPh'>, <Phase.AFPh: 'AFPh'>), (<Phase.DFPh: 'DFPh'>,))
    """
    opts = options or SmokeOptions()
    return tuple(p for p in PLAYER_TURN if _window(ammo, p, owner_is_attacker, opts) is not None)


def _window(
    ammo: SmokeAmmo, phase: Phase, owner_is_attacker: bool, opts: SmokeOptions
) -> bool | None:
    """None if ``phase`` is closed to ``ammo``; else whether it is placed Dispersed."""
    side = _side(owner_is_attacker)
    if ammo == "SMOKE":
        if phase is Phase.PFPh and owner_is_attacker:
            return False  # ASL-8.5-a, ASL-8.51-a
        if phase is Phase.DFPh and not owner_is_attacker:
            return True  # ASL-8.5-a, ASL-8.51-b
        if opts.smoke_other_phases and is_friendly_fire_phase(phase, side, include_first_fire=True):
            return True  # ASL-AMB-11 option
        return None
    if is_friendly_fire_phase(phase, side, include_first_fire=opts.wp_defensive_first_fire):
        return phase is not Phase.PFPh  # ASL-8.6-a, ASL-8.6-b, ASL-AMB-13
    return None


def check_placement(
    ammo: str,
    phase: Phase,
    *,
    owner_is_attacker: bool,
    non_smoke_fired_this_phase: bool,
    target_hex: Hashable,
    gun_hex: Hashable | None,
    target_is_interior_building: bool = False,
    target_level: int | None = None,
    options: SmokeOptions | None = None,
) -> SmokePlacement:
    """May ordnance place ``ammo`` ("SMOKE" or "WP") in ``target_hex`` now?

    * ``owner_is_attacker``: the firing side is the ATTACKER of this Player Turn.
    * ``non_smoke_fired_this_phase``: some unit (for WP: some friendly unit)
      has already fired something other than SMOKE in this phase (ASL-8.5-b,
      ASL-8.6-a). SMOKE and WP already fired do not close the window.
    * ``gun_hex``: the firing Gun's hex; None for OBA (no own-hex rule).
    * ``target_level``: only read under the ASL-AMB-12 option, for an Interior
      Building hex.

    Returns the placement, or raises :class:`RuleViolation`:

    * ``ASL-8.52-b``: the Gun's own hex;
    * ``ASL-8.52-a``: an Interior Building hex (ASL-AMB-12 default);
    * ``ASL-8.5-a``: SMOKE outside the owner's PFPh/DFPh (ASL-AMB-11 default);
    * ``ASL-8.5-b``: SMOKE after non-SMOKE fire in this phase;
    * ``ASL-8.6-a``: WP outside a friendly fire phase, or after friendly non-SMOKE fire.
    """
    opts = options or SmokeOptions()
    if ammo == "IR":
        raise RuleViolation(
            "ASL-8.7-a",
            msg(
                "Illuminating Rounds are not placed under C8: the night rules of Chapter E govern them"
            ),
            hint=msg("record IR as a capability only; place SMOKE or WP here"),
        )
    if ammo not in ("SMOKE", "WP"):
        raise UnknownName(
            msg("{ammo!r} is not a smoke round", ammo=ammo), hint=msg("use SMOKE or WP")
        )
    kind: SmokeAmmo = "SMOKE" if ammo == "SMOKE" else "WP"
    if not isinstance(phase, Phase):
        raise UnknownName(msg("{phase!r} is not a phase", phase=phase))

    if gun_hex is not None and target_hex == gun_hex:
        raise RuleViolation(
            "ASL-8.52-b",
            msg("a Gun cannot place {kind} in its own hex", kind=kind),
            hint=msg(
                "target another hex; some AFV may use a smoke dispenser in their own hex (D13)"
            ),
        )

    level: Literal["ground"] | int = "ground"
    clauses: list[str] = ["ASL-8.52-a"]
    if target_is_interior_building:
        if not opts.smoke_interior_building:
            raise RuleViolation(
                "ASL-8.52-a",
                msg(
                    "ordnance {kind} cannot be placed in an Interior Building hex (ASL-AMB-12)",
                    kind=kind,
                ),
                hint=msg(
                    "target a hex that is not an Interior Building hex, or play with the smoke_interior_building option"
                ),
            )
        if target_level is None:
            raise RuleViolation(
                "ASL-8.52-a",
                msg(
                    "the ASL-AMB-12 option places the round at the targeted level, but none was given"
                ),
                hint=msg("give target_level for the Interior Building hex"),
            )
        level = target_level
        clauses = ["ASL-AMB-12"]

    side = _side(owner_is_attacker)
    dispersed = _window(kind, phase, owner_is_attacker, opts)
    if kind == "SMOKE":
        if dispersed is None:
            raise RuleViolation(
                "ASL-8.5-a",
                msg(
                    "ordnance SMOKE cannot be fired in the {value}'s {value2}: only at the start of the owner's PFPh or DFPh",
                    value=side.value,
                    value2=phase.value,
                ),
                hint=msg(
                    "fire SMOKE at the start of your PFPh (full) or DFPh (Dispersed); WP may be fired in any of your fire phases"
                ),
            )
        if non_smoke_fired_this_phase:
            raise RuleViolation(
                "ASL-8.5-b",
                msg(
                    "a unit has already fired something other than SMOKE in this {value}",
                    value=phase.value,
                ),
                hint=msg("fire SMOKE before any other fire of the phase, or fire another round"),
            )
        clauses += ["ASL-8.5-a", "ASL-8.5-b", "ASL-8.51-b" if dispersed else "ASL-8.51-a"]
        if dispersed and phase is not Phase.DFPh:
            clauses.append("ASL-AMB-11")
    else:
        if dispersed is None:
            raise RuleViolation(
                "ASL-8.6-a",
                msg(
                    "WP can be fired only in a friendly fire phase, not in the {value}'s {value2}",
                    value=side.value,
                    value2=phase.value,
                ),
                hint=msg("fire WP in your PFPh (full), AFPh or DFPh (Dispersed)"),
            )
        if non_smoke_fired_this_phase:
            raise RuleViolation(
                "ASL-8.6-a",
                msg(
                    "a friendly unit has already fired something other than SMOKE in this {value}",
                    value=phase.value,
                ),
                hint=msg(
                    "fire WP before any other friendly fire of the phase, or fire another round"
                ),
            )
        clauses += ["ASL-8.6-a", "ASL-8.6-b"]
        if phase is Phase.MPh:
            clauses.append("ASL-AMB-13")

    return SmokePlacement(
        ammo=kind,
        phase=phase,
        hex=target_hex,
        dispersed=dispersed,
        level=level,
        hindrance_drm=HINDRANCE_DRM[(kind, dispersed)],
        clauses=(*clauses, "ASL-8.5-c", "ASL-8.5-d"),
    )
