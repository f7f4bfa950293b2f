"""Game settings: the scenario, the Hit Numbers and one field per ambiguity.

Every reading the notes mark ambiguous (``TOI-AMB-n``) is a field whose default
is the notes' RECOMMENDED DEFAULT (or the rule text, where the two disagree) and
whose other values are the documented options. The field descriptions name the
ambiguity, so ``settings_schema()`` documents itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    NonNegativeInt,
    ValidationError,
    field_validator,
    model_validator,
)

from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg
from ordnance.core.names import name_problem
from ordnance.toi.munitions import DEFAULT_SUPPLY, Munition
from ordnance.toi.readings import (
    DEFAULTS,
    CombinedBand,
    DriftClip,
    DriftDice,
    DriftIntoSmoke,
    DriftOrientation,
    FirepowerOrder,
    HeScope,
    SmokeDice,
)
from ordnance.toi.units import UnitProfile

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")


def _rule(default: Any, title: str, description: str) -> Any:
    """A rule option of the lobby (folded under "rule options")."""
    return Field(
        default, title=title, description=description, json_schema_extra={"x-group": "rules"}
    )


class HitNumbers(BaseModel):
    """Black-die Hit Number by range band (notes B3: 4+ close, 5+ normal, 6 long)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    close: int = Field(
        DEFAULTS.hit_on.close, ge=1, le=7, title="Close range", description="Hit on this or more."
    )
    normal: int = Field(
        DEFAULTS.hit_on.normal, ge=1, le=7, title="Normal range", description="Hit on this or more."
    )
    long: int = Field(
        DEFAULTS.hit_on.long, ge=1, le=7, title="Long range", description="Hit on this or more."
    )

    def for_band(self, band: str) -> int:
        value: int = getattr(self, band)
        return value


class UnitPlacement(BaseModel):
    """One unit of the scenario: a catalogue profile placed on a hex."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(
        min_length=1,
        max_length=40,
        pattern=r"^[A-Za-z0-9_.\-]+$",
        title="Unit name",
        description="A short name, e.g. g-panther-1.",
    )
    profile: str = Field(title="Profile", description="A unit profile of the catalogue.")
    side: str = Field(title="Nation", description="The nation that owns it.")
    hex: str = Field(
        title="Hex", description="Where it starts: the hex's printed number (e.g. 0305)."
    )
    figures: int | None = Field(
        None, ge=1, le=12, title="Figures", description="Squads only: figures in the squad."
    )


class ToISettings(BaseModel):
    """Everything ``ToIGame.new`` needs. Unknown keys are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nations: tuple[str, str] = Field(
        ("german", "soviet"),
        title="Nations",
        description="The two nations, one seat each.",
    )
    # -- TOI-GEN-2: an optional rule, or forced by the scenario -------------------
    munitions_agreed: bool = Field(
        True,
        title="Use munitions tokens",
        description="TOI-GEN-2: both players agreed to use the munitions tokens.",
    )
    scenario_munitions: Literal["required", "forbidden"] | None = Field(
        None,
        title="Scenario rule on munitions",
        description="TOI-GEN-2: the scenario's special rules force the tokens on or off.",
        json_schema_extra={"x-labels": ["Required by the scenario", "Forbidden by the scenario"]},
    )
    # -- TOI-GEN-3 / TOI-AMB-13: the supply ---------------------------------------
    supply: dict[str, dict[Munition, NonNegativeInt]] | None = Field(
        None,
        title="Token supply",
        description="TOI-GEN-3/TOI-AMB-13: tokens per type per nation (default one of each).",
        json_schema_extra={"x-group": "scenario"},
    )
    unlimited_supply: bool = _rule(
        False,
        "Unlimited supply",
        "TOI-AMB-13 option: no supply limit, only the cap of three.",
    )
    command: dict[str, NonNegativeInt] = Field(
        default_factory=dict,
        title="Starting command",
        description="Starting command per nation (default 3).",
        json_schema_extra={"x-group": "scenario"},
    )
    # -- the attack (notes B3, B4) -------------------------------------------------
    hit_on: HitNumbers = Field(
        HitNumbers(),
        title="Hit Numbers by range",
        description="Black-die Hit Number by range band (notes B3: 4+ close, 5+ normal, 6 long).",
        json_schema_extra={"x-group": "scenario"},
    )
    cancel_on: int = Field(
        DEFAULTS.cancel_on,
        ge=1,
        le=7,
        title="Defence die cancels on",
        description="Red defence die cancelling a hit (B4).",
        json_schema_extra={"x-group": "scenario"},
    )
    # -- the scenario --------------------------------------------------------------
    map: str = Field(
        "village",
        title="Map",
        description="A map from the package data (see `toi maps`).",
    )
    custom_map: dict[str, Any] | None = Field(
        None,
        title="Map from a scenario file",
        description="A map given as data (a scenario file's map), in the package maps' "
        "format: name, columns, rows, default_terrain, terrain, elevation. Wins over `map`.",
        json_schema_extra={"x-group": "scenario"},
    )
    units: tuple[UnitPlacement, ...] | None = Field(
        None,
        title="Units",
        description="Unit placements; default: the map's sample scenario.",
        json_schema_extra={"x-group": "scenario"},
    )
    profiles: tuple[UnitProfile, ...] = _rule(
        (),
        "Extra unit profiles",
        "Extra unit profiles for this scenario (added to the sample catalogue).",
    )
    start_phase: Literal["action", "status"] = Field(
        "action",
        title="Opening phase",
        description="Phase of round 1 the game opens in.",
        json_schema_extra={"x-labels": ["Action Phase", "Status Phase"]},
    )
    # -- ambiguities ---------------------------------------------------------------
    drift_dice: DriftDice = Field(
        DEFAULTS.drift_dice,
        title="Drift dice",
        description="TOI-AMB-1: text = red die distance, black die direction.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["Red die distance, black die direction (rule text)", "Core FAQ reading"],
        },
    )
    drift_orientation: DriftOrientation = Field(
        DEFAULTS.drift_orientation,
        title="Drift orientation",
        description="TOI-AMB-2: which hex direction the directional marker's 1 is.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": [
                "As the map's marker",
                "North (N)",
                "North-east (NE)",
                "South-east (SE)",
                "South (S)",
                "South-west (SW)",
                "North-west (NW)",
                "Attacker to target",
            ],
        },
    )
    drift_clip: DriftClip = Field(
        DEFAULTS.drift_clip,
        title="Drift off the map",
        description="TOI-AMB-3: drift off map / into a building places nothing.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["Nothing is placed", "Stop at the last legal hex"],
        },
    )
    drift_into_smoke: DriftIntoSmoke = Field(
        DEFAULTS.drift_into_smoke,
        title="Drift onto smoke",
        description="TOI-AMB-3 option: drift onto existing smoke refreshes it.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["Nothing happens", "Refresh that smoke"],
        },
    )
    smoke_dice: SmokeDice = Field(
        DEFAULTS.smoke_dice,
        title="Smoke round dice",
        description="TOI-AMB-4: vehicle dice, range-band Hit Numbers, no defence dice.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["Vehicle attack dice", "Cover and defence dice", "Flat Hit Number"],
        },
    )
    smoke_targets: Literal["open_only", "any"] = Field(
        "open_only",
        title="Smoke targets",
        description="TOI-AMB-5: building or smoke hexes cannot be targeted.",
        json_schema_extra={"x-group": "rules", "x-labels": ["Open hexes only", "Any hex"]},
    )
    he_scope: HeScope = Field(
        DEFAULTS.he_scope,
        title="HE applies to",
        description="TOI-AMB-6: HE's 4+ at normal range applies to squads too.",
        json_schema_extra={"x-group": "rules", "x-labels": ["All targets", "Vehicles only"]},
    )
    he_long_range: Literal["refuse", "void"] = Field(
        "refuse",
        title="HE at long range",
        description="TOI-AMB-7: a long-range attack by a unit holding HE is refused.",
        json_schema_extra={"x-group": "rules", "x-labels": ["Refused", "Token voided"]},
    )
    firepower_order: FirepowerOrder = Field(
        DEFAULTS.firepower_order,
        title="Firepower order",
        description="TOI-AMB-8: munitions modifier before halving.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["Modifier first", "Modifier after halving"],
        },
    )
    firepower_floor: int = Field(
        DEFAULTS.firepower_floor,
        ge=0,
        le=1,
        title="Firepower floor",
        description="TOI-AMB-8: floor of the firepower.",
        json_schema_extra={"x-group": "rules"},
    )
    reveal_on_support: bool = Field(
        True,
        title="Supporting fire reveals",
        description="TOI-AMB-9: a unit's next attack reveals its token, supporting fire "
        "included (the text's 'next time the unit attacks'); off: only the lead reveals.",
        json_schema_extra={"x-group": "rules"},
    )
    reveal_only_vs_vehicles: bool = Field(
        False,
        title="Reveal only against vehicles",
        description="TOI-AMB-9 option: only attacks on vehicles (or Smoke) reveal.",
        json_schema_extra={"x-group": "rules"},
    )
    combined_band: CombinedBand = Field(
        DEFAULTS.combined_band,
        title="Combined attack range band",
        description="TOI-AMB-10: munitions use the combined attack's single band.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["One band for the attack", "Each participant's band"],
        },
    )
    tokens_per_unit: int = Field(
        1,
        ge=1,
        le=3,
        title="Tokens per unit",
        description="TOI-AMB-11: tokens per unit.",
        json_schema_extra={"x-group": "rules"},
    )
    token_choice: Literal["choose", "random"] = Field(
        "choose",
        title="Token type",
        description="TOI-AMB-12: the buyer chooses the type (or draws at random).",
        json_schema_extra={"x-group": "rules", "x-labels": ["Buyer chooses", "Drawn at random"]},
    )
    keep_or_discard: Literal["once", "every_status_phase"] = Field(
        "once",
        title="Keep or discard",
        description="TOI-AMB-14: the keep-or-discard choice comes once, at the end of the next "
        "Status Phase (the text), or at every later one.",
        json_schema_extra={"x-group": "rules", "x-labels": ["Once", "Every Status Phase"]},
    )
    discarded_tokens: Literal["supply", "removed"] = Field(
        "supply",
        title="Discarded tokens",
        description="TOI-AMB-15: discarded tokens return to the supply.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["Back to the supply", "Out of the game"],
        },
    )
    destroyed_unit_token: Literal["supply", "reveal"] = Field(
        "supply",
        title="Token of a destroyed unit",
        description="TOI-AMB-16: a destroyed unit's token returns unrevealed.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["Back to the supply unrevealed", "Revealed"],
        },
    )
    smoke_expiry: Literal["next_round", "next_status_phase"] = Field(
        "next_round",
        title="Smoke lasts until",
        description="TOI-AMB-17: smoke lasts until the next round's Status Phase.",
        json_schema_extra={"x-group": "rules", "x-labels": ["Next round", "Next Status Phase"]},
    )

    @field_validator("smoke_dice", mode="before")
    @classmethod
    def _old_spelling(cls, value: Any) -> Any:
        """Journals and scenario files written before the project spelled it "defence"
        say ``cover_defense``; they still load, as the same reading."""
        return "cover_defence" if value == "cover_defense" else value

    @field_validator("nations")
    @classmethod
    def _distinct(cls, value: tuple[str, str]) -> tuple[str, str]:
        a, b = (v.strip().lower() for v in value)
        if not a or not b or a == b:
            raise ValueError("two different nation names are needed")
        for name in (a, b):
            wrong = name_problem(name)
            if wrong is not None:
                raise ValueError(f"the nation name {name[:40]!r} is not usable: {wrong}")
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


def parse_settings(settings: Mapping[str, Any]) -> ToISettings:
    """Validated settings, or one line naming the first bad field (no Pydantic report)."""
    try:
        return ToISettings.model_validate(dict(settings))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "settings"
        raise OrdnanceError(
            msg("bad Tide of Iron settings: {where}: {msg}", where=where, msg=first["msg"])
        ) from None
