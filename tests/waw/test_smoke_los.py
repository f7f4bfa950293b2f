"""Smoke (8.2) and line of sight: one test per clause WAW-8.2-a..h and the smoke options."""

from __future__ import annotations

import pytest

from ordnance.core.errors import RuleViolation
from ordnance.core.hexes import Hex
from ordnance.waw.rules.catalogue import catalogue
from ordnance.waw.rules.los import judge_los, smoke_area
from ordnance.waw.rules.smoke import fire_check, lay_smoke, marker_removal
from ordnance.waw.settings import WawSettings

DEFAULT = WawSettings()
CAT = catalogue()
ABRAMS = CAT.unit("M1 Abrams")
ITV = CAT.unit("M901 ITV")
T72 = CAT.unit("T-72")
INF = CAT.unit("US Mech Infantry")
SMOKE = {Hex(2, 0): 2}


def test_smoke_mission_places_smoke_two():
    """covers WAW-8.2-a."""
    assert lay_smoke({}, Hex(3, 1)) == {Hex(3, 1): 2}
    assert lay_smoke({Hex(3, 1): 1}, Hex(3, 1)) == {Hex(3, 1): 2}


def test_smoke_area_is_seven_hexes():
    """covers WAW-8.2-b."""
    area = smoke_area(Hex(2, 0))
    assert len(area) == 7 and Hex(2, 0) in area
    assert all(h.distance(Hex(2, 0)) <= 1 for h in area)


def test_smoke_blocks_into_through_and_out_of_the_area():
    """covers WAW-8.2-c (default reading WAW-AMB-7)."""
    through = judge_los(Hex(0, 0), Hex(4, 0), SMOKE, DEFAULT)
    assert through.blocked and through.crossings[0].marker == Hex(2, 0)
    # into: the target 1,1 is in the area, the firer 0,0 outside and two hexes away
    assert Hex(1, 1) in smoke_area(Hex(2, 0)) and Hex(0, 0) not in smoke_area(Hex(2, 0))
    assert judge_los(Hex(0, 0), Hex(1, 1), SMOKE, DEFAULT).blocked
    out = judge_los(Hex(3, 0), Hex(6, 0), SMOKE, DEFAULT)  # firer inside the area
    assert out.blocked
    clear = judge_los(Hex(0, 4), Hex(5, 4), SMOKE, DEFAULT)
    assert not clear.blocked and clear.crossings == ()


def test_adjacent_firer_keeps_los_to_its_target():
    """covers WAW-8.2-c / WAW-AMB-7 default: "not in adjacent hexes"."""
    rep = judge_los(Hex(1, 0), Hex(2, 0), SMOKE, DEFAULT)
    assert not rep.blocked and rep.crossings[0].blocks is False
    assert "adjacent" in rep.crossings[0].reason


def test_smoke_blocks_at_every_height_and_smoke_one_blocks_too():
    """covers WAW-8.2-c "any height" (WAW-AMB-11) and WAW-AMB-10."""
    assert judge_los(Hex(0, 0), Hex(4, 0), {Hex(2, 0): 1}, DEFAULT).blocked


def test_los_explains_the_hexes_it_crosses():
    """covers WAW-8.2-c: the report names the line's hexes and the blocking marker."""
    data = judge_los(Hex(0, 0), Hex(4, 0), SMOKE, DEFAULT).to_dict()
    assert data["hexes"][0] == "0,0" and data["hexes"][-1] == "4,0"
    assert data["blocking_markers"] == ["2,0"]
    assert data["smoke"][0]["line_hexes_in_area"] == ["1,0", "2,0", "3,0"]


def test_hexside_reading_option():
    """Our documented reading of a line run along a hexside (setting smoke_hexside)."""
    # 0,0 -> 2,-1 runs along the hexside 1,-1|1,0; the smoke area of 1,1 holds 1,0 only
    smoke = {Hex(1, 1): 2}
    area = smoke_area(Hex(1, 1))
    assert Hex(1, 0) in area
    assert not area & {Hex(0, 0), Hex(1, -1), Hex(2, -1)}
    either = judge_los(Hex(0, 0), Hex(2, -1), smoke, DEFAULT)
    assert either.line.runs and either.blocked
    assert either.crossings[0].hexes == (Hex(1, 0),)
    both = judge_los(Hex(0, 0), Hex(2, -1), smoke, WawSettings(smoke_hexside="both"))
    assert not both.blocked


def test_smoke_adjacent_options():
    """covers WAW-AMB-7 options inside_area and adjacent_to_marker."""
    inside = WawSettings(smoke_adjacent="inside_area")
    assert not judge_los(Hex(3, 0), Hex(6, 0), SMOKE, inside).blocked
    assert judge_los(Hex(0, 0), Hex(4, 0), SMOKE, inside).blocked
    marker = WawSettings(smoke_adjacent="adjacent_to_marker")
    assert not judge_los(Hex(1, 0), Hex(2, 0), SMOKE, marker).blocked
    assert judge_los(Hex(1, 0), Hex(3, 0), SMOKE, marker).blocked  # not into the marker hex


def test_advanced_imaging_list_is_data():
    """covers WAW-8.2-d: Abrams, Bradley, ITV, Milan, TOW, Leopard I and II."""
    assert CAT.imaging_families == {
        "Abrams",
        "Bradley",
        "ITV",
        "Milan",
        "TOW",
        "Leopard I",
        "Leopard II",
    }
    names = {u.name for u in CAT.units() if u.advanced_imaging}
    assert {"M1 Abrams", "M2 Bradley", "M901 ITV", "Milan team", "TOW team"} <= names
    assert {"Leopard 1", "Leopard 2"} <= names and "T-72" not in names


def test_ordinary_unit_cannot_fire_through_smoke():
    """covers WAW-8.2-c: refused with the clause."""
    with pytest.raises(RuleViolation) as err:
        fire_check(T72, "ap", Hex(0, 0), Hex(4, 0), SMOKE, DEFAULT)
    assert err.value.clause == "WAW-8.2-c"


def test_thermal_imager_sees_through_at_plus_one():
    """covers WAW-8.2-d, WAW-8.2-e (WAW-AMB-9: only when smoke would block)."""
    ap = fire_check(ABRAMS, "ap", Hex(0, 0), Hex(4, 0), SMOKE, DEFAULT)
    he = fire_check(ABRAMS, "he", Hex(0, 0), Hex(4, 0), SMOKE, DEFAULT)
    assert ap.hit_number == ABRAMS.ap.hit_number + 1 and he.hit_number == ABRAMS.he.hit_number + 1
    assert [m.clause for m in ap.modifiers] == ["WAW-8.2-e"]
    clear = fire_check(ABRAMS, "ap", Hex(0, 4), Hex(4, 4), SMOKE, DEFAULT)
    assert clear.hit_number == ABRAMS.ap.hit_number and clear.modifiers == ()


def test_itv_fires_ap_at_five_and_never_he_through_smoke():
    """covers WAW-8.2-f."""
    assert ITV.ap.hit_number == 4
    assert fire_check(ITV, "ap", Hex(0, 0), Hex(4, 0), SMOKE, DEFAULT).hit_number == 5
    with pytest.raises(RuleViolation) as err:
        fire_check(ITV, "he", Hex(0, 0), Hex(4, 0), SMOKE, DEFAULT)
    assert err.value.clause == "WAW-8.2-f"
    # HE with no smoke in the way is fine
    assert fire_check(ITV, "he", Hex(0, 4), Hex(4, 4), SMOKE, DEFAULT).hit_number == 5


def test_adjacent_unit_fires_into_smoke_at_plus_one():
    """covers WAW-8.2-g and WAW-AMB-8 (marker hex only by default)."""
    into = fire_check(T72, "he", Hex(1, 0), Hex(2, 0), SMOKE, DEFAULT)
    assert into.hit_number == T72.he.hit_number + 1
    assert [m.clause for m in into.modifiers] == ["WAW-8.2-g"]
    area_hex = fire_check(T72, "he", Hex(2, 1), Hex(3, 0), SMOKE, DEFAULT)
    assert area_hex.modifiers == ()
    whole = WawSettings(smoke_adjacent_penalty="whole_area")
    assert fire_check(T72, "he", Hex(2, 1), Hex(3, 0), SMOKE, whole).hit_number == 6


def test_thermal_penalty_does_not_stack_unless_opted():
    """covers WAW-AMB-9: an adjacent thermal firer gets +1, or +2 with the option."""
    plain = fire_check(ABRAMS, "ap", Hex(1, 0), Hex(2, 0), SMOKE, DEFAULT)
    assert plain.hit_number == 5
    stacks = WawSettings(thermal_smoke_penalty_stacks=True)
    assert fire_check(ABRAMS, "ap", Hex(1, 0), Hex(2, 0), SMOKE, stacks).hit_number == 6


def test_hit_number_pushed_above_six_is_refused():
    """covers WAW-8.2-g / notes B2: 6 + 1 cannot be fired."""
    six = CAT.unit("M113").model_copy(
        update={"he": CAT.unit("M113").he.model_copy(update={"hit_number": 6})}
    )
    with pytest.raises(RuleViolation) as err:
        fire_check(six, "he", Hex(1, 0), Hex(2, 0), SMOKE, DEFAULT)
    assert err.value.clause == "WAW-8.2-g"


def test_marker_removal_flips_then_removes():
    """covers WAW-8.2-h."""
    once = marker_removal({Hex(1, 1): 2})
    assert once == {Hex(1, 1): 1}
    assert marker_removal(once) == {}
