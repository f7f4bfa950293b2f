"""Canister aims over several Locations (ASL-8.4): each Location's own TEM, CA changes,
buildings behind the CA, upper levels and cellars; each test cites the clause it checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from ordnance.asl.canister.aim import aim_points, building_aim
from ordnance.asl.canister.attacks import canister_attacks
from ordnance.asl.canister.ca import ca_change_drm
from ordnance.asl.canister.odds import canister_odds, outcome_key
from ordnance.asl.canister.resolve import fire_canister, resolve
from ordnance.asl.plugin import AslGame
from ordnance.asl.state import AslState, Gun
from ordnance.core.dice import DR, EnteredDice
from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.hexes import Direction, Hex
from ordnance.core.odds import Distribution, enumerate_procedure
from tests.asl.test_cli import run, run_json

GAME = AslGame()
SIDES = [
    {"name": "russian", "nationality": "russian"},
    {"name": "german", "nationality": "german"},
]


def new(**options: Any) -> AslState:
    return GAME.new({"date": "1944-06", "sides": SIDES, "options": options})


def step(state: AslState, action: Mapping[str, Any], *dice: int) -> tuple[AslState, Event]:
    source = EnteredDice(dice)
    out = GAME.apply(state, action, source, None)
    source.finish()
    return out.state, out.events[-1]


def gun(state: AslState) -> Gun:
    found = state.gun("m3")
    assert found is not None
    return found


def m3(ca: int = 0, rof: int = 0, **options: Any) -> AslState:
    add = {"type": "add_gun", "id": "m3", "side": "russian", "notation": "C7",
           "gun_size": "37L", "hex": "0,0", "canister_fp": 12, "ca": ca, "rof": rof}  # fmt: skip
    s, _ = step(new(**options), add)
    s, _ = step(s, {"type": "set_phase", "phase": "PFPh", "attacker": "russian"})
    return s


def fire(**fields: Any) -> dict[str, Any]:
    return {"type": "fire_canister", "gun": "m3", **fields}


# -- defect 3: DRM per Location (ASL-8.4-d, -i) ------------------------------------------


def test_asl_8_4_i_each_location_has_its_own_tem() -> None:
    """ASL-8.4-d/-i: one Original DR, but each Location's own TEM gives its own result."""
    aim = aim_points(Hex(0, 0), Direction.N)[2]  # V3
    first, second, _third = aim.cluster
    attacks = canister_attacks(aim, 12, tem={first: 3}, hindrance={second: 1})
    by_hex = {a.hex: a for a in attacks}
    assert by_hex[first].drm == (("TEM", 3),) and by_hex[second].drm == (("LOS Hindrance", 1),)
    result = resolve(DR(2, 2), attacks, depletion_number=7)
    finals = {h.hex: h.final_dr for h in result.hexes}
    assert finals[first] == 7 and finals[second] == 5 and finals[_third] == 4
    outcomes = {h.hex: h.result for h in result.hexes}
    assert outcomes[first] != outcomes[_third]


def test_asl_8_4_d_ca_change_drm() -> None:
    """ASL-8.4-d with To Hit Case A values: +3/+1/+1 non-turreted, +1 each turret, x2 in woods."""
    assert [ca_change_drm(n) for n in range(4)] == [0, 3, 4, 5]
    assert [ca_change_drm(n, "turret") for n in range(4)] == [0, 1, 2, 3]
    assert ca_change_drm(1, "slow-turret") == 2
    assert ca_change_drm(1, in_obstacle=True) == 6


def test_asl_8_4_d_game_ca_change_adds_its_drm() -> None:
    """ASL-8.4-d: turning the CA two hexspines for the shot adds +4 (non-turreted) everywhere."""
    _, event = step(m3(ca=0), fire(aim=3, ca=2), 2, 2)
    assert event.data["ca_change"] == {"hexspines": 2, "drm": 4, "clause": "ASL-8.4-d"}
    assert all(h["final_dr"] == 8 for h in event.data["canister"]["hexes"])
    _, turret = step(m3(ca=0), fire(aim=3, ca=2, mount="turret"), 2, 2)
    assert all(h["final_dr"] == 6 for h in turret.data["canister"]["hexes"])
    _, same = step(m3(ca=0), fire(aim=3), 2, 2)
    assert all(h["final_dr"] == 4 for h in same.data["canister"]["hexes"])


def test_asl_8_4_i_game_location_drm() -> None:
    """ASL-8.4-i: a Location DRM entered for one cluster hex changes that hex alone."""
    aim = aim_points(Hex(0, 0), Direction.N)[2]
    first = str(aim.cluster[0])
    _, event = step(m3(ca=0), fire(aim=3, location_drm={first: 2, f"{aim.cluster[1]}@0": 1}), 2, 2)
    finals = {h["hex"]: h["final_dr"] for h in event.data["canister"]["hexes"]}
    assert finals[first] == 6 and finals[str(aim.cluster[1])] == 5
    assert finals[str(aim.cluster[2])] == 4


def test_asl_8_4_f_odds_with_location_drm_match_enumeration() -> None:
    """ASL-8.4-f: the exact odds with per-Location DRM equal enumeration of the resolving code."""
    aim = aim_points(Hex(0, 0), Direction.N)[2]
    attacks = canister_attacks(aim, 12, tem={aim.cluster[0]: 3}, ca_drm=1)
    odds = canister_odds(attacks, depletion_number=7)
    brute = enumerate_procedure(
        lambda dice: outcome_key(fire_canister(dice, attacks, depletion_number=7))
    )
    assert isinstance(brute, Distribution)
    assert odds.joint == brute


def test_cli_canister_location_drm(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.4-d/-i on the command line: ``asl canister --loc-drm`` and ``--ca-before``."""
    code, data = run_json(
        capsys, "asl", "canister", "--canister-fp", "12", "-n", "7", "--ca", "0",
        "--ca-before", "1", "--loc-drm", "1,-2=2", "--dr", "2,2",
    )  # fmt: skip
    assert code == 0 and data["ca_change"]["drm"] == 3
    finals = {h["hex"]: h["final_dr"] for h in data["result"]["hexes"]}
    assert finals["1,-2"] == 9 and finals["2,-3"] == 7
    code, _out, err = run(capsys, "asl", "canister", "--fp", "12", "--loc-drm", "oops")
    assert code == 2 and "ASL-8.4-i" in err


def test_cli_game_fire_location_drm(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """ASL-8.4-i: ``asl game fire --ammo Canister --loc-drm`` reaches the shot."""
    db = f"sqlite:///{tmp_path / 'g.db'}"
    run(capsys, "asl", "game", "new", "--id", "c", "--db", db, "--json")
    run(capsys, "asl", "game", "add-gun", "c", "--db", db, "--id", "m3", "--side", "russian",
        "--notation", "C7", "--canister-fp", "12", "--hex", "0,0", "--ca", "0", "--json")  # fmt: skip
    run(capsys, "asl", "game", "phase", "c", "PFPh", "--db", db, "--json")
    code, entry = run_json(
        capsys, "asl", "game", "fire", "c", "--db", db, "--gun", "m3", "--ammo", "Canister",
        "--aim", "V3", "--loc-drm", "1,-2=3", "--dr", "2,2",
    )  # fmt: skip
    assert code == 0
    hexes = entry["events"][0]["canister"]["hexes"]
    assert {h["hex"]: h["final_dr"] for h in hexes}["1,-2"] == 7


# -- defect 4: building aims (ASL-8.4-h, -j, 8.41-b) -------------------------------------


def test_asl_8_4_h_building_behind_the_ca_is_refused() -> None:
    """ASL-8.4-h: a building hex outside the CA is refused unless the CA turns (with its DRM)."""
    with pytest.raises(RuleViolation) as err:
        step(m3(ca=0), fire(building_hex="0,2", building_level=1), 2, 2)
    assert err.value.clause == "ASL-8.4-h"
    _, event = step(m3(ca=0), fire(building_hex="0,2", building_level=1, ca=3), 2, 2)
    assert event.data["ca_change"]["hexspines"] == 3 and event.data["ca_change"]["drm"] == 5
    with pytest.raises(RuleViolation):
        building_aim(Hex(0, 0), Hex(0, 2), 1, highest_level=2, ca=Direction.N)


def test_asl_8_41_b_upper_levels_from_ground_level_spare_the_adjacent_hex() -> None:
    """ASL-8.41-b: levels 1-3 from a ground-level Gun are no same-level target: no adjacent hex."""
    _, upper = step(m3(ca=0), fire(building_hex="0,-2", building_level=2), 2, 2)
    assert {a["role"] for a in upper.data["attacks"]} == {"cluster"}
    assert sorted(a["level"] for a in upper.data["attacks"]) == [1, 2, 3]
    _, lower = step(m3(ca=0), fire(building_hex="0,-2", building_level=1), 2, 2)
    assert "adjacent" in {a["role"] for a in lower.data["attacks"]}


def test_asl_8_4_j_level_zero_aim_needs_a_cellar() -> None:
    """ASL-8.4-j: an aim at level 0 attacks level -1, so it needs a building with a cellar."""
    with pytest.raises(RuleViolation) as err:
        step(m3(ca=0), fire(building_hex="0,-2", building_level=0), 2, 2)
    assert err.value.clause == "ASL-8.4-j" and "cellar" in (err.value.hint or "")
    _, event = step(m3(ca=0), fire(building_hex="0,-2", building_level=0, building_lowest=-1), 2, 2)
    assert sorted({a["level"] for a in event.data["attacks"] if a["role"] == "cluster"}) == [
        -1,
        0,
        1,
    ]


# -- defect 8: Multiple ROF after Canister (option canister_rof) ------------------------


def test_canister_rof_option() -> None:
    """Notes B5.6 and option canister_rof: lose (default) or keep on a low coloured dr."""
    default, event = step(m3(ca=0, rof=2), fire(aim=3), 1, 3)
    assert not gun(default).may_fire_again and event.data["canister_rof"] == "lose"
    kept, _ = step(m3(ca=0, rof=2, canister_rof="keep"), fire(aim=3), 1, 3)
    assert gun(kept).may_fire_again
    high, _ = step(m3(ca=0, rof=2, canister_rof="keep"), fire(aim=3), 3, 1)
    assert not gun(high).may_fire_again
