"""The actions of a World at War game, as Pydantic models (JSON in, validated)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ordnance.core.errors import OrdnanceError

CONDITIONS = Literal["good order", "disrupted", "reduced", "disrupted+reduced", "eliminated"]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlaceTerrain(_Action):
    """Put terrain in one or more hexes (set-up)."""

    type: Literal["place_terrain"] = "place_terrain"
    hexes: list[str] = Field(min_length=1)
    terrain: str
    #: WAW-AMB-2 extras, used only when the matching option is on.
    wreck_dice: int = Field(0, ge=0, le=6)
    cover_dice: int = Field(0, ge=0, le=6)


class PlaceUnit(_Action):
    """Put a unit on the map (set-up)."""

    type: Literal["place_unit"] = "place_unit"
    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.\-]+$")
    kind: str
    side: str
    hex: str
    condition: CONDITIONS = "good order"


class RemoveUnit(_Action):
    type: Literal["remove_unit"] = "remove_unit"
    unit: str


class SetCondition(_Action):
    """The players adjudicate a unit's condition (rally, core-rule results...)."""

    type: Literal["set_condition"] = "set_condition"
    unit: str
    condition: CONDITIONS


class HeFire(_Action):
    """An HE Fire mission against a hex (WAW-HE)."""

    type: Literal["he_fire"] = "he_fire"
    side: str
    target: str
    firepower: int = Field(ge=0, le=40)
    hit_number: int


class Smoke(_Action):
    """A Smoke mission: Smoke 2 in the target hex (WAW-8.2-a)."""

    type: Literal["smoke"] = "smoke"
    side: str
    target: str


class Fascam(_Action):
    """A FASCAM mission: Mines! in the target hex (WAW-8.3)."""

    type: Literal["fascam"] = "fascam"
    side: str
    target: str
    #: The calling unit; its nationality must be American (WAW-8.3-a).
    caller: str | None = None


class Move(_Action):
    """Move a unit hex by hex along ``path`` (each hex adjacent to the last)."""

    type: Literal["move"] = "move"
    unit: str
    path: list[str] = Field(min_length=1)


class Fire(_Action):
    """A unit fires its AP or HE rating at a hex (smoke modifiers, WAW-8.2-d to -g)."""

    type: Literal["fire"] = "fire"
    unit: str
    target: str
    weapon: Literal["ap", "he"]


class MarkerRemoval(_Action):
    """The Marker Removal Phase (WAW-8.2-h)."""

    type: Literal["marker_removal"] = "marker_removal"


class Done(_Action):
    """A side is done with this turn's impulses (WAW-B6)."""

    type: Literal["done"] = "done"
    side: str | None = None


class HqCheckResult(_Action):
    """The players' result of a pending HQ check (WAW-HE-k, WAW-AMB-5)."""

    type: Literal["hq_check_result"] = "hq_check_result"
    hq: str
    condition: CONDITIONS


Action = Annotated[
    PlaceTerrain
    | PlaceUnit
    | RemoveUnit
    | SetCondition
    | HeFire
    | Smoke
    | Fascam
    | Move
    | Fire
    | MarkerRemoval
    | Done
    | HqCheckResult,
    Field(discriminator="type"),
]

ACTIONS: dict[str, type[_Action]] = {
    "place_terrain": PlaceTerrain,
    "place_unit": PlaceUnit,
    "remove_unit": RemoveUnit,
    "set_condition": SetCondition,
    "he_fire": HeFire,
    "smoke": Smoke,
    "fascam": Fascam,
    "move": Move,
    "fire": Fire,
    "marker_removal": MarkerRemoval,
    "done": Done,
    "hq_check_result": HqCheckResult,
}

TITLES = {
    "place_terrain": "Place terrain",
    "place_unit": "Place a unit",
    "remove_unit": "Remove a unit",
    "set_condition": "Set a unit's condition",
    "he_fire": "HE Fire mission",
    "smoke": "Smoke mission",
    "fascam": "FASCAM mission",
    "move": "Move a unit",
    "fire": "Unit fires (AP or HE)",
    "marker_removal": "Marker Removal Phase",
    "done": "Done with this turn's impulses",
    "hq_check_result": "Enter an HQ check result",
}

_ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)


def parse_action(data: Any) -> Any:
    """Validate a JSON action; bad input is an :class:`OrdnanceError` (exit 2)."""
    if not isinstance(data, dict) or data.get("type") not in ACTIONS:
        kind = data.get("type") if isinstance(data, dict) else None
        raise OrdnanceError(
            f"unknown World at War action {kind!r}", hint="one of: " + ", ".join(ACTIONS)
        )
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "action"
        raise OrdnanceError(f"bad {data['type']} action: {where}: {first['msg']}") from None
