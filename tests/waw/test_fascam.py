"""FASCAM (8.3): one test per clause WAW-8.3-a..f and the FASCAM options WAW-AMB-12..16."""

from __future__ import annotations

import pytest

from ordnance.core.errors import RuleViolation
from ordnance.core.odds import Distribution, enumerate_procedure
from ordnance.waw.odds.he_fire import fascam_attack
from ordnance.waw.rules.fascam import mine_attack
from tests.waw.conftest import act, place


def events(entry):
    return [e for e in entry.events if e.kind == "mine_attack"]


def test_only_americans_may_call_fascam(new_game):
    """covers WAW-8.3-a: refused for a Soviet side and a non-American caller; nothing written."""
    g = new_game({"sides": {"nato": "west_german", "us": "american", "soviet": "soviet"}})
    place(g, "leo", "Leopard 2", "us", "1,1")  # a West German unit attached to the US side
    place(g, "abr", "M1 Abrams", "us", "1,2")
    version = g.version
    for bad in (
        {"type": "fascam", "side": "soviet", "target": "4,4"},
        {"type": "fascam", "side": "nato", "target": "4,4"},
        {"type": "fascam", "side": "us", "target": "4,4", "caller": "leo"},
    ):
        with pytest.raises(RuleViolation) as err:
            act(g, bad)
        assert err.value.clause == "WAW-8.3-a"
    assert g.version == version
    act(g, {"type": "fascam", "side": "us", "target": "4,4", "caller": "abr"})
    assert g.version == version + 1


def test_fascam_places_mines_marker_on_the_target(new_game):
    """covers WAW-8.3-b and WAW-8.3-c: the marker hex plus its six neighbours."""
    g = new_game()
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    view = g.view(None)
    mines = [m for m in view["map"]["markers"] if m["kind"] == "mines"]
    assert [(m["hex"], m["label"], m["short"]) for m in mines] == [("4,4", "Mines!", "M")]
    field = next(c for c in view["map"]["clusters"] if c["kind"] == "minefield")
    assert len(field["hexes"]) == 7 and "4,3" in field["hexes"]


def test_entering_a_mined_hex_even_disrupts_odd_does_nothing(new_game):
    """covers WAW-8.3-d (and WAW-AMB-13: one roll per mined hex entered)."""
    g = new_game()
    place(g, "t", "T-72", "soviet", "4,1")
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    entry = act(g, {"type": "move", "unit": "t", "path": ["4,2", "4,3"]}, [3])
    assert [e.data["die"] for e in events(entry)] == [3]  # 4,2 is not mined; 4,3 is
    assert g.state().units["t"].condition.label == "good order"
    entry = act(g, {"type": "move", "unit": "t", "path": ["4,4"]}, [2])
    assert g.state().units["t"].condition.label == "disrupted"


def test_a_six_disrupts_then_removes_the_marker(new_game):
    """covers WAW-8.3-e and WAW-AMB-16: later hexes are no longer mined."""
    g = new_game()
    place(g, "bmp", "BMP-2", "soviet", "4,2")
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    entry = act(g, {"type": "move", "unit": "bmp", "path": ["4,3", "4,4", "4,5"]}, [6])
    assert len(events(entry)) == 1 and events(entry)[0].data["marker_removed"]
    state = g.state()
    assert state.units["bmp"].condition.label == "disrupted" and not state.mines


def test_mines_stay_through_the_marker_removal_phase(new_game):
    """covers WAW-8.3-f: only a 6 removes Mines!."""
    g = new_game()
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    act(g, {"type": "smoke", "side": "us", "target": "1,1"})
    act(g, {"type": "marker_removal"})
    act(g, {"type": "marker_removal"})
    state = g.state()
    assert state.mines and not state.smoke


def test_mine_attack_odds_equal_enumeration():
    """covers WAW-8.3-d, WAW-8.3-e."""

    def one(dice):
        disrupts, removes = mine_attack(dice.d6())
        if removes:
            return "disrupted, marker removed"
        return "disrupted" if disrupts else "no effect"

    assert enumerate_procedure(one) == fascam_attack()
    assert fascam_attack() == Distribution.from_counts(
        {"no effect": 3, "disrupted": 2, "disrupted, marker removed": 1}
    )


def test_both_sides_are_attacked_unless_the_friendly_option(new_game):
    """covers WAW-AMB-12: default attacks Americans too; option spares them."""
    g = new_game()
    place(g, "m113", "M113", "us", "4,2")
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    assert events(act(g, {"type": "move", "unit": "m113", "path": ["4,3"]}, [1]))
    g2 = new_game({"fascam_friendly_immune": True})
    place(g2, "m113", "M113", "us", "4,2")
    act(g2, {"type": "fascam", "side": "us", "target": "4,4"})
    assert not events(act(g2, {"type": "move", "unit": "m113", "path": ["4,3"]}))


def test_once_per_move_option(new_game):
    """covers WAW-AMB-13 option fascam_once_per_move."""
    g = new_game({"fascam_once_per_move": True})
    place(g, "t", "T-72", "soviet", "4,2")
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    entry = act(g, {"type": "move", "unit": "t", "path": ["4,3", "4,4", "4,5"]}, [1])
    assert len(events(entry)) == 1


def test_units_already_in_the_area_are_not_attacked_unless_opted(new_game):
    """covers WAW-AMB-14: default no attack on placement; option attacks once."""
    g = new_game()
    place(g, "t", "T-72", "soviet", "4,3")
    entry = act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    assert not events(entry)
    g2 = new_game({"fascam_attack_on_placement": True})
    place(g2, "t", "T-72", "soviet", "4,3")
    entry = act(g2, {"type": "fascam", "side": "us", "target": "4,4"}, [4])
    assert events(entry) and g2.state().units["t"].condition.label == "disrupted"


def test_disrupt_on_a_disrupted_unit(new_game):
    """covers WAW-AMB-15: no further effect by default; the ladder option Reduces."""
    for settings, expected in (
        ({}, "disrupted"),
        ({"fascam_disrupt_ladder": True}, "disrupted+reduced"),
    ):
        g = new_game(settings)
        place(g, "t", "T-72", "soviet", "4,2", condition="disrupted")
        act(g, {"type": "fascam", "side": "us", "target": "4,4"})
        act(g, {"type": "move", "unit": "t", "path": ["4,3"]}, [2])
        assert g.state().units["t"].condition.label == expected
