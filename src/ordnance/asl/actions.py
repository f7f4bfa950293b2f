"""The actions of the ASL scenario game, as Pydantic models (its settings: :mod:`ordnance.asl.settings`).

Actions are JSON-ready dicts with a ``"type"`` key; :func:`parse_action`
validates one into its model. Validation problems become
:class:`~ordnance.core.errors.OrdnanceError` so every face reports them the
same way (exit status 2, nothing written).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, ValidationError

from ordnance.core.done_action import DoneAction
from ordnance.core.errors import UnknownName
from ordnance.core.fields import Record, option
from ordnance.core.messages import msg
from ordnance.core.validation import refusal

#: Notes B2: an ASL DR is two d6, the coloured die first (named in every refusal of dice).
DICE_CLAUSE = "ASL-B2"
DICE_HINT = "an ASL DR is two dice, each 1 to 6, the coloured die first: --dr 3,2"


def _armour_factor(facing: str, description: str, **schema: Any) -> Any:
    """One printed Armour Factor (0 to 40, empty when not given); ``schema``: its ``x-`` keys."""
    return Field(
        None,
        ge=0,
        le=40,
        title=f"Armour Factor ({facing})",
        description=description,
        json_schema_extra=schema or None,
    )


class AddGun(Record):
    type: Literal["add_gun"] = "add_gun"
    id: str = option(
        title="Piece name", description="A name for this piece; the side record is kept per piece."
    )
    side: str = option(title="Side", description="The side that owns the Gun.")
    name: str = option("", "Vehicle or Gun", "What the piece is, e.g. 'T-34/85'.")
    notation: str | None = option(None, "Counter notation", "Counter special-ammunition notation.")
    gun_size: str | None = option(None, "Gun size", "Gun size for the chart, e.g. 85L, 75L.")
    made_by: str | None = option(
        None, "Made by", "Nation that made the Gun (ASL-8.2-g); default the side's."
    )
    breakdown: int | None = option(None, "Breakdown Number", "B#; none printed = 12.", ge=2, le=12)
    rof: int = option(0, "Rate of Fire", "Multiple ROF (0 = none).", ge=0, le=4)
    hex: str | None = option(
        None, "Hex", "Hex as printed on the board, e.g. C5 (needed for SMOKE/Canister)."
    )
    elite: bool | None = option(None, "Elite", "Override the side's Elite flag.")
    can_fire_he: bool = option(True, "Can fire HE", "The Gun may fire HE (unchecked: AP only).")
    canister_fp: int | None = option(
        None, "Canister firepower", "Canister FP from the Ordnance Listing (ASL-8.4-e).", ge=1
    )
    ca: int | None = option(
        None,
        "Covered Arc",
        "The hexspine the Covered Arc faces (0 = N ... 5 = NW); omit if not tracked.",
        ge=0,
        le=5,
    )
    captured: bool = Field(
        False,
        description="Captured use (notes B5.3 Case H): B# -2, +2 To Hit, red TH#, ROF lowered.",
    )
    to_hit: Literal["red", "black"] | None = option(
        None,
        "To Hit colour",
        "Red or black TH# as the counter marks it (ASL-B5.1); empty: the nationality's default.",
        labels=["Red TH#", "Black TH#"],
    )
    piece_id: str | None = option(
        None,
        "VASL piece id",
        "The VASL counter its values come from (the counter library's key).",
        max_length=16,
        pattern=r"^[A-Za-z0-9:._-]+$",
    )
    af_hull_front: int | None = _armour_factor(
        "front, hull",
        "As printed on the counter; the fire form takes it when the piece is shot at.",
    )
    af_hull_side: int | None = _armour_factor(
        "side, hull", "As printed on the counter (side and rear)."
    )
    af_turret_front: int | None = _armour_factor(
        "front, turret", "As printed on the counter; empty for a piece without a turret."
    )
    af_turret_side: int | None = _armour_factor(
        "side, turret", "As printed on the counter (side and rear)."
    )


class SetPhase(Record):
    type: Literal["set_phase"] = "set_phase"
    phase: str | None = option(None, "Phase", "Phase to go to (RPh...CCPh); omit to advance.")
    turn: int | None = option(None, "Game turn", "Turn number to go to; empty keeps it.", ge=1)
    attacker: str | None = option(None, "ATTACKER", "Side whose Player Turn it is.")


class Done(DoneAction):
    """A side's part of a simultaneous phase is over (ASL-B3)."""


class DeclareAmmo(Record):
    type: Literal["declare_ammo"] = "declare_ammo"
    gun: str = option(title="Gun", description="The Gun that will fire.")
    ammo: str = option(title="Ammunition", description="The special ammunition declared.")
    shot: int | None = option(
        None, "Shot number", "The Gun's shot number this is for; default its next shot."
    )


class Fire(Record):
    type: Literal["fire"] = "fire"
    gun: str = option(title="Gun", description="The Gun that fires.")
    ammo: str | None = option(
        None, "Ammunition", "Declared ammunition (APCR, APDS, HEAT, AP, HE...); default ordinary."
    )
    intensive: bool = option(
        False, "Intensive Fire", "Fire again past ROF (raises the breakdown risk)."
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
    tem: str | None = option(
        None, "Terrain Effects Modifier", "Target TEM (for HEAT at Infantry, ASL-8.31-b)."
    )
    ca: int | None = option(
        None,
        "Covered Arc",
        "Covered Arc the Gun turns to for this shot, before the DR (ASL-AMB-15).",
        ge=0,
        le=5,
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
    af: int | None = _armour_factor(
        "front, hull",
        "The target's Armour Factor on the facing fired on (its hull).",
        **{
            "x-from-target": "af",
            # ASL-B6 (ordnance.asl.shot.plan): a vehicle shot at with these needs its AF
            "x-required-if": {
                "target": ["vehicle"],
                "ammo": [None, "ordinary", "AP", "APCR", "APDS", "HEAT", "HE"],
            },
        },
    )
    af_turret: int | None = _armour_factor(
        "turret",
        "The turret's Armour Factor, if it differs from the hull's.",
        **{"x-from-target": "af_turret"},
    )
    drm: int = option(
        0,
        "To Hit modifier (target)",
        "The To Hit DRM of the target's cases (J-R): motion, size, concealment...",
    )
    acquisition: int = option(
        0,
        "Acquisition modifier",
        "Acquisition DRM (Case N): 0, or -1/-2 for a target already fired on.",
        ge=-6,
        le=0,
    )
    ift_drm: int = option(
        0, "Infantry Fire Table modifier", "TEM and Hindrance DRM of an attack on Personnel (IFT)."
    )
    captured: bool | None = option(
        None, "Captured Gun", "Fired as a captured Gun this shot (Case H); else the Gun's record."
    )


class TurnCa(Record):
    type: Literal["turn_ca"] = "turn_ca"
    gun: str = option(title="Gun", description="The Gun that turns.")
    ca: int = option(
        title="Covered Arc", description="New Covered Arc (0 = N ... 5 = NW).", ge=0, le=5
    )


class PlaceSmoke(Record):
    type: Literal["place_smoke", "place_wp"] = "place_smoke"
    gun: str = option(title="Gun", description="The Gun that fires the round.")
    target: str = option(
        title="Target hex", description="Target hex as printed on the board, e.g. C5."
    )
    interior_building: bool = option(
        False, "Inside a building", "The target Location is inside a building (placement differs)."
    )
    target_level: int | None = option(
        None, "Target level", "Building level aimed at; empty = ground."
    )
    drm: int = option(
        0, "Dice Roll Modifier", "To Hit DRM of the placement (Hindrance...), entered."
    )
    range: int | None = option(
        None, "Range", "Range in hexes when the Gun has no hex.", ge=0, le=200
    )


class FireCanister(Record):
    type: Literal["fire_canister"] = "fire_canister"
    gun: str = option(title="Gun", description="The Gun that fires Canister.")
    aim: int | None = option(None, "Aim point", "Aim point V1..V5 of the CA.", ge=1, le=5)
    building_hex: str | None = option(None, "Building hex", "Building hex at range 2 (ASL-8.4-j).")
    building_level: int = option(
        1, "Building level", "Middle of the three building levels aimed at."
    )
    ca: int | None = option(
        None,
        "Covered Arc",
        "CA direction (0 = N ... 5 = NW); default the Gun's recorded CA. "
        "A different value turns the CA before the DR (ASL-AMB-15).",
        ge=0,
        le=5,
    )
    moved: bool = option(False, "Moved", "The AFV moved this Player Turn (ASL-8.4-c).")
    manned_in_mph: bool = option(
        False,
        "Manned in the Movement Phase",
        "Infantry manned the Gun in the MPh (halves the FP in the AFPh, ASL-8.4-c).",
    )
    same_level: bool = option(
        True,
        "Same level",
        "Firing at a same-level target (the adjacent hex is attacked, ASL-8.41-b); "
        "never when the aimed levels miss the Gun's level.",
    )
    gun_level: int = option(0, "Gun level", "The Gun's level (ground level 0).")
    building_lowest: int = option(
        0,
        "Building's lowest level",
        "The building's lowest level: 0, or -1 with a cellar (ASL-8.4-j).",
    )
    building_highest: int | None = option(
        None,
        "Building's highest level",
        "The building's highest level; default the aimed level + 1.",
    )
    drm: int = option(
        0, "Dice Roll Modifier", "A DRM for every target Location (e.g. a common Hindrance)."
    )
    location_drm: dict[str, int] = option(
        title="DRM per Location",
        description="Each Location's own TEM/Hindrance DRM: 'q,r' or 'q,r@level' -> DRM "
        "(ASL-8.4-d, -i).",
        default_factory=dict,
    )
    mount: Literal["turret", "slow-turret", "non-turreted"] = option(
        "non-turreted",
        "Mount",
        "How the Gun turns: the DRM of a CA change made for the shot (ASL-8.4-d).",
        labels=["Turret", "Slow turret", "Non-turreted"],
    )
    firer_in_obstacle: bool = option(
        False,
        "Gun in an obstacle",
        "The Gun is in woods, a building or rubble: CA change DRM doubled.",
    )
    obstacle_in_first_hex: bool = option(
        False,
        "Obstacle in the first cluster hex",
        "A LOS obstacle in the first cluster hex on the LOS: only that hex is "
        "attacked (ASL-8.4-i).",
    )
    out_of_los: list[str] = option(
        title="Cluster hexes out of LOS",
        description="Cluster hexes ('q,r') the Gun cannot see at the aimed elevation: not "
        "attacked (ASL-8.4-i).",
        default_factory=list,
    )


class FireScw(Record):
    type: Literal["fire_scw"] = "fire_scw"
    side: str = option(title="Side", description="The side whose shaped-charge weapon fires.")
    weapon: str = option(title="Weapon", description="BAZ, PIAT, PSK, PF or PFk (ASL-8.3-b).")
    target: Literal["vehicle", "gun", "infantry", "cavalry", "other"] = option(
        "vehicle",
        "Target type",
        "What the weapon fires at (HEAT at Infantry uses the TEM).",
        labels=["Vehicle", "Gun", "Infantry", "Cavalry", "Other"],
    )
    tem: str | None = option(
        None, "Terrain Effects Modifier", "Target TEM (HEAT at Infantry, ASL-8.31-b)."
    )


ACTION_MODELS: dict[str, type[Record]] = {
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


def parse_action(action: Mapping[str, Any]) -> Record:
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
