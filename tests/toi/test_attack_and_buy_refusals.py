"""Who may attack and what may be bought: range bands per participant, the buy form and
random draws, attacks with no firepower, scenario hints, views of unknown sides. Clauses: TOI-AMB-10, TOI-HE-3, TOI-B4, TOI-B7, TOI-GEN-2,
TOI-GEN-5, TOI-AMB-12."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ordnance.cli.main import main
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation
from ordnance.toi.plugin import GAME
from ordnance.toi.rules.attack import AttackInput, RangeBand, plan_attack
from ordnance.toi.rules.munitions import Munition

from .helpers import act, buy, new, place_at, to


def _he_lead_with_long_range_support(**extra: object) -> object:
    """g-pz (range 6) holds HE, 3 hexes from s-tank: normal range for it. g-tank (range 2)
    supports from 3 hexes: long range for it, so the combined attack is at long range."""
    state = buy(to(new(**extra), "munitions"), "g-pz", "HE")
    state = to(state, "action")
    return place_at(state, "s-tank", "3,3")


ATTACK = {"type": "attack", "unit": "g-pz", "target": "s-tank", "support": ["g-tank"]}


def test_per_participant_band_lets_an_he_leader_at_normal_range_fire() -> None:
    """covers TOI-AMB-10 option and TOI-HE-3: under per_participant the HE ban on long range
    looks at the lead unit's own band; its supporter being at long range does not forbid it."""
    state = _he_lead_with_long_range_support(combined_band="per_participant")
    # lead: 5 - 1 (HE) = 4 dice; supporter: half of 5 = 3; s-tank armour 3 in the open
    _, events = act(state, ATTACK, [1] * 7 + [1] * 3)
    attack = events[-1].data
    assert attack["attack_dice"] == 7
    assert attack["band"] == "long"  # the Hit Number is still the combined attack's (6)
    assert attack["hit_on"] == 6


def test_single_band_still_refuses_the_same_attack() -> None:
    """covers TOI-AMB-10 default: the combined attack's single band is long, so HE may not."""
    state = _he_lead_with_long_range_support()
    with pytest.raises(RuleViolation) as err:
        act(state, ATTACK, [1] * 10)
    assert err.value.clause == "TOI-HE-3"


def _buy_form(state: object, seat: str | None) -> dict | None:
    forms = {f["type"]: f for f in GAME.legal(state, seat)}  # type: ignore[arg-type]
    return forms.get("buy")


def test_buy_form_offers_exactly_the_units_buy_accepts() -> None:
    """covers TOI-B7 and TOI-GEN-5: the GAZ truck (no attack) is not offered, and every unit
    the form offers is accepted by ``buy`` while every own unit it leaves out is refused."""
    state = to(new(), "munitions")
    for seat in ("german", "soviet"):
        form = _buy_form(state, seat)
        assert form is not None
        offered = set(form["schema"]["properties"]["unit"]["enum"])
        assert "s-truck" not in offered
        for unit in (u for u in state.units if u.side == seat):
            try:
                buy(state, unit.id, "AP-B", seat=seat)
                accepted = True
            except RuleViolation:
                accepted = False
            assert accepted == (unit.id in offered), unit.id


def test_random_draw_offers_no_type_to_choose() -> None:
    """covers TOI-AMB-12 option: with token_choice="random" the form has no munition field,
    and the form's action as a seat fills it in is accepted."""
    state = to(new(token_choice="random"), "munitions")
    form = _buy_form(state, "german")
    assert form is not None and "munition" not in form["schema"]["properties"]
    unit = form["schema"]["properties"]["unit"]["enum"][0]
    out = GAME.apply(state, {"type": "buy", "unit": unit}, EnteredDice([2]), "german")
    assert len(out.state.tokens) == 1


def test_no_firepower_no_attack_even_with_a_token() -> None:
    """covers TOI-B4: a unit with 0 anti-vehicle firepower cannot attack a vehicle, and
    AP-B's +1 does not give it one die (the odds said 1 die)."""
    inp = AttackInput(
        firepower=0,
        target="vehicle",
        band=RangeBand.CLOSE,
        defence=0,
        munitions=(Munition.AP_B,),
    )
    with pytest.raises(RuleViolation) as err:
        plan_attack(inp)
    assert err.value.clause == "TOI-B4"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    code = 0
    try:
        main([*argv, "--json"])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else {}


def test_odds_cli_refuses_zero_firepower(capsys: pytest.CaptureFixture[str]) -> None:
    """covers TOI-B4 through ``toi odds``: exit 2 with the clause, no distribution."""
    code, data = _run(capsys, "toi", "odds", "--fp", "0", "--munition", "AP-B")
    assert code == 2 and data["clause"] == "TOI-B4" and "distribution" not in data


def test_forbidden_by_the_scenario_hint_does_not_suggest_agreeing() -> None:
    """covers TOI-GEN-2: a scenario rule overrides the players' agreement, so the hint must
    not tell them to agree (the old hint said munitions_agreed=true)."""
    state = to(new(scenario_munitions="forbidden"), "munitions")
    with pytest.raises(RuleViolation) as err:
        buy(state, "g-pz", "HE")
    assert err.value.clause == "TOI-GEN-2"
    assert "munitions_agreed" not in (err.value.hint or "")
    assert "scenario" in (err.value.hint or "")


def test_view_as_an_unknown_side_and_an_empty_game_id_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``toi game view --as martian`` and ``toi game new --id ""`` exit 2 and write nothing."""
    db = str(tmp_path / "t.db")
    assert _run(capsys, "toi", "game", "new", "--db", db, "--id", "g1")[0] == 0
    code, data = _run(capsys, "toi", "game", "view", "g1", "--db", db, "--as", "martian")
    assert code == 2 and "martian" in data["message"] and "german" in (data["hint"] or "")
    code, data = _run(capsys, "toi", "game", "new", "--db", db, "--id", "")
    assert code == 2 and "game id" in data["message"]
    code, data = _run(capsys, "game", "list", "--db", db)
    assert [g["id"] for g in data["games"]] == ["g1"]
