"""Game settings: the sides, the board, and one field per ambiguity of the text.

Each ``WAW-AMB-n`` of the rules notes is a field named after it; its default is
the notes' RECOMMENDED DEFAULT and the other values are the documented options.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ordnance.core.errors import BadSetting, OrdnanceError
from ordnance.core.fields import Record, option, rule, scenario
from ordnance.core.messages import msg
from ordnance.core.names import name_problem
from ordnance.core.validation import first_error
from ordnance.waw.rules.catalogue import TerrainType, UnitType, catalogue


class HqCheckRule(BaseModel):
    """How an HQ's d6 check (rule 1.3.3.2, not in our sources) is judged.

    ``mode="ask"`` (the default) does not guess: the die is rolled and
    recorded, and the players enter the result with a ``hq_check_result``
    action. ``mode="table"`` applies ``effect`` to the HQ when the die shows
    one of ``fails_on`` (a house rule the players configure).
    """

    model_config = ConfigDict(frozen=True, defer_build=True)  # built when first used

    # One line an option: default, title, help (naming its clause), labels. The
    # formatter is off here so that the options read as a table.
    # fmt: off
    mode: Literal["ask", "table"] = option("ask", "How the check is judged", "Ask: the die is recorded and the players enter the result; table: a house rule.", labels=["The players enter the result", "A table (house rule)"])
    fails_on: tuple[int, ...] = option((), "Fails on", "The d6 faces on which the HQ fails (table mode).")
    effect: Literal["hit", "eliminated"] = option("hit", "Effect of a failure", "One HE Hit on the HQ's damage ladder, or the HQ is removed.", labels=["One HE Hit", "Eliminated"])
    # fmt: on

    @field_validator("fails_on")
    @classmethod
    def _faces(cls, faces: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 1 <= f <= 6 for f in faces):
            raise ValueError("fails_on lists d6 faces, 1 to 6")
        return tuple(sorted(set(faces)))


class WawSettings(Record):
    """Settings of a World at War game (all fields optional)."""

    #: Side name -> nationality of the side (FASCAM needs "american", WAW-8.3-a).
    sides: dict[str, str] = Field(
        default_factory=lambda: {"us": "american", "soviet": "soviet"},
        title="Sides",
        json_schema_extra={"default": {"us": "american", "soviet": "soviet"}},
        description="Each side's seat name and nationality (FASCAM needs an American side, WAW-8.3-a).",
    )
    #: Board size in flat-top hex columns and rows (axial "q,r" ids, even-q layout).
    # One line an option: default, title, help (naming its clause), labels. The
    # formatter is off here so that the options read as a table.
    # fmt: off
    map_columns: int = scenario(12, "Board columns", "Hex columns of the board.", ge=1, le=60)
    map_rows: int = scenario(10, "Board rows", "Hex rows of the board.", ge=1, le=60)

    # -- HE Fire --------------------------------------------------------------
    #: WAW-AMB-1: "pool" = one 2-dice pool for the hex; "per_unit" = each unit its own 2 dice.
    city_defence: Literal["pool", "per_unit"] = rule("pool", "City defence dice", "WAW-AMB-1: in a city, one 2-dice defence pool for the hex or 2 dice per unit.", labels=["One pool for the hex", "Each unit its own dice"])
    #: WAW-AMB-2: add a hex's Wreck dice to the HE defence pool.
    he_defence_include_wrecks: bool = rule(False, "Wrecks add defence dice", "WAW-AMB-2: add a hex's Wreck dice to the HE defence pool.")
    #: WAW-AMB-2: add a hex's cover dice (house rule; against the text).
    he_defence_include_cover: bool = rule(False, "Cover adds defence dice", "WAW-AMB-2: add a hex's cover dice (house rule; against the text).")
    #: WAW-AMB-3: "overflow" or "strict_round_robin".
    he_allocation: Literal["overflow", "strict_round_robin"] = rule("overflow", "HE hit allocation", "WAW-AMB-3: how HE hits are spread over the units in the hex.", labels=["Overflow", "Strict round robin"])
    #: WAW-AMB-4: "current_state" (each Hit one step from the unit's state) or "per_salvo".
    he_ladder: Literal["current_state", "per_salvo"] = rule("current_state", "HE damage steps", "WAW-AMB-4: each Hit steps down from the unit's current state, or per salvo.", labels=["From the unit's current state", "Per salvo"])
    #: WAW-AMB-4: HE Fire takes a soft unit at most to Reduced (the text says only that
    #: further Hits Reduce); "eliminated": a Hit on a Disrupted and Reduced unit removes it.
    he_soft_cap: Literal["reduced", "eliminated"] = rule("reduced", "HE damage to soft units", "WAW-AMB-4: HE Fire takes a soft unit at most to Reduced (the text), or a further Hit eliminates it.", labels=["At most reduced", "Up to eliminated"])
    #: WAW-AMB-5: "once" per salvo or "per_hit" taken by the other units.
    hq_roll: Literal["once", "per_hit"] = rule("once", "HQ check rolls", "WAW-AMB-5: the HQ rolls once per salvo or once per hit the other units take.", labels=["Once per salvo", "Per hit taken"])
    #: WAW-AMB-5: how the HQ's d6 is judged.
    hq_check: HqCheckRule = option(title="HQ check", description="WAW-AMB-5: how the HQ's d6 is judged.", group="rules", default_factory=HqCheckRule)
    #: WAW-AMB-6: the optional rule, a full salvo against each unit separately.
    he_per_unit_salvo: bool = rule(False, "Full salvo against each unit", "WAW-AMB-6: the optional rule, a full salvo against each unit separately.")

    # -- Smoke ----------------------------------------------------------------
    #: WAW-AMB-7: whose LOS the smoke spares.
    smoke_adjacent: Literal["firer_adjacent_to_target", "inside_area", "adjacent_to_marker"] = rule("firer_adjacent_to_target", "Smoke spares the LOS of", "WAW-AMB-7: whose line of sight the smoke spares.", labels=["A firer adjacent to the target", "A firer inside the area", "A firer adjacent to the marker"])
    #: WAW-AMB-8: "marker_hex" (+1 only into the marker hex) or "whole_area".
    smoke_adjacent_penalty: Literal["marker_hex", "whole_area"] = rule("marker_hex", "Adjacent smoke penalty", "WAW-AMB-8: the +1 applies only into the marker hex, or into the whole area.", labels=["Only into the marker hex", "The whole area"])
    #: WAW-AMB-9 option: an adjacent thermal firer gets +1 twice.
    thermal_smoke_penalty_stacks: bool = rule(False, "Thermal penalty stacks", "WAW-AMB-9 option: an adjacent thermal firer gets +1 twice.")
    #: Our reading (no clause): a line running along a hexside is in smoke when
    #: "either" of the two hexes is, or only when "both" are.
    smoke_hexside: Literal["either", "both"] = rule("either", "Smoke along a hexside", "Our reading (no clause): a line along a hexside is in smoke when either hex is, or only when both are.", labels=["Either hex in smoke", "Both hexes in smoke"])

    # -- FASCAM ---------------------------------------------------------------
    #: WAW-AMB-12 option: American units are not attacked by the mines.
    fascam_friendly_immune: bool = rule(False, "American units immune to FASCAM", "WAW-AMB-12 option: American units are not attacked by the mines.")
    #: WAW-AMB-13 option: at most one mine attack per unit per move.
    fascam_once_per_move: bool = rule(False, "One mine attack per move", "WAW-AMB-13 option: at most one mine attack per unit per move.")
    #: WAW-AMB-13, overlapping mined areas: "per_marker" (default: each marker whose
    #: area holds the hex entered attacks, and a 6 removes that marker; the text states
    #: the attack per marker) or "per_hex" (one roll per mined hex entered; a 6 removes
    #: the marker nearest the hex, ties to the lowest hex).
    fascam_overlap: Literal["per_marker", "per_hex"] = rule("per_marker", "Overlapping minefields", "WAW-AMB-13: each marker whose area holds the hex entered attacks (the text), or one roll per mined hex entered.", labels=["One roll per marker", "One roll per mined hex"])
    #: WAW-AMB-14 option: attack every unit already in the area when the marker is placed.
    fascam_attack_on_placement: bool = rule(False, "Mines attack on placement", "WAW-AMB-14 option: attack every unit already in the area when the marker is placed.")
    #: WAW-AMB-15 option: a mine Disrupt on a Disrupted unit Reduces it (damage ladder).
    fascam_disrupt_ladder: bool = rule(False, "Mine Disrupt on a Disrupted unit Reduces", "WAW-AMB-15 option: a mine Disrupt on a Disrupted unit Reduces it (damage ladder).")

    # -- Scenario data --------------------------------------------------------
    unit_types: tuple[UnitType, ...] = rule((), "Extra unit types", "Scenario unit types added to the catalogue.")
    terrain_types: tuple[TerrainType, ...] = rule((), "Extra terrain types", "Scenario terrain types added to the catalogue.")
    # fmt: on

    @field_validator("sides")
    @classmethod
    def _visible_side_names(cls, sides: dict[str, str]) -> dict[str, str]:
        for name in sides:
            wrong = name_problem(name)
            if wrong is not None:
                raise ValueError(f"the side name {name[:40]!r} is not usable: {wrong}")
        return sides

    def nationality(self, side: str) -> str:
        return self.sides[side]


def known_nationalities(extra: tuple[UnitType, ...] = ()) -> frozenset[str]:
    """The nationalities a side may have: those of the catalogue's unit types
    and of the scenario's own (a side of another nationality could field nothing)."""
    return frozenset(u.nationality for u in (*catalogue().units(), *extra))


def parse_settings(settings: Mapping[str, Any]) -> WawSettings:
    """Validated settings, or one line naming the first bad field (no Pydantic report)."""
    try:
        parsed = WawSettings.model_validate(dict(settings))
    except ValidationError as exc:
        raise OrdnanceError(
            msg("bad World at War settings: {where}: {msg}", **first_error(exc))
        ) from None
    check_nationalities(parsed)
    return parsed


def settings_text(text: str) -> dict[str, Any]:
    """Settings given as JSON text (a calculator's ``--settings '{...}'``), read as an object."""
    try:
        value = json.loads(text)
    except ValueError:
        raise OrdnanceError(
            msg("cannot read settings {text!r}", text=text),
            hint=msg('a JSON object, e.g. {{"city_defence": "per_unit"}}'),
        ) from None
    if not isinstance(value, dict):
        raise OrdnanceError(
            msg("the settings are a JSON object"), hint=msg('e.g. {{"city_defence": "per_unit"}}')
        )
    return value


def check_nationalities(settings: WawSettings) -> None:
    """Every side is of a nationality some unit type has, else :class:`BadSetting`
    naming the side's field and the known nationalities."""
    known = known_nationalities(settings.unit_types)
    for side, nationality in settings.sides.items():
        if nationality not in known:
            raise BadSetting(
                f"settings.sides.{side}",
                msg("no unit type is of the nationality {value!r}", value=nationality[:40]),
                hint="give one of: " + ", ".join(sorted(known)),
            )
