"""Game settings: the sides, the board, and one field per ambiguity of the text.

Each ``WAW-AMB-n`` of the rules notes is a field named after it; its default is
the notes' RECOMMENDED DEFAULT and the other values are the documented options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ordnance.core.errors import BadSetting, OrdnanceError
from ordnance.core.messages import msg
from ordnance.core.names import name_problem
from ordnance.waw.catalogue import TerrainType, UnitType, catalogue


class HqCheckRule(BaseModel):
    """How an HQ's d6 check (rule 1.3.3.2, not in our sources) is judged.

    ``mode="ask"`` (the default) does not guess: the die is rolled and
    recorded, and the players enter the result with a ``hq_check_result``
    action. ``mode="table"`` applies ``effect`` to the HQ when the die shows
    one of ``fails_on`` (a house rule the players configure).
    """

    model_config = ConfigDict(frozen=True)

    mode: Literal["ask", "table"] = Field(
        "ask",
        title="How the check is judged",
        description="Ask: the die is recorded and the players enter the result; table: a house rule.",
        json_schema_extra={"x-labels": ["The players enter the result", "A table (house rule)"]},
    )
    fails_on: tuple[int, ...] = Field(
        (),
        title="Fails on",
        description="The d6 faces on which the HQ fails (table mode).",
    )
    effect: Literal["hit", "eliminated"] = Field(
        "hit",
        title="Effect of a failure",
        description="One HE Hit on the HQ's damage ladder, or the HQ is removed.",
        json_schema_extra={"x-labels": ["One HE Hit", "Eliminated"]},
    )

    @field_validator("fails_on")
    @classmethod
    def _faces(cls, faces: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 1 <= f <= 6 for f in faces):
            raise ValueError("fails_on lists d6 faces, 1 to 6")
        return tuple(sorted(set(faces)))


class WawSettings(BaseModel):
    """Settings of a World at War game (all fields optional)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: Side name -> nationality of the side (FASCAM needs "american", WAW-8.3-a).
    sides: dict[str, str] = Field(
        default_factory=lambda: {"us": "american", "soviet": "soviet"},
        title="Sides",
        json_schema_extra={"default": {"us": "american", "soviet": "soviet"}},
        description="Each side's seat name and nationality (FASCAM needs an American side, WAW-8.3-a).",
    )
    #: Board size in flat-top hex columns and rows (axial "q,r" ids, even-q layout).
    map_columns: int = Field(
        12,
        ge=1,
        le=60,
        title="Board columns",
        description="Hex columns of the board.",
        json_schema_extra={"x-group": "scenario"},
    )
    map_rows: int = Field(
        10,
        ge=1,
        le=60,
        title="Board rows",
        description="Hex rows of the board.",
        json_schema_extra={"x-group": "scenario"},
    )

    # -- HE Fire --------------------------------------------------------------
    #: WAW-AMB-1: "pool" = one 2-dice pool for the hex; "per_unit" = each unit its own 2 dice.
    city_defence: Literal["pool", "per_unit"] = Field(
        "pool",
        title="City defence dice",
        description="WAW-AMB-1: in a city, one 2-dice defence pool for the hex or 2 dice per unit.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["One pool for the hex", "Each unit its own dice"],
        },
    )
    #: WAW-AMB-2: add a hex's Wreck dice to the HE defence pool.
    he_defence_include_wrecks: bool = Field(
        False,
        title="Wrecks add defence dice",
        description="WAW-AMB-2: add a hex's Wreck dice to the HE defence pool.",
        json_schema_extra={"x-group": "rules"},
    )
    #: WAW-AMB-2: add a hex's cover dice (house rule; against the text).
    he_defence_include_cover: bool = Field(
        False,
        title="Cover adds defence dice",
        description="WAW-AMB-2: add a hex's cover dice (house rule; against the text).",
        json_schema_extra={"x-group": "rules"},
    )
    #: WAW-AMB-3: "overflow" or "strict_round_robin".
    he_allocation: Literal["overflow", "strict_round_robin"] = Field(
        "overflow",
        title="HE hit allocation",
        description="WAW-AMB-3: how HE hits are spread over the units in the hex.",
        json_schema_extra={"x-group": "rules", "x-labels": ["Overflow", "Strict round robin"]},
    )
    #: WAW-AMB-4: "current_state" (each Hit one step from the unit's state) or "per_salvo".
    he_ladder: Literal["current_state", "per_salvo"] = Field(
        "current_state",
        title="HE damage steps",
        description="WAW-AMB-4: each Hit steps down from the unit's current state, or per salvo.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["From the unit's current state", "Per salvo"],
        },
    )
    #: WAW-AMB-4: HE Fire takes a soft unit at most to Reduced (the text says only that
    #: further Hits Reduce); "eliminated": a Hit on a Disrupted and Reduced unit removes it.
    he_soft_cap: Literal["reduced", "eliminated"] = Field(
        "reduced",
        title="HE damage to soft units",
        description="WAW-AMB-4: HE Fire takes a soft unit at most to Reduced (the text), or a "
        "further Hit eliminates it.",
        json_schema_extra={"x-group": "rules", "x-labels": ["At most reduced", "Up to eliminated"]},
    )
    #: WAW-AMB-5: "once" per salvo or "per_hit" taken by the other units.
    hq_roll: Literal["once", "per_hit"] = Field(
        "once",
        title="HQ check rolls",
        description="WAW-AMB-5: the HQ rolls once per salvo or once per hit the other units take.",
        json_schema_extra={"x-group": "rules", "x-labels": ["Once per salvo", "Per hit taken"]},
    )
    #: WAW-AMB-5: how the HQ's d6 is judged.
    hq_check: HqCheckRule = Field(
        default_factory=HqCheckRule,
        title="HQ check",
        description="WAW-AMB-5: how the HQ's d6 is judged.",
        json_schema_extra={"x-group": "rules"},
    )
    #: WAW-AMB-6: the optional rule, a full salvo against each unit separately.
    he_per_unit_salvo: bool = Field(
        False,
        title="Full salvo against each unit",
        description="WAW-AMB-6: the optional rule, a full salvo against each unit separately.",
        json_schema_extra={"x-group": "rules"},
    )

    # -- Smoke ----------------------------------------------------------------
    #: WAW-AMB-7: whose LOS the smoke spares.
    smoke_adjacent: Literal["firer_adjacent_to_target", "inside_area", "adjacent_to_marker"] = (
        Field(
            "firer_adjacent_to_target",
            title="Smoke spares the LOS of",
            description="WAW-AMB-7: whose line of sight the smoke spares.",
            json_schema_extra={
                "x-group": "rules",
                "x-labels": [
                    "A firer adjacent to the target",
                    "A firer inside the area",
                    "A firer adjacent to the marker",
                ],
            },
        )
    )
    #: WAW-AMB-8: "marker_hex" (+1 only into the marker hex) or "whole_area".
    smoke_adjacent_penalty: Literal["marker_hex", "whole_area"] = Field(
        "marker_hex",
        title="Adjacent smoke penalty",
        description="WAW-AMB-8: the +1 applies only into the marker hex, or into the whole area.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["Only into the marker hex", "The whole area"],
        },
    )
    #: WAW-AMB-9 option: an adjacent thermal firer gets +1 twice.
    thermal_smoke_penalty_stacks: bool = Field(
        False,
        title="Thermal penalty stacks",
        description="WAW-AMB-9 option: an adjacent thermal firer gets +1 twice.",
        json_schema_extra={"x-group": "rules"},
    )
    #: Our reading (no clause): a line running along a hexside is in smoke when
    #: "either" of the two hexes is, or only when "both" are.
    smoke_hexside: Literal["either", "both"] = Field(
        "either",
        title="Smoke along a hexside",
        description="Our reading (no clause): a line along a hexside is in smoke when either hex is, or only when both are.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["Either hex in smoke", "Both hexes in smoke"],
        },
    )

    # -- FASCAM ---------------------------------------------------------------
    #: WAW-AMB-12 option: American units are not attacked by the mines.
    fascam_friendly_immune: bool = Field(
        False,
        title="American units immune to FASCAM",
        description="WAW-AMB-12 option: American units are not attacked by the mines.",
        json_schema_extra={"x-group": "rules"},
    )
    #: WAW-AMB-13 option: at most one mine attack per unit per move.
    fascam_once_per_move: bool = Field(
        False,
        title="One mine attack per move",
        description="WAW-AMB-13 option: at most one mine attack per unit per move.",
        json_schema_extra={"x-group": "rules"},
    )
    #: WAW-AMB-13, overlapping mined areas: "per_marker" (default: each marker whose
    #: area holds the hex entered attacks, and a 6 removes that marker; the text states
    #: the attack per marker) or "per_hex" (one roll per mined hex entered; a 6 removes
    #: the marker nearest the hex, ties to the lowest hex).
    fascam_overlap: Literal["per_marker", "per_hex"] = Field(
        "per_marker",
        title="Overlapping minefields",
        description="WAW-AMB-13: each marker whose area holds the hex entered attacks (the "
        "text), or one roll per mined hex entered.",
        json_schema_extra={
            "x-group": "rules",
            "x-labels": ["One roll per marker", "One roll per mined hex"],
        },
    )
    #: WAW-AMB-14 option: attack every unit already in the area when the marker is placed.
    fascam_attack_on_placement: bool = Field(
        False,
        title="Mines attack on placement",
        description="WAW-AMB-14 option: attack every unit already in the area when the marker is placed.",
        json_schema_extra={"x-group": "rules"},
    )
    #: WAW-AMB-15 option: a mine Disrupt on a Disrupted unit Reduces it (damage ladder).
    fascam_disrupt_ladder: bool = Field(
        False,
        title="Mine Disrupt on a Disrupted unit Reduces",
        description="WAW-AMB-15 option: a mine Disrupt on a Disrupted unit Reduces it (damage ladder).",
        json_schema_extra={"x-group": "rules"},
    )

    # -- Scenario data --------------------------------------------------------
    unit_types: tuple[UnitType, ...] = Field(
        (),
        title="Extra unit types",
        description="Scenario unit types added to the catalogue.",
        json_schema_extra={"x-group": "rules"},
    )
    terrain_types: tuple[TerrainType, ...] = Field(
        (),
        title="Extra terrain types",
        description="Scenario terrain types added to the catalogue.",
        json_schema_extra={"x-group": "rules"},
    )

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
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "settings"
        raise OrdnanceError(
            msg("bad World at War settings: {where}: {msg}", where=where, msg=first["msg"])
        ) from None
    check_nationalities(parsed)
    return parsed


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
