"""Rules of other chapters are pointed to, never defined again here (ASL-8.0-b)."""

from __future__ import annotations

from typing import Any

import pytest

from ordnance.asl.rules.capability import GOVERNED_ELSEWHERE
from ordnance.asl.rules.phases import Phase
from ordnance.asl.rules.smoke import check_placement
from ordnance.asl.state import AslState
from ordnance.core.errors import RuleViolation
from ordnance.core.hexes import Hex

from .test_game import GAME, act, cap, new


def german_pfph(state: AslState) -> AslState:
    return act(state, {"type": "set_phase", "phase": "PFPh", "attacker": "german"})


def gun_dict(state: AslState, gun_id: str) -> dict[str, Any]:
    for g in GAME.view(state, None)["record"]:
        if g["id"] == gun_id:
            return dict(g)
    raise AssertionError(gun_id)


# ----------------------------------------------------------------------------- ASL-8.0-b
def test_other_chapters_are_pointed_to_not_redefined() -> None:
    """covers ASL-8.0-b: SMOKE/WP point to A24, IR to Chapter E, sD to D13."""
    assert GOVERNED_ELSEWHERE["SMOKE"] == GOVERNED_ELSEWHERE["WP"] == "A24"
    assert GOVERNED_ELSEWHERE["IR"] == "Chapter E" and GOVERNED_ELSEWHERE["sD"] == "D13"
    placement = check_placement("SMOKE", Phase.PFPh, owner_is_attacker=True,
                                non_smoke_fired_this_phase=False, target_hex=Hex(2, -1),
                                gun_hex=Hex(0, 0))  # fmt: skip
    assert placement.to_dict()["other_effects"] == ["A24"]
    s = act(new(), {"type": "add_gun", "id": "v", "side": "german",
                    "notation": "sD6 IR s8 WP7"})  # fmt: skip
    record = {c["ammo"]: c for c in gun_dict(s, "v")["capabilities"]}
    assert record["IR"]["governed_by"] == "Chapter E" and record["IR"]["depletion"] is None
    assert record["sD"]["governed_by"] == "D13" and record["sD"]["depletion"] is None
    assert record["sD"]["depletion_applies"] is False
    assert record["SMOKE"]["governed_by"] == "A24"
    assert record["WP"]["governed_by"] == "A24"
    s = german_pfph(s)
    with pytest.raises(RuleViolation) as ir:
        act(s, {"type": "fire", "gun": "v", "ammo": "IR"}, 1, 1)
    assert ir.value.clause == "ASL-8.7-a" and "Chapter E" in ir.value.message
    with pytest.raises(RuleViolation) as sd:
        act(s, {"type": "fire", "gun": "v", "ammo": "sD"}, 1, 1)
    assert sd.value.clause == "ASL-8.9-f" and "D13" in sd.value.message
    # nothing was used or depleted by the refusals
    assert cap(s, "v", "sD")["attempts"] == 0 and cap(s, "v", "IR")["status"] == "available"
