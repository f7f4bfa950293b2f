"""Gun fire limits in the scenario game, phase by phase (notes B5.6 [C2.24], B3; ASL-8.9-e).

A Gun fires once per Player Turn: Multiple ROF and Intensive Fire only within
the phase; a Gun that Prep Fired may not fire in the AFPh; First Fire in the
MPh leaves only Final Fire at an adjacent target in the DFPh. Also captured
use (notes B5.3 Case H) and the whole shot on ``fire`` with a range.
"""

from __future__ import annotations

from typing import Any

import pytest

from ordnance.asl.plugin import AslGame
from ordnance.asl.state import AslState
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation

from .test_game import GAME, act, in_phase, new


def guns(**extra: Any) -> AslState:
    s = act(new(), {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
                    "notation": "A5^4^/6^5", "gun_size": "85L", "rof": 1, **extra})  # fmt: skip
    return act(s, {"type": "add_gun", "id": "pak", "side": "german", "name": "PaK 40",
                   "made_by": "german", "gun_size": "75L", "rof": 1, **extra})  # fmt: skip


def gun(state: AslState, gun_id: str) -> dict[str, Any]:
    return next(g for g in GAME.view(state, None)["record"] if g["id"] == gun_id)


def refused(state: AslState, action: dict[str, Any], clause: str, *dice: int) -> None:
    with pytest.raises(RuleViolation) as err:
        act(state, action, *dice)
    assert err.value.clause == clause


FIRE_T34 = {"type": "fire", "gun": "t34"}
FIRE_PAK = {"type": "fire", "gun": "pak"}


def test_prep_fire_then_no_advancing_fire_b3() -> None:
    """B3 / B5.6: a Gun that fired in the PFPh may not fire again in the AFPh."""
    s = act(in_phase(guns(), "PFPh"), FIRE_T34, 4, 4)
    s = in_phase(s, "AFPh")
    refused(s, FIRE_T34, "ASL-B3", 1, 1)
    assert gun(s, "t34")["fired_phases"] == ["PFPh"]


def test_no_prep_fire_then_advancing_fire_allowed_b3() -> None:
    """B3: a Gun that did not fire in the PFPh fires in the AFPh."""
    s = in_phase(guns(), "PFPh")
    s = act(in_phase(s, "AFPh"), FIRE_T34, 4, 4)
    assert gun(s, "t34")["fired_phases"] == ["AFPh"]


def test_voided_prep_fire_attempt_is_no_shot_8_9_e() -> None:
    """ASL-8.9-e: a DR > N attempt in the PFPh is no shot: the Gun may still fire in the AFPh."""
    s = act(in_phase(guns(), "PFPh"), {**FIRE_T34, "ammo": "APCR"}, 4, 4)  # 8 > N=5
    assert gun(s, "t34")["fired_phases"] == []
    s = act(in_phase(s, "AFPh"), FIRE_T34, 4, 4)
    assert gun(s, "t34")["fired_phases"] == ["AFPh"]


def test_first_fire_then_only_adjacent_final_fire_in_the_dfph_b3() -> None:
    """B3: First Fire in the MPh leaves the DFPh to Final Fire at an adjacent target only."""
    s = act(in_phase(guns(), "MPh"), FIRE_PAK, 4, 4)  # the germans are DEFENDER
    s = in_phase(s, "DFPh")
    refused(s, FIRE_PAK, "ASL-B3", 4, 4)
    refused(s, {**FIRE_PAK, "range": 2, "target": "infantry"}, "ASL-B3", 4, 4)
    s = act(s, {**FIRE_PAK, "range": 1, "target": "infantry"}, 5, 5)  # 10 misses: no IFT DR
    assert gun(s, "pak")["fired_phases"] == ["MPh", "DFPh"]


def test_dfph_fire_without_first_fire_is_unrestricted_b3() -> None:
    """B3: a DEFENDER Gun that did not First Fire fires normally in the DFPh."""
    s = act(in_phase(in_phase(guns(), "MPh"), "DFPh"), FIRE_PAK, 4, 4)
    assert gun(s, "pak")["fire_marker"] == "Final Fire"


def test_multiple_rof_within_the_phase_only_b5_6() -> None:
    """B5.6: coloured dr <= ROF keeps the Gun firing in the same phase, never into the next."""
    s = act(in_phase(guns(), "PFPh"), FIRE_T34, 1, 5)  # ROF 1 kept
    s = act(s, FIRE_T34, 1, 4)  # again, in the PFPh
    s = act(s, FIRE_T34, 3, 4)  # ROF lost
    refused(s, FIRE_T34, "ASL-8.1-c", 1, 1)
    refused(in_phase(s, "AFPh"), FIRE_T34, "ASL-B3", 1, 1)


def test_intensive_fire_in_the_phase_then_nothing_b5_8() -> None:
    """ASL-B5.8 / B5.6: Intensive Fire after the normal shot, in the same phase only."""
    s = act(in_phase(guns(), "PFPh"), FIRE_T34, 4, 4)
    s = act(s, {**FIRE_T34, "intensive": True}, 4, 4)
    refused(s, {**FIRE_T34, "intensive": True}, "ASL-B5.8", 4, 4)


def test_a_new_player_turn_clears_the_record_b5_6() -> None:
    """B5.6: the limit is per Player Turn; the next Player Turn fires again."""
    s = act(in_phase(guns(), "PFPh"), FIRE_T34, 4, 4)
    for _ in range(7):  # PFPh -> ... -> CCPh -> RPh of the german Player Turn
        s = act(s, {"type": "set_phase"})
    assert s.attacker == "german"
    assert gun(s, "t34")["fired_phases"] == []
    s = act(in_phase(s, "MPh"), FIRE_T34, 4, 4)  # now DEFENDER: First Fire
    assert gun(s, "t34")["fired_phases"] == ["MPh"]


# -- captured use (notes B5.3 Case H) --------------------------------------------------------------
def test_captured_use_lowers_b_and_rof_b5_3_h() -> None:
    """ASL-B5.3-H: B# -2 (a 10 malfunctions a B#12 Gun) and the ROF lowered (1 -> 0)."""
    s = act(in_phase(guns(captured=True), "PFPh"), FIRE_T34, 1, 4)
    rec = gun(s, "t34")
    assert rec["captured"] and not rec["may_fire_again"]  # ROF 1 - 1 = 0: no Multiple ROF
    s2 = act(in_phase(guns(captured=True), "PFPh"), FIRE_T34, 5, 5)
    assert gun(s2, "t34")["malfunctioned"]
    s3 = act(in_phase(guns(), "PFPh"), FIRE_T34, 5, 5)
    assert not gun(s3, "t34")["malfunctioned"]


def test_captured_use_per_shot_red_th_and_plus_two_b5_3_h() -> None:
    """ASL-B5.3-H on one shot: red TH# and +2 To Hit in the whole shot."""
    s = in_phase(guns(), "PFPh")
    out = AslGame().apply(
        s,
        {**FIRE_T34, "captured": True, "range": 8, "target": "vehicle", "af": 5},
        EnteredDice([4, 3]),
    )
    whole = out.events[0].data["whole_shot"]
    assert whole["plan"]["to_hit"]["colour"] == "red" and whole["plan"]["to_hit"]["th"] == 8
    assert whole["plan"]["drm"]["total"] == 2 and whole["status"] == "miss"  # 7 + 2 > 8


# -- the whole shot through the game, and SMOKE only on a hit ----------------------------------------
def test_fire_with_range_resolves_to_hit_and_to_kill_b5_b6() -> None:
    """Notes B5/B6: ``fire`` with a range rolls To Hit, then on a hit the To Kill DR."""
    s = in_phase(guns(), "PFPh")
    out = AslGame().apply(
        s,
        {**FIRE_T34, "ammo": "APCR", "range": 3, "target": "vehicle", "af": 11},
        EnteredDice([1, 2, 2, 3]),
    )
    data = out.events[0].data
    # Russian 85L APCR: 19 + 1 (3 hexes) - 11 = 9; TK DR 5 < 9, and 2 x 5 > 9: no burn
    assert data["whole_shot"]["effect"] == "eliminated"
    assert "To Hit 10" in out.events[0].text


def test_smoke_placed_only_on_a_hit_in_the_game_8_9_c() -> None:
    """C8.9: a SMOKE round on DR <= N that misses is used and places nothing."""
    s = act(new(), {"type": "add_gun", "id": "g", "side": "russian", "notation": "s12",
                    "hex": "0,0", "gun_size": "75"})  # fmt: skip
    s = in_phase(s, "PFPh")
    s = act(s, {"type": "place_smoke", "gun": "g", "target": "2,0"}, 5, 5)  # 10 > TH# 9
    view = GAME.view(s, None)
    assert "map" not in view or not view["map"]["markers"]
    assert gun(s, "g")["capabilities"][0]["uses"] == 1


def test_legal_actions_drop_a_gun_that_prep_fired_b5_6() -> None:
    """B5.6 / B3: in the AFPh a Gun that Prep Fired is offered no fire action."""
    s = act(in_phase(guns(), "PFPh"), FIRE_T34, 4, 4)
    s = in_phase(s, "AFPh")
    kinds = [a["type"] for a in GAME.legal(s, "russian")]
    assert "fire" not in kinds
    fresh = in_phase(in_phase(guns(), "PFPh"), "AFPh")
    assert "fire" in [a["type"] for a in GAME.legal(fresh, "russian")]


def test_smoke_odds_preview_counts_only_hits_8_9_c() -> None:
    """C8.9 in the preview: P(placed) = P(DR <= N and a hit), not P(DR <= N)."""
    s = act(new(), {"type": "add_gun", "id": "g", "side": "russian", "notation": "s12",
                    "hex": "0,0", "gun_size": "75"})  # fmt: skip
    s = in_phase(s, "PFPh")
    odds = GAME.odds(s, {"type": "place_smoke", "gun": "g", "target": "2,0"}, "russian")
    assert odds is not None and odds["th"] == 9  # Area 7 + SMOKE 2 at 2 hexes
    assert odds["placed"] == "5/6"  # DR <= 9: 30/36 (N = 12 never limits)
    assert odds["distribution"]["used"] == "35/36"
