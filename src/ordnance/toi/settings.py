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
    NonNegativeInt,
    ValidationError,
    field_validator,
    model_validator,
)

from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import Record, option, rule, scenario
from ordnance.core.messages import msg
from ordnance.core.names import PieceId, name_problem
from ordnance.core.validation import first_error
from ordnance.toi.rules.munitions import DEFAULT_SUPPLY, Munition
from ordnance.toi.rules.readings import (
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
from ordnance.toi.rules.units import UnitProfile

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")


class HitNumbers(Record):
    """Black-die Hit Number by range band (notes B3: 4+ close, 5+ normal, 6 long)."""

    close: int = option(DEFAULTS.hit_on.close, "Close range", "Hit on this or more.", ge=1, le=7)
    normal: int = option(DEFAULTS.hit_on.normal, "Normal range", "Hit on this or more.", ge=1, le=7)
    long: int = option(DEFAULTS.hit_on.long, "Long range", "Hit on this or more.", ge=1, le=7)

    def for_band(self, band: str) -> int:
        value: int = getattr(self, band)
        return value


class UnitPlacement(Record):
    """One unit of the scenario: a catalogue profile placed on a hex."""

    id: PieceId = option(title="Unit name", description="A short name, e.g. g-panther-1.")
    profile: str = option(title="Profile", description="A unit profile of the catalogue.")
    side: str = option(title="Nation", description="The nation that owns it.")
    hex: str = option(
        title="Hex", description="Where it starts: the hex's printed number (e.g. 0305)."
    )
    figures: int | None = option(None, "Figures", "Squads only: figures in the squad.", ge=1, le=12)


class ToISettings(Record):
    """Everything ``ToIGame.new`` needs. Unknown keys are refused."""

    # One line an option: default, title, help (naming its clause), labels. The
    # formatter is off here so that the options read as a table.
    # fmt: off
    nations: tuple[str, str] = option(("german", "soviet"), "Nations", "The two nations, one seat each.")
    # -- TOI-GEN-2: an optional rule, or forced by the scenario -------------------
    munitions_agreed: bool = option(True, "Use munitions tokens", "TOI-GEN-2: both players agreed to use the munitions tokens.")
    scenario_munitions: Literal["required", "forbidden"] | None = option(None, "Scenario rule on munitions", "TOI-GEN-2: the scenario's special rules force the tokens on or off.", labels=["Required by the scenario", "Forbidden by the scenario"])
    # -- TOI-GEN-3 / TOI-AMB-13: the supply ---------------------------------------
    supply: dict[str, dict[Munition, NonNegativeInt]] | None = scenario(None, "Token supply", "TOI-GEN-3/TOI-AMB-13: tokens per type per nation (default one of each).")
    unlimited_supply: bool = rule(False, "Unlimited supply", "TOI-AMB-13 option: no supply limit, only the cap of three.")
    command: dict[str, NonNegativeInt] = option(title="Starting command", description="Starting command per nation (default 3).", group="scenario", default_factory=dict)
    # -- the attack (notes B3, B4) -------------------------------------------------
    hit_on: HitNumbers = scenario(HitNumbers(), "Hit Numbers by range", "Black-die Hit Number by range band (notes B3: 4+ close, 5+ normal, 6 long).")
    cancel_on: int = scenario(DEFAULTS.cancel_on, "Defence die cancels on", "Red defence die cancelling a hit (B4).", ge=1, le=7)
    # -- the scenario --------------------------------------------------------------
    map: str = option("village", "Map", "A map from the package data (see `toi maps`).")
    custom_map: dict[str, Any] | None = scenario(None, "Map from a scenario file", "A map given as data (a scenario file's map), in the package maps' format: name, columns, rows, default_terrain, terrain, elevation. Wins over `map`.")
    units: tuple[UnitPlacement, ...] | None = scenario(None, "Units", "Unit placements; default: the map's sample scenario.")
    profiles: tuple[UnitProfile, ...] = rule((), "Extra unit profiles", "Extra unit profiles for this scenario (added to the sample catalogue).")
    start_phase: Literal["action", "status"] = option("action", "Opening phase", "Phase of round 1 the game opens in.", labels=["Action Phase", "Status Phase"])
    # -- ambiguities ---------------------------------------------------------------
    drift_dice: DriftDice = rule(DEFAULTS.drift_dice, "Drift dice", "TOI-AMB-1: text = red die distance, black die direction.", labels=["Red die distance, black die direction (rule text)", "Core FAQ reading"])
    drift_orientation: DriftOrientation = rule(DEFAULTS.drift_orientation, "Drift orientation", "TOI-AMB-2: which hex direction the directional marker's 1 is.", labels=["As the map's marker", "North (N)", "North-east (NE)", "South-east (SE)", "South (S)", "South-west (SW)", "North-west (NW)", "Attacker to target"])
    drift_clip: DriftClip = rule(DEFAULTS.drift_clip, "Drift off the map", "TOI-AMB-3: drift off map / into a building places nothing.", labels=["Nothing is placed", "Stop at the last legal hex"])
    drift_into_smoke: DriftIntoSmoke = rule(DEFAULTS.drift_into_smoke, "Drift onto smoke", "TOI-AMB-3 option: drift onto existing smoke refreshes it.", labels=["Nothing happens", "Refresh that smoke"])
    smoke_dice: SmokeDice = rule(DEFAULTS.smoke_dice, "Smoke round dice", "TOI-AMB-4: vehicle dice, range-band Hit Numbers, no defence dice.", labels=["Vehicle attack dice", "Cover and defence dice", "Flat Hit Number"])
    smoke_targets: Literal["open_only", "any"] = rule("open_only", "Smoke targets", "TOI-AMB-5: building or smoke hexes cannot be targeted.", labels=["Open hexes only", "Any hex"])
    he_scope: HeScope = rule(DEFAULTS.he_scope, "HE applies to", "TOI-AMB-6: HE's 4+ at normal range applies to squads too.", labels=["All targets", "Vehicles only"])
    he_long_range: Literal["refuse", "void"] = rule("refuse", "HE at long range", "TOI-AMB-7: a long-range attack by a unit holding HE is refused.", labels=["Refused", "Token voided"])
    firepower_order: FirepowerOrder = rule(DEFAULTS.firepower_order, "Firepower order", "TOI-AMB-8: munitions modifier before halving.", labels=["Modifier first", "Modifier after halving"])
    firepower_floor: int = rule(DEFAULTS.firepower_floor, "Firepower floor", "TOI-AMB-8: floor of the firepower.", ge=0, le=1)
    reveal_on_support: bool = rule(True, "Supporting fire reveals", "TOI-AMB-9: a unit's next attack reveals its token, supporting fire included (the text's 'next time the unit attacks'); off: only the lead reveals.")
    reveal_only_vs_vehicles: bool = rule(False, "Reveal only against vehicles", "TOI-AMB-9 option: only attacks on vehicles (or Smoke) reveal.")
    combined_band: CombinedBand = rule(DEFAULTS.combined_band, "Combined attack range band", "TOI-AMB-10: munitions use the combined attack's single band.", labels=["One band for the attack", "Each participant's band"])
    tokens_per_unit: int = rule(1, "Tokens per unit", "TOI-AMB-11: tokens per unit.", ge=1, le=3)
    token_choice: Literal["choose", "random"] = rule("choose", "Token type", "TOI-AMB-12: the buyer chooses the type (or draws at random).", labels=["Buyer chooses", "Drawn at random"])
    keep_or_discard: Literal["once", "every_status_phase"] = rule("once", "Keep or discard", "TOI-AMB-14: the keep-or-discard choice comes once, at the end of the next Status Phase (the text), or at every later one.", labels=["Once", "Every Status Phase"])
    discarded_tokens: Literal["supply", "removed"] = rule("supply", "Discarded tokens", "TOI-AMB-15: discarded tokens return to the supply.", labels=["Back to the supply", "Out of the game"])
    destroyed_unit_token: Literal["supply", "reveal"] = rule("supply", "Token of a destroyed unit", "TOI-AMB-16: a destroyed unit's token returns unrevealed.", labels=["Back to the supply unrevealed", "Revealed"])
    smoke_expiry: Literal["next_round", "next_status_phase"] = rule("next_round", "Smoke lasts until", "TOI-AMB-17: smoke lasts until the next round's Status Phase.", labels=["Next round", "Next Status Phase"])
    # fmt: on

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
        raise OrdnanceError(
            msg("bad Tide of Iron settings: {where}: {msg}", **first_error(exc))
        ) from None
