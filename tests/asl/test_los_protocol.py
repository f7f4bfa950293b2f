"""ASL answers the table's LOS query through ``Game.los``: SMOKE/WP hinder, never block.

covers ASL-8.5-c (a Hindrance two levels tall), ASL-8.5-d (never blocks),
ASL-8.52-a (placed at ground level), ASL-8.51-b / 8.6-b (Dispersed side, notes B8 DRMs).
"""

from __future__ import annotations

from ordnance.asl.state import AslState
from ordnance.core.hexes import Hex

from .test_game import GAME, act, in_phase, new


def smoke_and_wp() -> AslState:
    """Full SMOKE in 1,-1 (PFPh) and Dispersed WP in 3,-1 (AFPh), from a Gun in 0,0."""
    s = act(new(), {"type": "add_gun", "id": "g", "side": "russian", "notation": "s8 WP7",
                    "hex": "0,0", "rof": 3})  # fmt: skip
    s = in_phase(s, "PFPh")
    s = act(s, {"type": "place_smoke", "gun": "g", "target": "1,-1"}, 1, 1)
    s = in_phase(s, "AFPh")
    # a second Gun: g Prep Fired and may not fire in the AFPh (notes B5.6, B3)
    s = act(s, {"type": "add_gun", "id": "g2", "side": "russian", "notation": "WP7",
                "hex": "0,0"})  # fmt: skip
    return act(s, {"type": "place_wp", "gun": "g2", "target": "3,-1"}, 1, 2)


def test_smoke_hinders_and_never_blocks() -> None:
    """covers ASL-8.5-c and ASL-8.5-d: a DRM total, ``blocked`` always False."""
    answer = GAME.los(smoke_and_wp(), Hex(0, 0), Hex(4, 0), "german")
    assert answer["hexes"] == ["0,0", "1,0", "2,0", "3,0", "4,0"]
    assert answer["blocked"] is False and answer["hindrance_drm"] == 0

    answer = GAME.los(smoke_and_wp(), Hex(1, -3), Hex(1, 1), "german")  # straight through 1,-1
    assert "1,-1" in answer["hexes"]
    assert answer["blocked"] is False
    assert answer["hindrance_drm"] == 3  # full ordnance SMOKE (notes B8)
    assert answer["hindrances"][0]["clauses"] == ["ASL-8.5-c", "ASL-8.5-d"]
    assert any("never block" in s and "ASL-8.5-d" in s for s in answer["explanation"])


def test_hexside_runs_count_both_hexes() -> None:
    """0,0 -> 4,-2 runs along 1,-1|1,0 and 3,-2|3,-1: the counters in 1,-1 and 3,-1 both hinder."""
    answer = GAME.los(smoke_and_wp(), Hex(0, 0), Hex(4, -2), "russian")
    assert [r["hexside"] for r in answer["along_hexsides"]] == ["1,-1|1,0", "3,-2|3,-1"]
    assert [(h["hex"], h["drm"], h["along_hexside"]) for h in answer["hindrances"]] == [
        ("1,-1", 3, "1,-1|1,0"),
        ("3,-1", 1, "3,-2|3,-1"),  # Dispersed WP (ASL-8.6-b): +1
    ]
    assert answer["hindrance_drm"] == 4 and answer["blocked"] is False
    assert answer["text"] == "not blocked (SMOKE only hinders, ASL-8.5-d); Hindrance DRM +4"


def test_counters_in_the_end_hexes_count_and_vertex_touches_do_not() -> None:
    """A counter in the target hex hinders fire into it (A24 via ASL-8.5-e); a hex touched
    only at a vertex is not on the line."""
    answer = GAME.los(smoke_and_wp(), Hex(0, 1), Hex(1, -1), None)
    assert answer["hindrances"][0]["where"] == "the target hex"
    assert answer["hindrance_drm"] == 3
    s = act(new(), {"type": "add_gun", "id": "g", "side": "russian", "notation": "s8",
                    "hex": "0,0", "rof": 1})  # fmt: skip
    s = act(in_phase(s, "PFPh"), {"type": "place_smoke", "gun": "g", "target": "2,-1"}, 1, 1)
    answer = GAME.los(s, Hex(0, 0), Hex(5, -4), None)  # touches 2,-1 at one vertex only
    assert "2,-1" in answer["touched_hexes"] and answer["hindrances"] == []
    assert any("only at a vertex" in s and "C1" in s for s in answer["explanation"])


def test_the_height_assumption_is_stated() -> None:
    """covers ASL-8.5-c / ASL-8.52-a: no levels are recorded, so the answer says what it assumed."""
    answer = GAME.los(smoke_and_wp(), Hex(0, 0), Hex(4, -2), None)
    assert answer["assumed_los_level"] == 0
    assert all(h["base_level"] == 0 and h["height_levels"] == 2 for h in answer["hindrances"])
    assert any(s.startswith("Assumption:") and "ASL-8.52-a" in s for s in answer["explanation"])
