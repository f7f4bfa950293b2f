"""Limited HE and AP stowage (ASL-8.8-b): what the automatic choice covers, the depletion check of a declared limited round, the CLI."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ordnance.asl.state import AslState
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation

from .test_cli import run_json
from .test_game import GAME, act, cap, new


def german_pfph(state: AslState) -> AslState:
    return act(state, {"type": "set_phase", "phase": "PFPh", "attacker": "german"})


def _journal_rows(db: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("select count(*) from journal").fetchone()[0])


# ----------------------------------------------------------------------------- ASL-8.8-b
def marder(state: AslState) -> AslState:
    return act(state, {"type": "add_gun", "id": "m", "side": "german", "notation": "HE7"})


def test_limited_he_not_covered_by_automatic_choice() -> None:
    """covers ASL-8.8-b: an undeclared shot at Infantry would take HE automatically; the
    piece's HE7 is scarce, so that shot is refused and no die is rolled."""
    s = german_pfph(marder(new()))
    source = EnteredDice([2, 2])
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, {"type": "fire", "gun": "m", "target": "infantry"}, source)
    assert err.value.clause == "ASL-8.8-b"
    assert "declare HE" in (err.value.hint or "")
    assert source.remaining == 2  # refused before the DR: no die consumed
    with pytest.raises(RuleViolation) as err2:
        GAME.apply(s, {"type": "fire", "gun": "m", "ammo": "ordinary", "target": "gun"},
                   EnteredDice([2, 2]))  # fmt: skip
    assert err2.value.clause == "ASL-8.8-b"
    # the odds of that shot say it is refused, with the clause
    odds = GAME.odds(s, {"type": "fire", "gun": "m", "target": "infantry"})
    assert odds is not None and odds["distribution"] == {"refused": "1/1"}
    assert odds["clause"] == "ASL-8.8-b"
    # at a vehicle the automatic choice is AP, which is not scarce on this piece
    s2 = act(s, {"type": "fire", "gun": "m", "target": "vehicle"}, 2, 2)
    assert cap(s2, "m", "HE")["attempts"] == 0


def test_declared_limited_he_is_depletion_checked() -> None:
    """covers ASL-8.8-b (with ASL-8.9-c/e): declaring HE makes the To Hit DR its depletion
    check, whether declared in the fire action or beforehand with declare_ammo."""
    s = german_pfph(marder(new()))
    s1 = act(s, {"type": "fire", "gun": "m", "ammo": "HE", "target": "infantry"}, 2, 2)
    c = cap(s1, "m", "HE")
    assert (c["uses"], c["attempts"], c["status"]) == (1, 1, "available")
    s2 = act(s, {"type": "declare_ammo", "gun": "m", "ammo": "HE"})
    s2 = act(s2, {"type": "fire", "gun": "m", "target": "infantry"}, 5, 4)  # 9 > 7
    c2 = cap(s2, "m", "HE")
    assert c2["status"] == "gone" and c2["exhausted"]["outcome"] == "not-available"
    # HE gone: the automatic choice still cannot fire it; AP may be fired
    with pytest.raises(RuleViolation) as err:
        act(s2, {"type": "fire", "gun": "m", "target": "infantry"}, 1, 1)
    assert err.value.clause == "ASL-8.8-b" and "gone" in err.value.message
    act(s2, {"type": "fire", "gun": "m", "ammo": "AP", "target": "infantry"}, 1, 1)


def test_limited_ap_not_covered_by_automatic_choice() -> None:
    """covers ASL-8.8-b for AP#: an assault gun's undeclared shot at a vehicle is refused."""
    s = act(new(), {"type": "add_gun", "id": "sg", "side": "german", "notation": "AP4"})
    s = german_pfph(s)
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "fire", "gun": "sg", "target": "vehicle"}, 1, 1)
    assert err.value.clause == "ASL-8.8-b"
    s1 = act(s, {"type": "fire", "gun": "sg", "ammo": "AP", "target": "vehicle"}, 2, 2)
    assert cap(s1, "sg", "AP")["exhausted"]["outcome"] == "used-and-depleted"


def test_limited_he_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """covers ASL-8.8-b through ``ordnance asl game fire``: --ammo HE on a piece with HE7 is
    the declaration and its DR the depletion check; without it the shot is refused (exit 2,
    nothing written)."""
    db = str(tmp_path / "g.db")
    assert run_json(capsys, "asl", "game", "new", "--id", "g", "--db", db,
                    "--side", "russian", "--side", "german")[0] == 0  # fmt: skip
    assert run_json(capsys, "asl", "game", "add-gun", "g", "--db", db, "--id", "m",
                    "--side", "german", "--notation", "HE7")[0] == 0  # fmt: skip
    assert run_json(capsys, "asl", "game", "phase", "g", "PFPh", "--attacker", "german",
                    "--db", db)[0] == 0  # fmt: skip
    before = _journal_rows(db)
    code, refused = run_json(capsys, "asl", "game", "fire", "g", "--db", db, "--gun", "m",
                             "--target", "infantry", "--dr", "2,2")  # fmt: skip
    assert code == 2 and refused["clause"] == "ASL-8.8-b"
    assert _journal_rows(db) == before
    code, entry = run_json(capsys, "asl", "game", "fire", "g", "--db", db, "--gun", "m",
                           "--ammo", "HE", "--target", "infantry", "--dr", "4,3")  # fmt: skip
    assert code == 0
    event = entry["events"][0]
    assert event["special"] is True and event["limited_stowage"] == "ASL-8.8-b"
    assert (event["depletion"], event["outcome"], event["clause"]) == (7, "used-and-depleted",
                                                                       "ASL-8.9-d")  # fmt: skip
