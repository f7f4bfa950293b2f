"""An action's ``type`` picks its model: TOI-B8 and WAW-B6 refuse an unknown type or a non-object
with the same refusal, and a bad field as ``<type> action``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ordnance.core.errors import InvalidInput, UnknownName
from ordnance.toi.actions import parse_action as toi_action
from ordnance.waw.actions import parse_action as waw_action

GAMES: list[tuple[Callable[[Any], Any], str, str]] = [
    (toi_action, "TOI-B8", "Tide of Iron action"),
    (waw_action, "WAW-B6", "World at War action"),
]


@pytest.mark.parametrize(("parse", "clause", "what"), GAMES)
@pytest.mark.parametrize("data", [{"type": "bogus"}, {}, {"type": ["move"]}, "move"])
def test_an_unknown_type_or_a_non_object_is_refused_naming_the_known_types(
    parse: Callable[[Any], Any], clause: str, what: str, data: Any
) -> None:
    with pytest.raises(UnknownName) as info:
        parse(data)
    assert info.value.clause == clause
    assert info.value.message.startswith(f"unknown {what} ")
    assert info.value.hint is not None and "move" in info.value.hint


@pytest.mark.parametrize(("parse", "clause", "what"), GAMES)
def test_a_bad_field_is_refused_as_that_types_action(
    parse: Callable[[Any], Any], clause: str, what: str
) -> None:
    with pytest.raises(InvalidInput) as info:
        parse({"type": "move", "unit": 3})
    assert info.value.message.startswith("bad move action: unit (given 3)")
    assert info.value.clause == clause
