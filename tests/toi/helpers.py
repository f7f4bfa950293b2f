"""Shared helpers for the Tide of Iron tests: a small scenario and an ``act`` shortcut."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ordnance.core.dice import DiceSource, EnteredDice, SeededDice
from ordnance.core.events import Event
from ordnance.core.hexes import Hex
from ordnance.toi.plugin import GAME
from ordnance.toi.state import ToIState

#: A test tank with a short vehicle range: close 1, normal 2, long 3-4.
SHORT_TANK = {
    "name": "short-tank",
    "title": "Test tank",
    "nation": "german",
    "kind": "vehicle",
    "vs_infantry": {"firepower": 3, "range": 2},
    "vs_vehicle": {"firepower": 5, "range": 2},
    "armour": 2,
}

#: Units on the open "range" map, along the row r = 3 (distance from 0,3 = q).
UNITS: list[dict[str, Any]] = [
    {"id": "g-tank", "profile": "short-tank", "side": "german", "hex": "0,3"},
    {"id": "g-gun", "profile": "pak-40", "side": "german", "hex": "0,2"},
    {"id": "g-pz", "profile": "panzer-iv", "side": "german", "hex": "0,4"},
    {"id": "g-squad", "profile": "german-regular-squad", "side": "german", "hex": "1,2"},
    {"id": "s-tank", "profile": "t-34-76", "side": "soviet", "hex": "2,3"},
    {"id": "s-kv", "profile": "kv-1", "side": "soviet", "hex": "4,3"},
    {"id": "s-gun", "profile": "zis-3", "side": "soviet", "hex": "5,2"},
    {"id": "s-squad", "profile": "soviet-rifle-squad", "side": "soviet", "hex": "3,4"},
    {"id": "s-truck", "profile": "gaz-truck", "side": "soviet", "hex": "6,3"},
]


def settings(**extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"map": "range", "units": UNITS, "profiles": [SHORT_TANK]}
    base.update(extra)
    return base


def new(**extra: Any) -> ToIState:
    return GAME.new(settings(**extra))


def act(
    state: ToIState,
    action: dict[str, Any],
    dice: Sequence[int] | DiceSource = (),
    seat: str | None = None,
) -> tuple[ToIState, tuple[Event, ...]]:
    source = dice if isinstance(dice, DiceSource) else EnteredDice(dice)
    out = GAME.apply(state, action, source, seat)
    if isinstance(source, EnteredDice):
        source.finish()
    return out.state, out.events


def to(state: ToIState, where: str) -> ToIState:
    return act(state, {"type": "advance", "to": where})[0]


def buy(state: ToIState, unit: str, munition: str, seat: str | None = None) -> ToIState:
    return act(state, {"type": "buy", "unit": unit, "munition": munition}, seat=seat)[0]


def rolled(seed: int = 0) -> SeededDice:
    return SeededDice(seed)


def place_at(state: ToIState, unit: str, hex_: str) -> ToIState:
    """The position with ``unit`` set up at ``hex_`` (by hand, as a scenario would place it).

    Not a move: no action turn is taken and the unit stays fresh, so a test can
    build a position and then play it in the sequence of play (TOI-B8).
    """
    where = Hex.parse(hex_)
    units = tuple(replace(u, hex=where) if u.id == unit else u for u in state.units)
    return replace(state, units=units)


def on_turn(state: ToIState, side: str) -> ToIState:
    """The position with ``side`` to take the next action turn (TOI-B8): set by hand
    as if the other nation had just attacked (a test's position, not a move)."""
    other = next(n for n in state.sides if n != side)
    return replace(state, last_action=(state.round, other, "", "attack"))
