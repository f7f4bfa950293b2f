"""Overlapping mined areas (WAW-8.3-d, -e, WAW-AMB-13) and the exact odds of a move.

WAW-AMB-13's default follows the text, which states the attack per marker: a
unit entering a hex inside two overlapping mined areas is attacked by each
marker, one die each, and a 6 removes that marker. The option
``fascam_overlap="per_hex"`` rolls once per mined hex entered; a 6 then removes
the marker whose centre is nearest the hex (ties to the lowest hex).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ordnance.core import registry
from ordnance.core.dice import DiceSource
from ordnance.core.hexes import Hex
from ordnance.core.journal import GameSession
from ordnance.core.odds import enumerate_procedure
from ordnance.waw.rules.fascam import marker_rolled_against, markers_rolled_against
from ordnance.waw.settings import WawSettings
from ordnance.waw.state import WawState
from tests.waw.conftest import act, place

PER_HEX: dict[str, Any] = {"fascam_overlap": "per_hex"}


def mine_events(entry: Any) -> list[Any]:
    return [e for e in entry.events if e.kind == "mine_attack"]


def mines(g: Any) -> list[str]:
    return sorted(str(h) for h in g.state().mines)


def test_overlapping_areas_roll_once_per_hex_under_the_option(
    new_game: Callable[..., GameSession],
) -> None:
    """covers WAW-AMB-13 option per_hex: 4,3 lies in both the 4,4 and the 5,2 areas: one die."""
    g = new_game(PER_HEX)
    place(g, "t", "T-72", "soviet", "4,1")
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    act(g, {"type": "fascam", "side": "us", "target": "5,2"})
    act(g, {"type": "move", "unit": "t", "path": ["4,2"]}, [1])  # 4,2 is in the 5,2 area only
    entry = act(g, {"type": "move", "unit": "t", "path": ["4,3"]}, [3])
    assert [e.data["die"] for e in mine_events(entry)] == [3]


def test_a_six_in_an_overlap_removes_one_marker_tie_to_lowest_hex(
    new_game: Callable[..., GameSession],
) -> None:
    """covers WAW-8.3-e with WAW-AMB-13 per_hex: both markers are 1 hex from 4,3; 4,4 < 5,2
    is removed."""
    g = new_game(PER_HEX)
    place(g, "t", "T-72", "soviet", "4,2")
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    act(g, {"type": "fascam", "side": "us", "target": "5,2"})
    entry = act(g, {"type": "move", "unit": "t", "path": ["4,3"]}, [6])
    assert [e.data["marker"] for e in mine_events(entry)] == ["4,4"]
    assert mines(g) == ["5,2"]
    assert g.state().units["t"].condition.label == "disrupted"


def test_a_six_in_a_marker_hex_removes_that_marker_before_a_lower_neighbour(
    new_game: Callable[..., GameSession],
) -> None:
    """covers WAW-8.3-e with WAW-AMB-13 per_hex: nearest centre first (distance 0 beats the
    lower 3,4)."""
    g = new_game(PER_HEX)
    place(g, "t", "T-72", "soviet", "5,3")
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    act(g, {"type": "fascam", "side": "us", "target": "3,4"})
    entry = act(g, {"type": "move", "unit": "t", "path": ["4,4"]}, [6])
    assert [e.data["marker"] for e in mine_events(entry)] == ["4,4"]
    assert mines(g) == ["3,4"]


def test_each_covering_marker_rolls_by_default(
    new_game: Callable[..., GameSession],
) -> None:
    """covers WAW-AMB-13 default (per marker) and WAW-8.3-e: two markers, two dice; the 6
    removes the marker it was rolled for."""
    g = new_game()
    place(g, "t", "T-72", "soviet", "4,2")
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    act(g, {"type": "fascam", "side": "us", "target": "5,2"})
    entry = act(g, {"type": "move", "unit": "t", "path": ["4,3"]}, [1, 6])
    assert [(e.data["marker"], e.data["die"]) for e in mine_events(entry)] == [
        ("4,4", 1),
        ("5,2", 6),
    ]
    assert mines(g) == ["4,4"]


def test_marker_choice_helpers() -> None:
    """covers WAW-AMB-13: the rule for which marker a hex rolls against."""
    field = {Hex(4, 4), Hex(5, 2), Hex(3, 4)}
    # all three centres are 1 hex from 4,3: the lowest (q, r) wins
    assert marker_rolled_against(field, Hex(4, 3)) == Hex(3, 4)
    # 4,4 is the marker hex itself (distance 0): it wins over the lower 3,4
    assert marker_rolled_against(field, Hex(4, 4)) == Hex(4, 4)
    assert marker_rolled_against(field, Hex(9, 9)) is None
    per_hex = WawSettings(fascam_overlap="per_hex")
    assert markers_rolled_against(field, Hex(4, 4), per_hex) == [Hex(4, 4)]
    assert markers_rolled_against(field, Hex(4, 3), WawSettings()) == [
        Hex(3, 4),
        Hex(4, 4),
        Hex(5, 2),
    ]


def _outcome(before: WawState, after: WawState, uid: str) -> str:
    """The label ``Game.odds`` uses, computed here from the states themselves."""
    label = after.units[uid].condition.label
    removed = sorted(before.mines - after.mines)
    return label + (f"; Mines! removed: {', '.join(map(str, removed))}" if removed else "")


SETUPS = [
    ({}, "4,1", ["4,4"], ["4,2", "4,3", "4,4", "4,5"]),
    ({}, "4,1", ["4,4", "5,2"], ["4,2", "4,3", "4,4"]),
    (PER_HEX, "4,1", ["4,4", "5,2"], ["4,2", "4,3", "4,4"]),
    ({"fascam_once_per_move": True}, "4,1", ["4,4", "5,2"], ["4,2", "4,3", "4,4"]),
    (
        {"fascam_overlap": "per_marker", "fascam_disrupt_ladder": True},
        "4,1",
        ["4,4", "5,2", "3,4"],
        ["4,2", "4,3", "4,4"],
    ),
    ({"fascam_disrupt_ladder": True}, "5,3", ["4,4", "3,4"], ["4,4", "3,4", "2,4"]),
]


@pytest.mark.parametrize(("settings", "start", "markers", "path"), SETUPS)
def test_move_odds_equal_enumeration_of_the_resolver(
    new_game: Callable[..., GameSession],
    settings: dict[str, Any],
    start: str,
    markers: list[str],
    path: list[str],
) -> None:
    """covers WAW-8.3-d, -e, WAW-AMB-13, -15: Game.odds of a move == every die sequence of apply."""
    g = new_game(settings)
    place(g, "t", "T-72", "soviet", start)
    for m in markers:
        act(g, {"type": "fascam", "side": "us", "target": m})
    state = g.state()
    game = registry.game("waw")
    action = {"type": "move", "unit": "t", "path": path}

    def resolve(dice: DiceSource) -> str:
        return _outcome(state, game.apply(state, action, dice, None).state, "t")

    expected = enumerate_procedure(resolve)
    odds = game.odds(state, action, None)
    assert odds is not None
    assert odds["distribution"] == expected.to_json()
    assert len(expected) > 1


def test_move_odds_title_has_russian(new_game: Callable[..., GameSession]) -> None:
    """The move-odds title is a catalogue template (shown in Russian with ?lang=ru)."""
    from ordnance.server import i18n

    g = new_game()
    place(g, "t", "T-72", "soviet", "4,2")
    act(g, {"type": "fascam", "side": "us", "target": "4,4"})
    odds = registry.game("waw").odds(g.state(), {"type": "move", "unit": "t", "path": ["4,3"]})
    assert odds is not None and odds["distribution"] == {
        "good order": "1/2",
        "disrupted": "1/3",
        "disrupted; Mines! removed: 4,4": "1/6",
    }
    ru = i18n.localize_odds(odds, "ru")
    assert ru is not None and ru["title"].startswith("t проходит через мины")
