"""The states' typed JSON (``ordnance.core.codec``): exact round trips, data only.

What a game's state may be made of round-trips equal and of the same types;
whatever does not fit the declared types is refused (CodecError or
ValueError), so a forged snapshot yields nothing but a state of the declared
shape (CORE-JOURNAL-1: a snapshot is only a cache of the replay).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict

from ordnance.core.codec import MAGIC, CodecError, StateCodec
from ordnance.core.hexes import Hex


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str = "x"
    limit: int = 3


@dataclass(frozen=True, slots=True)
class Piece:
    at: Hex
    colour: Colour
    odds: Fraction = Fraction(1, 3)


@dataclass(frozen=True)
class Marker:
    label: str


@dataclass(frozen=True)
class Node:
    value: int
    next: Node | None = None


@dataclass(frozen=True)
class State:
    settings: Settings
    pieces: tuple[Piece, ...] = ()
    board: Mapping[Hex, int] = field(default_factory=dict)
    plain: dict[str, Level] = field(default_factory=dict)
    done: frozenset[str] = frozenset()
    last: tuple[int, str] | None = None
    either: Piece | Marker | None = None
    mode: Literal["a", "b"] = "a"
    ratio: float = 0.5
    chain: Node | None = None
    cache: Any = field(default=None, compare=False)


def _derived_cache(state: State) -> str:
    return f"rebuilt from {state.settings.name}"


CODEC = StateCodec(State, derived={State: {"cache": _derived_cache}})

hexes = st.builds(Hex, st.integers(-50, 50), st.integers(-50, 50))
pieces = st.builds(
    Piece,
    hexes,
    st.sampled_from(Colour),
    st.fractions(max_denominator=1000),
)
states = st.builds(
    State,
    settings=st.builds(Settings, name=st.text(max_size=8), limit=st.integers(0, 9)),
    pieces=st.lists(pieces, max_size=4).map(tuple),
    board=st.dictionaries(hexes, st.integers(), max_size=5).map(MappingProxyType),
    plain=st.dictionaries(st.text(max_size=3), st.sampled_from(Level), max_size=3),
    done=st.frozensets(st.text(max_size=3), max_size=3),
    last=st.none() | st.tuples(st.integers(), st.text(max_size=3)),
    either=st.none() | pieces | st.builds(Marker, st.text(max_size=4)),
    mode=st.sampled_from(["a", "b"]),
    ratio=st.floats(allow_nan=False, allow_infinity=False),
    chain=st.none() | st.builds(Node, st.integers(), st.none() | st.builds(Node, st.integers())),
)


@given(states)
def test_states_round_trip_equal_and_typed(state: State) -> None:
    back = CODEC.loads(CODEC.dumps(state))
    assert back == state
    assert type(back.board) is MappingProxyType and type(back.plain) is dict
    assert all(type(p.at) is Hex and type(p.odds) is Fraction for p in back.pieces)
    assert type(back.either) is type(state.either)
    assert back.cache == f"rebuilt from {state.settings.name}"  # derived, not stored


def test_the_encoding_is_plain_json_behind_its_marker() -> None:
    blob = CODEC.dumps(State(Settings(), pieces=(Piece(Hex(1, 2), Colour.RED),)))
    assert blob.startswith(MAGIC)
    data = json.loads(blob[len(MAGIC) :])
    assert data[1] == [[[1, 2], "red", [1, 3]]]


@pytest.mark.parametrize(
    "body",
    [
        b"{}",
        b'[{"name": "x", "limit": 3}]',
        b'[{"name": "x", "limit": 3}, [], [], [], [], null, [7, null], "a", 0.5, null]',
        b'[{"name": "x", "limit": 3}, [], [], [], [], null, null, "c", 0.5, null]',
        b'[{"name": "x", "limit": "many"}, [], [], [], [], null, null, "a", 0.5, null]',
        b'[{"name": "x", "limit": 3}, [[[1, 2], "green", [1, 3]]], [], [], [], null, null,'
        b' "a", 0.5, null]',
        b'[{"name": "x", "limit": 3}, [], [[[1, 2], "1"]], [], [], null, null, "a", 0.5, null]',
    ],
)
def test_data_of_another_shape_is_refused(body: bytes) -> None:
    with pytest.raises((CodecError, ValueError)):
        CODEC.loads(MAGIC + body)


def test_a_pickle_is_not_read() -> None:
    import pickle

    with pytest.raises(CodecError):
        CODEC.loads(pickle.dumps(State(Settings())))


def test_types_it_cannot_handle_are_refused_at_first_use() -> None:
    @dataclass(frozen=True)
    class Vague:
        anything: Any

    class Plain:
        pass

    @dataclass(frozen=True)
    class Holder:
        thing: Plain

    for kind, value in ((Vague, Vague(1)), (Holder, Holder(Plain()))):
        with pytest.raises(CodecError):
            StateCodec(kind).dumps(value)


def test_a_subclass_where_a_class_is_declared_is_refused() -> None:
    @dataclass(frozen=True)
    class Special(Marker):
        extra: int = 0

    with pytest.raises(CodecError):
        StateCodec(Marker).dumps(Special("m", 1))
