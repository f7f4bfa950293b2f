"""The shot as a player asks it: counters, aspect, Acquisition, Deliberate Immobilization.

Odds are exact Fractions checked against ``enumerate_procedure`` run over the
resolving code (:func:`~ordnance.asl.shot.odds.enumerated_sequence`). Clauses:
ASL-B5.3-N (Acquisition), ASL-AMB-15 (a voided attempt gains none),
ASL-B5.3-G (Deliberate Immobilization), ASL-B5.3-J/-L (moving target, Point
Blank), ASL-B6/B5.5 (the AF at the aspect fired on, hull or turret),
ASL-B5.1 (red/black TH# from the counter), ASL-8.2-f (Elite +1 to an entered N).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ordnance.asl.rules.counter_library import CounterLibrary
from ordnance.asl.rules.to_hit import FirerCases, to_hit_drm
from ordnance.asl.shot.odds import enumerated_sequence, gun_odds, sequence_distribution
from ordnance.asl.shot.plan import plan_shot
from ordnance.asl.shot.query import GunShotQuery, answer_shot_query, compare_special_then_ap
from ordnance.asl.shot.sequence import DEFAULT_ACQUISITION, Step, next_spec
from ordnance.asl.shot.spec import GunShot
from ordnance.core.errors import RuleViolation
from tests.asl.test_cli import run, run_json

LIB = CounterLibrary.model_validate(
    {
        "counters": {
            "2498": {"rof": 1},
            "2592": {"gun_size": "75LL", "hull": {"front": 18, "side": 5},
                     "turret": {"front": 14, "side": 8}},
            "1290": {"gun_size": "75", "rof": 1},
        }
    }
)  # fmt: skip


def spec(**kw: Any) -> GunShot:
    base: dict[str, Any] = {"gun": "75L", "range": 3, "target": "vehicle", "af": 11}
    return GunShot(**{**base, **kw})


def test_acquisition_on_later_shots_equals_enumeration_b5_3_n() -> None:
    """ASL-B5.3-N: the second shot at the same target takes -1; closed form = every die."""
    s = spec(ammo="AP", range=40, rof=1, breakdown=10, cases=FirerCases(target_drm=3))
    with_acq = sequence_distribution(s, 2, acquire=DEFAULT_ACQUISITION)
    assert with_acq == enumerated_sequence(s, 2, acquire=DEFAULT_ACQUISITION)
    without = sequence_distribution(s, 2)
    hits = with_acq.probability(lambda x: x.hits > 0)
    assert hits > without.probability(lambda x: x.hits > 0)
    # the shot after one counted shot carries Acquisition -1, after two -2
    first = next_spec(s, Step(), None, DEFAULT_ACQUISITION)
    second = next_spec(s, Step(fired=1, acquired=1), None, DEFAULT_ACQUISITION)
    third = next_spec(s, Step(fired=2, acquired=2), None, DEFAULT_ACQUISITION)
    assert first is not None and second is not None and third is not None
    assert (first[0].cases.acquisition, second[0].cases.acquisition) == (0, -1)
    assert third[0].cases.acquisition == -2


def test_a_voided_attempt_gains_no_acquisition_amb_15() -> None:
    """ASL-AMB-15: DR > N is no shot: the AP fired at once after it has no Acquisition."""
    s = spec(ammo="APCR", depletion=3, range=40, cases=FirerCases(target_drm=3))
    got = sequence_distribution(s, 1, fallback="AP", acquire=DEFAULT_ACQUISITION)
    assert got == enumerated_sequence(s, 1, fallback="AP", acquire=DEFAULT_ACQUISITION)
    # one shot fired in all: Acquisition could only help a second one, so nothing changes
    assert got == sequence_distribution(s, 1, fallback="AP")


def test_aspect_and_turret_af_equal_enumeration_b6() -> None:
    """ASL-B6, ASL-B5.5: the side aspect uses the side AF, hull or turret by the dice."""
    front = answer_shot_query(GunShotQuery(firer="2498", target="2592", range=3,
                                           date="1944-06", ammo="AP"), LIB)  # fmt: skip
    side = answer_shot_query(GunShotQuery(firer="2498", target="2592", range=3,
                                          date="1944-06", ammo="AP", aspect="side"), LIB)  # fmt: skip
    assert (front.spec.af, front.spec.af_turret) == (18, 14)
    assert (side.spec.af, side.spec.af_turret) == (5, 8)
    assert sequence_distribution(side.spec, 1) == enumerated_sequence(side.spec, 1)
    assert Fraction(side.odds["p_kill"]) > Fraction(front.odds["p_kill"])
    # the same answer as the Gun entered by hand
    manual = gun_odds(spec(ammo="AP", af=5, af_turret=8))
    assert manual["p_kill"] == side.odds["p_kill"]
    sources = {v.value: v.source for v in side.values}
    assert sources["target hull side AF"] == "library" and sources["gun size"] == "database"


def test_deliberate_immobilization_equals_enumeration_b5_3_g() -> None:
    """ASL-B5.3-G: +5 To Hit; a hit can only immobilize (or do nothing)."""
    s = spec(ammo="AP", af=11, cases=FirerCases(deliberate_immobilization=True))
    dist = sequence_distribution(s, 1)
    assert dist == enumerated_sequence(s, 1)
    assert {x.effect for x in dist} <= {"immobilized", "no effect", "no hit"}
    plain = plan_shot(spec(ammo="AP", af=11))
    aimed = plan_shot(s)
    assert aimed.drm is not None and plain.drm is not None
    assert aimed.drm.total == plain.drm.total + 5
    assert dist.probability(lambda x: x.effect == "immobilized") > 0


def test_moving_target_and_point_blank_named_cases() -> None:
    """ASL-B5.3-J +2; ASL-B5.3-L -2 at 0-1 hexes, -1 at 2, refused beyond."""
    moving = to_hit_drm(FirerCases(target_moving=True), range_hexes=5)
    assert [(t.value, t.clause) for t in moving.terms] == [(2, "ASL-B5.3-J")]
    assert to_hit_drm(FirerCases(point_blank=True), range_hexes=1).total == -2
    assert to_hit_drm(FirerCases(point_blank=True), range_hexes=2).total == -1
    with pytest.raises(RuleViolation) as err:
        to_hit_drm(FirerCases(point_blank=True), range_hexes=3)
    assert err.value.clause == "ASL-B5.3-L"


def test_red_to_hit_follows_the_counter_b5_1() -> None:
    """ASL-B5.1: the counter's 'Red TH#s^<44^' makes a British Sherman red in 1943 only."""
    q = {"firer": "1290", "target_type": "infantry", "range": 8, "ammo": "HE"}
    red = answer_shot_query(GunShotQuery(**q, date="1943-06"), LIB)
    black = answer_shot_query(GunShotQuery(**q, date="1944-06"), LIB)
    assert red.spec.red is True and plan_shot(red.spec).colour == "red"
    assert black.spec.red is None and plan_shot(black.spec).colour == "black"
    assert Fraction(red.odds["p_hit"]) < Fraction(black.odds["p_hit"])


def test_missing_values_are_refused_naming_the_command() -> None:
    """ASL-B5.2 / ASL-B6: a counter without gun size or AF names the command that adds it."""
    with pytest.raises(RuleViolation) as err:
        answer_shot_query(GunShotQuery(firer="2590", target="2592", range=3, date="1944-06"), LIB)
    assert "ordnance asl counters set 2590 --gun-size" in (err.value.hint or "")
    with pytest.raises(RuleViolation) as af:
        answer_shot_query(GunShotQuery(firer="2498", target="2590", range=3, date="1944-06"), LIB)
    assert af.value.clause == "ASL-B6" and "--af-hull-front" in (af.value.hint or "")


def test_apcr_then_ap_against_ap_only() -> None:
    """ASL-8.9-e: APCR while it lasts, then AP, against AP only over the same shots."""
    s = spec(ammo="APCR", depletion=5, range=12, rof=1)
    cmp = compare_special_then_ap(s, 2)
    plans = cmp["plans"]
    assert set(plans) == {"APCR then AP", "AP only"}
    assert plans["APCR then AP"]["p_kill"] == gun_odds(s, 2, fallback="AP")["p_kill"]
    assert plans["AP only"]["p_kill"] == gun_odds(s.with_ammo("AP", None), 2)["p_kill"]
    with pytest.raises(RuleViolation):
        compare_special_then_ap(s.with_ammo("AP", None), 2)


def test_query_model_declares_titles_and_clauses() -> None:
    """Every field of the query has a title; the rule fields name their clause ids."""
    props = GunShotQuery.model_json_schema()["properties"]
    assert all("title" in p for p in props.values())
    assert props["acquisition"]["x-clauses"] == ["ASL-B5.3-N", "ASL-AMB-15"]
    assert props["deliberate_immobilization"]["x-clauses"] == ["ASL-B5.3-G"]


def test_cli_elite_with_an_entered_n_adds_one(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.2-f: ``--elite -n 5`` fires with N = 6 (it was silently ignored)."""
    base = ("asl", "odds", "gun", "--gun", "75L", "--ammo", "APCR", "-n", "5", "--range", "3",
            "--af", "11")  # fmt: skip
    _c, plain = run_json(capsys, *base)
    code, elite = run_json(capsys, *base, "--elite")
    assert code == 0 and plain["depletion"] == 5 and elite["depletion"] == 6


def test_cli_firer_and_target_counters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``odds gun --firer PaK 40 --target 'PzKw VG' --aspect side``: the library's values."""
    lib = tmp_path / "counters.yaml"
    monkeypatch.setenv("ORDNANCE_COUNTER_LIBRARY", str(lib))
    code, _o, err = run(capsys, "asl", "odds", "gun", "--firer", "2498", "--target", "2592",
                        "--range", "3", "--date", "1944-06")  # fmt: skip
    assert code == 2 and "ordnance asl counters set 2592 --af-hull-front" in err
    run(capsys, "asl", "counters", "import", "--samples")
    args = ("asl", "odds", "gun", "--firer", "PaK 40", "--nationality", "german",
            "--target", "Panther G", "--target-nationality", "german", "--aspect", "side",
            "--range", "3", "--date", "1944-06", "--ammo", "APCR", "--shots", "2",
            "--compare-apcr")  # fmt: skip
    code, data = run_json(capsys, *args)
    assert code == 0 and data["samples_used"] is True
    assert data["shot"]["af"] == 5 and data["depletion_reading"]["depletion"] == 3
    assert data["acquisition"]["drm_after_shots"] == [-1, -2]
    assert "APCR then AP" in data["comparison"]["plans"]
    _c, off = run_json(capsys, *args, "--no-acquisition")
    assert off["acquisition"]["drm_after_shots"] == []
    assert Fraction(off["p_hit"]) <= Fraction(data["p_hit"])
    code, _o, err = run(capsys, "asl", "odds", "gun", "--firer", "2498", "--target", "2592",
                        "--range", "3", "--date", "1944-06", "--af", "11")  # fmt: skip
    assert code == 2 and "--af" in err
    code, _o, err = run(capsys, "asl", "odds", "gun", "--gun", "75L", "--target", "2592",
                        "--range", "3")  # fmt: skip
    assert code == 2 and "--firer" in err
