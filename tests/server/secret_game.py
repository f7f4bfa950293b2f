"""A small game with face-down tokens, used to test the table server.

Two seats, ``allies`` and ``axis``. Each side buys munitions tokens face
down in the Status Phase (its own catalogue, so the other side's legal
forms never name the type); a token shows on the map as an anonymous
``munition-token`` marker with an id that says nothing of its type, until
its owner reveals it. In the Attack Phase a side rolls a pool of d6 hitting
on 5+ against a hex (odds: exact binomial), or drops smoke.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ordnance.core.codec import StateCodec
from ordnance.core.dice import DiceSource
from ordnance.core.errors import NotYourSeat, RuleViolation
from ordnance.core.events import Event
from ordnance.core.game import Game, Outcome
from ordnance.core.odds.pools import successes

SEATS = ("allies", "axis")
CATALOGUE = {
    "allies": ("phosphorus-round", "canister-shot"),
    "axis": ("incendiary-shell", "flare-round"),
}

HEXES = [f"{q},{r}" for q in range(0, 4) for r in range(-1, 3)]


@dataclass(frozen=True)
class Token:
    id: str
    side: str
    kind: str
    hex: str
    face_up: bool = False


@dataclass(frozen=True)
class SecretState:
    phase: str = "status"
    turn: int = 1
    tokens: tuple[Token, ...] = ()
    smoke: tuple[str, ...] = ()
    hits: tuple[int, int] = (0, 0)
    bought: int = 0


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    turns: int = Field(default=3, ge=1, le=10, description="Number of turns.")


def _buy_model(side: str) -> type[BaseModel]:
    kinds = CATALOGUE[side]

    class Buy(BaseModel):
        model_config = ConfigDict(extra="forbid", title=f"Buy{side.title()}")
        type: Literal["buy"] = "buy"
        kind: Literal[kinds] = Field(description="Token type (kept face down).")  # type: ignore[valid-type]
        hex: str = Field(pattern=r"^-?\d+,-?\d+$")

    return Buy


class Reveal(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["reveal"] = "reveal"
    token: str


class Attack(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["attack"] = "attack"
    dice: int = Field(ge=1, le=12, description="Attack dice")
    target: str = Field(pattern=r"^-?\d+,-?\d+$")


class Smoke(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["smoke"] = "smoke"
    hex: str = Field(pattern=r"^-?\d+,-?\d+$")


class EndPhase(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["end_phase"] = "end_phase"


class SecretGame(Game[SecretState]):
    name = "secrets"
    title = "Face-down test game"
    state_codec = StateCodec(SecretState)

    def new(self, settings: Mapping[str, Any]) -> SecretState:
        Settings.model_validate(dict(settings))
        return SecretState()

    def settings_schema(self) -> dict[str, Any]:
        return Settings.model_json_schema()

    def seats(self, state: SecretState) -> Sequence[str]:
        return SEATS

    def _resolve(
        self,
        state: SecretState,
        action: Mapping[str, Any],
        dice: DiceSource,
        seat: str | None = None,
    ) -> Outcome[SecretState]:
        side = seat or str(action.get("side", "allies"))
        if side not in SEATS:
            raise NotYourSeat("unknown side")
        kind = action.get("type")
        if kind == "buy":
            a = _buy_model(side).model_validate(dict(action))
            if state.phase != "status":
                raise RuleViolation(
                    "TEST-STATUS-1",
                    "tokens are bought in the Status Phase",
                    hint="wait for the next Status Phase",
                )
            token = Token(f"m{state.bought + 1}", side, a.kind, a.hex)  # type: ignore[attr-defined]
            ev = Event(
                "bought",
                {"side": side, "token": token.id, "kind": token.kind, "hex": token.hex},
                text=f"{side} bought {token.kind} ({token.id}) at {token.hex}",
                secret_for=frozenset({side}),
                public={"side": side, "token": token.id, "hex": token.hex},
                public_text=f"{side} placed a face-down token ({token.id}) at {token.hex}",
            )
            return Outcome(
                replace(state, tokens=(*state.tokens, token), bought=state.bought + 1), (ev,)
            )
        if kind == "reveal":
            r = Reveal.model_validate(dict(action))
            mine = [t for t in state.tokens if t.id == r.token and t.side == side]
            if not mine:
                raise RuleViolation(
                    "TEST-REVEAL-1", "you can reveal only your own tokens", hint="pick one of yours"
                )
            tok = mine[0]
            tokens = tuple(replace(t, face_up=True) if t.id == tok.id else t for t in state.tokens)
            return Outcome(
                replace(state, tokens=tokens),
                (
                    Event(
                        "revealed",
                        {"token": tok.id, "kind": tok.kind},
                        text=f"{tok.id} is {tok.kind}",
                    ),
                ),
            )
        if kind == "attack":
            at = Attack.model_validate(dict(action))
            if state.phase != "attack":
                raise RuleViolation(
                    "TEST-ATTACK-1",
                    "attacks happen in the Attack Phase",
                    hint="end the Status Phase first",
                )
            roll = dice.pool(at.dice, "attack")
            hits = sum(1 for d in roll if d >= 5)
            totals = list(state.hits)
            totals[SEATS.index(side)] += hits
            return Outcome(
                replace(state, hits=(totals[0], totals[1])),
                (
                    Event(
                        "attacked",
                        {"side": side, "target": at.target, "dice": list(roll), "hits": hits},
                        text=f"{side} attacked {at.target}: {hits} hits",
                    ),
                ),
            )
        if kind == "smoke":
            sm = Smoke.model_validate(dict(action))
            if state.phase != "attack":
                raise RuleViolation(
                    "TEST-ATTACK-1",
                    "smoke is placed in the Attack Phase",
                    hint="end the Status Phase first",
                )
            return Outcome(
                replace(state, smoke=(*state.smoke, sm.hex)),
                (Event("smoke", {"hex": sm.hex}, text=f"smoke at {sm.hex}"),),
            )
        if kind == "end_phase":
            EndPhase.model_validate(dict(action))
            if state.phase == "status":
                new = replace(state, phase="attack")
            else:
                new = replace(state, phase="status", turn=state.turn + 1)
            return Outcome(
                new,
                (
                    Event(
                        "phase",
                        {"phase": new.phase, "turn": new.turn},
                        text=f"turn {new.turn}: {new.phase} phase",
                    ),
                ),
            )
        raise RuleViolation("TEST-0", f"unknown action type {kind!r}", hint="see legal actions")

    def legal(self, state: SecretState, seat: str | None) -> list[dict[str, Any]]:
        if seat not in SEATS:
            return []
        out: list[dict[str, Any]] = []
        if state.phase == "status":
            out.append(
                {
                    "type": "buy",
                    "title": "Buy a munitions token",
                    "schema": _buy_model(seat).model_json_schema(),
                }
            )
        else:
            out.append({"type": "attack", "title": "Attack", "schema": Attack.model_json_schema()})
            out.append(
                {"type": "smoke", "title": "Place smoke", "schema": Smoke.model_json_schema()}
            )
        if any(t.side == seat and not t.face_up for t in state.tokens):
            out.append(
                {"type": "reveal", "title": "Reveal a token", "schema": Reveal.model_json_schema()}
            )
        out.append(
            {"type": "end_phase", "title": "End the phase", "schema": EndPhase.model_json_schema()}
        )
        return out

    def odds(
        self, state: SecretState, action: Mapping[str, Any], seat: str | None = None
    ) -> dict[str, Any] | None:
        if action.get("type") != "attack":
            return None
        at = Attack.model_validate(dict(action))
        dist = successes(at.dice, 5)
        return {"title": f"{at.dice} dice hitting on 5+", "distribution": dist.to_json()}

    def view(self, state: SecretState, seat: str | None) -> dict[str, Any]:
        markers = [{"hex": h, "kind": "smoke", "label": "smoke"} for h in state.smoke]
        own = []
        for t in state.tokens:
            visible = t.face_up or t.side == seat
            markers.append(
                {"hex": t.hex, "kind": "munition-token", "label": t.kind if visible else t.id}
            )
            if t.side == seat:
                own.append({"id": t.id, "kind": t.kind, "hex": t.hex, "face_up": t.face_up})
        return {
            "phase": state.phase,
            "turn": state.turn,
            "hits": dict(zip(SEATS, state.hits, strict=True)),
            "my_tokens": own,
            "face_up": [
                {"id": t.id, "kind": t.kind, "hex": t.hex} for t in state.tokens if t.face_up
            ],
            "map": {
                "hexes": [{"hex": h, "terrain": "woods" if h == "1,0" else "clear"} for h in HEXES],
                "units": [
                    {"id": "a1", "side": "allies", "hex": "0,0", "label": "Rifles"},
                    {"id": "x1", "side": "axis", "hex": "3,0", "label": "Grenad."},
                ],
                "markers": markers,
                "arrows": [{"from": "1,1", "to": "2,1", "kind": "drift"}],
                "clusters": [{"hexes": ["2,0", "2,-1"], "kind": "canister"}],
            },
        }
