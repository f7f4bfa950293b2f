"""Unit profiles (catalogue entries) and the kinds of unit.

A piece of equipment (an AT gun) counts as a vehicle: it is attacked with
vehicle firepower and may carry munitions tokens (TOI-GEN-1, notes B7). Squads
may not carry tokens.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from ordnance.core.fields import Record


class UnitKind(StrEnum):
    SQUAD = "squad"
    VEHICLE = "vehicle"
    EQUIPMENT = "equipment"

    @property
    def counts_as_vehicle(self) -> bool:
        """Vehicles and pieces of equipment (TOI-GEN-1, B7)."""
        return self is not UnitKind.SQUAD


class FireValue(Record):
    """Firepower and range against one target type."""

    firepower: int = Field(ge=0, le=30)
    range: int = Field(ge=0, le=30)


class UnitProfile(Record):
    """A catalogue entry: what a kind of unit can do."""

    name: str
    title: str
    nation: str
    kind: UnitKind
    vs_infantry: FireValue
    vs_vehicle: FireValue
    armour: int = Field(0, ge=0, le=10)
    figures: int | None = Field(None, ge=1, le=12, description="Squads: figures at full strength.")

    def fire(self, target_is_vehicle: bool) -> FireValue:
        """The firepower/range pair that matches the target type (B2)."""
        return self.vs_vehicle if target_is_vehicle else self.vs_infantry
