"""Resolving one Canister shot from its Original DR (ASL-8.4-b, -f, -g, ASL-8.42, ASL-AMB-9).

:func:`resolve` judges ONE Original IFT DR: the Canister depletion check
(8.9 when exceeded, ASL-8.4-g), the malfunction check, and each Location's
own Final DR on the IFT. :func:`fire_canister` takes the dice from a
:class:`~ordnance.core.dice.DiceSource`; its exact odds are in
:mod:`ordnance.asl.canister.odds`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, Required, TypedDict, Unpack

from ordnance.asl.canister.attacks import CanisterHexAttack, Location
from ordnance.asl.canister.options import CanisterOptions
from ordnance.asl.rules import depletion, ift
from ordnance.core.dice import DR, DiceSource
from ordnance.core.errors import OrdnanceError, TooManyDice
from ordnance.core.hexes import Hex
from ordnance.core.messages import msg
from ordnance.core.plain import attributes

__all__ = [
    "NO_EFFECT",
    "CanisterHexResult",
    "CanisterResult",
    "CanisterShotInputs",
    "DepletionOutcome",
    "canister_depletion",
    "drm_for",
    "fire_canister",
    "resolve",
]

#: Outcome label of a Location whose Final DR gives no IFT result.
NO_EFFECT = "no effect"

DepletionOutcome = Literal["used", "used-and-depleted", "not-available", "no-check"]


class CanisterShotInputs(TypedDict, total=False):
    """The keywords a Canister shot is judged with (see :func:`resolve` for their meaning).

    :func:`fire_canister` and :func:`~ordnance.asl.canister.odds.canister_odds`
    take them as ``**shot`` and so keep the same keywords and defaults as
    :func:`resolve`.
    """

    depletion_number: Required[int | None]
    breakdown_number: int | None
    drm: Mapping[Hex | Location, int] | None
    common_drm: int
    options: CanisterOptions | None


@dataclass(frozen=True, slots=True)
class CanisterHexResult:
    """The IFT outcome in one attacked Location (its :attr:`attack`)."""

    attack: CanisterHexAttack
    dr: DR
    final_dr: int
    #: The IFT cell, or None for no effect (also when the FP is below 1).
    result: str | None
    #: ASL-8.42-b: a KIA gives any SW in the hex the same destruction chance as an HE KIA.
    sw_destruction_as_he_kia: bool
    #: The IFT vehicle line (Final TK#) for unarmored vehicles here (ASL-AMB-10).
    vehicle_tk: int | None

    @property
    def hex(self) -> Hex:
        return self.attack.hex

    @property
    def level(self) -> int:
        return self.attack.level

    @property
    def role(self) -> Literal["cluster", "adjacent"]:
        return self.attack.role

    @property
    def fp(self) -> Fraction:
        return self.attack.fp

    @property
    def column(self) -> int | None:
        return self.attack.column

    @property
    def targets(self) -> tuple[str, ...]:
        return self.attack.targets

    @property
    def vehicle_targets(self) -> tuple[str, ...]:
        return self.attack.vehicle_targets

    @property
    def outcome(self) -> str:
        return self.result or NO_EFFECT

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.attack.place_dict(),
            "dr": str(self.dr),
            **attributes(self, "final_dr result sw_destruction_as_he_kia vehicle_tk"),
            "targets": list(self.targets),
            "vehicle_targets": list(self.vehicle_targets),
        }


@dataclass(frozen=True, slots=True)
class CanisterResult:
    """Everything one Canister shot did."""

    original: DR
    depletion: DepletionOutcome
    #: False when the DR exceeded the Depletion Number: the Gun has not fired (ASL-8.9-e).
    fired: bool
    #: True when the Gun has no Canister left for the scenario (DR >= C#).
    canister_gone: bool
    malfunction: bool
    hexes: tuple[CanisterHexResult, ...]
    clauses: tuple[str, ...]
    #: ASL-8.42-a: Canister never rubbles a building, sets a Fire or clears Wire.
    can_rubble: bool = field(default=False)
    can_set_fire: bool = field(default=False)
    can_clear_wire: bool = field(default=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "original": str(self.original),
            "original_total": self.original.total,
            **attributes(self, "depletion fired canister_gone malfunction"),
            "hexes": [h.to_dict() for h in self.hexes],
            "can_rubble": self.can_rubble,
            "can_set_fire": self.can_set_fire,
            "can_clear_wire": self.can_clear_wire,
            "clauses": list(self.clauses),
        }


def drm_for(
    attack: CanisterHexAttack, drm: Mapping[Hex | Location, int] | None, common_drm: int
) -> int:
    """A Location's DRM: ``common_drm``, its entry in ``drm`` (by Location, else hex), its own."""
    extra = 0
    if drm:
        if attack.location in drm:
            extra = drm[attack.location]
        elif attack.hex in drm:
            extra = drm[attack.hex]
    return common_drm + extra + attack.total_drm


def canister_depletion(total: int, depletion_number: int | None) -> DepletionOutcome:
    """ASL-8.9-c/d/e via ASL-8.4-g through :func:`ordnance.asl.rules.depletion.depletion_outcome`.

    The one Canister addition: a piece with no C# reports ``"no-check"``.
    """
    if depletion_number is None:
        return "no-check"
    return depletion.depletion_outcome(total, depletion_number).value


def resolve(
    dr: DR,
    attacks: Sequence[CanisterHexAttack],
    *,
    depletion_number: int | None,
    breakdown_number: int | None = None,
    drm: Mapping[Hex | Location, int] | None = None,
    common_drm: int = 0,
    location_drs: Sequence[DR] = (),
    options: CanisterOptions | None = None,
) -> CanisterResult:
    """Judge one Canister shot from its Original IFT DR (ASL-8.4-b, -f, -g, ASL-AMB-9).

    * No To Hit DR (ASL-8.4-b): ``dr`` is the IFT DR, and its Original total is
      also the depletion check against ``depletion_number`` (the C#) and the
      malfunction check against ``breakdown_number`` (B#; None = 12, notes B5.7).
    * DR > C#: 8.9 applies: nothing is attacked, the Gun has not fired (except
      for malfunction) and its Canister is gone (ASL-8.4-g, ASL-8.9-e).
    * Otherwise each Location gets Final DR = Original + ``common_drm`` (e.g. the
      CA change DRM of ASL-8.4-d) + its own TEM/Hindrance DRM from ``drm``
      (keyed by ``(hex, level)`` or by hex), read on the IFT in its column.
    * Depletion and malfunction are judged independently (ASL-AMB-18): a
      malfunctioning Gun still resolves the shot its DR made.
    * ASL-AMB-9 option ``per-location``: ``location_drs`` gives one more DR for
      each Location after the first; the first uses ``dr``.
    """
    opts = options or CanisterOptions()
    total = dr.total
    outcome = canister_depletion(total, depletion_number)
    malfunction = depletion.malfunctions(total, breakdown_number)
    clauses = ["ASL-8.4-b", "ASL-8.4-f", "ASL-AMB-9", "ASL-8.42-a"]
    if outcome == "not-available":
        if location_drs:
            raise TooManyDice(
                msg("the Canister DR exceeded the Depletion Number, so no Location DR is rolled")
            )
        return CanisterResult(
            original=dr,
            depletion=outcome,
            fired=False,
            canister_gone=True,
            malfunction=malfunction,
            hexes=(),
            clauses=(*clauses, "ASL-8.4-g", "ASL-8.9-e"),
        )
    per_location = opts.canister_dr == "per-location"
    needed = max(len(attacks) - 1, 0) if per_location else 0
    if len(location_drs) != needed:
        raise OrdnanceError(
            msg(
                "{n_location_drs} extra Location DRs given, {needed} needed",
                n_location_drs=len(location_drs),
                needed=needed,
            ),
            clause="ASL-AMB-9",
            hint=msg(
                "one DR per attacked Location after the first with the per-location option, none otherwise"
            ),
        )
    drs = [dr, *location_drs] if per_location else [dr] * len(attacks)
    results: list[CanisterHexResult] = []
    for attack, own in zip(attacks, drs, strict=True):
        final = own.total + drm_for(attack, drm, common_drm)
        cell = None if attack.column is None else ift.result(attack.column, final)
        vehicle_tk = (
            ift.vehicle_line(attack.column)
            if attack.column is not None and attack.vehicle_targets
            else None
        )
        results.append(
            CanisterHexResult(
                attack=attack,
                dr=own,
                final_dr=final,
                result=cell,
                sw_destruction_as_he_kia=ift.is_kia(cell),
                vehicle_tk=vehicle_tk,
            )
        )
    if per_location:
        clauses.append("ASL-AMB-9:per-location")
    return CanisterResult(
        original=dr,
        depletion=outcome,
        fired=True,
        canister_gone=outcome == "used-and-depleted",
        malfunction=malfunction,
        hexes=tuple(results),
        clauses=(*clauses, "ASL-8.4-d", "ASL-8.4-i", "ASL-8.42-b"),
    )


def fire_canister(
    dice: DiceSource, attacks: Sequence[CanisterHexAttack], **shot: Unpack[CanisterShotInputs]
) -> CanisterResult:
    """Roll the Canister DR (and the per-Location DRs of the ASL-AMB-9 option) and :func:`resolve`."""
    opts = shot.get("options") or CanisterOptions()
    first = dice.dr("canister")
    extra: list[DR] = []
    if (
        opts.canister_dr == "per-location"
        and canister_depletion(first.total, shot["depletion_number"]) != "not-available"
    ):
        extra = [dice.dr(f"canister:{i}") for i in range(1, len(attacks))]
    return resolve(first, attacks, location_drs=extra, **shot)
