"""World at War answers the table's LOS query through ``Game.los`` (WAW-8.2-b..g)."""

from __future__ import annotations

import pytest

from ordnance.core.dice import EnteredDice
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.hexes import Hex
from ordnance.waw.plugin import GAME
from ordnance.waw.state import WawState


def setup(*actions: dict[str, object], **settings: object) -> WawState:
    state = GAME.new(settings)
    for action in actions:
        state = GAME.apply(state, action, EnteredDice([])).state
    return state


def unit(uid: str, kind: str, side: str, hex_: str) -> dict[str, object]:
    return {"type": "place_unit", "id": uid, "kind": kind, "side": side, "hex": hex_}


SMOKE_AT_2_0 = {"type": "smoke", "side": "us", "target": "2,0"}


def board() -> WawState:
    """An Abrams and an ITV in 0,0, a T-72 in 4,0, Smoke 2 in 2,0 between them."""
    return setup(
        unit("A1", "M1 Abrams", "us", "0,0"),
        unit("I1", "M901 ITV", "us", "0,0"),
        unit("T1", "T-72", "soviet", "4,0"),
        SMOKE_AT_2_0,
    )


def test_smoke_between_two_units_blocks_a_unit_without_advanced_imaging() -> None:
    """covers WAW-8.2-b (the smoke area) and WAW-8.2-c (smoke blocks LOS)."""
    answer = GAME.los(board(), Hex(4, 0), Hex(0, 0), "soviet")
    assert answer["hexes"] == ["4,0", "3,0", "2,0", "1,0", "0,0"]
    assert answer["blocked"] is True
    assert answer["blocking"] == [
        {
            "marker": "2,0",
            "level": 2,
            "clause": "WAW-8.2-c",
            "line_hexes_in_area": ["3,0", "2,0", "1,0"],
        }
    ]
    (t72,) = answer["firers"]
    assert t72["unit"] == "T1" and t72["sees"] is False
    assert t72["weapons"]["ap"] == {
        "may_fire": False,
        "base_hit_number": 4,
        "clause": "WAW-8.2-c",
        "why": "no line of sight from 0503 to 0101: smoke from 0302 blocks it",
    }


def test_advanced_imaging_sees_through_at_hit_number_plus_one() -> None:
    """covers WAW-8.2-d (sees through), WAW-8.2-e (+1) and WAW-8.2-f (the ITV: AP only)."""
    answer = GAME.los(board(), Hex(0, 0), Hex(4, 0), "us")
    assert answer["blocked"] is True  # for units without Advanced Imaging
    assert answer["advanced_imaging"]["hit_number_plus"] == 1
    firers = {f["unit"]: f for f in answer["firers"]}
    abrams = firers["A1"]
    assert abrams["advanced_imaging"] and abrams["sees"]
    assert abrams["weapons"]["ap"]["hit_number"] == 5  # 4 + 1
    assert abrams["weapons"]["ap"]["modifiers"][0]["clause"] == "WAW-8.2-e"
    itv = firers["I1"]["weapons"]
    assert itv["ap"]["hit_number"] == 5 and itv["ap"]["modifiers"][0]["clause"] == "WAW-8.2-f"
    assert itv["he"]["may_fire"] is False and itv["he"]["clause"] == "WAW-8.2-f"


def test_the_answer_matches_the_fire_action() -> None:
    """The LOS answer and a ``fire`` action judge alike (WAW-8.2-c refusal, WAW-8.2-e roll)."""
    state = board()
    with pytest.raises(RuleViolation) as err:
        GAME.apply(state, {"type": "fire", "unit": "T1", "weapon": "ap", "target": "0,0"},
                   EnteredDice([1] * 6))  # fmt: skip
    assert err.value.clause == "WAW-8.2-c"
    odds = GAME.odds(state, {"type": "fire", "unit": "A1", "weapon": "ap", "target": "4,0"})
    assert odds is not None and odds["hit_number"] == 5


def test_adjacent_firer_and_clear_lines_are_not_blocked() -> None:
    """covers WAW-8.2-c / WAW-AMB-7 (an adjacent firer keeps its LOS) and WAW-8.2-g (+1 into smoke)."""
    state = setup(unit("T1", "T-72", "soviet", "1,0"), SMOKE_AT_2_0)
    answer = GAME.los(state, Hex(1, 0), Hex(2, 0), "soviet")
    assert answer["blocked"] is False and answer["smoke"][0]["blocks"] is False
    mods = answer["firers"][0]["weapons"]["ap"]["modifiers"]
    assert [m["clause"] for m in mods] == ["WAW-8.2-g"]
    clear = GAME.los(state, Hex(0, 4), Hex(5, 4), None)
    assert clear["blocked"] is False and clear["smoke"] == [] and clear["text"] == "clear of Smoke"


def test_a_line_along_a_hexside_is_in_smoke_when_either_hex_is() -> None:
    """The line 0,0 -> 4,-2 runs along 3,-2|3,-1; only 3,-1 is in the area of Smoke at 3,0.

    Default ``smoke_hexside="either"``: both hexes of the run count, so it blocks (WAW-8.2-c);
    with ``"both"`` it does not.
    """
    smoke = {"type": "smoke", "side": "us", "target": "3,0"}
    answer = GAME.los(setup(smoke), Hex(0, 0), Hex(4, -2), None)
    assert {"hexside": "3,-2|3,-1", "left": "3,-2", "right": "3,-1"} in answer["along_hexsides"]
    assert answer["blocked"] is True
    assert "3,-1" in answer["blocking"][0]["line_hexes_in_area"]
    strict = GAME.los(setup(smoke, smoke_hexside="both"), Hex(0, 0), Hex(4, -2), None)
    assert strict["blocked"] is False


def test_off_board_hexes_are_refused() -> None:
    with pytest.raises(OrdnanceError):
        GAME.los(board(), Hex(0, 0), Hex(40, 0), "us")
