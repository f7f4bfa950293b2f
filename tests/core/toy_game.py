"""A tiny game used to test the core without any real rules module.

Two seats each hold a secret number; ``roll`` adds a d6 to the actor's total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ordnance.core.codec import StateCodec
from ordnance.core.dice import DiceSource
from ordnance.core.errors import NotYourSeat, RuleViolation
from ordnance.core.events import Event
from ordnance.core.game import Game, Outcome


@dataclass(frozen=True)
class ToyState:
    totals: tuple[int, int] = (0, 0)
    secrets: tuple[int, int] = (0, 0)


SEATS = ("red", "blue")


class ToyGame(Game[ToyState]):
    name = "toy"
    title = "Toy"
    state_codec = StateCodec(ToyState)

    def new(self, settings: Mapping[str, Any]) -> ToyState:
        return ToyState()

    def seats(self, state: ToyState) -> Sequence[str]:
        return SEATS

    def _resolve(
        self, state: ToyState, action: Mapping[str, Any], dice: DiceSource, seat: str | None = None
    ) -> Outcome[ToyState]:
        side = action.get("side", seat)
        if side not in SEATS:
            raise RuleViolation("TOY-1", f"unknown side {side!r}", hint="red or blue")
        if seat is not None and seat != side:
            raise NotYourSeat(f"{seat} cannot act for {side}")
        i = SEATS.index(side)
        if action["type"] == "roll":
            value = dice.d6("roll")
            totals = list(state.totals)
            totals[i] += value
            return Outcome(
                replace(state, totals=(totals[0], totals[1])),
                (Event("rolled", {"side": side, "value": value}, text=f"{side} rolled {value}"),),
            )
        if action["type"] == "hide":
            secrets = list(state.secrets)
            secrets[i] = int(action["value"])
            ev = Event(
                "hid",
                {"side": side, "value": secrets[i]},
                secret_for=frozenset({side}),
                public={"side": side},
                text=f"{side} hid {secrets[i]}",
                public_text=f"{side} hid a number",
            )
            return Outcome(replace(state, secrets=(secrets[0], secrets[1])), (ev,))
        raise RuleViolation("TOY-2", f"unknown action {action['type']!r}")

    def view(self, state: ToyState, seat: str | None) -> dict[str, Any]:
        return {
            "totals": dict(zip(SEATS, state.totals, strict=True)),
            "secrets": {
                s: (v if s == seat else None) for s, v in zip(SEATS, state.secrets, strict=True)
            },
        }
