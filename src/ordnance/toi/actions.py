"""The actions a seat may take, as Pydantic models (JSON-ready dicts with "type")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from ordnance.core.done_action import DoneAction
from ordnance.core.fields import Record, option
from ordnance.core.validation import parse_tagged
from ordnance.toi.rules.munitions import Munition


class Advance(Record):
    """Move to the next step of the round (or on to the step named by ``to``)."""

    type: Literal["advance"] = "advance"
    to: str | None = option(None, "Go to", "The step of the round to stop at.")


class Done(DoneAction):
    """A nation's part of the current step is over (the sequence of play, TOI-B8)."""


class ReceiveCommand(Record):
    """Command Phase: a nation receives command (B8)."""

    type: Literal["receive_command"] = "receive_command"
    side: str = option(title="Nation", description="The nation receiving command.")
    amount: int = option(title="Command", description="Command points received.", ge=0, le=50)


class Buy(Record):
    """Status Phase purchase window: buy a token and place it face down (TOI-GEN-4/5)."""

    type: Literal["buy"] = "buy"
    unit: str = option(title="Unit", description="The vehicle that gets the token.")
    munition: Munition | None = option(
        None, "Munition", "The type (required unless token_choice='random', TOI-AMB-12)."
    )


class Discard(Record):
    """End of the Status Phase: drop an unused face-down token (TOI-GEN-8)."""

    type: Literal["discard"] = "discard"
    unit: str | None = option(None, "Unit", "The unit whose token is dropped.")
    token: str | None = option(None, "Token", "Which of your tokens.")


class PlaceOpFire(Record):
    """Status Phase step 3: put a fresh unit in Op Fire mode (B8, B9)."""

    type: Literal["op_fire"] = "op_fire"
    unit: str = option(title="Unit", description="A fresh unit to put on Op Fire.")


class Move(Record):
    """Record a unit's new hex (movement points are the players' business)."""

    type: Literal["move"] = "move"
    unit: str = option(title="Unit", description="The unit that moves.")
    to: str = option(title="To hex", description="The hex it ends its move in.")


class Attack(Record):
    """An attack by ``unit`` on ``target`` (a unit), or a Smoke round on ``hex``."""

    # the schema says one of the two is needed (the rules refuse neither/both, TOI-SMK-1)
    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        json_schema_extra={"anyOf": [{"required": ["target"]}, {"required": ["hex"]}]},
    )

    type: Literal["attack"] = "attack"
    unit: str = option(title="Attacker", description="The unit that fires.")
    target: str | None = option(None, "Target", "The enemy unit fired at.")
    hex: str | None = option(
        None, "Smoke target hex", "Target hex of a Smoke round, its printed number (e.g. 0305)."
    )
    support: tuple[str, ...] = option(
        (), "Supporting units", "Units joining with combined fire (B5)."
    )
    mode: Literal["concentrated", "op_fire", "fire_and_movement"] = option(
        "concentrated",
        "Fire mode",
        "How the attacker fires this time.",
        labels=["Concentrated fire", "Op Fire", "Fire and movement"],
    )
    suppressive: bool = option(False, "Suppressive fire", "Pin the target instead of killing (B4).")


AnyAction = Annotated[
    Advance | Done | ReceiveCommand | Buy | Discard | PlaceOpFire | Move | Attack,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(AnyAction)

ACTION_MODELS: dict[str, type[Record]] = {
    "advance": Advance,
    "done": Done,
    "receive_command": ReceiveCommand,
    "buy": Buy,
    "discard": Discard,
    "op_fire": PlaceOpFire,
    "move": Move,
    "attack": Attack,
}


def parse_action(action: Mapping[str, Any]) -> Record:
    """Validate a JSON action; refuses unknown types and bad fields."""
    parsed: Record = parse_tagged(
        action, ACTION_MODELS, _ADAPTER, what="Tide of Iron action", clause="TOI-B8"
    )
    return parsed
