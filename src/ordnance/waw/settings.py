"""Game settings: the sides, the board, and one field per ambiguity of the text.

Each ``WAW-AMB-n`` of the rules notes is a field named after it; its default is
the notes' RECOMMENDED DEFAULT and the other values are the documented options.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ordnance.waw.catalogue import TerrainType, UnitType


class HqCheckRule(BaseModel):
    """How an HQ's d6 check (rule 1.3.3.2, not in our sources) is judged.

    ``mode="ask"`` (the default) does not guess: the die is rolled and
    recorded, and the players enter the result with a ``hq_check_result``
    action. ``mode="table"`` applies ``effect`` to the HQ when the die shows
    one of ``fails_on`` (a house rule the players configure).
    """

    model_config = ConfigDict(frozen=True)

    mode: Literal["ask", "table"] = "ask"
    fails_on: tuple[int, ...] = ()
    #: ``"hit"`` = one HE Hit on the HQ's damage ladder; ``"eliminated"`` = removed.
    effect: Literal["hit", "eliminated"] = "hit"

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
    sides: dict[str, str] = Field(default_factory=lambda: {"us": "american", "soviet": "soviet"})
    #: Board size in flat-top hex columns and rows (axial "q,r" ids, even-q layout).
    map_columns: int = Field(12, ge=1, le=60)
    map_rows: int = Field(10, ge=1, le=60)

    # -- HE Fire --------------------------------------------------------------
    #: WAW-AMB-1: "pool" = one 2-dice pool for the hex; "per_unit" = each unit its own 2 dice.
    city_defence: Literal["pool", "per_unit"] = "pool"
    #: WAW-AMB-2: add a hex's Wreck dice to the HE defence pool.
    he_defence_include_wrecks: bool = False
    #: WAW-AMB-2: add a hex's cover dice (house rule; against the text).
    he_defence_include_cover: bool = False
    #: WAW-AMB-3: "overflow" or "strict_round_robin".
    he_allocation: Literal["overflow", "strict_round_robin"] = "overflow"
    #: WAW-AMB-4: "current_state" (each Hit one step from the unit's state) or "per_salvo".
    he_ladder: Literal["current_state", "per_salvo"] = "current_state"
    #: WAW-AMB-4: HE Fire takes a soft unit at most to Reduced (the text says only that
    #: further Hits Reduce); "eliminated": a Hit on a Disrupted and Reduced unit removes it.
    he_soft_cap: Literal["reduced", "eliminated"] = "reduced"
    #: WAW-AMB-5: "once" per salvo or "per_hit" taken by the other units.
    hq_roll: Literal["once", "per_hit"] = "once"
    #: WAW-AMB-5: how the HQ's d6 is judged.
    hq_check: HqCheckRule = Field(default_factory=HqCheckRule)
    #: WAW-AMB-6: the optional rule, a full salvo against each unit separately.
    he_per_unit_salvo: bool = False

    # -- Smoke ----------------------------------------------------------------
    #: WAW-AMB-7: whose LOS the smoke spares.
    smoke_adjacent: Literal["firer_adjacent_to_target", "inside_area", "adjacent_to_marker"] = (
        "firer_adjacent_to_target"
    )
    #: WAW-AMB-8: "marker_hex" (+1 only into the marker hex) or "whole_area".
    smoke_adjacent_penalty: Literal["marker_hex", "whole_area"] = "marker_hex"
    #: WAW-AMB-9 option: an adjacent thermal firer gets +1 twice.
    thermal_smoke_penalty_stacks: bool = False
    #: Our reading (no clause): a line running along a hexside is in smoke when
    #: "either" of the two hexes is, or only when "both" are.
    smoke_hexside: Literal["either", "both"] = "either"

    # -- FASCAM ---------------------------------------------------------------
    #: WAW-AMB-12 option: American units are not attacked by the mines.
    fascam_friendly_immune: bool = False
    #: WAW-AMB-13 option: at most one mine attack per unit per move.
    fascam_once_per_move: bool = False
    #: WAW-AMB-13, overlapping mined areas: "per_marker" (default: each marker whose
    #: area holds the hex entered attacks, and a 6 removes that marker; the text states
    #: the attack per marker) or "per_hex" (one roll per mined hex entered; a 6 removes
    #: the marker nearest the hex, ties to the lowest hex).
    fascam_overlap: Literal["per_marker", "per_hex"] = "per_marker"
    #: WAW-AMB-14 option: attack every unit already in the area when the marker is placed.
    fascam_attack_on_placement: bool = False
    #: WAW-AMB-15 option: a mine Disrupt on a Disrupted unit Reduces it (damage ladder).
    fascam_disrupt_ladder: bool = False

    # -- Scenario data --------------------------------------------------------
    unit_types: tuple[UnitType, ...] = ()
    terrain_types: tuple[TerrainType, ...] = ()

    def nationality(self, side: str) -> str:
        return self.sides[side]
