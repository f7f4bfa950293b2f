"""Tide of Iron answers the table's LOS query through ``Game.los`` (notes B10, TOI-SMK-6).

Smoke hexes are blocking terrain (TOI-B10), so are woods and buildings of the
terrain table (the attack procedure's clause TOI-B2); end hexes never block, and
a hexside run blocks only when both of its hexes do (hexmap's documented reading).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.hexes import Hex
from ordnance.toi.plugin import GAME
from ordnance.toi.rules.hexmap import has_los, terrain_table
from ordnance.toi.state import SmokeMarker, ToIState

from .helpers import act, buy, new, to


def smoked() -> ToIState:
    """A real Smoke round (two hits, TOI-SMK-3) puts smoke in 1,3, between s-tank and g-tank."""
    state = to(buy(to(new(), "munitions"), "g-tank", "Smoke"), "action")
    state, _ = act(state, {"type": "attack", "unit": "g-tank", "hex": "1,3"}, [6, 6, 1, 1, 1])
    assert Hex(1, 3) in state.smoke_hexes
    return state


def test_smoke_marker_between_two_units_blocks() -> None:
    """covers TOI-SMK-6 / TOI-B10: the answer names the smoke hex and the clause."""
    state = smoked()
    answer = GAME.los(state, Hex(2, 3), Hex(0, 3), "soviet")
    assert answer["hexes"] == ["2,3", "1,3", "0,3"]
    assert answer["blocked"] is True and answer["clauses"] == ["TOI-B10"]
    assert answer["blocking"] == [
        {
            "hexes": ["1,3"],
            "what": ["smoke"],
            "hexside": None,
            "clause": "TOI-B10",
            "reason": "smoke in 0204 blocks it",  # 1,3 printed
        }
    ]
    assert answer["units"] == {"2,3": ["s-tank"], "0,3": ["g-tank"]}
    # the attack procedure refuses the same shot with the same clause
    with pytest.raises(RuleViolation) as err:
        act(state, {"type": "attack", "unit": "s-tank", "target": "g-tank"}, [1] * 10)
    assert err.value.clause == answer["clauses"][0]


def test_smoke_in_an_end_hex_does_not_block() -> None:
    """covers TOI-B10: smoke in the target hex gives cover, it does not hide the hex itself."""
    answer = GAME.los(smoked(), Hex(0, 3), Hex(1, 3), "german")
    assert answer["blocked"] is False and answer["smoke_on_line"] == ["1,3"]
    assert any("+2 cover (TOI-B10)" in s for s in answer["explanation"])


def test_woods_block_with_the_terrain_clause() -> None:
    """Woods block LOS (terrain table, clause TOI-B2 as in the attack procedure)."""
    state = new()
    assert terrain_table()["woods"].blocks_los
    answer = GAME.los(state, Hex(0, 5), Hex(2, 5), None)  # 1,5 is woods on the "range" map
    assert answer["blocked"] is True
    assert answer["blocking"][0]["what"] == ["woods"] and answer["clauses"] == ["TOI-B2"]
    assert not has_los(state.map, Hex(0, 5), Hex(2, 5))


def test_hexside_run_blocks_only_when_both_hexes_block() -> None:
    """The line 0,2 -> 2,1 runs along 1,1|1,2: smoke in one hex is not enough, in both it is."""
    base = new()
    one = replace(base, smoke=(SmokeMarker(Hex(1, 1), 1),))
    answer = GAME.los(one, Hex(0, 2), Hex(2, 1), None)
    assert answer["along_hexsides"][0]["hexside"] == "1,1|1,2"
    assert answer["blocked"] is False
    assert any("only 0202 does (smoke)" in s for s in answer["explanation"])
    both = replace(base, smoke=(SmokeMarker(Hex(1, 1), 1), SmokeMarker(Hex(1, 2), 1)))
    answer = GAME.los(both, Hex(0, 2), Hex(2, 1), None)
    assert answer["blocked"] is True
    assert answer["blocking"][0]["hexside"] == "1,1|1,2"
    assert answer["blocking"][0]["hexes"] == ["1,1", "1,2"] and answer["clauses"] == ["TOI-B10"]
    assert answer["blocked"] is not has_los(both.map, Hex(0, 2), Hex(2, 1), both.smoke_hexes)


def test_los_answer_never_names_a_face_down_token() -> None:
    """TOI-GEN-5/7: the opponent's answer reveals no face-down token type."""
    state = to(buy(to(new(), "munitions"), "g-tank", "AP-C"), "action")
    text = json.dumps(GAME.los(state, Hex(2, 3), Hex(0, 3), "soviet"))
    assert "AP-C" not in text and "token" not in text


def test_off_map_hexes_are_refused() -> None:
    with pytest.raises(OrdnanceError):
        GAME.los(new(), Hex(0, 3), Hex(60, 3), None)
