"""The Smoke munitions round (TOI-SMK-*) and its ambiguities (TOI-AMB-1..5, 17)."""

from __future__ import annotations

from typing import Any

import pytest

from ordnance.core.dice import EnteredDice
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.hexes import Direction, Hex
from ordnance.core.odds import enumerate_procedure
from ordnance.toi.plugin import GAME
from ordnance.toi.rules.attack import RangeBand
from ordnance.toi.rules.hexmap import load_map
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.rules.smoke import (
    SmokeAim,
    drift_direction,
    plan_smoke,
    resolve_smoke_round,
    smoke_landing_distribution,
    smoke_procedure,
    smoke_round_distribution,
    smoke_round_label,
)
from ordnance.toi.settings import ToISettings
from ordnance.toi.state import ToIState

from .helpers import act, buy, new, on_turn, place_at, settings, to


def smoke_ready(unit: str = "g-tank", **extra: Any) -> ToIState:
    state = to(new(**extra), "munitions")
    state = buy(state, unit, "Smoke")
    return to(state, "action")


def fire(state: ToIState, hex_: str, dice: list[int], unit: str = "g-tank") -> tuple[ToIState, Any]:
    return act(state, {"type": "attack", "unit": unit, "hex": hex_}, dice)


def test_smoke_targets_a_hex_and_does_no_damage() -> None:
    """covers TOI-SMK-1: the round targets a hex; units there take no hits."""
    state = smoke_ready()
    state, ev = fire(state, "2,3", [6, 6, 6, 6, 6])  # s-tank is in 2,3
    assert ev[-1].kind == "smoke-round" and ev[-1].data["outcome"] == "placed"
    assert state.unit("s-tank").damage.value == "undamaged"


def test_only_a_smoke_round_targets_a_hex() -> None:
    """covers TOI-SMK-1: without a Smoke token an attack needs a target unit."""
    state = to(new(), "action")
    with pytest.raises(RuleViolation) as err:
        act(state, {"type": "attack", "unit": "g-tank", "hex": "2,2"}, [1] * 5)
    assert err.value.clause == "TOI-SMK-1"


@pytest.mark.parametrize("hex_", ["2,2", "2,3", "1,2"])  # empty, enemy tank, friendly squad
def test_smoke_uses_vehicle_attack_dice_whatever_is_in_the_hex(hex_: str) -> None:
    """covers TOI-SMK-2, TOI-AMB-4: vehicle firepower (5), band Hit Number, no defence dice."""
    state = smoke_ready()
    odds = GAME.odds(state, {"type": "attack", "unit": "g-tank", "hex": hex_}, "german")
    assert odds is not None
    distance = Hex(0, 3).distance(Hex.__call__(*map(int, hex_.split(","))))
    assert odds["dice"] == 5 and odds["hit_on"] == (4 if distance == 1 else 5)


def test_two_hits_place_smoke() -> None:
    """covers TOI-SMK-3"""
    state, _ = fire(smoke_ready(), "2,2", [5, 5, 1, 1, 1])
    assert state.smoke_hexes == {Hex(2, 2)}


def test_one_hit_drifts_red_distance_black_direction() -> None:
    """covers TOI-SMK-4, TOI-AMB-1 default, TOI-AMB-2 default (marker 1 = north, clockwise)."""
    state, ev = fire(smoke_ready(), "2,2", [5, 1, 1, 1, 1, 2, 1])  # red 2, black 1 (N)
    assert state.smoke_hexes == {Hex(2, 0)}
    assert ev[-1].data["drift_red"] == 2 and ev[-1].data["direction"] == "N"
    state, _ = fire(smoke_ready(), "2,2", [5, 1, 1, 1, 1, 1, 3])  # red 1, black 3 (SE)
    assert state.smoke_hexes == {Hex(3, 2)}


def test_drift_dice_faq_core_option() -> None:
    """covers TOI-AMB-1 option: black = distance, red = direction."""
    state, _ = fire(smoke_ready(drift_dice="faq_core"), "2,2", [5, 1, 1, 1, 1, 2, 1])
    assert state.smoke_hexes == {Hex(3, 1)}  # 1 hex NE


def test_zero_hits_misfire_discards_the_token() -> None:
    """covers TOI-SMK-5 (and TOI-AMB-15: back to the supply)."""
    state, ev = fire(smoke_ready(), "2,2", [1, 1, 1, 1, 1])
    assert ev[-1].data["outcome"] == "misfire" and not state.smoke
    assert not state.tokens_on("g-tank")
    assert state.nation("german").supply_count(Munition.SMOKE) == 1


def test_smoke_blocks_los_gives_cover_and_halves_fire() -> None:
    """covers TOI-SMK-6 with notes B10: LOS blocked, +2 cover, half firepower inside."""
    state, _ = fire(smoke_ready(), "1,3", [6, 6, 1, 1, 1])  # close range: smoke in 1,3
    assert Hex(1, 3) in state.smoke_hexes
    with pytest.raises(RuleViolation) as err:  # s-tank 2,3 -> g-tank 0,3 runs through 1,3
        act(state, {"type": "attack", "unit": "s-tank", "target": "g-tank"}, [1] * 10)
    assert err.value.clause == "TOI-B10"
    state = place_at(state, "g-pz", "1,3")
    _, ev = act(state, {"type": "attack", "unit": "s-kv", "target": "g-pz"}, [1] * 5 + [1] * 5)
    assert ev[-1].data["defence_dice"] == 3 + 2
    state = on_turn(state, "german")
    _, ev = act(state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, [1] * 3 + [1] * 3)
    assert ev[-1].data["attack_dice"] == 3  # 5 halved, rounded up


def test_no_smoke_target_in_building_or_smoke() -> None:
    """covers TOI-AMB-5 default (B10: none in buildings, one per hex)."""
    state = place_at(smoke_ready(), "g-tank", "4,0")  # building at 5,-1 is adjacent
    with pytest.raises(RuleViolation) as err:
        fire(state, "5,-1", [6] * 5)
    assert err.value.clause == "TOI-AMB-5"
    state = smoke_ready()
    state = act(state, {"type": "attack", "unit": "g-tank", "hex": "1,3"}, [6] * 5)[0]
    state = to(state, "munitions")
    state = buy(state, "g-pz", "Smoke")
    state = to(state, "action")
    assert Hex(1, 3) in state.smoke_hexes  # placed in round 1, lasts through round 2
    with pytest.raises(RuleViolation) as err:
        fire(state, "1,3", [6] * 5, unit="g-pz")
    assert err.value.clause == "TOI-AMB-5"


def test_smoke_targets_any_option() -> None:
    """covers TOI-AMB-5 option: a building may be targeted; 2+ hits then place nothing."""
    state = place_at(smoke_ready(smoke_targets="any"), "g-tank", "4,0")
    state, ev = fire(state, "5,-1", [6] * 5)
    assert not state.smoke and ev[-1].data["reason"] == "building"


def test_drift_off_map_or_into_building_places_nothing() -> None:
    """covers TOI-AMB-3 default."""
    state, ev = fire(smoke_ready(), "2,2", [5, 1, 1, 1, 1, 6, 1])  # 6 north: off the map
    assert not state.smoke and ev[-1].data["reason"] == "off-map"
    state = place_at(smoke_ready(), "g-tank", "4,2")
    state, ev = fire(state, "5,1", [6, 1, 1, 1, 1, 2, 1])  # 5,1 -> 2 north = 5,-1, a building
    assert not state.smoke and ev[-1].data["reason"] == "building"


def test_drift_clip_last_legal_option() -> None:
    """covers TOI-AMB-3 option drift_clip='last_legal'."""
    state, _ = fire(smoke_ready(drift_clip="last_legal"), "2,2", [5, 1, 1, 1, 1, 6, 1])
    assert state.smoke_hexes == {Hex(2, -1)}  # the last on-map hex north of 2,2


def test_orientation_options() -> None:
    """covers TOI-AMB-2 options: a fixed direction, or firer-to-target."""
    assert drift_direction(1, Direction.N) is Direction.N
    assert drift_direction(2, Direction.N) is Direction.NE
    assert drift_direction(1, Direction.S) is Direction.S
    state, _ = fire(
        smoke_ready(drift_orientation="attacker_to_target"), "2,3", [5, 1, 1, 1, 1, 1, 1]
    )
    assert state.smoke_hexes == {Hex(3, 3)}  # 1 hex on, in the SE line of fire


def test_smoke_expires_in_next_rounds_status_phase() -> None:
    """covers TOI-AMB-17 default and option."""
    state, _ = fire(smoke_ready(), "2,2", [6, 6, 1, 1, 1])
    state = to(state, "remove-tokens")
    assert state.smoke_hexes == {Hex(2, 2)}  # round 1 Status Phase: still there
    state = to(to(state, "action"), "remove-tokens")
    assert not state.smoke  # round 2 Status Phase: removed
    state, _ = fire(smoke_ready(smoke_expiry="next_status_phase"), "2,2", [6, 6, 1, 1, 1])
    assert not to(state, "remove-tokens").smoke


def test_smoke_round_fatigues_the_unit() -> None:
    """covers TOI-AMB-18: the Smoke round is the unit's attack."""
    state, _ = fire(smoke_ready(), "2,2", [1] * 5)
    assert state.unit("g-tank").activation == "fatigued"


def test_smoke_options_flat_and_cover_defence() -> None:
    """covers TOI-AMB-4 options."""
    flat = plan_smoke(4, RangeBand.LONG, ToISettings(smoke_dice="flat"))
    assert flat.hit_on == 5
    cov = plan_smoke(4, RangeBand.NORMAL, ToISettings(smoke_dice="cover_defence"), cover=2)
    roll = resolve_smoke_round(cov, EnteredDice([5, 5, 1, 1, 6, 1, 3, 4]))
    assert roll.hits == 1 and roll.outcome == "drift"


@pytest.mark.parametrize("dice", [0, 1, 2, 3])
@pytest.mark.parametrize("band", [RangeBand.CLOSE, RangeBand.NORMAL, RangeBand.LONG])
def test_round_distribution_matches_enumeration(dice: int, band: RangeBand) -> None:
    """Exact smoke odds = brute force over resolve_smoke_round (TOI-SMK-3/4/5)."""
    plan = plan_smoke(dice, band)
    brute = enumerate_procedure(lambda d: smoke_round_label(resolve_smoke_round(plan, d)))
    assert brute == smoke_round_distribution(plan)


@pytest.mark.parametrize(
    "options",
    [{}, {"drift_clip": "last_legal"}, {"drift_dice": "faq_core"}, {"drift_into_smoke": "refresh"}],
)
def test_landing_distribution_matches_enumeration(options: dict[str, Any]) -> None:
    """Exact landing odds per hex = brute force over the resolving code (TOI-SMK-4, TOI-AMB-3)."""
    s = ToISettings(**options)
    m = load_map("range")
    plan = plan_smoke(2, RangeBand.NORMAL, s)
    target, smoke = Hex(4, -1), frozenset({Hex(4, 0)})
    aim = SmokeAim(target, m, smoke, Direction.N, s)
    brute = enumerate_procedure(smoke_procedure(plan, aim))
    assert brute == smoke_landing_distribution(plan, aim)


def test_old_spelling_of_the_cover_option_still_replays(tmp_path: object) -> None:
    """covers TOI-AMB-4: a journal written with smoke_dice="cover_defense" (the project's
    earlier spelling) replays as the "cover_defence" reading, cover dice and all."""
    from ordnance.core.journal import GameSession, open_journal

    assert ToISettings(smoke_dice="cover_defense") == ToISettings(smoke_dice="cover_defence")
    journal = open_journal(f"{tmp_path}/old.db")
    session = GameSession.create(journal, "toi", settings(smoke_dice="cover_defense"))
    assert session.settings["smoke_dice"] == "cover_defense"  # stored as written
    again = GameSession(journal, session.game_id)
    replayed = again.state().settings
    assert replayed.smoke_dice == "cover_defence"
    assert plan_smoke(4, RangeBand.NORMAL, replayed, cover=2).cover_dice == 2
    with pytest.raises(OrdnanceError, match="smoke_dice"):
        GAME.new(settings(smoke_dice="cover_defens"))
