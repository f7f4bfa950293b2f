"""Clauses not pinned elsewhere: ASL-8.1-d, ASL-8.9-b, ASL-8.3-c, ASL-8.2-e on AFV counters."""

from __future__ import annotations

from ordnance.asl.plugin import AslGame
from ordnance.asl.rules.capability import resolve_capability
from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.rules.he_equivalency import he_equivalency
from ordnance.asl.rules.notation import Ammo, parse_notation
from ordnance.core.dice import EnteredDice

GAME = AslGame()


def test_apcr_varies_with_date_chart_and_counter() -> None:
    """ASL-8.1-d: availability follows the scenario date, by chart and by counter."""
    chart = [
        resolve_capability(
            Ammo.APCR, [], ScenarioDate(y), made_by="russian", gun_size="85L"
        ).depletion
        for y in (1942, 1943, 1944, 1945)
    ]
    assert chart == [None, 4, 5, 6]
    counter = parse_notation("A5^3^/6^4^/7^5")  # SU-85
    got = [
        resolve_capability(
            Ammo.APCR, counter, ScenarioDate(y), made_by="russian", gun_size="85L"
        ).depletion
        for y in (1942, 1943, 1944, 1945)
    ]
    assert got == [None, 5, 6, 7]


def test_undeclared_shot_never_checks_depletion() -> None:
    """ASL-8.9-b: without a declaration the DR is no depletion check, whatever it is."""
    s = GAME.new({"date": "1944-06"})
    s = GAME.apply(s, {"type": "add_gun", "id": "t", "side": "russian", "notation": "A2^4^"},
                   EnteredDice([])).state  # fmt: skip
    s = GAME.apply(s, {"type": "set_phase", "phase": "PFPh"}, EnteredDice([])).state
    s = GAME.apply(s, {"type": "fire", "gun": "t"}, EnteredDice([6, 5])).state
    gun = s.gun("t")
    assert gun is not None
    apcr = gun.capability("APCR")
    assert apcr is not None and apcr.status == "available" and apcr.attempts == 0


def test_scw_heat_same_effects_as_ordnance() -> None:
    """ASL-8.3-c, ASL-8.31-e: SCW HEAT and ordnance HEAT read the same HE Equivalency row.

    The table's 12 FP row holds PSK and PFk (shaped-charge weapons) and the
    H#[9] round of German 37mm Guns (ordnance); 88mm ordnance HEAT is also 12
    (ASL-8.31-g: HE column 16, one step left). BAZ/PIAT are 8 and PF 16.
    """
    twelve = [
        he_equivalency("HEAT", weapon="PSK").fp,
        he_equivalency("HEAT", weapon="PFk").fp,
        he_equivalency("HEAT", weapon="H9").fp,
        he_equivalency("HEAT", caliber_mm=88).fp,
    ]
    assert twelve == [12, 12, 12, 12]
    assert he_equivalency("HEAT", weapon="BAZ").fp == he_equivalency("HEAT", weapon="PIAT").fp == 8
    assert he_equivalency("HEAT", weapon="PF").fp == 16


def test_view_is_public_and_has_map_shape() -> None:
    """The side record is public information: every seat sees the same record."""
    s = GAME.new({"date": "1944-06"})
    s = GAME.apply(s, {"type": "add_gun", "id": "t", "side": "russian", "notation": "s8",
                       "hex": "0,0"}, EnteredDice([])).state  # fmt: skip
    views = [GAME.view(s, seat) for seat in (None, "russian", "german")]
    assert views[0]["record"] == views[1]["record"] == views[2]["record"]
    assert views[0]["map"]["units"] == [{"id": "t", "side": "russian", "hex": "0,0", "label": "t"}]
