"""SMOKE and WP placement legality (ASL-8.5 to ASL-8.6, ASL-AMB-11 to -13, notes B8)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ordnance.asl.rules.phases import PLAYER_TURN, Phase
from ordnance.asl.rules.smoke import SmokeOptions, check_placement, legal_phases, smoke_hinders
from ordnance.core.errors import RuleViolation, UnknownName

GUN = (0, 0)
TARGET = (2, 0)


def place(ammo: str, phase: Phase, *, attacker: bool, fired: bool = False, **kw: Any) -> Any:
    kw.setdefault("target_hex", TARGET)
    kw.setdefault("gun_hex", GUN)
    return check_placement(
        ammo, phase, owner_is_attacker=attacker, non_smoke_fired_this_phase=fired, **kw
    )


def refused(clause: str, *args: Any, **kw: Any) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        place(*args, **kw)
    assert err.value.clause == clause, err.value
    assert err.value.hint
    return err.value


def test_smoke_full_strength_at_start_of_owners_pfph() -> None:
    """ASL-8.5-a, ASL-8.51-a: the ATTACKER's PFPh, before other fire: full SMOKE."""
    p = place("SMOKE", Phase.PFPh, attacker=True)
    assert not p.dispersed
    assert p.hindrance_drm == 3
    assert p.marker_kind == "smoke" and p.label == "SMOKE"
    assert "ASL-8.51-a" in p.clauses


def test_smoke_in_owners_dfph_is_dispersed() -> None:
    """ASL-8.5-a, ASL-8.51-b: the DEFENDER's DFPh gives Dispersed SMOKE (+2)."""
    p = place("SMOKE", Phase.DFPh, attacker=False)
    assert p.dispersed
    assert p.hindrance_drm == 2
    assert p.marker_kind == "dispersed-smoke"
    assert "ASL-8.51-b" in p.clauses


@pytest.mark.parametrize(
    ("phase", "attacker"),
    [
        (Phase.PFPh, False),
        (Phase.DFPh, True),
        (Phase.AFPh, True),
        (Phase.MPh, False),
        (Phase.RPh, True),
        (Phase.CCPh, False),
    ],
)
def test_smoke_refused_outside_owners_pfph_dfph(phase: Phase, attacker: bool) -> None:
    """ASL-8.5-a with ASL-AMB-11 default: no other phase, and never the other side's PFPh/DFPh."""
    err = refused("ASL-8.5-a", "SMOKE", phase, attacker=attacker)
    assert "PFPh" in (err.hint or "")


@pytest.mark.parametrize(("phase", "attacker"), [(Phase.PFPh, True), (Phase.DFPh, False)])
def test_smoke_refused_after_non_smoke_fire(phase: Phase, attacker: bool) -> None:
    """ASL-8.5-b: once anything but SMOKE was fired this phase, no more SMOKE."""
    refused("ASL-8.5-b", "SMOKE", phase, attacker=attacker, fired=True)


def test_amb11_option_allows_dispersed_smoke_in_other_fire_phases() -> None:
    """ASL-AMB-11 option: the owner's AFPh (and MPh First Fire) give Dispersed SMOKE."""
    opts = SmokeOptions(smoke_other_phases=True)
    p = place("SMOKE", Phase.AFPh, attacker=True, options=opts)
    assert p.dispersed and "ASL-AMB-11" in p.clauses
    assert place("SMOKE", Phase.MPh, attacker=False, options=opts).dispersed
    refused("ASL-8.5-a", "SMOKE", Phase.RtPh, attacker=True, options=opts)
    refused("ASL-8.5-b", "SMOKE", Phase.AFPh, attacker=True, fired=True, options=opts)


def test_never_in_the_guns_own_hex() -> None:
    """ASL-8.52-b: a Gun cannot place SMOKE (or WP) in its own hex; ASL-8.52-c: the hint
    points at the AFV smoke dispensers (D13) that may."""
    err = refused("ASL-8.52-b", "SMOKE", Phase.PFPh, attacker=True, target_hex=GUN)
    assert "D13" in (err.hint or "")
    refused("ASL-8.52-b", "WP", Phase.AFPh, attacker=True, target_hex=GUN)


def test_oba_has_no_own_hex() -> None:
    """ASL-8.52-b concerns a Gun; OBA (gun_hex None) may target any hex."""
    assert place("SMOKE", Phase.PFPh, attacker=True, gun_hex=None, target_hex=GUN)


def test_always_ground_level() -> None:
    """ASL-8.52-a: placed at ground level even when only an upper building level is seen."""
    for ammo, phase, attacker in (("SMOKE", Phase.PFPh, True), ("WP", Phase.DFPh, False)):
        p = place(ammo, phase, attacker=attacker, target_level=2)
        assert p.level == "ground" and p.base_level == 0
        assert "ASL-8.52-a" in p.clauses


def test_interior_building_refused_by_default_allowed_by_option() -> None:
    """ASL-8.52-a / ASL-AMB-12: refused; the option places it at the targeted level."""
    err = refused(
        "ASL-8.52-a", "SMOKE", Phase.PFPh, attacker=True, target_is_interior_building=True
    )
    assert "AMB-12" in str(err)
    opts = SmokeOptions(smoke_interior_building=True)
    p = place(
        "SMOKE",
        Phase.PFPh,
        attacker=True,
        target_is_interior_building=True,
        target_level=1,
        options=opts,
    )
    assert p.level == 1 and p.base_level == 1 and "ASL-AMB-12" in p.clauses
    assert p.hinders(2) and not p.hinders(3)
    refused(
        "ASL-8.52-a",
        "SMOKE",
        Phase.PFPh,
        attacker=True,
        target_is_interior_building=True,
        options=opts,
    )


def test_wp_in_any_friendly_fire_phase() -> None:
    """ASL-8.6-a, ASL-8.6-b: WP in PFPh (full), AFPh and DFPh (Dispersed)."""
    pf = place("WP", Phase.PFPh, attacker=True)
    af = place("WP", Phase.AFPh, attacker=True)
    df = place("WP", Phase.DFPh, attacker=False)
    assert (pf.dispersed, af.dispersed, df.dispersed) == (False, True, True)
    assert (pf.hindrance_drm, af.hindrance_drm, df.hindrance_drm) == (2, 1, 1)
    assert pf.marker_kind == "wp" and af.label == "Dispersed WP"


@pytest.mark.parametrize(
    ("phase", "attacker"),
    [
        (Phase.MPh, False),
        (Phase.MPh, True),
        (Phase.AFPh, False),
        (Phase.DFPh, True),
        (Phase.PFPh, False),
        (Phase.RPh, True),
        (Phase.APh, True),
    ],
)
def test_wp_refused_outside_friendly_fire_phases(phase: Phase, attacker: bool) -> None:
    """ASL-8.6-a with ASL-AMB-13 default: not First Fire in the MPh, not the enemy's phases."""
    refused("ASL-8.6-a", "WP", phase, attacker=attacker)


def test_wp_refused_after_friendly_non_smoke_fire() -> None:
    """ASL-8.6-a: WP only before any friendly non-SMOKE fire of the phase."""
    refused("ASL-8.6-a", "WP", Phase.AFPh, attacker=True, fired=True)


def test_amb13_option_wp_as_defensive_first_fire() -> None:
    """ASL-AMB-13 option: WP as Defensive First Fire in the MPh, Dispersed."""
    opts = SmokeOptions(wp_defensive_first_fire=True)
    p = place("WP", Phase.MPh, attacker=False, options=opts)
    assert p.dispersed and "ASL-AMB-13" in p.clauses
    refused("ASL-8.6-a", "WP", Phase.MPh, attacker=True, options=opts)


def test_hindrance_two_levels_and_never_blocks() -> None:
    """ASL-8.5-c, ASL-8.5-d: two levels tall, LOS above is free; it never blocks."""
    p = place("SMOKE", Phase.PFPh, attacker=True)
    assert p.height_levels == 2
    assert not p.blocks_los
    assert p.hinders(0) and p.hinders(1) and p.hinders(Fraction(19, 10))
    assert not p.hinders(2) and not p.hinders(Fraction(5, 2))
    assert smoke_hinders(3, base_level=2) and not smoke_hinders(4, base_level=2)
    assert "ASL-8.5-c" in p.clauses and "ASL-8.5-d" in p.clauses


def test_legal_phases_table() -> None:
    """B3 windows: SMOKE PFPh/DFPh only, WP every friendly fire phase."""
    assert legal_phases("SMOKE", True) == (Phase.PFPh,)
    assert legal_phases("SMOKE", False) == (Phase.DFPh,)
    assert legal_phases("WP", True) == (Phase.PFPh, Phase.AFPh)
    assert legal_phases("WP", False) == (Phase.DFPh,)
    assert legal_phases("WP", False, SmokeOptions(wp_defensive_first_fire=True)) == (
        Phase.MPh,
        Phase.DFPh,
    )
    # Consistency: check_placement accepts exactly the legal phases.
    for ammo in ("SMOKE", "WP"):
        for attacker in (True, False):
            ok = set()
            for phase in PLAYER_TURN:
                try:
                    place(ammo, phase, attacker=attacker)
                    ok.add(phase)
                except RuleViolation:
                    pass
            assert ok == set(legal_phases(ammo, attacker))


def test_other_effects_are_left_to_a24() -> None:
    """ASL-8.5-e, ASL-8.6-c: further SMOKE/WP effects are A24/C1.71 rules, named not modelled."""
    assert place("SMOKE", Phase.PFPh, attacker=True).other_effects == ("A24",)
    assert "C1.71" in place("WP", Phase.PFPh, attacker=True).other_effects
    assert "A24.5" in place("WP", Phase.AFPh, attacker=True).other_effects


def test_ir_is_not_placed_here() -> None:
    """ASL-8.7-a: IR has no C8 mechanics (Chapter E night rules)."""
    refused("ASL-8.7-a", "IR", Phase.PFPh, attacker=True)


def test_unknown_ammo() -> None:
    with pytest.raises(UnknownName):
        place("HE", Phase.PFPh, attacker=True)


def test_to_dict_is_json_ready() -> None:
    d = place("WP", Phase.AFPh, attacker=True).to_dict()
    assert d["ammo"] == "WP" and d["dispersed"] is True and d["hex"] == "(2, 0)"
    assert d["phase"] == "AFPh" and d["marker_kind"] == "wp"
