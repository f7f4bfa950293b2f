"""The actions a seat may take, as Pydantic models (JSON-ready dicts with "type")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ordnance.core.errors import OrdnanceError
from ordnance.toi.munitions import Munition


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Advance(_Action):
    """Move to the next step of the round (or on to the step named by ``to``)."""

    type: Literal["advance"] = "advance"
    to: str | None = Field(None, description="Stop at this step, e.g. 'munitions' or 'action'.")


class Done(_Action):
    """A nation's part of the current step is over (the sequence of play, TOI-B8)."""

    type: Literal["done"] = "done"
    side: str | None = Field(None, description="The nation that is done (hot-seat play).")


class ReceiveCommand(_Action):
    """Command Phase: a nation receives command (B8)."""

    type: Literal["receive_command"] = "receive_command"
    side: str
    amount: int = Field(ge=0, le=50)


class Buy(_Action):
    """Status Phase purchase window: buy a token and place it face down (TOI-GEN-4/5)."""

    type: Literal["buy"] = "buy"
    unit: str
    munition: Munition | None = Field(
        None, description="The type (required unless token_choice='random', TOI-AMB-12)."
    )


class Discard(_Action):
    """End of the Status Phase: drop an unused face-down token (TOI-GEN-8)."""

    type: Literal["discard"] = "discard"
    unit: str | None = None
    token: str | None = None


class PlaceOpFire(_Action):
    """Status Phase step 3: put a fresh unit in Op Fire mode (B8, B9)."""

    type: Literal["op_fire"] = "op_fire"
    unit: str


class Move(_Action):
    """Record a unit's new hex (movement points are the players' business)."""

    type: Literal["move"] = "move"
    unit: str
    to: str


class Attack(_Action):
    """An attack by ``unit`` on ``target`` (a unit), or a Smoke round on ``hex``."""

    type: Literal["attack"] = "attack"
    unit: str
    target: str | None = None
    hex: str | None = Field(None, description="Target hex of a Smoke round ('q,r').")
    support: tuple[str, ...] = Field((), description="Units joining with combined fire (B5).")
    mode: Literal["concentrated", "op_fire", "fire_and_movement"] = "concentrated"
    suppressive: bool = False


AnyAction = Annotated[
    Advance | Done | ReceiveCommand | Buy | Discard | PlaceOpFire | Move | Attack,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(AnyAction)

ACTION_MODELS: dict[str, type[_Action]] = {
    "advance": Advance,
    "done": Done,
    "receive_command": ReceiveCommand,
    "buy": Buy,
    "discard": Discard,
    "op_fire": PlaceOpFire,
    "move": Move,
    "attack": Attack,
}


def parse_action(action: Mapping[str, Any]) -> _Action:
    """Validate a JSON action; refuses unknown types and bad fields."""
    kind = action.get("type")
    if kind not in ACTION_MODELS:
        raise OrdnanceError(
            f"unknown action type {kind!r}", hint=f"one of {', '.join(ACTION_MODELS)}"
        )
    try:
        parsed: _Action = _ADAPTER.validate_python(dict(action))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "action"
        raise OrdnanceError(f"bad {kind} action: {where}: {first['msg']}") from None
    return parsed
