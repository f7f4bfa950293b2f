"""A voided attempt keeps the Gun's firing rights; Canister in the scenario game.

Covers ASL-8.9-e (a DR > N attempt is not a shot for any purpose but the
malfunction check), notes B5.7/B5.8 (malfunction, Intensive Fire eligibility),
ASL-8.4-h (the aim points follow the Gun's Covered Arc), ASL-AMB-15 (a CA change
for a voided shot), ASL-8.4-c (manned in the MPh: halved only in the AFPh),
ASL-8.4-f/g (one DR: attack, depletion and B# check) and the single depletion
code (ASL-8.9-c/d/e, ASL-AMB-18) behind shots, Canister and the odds.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from ordnance.asl.canister.aim import CanisterAim, aim_points
from ordnance.asl.canister.attacks import canister_attacks
from ordnance.asl.canister.odds import NOT_FIRED, canister_odds
from ordnance.asl.canister.resolve import fire_canister, resolve
from ordnance.asl.plugin import AslGame
from ordnance.asl.rules import depletion
from ordnance.asl.state import AslState, Gun
from ordnance.core.dice import DR, EnteredDice
from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.hexes import Direction, Hex
from ordnance.core.odds import Distribution, enumerate_procedure

GAME = AslGame()
SIDES = [
    {"name": "russian", "nationality": "russian"},
    {"name": "german", "nationality": "german"},
]


def new(**options: Any) -> AslState:
    return GAME.new({"date": "1944-06", "sides": SIDES, "options": options})


def step(state: AslState, action: Mapping[str, Any], *dice: int) -> tuple[AslState, Event]:
    source = EnteredDice(dice)
    out = GAME.apply(state, action, source, None)
    source.finish()
    return out.state, out.events[-1]


def act(state: AslState, action: Mapping[str, Any], *dice: int) -> AslState:
    return step(state, action, *dice)[0]


def gun(state: AslState, gun_id: str) -> Gun:
    found = state.gun(gun_id)
    assert found is not None
    return found


def phase(state: AslState, name: str) -> AslState:
    return act(state, {"type": "set_phase", "phase": name, "attacker": "russian"})


def t34(rof: int = 1) -> AslState:
    s = act(new(), {"type": "add_gun", "id": "t34", "side": "russian", "notation": "A5^4/6^5",
                    "gun_size": "85L", "rof": rof, "breakdown": 12})  # fmt: skip
    return phase(s, "PFPh")


FIRE = {"type": "fire", "gun": "t34"}
IF_APCR = {"type": "fire", "gun": "t34", "ammo": "APCR", "intensive": True}


# -- ASL-8.9-e: a voided attempt leaves the firing rights as they were ------------------


def test_voided_intensive_fire_attempt_may_be_made_again_as_intensive_fire() -> None:
    """ASL-8.9-e: DR 7 > N=5 under Intensive Fire is not a shot: IF stays the only way."""
    s = act(t34(), FIRE, 3, 3)  # normal fire, coloured 3 > ROF 1: no ROF
    before = gun(s, "t34")
    s, event = step(s, IF_APCR, 4, 3)
    assert event.data["outcome"] == "not-available" and not event.data["malfunctioned"]
    after = gun(s, "t34")
    assert after.fired_this_phase == before.fired_this_phase is True
    assert after.may_fire_again == before.may_fire_again is False
    assert after.intensive_used is False and after.fire_marker == before.fire_marker
    with pytest.raises(RuleViolation) as err:  # no normal shot out of a voided IF attempt
        act(s, FIRE, 2, 3)
    assert err.value.clause == "ASL-8.1-c"
    s, again = step(s, {"type": "fire", "gun": "t34", "intensive": True}, 2, 3)
    assert again.data["breakdown"] == 10  # B# 12 - 2 (notes B5.8)
    assert gun(s, "t34").intensive_used
    with pytest.raises(RuleViolation) as err2:
        act(s, {"type": "fire", "gun": "t34", "intensive": True}, 1, 1)
    assert err2.value.clause == "ASL-B5.8"


def test_voided_attempt_keeps_a_multiple_rof_and_a_first_shot_stays_unfired() -> None:
    """ASL-8.9-e: the rights before the attempt come back; only the ammunition is gone."""
    s = act(t34(rof=2), FIRE, 1, 3)  # coloured 1 <= ROF 2: may fire again
    assert gun(s, "t34").may_fire_again
    s = act(s, {"type": "fire", "gun": "t34", "ammo": "APCR"}, 5, 4)
    g = gun(s, "t34")
    assert g.may_fire_again and g.fired_this_phase and not g.intensive_used
    first = act(t34(), {"type": "fire", "gun": "t34", "ammo": "APCR"}, 6, 5)
    g1 = gun(first, "t34")
    assert not g1.fired_this_phase and not g1.may_fire_again and g1.fire_marker is None
    assert g1.capability("APCR") is not None and g1.capability("APCR").status == "gone"  # type: ignore[union-attr]


def test_voided_attempt_still_malfunctions_and_the_refusal_cites_b57() -> None:
    """ASL-8.9-e keeps the B# check; a malfunctioned Gun is refused under notes B5.7."""
    s = act(t34(), FIRE, 3, 3)
    s = act(s, IF_APCR, 5, 5)  # 10 > N=5, and 10 >= B# 12-2
    g = gun(s, "t34")
    assert g.malfunctioned and not g.intensive_used
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "fire", "gun": "t34", "intensive": True}, 1, 1)
    assert err.value.clause == "ASL-B5.7"


def test_intensive_fire_eligibility_cites_b58() -> None:
    """Notes B5.8: IF only after normal fire (and ROF), never in the AFPh."""
    with pytest.raises(RuleViolation) as err:
        act(t34(), IF_APCR, 1, 1)
    assert err.value.clause == "ASL-B5.8"
    with pytest.raises(RuleViolation) as err2:
        act(phase(t34(), "AFPh"), IF_APCR, 1, 1)
    assert err2.value.clause == "ASL-B5.8"


# -- Canister in the game -----------------------------------------------------------------


def m3(ca: int | None = 3, **extra: Any) -> AslState:
    add = {"type": "add_gun", "id": "m3", "side": "russian", "notation": "C7",
           "gun_size": "37L", "hex": "0,0", "canister_fp": 12, **extra}  # fmt: skip
    if ca is not None:
        add["ca"] = ca
    return phase(act(new(), add), "PFPh")


def expected_aim(ca: int, name: str = "V3") -> CanisterAim:
    aims = aim_points(Hex(0, 0), ca)
    return next(a for a in aims if a.name == name)


def test_canister_aims_with_the_guns_recorded_ca() -> None:
    """ASL-8.4-h: the five aim points are those of the Gun's CA (S here), not of N."""
    s, event = step(m3(ca=3), {"type": "fire_canister", "gun": "m3", "aim": 3}, 2, 2)
    assert event.data["aim"] == expected_aim(3).to_dict()
    assert event.data["aim"] != expected_aim(0).to_dict()
    assert event.data["ca"] == 3 and event.data["ca_before"] == 3
    assert gun(s, "m3").ca == 3


def test_canister_without_any_ca_is_refused() -> None:
    """ASL-8.4-h: no recorded CA and none given: the aim points are unknown."""
    with pytest.raises(RuleViolation) as err:
        act(m3(ca=None), {"type": "fire_canister", "gun": "m3", "aim": 3}, 2, 2)
    assert err.value.clause == "ASL-8.4-h" and "Covered Arc" in (err.value.hint or "")


def test_canister_ca_change_is_recorded_and_undone_for_a_voided_shot() -> None:
    """ASL-AMB-15: a CA given for the shot turns the Gun; a voided shot may undo it."""
    fire = {"type": "fire_canister", "gun": "m3", "aim": 3, "ca": Direction.NE.value}
    s, event = step(m3(ca=3), fire, 2, 2)
    assert event.data["ca"] == 1 and event.data["ca_before"] == 3
    assert event.data["aim"] == expected_aim(1).to_dict()
    assert gun(s, "m3").ca == 1
    kept = act(m3(ca=3), fire, 4, 4)  # 8 > C7: voided, the CA change stays (default)
    assert gun(kept, "m3").ca == 1
    undo = act(new(voided_shot_ca="undo"), {"type": "add_gun", "id": "m3", "side": "russian",
               "notation": "C7", "gun_size": "37L", "hex": "0,0", "canister_fp": 12, "ca": 3})  # fmt: skip
    undo, ev = step(phase(undo, "PFPh"), fire, 4, 4)
    assert gun(undo, "m3").ca == 3 and ev.data["voided"]["ca_restored"]
    assert "CA back to S" in ev.text


def _fps(event: Event) -> list[str]:
    return [a["fp"] for a in event.data["attacks"]]


def test_manned_in_mph_halves_canister_only_in_the_afph() -> None:
    """ASL-8.4-c: Infantry that manned the Gun in the MPh halve its Canister in the AFPh."""
    fire = {"type": "fire_canister", "gun": "m3", "aim": 3, "manned_in_mph": True}
    plain = {"type": "fire_canister", "gun": "m3", "aim": 3}
    _, pfph = step(m3(), fire, 2, 2)
    _, pfph_plain = step(m3(), plain, 2, 2)
    assert _fps(pfph) == _fps(pfph_plain)  # PFPh: no halving
    assert not pfph.data["manned_in_mph"]["halved"]
    assert "no halving, it applies only in the AFPh (ASL-8.4-c)" in pfph.text
    _, afph = step(phase(m3(), "AFPh"), fire, 2, 2)
    _, afph_plain = step(phase(m3(), "AFPh"), plain, 2, 2)
    assert [Fraction(f) * 2 for f in _fps(afph)] == [Fraction(f) for f in _fps(afph_plain)]
    assert afph.data["manned_in_mph"]["halved"] and "FP halved" in afph.text


# -- one depletion rule everywhere (ASL-8.9-c/d/e, ASL-AMB-18) ----------------------------


def test_canister_uses_the_depletion_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """ASL-8.4-f/g: Canister's depletion and B# checks are depletion.py's functions."""
    attacks = canister_attacks(expected_aim(0), 12)
    calls: list[str] = []
    real_outcome, real_malf = depletion.depletion_outcome, depletion.malfunctions

    def outcome(total: int, n: int | None) -> depletion.DepletionOutcome:
        calls.append("outcome")
        return real_outcome(total, n)

    def malf(total: int, b: int | None, *, intensive: bool = False) -> bool:
        calls.append("malfunction")
        return real_malf(total, b, intensive=intensive)

    monkeypatch.setattr(depletion, "depletion_outcome", outcome)
    monkeypatch.setattr(depletion, "malfunctions", malf)
    res = resolve(DR(4, 4), attacks, depletion_number=7, breakdown_number=8)
    assert res.depletion == "not-available" and res.malfunction
    assert calls == ["outcome", "malfunction"]
    calls.clear()
    canister_odds(attacks, depletion_number=7, breakdown_number=8)
    assert "outcome" in calls and "malfunction" in calls
    assert resolve(DR(6, 6), attacks, depletion_number=None).depletion == "no-check"


def test_ordinary_shot_odds_are_the_malfunction_check_enumerated() -> None:
    """ASL-AMB-18/notes B5.7-8: the ordinary-shot odds = every DR through malfunctions()."""
    s = act(t34(), FIRE, 3, 3)
    for intensive in (False, True):
        odds = GAME.odds(s, {"type": "fire", "gun": "t34", "intensive": intensive})
        assert odds is not None

        def proc(dice: Any, intensive: bool = intensive) -> str:
            broke = depletion.malfunctions(dice.dr().total, 12, intensive=intensive)
            return "malfunction" if broke else "no malfunction"

        assert odds["distribution"] == enumerate_procedure(proc).to_json()
    assert (
        GAME.odds(s, {"type": "fire", "gun": "t34", "intensive": True})["distribution"][  # type: ignore[index]
            "malfunction"
        ]
        == "1/6"
    )


def test_canister_odds_per_location_match_the_resolving_code() -> None:
    """ASL-8.4-d/f/g: fire_canister odds give each Location's IFT odds from canister_odds."""
    s = m3(ca=3)
    odds = GAME.odds(s, {"type": "fire_canister", "gun": "m3", "aim": 3, "drm": 1})
    assert odds is not None
    assert odds["distribution"]["not-available"] == "5/12"  # DR 8..12 > C7: 15 of 36
    attacks = canister_attacks(expected_aim(3), 12)
    want = canister_odds(attacks, depletion_number=7, common_drm=1)
    assert odds["canister"]["locations"] == want.to_dict()["locations"]
    assert odds["canister"]["aim"] == expected_aim(3).to_dict()

    def proc(dice: Any) -> tuple[str, ...]:
        res = fire_canister(dice, attacks, depletion_number=7, common_drm=1)
        return tuple(h.outcome for h in res.hexes) or ("not fired",)

    brute: Distribution[tuple[str, ...]] = enumerate_procedure(proc)
    first = odds["canister"]["locations"][0]["distribution"]
    cell = brute.map(lambda k: NOT_FIRED if k == ("not fired",) else k[0])
    assert first == cell.to_json()
    refused = GAME.odds(m3(ca=None), {"type": "fire_canister", "gun": "m3", "aim": 3})
    assert refused is not None and refused["canister"]["clause"] == "ASL-8.4-h"
