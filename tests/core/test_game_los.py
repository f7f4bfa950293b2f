"""The ``Game.los`` protocol method: its default answer is the exact hex line, judged by nobody."""

from __future__ import annotations

import json

from ordnance.core.game import hex_line_answer
from ordnance.core.hexes import Hex, line
from tests.core.toy_game import ToyGame

GAME = ToyGame()


def test_default_los_is_the_exact_hex_line_and_judges_nothing() -> None:
    state = GAME.new({})
    answer = GAME.los(state, Hex(0, 0), Hex(4, -2), "red")
    exact = line(Hex(0, 0), Hex(4, -2)).to_dict()
    for key, value in exact.items():  # every key of Line.to_dict, unchanged
        assert answer[key] == value
    assert answer["blocked"] is None
    assert answer["distance"] == 4
    assert "geometry only" in answer["note"] and answer["text"].startswith("geometry only")
    json.dumps(answer)  # JSON-ready


def test_default_los_explains_hexside_runs_with_both_hexes() -> None:
    """A line along a hexside has both of its hexes on it (the rule ASL-8.41-c relies on)."""
    answer = GAME.los(GAME.new({}), Hex(0, 0), Hex(2, -1), None)
    assert answer["hexes"] == ["0,0", "1,-1", "1,0", "2,-1"]
    assert any("1,-1|1,0" in s and "both 1,-1 and 1,0" in s for s in answer["explanation"])
    assert any("judges no blocking terrain" in s for s in answer["explanation"])


def test_hex_line_answer_reports_vertex_touches_and_is_reversible() -> None:
    there = hex_line_answer(Hex(0, 0), Hex(5, -4))
    back = hex_line_answer(Hex(5, -4), Hex(0, 0))
    assert there["touched_hexes"] == ["2,-1", "3,-3"]
    assert any("touches 2,-1 only at the vertex" in s for s in there["explanation"])
    assert back["hexes"] == there["hexes"][::-1]
    assert "2,-1" not in there["hexes"]


def test_seat_is_optional_for_local_play() -> None:
    assert GAME.los(GAME.new({}), Hex(1, 1), Hex(1, 1))["hexes"] == ["1,1"]
