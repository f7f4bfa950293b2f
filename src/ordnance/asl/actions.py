"""The actions of the ASL scenario game, as Pydantic models (its settings: :mod:`ordnance.asl.options`).

Actions are JSON-ready dicts with a ``"type"`` key; :func:`parse_action`
validates one into its model. Validation problems become
:class:`~ordnance.core.errors.OrdnanceError` so every face reports them the
same way (exit status 2, nothing written).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ordnance.core.errors import UnknownName
from ordnance.core.messages import msg
from ordnance.core.validation import refusal

#: Notes B2: an ASL DR is two d6, the coloured die first (named in every refusal of dice).
DICE_CLAUSE = "ASL-B2"
DICE_HINT = "an ASL DR is two dice, each 1 to 6, the coloured die first: --dr 3,2"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AddGun(_Model):
    type: Literal["add_gun"] = "add_gun"
    id: str = Field(
        title="Piece name",
        description="A name for this piece; the side record is kept per piece.",
    )
    side: str = Field(title="Side", description="The side that owns the Gun.")
    name: str = Field("", title="Vehicle or Gun", description="What the piece is, e.g. 'T-34/85'.")
    notation: str | None = Field(
        None,
        title="Counter notation",
        description="Counter special-ammunition notation.",
    )
    gun_size: str | None = Field(
        None,
        title="Gun size",
        description="Gun size for the chart, e.g. 85L, 75L.",
    )
    made_by: str | None = Field(
        None,
        title="Made by",
        description="Nation that made the Gun (ASL-8.2-g); default the side's.",
    )
    breakdown: int | None = Field(
        None,
        ge=2,
        le=12,
        title="Breakdown Number",
        description="B#; none printed = 12.",
    )
    rof: int = Field(0, ge=0, le=4, title="Rate of Fire", description="Multiple ROF (0 = none).")
    hex: str | None = Field(
        None,
        title="Hex",
        description="Hex as printed on the board, e.g. C5 (needed for SMOKE/Canister).",
    )
    elite: bool | None = Field(None, title="Elite", description="Override the side's Elite flag.")
    can_fire_he: bool = Field(
        True, title="Can fire HE", description="The Gun may fire HE (unchecked: AP only)."
    )
    canister_fp: int | None = Field(
        None,
        ge=1,
        title="Canister firepower",
        description="Canister FP from the Ordnance Listing (ASL-8.4-e).",
    )
    ca: int | None = Field(
        None,
        ge=0,
        le=5,
        title="Covered Arc",
        description="The hexspine the Covered Arc faces (0 = N ... 5 = NW); omit if not tracked.",
    )
    captured: bool = Field(
        False,
        description="Captured use (notes B5.3 Case H): B# -2, +2 To Hit, red TH#, ROF lowered.",
    )
    to_hit: Literal["red", "black"] | None = Field(
        None,
        title="To Hit colour",
        description="Red or black TH# as the counter marks it (ASL-B5.1); empty: the "
        "nationality's default.",
        json_schema_extra={"x-labels": ["Red TH#", "Black TH#"]},
    )
    piece_id: str | None = Field(
        None,
        max_length=16,
        pattern=r"^[A-Za-z0-9:._-]+$",
        title="VASL piece id",
        description="The VASL counter its values come from (the counter library's key).",
    )


class SetPhase(_Model):
    type: Literal["set_phase"] = "set_phase"
    phase: str | None = Field(
        None, title="Phase", description="Phase to go to (RPh...CCPh); omit to advance."
    )
    turn: int | None = Field(
        None, ge=1, title="Game turn", description="Turn number to go to; empty keeps it."
    )
    attacker: str | None = Field(
        None, title="ATTACKER", description="Side whose Player Turn it is."
    )


class Done(_Model):
    """A side's part of a simultaneous phase is over (ASL-B3)."""

    type: Literal["done"] = "done"
    side: str | None = None


class DeclareAmmo(_Model):
    type: Literal["declare_ammo"] = "declare_ammo"
    gun: str = Field(title="Gun", description="The Gun that will fire.")
    ammo: str = Field(title="Ammunition", description="The special ammunition declared.")
    shot: int | None = Field(
        None,
        title="Shot number",
        description="The Gun's shot number this is for; default its next shot.",
    )


class Fire(_Model):
    type: Literal["fire"] = "fire"
    gun: str = Field(title="Gun", description="The Gun that fires.")
    ammo: str | None = Field(
        None,
        title="Ammunition",
        description="Declared ammunition (APCR, APDS, HEAT, AP, HE...); default ordinary.",
    )
    intensive: bool = Field(
        False,
        title="Intensive Fire",
        description="Fire again past ROF (raises the breakdown risk).",
    )
    target: Literal["vehicle", "unarmored", "gun", "infantry", "cavalry", "other"] | None = Field(
        None,
        title="Target type",
        description="What is shot at (To Hit, To Kill and HEAT depend on it).",
        json_schema_extra={
            "x-labels": ["Vehicle", "Unarmored vehicle", "Gun", "Infantry", "Cavalry", "Other"],
            "x-from-target": "target_type",
        },
    )
    tem: str | None = Field(
        None,
        title="Terrain Effects Modifier",
        description="Target TEM (for HEAT at Infantry, ASL-8.31-b).",
    )
    ca: int | None = Field(
        None,
        ge=0,
        le=5,
        title="Covered Arc",
        description="Covered Arc the Gun turns to for this shot, before the DR (ASL-AMB-15).",
    )
    range: int | None = Field(
        None,
        ge=0,
        le=200,
        title="Range (hexes)",
        description="Hexes from the Gun to the target: gives To Hit and To Kill/IFT "
        "(notes B5, B6); 0-1 for Final Fire after First Fire (B3).",
        json_schema_extra={"x-range": "actor"},
    )
    af: int | None = Field(
        None,
        ge=0,
        le=40,
        title="Armour Factor (front, hull)",
        description="The target's Armour Factor on the facing fired on (its hull).",
        json_schema_extra={"x-from-target": "af"},
    )
    af_turret: int | None = Field(
        None,
        ge=0,
        le=40,
        title="Armour Factor (turret)",
        description="The turret's Armour Factor, if it differs from the hull's.",
        json_schema_extra={"x-from-target": "af_turret"},
    )
    drm: int = Field(
        0,
        title="To Hit modifier (target)",
        description="The To Hit DRM of the target's cases (J-R): motion, size, concealment...",
    )
    acquisition: int = Field(
        0,
        ge=-6,
        le=0,
        title="Acquisition modifier",
        description="Acquisition DRM (Case N): 0, or -1/-2 for a target already fired on.",
    )
    ift_drm: int = Field(
        0,
        title="Infantry Fire Table modifier",
        description="TEM and Hindrance DRM of an attack on Personnel (IFT).",
    )
    captured: bool | None = Field(
        None,
        title="Captured Gun",
        description="Fired as a captured Gun this shot (Case H); else the Gun's record.",
    )


class TurnCa(_Model):
    type: Literal["turn_ca"] = "turn_ca"
    gun: str = Field(title="Gun", description="The Gun that turns.")
    ca: int = Field(
        ge=0, le=5, title="Covered Arc", description="New Covered Arc (0 = N ... 5 = NW)."
    )


class PlaceSmoke(_Model):
    type: Literal["place_smoke", "place_wp"] = "place_smoke"
    gun: str = Field(title="Gun", description="The Gun that fires the round.")
    target: str = Field(
        title="Target hex", description="Target hex as printed on the board, e.g. C5."
    )
    interior_building: bool = Field(
        False,
        title="Inside a building",
        description="The target Location is inside a building (placement differs).",
    )
    target_level: int | None = Field(
        None, title="Target level", description="Building level aimed at; empty = ground."
    )
    drm: int = Field(
        0,
        title="Dice Roll Modifier",
        description="To Hit DRM of the placement (Hindrance...), entered.",
    )
    range: int | None = Field(
        None,
        ge=0,
        le=200,
        title="Range",
        description="Range in hexes when the Gun has no hex.",
    )


class FireCanister(_Model):
    type: Literal["fire_canister"] = "fire_canister"
    gun: str = Field(title="Gun", description="The Gun that fires Canister.")
    aim: int | None = Field(
        None, ge=1, le=5, title="Aim point", description="Aim point V1..V5 of the CA."
    )
    building_hex: str | None = Field(
        None,
        title="Building hex",
        description="Building hex at range 2 (ASL-8.4-j).",
    )
    building_level: int = Field(
        1, title="Building level", description="Middle of the three building levels aimed at."
    )
    ca: int | None = Field(
        None,
        ge=0,
        le=5,
        title="Covered Arc",
        description="CA direction (0 = N ... 5 = NW); default the Gun's recorded CA. "
        "A different value turns the CA before the DR (ASL-AMB-15).",
    )
    moved: bool = Field(
        False, title="Moved", description="The AFV moved this Player Turn (ASL-8.4-c)."
    )
    manned_in_mph: bool = Field(
        False,
        title="Manned in the Movement Phase",
        description="Infantry manned the Gun in the MPh (halves the FP in the AFPh, ASL-8.4-c).",
    )
    same_level: bool = Field(
        True,
        title="Same level",
        description="Firing at a same-level target (the adjacent hex is attacked, ASL-8.41-b); "
        "never when the aimed levels miss the Gun's level.",
    )
    gun_level: int = Field(0, title="Gun level", description="The Gun's level (ground level 0).")
    building_lowest: int = Field(
        0,
        title="Building's lowest level",
        description="The building's lowest level: 0, or -1 with a cellar (ASL-8.4-j).",
    )
    building_highest: int | None = Field(
        None,
        title="Building's highest level",
        description="The building's highest level; default the aimed level + 1.",
    )
    drm: int = Field(
        0,
        title="Dice Roll Modifier",
        description="A DRM for every target Location (e.g. a common Hindrance).",
    )
    location_drm: dict[str, int] = Field(
        default_factory=dict,
        title="DRM per Location",
        description="Each Location's own TEM/Hindrance DRM: 'q,r' or 'q,r@level' -> DRM "
        "(ASL-8.4-d, -i).",
    )
    mount: Literal["turret", "slow-turret", "non-turreted"] = Field(
        "non-turreted",
        title="Mount",
        description="How the Gun turns: the DRM of a CA change made for the shot (ASL-8.4-d).",
        json_schema_extra={"x-labels": ["Turret", "Slow turret", "Non-turreted"]},
    )
    firer_in_obstacle: bool = Field(
        False,
        title="Gun in an obstacle",
        description="The Gun is in woods, a building or rubble: CA change DRM doubled.",
    )
    obstacle_in_first_hex: bool = Field(
        False,
        title="Obstacle in the first cluster hex",
        description="A LOS obstacle in the first cluster hex on the LOS: only that hex is "
        "attacked (ASL-8.4-i).",
    )
    out_of_los: list[str] = Field(
        default_factory=list,
        title="Cluster hexes out of LOS",
        description="Cluster hexes ('q,r') the Gun cannot see at the aimed elevation: not "
        "attacked (ASL-8.4-i).",
    )


class FireScw(_Model):
    type: Literal["fire_scw"] = "fire_scw"
    side: str = Field(title="Side", description="The side whose shaped-charge weapon fires.")
    weapon: str = Field(title="Weapon", description="BAZ, PIAT, PSK, PF or PFk (ASL-8.3-b).")
    target: Literal["vehicle", "gun", "infantry", "cavalry", "other"] = Field(
        "vehicle",
        title="Target type",
        description="What the weapon fires at (HEAT at Infantry uses the TEM).",
        json_schema_extra={"x-labels": ["Vehicle", "Gun", "Infantry", "Cavalry", "Other"]},
    )
    tem: str | None = Field(
        None,
        title="Terrain Effects Modifier",
        description="Target TEM (HEAT at Infantry, ASL-8.31-b).",
    )


ACTION_MODELS: dict[str, type[_Model]] = {
    "add_gun": AddGun,
    "set_phase": SetPhase,
    "done": Done,
    "declare_ammo": DeclareAmmo,
    "fire": Fire,
    "place_smoke": PlaceSmoke,
    "place_wp": PlaceSmoke,
    "fire_canister": FireCanister,
    "turn_ca": TurnCa,
    "fire_scw": FireScw,
}

ACTION_TITLES = {
    "add_gun": "Add a Gun (from counter notation or the Ammunition Supply Chart)",
    "set_phase": "Change the phase / turn",
    "done": "Done with this phase",
    "declare_ammo": "Declare special ammunition for the next shot",
    "fire": "Fire a shot (declared ammunition, To Hit DR)",
    "place_smoke": "Place SMOKE (Placement DR)",
    "place_wp": "Place WP (Placement DR)",
    "fire_canister": "Fire Canister (IFT DR)",
    "turn_ca": "Change a Gun's Covered Arc",
    "fire_scw": "Fire HEAT from a shaped-charge weapon (no depletion)",
}


def parse_action(action: Mapping[str, Any]) -> _Model:
    kind = action.get("type")
    model = ACTION_MODELS.get(str(kind))
    if model is None:
        raise UnknownName(
            msg("unknown ASL action {kind!r}", kind=kind),
            clause="ASL-8.0-a",
            hint="one of " + ", ".join(sorted(ACTION_MODELS)),
        )
    try:
        return model.model_validate(dict(action))
    except ValidationError as exc:
        raise refusal(
            exc, model, what=msg("{kind} action", kind=kind), clause="ASL-8.0-a"
        ) from None
