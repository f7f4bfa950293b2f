"""The Player Turn sequence (notes Part B, B3) and the fire phases SMOKE/WP use."""

from __future__ import annotations

import pytest

from ordnance.asl.rules.phases import (
    FIRE_PHASES,
    PLAYER_TURN,
    Phase,
    Side,
    acting_sides,
    ends_player_turn,
    firing_side,
    is_friendly_fire_phase,
    next_phase,
    parse_phase,
)
from ordnance.core.errors import UnknownName


def test_player_turn_has_eight_phases_in_order() -> None:
    """B3: RPh, PFPh, MPh, DFPh, AFPh, RtPh, APh, CCPh."""
    assert [p.value for p in PLAYER_TURN] == [
        "RPh",
        "PFPh",
        "MPh",
        "DFPh",
        "AFPh",
        "RtPh",
        "APh",
        "CCPh",
    ]
    assert [p.number for p in PLAYER_TURN] == list(range(1, 9))


def test_next_phase_walks_the_turn_and_wraps() -> None:
    seen = [Phase.RPh]
    for _ in range(8):
        seen.append(next_phase(seen[-1]))
    assert seen == [*PLAYER_TURN, Phase.RPh]
    assert [p for p in PLAYER_TURN if ends_player_turn(p)] == [Phase.CCPh]


def test_who_fires_in_each_phase() -> None:
    """B3: the ATTACKER fires in the PFPh and AFPh, the DEFENDER in the MPh (First Fire) and DFPh."""
    assert firing_side(Phase.PFPh) is Side.ATTACKER
    assert firing_side(Phase.AFPh) is Side.ATTACKER
    assert firing_side(Phase.DFPh) is Side.DEFENDER
    assert firing_side(Phase.MPh) is Side.DEFENDER
    for phase in (Phase.RPh, Phase.RtPh, Phase.APh, Phase.CCPh):
        assert firing_side(phase) is None
    assert acting_sides(Phase.PFPh) == {Side.ATTACKER}
    assert acting_sides(Phase.DFPh) == {Side.DEFENDER}
    assert acting_sides(Phase.CCPh) == {Side.ATTACKER, Side.DEFENDER}
    assert Side.ATTACKER.other is Side.DEFENDER


def test_friendly_fire_phases_default_and_option() -> None:
    """ASL-8.6-a with ASL-AMB-13: PFPh/DFPh/AFPh by default; MPh First Fire only as an option."""
    assert {Phase.PFPh, Phase.DFPh, Phase.AFPh} == FIRE_PHASES
    attacker = {p for p in PLAYER_TURN if is_friendly_fire_phase(p, Side.ATTACKER)}
    defender = {p for p in PLAYER_TURN if is_friendly_fire_phase(p, Side.DEFENDER)}
    assert attacker == {Phase.PFPh, Phase.AFPh}
    assert defender == {Phase.DFPh}
    assert is_friendly_fire_phase(Phase.MPh, Side.DEFENDER, include_first_fire=True)
    assert not is_friendly_fire_phase(Phase.MPh, Side.ATTACKER, include_first_fire=True)


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        ("PFPh", Phase.PFPh),
        (" dfph ", Phase.DFPh),
        ("Rally Phase", Phase.RPh),
        ("advancing fire", Phase.AFPh),
        ("6", Phase.RtPh),
    ],
)
def test_parse_phase(text: str, phase: Phase) -> None:
    assert parse_phase(text) is phase


def test_parse_phase_refuses_unknown_names() -> None:
    with pytest.raises(UnknownName, match="PFPh"):
        parse_phase("Status Phase")
