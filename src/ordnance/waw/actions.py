"""The actions of a World at War game, as Pydantic models (JSON in, validated)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from ordnance.core.done_action import DoneAction
from ordnance.core.fields import Record, option
from ordnance.core.names import PieceId
from ordnance.core.validation import parse_tagged

CONDITIONS = Literal["good order", "disrupted", "reduced", "disrupted+reduced", "eliminated"]
#: The side of a fire mission (HE, Smoke, FASCAM): one field, declared once.
MissionSide = Annotated[str, option(title="Side", description="The side calling the mission.")]


class PlaceTerrain(Record):
    """Put terrain in one or more hexes (set-up)."""

    type: Literal["place_terrain"] = "place_terrain"
    hexes: list[str] = option(title="Hexes", description="The hexes to change.", min_length=1)
    terrain: str = option(title="Terrain", description="The terrain they get.")
    #: WAW-AMB-2 extras, used only when the matching option is on.
    wreck_dice: int = option(
        0, "Wreck dice", "Wreck defence dice in the hex (WAW-AMB-2).", ge=0, le=6
    )
    cover_dice: int = option(
        0, "Cover dice", "Cover defence dice in the hex (WAW-AMB-2).", ge=0, le=6
    )


class PlaceUnit(Record):
    """Put a unit on the map (set-up)."""

    type: Literal["place_unit"] = "place_unit"
    id: PieceId = option(
        title="Unit name", description="A short name for the new unit, e.g. us-m1-1."
    )
    kind: str = option(title="Unit type", description="What the unit is.")
    side: str = option(title="Side", description="The side that owns it.")
    hex: str = option(title="Hex", description="Where it is placed.")
    condition: CONDITIONS = option("good order", "Condition", "Its condition when placed.")


class RemoveUnit(Record):
    type: Literal["remove_unit"] = "remove_unit"
    unit: str = option(title="Unit", description="The unit taken off the map.")


class SetCondition(Record):
    """The players adjudicate a unit's condition (rally, core-rule results...)."""

    type: Literal["set_condition"] = "set_condition"
    unit: str = option(title="Unit", description="The unit whose condition changes.")
    condition: CONDITIONS = option(title="Condition", description="Its new condition.")


class HeFire(Record):
    """An HE Fire mission against a hex (WAW-HE).

    Entered dice, in order: salvo, defence, [allocation die], [HQ check dice].
    """

    type: Literal["he_fire"] = "he_fire"
    side: MissionSide
    target: str = option(title="Target hex", description="The hex the shells land in.")
    firepower: int = option(
        title="Firepower", description="HE dice of the mission (WAW-HE-a).", ge=0, le=40
    )
    hit_number: int = option(title="Hit Number", description="A die showing this or more hits.")


class Smoke(Record):
    """A Smoke mission: Smoke 2 in the target hex (WAW-8.2-a)."""

    type: Literal["smoke"] = "smoke"
    side: MissionSide
    target: str = option(title="Target hex", description="Where the Smoke 2 marker goes.")


class Fascam(Record):
    """A FASCAM mission: Mines! in the target hex (WAW-8.3)."""

    type: Literal["fascam"] = "fascam"
    side: MissionSide
    target: str = option(title="Target hex", description="Where the Mines! marker goes.")
    #: The calling unit; its nationality must be American (WAW-8.3-a).
    caller: str | None = option(None, "Calling unit", "An American unit calling it (WAW-8.3-a).")


class Move(Record):
    """Move a unit hex by hex along ``path`` (each hex adjacent to the last)."""

    type: Literal["move"] = "move"
    unit: str = option(title="Unit", description="The unit that moves.")
    path: list[str] = option(
        title="Path", description="Each hex entered, in order (adjacent steps).", min_length=1
    )


class Fire(Record):
    """A unit fires its AP or HE rating at a hex (smoke modifiers, WAW-8.2-d to -g)."""

    type: Literal["fire"] = "fire"
    unit: str = option(title="Unit", description="The unit that fires.")
    target: str = option(title="Target hex", description="The hex fired at.")
    weapon: Literal["ap", "he"] = option(
        title="Weapon",
        description="Which rating it fires.",
        labels=["AP (anti-armour)", "HE (high explosive)"],
    )


class MarkerRemoval(Record):
    """The Marker Removal Phase (WAW-8.2-h)."""

    type: Literal["marker_removal"] = "marker_removal"


class Done(DoneAction):
    """A side is done with this turn's impulses (WAW-B6)."""


class HqCheckResult(Record):
    """The players' result of a pending HQ check (WAW-HE-k, WAW-AMB-5)."""

    type: Literal["hq_check_result"] = "hq_check_result"
    hq: str = option(title="HQ", description="The HQ whose check is due.")
    condition: CONDITIONS = option(title="Condition", description="The HQ's condition after it.")


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

ACTIONS: dict[str, type[Record]] = {
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
    return parse_tagged(data, ACTIONS, _ADAPTER, what="World at War action", clause="WAW-B6")
