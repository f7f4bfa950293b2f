"""Two leftovers: a typo in a counter's data, and Canister's first-hex obstacle and LOS.

Clauses: ASL-8.9-a (every valid entry is read, the typo said), ASL-8.4-i (an
obstacle in the first cluster hex stops the fire there; a cluster hex out of
the firer's LOS is not attacked).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from ordnance.asl.plugin import AslGame
from ordnance.asl.rules.notation import AmmoNotationError, parse_notation, read_notation
from ordnance.asl.state import AslState
from ordnance.core.dice import EnteredDice
from ordnance.core.events import Event
from tests.asl.test_cli import run_json

GAME = AslGame()


def test_asl_8_9_a_stray_backslash_keeps_every_entry() -> None:
    """ASL-8.9-a: ``sD7 s9 H8\\`` (the PSW 233's data) reads sD7, s9 and H8, with a note."""
    entries = parse_notation("sD7 s9 H8\\")
    assert [(e.ammo.value, e.periods[0].number) for e in entries] == [
        ("sD", 7), ("SMOKE", 9), ("HEAT", 8),
    ]  # fmt: skip
    assert entries[2].notes and "typo" in entries[2].notes[0]
    assert not entries[0].notes and not entries[1].notes


def test_asl_8_9_a_read_notation_keeps_the_valid_entries() -> None:
    """ASL-8.9-a: strict parsing refuses an unknown token; ``read_notation`` keeps the rest."""
    with pytest.raises(AmmoNotationError):
        parse_notation("sD7 s9 Q7")
    entries, warnings = read_notation("sD7 s9 Q7")
    assert [e.token for e in entries] == ["sD7", "s9"]
    assert len(warnings) == 1 and "'Q7'" in warnings[0]
    assert read_notation("A5^4^/6^5") == (parse_notation("A5^4^/6^5"), [])


def test_cli_notation_reads_the_typo(capsys: pytest.CaptureFixture[str]) -> None:
    """``asl notation 'sD7 s9 H8\\'`` answers (exit 0) with the three entries."""
    code, data = run_json(capsys, "asl", "notation", "sD7 s9 H8\\")
    assert code == 0 and [e["ammo"] for e in data["entries"]] == ["sD", "SMOKE", "HEAT"]


def _step(state: AslState, action: Mapping[str, Any], *dice: int) -> tuple[AslState, Event]:
    source = EnteredDice(dice)
    out = GAME.apply(state, action, source, None)
    source.finish()
    return out.state, out.events[-1]


def _m3() -> AslState:
    sides = [
        {"name": "russian", "nationality": "russian"},
        {"name": "german", "nationality": "german"},
    ]
    s = GAME.new({"date": "1944-06", "sides": sides})
    add = {"type": "add_gun", "id": "m3", "side": "russian", "notation": "C7",
           "gun_size": "37L", "hex": "0,0", "canister_fp": 12, "ca": 0}  # fmt: skip
    s, _ = _step(s, add)
    s, _ = _step(s, {"type": "set_phase", "phase": "PFPh", "attacker": "russian"})
    return s


def _attacked(event: Event) -> list[str]:
    data = event.data
    return [a["hex"] for a in data["attacks"]] if "attacks" in data else []


def test_asl_8_4_i_obstacle_in_the_first_hex_and_hexes_out_of_los() -> None:
    """ASL-8.4-i: with an obstacle only the first cluster hex (and the adjacent one) is hit;
    a hex out of LOS is left out; the game's action takes both."""
    base = {"type": "fire_canister", "gun": "m3", "aim": 1, "ca": 0}
    _s, plain = _step(_m3(), base, 2, 2)
    _s, blocked = _step(_m3(), {**base, "obstacle_in_first_hex": True}, 2, 2)
    _s, unseen = _step(_m3(), {**base, "out_of_los": ["1,-3"]}, 2, 2)
    cluster = ["0,-2", "0,-3", "1,-3"]  # V1 of CA N: the first hex is 0,-2
    assert set(cluster) <= set(_attacked(plain))
    assert "0,-2" in _attacked(blocked)
    assert not {"0,-3", "1,-3"} & set(_attacked(blocked))
    assert "1,-3" not in _attacked(unseen) and "0,-3" in _attacked(unseen)


def test_cli_canister_takes_the_obstacle_and_los(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.4-i on ``asl canister``: --obstacle-first-hex and --out-of-los."""
    base = ("asl", "canister", "--fp", "12", "-n", "7", "--aim", "V1")
    _c, plain = run_json(capsys, *base)
    _c, blocked = run_json(capsys, *base, "--obstacle-first-hex")
    _c, unseen = run_json(capsys, *base, "--out-of-los", "1,-3")
    hexes = [[a["hex"] for a in d["attacks"]] for d in (plain, blocked, unseen)]
    assert hexes[0] == ["0,-1", "0,-2", "0,-3", "1,-3"]
    assert hexes[1] == ["0,-1", "0,-2"]
    assert hexes[2] == ["0,-1", "0,-2", "0,-3"]
