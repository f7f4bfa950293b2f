"""Exact odds of the whole shot against brute-force enumeration of the resolving code.

The closed form (:func:`ordnance.asl.shot.odds.shot_distribution`, the chain of
:func:`~ordnance.asl.shot.odds.sequence_distribution`) must equal
:func:`ordnance.core.odds.enumerate_procedure` run over
:func:`ordnance.asl.shot.sequence.resolve_sequence`, which asks for every die
(To Hit, To Kill or IFT, and the next shots). Clauses: ASL-8.9-c/d/e, ASL-B5.4,
ASL-B5.6, ASL-B5.7, ASL-B6.5, ASL-8.31-h, ASL-8.4-f.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ordnance.asl.odds.depletion import shot_distribution as depletion_distribution
from ordnance.asl.rules.to_hit import FirerCases
from ordnance.asl.shot.odds import (
    compare_ammo,
    enumerated_sequence,
    gun_odds,
    sequence_distribution,
    shot_distribution,
)
from ordnance.asl.shot.spec import GunShot


def spec(**kw: Any) -> GunShot:
    base: dict[str, Any] = {"gun": "75L", "range": 3, "target": "vehicle", "af": 11}
    base.update(kw)
    return GunShot.model_validate(base)


SINGLE = {
    "APCR N=5 vehicle": spec(ammo="APCR", depletion=5),
    "AP vehicle turret AF": spec(ammo="AP", af=8, af_turret=13, breakdown=11),
    "HEAT N=7 vehicle": spec(ammo="HEAT", depletion=7, gun="75", range=10),
    "APDS 57L": spec(ammo="APDS", depletion=6, gun="57L", nationality="british", range=20),
    "AP unarmoured": spec(ammo="AP", target="unarmored", af=None, range=8),
    "AP infantry (8.31-h)": spec(ammo="AP", target="infantry", af=None, ift_drm=2),
    "HE infantry": spec(ammo="HE", target="infantry", af=None, gun="105", range=15),
    "SMOKE area": spec(ammo="SMOKE", depletion=8, target="area", af=None),
    "captured intensive": spec(ammo="AP", captured=True, intensive=True, breakdown=11, rof=1),
    "Canister": spec(ammo="Canister", depletion=9, target="infantry", af=None, gun="75"),
}


@pytest.mark.parametrize("name", list(SINGLE))
def test_one_shot_closed_form_equals_enumeration(name: str) -> None:
    """ASL-8.9-c/d/e, ASL-B5.4, ASL-B6.5: one shot, the closed form against every die."""
    s = SINGLE[name]
    assert sequence_distribution(s, 1) == enumerated_sequence(s, 1)


def test_sequence_with_multiple_rof_equals_enumeration_b5_6() -> None:
    """ASL-B5.6: further shots only while Multiple ROF is kept; a malfunction stops (B5.7)."""
    # few hits and few kept ROFs keep the enumeration small (about 11,000 dice sequences)
    s = spec(ammo="AP", range=40, rof=1, breakdown=10, cases=FirerCases(target_drm=3))
    got = sequence_distribution(s, 2)
    assert got == enumerated_sequence(s, 2)
    assert got.probability(lambda x: x.shots == 2) > 0


def test_sequence_voided_attempt_then_fallback_equals_enumeration_8_9_e() -> None:
    """ASL-8.9-e: after DR > N the Gun fires again at once with other ammunition."""
    s = spec(ammo="APCR", depletion=3, range=40, cases=FirerCases(target_drm=3))
    got = sequence_distribution(s, 1, fallback="AP")
    assert got == enumerated_sequence(s, 1, fallback="AP")
    # the special round is fired only on DR <= 3 (3/36), and nothing else: N=3 stays
    assert got.probability(lambda x: x.special_rounds == 1) == Fraction(3, 36)
    # every attempt ends in one shot fired, except a voided DR 12 that malfunctions (B5.7)
    assert got.probability(lambda x: x.shots == 0) == Fraction(1, 36)
    assert got.probability(lambda x: x.shots == 0 and x.malfunctioned) == Fraction(1, 36)


def test_sequence_one_shot_per_player_turn_equals_enumeration() -> None:
    """ASL-B5.6: ``turns`` mode, one shot per Player Turn until gone, kill or malfunction."""
    s = spec(ammo="APCR", depletion=4, range=45, cases=FirerCases(target_drm=3))
    got = sequence_distribution(s, 2, mode="turns")
    assert got == enumerated_sequence(s, 2, mode="turns")
    # no fallback: a second Player Turn's shot is fired only with APCR still there (DR < 4)
    assert got.probability(lambda x: x.shots == 2) > 0
    assert got.probability(lambda x: x.shots == 2 and x.special_rounds != 2) == 0
    assert got.probability(lambda x: x.special_left) <= Fraction(3, 36) ** 2 + Fraction(3, 36)


def test_depletion_marginal_agrees_with_the_depletion_odds_8_9() -> None:
    """ASL-8.9-c/d/e: the whole shot's depletion outcome is the C8.9 distribution."""
    s = spec(ammo="APCR", depletion=5)
    dist = shot_distribution(s)
    gone = dist.probability(lambda k: k[3])
    expected = depletion_distribution(5)
    assert gone == expected["used-and-depleted"] + expected["not-available"]
    assert dist.probability(lambda k: k[0] == "no-round") == expected["not-available"]


def test_gun_odds_report_has_the_documented_fields() -> None:
    """The CLI's JSON: p_hit, p_kill, outcomes (exact p/q), summing to 1."""
    r = gun_odds(spec(ammo="APCR", depletion=5))
    assert r["p_hit"] == "5/18"  # DR <= 5 always hits at TH# 10
    total = sum(Fraction(p) for p in r["outcomes"].values())
    assert total == 1
    kills = Fraction(r["outcomes"]["burn"]) + Fraction(r["outcomes"]["eliminated"])
    assert Fraction(r["p_kill"]) == kills


def test_compare_ammo_lists_refusals_with_their_clause() -> None:
    """ASL-B6.2: an ammunition the tables give no TK# for is refused, not guessed."""
    c = compare_ammo(spec(ammo="AP"), {"AP": None, "APCR": 5, "APDS": 6})
    assert c["chart"]["x"] == ["AP", "APCR"]
    assert c["refused"]["APDS"]["clause"] == "ASL-B6.2"
    assert len(c["chart"]["series"]["p_kill"]) == 2
