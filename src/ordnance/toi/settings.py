"""Game settings: the scenario, the Hit Numbers and one field per ambiguity.

Every reading the notes mark ambiguous (``TOI-AMB-n``) is a field whose default
is the notes' RECOMMENDED DEFAULT (or the rule text, where the two disagree) and
whose other values are the documented options. The field descriptions name the
ambiguity, so ``settings_schema()`` documents itself.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ordnance.toi.munitions import DEFAULT_SUPPLY, Munition
from ordnance.toi.units import UnitProfile

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")


class HitNumbers(BaseModel):
    """Black-die Hit Number by range band (notes B3: 4+ close, 5+ normal, 6 long)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    close: int = Field(4, ge=1, le=7)
    normal: int = Field(5, ge=1, le=7)
    long: int = Field(6, ge=1, le=7)

    def for_band(self, band: str) -> int:
        value: int = getattr(self, band)
        return value


class UnitPlacement(BaseModel):
    """One unit of the scenario: a catalogue profile placed on a hex."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.\-]+$")
    profile: str
    side: str
    hex: str
    figures: int | None = Field(None, ge=1, le=12, description="Squads only: figures in the squad.")


class ToISettings(BaseModel):
    """Everything ``ToIGame.new`` needs. Unknown keys are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nations: tuple[str, str] = ("german", "soviet")
    # -- TOI-GEN-2: an optional rule, or forced by the scenario -------------------
    munitions_agreed: bool = Field(
        True, description="TOI-GEN-2: both players agreed to use the munitions tokens."
    )
    scenario_munitions: Literal["required", "forbidden"] | None = Field(
        None, description="TOI-GEN-2: the scenario's special rules force the tokens on or off."
    )
    # -- TOI-GEN-3 / TOI-AMB-13: the supply ---------------------------------------
    supply: dict[str, dict[Munition, int]] | None = Field(
        None,
        description="TOI-GEN-3/TOI-AMB-13: tokens per type per nation (default one of each).",
    )
    unlimited_supply: bool = Field(
        False, description="TOI-AMB-13 option: no supply limit, only the cap of three."
    )
    command: dict[str, int] = Field(
        default_factory=dict, description="Starting command per nation (default 3)."
    )
    # -- the attack (notes B3, B4) -------------------------------------------------
    hit_on: HitNumbers = HitNumbers()
    cancel_on: int = Field(5, ge=1, le=7, description="Red defense die cancelling a hit (B4).")
    # -- the scenario --------------------------------------------------------------
    map: str = Field("village", description="A map from the package data (see `toi maps`).")
    custom_map: dict[str, Any] | None = Field(
        None,
        description="A map given as data (a scenario file's map), in the package maps' "
        "format: name, columns, rows, default_terrain, terrain, elevation. Wins over `map`.",
    )
    units: tuple[UnitPlacement, ...] | None = Field(
        None, description="Unit placements; default: the map's sample scenario."
    )
    profiles: tuple[UnitProfile, ...] = Field(
        (), description="Extra unit profiles for this scenario (added to the sample catalogue)."
    )
    start_phase: Literal["action", "status"] = Field(
        "action", description="Phase of round 1 the game opens in."
    )
    # -- ambiguities ---------------------------------------------------------------
    drift_dice: Literal["text", "faq_core"] = Field(
        "text", description="TOI-AMB-1: text = red die distance, black die direction."
    )
    drift_orientation: Literal["map", "N", "NE", "SE", "S", "SW", "NW", "attacker_to_target"] = (
        Field("map", description="TOI-AMB-2: which hex direction the directional marker's 1 is.")
    )
    drift_clip: Literal["none", "last_legal"] = Field(
        "none", description="TOI-AMB-3: drift off map / into a building places nothing."
    )
    drift_into_smoke: Literal["nothing", "refresh"] = Field(
        "nothing", description="TOI-AMB-3 option: drift onto existing smoke refreshes it."
    )
    smoke_dice: Literal["vehicle_attack", "cover_defense", "flat"] = Field(
        "vehicle_attack",
        description="TOI-AMB-4: vehicle dice, range-band Hit Numbers, no defense dice.",
    )
    smoke_targets: Literal["open_only", "any"] = Field(
        "open_only", description="TOI-AMB-5: building or smoke hexes cannot be targeted."
    )
    he_scope: Literal["all_targets", "vehicles_only"] = Field(
        "all_targets", description="TOI-AMB-6: HE's 4+ at normal range applies to squads too."
    )
    he_long_range: Literal["refuse", "void"] = Field(
        "refuse", description="TOI-AMB-7: a long-range attack by a unit holding HE is refused."
    )
    firepower_order: Literal["modifier_first", "modifier_after_halving"] = Field(
        "modifier_first", description="TOI-AMB-8: munitions modifier before halving."
    )
    firepower_floor: int = Field(0, ge=0, le=1, description="TOI-AMB-8: floor of the firepower.")
    reveal_on_support: bool = Field(
        True,
        description="TOI-AMB-9: a unit's next attack reveals its token, supporting fire "
        "included (the text's 'next time the unit attacks'); false: only the lead reveals.",
    )
    reveal_only_vs_vehicles: bool = Field(
        False, description="TOI-AMB-9 option: only attacks on vehicles (or Smoke) reveal."
    )
    combined_band: Literal["single", "per_participant"] = Field(
        "single", description="TOI-AMB-10: munitions use the combined attack's single band."
    )
    tokens_per_unit: int = Field(1, ge=1, le=3, description="TOI-AMB-11: tokens per unit.")
    token_choice: Literal["choose", "random"] = Field(
        "choose", description="TOI-AMB-12: the buyer chooses the type (or draws at random)."
    )
    keep_or_discard: Literal["once", "every_status_phase"] = Field(
        "once",
        description="TOI-AMB-14: the keep-or-discard choice comes once, at the end of the next "
        "Status Phase (the text); every_status_phase: offered at every later one.",
    )
    discarded_tokens: Literal["supply", "removed"] = Field(
        "supply", description="TOI-AMB-15: discarded tokens return to the supply."
    )
    destroyed_unit_token: Literal["supply", "reveal"] = Field(
        "supply", description="TOI-AMB-16: a destroyed unit's token returns unrevealed."
    )
    smoke_expiry: Literal["next_round", "next_status_phase"] = Field(
        "next_round", description="TOI-AMB-17: smoke lasts until the next round's Status Phase."
    )

    @field_validator("nations")
    @classmethod
    def _distinct(cls, value: tuple[str, str]) -> tuple[str, str]:
        a, b = (v.strip().lower() for v in value)
        if not a or not b or a == b:
            raise ValueError("two different nation names are needed")
        return (a, b)

    @model_validator(mode="after")
    def _known_nations(self) -> ToISettings:
        for what, mapping in (("supply", self.supply or {}), ("command", self.command)):
            for nation in mapping:
                if nation not in self.nations:
                    raise ValueError(f"{what} names {nation!r}, which is not a nation of this game")
        return self

    # -- derived -------------------------------------------------------------------
    @property
    def munitions_in_force(self) -> bool:
        """TOI-GEN-2: a scenario rule wins; otherwise both players must agree."""
        if self.scenario_munitions is not None:
            return self.scenario_munitions == "required"
        return self.munitions_agreed

    def supply_for(self, nation: str) -> dict[Munition, int]:
        """The nation's starting supply (TOI-GEN-3; default one of each, TOI-AMB-13)."""
        if self.supply and nation in self.supply:
            return {m: int(self.supply[nation].get(m, 0)) for m in Munition}
        return dict(DEFAULT_SUPPLY)

    def command_for(self, nation: str) -> int:
        return int(self.command.get(nation, 3))
