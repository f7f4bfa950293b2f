"""The rule readings an attack and a Smoke round depend on, as plain values.

:class:`~ordnance.toi.settings.ToISettings` is a Pydantic model of every game
setting; building it imports Pydantic and builds its validators, about a
third of a second. The attack and Smoke procedures read a dozen of its fields
only, so they take anything with those fields (:class:`RuleReadings`, which
``ToISettings`` is), and the stand-alone odds commands pass
:data:`DEFAULTS`, which holds the documented defaults without Pydantic.

One source for each default: ``ToISettings`` takes its field defaults and
choices from here (``tests/toi/test_readings.py`` checks that the two agree).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol, get_args

from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg

#: TOI-AMB-1: which drift die gives the distance.
DriftDice = Literal["text", "faq_core"]
#: TOI-AMB-2: where the directional marker's 1 points.
DriftOrientation = Literal["map", "N", "NE", "SE", "S", "SW", "NW", "attacker_to_target"]
#: TOI-AMB-3: drift off the map or into a building.
DriftClip = Literal["none", "last_legal"]
#: TOI-AMB-3 option: drift onto smoke already there.
DriftIntoSmoke = Literal["nothing", "refresh"]
#: TOI-AMB-4: the dice of a Smoke round.
SmokeDice = Literal["vehicle_attack", "cover_defence", "flat"]
#: TOI-AMB-6: what HE's normal-range Hit Number applies to.
HeScope = Literal["all_targets", "vehicles_only"]
#: TOI-AMB-8: the munitions modifier before or after halving.
FirepowerOrder = Literal["modifier_first", "modifier_after_halving"]
#: TOI-AMB-10: the range band of a combined attack's munitions.
CombinedBand = Literal["single", "per_participant"]


class HitTable(Protocol):
    """Black-die Hit Number by range band."""

    def for_band(self, band: str) -> int: ...


class RuleReadings(Protocol):
    """What :func:`~ordnance.toi.rules.attack.plan_attack` and the Smoke procedures read."""

    @property
    def hit_on(self) -> HitTable: ...
    @property
    def cancel_on(self) -> int: ...
    @property
    def combined_band(self) -> str: ...
    @property
    def firepower_order(self) -> str: ...
    @property
    def firepower_floor(self) -> int: ...
    @property
    def he_scope(self) -> str: ...
    @property
    def smoke_dice(self) -> str: ...
    @property
    def drift_dice(self) -> str: ...
    @property
    def drift_orientation(self) -> str: ...
    @property
    def drift_clip(self) -> str: ...
    @property
    def drift_into_smoke(self) -> str: ...


@dataclass(frozen=True, slots=True)
class HitNumbers:
    """Notes B3: 4+ at close range, 5+ at normal, 6 at long."""

    close: int = 4
    normal: int = 5
    long: int = 6

    def for_band(self, band: str) -> int:
        value: int = getattr(self, band)
        return value


@dataclass(frozen=True, slots=True)
class Readings:
    """The default reading of each rule the attack and Smoke procedures use."""

    hit_on: HitNumbers = field(default_factory=HitNumbers)
    cancel_on: int = 5
    combined_band: CombinedBand = "single"
    firepower_order: FirepowerOrder = "modifier_first"
    firepower_floor: int = 0
    he_scope: HeScope = "all_targets"
    smoke_dice: SmokeDice = "vehicle_attack"
    drift_dice: DriftDice = "text"
    drift_orientation: DriftOrientation = "map"
    drift_clip: DriftClip = "none"
    drift_into_smoke: DriftIntoSmoke = "nothing"


#: The documented defaults (the notes' recommended readings).
DEFAULTS = Readings()


def drift_dice_reading(text: str) -> DriftDice:
    """A ``--drift-dice`` value checked against the TOI-AMB-1 readings."""
    for choice in get_args(DriftDice):
        if text == choice:
            chosen: DriftDice = choice
            return chosen
    raise OrdnanceError(
        msg("unknown drift dice reading {text!r}", text=text),
        clause="TOI-AMB-1",
        hint=" or ".join(get_args(DriftDice)),
    )
